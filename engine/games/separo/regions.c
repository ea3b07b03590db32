/* Separo scoring: the regions one colour's roots cut the board into,
 * counting those of area greater than one unit cell (RULES.md), and the
 * faces one move adds (for the playout policy).
 *
 * No labelling pass. The count is (all regions) - (regions of area <= 1):
 *
 * - All regions, by Euler's formula. Take the planar graph made of the board
 *   border, the colour's roots not lying on the border, and a vertex at each
 *   cell centre where two diagonals of the colour cross. Its bounded faces
 *   are the regions: F = E - V + C, and with the border cycle's own points
 *   and segments cancelling out, F = roots off the border + crossings -
 *   inner points touched by roots + components. Every root of a played game
 *   is joined by roots to a starting corner (each move grows from a stone of
 *   the mover), so C = 1; only hand-built positions need C counted.
 *
 * - Small regions, by their few possible shapes. A cell's diagonals split it
 *   into pieces of 4, 2 or 1 triangles (no diagonal, one, both); a piece has
 *   4, 2 or 1 sides. A region is a set of pieces joined through open sides,
 *   and one of at most 4 triangles is a single closed piece, two pieces of
 *   at most 2 triangles joined through their one open side, or a 2-piece
 *   joining two 1-pieces (a 1-piece has a single side, so nothing longer
 *   fits). Each shape is counted once, by its piece, its link or its middle.
 *
 * Both parts work on bit rows (bit x of row y) of the colour's roots. */
#include "separo.h"

#include <string.h>
#ifdef __AVX2__
#include <immintrin.h>
#endif

/* One colour's roots as bit rows: h[y] bit x for (x,y)-(x+1,y), v[y] for
 * (x,y)-(x,y+1), d1[y] for the "\" (x,y)-(x+1,y+1) of cell (x,y) and d2[y]
 * for its "/" (x+1,y)-(x,y+1). Row n-1 of v, d1, d2 stays 0. */
struct planes {
    uint32_t h[SEP_MAX_SIZE], v[SEP_MAX_SIZE], d1[SEP_MAX_SIZE], d2[SEP_MAX_SIZE];
};

static inline int pc(uint32_t x) { return __builtin_popcount(x); }

/* A root belongs to the colour of the point that owns it: the left end of
 * a horizontal root, the top end of the others (as in the rules core). */
static inline void store_row(struct planes *q, int y, uint32_t col, uint32_t e, uint32_t s,
                             uint32_t se, uint32_t sw, uint32_t cm)
{
    q->h[y] = e & col & cm;
    q->v[y] = s & col;
    q->d1[y] = se & col & cm;
    q->d2[y] = ((sw & col) >> 1) & cm;
}

#ifdef __AVX2__
/* A row of points (at most 19) fits one 32-byte load; the bytes after it
 * belong to the next row or the padding and are masked off (the state has
 * padding rows, so the load stays inside it). */
static void extract(const struct separo_state *s, struct planes q[2])
{
    int n = s->size;
    uint32_t pm = (1u << n) - 1, cm = pm >> 1;
    const __m256i one = _mm256_set1_epi8(SEP_RED), two = _mm256_set1_epi8(SEP_BLUE);
    for (int y = 0; y < n; y++) {
        int p = separo_index(s, 0, y);
        __m256i c = _mm256_loadu_si256((const __m256i *)(s->cell + p));
        __m256i r = _mm256_loadu_si256((const __m256i *)(s->roots + p));
        uint32_t red = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(c, one)) & pm;
        uint32_t blue = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(c, two)) & pm;
        /* Shifting bit d of every byte to its top bit, then movemask. */
        uint32_t e = (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(r, 7 - SEP_E));
        uint32_t so = (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(r, 7 - SEP_S));
        uint32_t sw = (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(r, 7 - SEP_SW));
        uint32_t se = (uint32_t)_mm256_movemask_epi8(r); /* SEP_SE is bit 7 */
        store_row(&q[0], y, red, e, so, se, sw, cm);
        store_row(&q[1], y, blue, e, so, se, sw, cm);
    }
}
#else
/* Portable version: 8 points at a time; the multiply gathers the low bit of
 * each byte into the top byte. */
