/* Torus Hex: geometry against the adjacency formula, the RULES.md
 * examples, the swap rule, notation, and the incremental win detection and
 * random_playout fill against a plain brute-force loop-class check. */
#include "check.h"
#include "engine/game.h"
#include "engine/games/torushex/geom.h"
#include "engine/rng.h"

#include <stdlib.h>
#include <string.h>

extern const struct game torushex_game;
static const struct game *G = &torushex_game;

#define MAXN 19
#define SWAP_FLAG 1u

/* ---- a separate model of the board --------------------------------- */

enum { E = 0, B = 1, W = 2 };

struct board {
    int n;
    int cell[MAXN * MAXN];
};

static int fdiv(int a, int n) /* floor division */
{
    return a >= 0 ? a / n : -((-a + n - 1) / n);
}

/* The six neighbour offsets exactly as RULES.md lists them. */
static const int OFF[6][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, -1 }, { -1, 1 } };

/* Lattice of integer vectors in Hermite form: rows (a, b) and (0, d). */
struct lattice {
    long a, b, d;
};

static long lgcd(long x, long y, long *u, long *v) /* x*u + y*v = g >= 0 */
{
    if (y == 0) {
        *u = x >= 0 ? 1 : -1;
        *v = 0;
        return labs(x);
    }
    long u1, v1, g = lgcd(y, x % y, &u1, &v1);
    *u = v1;
    *v = u1 - (x / y) * v1;
    return g;
}

/* Keeps the form: a >= 0, and b == 0 whenever a == 0. */
static void lattice_add(struct lattice *L, long p, long q)
{
    long u, v, rest = q;
    if (L->a != 0 || p != 0) {
        long g = lgcd(L->a, p, &u, &v);
        rest = (p / g) * L->b - (L->a / g) * q;
        L->b = u * L->b + v * q;
        L->a = g;
    }
    L->d = lgcd(L->d, rest, &u, &v);
}

/* Brute force: does colour col win on this board? Sets the normalised
 * class of the win (rank 2: (1,0) for Black, (0,1) for White) and checks
 * that every group's loop lattice is 0, Z*primitive, or all of Z^2. */
static int brute_wins(const struct board *bd, int col, int *wp, int *wq, int *lattice_ok)
{
    int n = bd->n, nn = n * n;
    int seen[MAXN * MAXN], X[MAXN * MAXN], Y[MAXN * MAXN], queue[MAXN * MAXN];
    int won = 0;
    memset(seen, 0, sizeof seen);
    for (int s = 0; s < nn; s++) {
        if (bd->cell[s] != col || seen[s])
            continue;
        struct lattice L = { 0, 0, 0 };
        int head = 0, tail = 0;
        seen[s] = 1;
        X[s] = s % n;
        Y[s] = s / n;
        queue[tail++] = s;
        while (head < tail) {
            int i = queue[head++];
            for (int k = 0; k < 6; k++) {
                int x = X[i] + OFF[k][0], y = Y[i] + OFF[k][1];
                int c = ((x % n) + n) % n, r = ((y % n) + n) % n, j = r * n + c;
                if (bd->cell[j] != col)
                    continue;
                if (!seen[j]) {
                    seen[j] = 1;
                    X[j] = x;
                    Y[j] = y;
                    queue[tail++] = j;
                } else if (x != X[j] || y != Y[j]) {
                    lattice_add(&L, (x - X[j]) / n, (y - Y[j]) / n);
                }
            }
        }
        int rank = (L.a != 0) + (L.d != 0);
        int p = 0, q = 0, wins = 0;
        if (rank == 2) {
            if (labs(L.a * L.d) != 1)
                *lattice_ok = 0;
            wins = 1;
            p = col == B;
            q = col == W;
        } else if (rank == 1) {
            long gp = L.a ? L.a : 0, gq = L.a ? L.b : L.d, u, v;
            if (lgcd(gp, gq, &u, &v) != 1)
                *lattice_ok = 0;
            p = (int)gp;
            q = (int)gq;
            if (col == B && p != 0 && p * q >= 0) {
                wins = 1;
                if (p < 0)
                    p = -p, q = -q;
            }
            if (col == W && q != 0 && p * q <= 0) {
                wins = 1;
                if (q < 0)
                    p = -p, q = -q;
            }
        }
        if (wins && !won) {
            won = 1;
            *wp = p;
            *wq = q;
        } else if (wins && (*wp != p || *wq != q)) {
            *lattice_ok = 0; /* two winning groups of different classes */
        }
    }
    return won;
}

