/* Separo scoring: the regions one colour's roots cut the board into.
 *
 * Each unit cell is split by its diagonals into four triangles N E S W
 * (RULES.md). One raster pass builds a union-find over the triangles: inside
 * a cell the diagonals decide which triangles join; across the top and left
 * sides a missing root joins N with the S above and W with the E to the
 * left. A region counts when it holds more than 4 triangles (area > 1). */
#include "separo.h"

enum { TN, TE, TS, TW };
#define MAX_TRI (4 * (SEP_MAX_SIZE - 1) * (SEP_MAX_SIZE - 1))

static inline int find(uint16_t *parent, int a)
{
    while (parent[a] != a) {
        parent[a] = parent[parent[a]]; /* path halving */
        a = parent[a];
    }
    return a;
}

static inline void join(uint16_t *parent, uint16_t *size, int a, int b)
{
    a = find(parent, a);
    b = find(parent, b);
    if (a == b)
        return;
    if (size[a] < size[b]) {
        int t = a;
        a = b;
        b = t;
    }
    parent[b] = (uint16_t)a;
    size[a] = (uint16_t)(size[a] + size[b]);
}

/* Triangle i of a cell joins piece PIECE[cfg][i] of that cell, cfg being
 * bit 0 "\" (top-left to bottom-right: keeps N+E and S+W together),
 * bit 1 "/" (keeps N+W and E+S); PSIZE gives the triangles per piece. */
static const uint8_t PIECE[4][4] = {
    { TN, TN, TN, TN }, { TN, TN, TS, TS }, { TN, TE, TE, TN }, { TN, TE, TS, TW },
};
static const uint8_t PSIZE[4][4] = {
    { 4, 4, 4, 4 }, { 2, 2, 2, 2 }, { 2, 2, 2, 2 }, { 1, 1, 1, 1 },
};

struct uf {
    uint16_t parent[MAX_TRI], size[MAX_TRI];
};

/* Adds one cell's triangles and joins them to the cells above and left. */
static inline void add_cell(struct uf *u, int b, int cfg, int cn, int up, int left)
{
    for (int i = 0; i < 4; i++) {
        u->parent[b + i] = (uint16_t)(b + PIECE[cfg][i]);
        u->size[b + i] = PSIZE[cfg][i];
    }
    if (up)
        join(u->parent, u->size, b + TN, b - 4 * cn + TS);
    if (left)
        join(u->parent, u->size, b + TW, b - 4 + TE);
}

static int count_big(const struct uf *u, int ntri)
{
    int regions = 0;
    for (int t = 0; t < ntri; t++)
        regions += (u->parent[t] == t) & (u->size[t] > 4);
    return regions;
}

void separo_regions2(const struct separo_state *s, int out[2])
{
    struct uf u[2];
    int cn = s->size - 1;
    for (int cy = 0; cy < cn; cy++) {
        int p = separo_index(s, 0, cy);
        for (int cx = 0; cx < cn; cx++, p++) {
            /* The top-left point owns the cell's "\", top and left roots
             * (in its colour); the top-right point owns "/". */
            int c = s->cell[p], r = s->roots[p], cf = s->cell[p + 1];
            int fwd = (s->roots[p + 1] >> SEP_SW) & 1;
            int b = 4 * (cy * cn + cx);
            for (int col = 1; col <= 2; col++) {
                int own = c == col;
                int cfg = (own & (r >> SEP_SE) & 1) | ((cf == col) & fwd) << 1;
                add_cell(&u[col - 1], b, cfg, cn, cy > 0 && !(own & (r >> SEP_E) & 1),
                         cx > 0 && !(own & (r >> SEP_S) & 1));
            }
        }
    }
    out[0] = count_big(&u[0], 4 * cn * cn);
    out[1] = count_big(&u[1], 4 * cn * cn);
}

int separo_regions(const struct separo_state *s, int col)
{
    int out[2];
    separo_regions2(s, out);
    return out[col - 1];
}
