/* board.c: 8x8 Othello rules on bitboards (legal moves, flips, passes). */
#include "board.h"

/* The eight directions as square steps, with the column a step may not
 * leave from (wrapping across the board's edge). */
static const int step[8] = {1, -1, 8, -8, 9, 7, -7, -9};
static const uint64_t not_h = 0x7f7f7f7f7f7f7f7fULL;   /* column h cleared */
static const uint64_t not_a = 0xfefefefefefefefeULL;   /* column a cleared */

static uint64_t shift(uint64_t x, int d)
{
    switch (d) {
    case 1:  return (x & not_h) << 1;
    case -1: return (x & not_a) >> 1;
    case 8:  return x << 8;
    case -8: return x >> 8;
    case 9:  return (x & not_h) << 9;
    case 7:  return (x & not_a) << 7;
    case -7: return (x & not_h) >> 7;
    default: return (x & not_a) >> 9;
    }
}

void board_start(struct board *b)
{
    /* d5 and e4 black, d4 and e5 white; black moves first. */
    b->disc[BLACK] = (1ULL << 35) | (1ULL << 28);
    b->disc[WHITE] = (1ULL << 27) | (1ULL << 36);
    b->to_move = BLACK;
}

uint64_t board_flips(const struct board *b, int sq)
{
    if (sq < 0 || sq > 63)
        return 0;
    uint64_t me = b->disc[b->to_move], them = b->disc[!b->to_move];
    uint64_t at = 1ULL << sq;
    if ((me | them) & at)
        return 0;
    uint64_t flips = 0;
    for (int k = 0; k < 8; k++) {
        uint64_t run = 0, x = shift(at, step[k]);
        while (x & them) {
            run |= x;
            x = shift(x, step[k]);
        }
        if (x & me)
            flips |= run;
    }
    return flips;
}

uint64_t board_legal(const struct board *b)
{
    uint64_t legal = 0;
    for (int sq = 0; sq < 64; sq++)
        if (board_flips(b, sq))
            legal |= 1ULL << sq;
    return legal;
}

bool board_is_over(const struct board *b)
{
    struct board other = *b;
    other.to_move = !b->to_move;
    return board_legal(b) == 0 && board_legal(&other) == 0;
}

bool board_is_legal(const struct board *b, int sq)
{
    if (sq == PASS)
        return board_legal(b) == 0 && !board_is_over(b);
    return board_flips(b, sq) != 0;
}

void board_play(struct board *b, int sq)
{
    if (sq != PASS) {
        uint64_t flips = board_flips(b, sq);
        b->disc[b->to_move] |= flips | (1ULL << sq);
        b->disc[!b->to_move] &= ~flips;
    }
    b->to_move = !b->to_move;
}
