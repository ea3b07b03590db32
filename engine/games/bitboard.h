/* 8x8 bitboard primitives shared by Othello and Yonin.
 * Bit (row * 8 + col) is the square at column `a + col`, row `1 + row`;
 * a1 (top-left) is bit 0, h8 is bit 63. Smaller boards use the top-left
 * n x n corner: squares outside it are never occupied, which stops every
 * ray by itself, so the same code serves all sizes. bb_moves may however
 * name an empty square just outside a small board: callers mask its result
 * with their board. */
#ifndef QUARTET_BITBOARD_H
#define QUARTET_BITBOARD_H

#include <stdint.h>

typedef uint64_t bb_t;

/* Hot paths must not pay for a call: GCC otherwise keeps these out of line. */
#define BB_INLINE static inline __attribute__((always_inline))

#define BB_NOT_A 0xfefefefefefefefeULL /* all but column a */
#define BB_NOT_H 0x7f7f7f7f7f7f7f7fULL /* all but column h */
#define BB_INNER 0x7e7e7e7e7e7e7e7eULL /* columns b..g */

static inline int bb_popcount(bb_t b) { return __builtin_popcountll(b); }
static inline int bb_first(bb_t b) { return __builtin_ctzll(b); }

/* Writes the squares of b in increasing order into out; returns how many. */
static inline int bb_squares(bb_t b, int32_t *out)
{
    int n = 0;
    for (; b; b &= b - 1)
        out[n++] = bb_first(b);
    return n;
}

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

/* Squares where the player with discs P may move against opponent O, and
 * the discs flipped when P plays on square sq (0 if it brackets nothing).
 * Both work on the four axes (row, column, two diagonals) at once: with
 * AVX2 each axis is one 64-bit lane of a vector, otherwise a scalar loop.
 * The shift of one step along each axis; a run of opponent discs along
 * the row or a diagonal must avoid columns a and h, or it would wrap. */
#define BB_AXES(X) X(1, BB_INNER) X(8, ~0ULL) X(7, BB_INNER) X(9, BB_INNER)

/* The line through sq along each axis, as a constant expression so that
 * the table below is built by the compiler (d: row - col, or row + col - 7). */
#define BB_POS(d) ((d) >= 0 ? (d) : 0) /* keeps dead shifts non-negative */
#define BB_SHL8(m, d) ((d) >= 0 ? (m) << 8 * BB_POS(d) : (m) >> 8 * BB_POS(-(d)))
#define BB_ROW(sq) (0xffULL << ((sq) & 56))
#define BB_COL(sq) (0x0101010101010101ULL << ((sq) & 7))
#define BB_DIAG(sq) BB_SHL8(0x8040201008040201ULL, ((sq) >> 3) - ((sq) & 7))
#define BB_ANTI(sq) BB_SHL8(0x0102040810204080ULL, ((sq) >> 3) + ((sq) & 7) - 7)
#define BB_LINES(sq) {BB_ROW(sq), BB_COL(sq), BB_ANTI(sq), BB_DIAG(sq)},
#define BB_LINES8(r) BB_LINES(8 * r) BB_LINES(8 * r + 1) BB_LINES(8 * r + 2) \
    BB_LINES(8 * r + 3) BB_LINES(8 * r + 4) BB_LINES(8 * r + 5)            \
    BB_LINES(8 * r + 6) BB_LINES(8 * r + 7)

#if defined(__AVX2__)
#include <immintrin.h>

typedef uint64_t bb_v4 __attribute__((vector_size(32)));
typedef int64_t bb_v4s __attribute__((vector_size(32)));

/* Lines in axis order (shift 1, 8, 7, 9: row, column, anti, diagonal). */
static const bb_v4 bb_lines[64] __attribute__((aligned(32), unused)) = {
    BB_LINES8(0) BB_LINES8(1) BB_LINES8(2) BB_LINES8(3)
    BB_LINES8(4) BB_LINES8(5) BB_LINES8(6) BB_LINES8(7)
};

BB_INLINE bb_t bb_or4(bb_v4 v)
{
    return v[0] | v[1] | v[2] | v[3];
}

/* Runs of up to 6 discs: 2 single steps, then 2 doubling steps (parallel
 * prefix) in each direction. */
