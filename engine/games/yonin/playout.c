/* Yonin's playout policy for Monte-Carlo tree search (game.h struct
 * game_mcts): random moves weighted by the square, so playouts look more
 * like play: corners are taken, squares that hand a still-empty corner to
 * the other colour (X and C squares) are mostly avoided, and a seat
 * prefers squares in its own quadrant, where a disc is a point. */
#include "yonin.h"

#include "engine/rng.h"

enum { W_CORNER = 32, W_PLAIN = 4, W_DANGER = 1, OWN_FACTOR = 2 };

static bb_t corners_of(int size)
{
    int l = size - 1;
    return 1ULL | 1ULL << l | 1ULL << (l * 8) | 1ULL << (l * 8 + l);
}

/* Squares next to an empty corner (they let the other colour in). */
static bb_t danger_of(const struct yn_geometry *g, bb_t empty_corners)
{
    bb_t d = 0;
    for (int k = 0; k < 8; k++)
        d |= bb_shift(empty_corners, k);
    return d & g->board;
}

static int weight(int sq, bb_t corners, bb_t danger, bb_t own)
{
    bb_t b = 1ULL << sq;
    int w = (corners & b) ? W_CORNER : (danger & b) ? W_DANGER : W_PLAIN;
    return (own & b) ? w * OWN_FACTOR : w;
}

static int choose(struct rng *r, bb_t m, bb_t corners, bb_t danger, bb_t own)
{
    int total = 0;
    for (bb_t b = m; b; b &= b - 1)
        total += weight(bb_first(b), corners, danger, own);
    int pick = (int)rng_below(r, (uint32_t)total);
    for (bb_t b = m;; b &= b - 1) {
        int sq = bb_first(b);
        pick -= weight(sq, corners, danger, own);
        if (pick < 0 || !(b & (b - 1)))
            return sq;
    }
}

static void yonin_policy_playout(void *st, struct rng *r, struct playout_trace *trace)
{
    struct yonin *y = st;
    if (y->mover < 0)
        return;
    const struct yn_geometry *g = yn_geo(y->size);
    bb_t corners = corners_of(y->size);
    int seat = y->mover, passes = 0;
    for (;;) {
        bb_t m = yn_seat_moves(g, y->disc[0], y->disc[1], seat);
        if (!m) {
            if (++passes == NSEATS)
                break; /* four seats in a row without a move: over */
        } else {
            passes = 0;
            bb_t empty_corners = corners & ~(y->disc[0] | y->disc[1]);
            int sq = choose(r, m, corners, danger_of(g, empty_corners), g->terr[seat]);
            yn_put_disc(y->disc, seat & 1, sq);
            if (trace && trace->n < PLAYOUT_TRACE_MAX) {
                trace->move[trace->n] = sq;
                trace->player[trace->n++] = (int8_t)seat;
            }
        }
        seat = (seat + 1) & 3;
    }
    y->mover = -1;
}

const struct game_mcts yonin_mcts = {
    .playout = yonin_policy_playout,
    .amaf = false,
};
