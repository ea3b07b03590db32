/* Separo tests: perft known answers, a plain second move generator and a
 * plain region counter (written here straight from RULES.md section 3)
 * cross-checked against the engine over random games, hand-built angle-rule
 * and region positions, notation parsing, and interface invariants. */
#include "check.h"
#include "engine/game.h"
#include "engine/games/separo/separo.h"
#include "engine/rng.h"

#include <stdlib.h>
#include <string.h>

extern const struct game separo_game;
static const struct game *G = &separo_game;

/* ---- plain representation ------------------------------------------------ */

#define PN 19
struct plain {
    int n, side;              /* side: 0 Red, 1 Blue */
    int stone[PN][PN];        /* [y][x]: 0 empty, 1 Red, 2 Blue */
    int nroot[PN][PN];        /* roots at a point, as neighbour offsets */
    int rdx[PN][PN][8], rdy[PN][PN][8];
};

static void plain_init(struct plain *P, int n)
{
    memset(P, 0, sizeof *P);
    P->n = n;
    P->stone[0][0] = P->stone[n - 1][n - 1] = 1;
    P->stone[0][n - 1] = P->stone[n - 1][0] = 2;
}

static int on_board(const struct plain *P, int x, int y)
{
    return x >= 0 && y >= 0 && x < P->n && y < P->n;
}

static void plain_root(struct plain *P, int x1, int y1, int x2, int y2)
{
    int *k = &P->nroot[y1][x1];
    P->rdx[y1][x1][*k] = x2 - x1;
    P->rdy[y1][x1][(*k)++] = y2 - y1;
    k = &P->nroot[y2][x2];
    P->rdx[y2][x2][*k] = x1 - x2;
    P->rdy[y2][x2][(*k)++] = y1 - y2;
}

/* The angle rule as written: a new root leaving (x, y) towards (dx, dy)
 * conflicts with a root there towards (ex, ey) when
 * |dx - ex| + |dy - ey| <= 1. */
static int angle_ok(const struct plain *P, int x, int y, int dx, int dy)
{
    for (int i = 0; i < P->nroot[y][x]; i++)
        if (abs(dx - P->rdx[y][x][i]) + abs(dy - P->rdy[y][x][i]) <= 1)
            return 0;
    return 1;
}

struct triple { int x1, y1, x2, y2, x3, y3; };

/* Every legal move of colour col (1 Red, 2 Blue). */
static int plain_moves(const struct plain *P, int col, struct triple *out)
{
    int n = 0;
    for (int y = 0; y < P->n; y++)
        for (int x = 0; x < P->n; x++) {
            if (P->stone[y][x] != col)
                continue;
            for (int dy = -1; dy <= 1; dy += 2)
                for (int dx = -1; dx <= 1; dx += 2) {
                    int x2 = x + dx, y2 = y + dy;
                    if (!on_board(P, x2, y2) || P->stone[y2][x2] || !angle_ok(P, x, y, dx, dy))
                        continue;
                    for (int b = 0; b < 2; b++) {
                        int ox = b ? 0 : dx, oy = b ? dy : 0;
                        int x3 = x2 + ox, y3 = y2 + oy;
                        if (!on_board(P, x3, y3))
                            continue;
                        int c3 = P->stone[y3][x3];
                        if (c3 && (c3 != col || !angle_ok(P, x3, y3, -ox, -oy)))
                            continue;
                        out[n++] = (struct triple){ x, y, x2, y2, x3, y3 };
                    }
                }
        }
    return n;
}

static void plain_play(struct plain *P, const struct triple *t)
{
    int col = P->side + 1;
    P->stone[t->y2][t->x2] = col;
    P->stone[t->y3][t->x3] = col;
    plain_root(P, t->x1, t->y1, t->x2, t->y2);
    plain_root(P, t->x2, t->y2, t->x3, t->y3);
    P->side ^= 1;
}

/* Regions of colour col: flood fill over the four triangles of every cell
 * (0 N, 1 E, 2 S, 3 W). *all gets every region, the result counts those of
 * more than 4 triangles. */
static int plain_has_root(const struct plain *P, int col, int x1, int y1, int x2, int y2)
{
    if (P->stone[y1][x1] != col)
        return 0;
    for (int i = 0; i < P->nroot[y1][x1]; i++)
        if (P->rdx[y1][x1][i] == x2 - x1 && P->rdy[y1][x1][i] == y2 - y1)
            return 1;
    return 0;
}