/* "none playing" or "black wins P Q" as the brute force sees the board. */
static void brute_score(const struct board *bd, char *buf, size_t cap, int *lattice_ok)
{
    int p, q;
    int bw = brute_wins(bd, B, &p, &q, lattice_ok);
    if (bw)
        snprintf(buf, cap, "black wins %d %d", p, q);
    int ww = brute_wins(bd, W, &p, &q, lattice_ok);
    if (ww)
        snprintf(buf, cap, "white wins %d %d", p, q);
    if (bw && ww)
        snprintf(buf, cap, "both win");
    if (!bw && !ww)
        snprintf(buf, cap, "none playing");
}

/* ---- interface helpers ------------------------------------------------ */

typedef union {
    unsigned char bytes[16384];
    max_align_t align;
} state_buf;

static void new_game(void *st, int n, unsigned flags)
{
    struct game_options o = { n, flags };
    G->init(st, &o);
}

static move_t mv(const void *st, const char *text)
{
    move_t m = MOVE_NONE;
    int rc = G->parse_move(st, text, &m);
    CHECK(rc == 0, "parse %s", text);
    return m;
}

static int legal(const void *st, move_t m)
{
    return game_is_legal(G, st, m);
}

static void score_text(const void *st, char *buf, size_t cap)
{
    G->format_score(st, buf, cap);
}

/* Plays cell (c, r) for whoever is to move, tracking the model board. */
static void play_cell(void *st, struct board *bd, int c, int r)
{
    int n = bd->n, who = G->to_move(st);
    move_t m = r * n + c;
    CHECK(legal(st, m), "cell %d,%d legal", c, r);
    G->play(st, m);
    bd->cell[r * n + c] = who == 0 ? B : W;
}

static int adjacent(int n, int a, int b)
{
    int ac = a % n, ar = a / n;
    for (int k = 0; k < 6; k++) {
        int c = (ac + OFF[k][0] + n) % n, r = (ar + OFF[k][1] + n) % n;
        if (r * n + c == b)
            return 1;
    }
    return 0;
}

/* Filler cells: off the structure `avoid` and inducing a forest (every
 * new filler touches each earlier component at most once), so they hold
 * no loop at all. Greedy; returns how many were found. */
static int pick_fillers(int n, const int *avoid, int navoid, int *out, int want)
{
    int comp[MAXN * MAXN], k = 0;
    for (int i = 0; i < n * n && k < want; i++) {
        int ok = 1, touched[6], nt = 0;
        for (int a = 0; a < navoid && ok; a++)
            if (avoid[a] == i)
                ok = 0;
        for (int f = 0; f < k && ok; f++) {
            if (!adjacent(n, out[f], i))
                continue;
            for (int t = 0; t < nt; t++)
                if (touched[t] == comp[f])
                    ok = 0;
            touched[nt++] = comp[f];
        }
        if (!ok)
            continue;
        for (int f = 0; f < k; f++) /* merge the touched components into i's */
            for (int t = 0; t < nt; t++)
                if (comp[f] == touched[t] && touched[t] != i)
                    comp[f] = i;
        comp[k] = i;
        out[k++] = i;
    }
    return k;
}

/* Plays the structure `cells` for colour `col` (B or W) interleaved with
 * harmless fillers for the other colour. Checks the game stays undecided
 * until the last structure stone and then reads `expect` (NULL: stays
 * undecided). */
