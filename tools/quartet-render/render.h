/* A recorded game's pictures, drawn by the game's svg hook
 * (engine/game.h), from its replay (records/replay.h). */
#ifndef QRENDER_RENDER_H
#define QRENDER_RENDER_H

#include "engine/game.h"
#include "records/record.h"
#include "records/replay.h"

#include <stdbool.h>
#include <stdio.h>

/* The picture after `ply` plies (the last move marked) as a NUL-terminated
 * string to free; NULL when out of memory. */
char *render_ply(const struct replay *rp, int ply, bool legal);

/* One SVG of the positions after 0, k, 2k, ... plies and the last one,
 * `columns` to a row, each with a caption; the header names the game. */
int render_sheet(FILE *out, const struct rec_game *r, const struct replay *rp, int k,
                 int columns, bool legal);

#endif
