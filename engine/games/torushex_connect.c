/* Torus Hex connection values: a one-ply estimate of what a stone on each
 * empty cell does for the connections of both players, for the
 * `heuristic` player (and usable as search priors). */
#include "torushex.h"

#include <limits.h>

/* Weights, in value points. Reach is counted along the axis of each
 * player's cheapest winning loop (Black: across columns, White: across
 * rows); a loop through the new stone is worth a full board of reach. */
enum {
    W_REACH = 10,     /* per cell of reach the stone adds to its groups */
    W_JOIN = 6,       /* per extra group the stone joins (adjacent or bridged) */
    W_TOUCH = 2,      /* touches at least one friendly stone */
    W_WASTE = 8,      /* fills one carrier of an intact own bridge */
    BLOCK_NUM = 3,    /* an opponent's value counts 3/4 as a block */
    BLOCK_DEN = 4,
};

/* Ring directions (torushex_ring.c order) as steps (dc, dr). */
static const int ring_dc[6] = { 1, 1, 0, -1, -1, 0 };
static const int ring_dr[6] = { 0, -1, -1, 0, 1, 1 };

/* Each group's extent along the colour's axis, in the lift frame of its
 * root, indexed by root cell. */
struct extents {
    int lo[TH_CELLS], hi[TH_CELLS];
};

static int axis_of(int colour, int x, int y)
{
    return colour == TH_BLACK ? x : y;
}

static void group_extents(const struct th_state *s, int colour, struct extents *e)
{
    int n = s->n, nn = n * n;
    for (int i = 0; i < nn; i++) {
        e->lo[i] = INT_MAX;
        e->hi[i] = INT_MIN;
    }
    for (int i = 0; i < nn; i++) {
        if (s->cell[i] != colour)
            continue;
        int ax, ay, root = th_root(s, i, &ax, &ay);
        int v = axis_of(colour, i % n + n * ax, i / n + n * ay);
        if (v < e->lo[root])
            e->lo[root] = v;
        if (v > e->hi[root])
            e->hi[root] = v;
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

/* One friendly group reached from the empty cell: its root and the lift of
 * the empty cell in the root's frame. */
struct link {
    int root, x, y;
    int dx, dy;   /* step from the group's stone to the empty cell */
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

/* Value of a stone of `colour` on the empty cell i. */
static int cell_value(const struct th_state *s, const int16_t *ring, const struct extents *e,
                      int colour, int i)
{
    int n = s->n, c = i % n, r = i / n;
    const int16_t *around = ring + i * 6;
    struct link link[12];
    int links = 0, touch = 0, waste = 0;
    for (int k = 0; k < 6; k++) {
        int k1 = k + 1 < 6 ? k + 1 : 0, k2 = k + 2 < 6 ? k + 2 : k - 4;
        int a = around[k];
        if (s->cell[a] == colour) {
            touch = 1;
            int ax, ay, root = th_root(s, a, &ax, &ay);
            link[links++] = (struct link){ root, a % n + n * ax - ring_dc[k],
                                           a / n + n * ay - ring_dr[k], ring_dc[k], ring_dr[k] };
            if (s->cell[around[k2]] == colour && s->cell[around[k1]] == TH_EMPTY)
                waste++;
        }
        /* The bridge over ring cells k and k1, both empty. */
        if (s->cell[a] == TH_EMPTY && s->cell[around[k1]] == TH_EMPTY) {
            int vx = ring_dc[k] + ring_dc[k1], vy = ring_dr[k] + ring_dr[k1];
            int fc = ((c + vx) % n + n) % n, fr = ((r + vy) % n + n) % n;
            int f = fr * n + fc;
            if (s->cell[f] == colour) {
                int ax, ay, root = th_root(s, f, &ax, &ay);
                link[links++] = (struct link){ root, fc + n * ax - vx, fr + n * ay - vy, vx, vy };
            }
        }
    }
    /* Per group the reach it gains, weighted by the step's direction;
     * across groups the extra reach of joining them. */
    int lo = 0, hi = 0, groups = 0, loop = 0, best_new = 1, best_gain = 0;
    for (int l = 0; l < links; l++) {
        int seen = 0;
        for (int m = 0; m < l && !seen; m++)
            if (link[m].root == link[l].root) {
                seen = 1;
                loop |= class_wins(colour, (link[l].x - link[m].x) / n,
                                   (link[l].y - link[m].y) / n);
            }
        if (seen)
            continue;
        groups++;
        int at = axis_of(colour, link[l].x, link[l].y), g = link[l].root;
        int glo = e->lo[g] - at, ghi = e->hi[g] - at;
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
    int nn = s->n * s->n, me = s->turn, you = TH_BLACK + TH_WHITE - me;
    const int16_t *ring = th_ring(s->n);
    struct extents mine, theirs;
    group_extents(s, me, &mine);
    group_extents(s, you, &theirs);
    for (int i = 0; i < nn; i++)
        if (!s->cell[i])
            value[i] = cell_value(s, ring, &mine, me, i) +
                       cell_value(s, ring, &theirs, you, i) * BLOCK_NUM / BLOCK_DEN;
}
