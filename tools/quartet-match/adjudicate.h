/* Adjudication: an Othello game with few empty squares left is finished
 * by the engine library's exact solve (as chess tournaments adjudicate by
 * tablebase), and a game of any kind that reaches the move cap is a draw. */
#ifndef QMATCH_ADJUDICATE_H
#define QMATCH_ADJUDICATE_H

#include "match.h"

#include <stddef.h>

/* The most empties --adjudicate-empties takes: solved in about a second. */
#define ADJ_MAX_EMPTIES 24
#define ADJ_SOLVE_REASON "adjudicated: exact solve at %d empties"
#define ADJ_CAP_REASON "adjudicated: move cap of %d plies reached"

/* Whether g can be adjudicated by a solve (it has a `solve` command). */
bool adjudicate_can_solve(const struct game *g);
/* Empty squares left in a position of a disc game (size² minus the
 * discs its score counts). */
int adjudicate_empties(const struct game *g, const struct game_options *o, const void *st);
/* Solves st exactly (threads threads, a small table) and plays the
 * solver's line to the end into final (state_size bytes). Returns 0, or
 * -1 with a message in err. */
int adjudicate_solve(const struct game *g, const void *st, int threads, void *final, char *err,
                     size_t cap);
/* Fills result, scores, points and ranks of a game stopped by the cap:
 * a draw for every seat. */
void adjudicate_cap_draw(const struct game *g, const void *st, struct game_record *rec);

#endif