static int plain_regions(const struct plain *P, int col, int *all)
{
    int cn = P->n - 1, ntri = 4 * cn * cn;
    static int label[4 * PN * PN], stack[4 * PN * PN];
    for (int i = 0; i < ntri; i++)
        label[i] = -1;
    int big = 0, regions = 0;
    for (int seed = 0; seed < ntri; seed++) {
        if (label[seed] >= 0)
            continue;
        int sp = 0, area = 0;
        stack[sp++] = seed;
        label[seed] = regions;
        while (sp) {
            int t = stack[--sp], c = t / 4, i = t % 4, cx = c % cn, cy = c / cn;
            area++;
            int nb[3], nn = 0;
            /* Inside the cell: N-E and S-W meet along "/" (c+1,cy)-(cx,cy+1);
             * E-S and W-N along "\" (cx,cy)-(cx+1,cy+1). */
            int fwd = plain_has_root(P, col, cx + 1, cy, cx, cy + 1);
            int back = plain_has_root(P, col, cx, cy, cx + 1, cy + 1);
            int nxt = (i + 1) % 4, prv = (i + 3) % 4;
            /* the side between i and i+1: N|E, S|W are "/"; E|S, W|N are "\" */
            if (!((i == 0 || i == 2) ? fwd : back))
                nb[nn++] = 4 * c + nxt;
            if (!((prv == 0 || prv == 2) ? fwd : back))
                nb[nn++] = 4 * c + prv;
            if (i == 0 && cy > 0 && !plain_has_root(P, col, cx, cy, cx + 1, cy))
                nb[nn++] = 4 * (c - cn) + 2;
            if (i == 2 && cy < cn - 1 && !plain_has_root(P, col, cx, cy + 1, cx + 1, cy + 1))
                nb[nn++] = 4 * (c + cn) + 0;
            if (i == 3 && cx > 0 && !plain_has_root(P, col, cx, cy, cx, cy + 1))
                nb[nn++] = 4 * (c - 1) + 1;
            if (i == 1 && cx < cn - 1 && !plain_has_root(P, col, cx + 1, cy, cx + 1, cy + 1))
                nb[nn++] = 4 * (c + 1) + 3;
            for (int j = 0; j < nn; j++)
                if (label[nb[j]] < 0) {
                    label[nb[j]] = regions;
                    stack[sp++] = nb[j];
                }
        }
        regions++;
        big += area > 4;
    }
    if (all)
        *all = regions;
    return big;
}

/* ---- text helpers -------------------------------------------------------- */

static void triple_text(const struct triple *t, char *buf, size_t cap)
{
    snprintf(buf, cap, "%c%d-%c%d-%c%d", 'a' + t->x1, t->y1 + 1, 'a' + t->x2, t->y2 + 1,
             'a' + t->x3, t->y3 + 1);
}

static int cmp_str(const void *a, const void *b) { return strcmp(a, b); }

typedef char mtext[40];

/* Compares the engine's move list with the plain generator's; returns 1 if
 * they agree. */
static int same_moves(const void *st, const struct plain *P, int *plain_count)
{
    static struct triple tr[GAME_MAX_MOVES];
    static move_t mv[GAME_MAX_MOVES];
    static mtext a[GAME_MAX_MOVES], b[GAME_MAX_MOVES];
    int np = plain_moves(P, P->side + 1, tr);
    int ne = G->legal_moves(st, mv);
    *plain_count = np;
    if (np == 0) {
        int other = plain_moves(P, 2 - P->side, tr);
        if (other == 0)
            return ne == 0 && G->is_over(st);
        return ne == 1 && mv[0] == MOVE_PASS && !G->is_over(st);
    }
    if (ne != np)
        return 0;
    for (int i = 0; i < np; i++) {
        triple_text(&tr[i], a[i], sizeof a[i]);
        G->format_move(st, mv[i], b[i], sizeof b[i]);
    }
    qsort(a, (size_t)np, sizeof a[0], cmp_str);
    qsort(b, (size_t)np, sizeof b[0], cmp_str);
    for (int i = 0; i < np; i++)
        if (strcmp(a[i], b[i]) != 0)
            return 0;
    return 1;
}

static void parse_triple(const char *s, struct triple *t)
{
    char c1, c2, c3;
    sscanf(s, "%c%d-%c%d-%c%d", &c1, &t->y1, &c2, &t->y2, &c3, &t->y3);
    t->x1 = c1 - 'a', t->x2 = c2 - 'a', t->x3 = c3 - 'a';
    t->y1--, t->y2--, t->y3--;
}

/* ---- perft ---------------------------------------------------------------- */

static uint64_t iface_perft(const unsigned char *st, int depth)
{
    if (depth == 0 || G->is_over(st))
        return 1;
    move_t mv[GAME_MAX_MOVES];
    int n = G->legal_moves(st, mv);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        struct separo_state child;
        memcpy(&child, st, sizeof child);
        G->play(&child, mv[i]);
        total += iface_perft((const unsigned char *)&child, depth - 1);
    }
    return total;
}

static void test_perft(void)
{
    static const uint64_t want[6] = { 1, 4, 16, 96, 568, 4564 };
    struct separo_state st;
    struct game_options o = { 9, 0 };
    CHECK(G->state_size == sizeof st, "state size");
    G->init(&st, &o);
    for (int d = 0; d <= 5; d++) {
        uint64_t h = G->perft(&st, d, NULL), p = iface_perft((const unsigned char *)&st, d);
        CHECK(h == want[d], "perft hook %d: %llu", d, (unsigned long long)h);
        CHECK(p == want[d], "interface perft %d: %llu", d, (unsigned long long)p);
    }
    CHECK(game_perft(G, &st, 6) == iface_perft((const unsigned char *)&st, 6), "perft 6 hook = plain");
}

/* ---- random games against the plain implementation ---------------------- */