static void play_structure(int n, int col, const int *cells, int len, const char *expect,
                           const char *what)
{
    state_buf sb;
    void *st = sb.bytes;
    struct board bd = { .n = n };
    int fill[MAXN * MAXN];
    int need = col == B ? len - 1 : len;
    int got = pick_fillers(n, cells, len, fill, need);
    CHECK(got >= need, "%s: %d fillers of %d", what, got, need);
    new_game(st, n, 0);
    int fi = 0;
    char sc[64];
    for (int k = 0; k < len; k++) {
        if ((G->to_move(st) == 0) != (col == B))
            play_cell(st, &bd, fill[fi] % n, fill[fi] / n), fi++;
        CHECK(!G->is_over(st), "%s: over early before stone %d", what, k);
        play_cell(st, &bd, cells[k] % n, cells[k] / n);
        score_text(st, sc, sizeof sc);
        if (k < len - 1)
            CHECK(strcmp(sc, "none playing") == 0, "%s: stone %d gives %s", what, k, sc);
    }
    if (expect) {
        CHECK(strcmp(sc, expect) == 0, "%s: got '%s' want '%s'", what, sc, expect);
        CHECK(G->is_over(st) && G->to_move(st) == -1, "%s: over", what);
        char res[16];
        G->format_result(st, res, sizeof res);
        CHECK(strcmp(res, col == B ? "B+" : "W+") == 0, "%s: result %s", what, res);
        int s[2];
        G->score(st, s);
        CHECK(s[0] == (col == B) && s[1] == (col == W), "%s: score", what);
        move_t ms[GAME_MAX_MOVES];
        CHECK(G->legal_moves(st, ms) == 0, "%s: no moves once over", what);
    } else {
        CHECK(strcmp(sc, "none playing") == 0, "%s: got '%s'", what, sc);
        CHECK(!G->is_over(st), "%s: not over", what);
    }
    int ok = 1;
    char bsc[64];
    brute_score(&bd, bsc, sizeof bsc, &ok);
    CHECK(strcmp(bsc, sc) == 0, "%s: brute force says %s", what, bsc);
}

/* ---- tests ------------------------------------------------------------ */

static void test_geometry(void)
{
    static const int sizes[] = { 3, 4, 5, 7, 11, 19 };
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        int n = sizes[si];
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                int seen[6] = { 0 };
                for (int d = 0; d < TH_DIRS; d++) {
                    int nc, nr, wx, wy;
                    th_step(n, c, r, d, &nc, &nr, &wx, &wy);
                    int found = -1;
                    for (int k = 0; k < 6; k++) {
                        int x = c + OFF[k][0], y = r + OFF[k][1];
                        if (((x % n) + n) % n == nc && ((y % n) + n) % n == nr
                            && fdiv(x, n) == wx && fdiv(y, n) == wy)
                            found = k;
                    }
                    CHECK(found >= 0 && !seen[found], "n=%d (%d,%d) dir %d", n, c, r, d);
                    if (found >= 0)
                        seen[found] = 1;
                    /* the opposite step leads back, crossing the seams back */
                    int bc, br, bx, by;
                    th_step(n, nc, nr, d ^ 1, &bc, &br, &bx, &by);
                    CHECK(bc == c && br == r && bx == -wx && by == -wy,
                          "n=%d (%d,%d) dir %d back", n, c, r, d);
                }
            }
        /* The corner case: (n-1, 0) and (0, n-1) touch across both seams. */
        int nc, nr, wx, wy;
        th_step(n, n - 1, 0, 4, &nc, &nr, &wx, &wy);
        CHECK(nc == 0 && nr == n - 1 && wx == 1 && wy == -1, "n=%d corner", n);
        th_step(n, 0, n - 1, 5, &nc, &nr, &wx, &wy);
        CHECK(nc == n - 1 && nr == 0 && wx == -1 && wy == 1, "n=%d corner back", n);
        /* and not across the other diagonal */
        th_step(n, n - 1, n - 1, 0, &nc, &nr, &wx, &wy);
        CHECK(nc == 0 && nr == n - 1 && wx == 1 && wy == 0, "n=%d right seam", n);
        th_step(n, n - 1, n - 1, 2, &nc, &nr, &wx, &wy);
        CHECK(nc == n - 1 && nr == 0 && wx == 0 && wy == 1, "n=%d bottom seam", n);
    }
}