BB_INLINE bb_t bb_moves(bb_t P, bb_t O)
{
    const bb_v4 s = {1, 8, 7, 9}, s2 = s + s;
    bb_t in = O & BB_INNER;
    bb_v4 o = {in, O, in, in}, p = {P, P, P, P};
    bb_v4 up = o & (p << s), dn = o & (p >> s);
    up |= o & (up << s);
    dn |= o & (dn >> s);
    bb_v4 pu = o & (o << s), pd = pu >> s;
    up |= pu & (up << s2);
    dn |= pd & (dn >> s2);
    up |= pu & (up << s2);
    dn |= pd & (dn >> s2);
    return bb_or4((up << s) | (dn >> s)) & ~(P | O);
}

/* Highest set bit of each lane (lanes are never 0 here). */
BB_INLINE bb_v4 bb_top4(bb_v4 e)
{
#if defined(__AVX512VL__) && defined(__AVX512CD__)
    const bb_v4 top = {1ULL << 63, 1ULL << 63, 1ULL << 63, 1ULL << 63};
    return top >> (bb_v4)_mm256_lzcnt_epi64((__m256i)e);
#else
    e |= e >> 1;
    e |= e >> 2;
    e |= e >> 4;
    e |= e >> 8;
    e |= e >> 16;
    e |= e >> 32;
    return e & ~(e >> 1);
#endif
}

/* Above sq the first non-opponent square of a line is the lowest set bit
 * of line & ~O, below sq the highest; it must be P's for the run to flip. */
BB_INLINE bb_t bb_flips(bb_t P, bb_t O, int sq)
{
    bb_v4 line = bb_lines[sq];
    bb_t above = ~1ULL << sq, below = (1ULL << sq) - 1;
    bb_v4 p = {P, P, P, P}, no = {~O, ~O, ~O, ~O};
    bb_v4 hi = line & above, lo = line & below;
    bb_v4 e = hi & no;
    bb_v4 out = e & -e & p;
    bb_v4 f = (out + (bb_v4)(out != 0)) & hi;
    out = bb_top4((lo & no) | 1) & p & lo;
    f |= -(out << 1) & lo;
    return bb_or4(f);
}

#else /* plain 64-bit code */

static const bb_t bb_lines[64][4] __attribute__((unused)) = {
    BB_LINES8(0) BB_LINES8(1) BB_LINES8(2) BB_LINES8(3)
    BB_LINES8(4) BB_LINES8(5) BB_LINES8(6) BB_LINES8(7)
};

BB_INLINE bb_t bb_moves_axis(bb_t P, bb_t o, int s)
{
    bb_t up = o & (P << s), dn = o & (P >> s);
    up |= o & (up << s);
    dn |= o & (dn >> s);
    bb_t pu = o & (o << s), pd = pu >> s;
    up |= pu & (up << 2 * s);
    dn |= pd & (dn >> 2 * s);
    up |= pu & (up << 2 * s);
    dn |= pd & (dn >> 2 * s);
    return (up << s) | (dn >> s);
}

BB_INLINE bb_t bb_moves(bb_t P, bb_t O)
{
    bb_t m = 0;
#define BB_AXIS_MOVES(s, keep) m |= bb_moves_axis(P, O & (keep), s);
    BB_AXES(BB_AXIS_MOVES)
#undef BB_AXIS_MOVES
    return m & ~(P | O);
}

BB_INLINE bb_t bb_flips_line(bb_t P, bb_t O, int sq, bb_t line)
{
    bb_t hi = line & (~1ULL << sq), lo = line & ((1ULL << sq) - 1);
    bb_t e = hi & ~O;
    bb_t out = e & (0 - e) & P;
    bb_t f = (out - (out != 0)) & hi;
    e = lo & ~O;
    out = (0x8000000000000000ULL >> __builtin_clzll(e | 1)) & P & lo;
    f |= (0 - (out << 1)) & lo;
    return f;
}

BB_INLINE bb_t bb_flips(bb_t P, bb_t O, int sq)
{
    const bb_t *l = bb_lines[sq];
    return bb_flips_line(P, O, sq, l[0]) | bb_flips_line(P, O, sq, l[1])
         | bb_flips_line(P, O, sq, l[2]) | bb_flips_line(P, O, sq, l[3]);
}

#endif

#endif