static void random_games(int n, int games, uint64_t seed, int check_every_score)
{
    struct rng r;
    rng_seed(&r, seed);
    struct game_options o = { n, 0 };
    static struct plain P;
    int bad_moves = 0, bad_score = 0, bad_inv = 0, passes = 0;
    for (int g = 0; g < games; g++) {
        struct separo_state st, saved, fresh;
        G->init(&st, &o);
        plain_init(&P, n);
        for (int ply = 0;; ply++) {
            int np;
            if (!same_moves(&st, &P, &np)) {
                bad_moves++;
                break;
            }
            /* The incremental move sets equal a rebuild from scratch. */
            fresh = st;
            separo_rebuild(&fresh);
            if (memcmp(fresh.legal, st.legal, sizeof st.legal) || fresh.count[0] != st.count[0] ||
                fresh.count[1] != st.count[1])
                bad_inv++;
            if (check_every_score || G->is_over(&st)) {
                int sc[2];
                G->score(&st, sc);
                if (sc[0] != plain_regions(&P, 1, NULL) || sc[1] != plain_regions(&P, 2, NULL))
                    bad_score++;
                /* The scorer relies on this: every root joins the border. */
                if (separo_components(&st, SEP_RED) != 1 || separo_components(&st, SEP_BLUE) != 1)
                    bad_score++;
            }
            if (G->is_over(&st)) {
                if (G->to_move(&st) != -1)
                    bad_inv++;
                double out[2];
                int sc[2];
                G->outcome(&st, out);
                G->score(&st, sc);
                if (out[0] + out[1] != 1.0 || (sc[0] > sc[1]) != (out[0] == 1.0) ||
                    (sc[0] == sc[1]) != (out[0] == 0.5))
                    bad_inv++;
                break;
            }
            if (G->to_move(&st) != P.side)
                bad_inv++;
            move_t mv[GAME_MAX_MOVES];
            int ne = G->legal_moves(&st, mv);
            move_t m = mv[rng_below(&r, (uint32_t)ne)];
            /* memcpy undo restores the position and its hash */
            uint64_t h0 = G->hash(&st);
            saved = st;
            G->play(&st, m);
            uint64_t h1 = G->hash(&st);
            struct separo_state after = st;
            memcpy(&st, &saved, sizeof st);
            if (G->hash(&st) != h0 || h1 == h0)
                bad_inv++;
            memcpy(&st, &after, sizeof st);
            if (m == MOVE_PASS) {
                passes++;
                P.side ^= 1;
            } else {
                char txt[32];
                move_t back;
                G->format_move(&saved, m, txt, sizeof txt);
                if (G->parse_move(&saved, txt, &back) != 0 || back != m)
                    bad_inv++;
                struct triple t;
                parse_triple(txt, &t);
                plain_play(&P, &t);
            }
        }
    }
    CHECK(bad_moves == 0, "%dx%d: %d games where legal_moves differ from the plain generator", n, n,
          bad_moves);
    CHECK(bad_score == 0, "%dx%d: %d score mismatches with the plain counter", n, n, bad_score);
    CHECK(bad_inv == 0, "%dx%d: %d invariant failures", n, n, bad_inv);
    printf("%dx%d: %d random games checked (%d passes)\n", n, n, games, passes);
}

/* random_playout leaves a finished game (no move for either side in a
 * rebuild from scratch) with a consistent outcome. */
static void test_playouts(void)
{
    struct rng r;
    rng_seed(&r, 77);
    int bad = 0;
    for (int n = 5; n <= 19; n += 2) {
        struct game_options o = { n, 0 };
        for (int g = 0; g < 200; g++) {
            struct separo_state st, scratch;
            G->init(&st, &o);
            G->random_playout(&st, &r);
            scratch = st;
            separo_rebuild(&scratch);
            int sc[2];
            double out[2];
            G->score(&st, sc);
            G->outcome(&st, out);
            if (!G->is_over(&st) || scratch.count[0] || scratch.count[1] ||
                (sc[0] > sc[1] ? 1.0 : sc[0] < sc[1] ? 0.0 : 0.5) != out[0] ||
                G->moves_left(&st) != 0)
                bad++;
        }
    }
    CHECK(bad == 0, "%d random_playout results inconsistent", bad);
}

/* ---- hand-built positions ------------------------------------------------- */

/* A position built both in the engine (no rule checks) and in the plain
 * representation. */
static struct separo_state HS;
static struct plain HP;

static void hb_begin(int n)
{
    separo_clear(&HS, n);
    memset(&HP, 0, sizeof HP);
    HP.n = n;
}

static void pt(const char *name, int *x, int *y)
{
    *x = name[0] - 'a';
    *y = atoi(name + 1) - 1;
}

static void hb_stone(const char *name, int col)
{
    int x, y;
    pt(name, &x, &y);
    separo_put_stone(&HS, x, y, col);
    HP.stone[y][x] = col;
}

/* Root between two points, with stones of colour col on both. */
static void hb_root(const char *a, const char *b, int col)
{
    int x1, y1, x2, y2;
    hb_stone(a, col);
    hb_stone(b, col);
    pt(a, &x1, &y1);
    pt(b, &x2, &y2);
    separo_put_root(&HS, x1, y1, x2, y2);
    plain_root(&HP, x1, y1, x2, y2);
}

