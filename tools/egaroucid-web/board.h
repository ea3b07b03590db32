/* board.h: the rules of 8x8 Othello on two bitboards, for the GTP layer's
 * own copy of the game (it checks every move it is given or gets). */
#ifndef EGAROUCID_WEB_BOARD_H
#define EGAROUCID_WEB_BOARD_H

#include <stdbool.h>
#include <stdint.h>

enum { BLACK = 0, WHITE = 1 };
#define PASS (-1)

struct board {
    uint64_t disc[2];   /* black's and white's discs; bit k is square k */
    int to_move;        /* BLACK or WHITE */
};

void board_start(struct board *b);
/* The discs a move of the side to move on square sq would flip (0: none). */
uint64_t board_flips(const struct board *b, int sq);
uint64_t board_legal(const struct board *b);
bool board_is_over(const struct board *b);
/* Plays sq (or PASS); the caller has checked that it is legal. */
void board_play(struct board *b, int sq);
/* Whether sq (or PASS) is legal for the side to move. */
bool board_is_legal(const struct board *b, int sq);

#endif
