/* Othello's extension commands, listed by the protocol through
 * othello_game.commands. Each entry's function lives with what it runs. */
#include "othello.h"

const struct game_command othello_commands[] = {
    {NULL, 0, 0, NULL, NULL, NULL},
};