static void hb_end(int side)
{
    HS.side = (uint8_t)side;
    HP.side = side;
    separo_rebuild(&HS);
}

static int is_legal_text(const char *text)
{
    move_t m;
    if (G->parse_move(&HS, text, &m) != 0)
        return -1;
    return game_is_legal(G, &HS, m);
}

/* Checks one expectation and that the plain generator agrees overall. */
static void expect(const char *what, const char *move, int legal)
{
    int got = is_legal_text(move), np;
    CHECK(got == legal, "%s: %s legal=%d, expected %d", what, move, got, legal);
    CHECK(same_moves(&HS, &HP, &np), "%s: plain generator disagrees", what);
}

static void test_angle_rule(void)
{
    /* Base: Red stone c3, moves c3-d4-e4 / c3-d4-d5 (diagonal to SE). */
    hb_begin(9);
    hb_stone("c3", 1);
    hb_end(0);
    expect("free stone", "c3-d4-e4", 1);
    expect("free stone", "c3-d4-d5", 1);
    expect("free stone", "c3-b2-a2", 1);

    /* At s1: orthogonal root at 45 degrees to the new diagonal. */
    hb_begin(9);
    hb_root("c3", "d3", 1);
    hb_end(0);
    expect("s1 E root vs SE diagonal (45)", "c3-d4-d5", 0);
    expect("s1 E root vs SE diagonal (45)", "c3-d4-e4", 0);
    expect("s1 E root vs NE diagonal (45)", "c3-d2-d1", 0);
    expect("s1 E root vs SW diagonal (135)", "c3-b4-b5", 1);
    hb_begin(9);
    hb_root("c3", "c4", 1);
    hb_end(0);
    expect("s1 S root vs SE diagonal (45)", "c3-d4-e4", 0);
    expect("s1 S root vs SW diagonal (45)", "c3-b4-a4", 0);
    expect("s1 S root vs NE diagonal (135)", "c3-d2-e2", 1);
    /* 90 degrees: diagonal towards NE, new one SE. */
    hb_begin(9);
    hb_root("c3", "d2", 1);
    hb_end(0);
    expect("s1 NE diagonal vs SE diagonal (90)", "c3-d4-d5", 1);
    /* 135 degrees: orthogonal N and W against SE. */
    hb_begin(9);
    hb_root("c3", "c2", 1);
    hb_root("c3", "b3", 1);
    hb_end(0);
    expect("s1 N,W roots vs SE diagonal (135)", "c3-d4-e4", 1);
    expect("s1 N root vs NE diagonal (45)", "c3-d2-e2", 0);
    /* 180 degrees: diagonal NW against SE. */
    hb_begin(9);
    hb_root("c3", "b2", 1);
    hb_end(0);
    expect("s1 NW diagonal vs SE diagonal (180)", "c3-d4-d5", 1);
    expect("s1 coincide: s2 holds the root's stone", "c3-b2-a2", 0);

    /* At s3 (own stone d5): new root leaves d5 towards N. */
    hb_begin(9);
    hb_stone("c3", 1);
    hb_root("d5", "e4", 1); /* NE at d5: 45 degrees */
    hb_end(0);
    expect("s3 NE diagonal vs N root (45)", "c3-d4-d5", 0);
    /* e4 now holds the red root's other end, whose SW root is at 45
     * degrees to the W root this branch would add there. */
    expect("the root's other end, SW vs W (45)", "c3-d4-e4", 0);
    hb_begin(9);
    hb_stone("c3", 1);
    hb_root("d5", "c4", 1); /* NW at d5: 45 degrees */
    hb_end(0);
    expect("s3 NW diagonal vs N root (45)", "c3-d4-d5", 0);
    hb_begin(9);
    hb_stone("c3", 1);
    hb_root("d5", "e5", 1); /* E at d5: 90 */
    hb_root("d5", "e6", 1); /* SE at d5: 135 */
    hb_root("d5", "d6", 1); /* S at d5: 180 */
    hb_end(0);
    expect("s3 E/SE/S roots vs N root (90/135/180)", "c3-d4-d5", 1);
    hb_begin(9);
    hb_stone("c3", 1);
    hb_stone("d5", 1);
    hb_end(0);
    expect("s3 own stone without roots", "c3-d4-d5", 1);
    /* s3 own stone reached horizontally: new root leaves e4 towards W. */
    hb_begin(9);
    hb_stone("c3", 1);
    hb_root("e4", "f5", 1); /* SE at e4: 135 to W, fine */
    hb_root("e4", "d5", 1); /* SW at e4: 45 to W */
    hb_end(0);
    expect("s3 SW diagonal vs W root (45)", "c3-d4-e4", 0);

    /* Occupied points. */
    hb_begin(9);
    hb_stone("c3", 1);
    hb_stone("d4", 1);
    hb_end(0);
    expect("s2 own stone", "c3-d4-d5", 0);
    hb_begin(9);
    hb_stone("c3", 1);
    hb_stone("d4", 2);
    hb_end(0);
    expect("s2 opponent stone", "c3-d4-e4", 0);
    hb_begin(9);
    hb_stone("c3", 1);
    hb_stone("d5", 2);
    hb_end(0);
    expect("s3 opponent stone", "c3-d4-d5", 0);
    expect("s3 opponent stone, other branch", "c3-d4-e4", 1);
    /* Blue to move: only Blue's stones move. */
    hb_begin(9);
    hb_stone("c3", 1);
    hb_stone("f6", 2);
    hb_end(1);
    expect("not mover's stone", "c3-d4-d5", 0);
    expect("mover's stone", "f6-g7-g8", 1);
    /* Crossing diagonals inside a cell: allowed for both colours. */
    hb_begin(9);
    hb_root("d3", "c4", 2);
    hb_stone("c3", 1);
    hb_end(0);
    expect("crossing an opponent diagonal", "c3-d4-d5", 1);
    hb_begin(9);
    hb_root("d3", "c4", 1);
    hb_stone("c3", 1);
    hb_end(0);
    expect("crossing an own diagonal", "c3-d4-e4", 1);

    /* Off board: a stone at h8 on 9x9 has no move over i9. */
    hb_begin(9);
    hb_stone("h8", 1);
    hb_end(0);
    move_t m;
    CHECK(G->parse_move(&HS, "h8-i9-j9", &m) == -1, "s3 off board");
    CHECK(G->parse_move(&HS, "h8-i9-i10", &m) == -1, "s3 off board (row)");
    CHECK(G->parse_move(&HS, "h8-i9-i8", &m) == -1, "s3 not continuing the diagonal");
    expect("edge move", "h8-g9-f9", 1);
    expect("edge move", "h8-i7-i6", 1);
    move_t mv[GAME_MAX_MOVES];
    /* g7-f7, g7-g6, i7-i6, g9-f9: the other four leave the board */
    CHECK(G->legal_moves(&HS, mv) == 4, "h8 on 9x9 has 4 moves");
    /* Forced pass and game over. */
    hb_begin(5);
    hb_stone("a1", 1);
    hb_stone("b2", 2);
    hb_stone("e5", 2);
    hb_end(0);
    CHECK(G->legal_moves(&HS, mv) == 1 && mv[0] == MOVE_PASS && G->to_move(&HS) == 0,
          "Red blocked: forced pass");
    G->play(&HS, MOVE_PASS);
    CHECK(G->to_move(&HS) == 1 && G->legal_moves(&HS, mv) > 1, "Blue moves after the pass");
    hb_begin(5);
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 5; x++) {
            char name[4];
            snprintf(name, sizeof name, "%c%d", 'a' + x, y + 1);
            hb_stone(name, 1 + (x + y) % 2);
        }
    hb_end(1);
    CHECK(G->is_over(&HS) && G->to_move(&HS) == -1 && G->legal_moves(&HS, mv) == 0,
          "nobody can move: over");
}

