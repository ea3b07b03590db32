/* records/ggf.c: known games (NBoard's one-run board, GGS's rows, the
 * spec's Amazons shape) read field by field; known structs written to the
 * text expected; every game read back from its writing (random games
 * too); every truncation and a list of malformed games refused with a
 * message and the game unchanged. */
#include "check.h"
#include "engine/rng.h"
#include "records/ggf.h"

#include <stdlib.h>
#include <string.h>

static const char *nboard =
    "(;GM[Othello]PC[NBoard]DT[2026-11-29 06:00:00 GMT]PB[Edax 4.5]"
    "PW[Quartet]RE[?]TI[15:00]TY[8]"
    "BO[8 ---------------------------O*------*O--------------------------- *]"
    "B[F5]W[F6//1.2]B[E6/0.50/3.01]W[F4//0.01];)";

static const char *ggs =
    "  \n(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[ant]PW[bat]\n"
    "RB[2100.5]RW[1999.0]TI[05:00//02:00]TY[8]RE[+18.00:t]\n"
    "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- "
    "-------- *]\nB[d3//1.5] W[c5/-2.00/0.9] B[PA] W[F4/+3/1e1] ;)";

static const char *amazons =
    "(;GM[Amazons]PC[GGS/ams]PB[x]PW[y]TY[10]RE[-3.00]"
    "BO[10 ---*--*--- ---------- ---------- *--------* ---------- "
    "---------- O--------O ---------- ---------- ---O--O--- *]"
    "B[D1-D7-G7/11.50/5.04]W[J7-G4-B4//21.42];)";

static struct ggf_game *game_new(void)
{
    struct ggf_game *g = calloc(1, sizeof *g);
    if (!g)
        abort();
    return g;
}

static int read_str(const char *s, struct ggf_game *g, char *err)
{
    size_t used;
    return ggf_read(s, strlen(s), &used, g, err, 200);
}

static void known_games(void)
{
    struct ggf_game *g = game_new();
    char err[200];
    size_t used = 0;

    CHECK(ggf_read(nboard, strlen(nboard), &used, g, err, sizeof err) == 0,
          "%s", err);
    CHECK(used == strlen(nboard), "used %zu", used);
    CHECK(g->nprops == 8, "%d props", g->nprops);
    CHECK(ggf_get(g, "PB") && !strcmp(ggf_get(g, "PB"), "Edax 4.5"), "PB");
    CHECK(ggf_get(g, "TI") && !strcmp(ggf_get(g, "TI"), "15:00"), "TI");
    CHECK(ggf_get(g, "BO") == NULL, "BO is not a property");
    CHECK(g->size == 8 && g->to_move == '*', "size %d", g->size);
    CHECK(g->board[27] == 'O' && g->board[28] == '*' && g->board[35] == '*' &&
          g->board[36] == 'O' && g->board[0] == '-', "%s", g->board);
    CHECK(strlen(g->board) == 64, "%zu squares", strlen(g->board));
    CHECK(g->nmoves == 4, "%d moves", g->nmoves);
    CHECK(g->moves[0].color == 'B' && !strcmp(g->moves[0].text, "F5") &&
          !g->moves[0].has_eval && !g->moves[0].has_time, "B[F5]");
    CHECK(g->moves[1].color == 'W' && !g->moves[1].has_eval &&
          g->moves[1].has_time && g->moves[1].seconds == 1.2, "W[F6//1.2]");
    CHECK(g->moves[2].has_eval && g->moves[2].eval == 0.5 &&
          g->moves[2].seconds == 3.01, "B[E6/0.50/3.01]");

    CHECK(read_str(ggs, g, err) == 0, "%s", err);
    CHECK(g->size == 8 && !strcmp(g->board, "---------------------------O*---"
                                             "---*O---------------------------"),
          "%s", g->board);
    CHECK(!strcmp(ggf_get(g, "RE"), "+18.00:t"), "RE");
    CHECK(g->nmoves == 4 && !strcmp(g->moves[0].text, "d3") &&
          !strcmp(g->moves[2].text, "PA"), "moves");
    CHECK(g->moves[1].eval == -2.0 && g->moves[1].seconds == 0.9, "W c5");
    CHECK(g->moves[3].eval == 3.0 && g->moves[3].seconds == 10.0, "W F4");

    CHECK(read_str(amazons, g, err) == 0, "%s", err);
    CHECK(g->size == 10 && g->board[3] == '*' && g->board[60] == 'O', "BO 10");
    CHECK(!strcmp(g->moves[0].text, "D1-D7-G7") && g->moves[0].eval == 11.5,
          "amazons move");

    /* Escapes: `\]` and `\\` in a value, and any escaped byte. */
    CHECK(read_str("(;PB[a\\]b\\\\c\\d]PW[[x];)", g, err) == 0, "%s", err);
    CHECK(!strcmp(ggf_get(g, "PB"), "a]b\\cd"), "%s", ggf_get(g, "PB"));
    CHECK(!strcmp(ggf_get(g, "PW"), "[x"), "%s", ggf_get(g, "PW"));

    /* No BO: the normal start, size 0. An empty game is a game. */
    CHECK(read_str("(;;)", g, err) == 0 && g->nprops == 0 && g->size == 0 &&
          g->nmoves == 0, "(;;)");

    /* Two games in one text: used says where the second starts. */
    char two[512];
    snprintf(two, sizeof two, "%s\n%s\n", nboard, amazons);
    CHECK(ggf_read(two, strlen(two), &used, g, err, sizeof err) == 0, "%s", err);
    size_t first = used;
    CHECK(ggf_read(two + first, strlen(two) - first, &used, g, err,
                   sizeof err) == 0 && g->size == 10, "second game: %s", err);
    CHECK(first + used == strlen(two) - 1, "used %zu + %zu", first, used);
    free(g);
}

