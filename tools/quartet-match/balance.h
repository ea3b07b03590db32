/* An opening's value by the game's own search at a fixed depth (the
 * default player, one position at a time, no book), for
 * --balance-search and --balance-report. */
#ifndef QMATCH_BALANCE_H
#define QMATCH_BALANCE_H

#include "engine/player.h"
#include "match.h"

#include <stddef.h>

struct balance_search {
    const struct game *g;
    struct game_options gopt;
    const struct player_type *pt;
    struct player_options po;
    void *pl;
};

/* Makes the game's default player search to `depth` plies on `threads`
 * threads (its exact solver when the empties are at most the depth),
 * with the evaluation file `eval` (NULL: the player's default).
 * Returns 0, or -1 with a message: the game has no player that reports
 * a score (Othello's alphabeta does), or more than two players. */
int balance_search_open(struct balance_search *b, const struct game *g,
                        const struct game_options *o, int depth, int threads,
                        const char *eval, char *err, size_t cap);
void balance_search_close(struct balance_search *b);
/* The value of the position after op for the first player, in the
 * game's score units (Othello: discs); 0 with *value set, -1 if the
 * search gave no score. Each search starts from an empty table, so the
 * value does not depend on the positions searched before. */
int balance_search_value(struct balance_search *b, const struct opening *op, double *value);

#endif