static void test_parse(void)
{
    struct separo_state st;
    struct game_options o = { 9, 0 };
    G->init(&st, &o);
    move_t a, b;
    char buf[64];
    CHECK(G->parse_move(&st, "c3-d4-d5", &a) == 0, "three points");
    CHECK(G->parse_move(&st, "c3-d5", &b) == 0 && a == b, "knight shorthand c3-d5");
    G->format_move(&st, b, buf, sizeof buf);
    CHECK(strcmp(buf, "c3-d4-d5") == 0, "printed as %s", buf);
    CHECK(G->parse_move(&st, "c3-e4", &b) == 0, "c3-e4");
    G->format_move(&st, b, buf, sizeof buf);
    CHECK(strcmp(buf, "c3-d4-e4") == 0, "c3-e4 printed as %s", buf);
    CHECK(G->parse_move(&st, "c3-b1", &b) == 0, "c3-b1");
    G->format_move(&st, b, buf, sizeof buf);
    CHECK(strcmp(buf, "c3-b2-b1") == 0, "c3-b1 printed as %s", buf);
    CHECK(G->parse_move(&st, "C3-D4-D5", &b) == 0 && a == b, "upper case");
    CHECK(G->parse_move(&st, "PASS", &b) == 0 && b == MOVE_PASS, "pass");
    G->format_move(&st, MOVE_PASS, buf, sizeof buf);
    CHECK(strcmp(buf, "pass") == 0, "pass printed");
    static const char *bad[] = {
        "", "c3-d4", "c3-c4-c5", "a1-b2-c3", "c3-d4-e5", "c3-d4-c4", "c3-d4-d3", "z9-a1-a2",
        "c3-d4-d5-e5", "a99999999999", "c3-d4-d99999999999", "c3--d4", "c3-d4-d5-", "-c3-d4-d5",
        "c0-d1-d2", "c03-d4-d5", "c3-d6", "c3-e5", "c3", "j1-i2-i3", "i10-h9-h8", "c3 d4 d5",
        "c3-d4-d5x", "3c-4d-5d", "pas", "passs", "c+3-d4-d5", "c-3-d4-d5",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(G->parse_move(&st, bad[i], &b) == -1, "malformed \"%s\" accepted", bad[i]);
    /* 19x19: s19 exists, t1 does not. */
    struct game_options o19 = { 19, 0 };
    G->init(&st, &o19);
    CHECK(G->parse_move(&st, "s19-r18-r17", &b) == 0, "s19 on 19x19");
    CHECK(G->parse_move(&st, "t1-s2-s3", &b) == -1, "t1 off 19x19");
    CHECK(G->parse_move(&st, "r18-s19-s20", &b) == -1, "s20 off 19x19");
    /* random junk: never accepted out of range, accepted text round-trips */
    struct rng r;
    rng_seed(&r, 9);
    static const char alphabet[] = "abcisABS0123456789--pP";
    int bad_fuzz = 0;
    G->init(&st, &o);
    for (int i = 0; i < 200000; i++) {
        char t[24];
        int len = (int)rng_below(&r, 12);
        for (int j = 0; j < len; j++)
            t[j] = alphabet[rng_below(&r, sizeof alphabet - 1)];
        t[len] = '\0';
        if (G->parse_move(&st, t, &b) == 0 && b != MOVE_PASS) {
            char back[64];
            move_t c;
            G->format_move(&st, b, back, sizeof back);
            if (b < 0 || b >= GAME_MAX_MOVES || G->parse_move(&st, back, &c) != 0 || c != b)
                bad_fuzz++;
        }
    }
    CHECK(bad_fuzz == 0, "%d fuzzed texts parsed badly", bad_fuzz);
    /* every move code of every size round-trips through text */
    int bad_rt = 0;
    for (int n = 5; n <= 19; n++) {
        struct game_options on = { n, 0 };
        G->init(&st, &on);
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++)
                for (int k = 0; k < 8; k++) {
                    int p1, p2, p3, m = separo_index(&st, x, y) * 8 + k;
                    separo_move_points(&st, m, &p1, &p2, &p3);
                    int x3 = separo_x(&st, p3), y3 = separo_y(&st, p3);
                    int x2 = separo_x(&st, p2), y2 = separo_y(&st, p2);
                    int onb = x2 >= 0 && y2 >= 0 && x2 < n && y2 < n && x3 >= 0 && y3 >= 0 &&
                              x3 < n && y3 < n;
                    if (!onb)
                        continue;
                    if (m < 0 || m >= GAME_MAX_MOVES)
                        bad_rt++;
                    G->format_move(&st, m, buf, sizeof buf);
                    if (G->parse_move(&st, buf, &b) != 0 || b != m)
                        bad_rt++;
                }
    }
    CHECK(bad_rt == 0, "%d move codes do not round-trip", bad_rt);
}