/* A struct built by hand, written to the text worked out by hand. */
static void known_writing(void)
{
    struct ggf_game *g = game_new();
    char out[1024];
    CHECK(ggf_set(g, "GM", "Othello") == 0, "GM");
    CHECK(ggf_set(g, "PB", "x]y\\z\n") == 0, "PB");
    CHECK(ggf_set(g, "PB", "x]y\\z\tw") == 0, "PB again replaces");
    CHECK(ggf_set(g, "RE", "+2.00:t") == 0, "RE");
    g->size = 4;
    memcpy(g->board, "-----O*--*O-----", 17);
    g->to_move = 'O';
    struct ggf_move m = {.color = 'W', .text = "A1"};
    CHECK(ggf_add_move(g, &m) == 0, "W A1");
    m = (struct ggf_move){.color = 'B', .text = "PA", .has_time = true,
                          .seconds = 1.23};
    CHECK(ggf_add_move(g, &m) == 0, "B PA");
    m = (struct ggf_move){.color = 'W', .text = "B2", .has_eval = true,
                          .eval = -4.5};
    CHECK(ggf_add_move(g, &m) == 0, "W B2");
    m = (struct ggf_move){.color = 'B', .text = "C3", .has_eval = true,
                          .eval = 2, .has_time = true, .seconds = 0.1};
    CHECK(ggf_add_move(g, &m) == 0, "B C3");
    const char *want = "(;GM[Othello]PB[x\\]y\\\\z w]RE[+2.00:t]"
                       "BO[4 ---- -O*- -*O- ---- O]"
                       "W[A1]B[PA//1.23]W[B2/-4.5]B[C3/2/0.1];)";
    int n = ggf_write(g, out, sizeof out);
    CHECK(n == (int)strlen(want) && !strcmp(out, want), "wrote %s", out);
    /* snprintf's contract: the full length, what fits, a NUL. */
    char small[10];
    CHECK(ggf_write(g, small, sizeof small) == n && strlen(small) == 9 &&
          !memcmp(small, want, 9), "small buffer: %s", small);
    CHECK(ggf_write(g, NULL, 0) == n, "cap 0");

    /* The contract's refusals. */
    CHECK(ggf_set(g, "pb", "x") == -1, "lower-case key");
    CHECK(ggf_set(g, "ABCD", "x") == -1, "four letters");
    CHECK(ggf_set(g, "", "x") == -1, "empty key");
    CHECK(ggf_set(g, "BO", "x") == -1, "BO is no property");
    char big[GGF_MAX_VALUE + 1];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    CHECK(ggf_set(g, "XX", big) == -1, "value too long");
    big[GGF_MAX_VALUE - 1] = '\0';
    CHECK(ggf_set(g, "XX", big) == 0, "longest value");
    int before = g->nmoves;
    m = (struct ggf_move){.color = 'B', .text = ""};
    CHECK(ggf_add_move(g, &m) == -1, "empty move");
    m = (struct ggf_move){.color = 'B', .text = "a/b"};
    CHECK(ggf_add_move(g, &m) == -1, "slash");
    m = (struct ggf_move){.color = 'B', .text = "a]"};
    CHECK(ggf_add_move(g, &m) == -1, "bracket");
    m = (struct ggf_move){.color = 'X', .text = "a1"};
    CHECK(ggf_add_move(g, &m) == -1, "colour X");
    CHECK(g->nmoves == before, "refused moves not added");
    free(g);
}

