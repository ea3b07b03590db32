/* Torus Hex (RULES.md section 4): Hex on an n x n rhombus whose opposite
 * edges are glued, won by a closed loop of the right homology class.
 *
 * Groups are union-find sets. Each stone keeps the offset, in whole board
 * wraps, of its lift in the universal cover from its parent's lift; a new
 * stone that meets its own group at a different offset closes a loop whose
 * class is that difference. Each root keeps the lattice of its group's loop
 * classes (rank 0, rank 1 as a primitive direction, or rank 2), so a move
 * costs a few near-constant union-find steps and never a board scan. */
#include "engine/game.h"
#include "engine/rng.h"
#include "torushex.h"
#include "geom.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- loop-class lattice ----------------------------------------------- */

static int th_gcd(int a, int b)
{
    a = abs(a);
    b = abs(b);
    while (b) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Adds the class (p, q), not (0, 0), to the lattice. */
static void lat_add(struct th_lat *l, int p, int q)
{
    if (l->rank == 0) {
        int g = th_gcd(p, q);
        l->rank = 1;
        l->p = (int8_t)(p / g);
        l->q = (int8_t)(q / g);
    } else if (l->rank == 1 && l->p * q - l->q * p != 0) {
        l->rank = 2;
    }
}

static void lat_merge(struct th_lat *into, const struct th_lat *from)
{
    if (from->rank == 2)
        into->rank = 2;
    else if (from->rank == 1)
        lat_add(into, from->p, from->q);
}

/* Does a group of `colour` with these loops win? If so, sets the class
 * of a winning loop, normalised: Black's with p > 0, White's with q > 0. */
static int lat_wins(const struct th_lat *l, int colour, int *wp, int *wq)
{
    if (l->rank == 2) {
        *wp = colour == TH_BLACK;
        *wq = colour == TH_WHITE;
        return 1;
    }
    if (l->rank == 0)
        return 0;
    int p = l->p, q = l->q;
    if (colour == TH_BLACK ? (p == 0 || p * q < 0) : (q == 0 || p * q > 0))
        return 0;
    int flip = colour == TH_BLACK ? p < 0 : q < 0;
    *wp = flip ? -p : p;
    *wq = flip ? -q : q;
    return 1;
}

/* ---- whole-board check (playouts, and the class shown after one) ------ */

/* Does `colour` hold a winning loop anywhere on the board? One depth-first
 * pass per group assigns each stone its lift; an edge to an already
 * placed lift at another offset is a loop of that class. The first winning
 * group is scanned to its end so that rank 2 reports as in play. */
int th_scan_wins(const struct th_state *s, int colour, int *wp, int *wq)
{
    int n = s->n, nn = n * n;
    uint8_t seen[TH_CELLS];
    int8_t lx[TH_CELLS], ly[TH_CELLS];
    int16_t stack[TH_CELLS];
    memset(seen, 0, (size_t)nn);
    for (int start = 0; start < nn; start++) {
        if (s->cell[start] != colour || seen[start])
            continue;
        struct th_lat lat = { 0, 0, 0 };
        int sp = 0;
        seen[start] = 1;
        lx[start] = ly[start] = 0;
        stack[sp++] = (int16_t)start;
        while (sp) {
            int i = stack[--sp], c = i % n, r = i / n;
            for (int d = 0; d < TH_DIRS; d++) {
                int nc, nr, wx, wy;
                th_step(n, c, r, d, &nc, &nr, &wx, &wy);
                int j = nr * n + nc;
                if (s->cell[j] != colour)
                    continue;
                int ex = lx[i] + wx, ey = ly[i] + wy;
                if (!seen[j]) {
                    seen[j] = 1;
                    lx[j] = (int8_t)ex;
                    ly[j] = (int8_t)ey;
                    stack[sp++] = (int16_t)j;
                } else if (ex != lx[j] || ey != ly[j]) {
                    lat_add(&lat, ex - lx[j], ey - ly[j]);
                }
            }
        }
        if (lat_wins(&lat, colour, wp, wq))
            return 1;
    }
    return 0;
}

/* ---- union-find with lift offsets -------------------------------------- */

/* Root of x; *ax, *ay get x's lift offset from the root's. Compresses the
 * path, rewriting each offset as the sum along the old path. */
static int uf_find(struct th_state *s, int x, int *ax, int *ay)
{
    int root = x, sx = 0, sy = 0;
    while (s->parent[root] >= 0) {
        sx += s->ox[root];
        sy += s->oy[root];
        root = s->parent[root];
    }
    for (int y = x, cx = sx, cy = sy; s->parent[y] >= 0;) {
        int up = s->parent[y], ux = cx - s->ox[y], uy = cy - s->oy[y];
        s->parent[y] = (int16_t)root;
        s->ox[y] = (int8_t)cx;
        s->oy[y] = (int8_t)cy;
        y = up;
        cx = ux;
        cy = uy;
    }
    *ax = sx;
    *ay = sy;
    return root;
}

/* Joins the new stone i to its same-coloured neighbour j, whose lift next
 * to i's lift lies (wx, wy) wraps away. */
static void uf_link(struct th_state *s, int i, int j, int wx, int wy)
{
    int sx, sy, tx, ty;
    int ri = uf_find(s, i, &sx, &sy), rj = uf_find(s, j, &tx, &ty);
    /* In ri's frame, rj's lift sits at (dx, dy). */
    int dx = sx + wx - tx, dy = sy + wy - ty;
    if (ri == rj) {
        if (dx || dy)
            lat_add(&s->lat[ri], dx, dy);
        return;
    }
    if (s->parent[ri] > s->parent[rj]) { /* ri smaller: hang it under rj */
        int t = ri;
        ri = rj;
        rj = t;
        dx = -dx;
        dy = -dy;
    }
    s->parent[ri] = (int16_t)(s->parent[ri] + s->parent[rj]);
    s->parent[rj] = (int16_t)ri;
    s->ox[rj] = (int8_t)dx;
    s->oy[rj] = (int8_t)dy;
    lat_merge(&s->lat[ri], &s->lat[rj]);
}

int th_root(const struct th_state *s, int x, int *ax, int *ay)
{
    int sx = 0, sy = 0;
    while (s->parent[x] >= 0) {
        sx += s->ox[x];
        sy += s->oy[x];
        x = s->parent[x];
    }
    *ax = sx;
    *ay = sy;
    return x;
}

/* Gathers the groups the new stone would join, each with its root's lift
 * relative to the new stone's; a group met twice at different lifts, or a
 * loop already in a group, goes into the merged lattice. */
int th_wins_at(const struct th_state *s, int i, int colour)
{
    int n = s->n, c = i % n, r = i / n, roots = 0;
    int root[TH_DIRS], rx[TH_DIRS], ry[TH_DIRS];
    struct th_lat lat = { 0, 0, 0 };
    for (int d = 0; d < TH_DIRS; d++) {
        int nc, nr, wx, wy, tx, ty;
        th_step(n, c, r, d, &nc, &nr, &wx, &wy);
        int j = nr * n + nc;
        if (s->cell[j] != colour)
            continue;
        int rj = th_root(s, j, &tx, &ty), k = 0;
        int lx = wx - tx, ly = wy - ty;
        while (k < roots && root[k] != rj)
            k++;
        if (k == roots) {
            root[roots] = rj;
            rx[roots] = lx;
            ry[roots++] = ly;
            lat_merge(&lat, &s->lat[rj]);
        } else if (lx != rx[k] || ly != ry[k]) {
            lat_add(&lat, lx - rx[k], ly - ry[k]);
        }
    }
    int p, q;
    return lat_wins(&lat, colour, &p, &q);
}

/* ---- game rules ------------------------------------------------------- */

static void th_pass_turn(struct th_state *s)
{
    s->turn = (uint8_t)(TH_BLACK + TH_WHITE - s->turn);
    s->hash ^= TH_KEY_WHITE_TO_MOVE;
    s->plies++;
}

/* White takes over Black's only stone; union-find needs no change. */
void th_do_swap(struct th_state *s)
{
    int nn = s->n * s->n;
    for (int i = 0; i < nn; i++)
        if (s->cell[i] == TH_BLACK) {
            s->cell[i] = TH_WHITE;
            s->hash ^= th_key(i, TH_BLACK) ^ th_key(i, TH_WHITE);
        }
    s->last = -1; /* a bridge needs two stones; nothing to answer */
    th_pass_turn(s);
}

static void th_place(struct th_state *s, int i)
{
    int n = s->n, c = i % n, r = i / n, colour = s->turn;
    s->cell[i] = (uint8_t)colour;
    s->parent[i] = -1;
    s->ox[i] = s->oy[i] = 0;
    s->lat[i] = (struct th_lat){ 0, 0, 0 };
    s->hash ^= th_key(i, colour);
    s->stones++;
    s->last = (int16_t)i;
    for (int d = 0; d < TH_DIRS; d++) {
        int nc, nr, wx, wy;
        th_step(n, c, r, d, &nc, &nr, &wx, &wy);
        int j = nr * n + nc;
        if (s->cell[j] == colour)
            uf_link(s, i, j, wx, wy);
    }
    int ax, ay, p, q;
    int root = uf_find(s, i, &ax, &ay);
    if (lat_wins(&s->lat[root], colour, &p, &q)) {
        s->winner = (uint8_t)colour;
        s->win_p = (int8_t)p;
        s->win_q = (int8_t)q;
        s->class_known = 1;
    } else if (s->stones == n * n) {
        /* Unreachable (a full board always holds a winning loop, which
         * the incremental check has met); keeps the game finite anyway. */
        s->winner = th_scan_wins(s, TH_BLACK, &p, &q) ? TH_BLACK : TH_WHITE;
        s->class_known = 0;
    }
    th_pass_turn(s);
}

/* ---- interface -------------------------------------------------------- */

static bool th_size_ok(int size)
{
    return size >= TH_MIN && size <= TH_MAX;
}

static void th_init(void *st, const struct game_options *opt)
{
    struct th_state *s = st;
    memset(s, 0, sizeof *s);
    s->n = (uint8_t)(th_size_ok(opt->size) ? opt->size : 11);
    s->flags = (uint8_t)(opt->flags & TH_SWAP);
    s->turn = TH_BLACK;
    s->class_known = 1;
    s->last = -1;
    s->hash = th_mix(0x746f727573ULL ^ ((uint64_t)s->n << 8) ^ s->flags);
}

static int th_to_move(const void *st)
{
    const struct th_state *s = st;
    return s->winner ? -1 : s->turn - 1;
}

static bool th_is_over(const void *st)
{
    return ((const struct th_state *)st)->winner != TH_EMPTY;
}

static int th_legal_moves(const void *st, move_t *out)
{
    const struct th_state *s = st;
    if (s->winner)
        return 0;
    int nn = s->n * s->n, k = 0;
    for (int i = 0; i < nn; i++)
        if (!s->cell[i])
            out[k++] = i;
    if (th_swap_ok(s))
        out[k++] = th_swap_move(s);
    return k;
}

static void th_play(void *st, move_t m)
{
    struct th_state *s = st;
    if (m == th_swap_move(s))
        th_do_swap(s);
    else
        th_place(s, m);
}

static void th_score(const void *st, int *out)
{
    const struct th_state *s = st;
    out[0] = s->winner == TH_BLACK;
    out[1] = s->winner == TH_WHITE;
}

static void th_outcome(const void *st, double *out)
{
    const struct th_state *s = st;
    out[0] = s->winner == TH_BLACK;
    out[1] = s->winner == TH_WHITE;
}

/* "a1" .. or "swap"; no leading zeros, at most two digits. */
static int th_parse_move(const void *st, const char *text, move_t *m)
{
    const struct th_state *s = st;
    int n = s->n;
    if (!text)
        return -1;
    if (strcasecmp(text, "swap") == 0) {
        *m = th_swap_move(s);
        return 0;
    }
    int col = tolower((unsigned char)text[0]) - 'a';
    if (col < 0 || col >= n || text[1] < '1' || text[1] > '9')
        return -1;
    int row = text[1] - '0';
    const char *p = text + 2;
    if (*p >= '0' && *p <= '9')
        row = row * 10 + (*p++ - '0');
    if (*p || row > n)
        return -1;
    *m = (row - 1) * n + col;
    return 0;
}

static int th_format_move(const void *st, move_t m, char *buf, size_t cap)
{
    const struct th_state *s = st;
    int n = s->n;
    if (m == MOVE_PASS)
        return snprintf(buf, cap, "pass");
    if (m == th_swap_move(s))
        return snprintf(buf, cap, "swap");
    if (m < 0 || m > n * n)
        return snprintf(buf, cap, "?");
    return snprintf(buf, cap, "%c%d", 'a' + m % n, m / n + 1);
}

/* Winning class, found by a board scan when a playout left it unknown. */
static void th_win_class(const struct th_state *s, int *p, int *q)
{
    *p = s->win_p;
    *q = s->win_q;
    if (!s->class_known && !th_scan_wins(s, s->winner, p, q))
        *p = *q = 0;
}

static int th_format_score(const void *st, char *buf, size_t cap)
{
    const struct th_state *s = st;
    if (!s->winner)
        return snprintf(buf, cap, "none playing");
    int p, q;
    th_win_class(s, &p, &q);
    return snprintf(buf, cap, "%s wins %d %d",
                    s->winner == TH_BLACK ? "black" : "white", p, q);
}

static int th_format_result(const void *st, char *buf, size_t cap)
{
    const struct th_state *s = st;
    return snprintf(buf, cap, "%s", s->winner == TH_BLACK ? "B+" : "W+");
}

/* snprintf-style appending: counts the full length, writes what fits. */
struct th_out {
    char *buf;
    size_t cap, len;
};

static void th_put(struct th_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = o->len < o->cap ? vsnprintf(o->buf + o->len, o->cap - o->len, fmt, ap)
                            : vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (k > 0)
        o->len += (size_t)k;
}

/* The rhombus slanted as Hex boards are drawn: row r+1 sits half a cell
 * to the right of row r, so (c, r+1) touches (c, r) and (c+1, r). */
static int th_show(const void *st, char *buf, size_t cap)
{
    const struct th_state *s = st;
    struct th_out o = { buf, cap, 0 };
    int n = s->n;
    if (cap)
        buf[0] = '\0';
    th_put(&o, "TorusHex %dx%d%s, edges wrap: column %c touches a, row %d touches 1\n",
           n, n, s->flags & TH_SWAP ? " swap" : "", 'a' + n - 1, n);
    th_put(&o, "    ");
    for (int c = 0; c < n; c++)
        th_put(&o, c ? " %c" : "%c", 'a' + c);
    for (int r = 0; r < n; r++) {
        th_put(&o, "\n%2d  %*s", r + 1, r, "");
        for (int c = 0; c < n; c++)
            th_put(&o, c ? " %c" : "%c", ".XO"[s->cell[r * n + c]]);
    }
    if (s->winner) {
        int p, q;
        th_win_class(s, &p, &q);
        th_put(&o, "\ngame over after %d moves: %s wins with a loop of class %d %d",
               s->plies, s->winner == TH_BLACK ? "black (X)" : "white (O)", p, q);
    } else {
        th_put(&o, "\nmove %d: %s to move", s->plies + 1,
               s->turn == TH_BLACK ? "black (X)" : "white (O)");
    }
    th_put(&o, "\nscore: ");
    char sc[40];
    th_format_score(s, sc, sizeof sc);
    th_put(&o, "%s", sc);
    return (int)o.len;
}

static uint64_t th_hash(const void *st)
{
    return ((const struct th_state *)st)->hash;
}

/* ---- full-board winner for playouts ------------------------------------ */

/* Within one line of n cells closed into a ring, bit b touches b +- 1. */
static uint32_t th_rot(uint32_t x, int n, int dir, uint32_t full)
{
    return dir > 0 ? ((x << 1) | (x >> (n - 1))) & full : ((x >> 1) | (x << (n - 1))) & full;
}

/* The cells of line m reachable from seeds s along the ring. */
static uint32_t th_line_fill(uint32_t m, uint32_t s, int n, uint32_t full)
{
    for (;;) {
        uint32_t t = (s | th_rot(s, n, 1, full) | th_rot(s, n, -1, full)) & m;
        if (t == s)
            return s;
        s = t;
    }
}

/* Hex crossing on a cylinder: do the cells m[0..n-1] (line L, bit b = one
 * cell; the lines close into rings, the first and last line are the open
 * ends) connect line 0 to line n-1? Bit b of line L touches bits b and
 * b + dir of line L + 1. Sweeps down and up until nothing changes. */
static int th_crosses(const uint32_t *m, int n, int dir)
{
    uint32_t full = (1u << n) - 1, reach[TH_MAX];
    reach[0] = m[0];
    for (int l = 1; l < n; l++)
        reach[l] = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int l = 1; l < n; l++) {
            uint32_t s = reach[l - 1];
            uint32_t seed = (s | th_rot(s, n, dir, full)) & m[l] & ~reach[l];
            if (seed) {
                reach[l] = th_line_fill(m[l], reach[l] | seed, n, full);
                changed = 1;
            }
        }
        if (reach[n - 1])
            return 1;
        for (int l = n - 2; l > 0; l--) {
            uint32_t s = reach[l + 1];
            uint32_t seed = (s | th_rot(s, n, -dir, full)) & m[l] & ~reach[l];
            if (seed) {
                reach[l] = th_line_fill(m[l], reach[l] | seed, n, full);
                changed = 1;
            }
        }
    }
    return 0;
}