/* Region counts of hand-built root sets: known answers and the plain
 * counter. */
static void expect_regions(const char *what, int red, int blue, int red_all)
{
    int sc[2], all;
    G->score(&HS, sc);
    int pr = plain_regions(&HP, 1, &all), pb = plain_regions(&HP, 2, NULL);
    CHECK(sc[0] == red && sc[1] == blue, "%s: engine red %d blue %d, expected %d %d", what, sc[0],
          sc[1], red, blue);
    CHECK(pr == red && pb == blue, "%s: plain red %d blue %d, expected %d %d", what, pr, pb, red,
          blue);
    CHECK(red_all < 0 || all == red_all, "%s: %d red regions of any size, expected %d", what, all,
          red_all);
}

static void test_regions(void)
{
    hb_begin(9);
    hb_end(0);
    expect_regions("empty board", 1, 1, 1);

    /* A unit cell closed by red roots: area exactly 1 is not counted. */
    hb_begin(9);
    hb_root("b2", "c2", 1);
    hb_root("c2", "c3", 1);
    hb_root("c3", "b3", 1);
    hb_root("b3", "b2", 1);
    hb_end(0);
    expect_regions("closed unit cell", 1, 1, 2);
    /* Two cells closed together: area 2 counts. */
    hb_begin(9);
    hb_root("b2", "c2", 1);
    hb_root("c2", "d2", 1);
    hb_root("d2", "d3", 1);
    hb_root("d3", "c3", 1);
    hb_root("c3", "b3", 1);
    hb_root("b3", "b2", 1);
    hb_end(0);
    expect_regions("closed 2x1 rectangle", 2, 1, 2);
    /* A diagonal cuts half a cell off it: the half does not count, the
     * remaining area 3/2 does. */
    hb_root("b2", "c3", 1);
    hb_end(0);
    expect_regions("rectangle cut by a diagonal", 2, 1, 3);
    /* A corner cut off by one diagonal (area 1/2). */
    hb_begin(9);
    hb_root("a2", "b1", 1);
    hb_end(0);
    expect_regions("corner triangle", 1, 1, 2);
    /* Triangle against the top edge of area exactly 1: a1-b2-c1. */
    hb_begin(9);
    hb_root("a1", "b2", 1);
    hb_root("b2", "c1", 1);
    hb_end(0);
    expect_regions("edge triangle of area 1", 1, 1, 2);
    /* Area 3/2 against the edge: a1-b2-c2-d1 (two halves and a cell)... */
    hb_begin(9);
    hb_root("a1", "b2", 1);
    hb_root("b2", "c2", 1);
    hb_root("c2", "d1", 1);
    hb_end(0);
    expect_regions("edge trapezoid of area 2", 2, 1, 2);
    /* A diamond of four diagonals around b2 (area 2). */
    hb_begin(9);
    hb_root("b1", "c2", 1);
    hb_root("c2", "b3", 1);
    hb_root("b3", "a2", 1);
    hb_root("a2", "b1", 1);
    hb_end(0);
    expect_regions("diamond and the corner it cuts off", 2, 1, 3);
    /* A red zigzag of diagonals across the board and a blue one down it,
     * crossing inside cell c2-d3: each colour ignores the other's roots
     * (together they would make 4 regions). */
    hb_begin(9);
    for (int x = 0; x < 8; x++) {
        char a[4], b[4];
        snprintf(a, sizeof a, "%c%d", 'a' + x, 2 + (x & 1));
        snprintf(b, sizeof b, "%c%d", 'a' + x + 1, 2 + ((x + 1) & 1));
        hb_root(a, b, 1);
    }
    for (int y = 0; y < 8; y++) {
        char a[4], b[4];
        snprintf(a, sizeof a, "%c%d", 'c' + (y & 1), y + 1);
        snprintf(b, sizeof b, "%c%d", 'c' + ((y + 1) & 1), y + 2);
        hb_root(a, b, 2);
    }
    hb_end(0);
    expect_regions("crossing zigzags", 2, 2, 2);
    /* Border regions: a red line from the top edge to the left edge. */
    hb_begin(9);
    hb_root("a4", "b3", 1);
    hb_root("b3", "c2", 1);
    hb_root("c2", "d1", 1);
    hb_end(0);
    expect_regions("corner cut of area 4.5", 2, 1, 2);
    /* Full lattice of red roots: 64 unit cells, none counts. */
    hb_begin(9);
    for (int y = 0; y < 9; y++)
        for (int x = 0; x < 9; x++) {
            char a[4], b[4];
            snprintf(a, sizeof a, "%c%d", 'a' + x, y + 1);
            if (x < 8) {
                snprintf(b, sizeof b, "%c%d", 'a' + x + 1, y + 1);
                hb_root(a, b, 1);
            }
            if (y < 8) {
                snprintf(b, sizeof b, "%c%d", 'a' + x, y + 2);
                hb_root(a, b, 1);
            }
        }
    hb_end(0);
    expect_regions("full lattice", 0, 1, 64);
    /* A lattice of 2x2 blocks: 16 regions of area 4. */
    hb_begin(9);
    for (int y = 0; y < 9; y++)
        for (int x = 0; x < 9; x++) {
            char a[4], b[4];
            snprintf(a, sizeof a, "%c%d", 'a' + x, y + 1);
            if (x < 8 && y % 2 == 0) {
                snprintf(b, sizeof b, "%c%d", 'a' + x + 1, y + 1);
                hb_root(a, b, 1);
            }
            if (y < 8 && x % 2 == 0) {
                snprintf(b, sizeof b, "%c%d", 'a' + x, y + 2);
                hb_root(a, b, 1);
            }
        }
    hb_end(0);
    expect_regions("2x2 blocks", 16, 1, 16);
    /* Both diagonals in every cell of a 2x2 block: the diamond around c3 is
     * cut into four pieces of area 1/2; the corners stay open outwards. */
    hb_begin(9);
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 2; x++) {
            char a[4], b[4], c[4], d[4];
            snprintf(a, sizeof a, "%c%d", 'b' + x, y + 2);
            snprintf(b, sizeof b, "%c%d", 'b' + x + 1, y + 3);
            snprintf(c, sizeof c, "%c%d", 'b' + x + 1, y + 2);
            snprintf(d, sizeof d, "%c%d", 'b' + x, y + 3);
            hb_root(a, b, 1);
            hb_root(c, d, 1);
        }
    hb_end(0);
    expect_regions("crossed diagonals, open sides", 1, 1, 5);
    /* Half of cell b2-c3 (cut by its diagonal) between the crossed cells
     * b1-c2 and c2-d3: their quarters close it into a region of area 1;
     * the quarter of b1-c2 against the edge is another. */
    hb_begin(9);
    hb_root("b2", "c3", 1);
    hb_root("b1", "c2", 1);
    hb_root("c1", "b2", 1);
    hb_root("c2", "d3", 1);
    hb_root("d2", "c3", 1);
    hb_end(0);
    expect_regions("half between two crossed cells", 1, 1, 3);
}

