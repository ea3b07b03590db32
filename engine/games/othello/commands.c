/* Othello's extension commands, listed by the protocol through
 * othello_game.commands. Each entry's function lives with what it runs. */
#include "othello.h"
#include "solve.h"

const struct game_command othello_commands[] = {
    {"solve", 0, 0, "", "solve exactly: best move, final margin for the side to move, variation", othello_cmd_solve},
    {"solve_wld", 0, 0, "", "solve win/draw/loss only: best move and win, draw or loss", othello_cmd_solve_wld},
    {NULL, 0, 0, NULL, NULL, NULL},
};