/* Winner of a full board. By the Hex theorem on a cylinder, cutting the
 * torus along one seam: if White does not cross from row 1 to row n, Black
 * holds a loop around the cut, class (1, 0); if Black does not cross from
 * column a to the last column, White holds a (0, 1) loop; and in the
 * sheared board (c + r, r), where the hex axis (1, -1) becomes a column,
 * the same for White's (-1, 1). These settle all but a fraction of a
 * percent of random boards; the rest get the exact scan. */
int th_full_board_winner(const struct th_state *s)
{
    int n = s->n, p, q;
    uint32_t full = (1u << n) - 1, white_rows[TH_MAX];
    uint32_t black_cols[TH_MAX] = { 0 }, black_sheared[TH_MAX] = { 0 };
    for (int r = 0; r < n; r++) {
        const uint8_t *row = s->cell + r * n;
        uint32_t black = 0;
        for (int c = 0, sc = r; c < n; c++, sc = sc + 1 == n ? 0 : sc + 1) {
            uint32_t b = row[c] == TH_BLACK;
            black |= b << c;
            black_cols[c] |= b << r;
            black_sheared[sc] |= b << r;
        }
        white_rows[r] = full & ~black;
    }
    if (!th_crosses(white_rows, n, -1))
        return TH_BLACK;
    if (!th_crosses(black_cols, n, -1) || !th_crosses(black_sheared, n, 1))
        return TH_WHITE;
    return th_scan_wins(s, TH_BLACK, &p, &q) ? TH_BLACK : TH_WHITE;
}