/* Random root sets with no rules at all (any colours, crossings, roots
 * along the border, pieces off the border, isolated cells), from sparse to
 * dense: the engine's counter against the plain flood fill, which also
 * covers every small-region shape and the component count. */
static void test_root_soup(void)
{
    static const int8_t own_dx[4] = { 1, 0, 1, -1 }, own_dy[4] = { 0, 1, 1, 1 };
    struct rng r;
    rng_seed(&r, 99);
    int bad = 0, cases = 0, all_sum = 0;
    for (int n = 5; n <= 19; n++)
        for (int rep = 0; rep < 200; rep++) {
            /* percent of orthogonal and of diagonal roots present */
            unsigned dens[2] = { rng_below(&r, 101), rng_below(&r, 101) };
            hb_begin(n);
            for (int y = 0; y < n; y++)
                for (int x = 0; x < n; x++) {
                    int col = (int)rng_below(&r, 3);
                    separo_put_stone(&HS, x, y, col);
                    HP.stone[y][x] = col;
                }
            for (int y = 0; y < n; y++)
                for (int x = 0; x < n; x++)
                    for (int d = 0; d < 4; d++) {
                        int x2 = x + own_dx[d], y2 = y + own_dy[d];
                        if (!on_board(&HP, x2, y2) || rng_below(&r, 100) >= dens[d >= 2])
                            continue;
                        separo_put_root(&HS, x, y, x2, y2);
                        plain_root(&HP, x, y, x2, y2);
                    }
            hb_end(0);
            int sc[2], all;
            G->score(&HS, sc);
            if (sc[0] != plain_regions(&HP, 1, &all) || sc[1] != plain_regions(&HP, 2, NULL))
                bad++;
            all_sum += all;
            cases++;
        }
    CHECK(bad == 0, "%d of %d random root sets counted differently from the plain counter", bad,
          cases);
    CHECK(all_sum > 10 * cases, "root sets too sparse to test anything (%d regions)", all_sum);
    printf("root soup: %d random root sets checked\n", cases);
}

