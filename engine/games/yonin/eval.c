/* Yonin evaluation: per seat a non-negative heuristic worth, turned into
 * shares of YN_VSUM (search.h), and the outcome vector of finished games.
 *
 * A seat's worth counts what its score is made of and what threatens it:
 *   + its discs (own colour) in its own quadrant, the score itself;
 *   + those of them that can never flip (corner-anchored edge runs);
 *   + its mobility (moves it has now);
 *   - its quadrant discs next to an empty square (frontier: discs it can
 *     still lose), unless stable;
 *   - the other colour's stable discs in its quadrant (lost for good);
 *   - its disc on the X-square of its own empty corner (hands the corner to
 *     the two seats of the other colour).
 * Shares rather than raw worths make the four values sum to a constant,
 * so max-n's shallow pruning has a bound, and they measure each seat
 * against the others, which is what ranks are. */
#include "search.h"

#include <string.h>

enum {
    W_BASE = 24,     /* keeps a weak seat's share above zero */
    W_DISC = 10,
    W_STABLE = 14,
    W_MOBILITY = 4,
    W_FRONTIER = 3,
    W_LOST = 8,
    W_XSQUARE = 12,
};

/* Squares next to any square of b (8 directions). */
static bb_t neighbours(bb_t b)
{
    bb_t n = 0;
    for (int d = 0; d < 8; d++)
        n |= bb_shift(b, d);
    return n;
}

/* Discs that can never flip, per colour: from each occupied corner the run
 * of that colour along both edges. (A subset of the stable discs: enough
 * for the territory corners that decide Yonin endings.) */
static void edge_stable(int size, const bb_t disc[2], bb_t stable[2])
{
    stable[0] = stable[1] = 0;
    int last = size - 1;
    static const int corner_dir[4][2][2] = { /* per corner two {dr, dc} */
        {{0, 1}, {1, 0}}, {{0, -1}, {1, 0}}, {{0, 1}, {-1, 0}}, {{0, -1}, {-1, 0}},
    };
    for (int k = 0; k < 4; k++) {
        int r0 = (k & 2) ? last : 0, c0 = (k & 1) ? last : 0;
        bb_t corner = 1ULL << (r0 * 8 + c0);
        int c = (disc[0] & corner) ? 0 : (disc[1] & corner) ? 1 : -1;
        if (c < 0)
            continue;
        for (int e = 0; e < 2; e++) {
            int dr = corner_dir[k][e][0], dc = corner_dir[k][e][1];
            for (int r = r0, col = c0; r >= 0 && r <= last && col >= 0 && col <= last;
                 r += dr, col += dc) {
                bb_t b = 1ULL << (r * 8 + col);
                if (!(disc[c] & b))
                    break;
                stable[c] |= b;
            }
        }
    }
}

/* X-squares beside each seat's board corner, where the corner is empty. */
static bb_t open_xsquares(int size, bb_t empty)
{
    int last = size - 1;
    bb_t x = 0;
    for (int k = 0; k < 4; k++) {
        int r = (k & 2) ? last : 0, c = (k & 1) ? last : 0;
        if (empty & (1ULL << (r * 8 + c)))
            x |= 1ULL << ((r + ((k & 2) ? -1 : 1)) * 8 + c + ((k & 1) ? -1 : 1));
    }
    return x;
}

void yn_eval(const struct yn_geometry *g, const bb_t disc[2], int v[NSEATS])
{
    int size = g == &yn_geo6 ? 6 : 8;
    bb_t empty = g->board & ~(disc[0] | disc[1]);
    bb_t mob[2] = {bb_moves(disc[0], disc[1]), bb_moves(disc[1], disc[0])};
    bb_t stable[2];
    edge_stable(size, disc, stable);
    bb_t front = neighbours(empty), xsq = open_xsquares(size, empty);
    long worth[NSEATS], total = 0;
    for (int s = 0; s < NSEATS; s++) {
        int c = s & 1;
        bb_t terr = g->terr[s], own = disc[c] & terr;
        long w = W_BASE + W_DISC * bb_popcount(own)
               + W_STABLE * bb_popcount(own & stable[c])
               + W_MOBILITY * bb_popcount(mob[c] & g->allow[s])
               - W_FRONTIER * bb_popcount(own & front & ~stable[c])
               - W_LOST * bb_popcount(disc[c ^ 1] & terr & stable[c ^ 1])
               - W_XSQUARE * bb_popcount(own & xsq);
        worth[s] = w < 1 ? 1 : w;
        total += worth[s];
    }
    for (int s = 0; s < NSEATS; s++)
        v[s] = (int)(worth[s] * YN_VSUM / total); /* floor: sum <= YN_VSUM */
}

void yn_terminal(const struct yn_geometry *g, const bb_t disc[2], bool team,
                 int v[NSEATS])
{
    int sc[NSEATS];
    for (int s = 0; s < NSEATS; s++)
        sc[s] = yn_seat_score(g, disc, s);
    if (team) {
        int ac = sc[0] + sc[2], bd = sc[1] + sc[3];
        int black = ac > bd ? YN_VHALF : ac < bd ? 0 : YN_VHALF / 2;
        v[0] = v[2] = black;
        v[1] = v[3] = YN_VHALF - black;
        return;
    }
    /* Half-points: 2 per seat beaten, 1 per seat tied; outcome = points / 6. */
    for (int s = 0; s < NSEATS; s++) {
        int points = 0;
        for (int o = 0; o < NSEATS; o++)
            if (o != s)
                points += sc[s] > sc[o] ? 2 : sc[s] == sc[o] ? 1 : 0;
        v[s] = points * (YN_VHALF / 6);
    }
}

void yonin_value_vector(const void *st, int v[NSEATS])
{
    const struct yonin *y = st;
    const struct yn_geometry *g = yn_geo(y->size);
    if (y->mover < 0)
        yn_terminal(g, y->disc, (y->flags & YONIN_TEAM) != 0, v);
    else
        yn_eval(g, y->disc, v);
}