/* Writes g, reads it back: the same game, and the same text again. */
static void round_trip(const struct ggf_game *g, const char *what)
{
    static char a[1 << 17], b[1 << 17];
    char err[200];
    struct ggf_game *back = game_new();
    int n = ggf_write(g, a, sizeof a);
    size_t used = 0;
    CHECK(n > 0 && (size_t)n < sizeof a, "%s: length %d", what, n);
    CHECK(ggf_read(a, (size_t)n, &used, back, err, sizeof err) == 0,
          "%s: %s in %s", what, err, a);
    CHECK(used == (size_t)n, "%s: used %zu of %d", what, used, n);
    CHECK(ggf_same(g, back), "%s: not the same game: %s", what, a);
    ggf_write(back, b, sizeof b);
    CHECK(!strcmp(a, b), "%s: wrote %s then %s", what, a, b);
    free(back);
}

static void random_games(void)
{
    struct rng r;
    rng_seed(&r, 42);
    struct ggf_game *g = game_new();
    static const char keys[][4] = {"GM", "PC", "DT", "PB", "PW", "RE", "TI",
                                   "TY", "RB", "RW", "X", "ABC"};
    for (int t = 0; t < 300; t++) {
        memset(g, 0, sizeof *g);
        int np = (int)rng_below(&r, 13);
        for (int i = 0; i < np; i++) {
            char v[GGF_MAX_VALUE];
            int len = (int)rng_below(&r, 40);
            for (int k = 0; k < len; k++)
                v[k] = (char)(1 + rng_below(&r, 255));   /* any byte but NUL */
            v[len] = '\0';
            ggf_set(g, keys[i], v);
        }
        if (rng_below(&r, 2)) {
            g->size = 1 + (int)rng_below(&r, 16);
            for (int i = 0; i < g->size * g->size; i++)
                g->board[i] = "*O-"[rng_below(&r, 3)];
            g->to_move = rng_below(&r, 2) ? '*' : 'O';
        }
        int nm = (int)rng_below(&r, GGF_MAX_MOVES + 1);
        for (int i = 0; i < nm; i++) {
            struct ggf_move m = {.color = i % 2 ? 'W' : 'B'};
            int len = 1 + (int)rng_below(&r, 15);
            for (int k = 0; k < len; k++) {
                char ch;
                do
                    ch = (char)(33 + rng_below(&r, 94));
                while (ch == '/' || ch == ']');
                m.text[k] = ch;
            }
            m.has_eval = rng_below(&r, 2);
            m.has_time = rng_below(&r, 2);
            m.eval = ((double)rng_below(&r, 20001) - 10000) / 100;
            m.seconds = (double)rng_below(&r, 1u << 30) / 997.0;
            if (rng_below(&r, 8) == 0)
                m.seconds = 1e-300 * (double)rng_below(&r, 100);
            CHECK(ggf_add_move(g, &m) == 0, "add move %d", i);
        }
        char what[32];
        snprintf(what, sizeof what, "random game %d", t);
        round_trip(g, what);
    }
    free(g);
}

/* Every proper prefix of a game is refused and leaves *g as it was. */
static void truncations(const char *text, const char *what)
{
    struct ggf_game *g = game_new(), *keep = game_new();
    char err[200];
    size_t len = strlen(text), used;
    CHECK(read_str(text, keep, err) == 0, "%s: %s", what, err);
    int refused = 0, unchanged = 0, messages = 0, at_end = 0;
    /* The prefix's end: the game's last byte (';)') and white space
     * before it are all part of the game. */
    size_t end = len;
    while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\n'))
        end--;
    for (size_t n = 0; n < end; n++) {
        memcpy(g, keep, sizeof *g);
        err[0] = '\0';
        used = 12345;
        if (ggf_read(text, n, &used, g, err, sizeof err) < 0)
            refused++;
        at_end += used == n;
        unchanged += memcmp(g, keep, sizeof *g) == 0;
        messages += err[0] != '\0';
    }
    CHECK(refused == (int)end, "%s: %d of %zu prefixes refused", what, refused,
          end);
    CHECK(unchanged == (int)end, "%s: %d unchanged", what, unchanged);
    CHECK(messages == (int)end, "%s: %d messages", what, messages);
    /* A truncated game's error is at its end: where a reader says the
     * file was cut. */
    CHECK(at_end == (int)end, "%s: %d errors at the end", what, at_end);
    free(g);
    free(keep);
}