/* Hash: transpositions agree, side to move matters. */
static void test_hash_and_text(void)
{
    struct separo_state a, b;
    struct game_options o = { 9, 0 };
    const char *seq1[] = { "a1-b2-c2", "i1-h2-g2", "i9-h8-g8" };
    const char *seq2[] = { "i9-h8-g8", "i1-h2-g2", "a1-b2-c2" };
    G->init(&a, &o);
    G->init(&b, &o);
    for (int i = 0; i < 3; i++) {
        move_t m;
        CHECK(G->parse_move(&a, seq1[i], &m) == 0 && game_is_legal(G, &a, m), "%s", seq1[i]);
        G->play(&a, m);
        CHECK(G->parse_move(&b, seq2[i], &m) == 0 && game_is_legal(G, &b, m), "%s", seq2[i]);
        G->play(&b, m);
    }
    CHECK(G->hash(&a) == G->hash(&b), "transposition hashes equal");
    struct separo_state c = a;
    c.side ^= 1;
    CHECK(G->hash(&c) != G->hash(&a), "side to move in the hash");

    char buf[8192];
    int len = G->show(&a, buf, sizeof buf);
    CHECK(len > 0 && (size_t)len < sizeof buf, "show length");
    CHECK(strstr(buf, "\n\n") == NULL && buf[0] != '\n', "show has no empty line");
    int ok = 1;
    for (const char *p = buf; *p; p++)
        if (*p != '\n' && (*p < 32 || *p > 126))
            ok = 0;
    CHECK(ok, "show is printable ASCII");
    CHECK(strstr(buf, "Blue to move") && strstr(buf, "red 1 blue 1"), "show status:\n%s", buf);
    CHECK(strstr(buf, "R---R") || strstr(buf, "r\\"), "show draws roots:\n%s", buf);
    /* a small buffer is never overrun and the length is still reported */
    char small[16];
    CHECK(G->show(&a, small, sizeof small) == len && strlen(small) == 15, "show truncates");
    G->format_score(&a, buf, sizeof buf);
    CHECK(strcmp(buf, "red 1 blue 1 playing") == 0, "score line %s", buf);
    /* A finished game: result text matches the scores. */
    hb_begin(9);
    hb_root("b2", "c2", 1);
    hb_root("c2", "d2", 1);
    hb_root("d2", "d3", 1);
    hb_root("d3", "c3", 1);
    hb_root("c3", "b3", 1);
    hb_root("b3", "b2", 1);
    for (int y = 0; y < 9; y++) /* block every red move with blue stones */
        for (int x = 0; x < 9; x++)
            if (HP.stone[y][x] == 0) {
                separo_put_stone(&HS, x, y, 2);
                HP.stone[y][x] = 2;
            }
    hb_end(0);
    CHECK(G->is_over(&HS), "full board over");
    G->format_score(&HS, buf, sizeof buf);
    CHECK(strcmp(buf, "red 2 blue 1 over") == 0, "final score line %s", buf);
    G->format_result(&HS, buf, sizeof buf);
    CHECK(strcmp(buf, "B+1") == 0, "result %s", buf);
    double out[2];
    G->outcome(&HS, out);
    CHECK(out[0] == 1.0 && out[1] == 0.0, "outcome");
    CHECK(G->moves_left(&HS) == 0, "moves_left over");
    G->init(&a, &o);
    CHECK(G->moves_left(&a) > 0, "moves_left start");
    CHECK(game_player_index(G, "b") == 0 && game_player_index(G, "Red") == 0 &&
              game_player_index(G, "w") == 1 && game_player_index(G, "blue") == 1,
          "player names");
}

int main(void)
{
    test_perft();
    test_parse();
    test_angle_rule();
    test_regions();
    test_hash_and_text();
    test_root_soup();
    random_games(5, 3000, 1, 1);
    random_games(6, 3000, 2, 1);
    random_games(9, 1000, 3, 1);
    random_games(9, 1000, 6, 0);
    random_games(13, 150, 4, 1);
    random_games(19, 30, 5, 1);
    random_games(19, 30, 7, 0);
    test_playouts();
    return check_report();
}