static void test_examples(void)
{
    int n = 11, cells[64], len;
    /* A full Black row a5..k5: class (1, 0). */
    for (len = 0; len < n; len++)
        cells[len] = 4 * n + len;
    play_structure(n, B, cells, len, "black wins 1 0", "black row");
    /* Same row played right to left, closing in the middle. */
    for (len = 0; len < n; len++)
        cells[len] = 4 * n + (len * 5) % n;
    play_structure(n, B, cells, len, "black wins 1 0", "black row scrambled");
    /* A full White column f1..f11: class (0, 1). */
    for (len = 0; len < n; len++)
        cells[len] = len * n + 5;
    play_structure(n, W, cells, len, "white wins 0 1", "white column");
    /* White on the anti-diagonal (c+1, r-1) from a11: class (1,-1) -> (-1,1). */
    for (len = 0; len < n; len++)
        cells[len] = (n - 1 - len) * n + len;
    play_structure(n, W, cells, len, "white wins -1 1", "white anti-diagonal");
    /* Black's alpha+beta diagonal of 22 stones: (k,k), (k+1,k). */
    for (len = 0; len < 2 * n; len++) {
        int k = len / 2, c = (k + (len & 1)) % n;
        cells[len] = k * n + c;
    }
    play_structure(n, B, cells, len, "black wins 1 1", "black diagonal");
    /* The same shapes in the other colour do not win. */
    for (len = 0; len < n; len++)
        cells[len] = (n - 1 - len) * n + len;
    play_structure(n, B, cells, len, NULL, "black anti-diagonal (1,-1)");
    for (len = 0; len < n; len++)
        cells[len] = 4 * n + len;
    play_structure(n, W, cells, len, NULL, "white row (1,0)");
    for (len = 0; len < n; len++)
        cells[len] = len * n + 5;
    play_structure(n, B, cells, len, NULL, "black column (0,1)");
    for (len = 0; len < 2 * n; len++) {
        int k = len / 2, c = (k + (len & 1)) % n;
        cells[len] = k * n + c;
    }
    play_structure(n, W, cells, len, NULL, "white diagonal (1,1)");
    /* Two independent classes in one group win for the owner: a Black
     * anti-diagonal, then the row through it. */
    len = 0;
    for (int k = 0; k < n; k++)
        cells[len++] = (n - 1 - k) * n + k;
    for (int c = 0; c < n; c++)
        if (c != 6)
            cells[len++] = 4 * n + c;
    play_structure(n, B, cells, len, "black wins 1 0", "black rank 2");
    /* White row, then a White column through it. */
    len = 0;
    for (int c = 0; c < n; c++)
        cells[len++] = 4 * n + c;
    for (int r = 0; r < n; r++)
        if (r != 4)
            cells[len++] = r * n + 5;
    play_structure(n, W, cells, len, "white wins 0 1", "white rank 2");
    /* Small boards: the rows and the corner anti-diagonal. */
    for (int m = 3; m <= 7; m++) {
        for (len = 0; len < m; len++)
            cells[len] = (m - 1) * m + len;
        play_structure(m, B, cells, len, "black wins 1 0", "small black row");
        for (len = 0; len < m; len++)
            cells[len] = len * m + m - 1;
        play_structure(m, W, cells, len, "white wins 0 1", "small white column");
        for (len = 0; len < m; len++) /* from (m-1, 0) over the corner */
            cells[len] = ((m - len) % m) * m + (m - 1 + len) % m;
        play_structure(m, W, cells, len, "white wins -1 1", "small white corner diagonal");
    }
}

static void board_from_show(const void *st, int n, struct board *bd);

static void test_swap(void)
{
    state_buf sb;
    void *st = sb.bytes;
    char buf[64];
    for (int n = 3; n <= 19; n += 8) {
        new_game(st, n, SWAP_FLAG);
        move_t sw = mv(st, "swap");
        CHECK(!legal(st, sw), "swap not legal for Black's first move");
        G->play(st, mv(st, "b2"));
        CHECK(legal(st, sw), "swap legal as White's first move");
        uint64_t h = G->hash(st);
        G->format_move(st, sw, buf, sizeof buf);
        CHECK(strcmp(buf, "swap") == 0, "format swap: %s", buf);
        G->play(st, sw);
        CHECK(G->to_move(st) == 0, "Black to move after swap");
        CHECK(G->hash(st) != h, "hash changes");
        CHECK(!legal(st, sw), "swap once only");
        CHECK(!legal(st, mv(st, "b2")), "swapped cell occupied");
        G->show(st, buf, 0);
        char big[4096];
        G->show(st, big, sizeof big);
        /* row 2 shows the stone as White: "2" then "  " + 1 indent + ". O" */
        CHECK(strstr(big, "\n 2   . O") != NULL, "stone is white:\n%s", big);
        struct board bd;
        board_from_show(st, n, &bd);
        int blacks = 0;
        for (int i = 0; i < n * n; i++)
            blacks += bd.cell[i] == B;
        CHECK(blacks == 0, "no black stone left:\n%s", big);
        move_t ms[GAME_MAX_MOVES];
        CHECK(G->legal_moves(st, ms) == n * n - 1, "moves after swap");
        G->play(st, mv(st, "a1"));
        CHECK(!legal(st, sw), "swap not legal later");
        /* Without the variant swap is never legal. */
        new_game(st, n, 0);
        G->play(st, mv(st, "b2"));
        CHECK(!legal(st, sw), "no swap without the variant");
        CHECK(G->legal_moves(st, ms) == n * n - 1, "moves without swap");
    }
    /* A White loop can use the swapped stone. */
    state_buf sb2;
    void *s2 = sb2.bytes;
    new_game(s2, 3, SWAP_FLAG);
    G->play(s2, mv(s2, "a1"));
    G->play(s2, mv(s2, "swap"));
    G->play(s2, mv(s2, "b1"));
    G->play(s2, mv(s2, "a2"));
    G->play(s2, mv(s2, "c2"));
    G->play(s2, mv(s2, "a3"));
    score_text(s2, buf, sizeof buf);
    CHECK(strcmp(buf, "white wins 0 1") == 0, "swapped stone in white loop: %s", buf);
}