static inline uint32_t pack8(uint64_t x) { return (uint32_t)((x * 0x0102040810204080ULL) >> 56); }

static void extract(const struct separo_state *s, struct planes q[2])
{
    const uint64_t lo = 0x0101010101010101ULL;
    int n = s->size;
    uint32_t pm = (1u << n) - 1, cm = pm >> 1;
    for (int y = 0; y < n; y++) {
        int p = separo_index(s, 0, y);
        uint32_t red = 0, blue = 0, e = 0, so = 0, sw = 0, se = 0;
        for (int k = 0; k < n; k += 8) {
            uint64_t c, r;
            memcpy(&c, s->cell + p + k, 8);
            memcpy(&r, s->roots + p + k, 8);
            red |= pack8(c & ~(c >> 1) & lo) << k;
            blue |= pack8((c >> 1) & ~c & lo) << k;
            e |= pack8((r >> SEP_E) & lo) << k;
            so |= pack8((r >> SEP_S) & lo) << k;
            sw |= pack8((r >> SEP_SW) & lo) << k;
            se |= pack8((r >> SEP_SE) & lo) << k;
        }
        store_row(&q[0], y, red & pm, e, so, se, sw, cm);
        store_row(&q[1], y, blue & pm, e, so, se, sw, cm);
    }
}
#endif

/* Inner points of row y (1 <= y <= n-2) with a root of this colour. */
static inline uint32_t touched(const struct planes *q, int y)
{
    return q->h[y] | q->h[y] << 1 | q->v[y] | q->v[y - 1] | q->d1[y] | q->d1[y - 1] << 1 |
           q->d2[y] << 1 | q->d2[y - 1];
}

/* Bounded faces minus the components term: roots off the border plus
 * crossings minus inner points touched. */
static int euler_part(const struct planes *q, int n)
{
    uint32_t inner = ((1u << (n - 1)) - 1) & ~1u; /* x = 1 .. n-2 */
    int f = 0;
    for (int y = 0; y < n - 1; y++)
        f += pc(q->v[y] & inner) + pc(q->d1[y]) + pc(q->d2[y]) + pc(q->d1[y] & q->d2[y]);
    for (int y = 1; y < n - 1; y++)
        f += pc(q->h[y]) - pc(touched(q, y) & inner);
    return f;
}

/* Regions of at most 4 triangles (see the top comment). Cell sides are
 * "closed" when a root or the border runs along them. */
static int small_regions(const struct planes *q, int n)
{
    int cn = n - 1, small = 0;
    uint32_t cm = (1u << cn) - 1, edge_r = 1u << (cn - 1);
    uint32_t sx_above = 0, both_above = 0;
    for (int cy = 0; cy < cn; cy++) {
        uint32_t d1 = q->d1[cy], d2 = q->d2[cy];
        uint32_t both = d1 & d2, only1 = d1 & ~d2, only2 = d2 & ~d1, none = cm & ~(d1 | d2);
        uint32_t both_below = q->d1[cy + 1] & q->d2[cy + 1]; /* row cn is 0 */
        uint32_t t = cy ? q->h[cy] : cm, b = cy < cn - 1 ? q->h[cy + 1] : cm;
        uint32_t l = q->v[cy] | 1, r = (q->v[cy] >> 1) | edge_r;
        /* Single closed pieces: the whole cell, a half ("\" halves NE and
         * SW, "/" halves NW and ES), or one quarter. */
        small += pc(none & t & b & l & r) + pc(only1 & t & r) + pc(only1 & b & l) +
                 pc(only2 & t & l) + pc(only2 & r & b) + pc(both & t) + pc(both & r) +
                 pc(both & b) + pc(both & l);
        /* For each triangle, "its piece has at most 2 triangles and no open
         * side but the one towards that triangle's cell side". */
        uint32_t nx = both | (only1 & r) | (only2 & l);
        uint32_t sx = both | (only1 & l) | (only2 & r);
        uint32_t wx = both | (only1 & b) | (only2 & t);
        uint32_t ex = both | (only1 & t) | (only2 & b);
        /* Two such pieces joined through an open side. */
        small += pc(~t & nx & sx_above) + pc(~l & cm & wx & ex << 1);
        /* A half with both sides open onto quarters. */
        uint32_t both_l = both << 1, both_r = both >> 1;
        small += pc(only1 & ~t & ~r & both_above & both_r) +
                 pc(only1 & ~b & ~l & both_below & both_l) +
                 pc(only2 & ~t & ~l & both_above & both_l) +
                 pc(only2 & ~r & ~b & both_r & both_below);
        sx_above = sx;
        both_above = both;
    }
    return small;
}

