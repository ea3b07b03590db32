/* Torus Hex connection values: a one-ply estimate of what a stone on each
 * empty cell does for the connections of both players, for the
 * `heuristic` player and the search priors. */
#include "torushex.h"

#include <limits.h>

/* Weights, in value points. Reach is counted along the axis of each
 * player's cheapest winning loop (Black: across columns, White: across
 * rows); a winning loop through the new stone is worth a full board. */
enum {
    W_REACH = 10,     /* per cell of reach the stone adds to its groups */
    W_JOIN = 6,       /* per extra group the stone joins (adjacent or bridged) */
    W_TOUCH = 2,      /* touches at least one friendly stone */
    W_WASTE = 8,      /* fills one carrier of an intact own bridge */
    BLOCK_NUM = 3,    /* an opponent's value counts 3/4 as a block */
    BLOCK_DEN = 4,
};

/* Ring directions (ring.c order) as steps (dc, dr). */
static const int ring_dc[6] = { 1, 1, 0, -1, -1, 0 };
static const int ring_dr[6] = { 0, -1, -1, 0, 1, 1 };

/* One colour's stones: each stone's group root and its lift (unwrapped
 * coordinates in the root's frame); each group's extent along the
 * colour's axis, indexed by root. */
struct side {
    int colour;
    int16_t root[TH_CELLS];
    int16_t x[TH_CELLS], y[TH_CELLS];
    int16_t lo[TH_CELLS], hi[TH_CELLS];
};

static int axis_of(int colour, int x, int y)
{
    return colour == TH_BLACK ? x : y;
}

static void side_build(const struct th_state *s, int colour, struct side *d)
{
    int n = s->n;
    d->colour = colour;
    for (int r = 0, i = 0; r < n; r++)
        for (int c = 0; c < n; c++, i++) {
            d->lo[i] = INT16_MAX;
            d->hi[i] = INT16_MIN;
            if (s->cell[i] != colour)
                continue;
            int ax, ay, root = th_root(s, i, &ax, &ay);
            d->root[i] = (int16_t)root;
            d->x[i] = (int16_t)(c + n * ax);
            d->y[i] = (int16_t)(r + n * ay);
        }
    for (int i = 0; i < n * n; i++) {
        if (s->cell[i] != colour)
            continue;
        int g = d->root[i], v = axis_of(colour, d->x[i], d->y[i]);
        if (v < d->lo[g])
            d->lo[g] = (int16_t)v;
        if (v > d->hi[g])
            d->hi[g] = (int16_t)v;
    }
}

static int cap(int v, int n)
{
    return v < n ? v : n;
}

/* Does a loop of class (p, q) win for colour (RULES.md section 4)? */
static int class_wins(int colour, int p, int q)
{
    return colour == TH_BLACK ? p != 0 && p * q >= 0 : q != 0 && p * q <= 0;
}

/* One friendly group reached from the empty cell: its root, the lift of
 * the empty cell in the root's frame, and the step from the group's stone
 * to the empty cell. */
struct link {
    int root, x, y, dx, dy;
};

/* How much reach along the axis gained by a step (dx, dy) counts, in
 * tenths: a chain keeping that direction ends in a loop of class
 * proportional to it, which must win for the colour. Black's cheap
 * winning direction is (1,0) and its bridge (1,1); White's are (0,1),
 * (-1,1) and the bridge (-1,2); (2,-1) also wins for White, slowly. */
static int step_factor(int colour, int dx, int dy)
{
    if (dx < 0 || (dx == 0 && dy < 0)) {
        dx = -dx;
        dy = -dy;
    }
    if (colour == TH_BLACK)
        return dy == 0 || dx == dy ? 10 : dx == 2 ? 4 : 2;
    return dx == 0 || dx * dy < 0 ? (dx == 2 ? 6 : 10) : 2;
}

/* The groups of d's colour touching the empty cell i or bridged to it
 * (both carriers empty); counts touches and wasted bridge carriers. */
static int gather_links(const struct th_state *s, const int16_t *ring, const struct side *d,
                        int i, struct link *link, int *touch, int *waste)
{
    const int16_t *around = ring + i * 6;
    int links = 0, colour = d->colour;
    *touch = *waste = 0;
    for (int k = 0; k < 6; k++) {
        int k1 = k + 1 < 6 ? k + 1 : 0, k2 = k + 2 < 6 ? k + 2 : k - 4;
        int a = around[k];
        if (s->cell[a] == colour) {
            *touch = 1;
            link[links++] = (struct link){ d->root[a], d->x[a] - ring_dc[k],
                                           d->y[a] - ring_dr[k], ring_dc[k], ring_dr[k] };
            if (s->cell[around[k2]] == colour && s->cell[around[k1]] == TH_EMPTY)
                ++*waste;
        } else if (s->cell[a] == TH_EMPTY && s->cell[around[k1]] == TH_EMPTY) {
            int f = ring[a * 6 + k1]; /* across the bridge over a and k1 */
            if (s->cell[f] == colour) {
                int vx = ring_dc[k] + ring_dc[k1], vy = ring_dr[k] + ring_dr[k1];
                link[links++] = (struct link){ d->root[f], d->x[f] - vx, d->y[f] - vy, vx, vy };
            }
        }
    }
    return links;
}

/* Value of a stone of d's colour on the empty cell i: per group the reach
 * it gains, weighted by the step's direction; across groups the extra
 * reach of joining them (a full board if that closes a winning loop). */
static int cell_value(const struct th_state *s, const int16_t *ring, const struct side *d, int i)
{
    int n = s->n, colour = d->colour, touch, waste;
    struct link link[12];
    int links = gather_links(s, ring, d, i, link, &touch, &waste);
    int lo = 0, hi = 0, groups = 0, loop = 0, best_new = 1, best_gain = 0;
    for (int l = 0; l < links; l++) {
        int seen = 0;
        for (int m = 0; m < l && !seen; m++)
            if (link[m].root == link[l].root) {
                seen = 1;
                if (link[m].x != link[l].x || link[m].y != link[l].y)
                    loop |= class_wins(colour, (link[l].x - link[m].x) / n,
                                       (link[l].y - link[m].y) / n);
            }
        if (seen)
            continue;
        groups++;
        int at = axis_of(colour, link[l].x, link[l].y), g = link[l].root;
        int glo = d->lo[g] - at, ghi = d->hi[g] - at;
        int old = cap(ghi - glo + 1, n);
        int now = cap((ghi > 0 ? ghi : 0) - (glo < 0 ? glo : 0) + 1, n);
        int gain = (now - old) * step_factor(colour, link[l].dx, link[l].dy);
        if (gain > best_gain)
            best_gain = gain;
        if (now > best_new)
            best_new = now;
        if (glo < lo)
            lo = glo;
        if (ghi > hi)
            hi = ghi;
    }
    int join = loop ? n : cap(hi - lo + 1, n) - best_new;
    return W_REACH * best_gain / 10 + W_REACH * join + W_JOIN * (groups > 1 ? groups - 1 : 0) +
           W_TOUCH * touch - W_WASTE * waste;
}

void th_connect_values(const struct th_state *s, int *value)
{
    int nn = s->n * s->n, me = s->turn;
    const int16_t *ring = th_ring(s->n);
    struct side mine, theirs;
    side_build(s, me, &mine);
    side_build(s, TH_BLACK + TH_WHITE - me, &theirs);
    for (int i = 0; i < nn; i++)
        if (!s->cell[i])
            value[i] = cell_value(s, ring, &mine, i) +
                       cell_value(s, ring, &theirs, i) * BLOCK_NUM / BLOCK_DEN;
}