static void test_notation(void)
{
    state_buf sb;
    void *st = sb.bytes;
    static const int sizes[] = { 3, 11, 19 };
    char buf[32], up[32];
    for (size_t si = 0; si < 3; si++) {
        int n = sizes[si];
        new_game(st, n, 0);
        int ok = 1;
        for (int m = 0; m < n * n; m++) {
            G->format_move(st, m, buf, sizeof buf);
            move_t back = MOVE_NONE;
            if (G->parse_move(st, buf, &back) != 0 || back != m)
                ok = 0;
            for (int k = 0; buf[k]; k++)
                up[k] = (char)(buf[k] >= 'a' && buf[k] <= 'z' ? buf[k] - 32 : buf[k]), up[k + 1] = 0;
            if (G->parse_move(st, up, &back) != 0 || back != m)
                ok = 0;
            char expect[16];
            snprintf(expect, sizeof expect, "%c%d", 'a' + m % n, m / n + 1);
            if (strcmp(expect, buf) != 0)
                ok = 0;
        }
        CHECK(ok, "round trip n=%d", n);
        snprintf(buf, sizeof buf, "%c%d", 'a' + n - 1, n);
        CHECK(mv(st, buf) == n * n - 1, "last cell n=%d", n);
        static const char *bad[] = { "", "pass", "PASS", "a0", "a", "1a", "a-1", "a+1", "a 1",
                                     "aa1", "a1x", "a01", "a99999999999", "a4294967297",
                                     "?", "swap1", "swa", "\3771", "a1 " };
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            move_t m = 12345;
            CHECK(G->parse_move(st, bad[k], &m) == -1 && m == 12345, "n=%d rejects '%s'", n,
                  bad[k]);
        }
        snprintf(buf, sizeof buf, "%c1", 'a' + n);
        CHECK(G->parse_move(st, buf, &(move_t){ 0 }) == -1, "n=%d rejects %s", n, buf);
        snprintf(buf, sizeof buf, "a%d", n + 1);
        CHECK(G->parse_move(st, buf, &(move_t){ 0 }) == -1, "n=%d rejects %s", n, buf);
        /* "swap" parses, but is not a legal move without the variant. */
        move_t sw = mv(st, "SwAp");
        CHECK(sw >= 0 && sw < GAME_MAX_MOVES && !legal(st, sw), "swap n=%d", n);
    }
    new_game(st, 19, 0);
    CHECK(G->parse_move(st, "t1", &(move_t){ 0 }) == -1, "t1 on 19");
    CHECK(G->parse_move(st, "a20", &(move_t){ 0 }) == -1, "a20 on 19");
    CHECK(mv(st, "s19") == 360, "s19");
    /* Registry-facing constants. */
    CHECK(strcmp(G->name, "TorusHex") == 0 && G->min_size == 3 && G->max_size == 19
              && G->default_size == 11 && G->num_players == 2,
          "constants");
    CHECK(game_player_index(G, "w") == 1 && game_player_index(G, "B") == 0, "players");
    CHECK(G->size_ok(3) && G->size_ok(19) && !G->size_ok(2) && !G->size_ok(20), "sizes");
    CHECK(G->state_size <= sizeof(state_buf), "state fits");
}

/* Random games: after every move the incremental result agrees with the
 * brute force, interface invariants hold, undo by memcpy restores all. */
