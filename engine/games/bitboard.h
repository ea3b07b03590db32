/* 8x8 bitboard primitives shared by Othello and Yonin.
 * Bit (row * 8 + col) is the square at column `a + col`, row `1 + row`;
 * a1 (top-left) is bit 0, h8 is bit 63. Smaller boards use the top-left
 * n x n corner: squares outside it are never occupied, which stops every
 * ray by itself, so the same code serves all sizes. */
#ifndef QUARTET_BITBOARD_H
#define QUARTET_BITBOARD_H

#include <stdint.h>

typedef uint64_t bb_t;

#define BB_NOT_A 0xfefefefefefefefeULL /* all but column a */
#define BB_NOT_H 0x7f7f7f7f7f7f7f7fULL /* all but column h */

static inline int bb_popcount(bb_t b) { return __builtin_popcountll(b); }
static inline int bb_first(bb_t b) { return __builtin_ctzll(b); }

/* Shift one step in direction d (0..7: E, W, S, N, SE, NW, SW, NE). */
static inline bb_t bb_shift(bb_t b, int d)
{
    switch (d) {
    case 0: return (b << 1) & BB_NOT_A;
    case 1: return (b >> 1) & BB_NOT_H;
    case 2: return b << 8;
    case 3: return b >> 8;
    case 4: return (b << 9) & BB_NOT_A;
    case 5: return (b >> 9) & BB_NOT_H;
    case 6: return (b << 7) & BB_NOT_H;
    default: return (b >> 7) & BB_NOT_A;
    }
}

/* Squares where the player with discs P may move against opponent O. */
static inline bb_t bb_moves(bb_t P, bb_t O)
{
    bb_t empty = ~(P | O), moves = 0;
    for (int d = 0; d < 8; d++) {
        bb_t t = bb_shift(P, d) & O;
        t |= bb_shift(t, d) & O;
        t |= bb_shift(t, d) & O;
        t |= bb_shift(t, d) & O;
        t |= bb_shift(t, d) & O;
        t |= bb_shift(t, d) & O;
        moves |= bb_shift(t, d) & empty;
    }
    return moves;
}

/* Discs flipped when P plays on square sq (0 if it brackets nothing). */
static inline bb_t bb_flips(bb_t P, bb_t O, int sq)
{
    bb_t flips = 0, m = 1ULL << sq;
    for (int d = 0; d < 8; d++) {
        bb_t line = 0, x = bb_shift(m, d);
        while (x & O) {
            line |= x;
            x = bb_shift(x, d);
        }
        if (x & P)
            flips |= line;
    }
    return flips;
}

#endif
