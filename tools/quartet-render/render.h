/* A recorded game replayed through the engine library, and its pictures
 * drawn by the game's svg hook (engine/game.h). */
#ifndef QRENDER_RENDER_H
#define QRENDER_RENDER_H

#include "engine/game.h"
#include "record.h"

#include <stdbool.h>
#include <stdio.h>

struct replay {
    const struct game *g;
    int nplies;
    move_t *moves;            /* nplies moves */
    unsigned char *states;    /* nplies + 1 positions, the start first */
};

/* Replays r, checking every move; -1 with a message in err. */
int replay_game(const struct rec_game *r, struct replay *rp, char *err, size_t cap);
void replay_free(struct replay *rp);
const void *replay_state(const struct replay *rp, int ply);

/* The picture after `ply` plies (the last move marked) as a NUL-terminated
 * string to free; NULL when out of memory. */
char *render_ply(const struct replay *rp, int ply, bool legal);

/* One SVG of the positions after 0, k, 2k, ... plies and the last one,
 * `columns` to a row, each with a caption; the header names the game. */
int render_sheet(FILE *out, const struct rec_game *r, const struct replay *rp, int k,
                 int columns, bool legal);

#endif