static void test_random_games(void)
{
    struct rng rg;
    rng_seed(&rg, 20240607);
    state_buf sb, prev;
    void *st = sb.bytes;
    move_t ms[GAME_MAX_MOVES];
    int games = 0, agree = 1, lat_ok = 1, inv_ok = 1, undo_ok = 1, show_ok = 1;
    long wins[2] = { 0, 0 };
    for (int gi = 0; gi < 3000; gi++) {
        int n = 3 + gi % 9;
        unsigned flags = (gi % 3 == 0) ? SWAP_FLAG : 0;
        struct board bd = { .n = n };
        new_game(st, n, flags);
        int plies = 0;
        for (;;) {
            int cnt = G->legal_moves(st, ms);
            int over = G->is_over(st);
            if ((cnt == 0) != over || (G->to_move(st) == -1) != over)
                inv_ok = 0;
            for (int k = 0; k < cnt; k++)
                if (ms[k] == MOVE_PASS || ms[k] < 0 || ms[k] > n * n)
                    inv_ok = 0;
            if (over)
                break;
            int ml = G->moves_left(st);
            if (ml < 1 || ml > n * n)
                inv_ok = 0;
            move_t m = ms[rng_below(&rg, (uint32_t)cnt)];
            int who = G->to_move(st);
            memcpy(prev.bytes, st, G->state_size);
            uint64_t h0 = G->hash(st);
            G->play(st, m);
            if (gi % 10 == 0) { /* undo by copy restores state and hash */
                state_buf tmp;
                memcpy(tmp.bytes, st, G->state_size);
                memcpy(st, prev.bytes, G->state_size);
                if (G->hash(st) != h0 || memcmp(st, prev.bytes, G->state_size) != 0)
                    undo_ok = 0;
                memcpy(st, tmp.bytes, G->state_size);
            }
            if (G->hash(st) == h0)
                inv_ok = 0;
            if (m == n * n) {
                for (int i = 0; i < n * n; i++)
                    if (bd.cell[i] == B)
                        bd.cell[i] = W;
            } else {
                bd.cell[m] = who == 0 ? B : W;
            }
            plies++;
            char a[64], b[64];
            score_text(st, a, sizeof a);
            brute_score(&bd, b, sizeof b, &lat_ok);
            if (strcmp(a, b) != 0) {
                if (agree)
                    fprintf(stderr, "game %d n=%d ply %d: incremental '%s' brute '%s'\n", gi, n,
                            plies, a, b);
                agree = 0;
            }
        }
        int s[2];
        double o[2];
        G->score(st, s);
        G->outcome(st, o);
        if (s[0] + s[1] != 1 || o[0] != s[0] || o[1] != s[1] || G->moves_left(st) != 0)
            inv_ok = 0;
        char res[8];
        G->format_result(st, res, sizeof res);
        if (strcmp(res, s[0] ? "B+" : "W+") != 0)
            inv_ok = 0;
        wins[s[1]]++;
        if (gi % 50 == 0) {
            char txt[4096];
            int len = G->show(st, txt, sizeof txt);
            if (len <= 0 || (size_t)len >= sizeof txt || strstr(txt, "\n\n") || txt[len - 1] == '\n')
                show_ok = 0;
            for (int k = 0; k < len; k++)
                if (txt[k] != '\n' && (txt[k] < 32 || txt[k] > 126))
                    show_ok = 0;
            char small[40];
            if (G->show(st, small, sizeof small) != len || strlen(small) != sizeof small - 1)
                show_ok = 0;
        }
        games++;
    }
    CHECK(agree, "incremental winner and class agree with brute force after every move");
    CHECK(lat_ok, "loop lattices are 0, Z*primitive or Z^2; winners' classes agree");
    CHECK(inv_ok, "interface invariants");
    CHECK(undo_ok, "memcpy undo restores state and hash");
    CHECK(show_ok, "show: printable, no empty line, truncates like snprintf");
    CHECK(wins[0] > 0 && wins[1] > 0, "both colours win sometimes: %ld %ld", wins[0], wins[1]);
    printf("random games: %d, black %ld white %ld\n", games, wins[0], wins[1]);
}

/* Reads the board drawn by show (X, O, . after the row label). */
static void board_from_show(const void *st, int n, struct board *bd)
{
    char txt[4096];
    G->show(st, txt, sizeof txt);
    bd->n = n;
    const char *line = strchr(txt, '\n') + 1; /* skip title */
    line = strchr(line, '\n') + 1;            /* skip column letters */
    for (int r = 0; r < n; r++) {
        const char *p = line + 4 + r;
        for (int c = 0; c < n; c++, p += 2)
            bd->cell[r * n + c] = *p == 'X' ? B : *p == 'O' ? W : E;
        line = strchr(line, '\n') + 1;
    }
}

