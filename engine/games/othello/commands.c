/* Othello's extension commands, listed by the protocol through
 * othello_game.commands. Each entry's function lives with what it runs. */
#include "othello.h"
#include "solve.h"
#include "stoner.h"

const struct game_command othello_commands[] = {
    {"stoner", 0, 0, "", "is the position a stoner? classify it and prove or disprove it", stoner_command},
    {"solve", 0, 0, "", "solve exactly: best move, final margin for the side to move, variation", othello_cmd_solve},
    {"solve_wld", 0, 0, "", "solve win/draw/loss only: best move and win, draw or loss", othello_cmd_solve_wld},
    {NULL, 0, 0, NULL, NULL, NULL},
};
