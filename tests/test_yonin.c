/* Yonin tests: known perft counts, and a plain second implementation (2D
 * array, per-direction walks, its own territory rule) that follows thousands
 * of random games move by move and checks moves, boards (read back from
 * show), scores, turn order, passes, the end, results and hashes. */
#include "engine/game.h"
#include "engine/rng.h"
#include "tests/check.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const struct game yonin_game;
static const struct game *G = &yonin_game;

#define TEAM 1u
#define STATE_MAX 256

/* ---- the plain model ---- */

enum { EMPTY, BLACK, WHITE };

struct plain {
    int n;
    int cell[8][8]; /* [row][col] */
    int mover;      /* seat, -1 when nobody can move */
};

static const int DR[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
static const int DC[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

/* Quadrant owner: A top-left, B top-right, C bottom-right, D bottom-left. */
static int quadrant(int n, int r, int c)
{
    bool top = r < n / 2, left = c < n / 2;
    if (top)
        return left ? 0 : 1;
    return left ? 3 : 2;
}

static int colour(int seat) { return seat % 2 == 0 ? BLACK : WHITE; }

/* Discs flipped in direction d by colour col placing at (r, c). */
static int walk(const struct plain *p, int col, int r, int c, int d)
{
    int k = 0, rr = r + DR[d], cc = c + DC[d];
    int opp = col == BLACK ? WHITE : BLACK;
    while (rr >= 0 && rr < p->n && cc >= 0 && cc < p->n && p->cell[rr][cc] == opp) {
        k++;
        rr += DR[d];
        cc += DC[d];
    }
    if (k && rr >= 0 && rr < p->n && cc >= 0 && cc < p->n && p->cell[rr][cc] == col)
        return k;
    return 0;
}

/* Plain Othello legality for a colour, ignoring territories. */
static bool brackets(const struct plain *p, int col, int r, int c)
{
    if (p->cell[r][c] != EMPTY)
        return false;
    for (int d = 0; d < 8; d++)
        if (walk(p, col, r, c, d))
            return true;
    return false;
}

/* Seat's moves (row * 8 + col, ascending) with the territory rule. */
static int plain_moves(const struct plain *p, int seat, int *out)
{
    int k = 0, facing = (seat + 2) % 4;
    for (int r = 0; r < p->n; r++)
        for (int c = 0; c < p->n; c++)
            if (quadrant(p->n, r, c) != facing && brackets(p, colour(seat), r, c))
                out[k++] = r * 8 + c;
    return k;
}

static bool plain_anyone(const struct plain *p)
{
    int tmp[64];
    for (int s = 0; s < 4; s++)
        if (plain_moves(p, s, tmp))
            return true;
    return false;
}

static void plain_init(struct plain *p, int n)
{
    memset(p, 0, sizeof *p);
    p->n = n;
    int h = n / 2;
    p->cell[h - 1][h - 1] = p->cell[h][h] = BLACK;
    p->cell[h - 1][h] = p->cell[h][h - 1] = WHITE;
    p->mover = 0;
}

static void plain_play(struct plain *p, int m)
{
    if (m != MOVE_PASS) {
        int col = colour(p->mover), r = m / 8, c = m % 8;
        for (int d = 0; d < 8; d++) {
            int k = walk(p, col, r, c, d);
            for (int i = 1; i <= k; i++)
                p->cell[r + i * DR[d]][c + i * DC[d]] = col;
        }
        p->cell[r][c] = col;
    }
    p->mover = (p->mover + 1) % 4;
    if (!plain_anyone(p))
        p->mover = -1;
}

static void plain_scores(const struct plain *p, int sc[4])
{
    for (int s = 0; s < 4; s++) {
        sc[s] = 0;
        for (int r = 0; r < p->n; r++)
            for (int c = 0; c < p->n; c++)
                if (quadrant(p->n, r, c) == s && p->cell[r][c] == colour(s))
                    sc[s]++;
    }
}

static int plain_empties(const struct plain *p)
{
    int e = 0;
    for (int r = 0; r < p->n; r++)
        for (int c = 0; c < p->n; c++)
            e += p->cell[r][c] == EMPTY;
    return e;
}

static uint64_t plain_perft(const struct plain *p, int depth)
{
    if (depth == 0 || p->mover < 0)
        return 1;
    int mv[64], n = plain_moves(p, p->mover, mv);
    if (n == 0) {
        mv[0] = MOVE_PASS;
        n = 1;
    }
    if (depth == 1)
        return (uint64_t)n;
    uint64_t t = 0;
    for (int i = 0; i < n; i++) {
        struct plain q = *p;
        plain_play(&q, mv[i]);
        t += plain_perft(&q, depth - 1);
    }
    return t;
}

/* ---- reading the engine's position back ---- */

/* Board rows of show are the lines holding '|' but no '+'; cells are the
 * X/O/. characters in them. Returns 0 when n rows of n cells were read. */
static int read_board(const void *st, int n, int cell[8][8])
{
    char buf[4096];
    G->show(st, buf, sizeof buf);
    int row = 0;
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
        if (!strchr(line, '|') || strchr(line, '+'))
            continue;
        if (row >= n)
            return -1;
        int c = 0;
        for (char *q = line; *q; q++) {
            int v = *q == 'X' ? BLACK : *q == 'O' ? WHITE : *q == '.' ? EMPTY : -1;
            if (v < 0)
                continue;
            if (c >= n)
                return -1;
            cell[row][c++] = v;
        }
        if (c != n)
            return -1;
        row++;
    }
    return row == n ? 0 : -1;
}

static bool same_board(const void *st, const struct plain *p)
{
    int cell[8][8];
    if (read_board(st, p->n, cell))
        return false;
    for (int r = 0; r < p->n; r++)
        for (int c = 0; c < p->n; c++)
            if (cell[r][c] != p->cell[r][c])
                return false;
    return true;
}

static void engine_init(void *st, int n, uint32_t flags)
{
    struct game_options o = {n, flags};
    G->init(st, &o);
}

static uint64_t iface_perft(const void *st, int depth)
{
    if (depth == 0 || G->is_over(st))
        return 1;
    move_t mv[GAME_MAX_MOVES];
    int n = G->legal_moves(st, mv);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t t = 0;
    unsigned char child[STATE_MAX];
    for (int i = 0; i < n; i++) {
        memcpy(child, st, G->state_size);
        G->play(child, mv[i]);
        t += iface_perft(child, depth - 1);
    }
    return t;
}

/* ---- expected texts, built independently ---- */

static void expected_result(const int sc[4], bool team, char *out)
{
    if (team) {
        int ac = sc[0] + sc[2], bd = sc[1] + sc[3];
        if (ac == bd)
            strcpy(out, "0");
        else
            sprintf(out, "%s+%d", ac > bd ? "AC" : "BD", abs(ac - bd));
        return;
    }
    int order[4] = {0, 1, 2, 3};
    for (int i = 0; i < 4; i++) /* selection sort, best first */
        for (int j = i + 1; j < 4; j++)
            if (sc[order[j]] > sc[order[i]]) {
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
    if (sc[order[0]] == sc[order[1]])
        strcpy(out, "0");
    else
        sprintf(out, "%c+%d", 'A' + order[0], sc[order[0]] - sc[order[1]]);
}

static void expected_outcome(const int sc[4], bool team, double out[4])
{
    if (team) {
        int ac = sc[0] + sc[2], bd = sc[1] + sc[3];
        out[0] = out[2] = ac > bd ? 1 : ac == bd ? 0.5 : 0;
        out[1] = out[3] = 1 - out[0];
        return;
    }
    for (int s = 0; s < 4; s++) {
        int beats = 0, ties = 0;
        for (int o = 0; o < 4; o++) {
            beats += o != s && sc[s] > sc[o];
            ties += o != s && sc[s] == sc[o];
        }
        out[s] = (beats + 0.5 * ties) / 3.0;
    }
}

/* ---- static checks ---- */

static void test_metadata(void)
{
    CHECK(strcmp(G->name, "Yonin") == 0, "name %s", G->name);
    CHECK(G->aliases[0] == NULL, "aliases");
    CHECK(G->min_size == 6 && G->max_size == 8 && G->default_size == 8, "sizes");
    CHECK(G->num_players == 4, "players");
    CHECK(G->state_size <= STATE_MAX, "state size %zu", G->state_size);
    for (int n = 0; n <= 20; n++)
        CHECK(G->size_ok(n) == (n == 6 || n == 8), "size_ok(%d)", n);
    const char *names[4][2] = {{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "4"}};
    for (int s = 0; s < 4; s++) {
        CHECK(strcmp(G->player_names[s][0], names[s][0]) == 0 &&
                  strcmp(G->player_names[s][1], names[s][1]) == 0 &&
                  G->player_names[s][2] == NULL,
              "player names of seat %d", s);
        CHECK(game_player_index(G, names[s][0]) == s, "index %s", names[s][0]);
        CHECK(game_player_index(G, names[s][1]) == s, "index %s", names[s][1]);
    }
    CHECK(game_player_index(G, "black") == -1, "black is no Yonin seat");
    CHECK(strcmp(G->variants[0].name, "team") == 0 && G->variants[0].flag == TEAM &&
              G->variants[1].name == NULL, "variants");
    CHECK(G->perft && G->random_playout && G->moves_left && G->hash, "fast paths");
}

static void test_start(void)
{
    unsigned char st[STATE_MAX];
    char buf[256];
    for (int n = 6; n <= 8; n += 2) {
        struct plain p;
        plain_init(&p, n);
        engine_init(st, n, 0);
        CHECK(same_board(st, &p), "start board %d", n);
        CHECK(G->to_move(st) == 0 && !G->is_over(st), "A moves first");
        G->format_score(st, buf, sizeof buf);
        CHECK(strcmp(buf, "a 1 b 1 c 1 d 1 playing") == 0, "start score '%s'", buf);
        CHECK(G->moves_left(st) == (n * n - 4 + 3) / 4, "moves_left %d", G->moves_left(st));
        engine_init(st, n, TEAM);
        G->format_score(st, buf, sizeof buf);
        CHECK(strcmp(buf, "a 1 b 1 c 1 d 1 ac 2 bd 2 playing") == 0, "team '%s'", buf);
    }
    /* Named start squares on both sizes. */
    engine_init(st, 8, 0);
    int cell[8][8];
    CHECK(read_board(st, 8, cell) == 0, "read 8x8");
    CHECK(cell[3][3] == BLACK && cell[4][4] == BLACK && cell[3][4] == WHITE &&
              cell[4][3] == WHITE, "d4 e5 black, e4 d5 white");
    engine_init(st, 6, 0);
    CHECK(read_board(st, 6, cell) == 0, "read 6x6");
    CHECK(cell[2][2] == BLACK && cell[3][3] == BLACK && cell[2][3] == WHITE &&
              cell[3][2] == WHITE, "c3 d4 black, d3 c4 white");

    /* A plays e3 (in B's quadrant), flipping e4: A still scores only d4;
     * its discs in B's quadrant and the black e5 in C's (its partner's)
     * quadrant do not count; B lost its only disc. */
    engine_init(st, 8, 0);
    move_t m;
    CHECK(G->parse_move(st, "e3", &m) == 0 && game_is_legal(G, st, m), "e3 legal");
    G->play(st, m);
    G->format_score(st, buf, sizeof buf);
    CHECK(strcmp(buf, "a 1 b 0 c 1 d 1 playing") == 0, "after e3 '%s'", buf);
    int sc[4];
    G->score(st, sc);
    CHECK(sc[0] == 1 && sc[1] == 0 && sc[2] == 1 && sc[3] == 1, "score()");
    CHECK(G->to_move(st) == 1, "B next");
}

static void test_show_format(void)
{
    unsigned char st[STATE_MAX];
    char buf[4096];
    for (int n = 6; n <= 8; n += 2)
        for (uint32_t f = 0; f <= TEAM; f++) {
            engine_init(st, n, f);
            int len = G->show(st, buf, sizeof buf);
            CHECK(len == (int)strlen(buf), "show length");
            CHECK(!strstr(buf, "\n\n") && buf[0] != '\n' && buf[len - 1] != '\n',
                  "show has an empty line:\n%s", buf);
            bool ascii = true;
            for (int i = 0; i < len; i++)
                ascii &= buf[i] == '\n' || (buf[i] >= 32 && buf[i] < 127);
            CHECK(ascii, "show printable");
            CHECK(strstr(buf, "to move: a") && strstr(buf, "a 1 b 1 c 1 d 1"),
                  "show mover and scores:\n%s", buf);
            CHECK(strstr(buf, " A ") && strstr(buf, " B") && strstr(buf, " C") &&
                      strstr(buf, " D "), "seat letters in the margin");
            /* Truncation is safe and reports the full length. */
            char small[16];
            CHECK(G->show(st, small, sizeof small) == len && strlen(small) == 15,
                  "truncated show");
        }
}

static void test_parse_format(void)
{
    unsigned char st[STATE_MAX];
    char buf[32];
    move_t m;
    for (int n = 6; n <= 8; n += 2) {
        engine_init(st, n, 0);
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                char txt[4] = {(char)('a' + c), (char)('1' + r), 0};
                int ok = G->parse_move(st, txt, &m);
                CHECK(ok == 0 && m >= 0 && m < GAME_MAX_MOVES, "parse %s", txt);
                G->format_move(st, m, buf, sizeof buf);
                CHECK(strcmp(buf, txt) == 0, "round trip %s -> %s", txt, buf);
                txt[0] = (char)('A' + c);
                move_t m2;
                CHECK(G->parse_move(st, txt, &m2) == 0 && m2 == m, "upper %s", txt);
            }
        /* Distinct squares give distinct codes. */
        bool distinct = true;
        for (int a = 0; a < n * n; a++)
            for (int b = a + 1; b < n * n; b++) {
                char ta[3] = {(char)('a' + a % n), (char)('1' + a / n), 0};
                char tb[3] = {(char)('a' + b % n), (char)('1' + b / n), 0};
                move_t ma, mb;
                G->parse_move(st, ta, &ma);
                G->parse_move(st, tb, &mb);
                distinct &= ma != mb;
            }
        CHECK(distinct, "distinct codes on %d", n);
        const char *pass[] = {"pass", "PASS", "Pass"};
        for (int i = 0; i < 3; i++)
            CHECK(G->parse_move(st, pass[i], &m) == 0 && m == MOVE_PASS, "%s", pass[i]);
        G->format_move(st, MOVE_PASS, buf, sizeof buf);
        CHECK(strcmp(buf, "pass") == 0, "format pass");
        const char *bad[] = {"", "a", "1", "a0", "a9", "i1", "z1", "1a", "a01", "a10",
                             "a-1", "a+1", " a1", "a1 ", "aa", "@1", "`1", "pas",
                             "passe", "a99999999999", "a4294967297", "\xff\x31", "a\x01"};
        for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
            CHECK(G->parse_move(st, bad[i], &m) == -1, "accepted '%s' on %d", bad[i], n);
        char longs[600];
        memset(longs, 'a', sizeof longs - 1);
        longs[sizeof longs - 1] = 0;
        CHECK(G->parse_move(st, longs, &m) == -1, "overlong");
    }
    engine_init(st, 6, 0);
    const char *off6[] = {"g1", "a7", "g7", "h8", "f7", "g6"};
    for (int i = 0; i < 6; i++)
        CHECK(G->parse_move(st, off6[i], &m) == -1, "%s off the 6x6 board", off6[i]);
    engine_init(st, 8, 0);
    CHECK(G->parse_move(st, "h8", &m) == 0 && G->parse_move(st, "g7", &m) == 0, "8x8 h8");
}

static void test_perft(void)
{
    static const uint64_t known[7] = {1, 4, 10, 36, 117, 478, 2047};
    unsigned char st[STATE_MAX];
    engine_init(st, 8, 0);
    struct plain p;
    plain_init(&p, 8);
    for (int d = 0; d <= 6; d++) {
        uint64_t h = G->perft(st, d, NULL), i = iface_perft(st, d), q = plain_perft(&p, d);
        CHECK(h == known[d], "hook perft(%d) = %llu, want %llu", d,
              (unsigned long long)h, (unsigned long long)known[d]);
        CHECK(i == known[d], "interface perft(%d) = %llu", d, (unsigned long long)i);
        CHECK(q == known[d], "plain perft(%d) = %llu", d, (unsigned long long)q);
    }
    /* Deeper counts agreed by the hook, the interface and the plain model. */
    static const uint64_t deeper[2] = {10400, 53577};
    for (int d = 7; d <= 8; d++) {
        uint64_t h = game_perft(G, st, d);
        CHECK(h == deeper[d - 7] && iface_perft(st, d) == h && plain_perft(&p, d) == h,
              "8x8 perft(%d) = %llu", d, (unsigned long long)h);
    }
    engine_init(st, 8, TEAM);
    CHECK(G->perft(st, 6, NULL) == 2047, "team variant has the same moves");
    engine_init(st, 6, 0);
    plain_init(&p, 6);
    for (int d = 0; d <= 8; d++) {
        uint64_t h = G->perft(st, d, NULL), i = iface_perft(st, d);
        CHECK(h == i, "6x6 perft(%d): hook %llu interface %llu", d,
              (unsigned long long)h, (unsigned long long)i);
        if (d <= 6)
            CHECK(plain_perft(&p, d) == h, "6x6 plain perft(%d)", d);
    }
}

/* ---- random games ---- */

struct stats {
    int forbidden[4];     /* seat to move, its colour brackets in the facing quadrant */
    int confirmed[4];     /* ... and two plies later the facing seat lists it */
    int same_board[4];    /* ... on the very same board (two passes between) */
    int single_pass, double_pass, triple_pass;
    int over_not_full, over_full, top_tie, team_draw, playouts;
};

/* Squares where the seat's colour brackets but the seat may not place. */
static int forbidden_squares(const struct plain *p, int seat, int *out)
{
    int k = 0, facing = (seat + 2) % 4;
    for (int r = 0; r < p->n; r++)
        for (int c = 0; c < p->n; c++)
            if (quadrant(p->n, r, c) == facing && brackets(p, colour(seat), r, c))
                out[k++] = r * 8 + c;
    return k;
}

static bool listed(const move_t *mv, int n, int m)
{
    for (int i = 0; i < n; i++)
        if (mv[i] == m)
            return true;
    return false;
}

/* Perft through forced passes, hook against the interface. */
static void check_pass_perft(const void *st)
{
    /* A forced pass is one ply: perft 1 counts it, perft 2 the next seat. */
    unsigned char child[STATE_MAX];
    memcpy(child, st, G->state_size);
    G->play(child, MOVE_PASS);
    move_t mv[GAME_MAX_MOVES];
    int n = G->legal_moves(child, mv);
    CHECK(G->perft(st, 1, NULL) == 1 && G->perft(st, 2, NULL) == (uint64_t)n, "pass perft");
    for (int d = 3; d <= 5; d++)
        CHECK(G->perft(st, d, NULL) == iface_perft(st, d), "pass position perft(%d)", d);
}

static void check_end(const void *st, const struct plain *p, bool team, struct stats *s)
{
    char buf[128], want[128];
    move_t mv[GAME_MAX_MOVES];
    CHECK(G->is_over(st) && G->to_move(st) == -1, "over");
    CHECK(G->legal_moves(st, mv) == 0, "no moves once over");
    CHECK(!plain_anyone(p), "plain finds no move for any seat");
    CHECK(G->moves_left(st) == 0, "moves_left at the end");
    CHECK(G->perft(st, 3, NULL) == 1 && G->perft(st, 0, NULL) == 1, "finished game is one leaf");
    if (plain_empties(p))
        s->over_not_full++;
    else
        s->over_full++;
    int sc[4];
    plain_scores(p, sc);
    double out[4], want_out[4];
    G->outcome(st, out);
    expected_outcome(sc, team, want_out);
    double sum = 0;
    for (int k = 0; k < 4; k++) {
        CHECK(fabs(out[k] - want_out[k]) < 1e-12, "outcome seat %d: %g want %g", k, out[k], want_out[k]);
        sum += out[k];
    }
    CHECK(fabs(sum - 2.0) < 1e-12, "outcomes sum to 2 (%g)", sum);
    G->format_result(st, buf, sizeof buf);
    expected_result(sc, team, want);
    CHECK(strcmp(buf, want) == 0, "result '%s' want '%s'", buf, want);
    if (strcmp(want, "0") == 0)
        team ? s->team_draw++ : s->top_tie++;
}

/* One ply of checks: engine vs the plain model on the same position. */
static void check_position(const void *st, const struct plain *p, bool team,
                           const move_t *mv, int n)
{
    char buf[128], want[128];
    CHECK(G->to_move(st) == p->mover, "to_move %d want %d", G->to_move(st), p->mover);
    CHECK(G->is_over(st) == (p->mover < 0), "is_over");
    CHECK(same_board(st, p), "board differs from the plain model");
    int pm[64], pn = p->mover < 0 ? 0 : plain_moves(p, p->mover, pm);
    if (p->mover >= 0 && pn == 0) {
        pm[0] = MOVE_PASS;
        pn = 1;
    }
    bool same = n == pn;
    for (int i = 0; same && i < n; i++)
        same = mv[i] == pm[i];
    CHECK(same, "legal moves differ: engine %d plain %d", n, pn);
    int sc[4], esc[4];
    plain_scores(p, sc);
    G->score(st, esc);
    CHECK(memcmp(sc, esc, sizeof sc) == 0, "score %d %d %d %d want %d %d %d %d",
          esc[0], esc[1], esc[2], esc[3], sc[0], sc[1], sc[2], sc[3]);
    int len = sprintf(want, "a %d b %d c %d d %d", sc[0], sc[1], sc[2], sc[3]);
    if (team)
        len += sprintf(want + len, " ac %d bd %d", sc[0] + sc[2], sc[1] + sc[3]);
    sprintf(want + len, " %s", p->mover < 0 ? "over" : "playing");
    G->format_score(st, buf, sizeof buf);
    CHECK(strcmp(buf, want) == 0, "score line '%s' want '%s'", buf, want);
    int ml = p->mover < 0 ? 0 : (plain_empties(p) + 3) / 4;
    CHECK(G->moves_left(st) == ml, "moves_left %d want %d", G->moves_left(st), ml);
}

/* random_playout from st must end a game that the plain model agrees is
 * over, keeping every disc placed so far. */
static void check_playout(const void *st, const struct plain *p, struct rng *r,
                          struct stats *s)
{
    unsigned char end[STATE_MAX];
    memcpy(end, st, G->state_size);
    G->random_playout(end, r);
    struct plain q = *p;
    CHECK(read_board(end, p->n, q.cell) == 0, "read playout board");
    bool kept = true;
    for (int rr = 0; rr < p->n; rr++)
        for (int c = 0; c < p->n; c++)
            kept &= p->cell[rr][c] == EMPTY || q.cell[rr][c] != EMPTY;
    CHECK(kept, "playout removed a disc");
    CHECK(G->is_over(end) && !plain_anyone(&q), "playout ends the game");
    int sc[4], esc[4];
    plain_scores(&q, sc);
    G->score(end, esc);
    CHECK(memcmp(sc, esc, sizeof sc) == 0, "playout score");
    s->playouts++;
}

static void random_game(int n, bool team, struct rng *r, struct stats *s)
{
    unsigned char st[STATE_MAX], tmp[STATE_MAX];
    struct plain p;
    engine_init(st, n, team ? TEAM : 0);
    plain_init(&p, n);
    /* Forbidden squares seen two plies ago, waiting for the facing seat. */
    int pend[2][64], npend[2] = {0, 0}, pend_seat[2] = {-1, -1};
    struct plain pend_board[2];
    int ply = 0, passes_in_row = 0;
    for (;; ply++) {
        move_t mv[GAME_MAX_MOVES];
        int nm = G->legal_moves(st, mv);
        check_position(st, &p, team, mv, nm);
        if (p.mover < 0)
            break;
        int seat = p.mover, slot = ply & 1;
        /* The facing seat of the seat two plies ago moves now. */
        if (pend_seat[slot] >= 0 && (pend_seat[slot] + 2) % 4 == seat) {
            bool same = memcmp(pend_board[slot].cell, p.cell, sizeof p.cell) == 0;
            for (int i = 0; i < npend[slot]; i++) {
                int q = pend[slot][i];
                if (!brackets(&p, colour(seat), q / 8, q % 8))
                    continue;
                CHECK(listed(mv, nm, q), "facing seat %d may play %d", seat, q);
                s->confirmed[pend_seat[slot]]++;
                s->same_board[pend_seat[slot]] += same;
            }
        }
        npend[slot] = forbidden_squares(&p, seat, pend[slot]);
        pend_seat[slot] = seat;
        pend_board[slot] = p;
        for (int i = 0; i < npend[slot]; i++) {
            CHECK(!listed(mv, nm, pend[slot][i]), "seat %d listed forbidden %d", seat,
                  pend[slot][i]);
            s->forbidden[seat]++;
        }
        if (rng_below(r, 300) == 0) /* spot check the perft hook mid-game */
            CHECK(G->perft(st, 4, NULL) == iface_perft(st, 4), "mid-game perft(4)");
        /* Hash: a copy-undo restores it, a move changes it. */
        uint64_t h = G->hash(st);
        memcpy(tmp, st, G->state_size);
        int pick = (int)rng_below(r, (uint32_t)nm);
        G->play(st, mv[pick]);
        CHECK(G->hash(st) != h, "hash unchanged by a move");
        uint64_t h2 = G->hash(st);
        memcpy(st, tmp, G->state_size);
        CHECK(G->hash(st) == h, "hash after memcpy undo");
        if (mv[pick] == MOVE_PASS) {
            check_pass_perft(st);
            s->single_pass++;
            passes_in_row++;
            s->double_pass += passes_in_row == 2;
            s->triple_pass += passes_in_row == 3;
        } else {
            passes_in_row = 0;
        }
        if (ply % 16 == 5)
            check_playout(st, &p, r, s);
        G->play(st, mv[pick]);
        CHECK(G->hash(st) == h2, "hash deterministic");
        plain_play(&p, mv[pick]);
        if (mv[pick] == MOVE_PASS)
            CHECK(G->to_move(st) == (seat + 1) % 4 && same_board(st, &p),
                  "a pass only hands the turn on");
    }
    check_end(st, &p, team, s);
}

static void test_random_games(void)
{
    struct rng r;
    rng_seed(&r, 20240611);
    for (int n = 6; n <= 8; n += 2) {
        struct stats s;
        memset(&s, 0, sizeof s);
        int games = n == 6 ? 3000 : 2000;
        for (int g = 0; g < games; g++)
            random_game(n, g % 4 == 3, &r, &s);
        printf("%dx%d: %d games; forbidden %d %d %d %d, confirmed %d %d %d %d, "
               "same board %d %d %d %d; passes %d, double %d, triple %d; over with "
               "empties %d, full %d; top ties %d, team draws %d; playouts %d\n",
               n, n, games, s.forbidden[0], s.forbidden[1], s.forbidden[2],
               s.forbidden[3], s.confirmed[0], s.confirmed[1], s.confirmed[2],
               s.confirmed[3], s.same_board[0], s.same_board[1], s.same_board[2],
               s.same_board[3], s.single_pass, s.double_pass, s.triple_pass,
               s.over_not_full, s.over_full, s.top_tie, s.team_draw, s.playouts);
        for (int k = 0; k < 4; k++)
            CHECK(s.forbidden[k] > 0 && s.confirmed[k] > 0 && s.same_board[k] > 0,
                  "seat %d: forbidden square seen and confirmed for its partner", k);
        CHECK(s.single_pass > 0 && s.double_pass > 0 && s.triple_pass > 0,
              "single, double and triple passes seen");
        CHECK(s.over_not_full > 0, "games ending with empty squares seen");
        CHECK(s.top_tie > 0, "shared top scores seen");
    }
}

int main(void)
{
    test_metadata();
    test_start();
    test_show_format();
    test_parse_format();
    test_perft();
    test_random_games();
    return check_report();
}