/* random_playout fills the board; its winner is the brute-force winner of
 * the full board and the winner of playing the same fill move by move. */
static void test_playout(void)
{
    struct rng rg;
    rng_seed(&rg, 77);
    state_buf sb, start, seq;
    void *st = sb.bytes;
    move_t ms[GAME_MAX_MOVES];
    int ok_full = 1, ok_seq = 1, ok_state = 1, lat_ok = 1, swaps = 0, tested = 0;
    for (int gi = 0; gi < 4000; gi++) {
        int n = gi < 2000 ? 11 : 3 + gi % 9;
        unsigned flags = gi % 4 == 1 ? SWAP_FLAG : 0;
        new_game(start.bytes, n, flags);
        int prefix = (int)rng_below(&rg, (uint32_t)(n * n / 2 + 1));
        if (flags && gi % 8 == 1)
            prefix = 1; /* swap still available */
        for (int k = 0; k < prefix && !G->is_over(start.bytes); k++) {
            int cnt = G->legal_moves(start.bytes, ms);
            G->play(start.bytes, ms[rng_below(&rg, (uint32_t)cnt)]);
        }
        if (G->is_over(start.bytes))
            continue;
        tested++;
        struct board before, after;
        board_from_show(start.bytes, n, &before);
        memcpy(st, start.bytes, G->state_size);
        G->random_playout(st, &rg);
        board_from_show(st, n, &after);
        int s[2];
        G->score(st, s);
        if (!G->is_over(st) || G->to_move(st) != -1 || s[0] + s[1] != 1)
            ok_state = 0;
        /* full board, right share of stones for each side */
        int nb = 0, nw = 0, empties = 0, bb = 0;
        for (int i = 0; i < n * n; i++) {
            nb += after.cell[i] == B;
            nw += after.cell[i] == W;
            empties += before.cell[i] == E;
            bb += before.cell[i] == B;
        }
        int swapped = 0;
        if (G->to_move(start.bytes) == 1 && bb == 1 && nb + nw == n * n) {
            for (int i = 0; i < n * n; i++)
                if (before.cell[i] == B && after.cell[i] == W)
                    swapped = 1;
        }
        swaps += swapped;
        if (nb + nw != n * n)
            ok_state = 0;
        char a[64], b[64];
        score_text(st, a, sizeof a);
        brute_score(&after, b, sizeof b, &lat_ok);
        if (strcmp(a, b) != 0) {
            if (ok_full)
                fprintf(stderr, "playout %d n=%d: '%s' brute '%s'\n", gi, n, a, b);
            ok_full = 0;
        }
        /* Replay the fill move by move in a random alternating order. */
        int bl[MAXN * MAXN], wl[MAXN * MAXN], nbl = 0, nwl = 0;
        for (int i = 0; i < n * n; i++) {
            if (before.cell[i] != E)
                continue;
            if (after.cell[i] == B)
                bl[nbl++] = i;
            else
                wl[nwl++] = i;
        }
        for (int k = nbl - 1; k > 0; k--) {
            int j = (int)rng_below(&rg, (uint32_t)k + 1), t = bl[k];
            bl[k] = bl[j], bl[j] = t;
        }
        for (int k = nwl - 1; k > 0; k--) {
            int j = (int)rng_below(&rg, (uint32_t)k + 1), t = wl[k];
            wl[k] = wl[j], wl[j] = t;
        }
        memcpy(seq.bytes, start.bytes, G->state_size);
        if (swapped)
            G->play(seq.bytes, n * n);
        int ib = 0, iw = 0;
        while (!G->is_over(seq.bytes)) {
            int who = G->to_move(seq.bytes);
            int cell = who == 0 ? (ib < nbl ? bl[ib++] : -1) : (iw < nwl ? wl[iw++] : -1);
            if (cell < 0 || !legal(seq.bytes, cell)) {
                ok_seq = 0;
                break;
            }
            G->play(seq.bytes, cell);
        }
        int s2[2];
        G->score(seq.bytes, s2);
        if (s2[0] != s[0] || s2[1] != s[1]) {
            if (ok_seq)
                fprintf(stderr, "playout %d n=%d: fill winner %d, move by move %d\n", gi, n,
                        s[1], s2[1]);
            ok_seq = 0;
        }
        (void)empties;
    }
    CHECK(ok_state, "playout leaves a full, finished board");
    CHECK(ok_full, "playout winner and class equal the brute force on the full board");
    CHECK(ok_seq, "playout winner equals move-by-move play of the same fill");
    CHECK(lat_ok, "lattices on full boards");
    CHECK(swaps > 0, "playouts sometimes swap (%d)", swaps);
    CHECK(tested > 3000, "playouts tested: %d", tested);
    printf("playouts checked: %d (%d with swap)\n", tested, swaps);
}