/* Random order, alternating colours, fills the board with a uniformly
 * random subset of the empties for the side to move's share; the winner of
 * the full board is the winner of that game played move by move, since the
 * first winning loop can never be met by one of the other side. The class
 * of the winning loop is left to th_win_class. */
static void th_random_playout(void *st, struct rng *rg)
{
    struct th_state *s = st;
    if (s->winner)
        return;
    int nn = s->n * s->n, e = 0;
    int16_t empty[TH_CELLS];
    if (th_swap_ok(s) && rng_below(rg, (uint32_t)(nn - s->stones + 1)) == 0)
        th_do_swap(s);
    for (int i = 0; i < nn; i++)
        if (!s->cell[i])
            empty[e++] = (int16_t)i;
    int blacks = s->turn == TH_BLACK ? (e + 1) / 2 : e / 2;
    uint64_t h = s->hash;
    for (int k = 0; k < blacks; k++) {
        int j = k + (int)rng_below(rg, (uint32_t)(e - k));
        int16_t t = empty[j];
        empty[j] = empty[k];
        empty[k] = t;
        s->cell[t] = TH_BLACK;
        h ^= th_key(t, TH_BLACK);
    }
    for (int k = blacks; k < e; k++) {
        s->cell[empty[k]] = TH_WHITE;
        h ^= th_key(empty[k], TH_WHITE);
    }
    if (e & 1) {
        s->turn = (uint8_t)(TH_BLACK + TH_WHITE - s->turn);
        h ^= TH_KEY_WHITE_TO_MOVE;
    }
    s->hash = h;
    s->plies = (uint16_t)(s->plies + e);
    s->stones = (uint16_t)nn;
    s->winner = (uint8_t)th_full_board_winner(s);
    s->class_known = 0;
}

