/* Separo internals shared by the rules core (separo.c), region counting
 * (regions.c) and text input/output (text.c). Only these
 * files and the Separo unit test include it; everything else goes through
 * `separo_game`.
 *
 * Board layout: point (x, y) (x column from a, y row from 1, both 0-based)
 * has index (y + 2) * stride + x + 2 with stride = size + 2. Two padding
 * rows above and below and two padding columns (shared between neighbouring
 * rows) hold SEP_OFF, so every step of up to two points (a knight's jump)
 * from a board point lands on a valid index.
 *
 * Move code = s1_index * 8 + k, k = diagonal * 2 + branch (see separo.c):
 * the same number is the bit index in the per-player move bitsets. */
#ifndef QUARTET_SEPARO_H
#define QUARTET_SEPARO_H

#include <stddef.h>
#include <stdint.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#define SEP_MIN_SIZE 5
#define SEP_MAX_SIZE 19
#define SEP_NP 488            /* >= (19 + 4) * 21 + 2, a multiple of 8 */
#define SEP_WORDS (SEP_NP / 8)   /* 64-bit words of move bits per player */

enum { SEP_EMPTY = 0, SEP_RED = 1, SEP_BLUE = 2, SEP_OFF = 3 };

/* Directions; also the bit numbers of a point's root mask. */
enum { SEP_E, SEP_W, SEP_S, SEP_N, SEP_NW, SEP_NE, SEP_SW, SEP_SE };

struct separo_state {
    uint64_t legal[2][SEP_WORDS];  /* move bits per player (see above) */
    uint8_t cell[SEP_NP];       /* SEP_EMPTY, SEP_RED, SEP_BLUE, SEP_OFF */
    uint8_t roots[SEP_NP];      /* bit d: a root leaves this point towards d */
    int16_t dof[8];             /* index offset of one step in direction d */
    int16_t count[2];           /* number of legal moves per player */
    uint8_t size, stride, side; /* side: 0 Red, 1 Blue (who moves next) */
    uint8_t handmade;           /* built by separo_clear: roots may lie off
                                 * the border's root component (scoring) */
};

extern const int8_t separo_dx[8], separo_dy[8];

/* Move k = diagonal * 2 + branch: the diagonal first step and the
 * orthogonal second step (branch 0 its horizontal, 1 its vertical part). */
static const uint8_t separo_mdiag[8] = { SEP_NW, SEP_NW, SEP_NE, SEP_NE, SEP_SW, SEP_SW, SEP_SE, SEP_SE };
static const uint8_t separo_morth[8] = { SEP_W, SEP_N, SEP_E, SEP_N, SEP_W, SEP_S, SEP_E, SEP_S };

static inline int separo_index(const struct separo_state *s, int x, int y)
{
    return (y + 2) * s->stride + x + 2;
}
static inline int separo_x(const struct separo_state *s, int p) { return p % s->stride - 2; }
static inline int separo_y(const struct separo_state *s, int p) { return p / s->stride - 2; }

/* The k-th (0-based, k < count[o]) move in player o's bitset, in code
 * order; only words that can hold moves of board points are scanned. */
static inline int separo_nth_move(const struct separo_state *s, int o, unsigned k)
{
    const uint64_t *w = &s->legal[o][(2 * s->stride + 2) >> 3];
    for (;; w++) {
        unsigned c = (unsigned)__builtin_popcountll(*w);
        if (k < c)
            break;
        k -= c;
    }
    uint64_t b = *w;
#ifdef __BMI2__
    b = _pdep_u64(1ULL << k, b);
#else
    while (k--)
        b &= b - 1;
#endif
    return (int)((w - s->legal[o]) * 64 + __builtin_ctzll(b));
}

/* Plays move m (legal) for the side to move; the rules core's play. */
void separo_apply(struct separo_state *s, int m);
/* The three points of move m (no legality check). */
void separo_move_points(const struct separo_state *s, int m, int *p1, int *p2, int *p3);
/* Move code for s1 -> s2 (diagonal) -> s3 (orthogonal), or -1 when the
 * three points do not have that shape. */
int separo_move_code(const struct separo_state *s, int p1, int p2, int p3);

/* The faces move m (legal for col, SEP_RED or SEP_BLUE) adds to col's root
 * graph in a position reached by play, in O(1) (regions.c): an
 * upper bound on the regions it gains col, and 0 exactly when it closes
 * no cycle of col's roots. */
int separo_move_faces(const struct separo_state *s, int m, int col);

/* Policy playout (playout.c): separo_policy_move is the playout
 * policy's move for the side to move, which must have one. */
struct rng;
#ifndef SEP_OWN_TRIES
#define SEP_OWN_TRIES 4     /* uniform draws per ply looking for a closing move */
#endif
int separo_policy_move(const struct separo_state *s, struct rng *r);
extern const struct game_mcts separo_mcts;

/* Regions of colour col (SEP_RED/SEP_BLUE) larger than one unit cell. */
int separo_regions(const struct separo_state *s, int col);
/* Both at once (out[0] Red, out[1] Blue). */
void separo_regions2(const struct separo_state *s, int out[2]);
/* Numbers col's regions larger than one unit cell 1..k in reading order of
 * their first triangle and returns k (= separo_regions). label gets one
 * entry per triangle t = (cy * (n-1) + cx) * 4 + k of cell (cx, cy), k: 0
 * north, 1 east, 2 south, 3 west quarter; 0 in the small regions. */
int separo_region_labels(const struct separo_state *s, int col, int16_t *label);
/* Connected pieces of the graph of col's roots with the board border (the
 * border is one); always 1 in positions reached by play. */
int separo_components(const struct separo_state *s, int col);

/* The svg hook (svg.c). */
struct game_svg_options;
int separo_svg(const void *st, const struct game_svg_options *opt, char *buf, size_t cap);

/* Text side of the game interface (text.c). */
int separo_parse_move(const void *st, const char *text, int32_t *m);
int separo_format_move(const void *st, int32_t m, char *buf, size_t cap);
int separo_show(const void *st, char *buf, size_t cap);
int separo_format_score(const void *st, char *buf, size_t cap);
int separo_format_result(const void *st, char *buf, size_t cap);

/* Hand-building positions for tests: an empty board, stones and roots put
 * anywhere (no rule checks), then the move bitsets recomputed from scratch. */
void separo_clear(struct separo_state *s, int size);
void separo_put_stone(struct separo_state *s, int x, int y, int col);
void separo_put_root(struct separo_state *s, int x1, int y1, int x2, int y2);
void separo_rebuild(struct separo_state *s);

#endif