/* Many more full boards, all sizes up to 19: the playout's fast winner
 * (cylinder crossings, exact scan as a last resort) against brute force. */
static void test_playout_boards(void)
{
    struct rng rg;
    rng_seed(&rg, 4242);
    state_buf sb;
    int ok = 1, lat_ok = 1, boards = 0;
    for (int gi = 0; gi < 24000; gi++) {
        int n = gi < 12000 ? 11 : 3 + gi % 17;
        new_game(sb.bytes, n, 0);
        G->random_playout(sb.bytes, &rg);
        struct board bd;
        board_from_show(sb.bytes, n, &bd);
        char a[64], b[64];
        score_text(sb.bytes, a, sizeof a);
        brute_score(&bd, b, sizeof b, &lat_ok);
        if (strcmp(a, b) != 0) {
            if (ok)
                fprintf(stderr, "board %d n=%d: playout '%s' brute '%s'\n", gi, n, a, b);
            ok = 0;
        }
        boards++;
    }
    CHECK(ok, "playout winners on %d full boards agree with brute force", boards);
    CHECK(lat_ok, "lattices on full boards");
}

/* The fill and move-by-move random play give the same win rates. */
static void test_playout_rate(void)
{
    struct rng rg;
    rng_seed(&rg, 5);
    state_buf sb;
    void *st = sb.bytes;
    move_t ms[GAME_MAX_MOVES];
    int N = 20000;
    long fill = 0, step = 0;
    for (int i = 0; i < N; i++) {
        int s[2];
        new_game(st, 11, 0);
        G->random_playout(st, &rg);
        G->score(st, s);
        fill += s[0];
        if (i % 4)
            continue;
        new_game(st, 11, 0);
        int cnt;
        while ((cnt = G->legal_moves(st, ms)) > 0)
            G->play(st, ms[rng_below(&rg, (uint32_t)cnt)]);
        G->score(st, s);
        step += s[0];
    }
    double pf = (double)fill / N, ps = (double)step / (N / 4);
    /* sd of the difference ~0.008; both slightly below one half */
    CHECK(pf < 0.5 && ps < 0.5 && pf > 0.4 && ps > 0.4 && pf - ps < 0.035 && ps - pf < 0.035,
          "black win rate: fill %.3f, move by move %.3f", pf, ps);
    printf("11x11 black win rate: fill %.4f, move by move %.4f\n", pf, ps);
}

static void test_hash(void)
{
    state_buf a, b;
    new_game(a.bytes, 11, 0);
    new_game(b.bytes, 11, 0);
    const char *x[] = { "a1", "c3", "e5", "g7" }, *y[] = { "e5", "g7", "a1", "c3" };
    for (int k = 0; k < 4; k++) {
        G->play(a.bytes, mv(a.bytes, x[k]));
        G->play(b.bytes, mv(b.bytes, y[k]));
    }
    CHECK(G->hash(a.bytes) == G->hash(b.bytes), "transposition gives equal hash");
    G->play(a.bytes, mv(a.bytes, "k11"));
    G->play(b.bytes, mv(b.bytes, "j11"));
    CHECK(G->hash(a.bytes) != G->hash(b.bytes), "different positions differ");
    new_game(b.bytes, 11, SWAP_FLAG);
    new_game(a.bytes, 11, 0);
    CHECK(G->hash(a.bytes) != G->hash(b.bytes), "variant in hash");
    char buf[4096];
    int len = G->show(a.bytes, buf, sizeof buf);
    CHECK(len > 0 && strstr(buf, "wrap") && strstr(buf, "black (X) to move")
              && strstr(buf, "none playing"),
          "show:\n%s", buf);
    CHECK(strstr(buf, "\n 1  . . .") && strstr(buf, "\n11            . ."), "slant:\n%s", buf);
}

int main(void)
{
    test_geometry();
    test_examples();
    test_swap();
    test_notation();
    test_hash();
    test_random_games();
    test_playout();
    test_playout_boards();
    test_playout_rate();
    return check_report();
}
