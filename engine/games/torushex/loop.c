/* One winning loop of Torus Hex, for pictures: a shortest closed walk of a
 * winning class through one colour's stones. The union-find knows that a
 * group wins, not along which cells; this finds the cells by a
 * breadth-first search in the universal cover, where a cell is a board cell
 * plus its lift (how many times the walk has wrapped each way): a walk from
 * (cell, 0, 0) to (cell, p, q) is a closed walk of class (p, q). */
#include "torushex.h"
#include "geom.h"

#include <stdlib.h>
#include <string.h>

static int class_wins(int colour, int p, int q)
{
    return colour == TH_BLACK ? p != 0 && p * q >= 0 : q != 0 && p * q <= 0;
}

/* Search window: lifts in [-k, k] both ways. */
struct cover {
    const struct th_state *s;
    int colour, k, w;       /* w = 2k + 1 */
    int32_t *from;          /* predecessor state, -1: unseen */
    int32_t *queue;
};

static int32_t state_of(const struct cover *v, int cell, int lx, int ly)
{
    return ((int32_t)cell * v->w + lx + v->k) * v->w + ly + v->k;
}

/* Shortest closed walk of a winning class through `start`, into cells;
 * returns its length, 0 when none lies inside the window. */
static int walk_from(struct cover *v, int start, int16_t *cells, int cap)
{
    int n = v->s->n, states = n * n * v->w * v->w, head = 0, tail = 0;
    for (int i = 0; i < states; i++)
        v->from[i] = -1;
    int32_t origin = state_of(v, start, 0, 0);
    v->from[origin] = origin;
    v->queue[tail++] = origin;
    while (head < tail) {
        int32_t x = v->queue[head++];
        int ly = x % v->w - v->k, lx = x / v->w % v->w - v->k, cell = x / (v->w * v->w);
        if (cell == start && class_wins(v->colour, lx, ly)) {
            int len = 0; /* the walk backwards: still a closed walk */
            for (int32_t y = v->from[x];; y = v->from[y]) {
                if (len == cap)
                    return 0;
                cells[len++] = (int16_t)(y / (v->w * v->w));
                if (y == origin)
                    return len;
            }
        }
        for (int d = 0; d < TH_DIRS; d++) {
            int nc, nr, wx, wy;
            th_step(n, cell % n, cell / n, d, &nc, &nr, &wx, &wy);
            int j = nr * n + nc, jx = lx + wx, jy = ly + wy;
            if (v->s->cell[j] != v->colour || abs(jx) > v->k || abs(jy) > v->k)
                continue;
            int32_t y = state_of(v, j, jx, jy);
            if (v->from[y] < 0) {
                v->from[y] = x;
                v->queue[tail++] = y;
            }
        }
    }
    return 0;
}

/* The shortest of the walks from every stone, lifts within [-k, k]. */
static int shortest(const struct th_state *s, int colour, int k, int16_t *cells, int cap,
                    int16_t *trial)
{
    int n = s->n, best = 0;
    struct cover v = {s, colour, k, 2 * k + 1, NULL, NULL};
    size_t states = (size_t)n * (size_t)n * (size_t)v.w * (size_t)v.w;
    v.from = malloc(states * sizeof *v.from);
    v.queue = malloc(states * sizeof *v.queue);
    for (int i = 0; v.from && v.queue && i < n * n && best != n; i++) {
        if (s->cell[i] != colour)
            continue;
        int len = walk_from(&v, i, trial, cap);
        if (len && (!best || len < best)) {
            best = len;
            memcpy(cells, trial, sizeof *cells * (size_t)len);
        }
    }
    free(v.from);
    free(v.queue);
    return best;
}

/* A small window first (the loops a game ends with wrap once or twice),
 * then one as wide as the board. No winning loop is shorter than n. */
int th_winning_loop(const struct th_state *s, int colour, int16_t *cells, int cap)
{
    int16_t *trial = malloc(sizeof *trial * (size_t)cap);
    int len = 0;
    if (trial && (len = shortest(s, colour, 2, cells, cap, trial)) == 0)
        len = shortest(s, colour, s->n + 1, cells, cap, trial);
    free(trial);
    return len;
}
