/* Othello's `solve` and `solve_wld` extension commands (game_command). */
#ifndef QUARTET_OTHELLO_SOLVE_H
#define QUARTET_OTHELLO_SOLVE_H

/* The most empty squares `solve` accepts: the hardest standard test
 * positions (FFO #60-79) have 36. */
#define OTH_SOLVE_MAX_EMPTIES 36

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