static int find(int16_t *parent, int a)
{
    while (parent[a] != a) {
        parent[a] = parent[parent[a]];
        a = parent[a];
    }
    return a;
}

static void join(int16_t *parent, int a, int b) { parent[find(parent, a)] = (int16_t)find(parent, b); }

/* Components of the graph (border, roots, crossing centres) for positions
 * built by hand: a union-find over the points, all border points being one
 * node (index 0, which is never an inner point). */
static int components(const struct planes *q, int n)
{
    int16_t parent[SEP_MAX_SIZE * SEP_MAX_SIZE];
    uint8_t used[SEP_MAX_SIZE * SEP_MAX_SIZE] = { 0 };
    for (int i = 0; i < n * n; i++)
        parent[i] = (int16_t)i;
#define NODE(x, y) (((x) == 0 || (y) == 0 || (x) == n - 1 || (y) == n - 1) ? 0 : (y) * n + (x))
#define EDGE(x1, y1, x2, y2)                                                                    \
    do {                                                                                         \
        int a_ = NODE(x1, y1), b_ = NODE(x2, y2);                                                \
        used[a_] = used[b_] = 1;                                                                 \
        join(parent, a_, b_);                                                                    \
    } while (0)
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            if (q->h[y] >> x & 1)
                EDGE(x, y, x + 1, y);
            if (q->v[y] >> x & 1)
                EDGE(x, y, x, y + 1);
            if (q->d1[y] >> x & 1)
                EDGE(x, y, x + 1, y + 1);
            if (q->d2[y] >> x & 1)
                EDGE(x + 1, y, x, y + 1);
            if (((q->d1[y] & q->d2[y]) >> x) & 1) /* they meet at the centre */
                EDGE(x, y, x + 1, y);
        }
#undef EDGE
#undef NODE
    used[0] = 1;
    int c = 0;
    for (int i = 0; i < n * n; i++)
        c += used[i] && find(parent, i) == i;
    return c;
}

void separo_regions2(const struct separo_state *s, int out[2])
{
    struct planes q[2];
    int n = s->size;
    extract(s, q);
    for (int i = 0; i < 2; i++) {
        int comps = s->handmade ? components(&q[i], n) : 1;
        out[i] = euler_part(&q[i], n) + comps - small_regions(&q[i], n);
    }
}

int separo_regions(const struct separo_state *s, int col)
{
    int out[2];
    separo_regions2(s, out);
    return out[col - 1];
}

int separo_components(const struct separo_state *s, int col)
{
    struct planes q[2];
    extract(s, q);
    return components(&q[col - 1], s->size);
}

/* ---- labelling the regions, for pictures ---------------------------------- */

/* Triangle k (0 N, 1 E, 2 S, 3 W) of cell (cx, cy) is t = (cy * (n-1) +
 * cx) * 4 + k. A union-find over the triangles, joined wherever no root of
 * the colour separates them: the plain definition of RULES.md, where the
 * count above takes the short way. */
static int tri_find(int16_t *parent, int t)
{
    while (parent[t] != t)
        t = parent[t] = parent[parent[t]];
    return t;
}

static void tri_join(int16_t *parent, int a, int b)
{
    parent[tri_find(parent, a)] = (int16_t)tri_find(parent, b);
}

