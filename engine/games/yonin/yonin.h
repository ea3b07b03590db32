/* Yonin's private header: the state struct, the board geometry and the
 * inline move primitives shared by the game (yonin.c), its evaluation and
 * its searches. Nothing outside engine/games/yonin/ and the Yonin tests
 * and tools includes it. */
#ifndef QUARTET_YONIN_H
#define QUARTET_YONIN_H

#include "engine/game.h"
#include "engine/games/bitboard.h"

#include <stdbool.h>
#include <stdint.h>

#define YONIN_TEAM 1u
#define NSEATS 4

struct yonin {
    bb_t disc[2];     /* [0] black (A, C), [1] white (B, D) */
    int8_t size;      /* 6 or 8 */
    int8_t mover;     /* seat to move, -1 once nobody can move */
    uint8_t flags;    /* YONIN_TEAM */
    uint8_t pad[5];   /* keeps the struct free of indeterminate padding */
};

extern const struct game yonin_game;
/* The svg hook (svg.c). */
int yonin_svg(const void *st, const struct game_svg_options *opt, char *buf, size_t cap);
/* Playout policy for MCTS (playout.c). */
extern const struct game_mcts yonin_mcts;

/* Board and quadrant masks per size; allow[s] = board minus the quadrant
 * of the facing seat, the squares seat s may place on. */
struct yn_geometry {
    bb_t board;
    bb_t terr[NSEATS];
    bb_t allow[NSEATS];
};

extern const struct yn_geometry yn_geo6, yn_geo8;

static inline const struct yn_geometry *yn_geo(int size)
{
    return size == 6 ? &yn_geo6 : &yn_geo8;
}

/* Moves of seat s: Othello moves of its colour, outside the facing quadrant. */
static inline bb_t yn_seat_moves(const struct yn_geometry *g, bb_t black,
                                 bb_t white, int s)
{
    bb_t m = (s & 1) ? bb_moves(white, black) : bb_moves(black, white);
    return m & g->allow[s];
}

/* Nobody can move iff neither colour has an on-board Othello move: the two
 * seats of a colour together may place anywhere (A's ban is C's quadrant and
 * vice versa, and the quadrants are disjoint). */
static inline bool yn_nobody_moves(const struct yn_geometry *g, bb_t black,
                                   bb_t white)
{
    return ((bb_moves(black, white) | bb_moves(white, black)) & g->board) == 0;
}

/* Places a disc of colour c on sq and flips what it brackets. */
static inline void yn_put_disc(bb_t disc[2], int c, int sq)
{
    bb_t f = bb_flips(disc[c], disc[c ^ 1], sq);
    disc[c] |= f | (1ULL << sq);
    disc[c ^ 1] &= ~f;
}

/* Seat s's score: discs of its colour inside its own quadrant. */
static inline int yn_seat_score(const struct yn_geometry *g, const bb_t disc[2],
                                int s)
{
    return bb_popcount(disc[s & 1] & g->terr[s]);
}

#endif
