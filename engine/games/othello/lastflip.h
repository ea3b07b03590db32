/* How many discs the move on the last empty square of a full 8x8 board
 * flips, counted from four table reads instead of computing the flips:
 * with one empty square left only the count matters (the solver's last
 * ply), and every other square is either the mover's or the opponent's. */
#ifndef QUARTET_OTHELLO_LASTFLIP_H
#define QUARTET_OTHELLO_LASTFLIP_H

#include "engine/games/bitboard.h"

/* Flips on one line of 8 when the mover places at p, its discs at the set
 * bits of b and the opponent's everywhere else: the run of clear bits
 * next to p on each side, if a set bit closes it. Bit p itself is never
 * read, so the mover's complement gives the opponent's count. */
#define OTH_LF_UP(p, b) (((b) >> ((p) + 1)) ? __builtin_ctz((unsigned)((b) >> ((p) + 1)) | 256u) : 0)
#define OTH_LF_LOW(b, p) ((b) & ((1u << (p)) - 1))
#define OTH_LF_DOWN(p, b) \
    (OTH_LF_LOW(b, p) ? (p) - 1 - (31 - __builtin_clz(OTH_LF_LOW(b, p) | 1u)) : 0)
#define OTH_LF(p, b) (OTH_LF_UP(p, (unsigned)(b)) + OTH_LF_DOWN(p, (unsigned)(b)))
#define OTH_LF4(p, b) OTH_LF(p, b), OTH_LF(p, (b) + 1), OTH_LF(p, (b) + 2), OTH_LF(p, (b) + 3)
#define OTH_LF16(p, b) OTH_LF4(p, b), OTH_LF4(p, (b) + 4), OTH_LF4(p, (b) + 8), OTH_LF4(p, (b) + 12)
#define OTH_LF64(p, b) OTH_LF16(p, b), OTH_LF16(p, (b) + 16), OTH_LF16(p, (b) + 32), \
    OTH_LF16(p, (b) + 48)
#define OTH_LF256(p) {OTH_LF64(p, 0), OTH_LF64(p, 64), OTH_LF64(p, 128), OTH_LF64(p, 192)}

/* Built by the compiler: read-only, 2 KB. */
static const uint8_t oth_lf_count[8][256] __attribute__((unused)) = {
    OTH_LF256(0), OTH_LF256(1), OTH_LF256(2), OTH_LF256(3),
    OTH_LF256(4), OTH_LF256(5), OTH_LF256(6), OTH_LF256(7),
};

/* The discs flipped when the player owning M (every occupied square not in
 * M is the opponent's) plays on sq, the one empty square. Each line's
 * squares are packed into a byte indexed by column (by row for the
 * column): a diagonal's squares lie in distinct columns, so one multiply
 * stacks them without carries, and the columns it misses read as the
 * opponent's, as if the run went on to the edge (it flips nothing). */
static inline int oth_last_flips(bb_t M, int sq)
{
    const int r = sq >> 3, c = sq & 7;
    const bb_t bytes = 0x0101010101010101ULL;
    unsigned row = (unsigned)(M >> (sq & 56)) & 0xff;
    unsigned col = (unsigned)((((M >> c) & bytes) * 0x0102040810204080ULL) >> 56);
    unsigned anti = (unsigned)(((M & bb_lines[sq][2]) * bytes) >> 56);
    unsigned diag = (unsigned)(((M & bb_lines[sq][3]) * bytes) >> 56);
    return oth_lf_count[c][row] + oth_lf_count[r][col] + oth_lf_count[c][anti]
         + oth_lf_count[c][diag];
}

#endif
