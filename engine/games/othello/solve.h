/* Othello's `solve` and `solve_wld` extension commands (game_command). */
#ifndef QUARTET_OTHELLO_SOLVE_H
#define QUARTET_OTHELLO_SOLVE_H

/* The most empty squares `solve` accepts: the hardest standard test
 * positions (FFO #60-79) have 36. */
#define OTH_SOLVE_MAX_EMPTIES 36

#include "engine/game.h"
#include "engine/player.h"

#include <stdint.h>

/* ctx (game_command.run): the session's kept searcher and table, made by
 * the first solve and remade only when the hash size, the thread count,
 * the weights or the board size change; othello_game.commands_free frees
 * it. A NULL ctx solves with a table of its own, freed at once. */

/* solve: "MOVE MARGIN PV..." (margin for the side to move, signed). */
int othello_cmd_solve(const void *st, int argc, char **argv,
                      const struct player_options *opt, const volatile int *stop,
                      void **ctx, char *out, size_t cap);
/* solve_wld: "MOVE win|draw|loss". */
int othello_cmd_solve_wld(const void *st, int argc, char **argv,
                          const struct player_options *opt, const volatile int *stop,
                          void **ctx, char *out, size_t cap);
/* Frees a ctx the commands above kept (othello_game.commands_free). */
void othello_commands_free(void *ctx);
/* Tests and -v: nodes searched by the last solve made with ctx (the
 * answer's solve and the variation's), 0 for NULL. */
uint64_t othello_solve_nodes(const void *ctx);

#endif