static void tri_regions(const struct planes *q, int n, int16_t *parent)
{
    int cn = n - 1;
    for (int t = 0; t < cn * cn * 4; t++)
        parent[t] = (int16_t)t;
    for (int cy = 0; cy < cn; cy++)
        for (int cx = 0; cx < cn; cx++) {
            int t = (cy * cn + cx) * 4;
            int back = q->d1[cy] >> cx & 1, fwd = q->d2[cy] >> cx & 1;
            if (!fwd) { /* "/" runs between N and E, and S and W */
                tri_join(parent, t + 0, t + 1);
                tri_join(parent, t + 2, t + 3);
            }
            if (!back) { /* "\" between W and N, and E and S */
                tri_join(parent, t + 3, t + 0);
                tri_join(parent, t + 1, t + 2);
            }
            if (cy + 1 < cn && !(q->h[cy + 1] >> cx & 1))
                tri_join(parent, t + 2, t + cn * 4 + 0);
            if (cx + 1 < cn && !(q->v[cy] >> (cx + 1) & 1))
                tri_join(parent, t + 1, t + 4 + 3);
        }
}

int separo_region_labels(const struct separo_state *s, int col, int16_t *label)
{
    enum { TRIS = 4 * (SEP_MAX_SIZE - 1) * (SEP_MAX_SIZE - 1) };
    struct planes q[2];
    int16_t parent[TRIS], size[TRIS] = {0}, number[TRIS] = {0};
    int n = s->size, tris = 4 * (n - 1) * (n - 1), count = 0;
    extract(s, q);
    tri_regions(&q[col - 1], n, parent);
    for (int t = 0; t < tris; t++)
        size[tri_find(parent, t)]++;
    for (int t = 0; t < tris; t++) { /* numbered in order of first triangle */
        int r = tri_find(parent, t);
        if (size[r] > 4 && !number[r])
            number[r] = (int16_t)++count;
        label[t] = number[r];
    }
    return count;
}

/* ---- the faces one move adds ---------------------------------------------- */

static inline int is_border(const struct separo_state *s, int p)
{
    const uint8_t *c = s->cell;
    return (c[p - 1] == SEP_OFF) | (c[p + 1] == SEP_OFF) | (c[p - s->stride] == SEP_OFF) |
           (c[p + s->stride] == SEP_OFF);
}

/* For diagonal d out of p1: the other diagonal of the same cell leaves
 * p1's horizontal neighbour CROSS_FROM[d] in direction CROSS_DIR[d]. */
static const uint8_t CROSS_FROM[8] = { [SEP_NW] = SEP_W, [SEP_NE] = SEP_E, [SEP_SW] = SEP_W,
                                       [SEP_SE] = SEP_E };
static const uint8_t CROSS_DIR[8] = { [SEP_NW] = SEP_NE, [SEP_NE] = SEP_NW, [SEP_SW] = SEP_SE,
                                      [SEP_SE] = SEP_SW };

/* The change of the Euler part above: the move's roots off the border,
 * plus a crossing with col's other diagonal in the first root's cell,
 * minus the inner points it touches first (p2, and p3 when empty; p1
 * already carries a root or is a corner). */
int separo_move_faces(const struct separo_state *s, int m, int col)
{
    int k = m & 7, p1 = m >> 3, d = separo_mdiag[k], o = separo_morth[k];
    int p2 = p1 + s->dof[d], p3 = p2 + s->dof[o];
    /* The orthogonal root lies on the border when p2's neighbour across it
     * is off the board (p3 then is on the same border line). */
    int across = o <= SEP_W ? s->stride : 1;
    int along = (s->cell[p2 - across] == SEP_OFF) | (s->cell[p2 + across] == SEP_OFF);
    int a = p1 + s->dof[CROSS_FROM[d]];
    int cross = (s->cell[a] == col) & ((s->roots[a] >> CROSS_DIR[d]) & 1);
    int f = 2 - along + cross - !is_border(s, p2);
    if (s->cell[p3] == SEP_EMPTY)
        f -= !is_border(s, p3);
    return f;
}
