/* Othello's set_position hook (engine/game.h), for othello_game. */
#ifndef QUARTET_OTHELLO_POSITION_H
#define QUARTET_OTHELLO_POSITION_H

#include <stddef.h>

/* board: n*n characters (n = 4, 6 or 8), a1..h8 row by row, X black,
 * O white, - empty; side: X/O, black/white or b/w (any case). Returns 0,
 * or -1 with a message in err and st untouched. */
int othello_set_position(void *st, const char *board, const char *side,
                         char *err, size_t cap);

#endif
