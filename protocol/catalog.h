/* What the engine can play, read from the game and player registries:
 * the list_catalog command, and the size rule boardsize shares with it. */
#ifndef QUARTET_CATALOG_H
#define QUARTET_CATALOG_H

#include "engine/game.h"
#include "protocol/session.h"
#include "protocol/text.h"

#include <stdbool.h>

/* True when `boardsize n` is acceptable for g. */
bool catalog_size_ok(const struct game *g, long long n);

/* The list_catalog command (a command_fn): one line per game. */
bool catalog_list(struct session *s, int argc, char **argv,
                  struct text *out);

#endif