static void bad_games(void)
{
    static const char *bad[] = {
        "", "   ", "(", "(;", "(;GM[Othello]", "(;GM[Othello];", "GM[x];)",
        "(GM[x];)", "(;gm[x];)", "(;ABCD[x];)", "(;GM x;)", "(;GM[x]",
        "(;GM[x\\",  "(;GM[a\x01]);)", "(;GM[a\nb];)", "(;PB[a]PB[b];)",
        "(;B[];)", "(;B[/1/2];)", "(;B[F5/x];)", "(;B[F5//x];)",
        "(;B[F5/1/2/3];)", "(;B[F5//inf];)", "(;B[F5//nan];)",
        "(;B[F5//0x10];)", "(;B[F5// 1];)", "(;B[F 5];)",
        "(;B[ABCDEFGHIJKLMNOPQ];)", "(;BO[8 --- *];)", "(;BO[;)",
        "(;BO[0 *];)", "(;BO[08 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *];)", "(;BO[17 *];)", "(;BO[x];)", "(;BO[2 ---- x];)",
        "(;BO[2 ---- ];)", "(;BO[2 ---- * x];)", "(;BO[2 ----*];)",
        "(;BO[2 -----];)", "(;BO[2 ---x *];)", "(;BO[2---- *];)",
        "(;BO[2 ---- *]BO[2 ---- *];)", "(;GM[x];) ", "(;GM[x] ; );)",
    };
    struct ggf_game *g = game_new();
    char err[200];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (i == sizeof bad / sizeof bad[0] - 2)
            continue;   /* a good one in the list: the white space after */
        err[0] = '\0';
        CHECK(read_str(bad[i], g, err) == -1, "accepted '%s'", bad[i]);
        CHECK(err[0] != '\0', "no message for '%s'", bad[i]);
    }
    CHECK(read_str("(;GM[x];) ", g, err) == 0, "white space after: %s", err);
    /* Too many moves, too many properties, a value too long. */
    static char text[1 << 13];
    strcpy(text, "(;");
    for (int i = 0; i <= GGF_MAX_MOVES; i++)
        strcat(text, "B[A1]");
    strcat(text, ";)");
    CHECK(read_str(text, g, err) == -1, "%d moves accepted", GGF_MAX_MOVES + 1);
    strcpy(text, "(;");
    for (int i = 0; i <= GGF_MAX_PROPS; i++) {
        char p[16];
        snprintf(p, sizeof p, "A%c%c[x]", 'A' + i / 26, 'A' + i % 26);
        strcat(text, p);
    }
    strcat(text, ";)");
    CHECK(read_str(text, g, err) == -1, "%d props accepted", GGF_MAX_PROPS + 1);
    strcpy(text, "(;PB[");
    memset(text + 5, 'a', GGF_MAX_VALUE);
    strcpy(text + 5 + GGF_MAX_VALUE, "];)");
    CHECK(read_str(text, g, err) == -1, "long value accepted");
    text[5 + GGF_MAX_VALUE - 1] = ']';
    strcpy(text + 5 + GGF_MAX_VALUE, ";)");
    CHECK(read_str(text, g, err) == 0, "longest value refused: %s", err);
    free(g);
}

int main(void)
{
    known_games();
    known_writing();
    random_games();
    const char *known[] = {nboard, ggs, amazons, "(;PB[a\\]b\\\\c];)"};
    struct ggf_game *g = game_new();
    char err[200];
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        char what[32];
        snprintf(what, sizeof what, "known game %zu", i);
        truncations(known[i], what);
        CHECK(read_str(known[i], g, err) == 0, "%s", err);
        round_trip(g, what);
    }
    free(g);
    bad_games();
    return check_report();
}
