/* Othello's `solve` and `solve_wld` extension commands (game_command). */
#ifndef QUARTET_OTHELLO_SOLVE_H
#define QUARTET_OTHELLO_SOLVE_H

#include "engine/game.h"
#include "engine/player.h"

/* solve: "MOVE MARGIN PV..." (margin for the side to move, signed). */
int othello_cmd_solve(const void *st, int argc, char **argv,
                      const struct player_options *opt, const volatile int *stop,
                      char *out, size_t cap);
/* solve_wld: "MOVE win|draw|loss". */
int othello_cmd_solve_wld(const void *st, int argc, char **argv,
                          const struct player_options *opt, const volatile int *stop,
                          char *out, size_t cap);

#endif