static int th_moves_left(const void *st)
{
    const struct th_state *s = st;
    if (s->winner)
        return 0;
    int left = (s->n * s->n - s->stones) / 2;
    return left > 0 ? left : 1;
}

const struct game torushex_game = {
    .name = "TorusHex",
    .aliases = { "torus-hex", "torus_hex", NULL },
    .min_size = TH_MIN,
    .max_size = TH_MAX,
    .default_size = 11,
    .num_players = 2,
    .player_names = { { "black", "b", NULL }, { "white", "w", NULL } },
    .variants = { { "swap", TH_SWAP, "swap (pie) rule: White may answer swap as its first move" },
                  { NULL, 0, NULL } },
    .state_size = sizeof(struct th_state),
    .size_ok = th_size_ok,
    .init = th_init,
    .to_move = th_to_move,
    .legal_moves = th_legal_moves,
    .play = th_play,
    .is_over = th_is_over,
    .score = th_score,
    .outcome = th_outcome,
    .parse_move = th_parse_move,
    .format_move = th_format_move,
    .show = th_show,
    .format_score = th_format_score,
    .format_result = th_format_result,
    .hash = th_hash,
    .perft = NULL,
    .random_playout = th_random_playout,
    .moves_left = th_moves_left,
    .svg = th_svg,
    .mcts = &torushex_mcts,
};
