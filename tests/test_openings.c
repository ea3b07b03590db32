/* quartet-match's openings (tools/quartet-match/openings.c, balance.c):
 * a transcript ("f5d6c3", either case, "pa" for a pass) reads as the same
 * opening as its spaced list; mirror images of a position share one key;
 * and --balance-search's values, where the search is exact (few empties
 * left), equal those of a plain minimax written here over the game
 * interface, for the first player, also at positions where the second
 * player is to move. */
#include "engine/game.h"
#include "engine/rng.h"
#include "tests/check.h"
#include "tools/quartet-match/balance.h"
#include "tools/quartet-match/openings.h"

#include <stdlib.h>
#include <string.h>

static const struct game *G;
static const struct game_options O = {.size = 8};

static bool same_opening(const struct opening *a, const struct opening *b)
{
    return a->n == b->n && a->key == b->key && !strcmp(a->text, b->text)
           && !memcmp(a->moves, b->moves, (size_t)a->n * sizeof a->moves[0]);
}

/* A random game of plies moves with at least one forced pass in it, as
 * text two ways: spaced with "pass", and run together with "pa" in mixed
 * case. False when this seed's game has no pass in time. */
static bool game_with_pass(uint64_t seed, int plies, char *spaced, char *run, size_t cap)
{
    unsigned char st[4096];
    G->init(st, &O);
    struct rng r;
    rng_seed(&r, seed);
    move_t mv[GAME_MAX_MOVES];
    size_t ls = 0, lr = 0;
    bool pass = false;
    spaced[0] = run[0] = '\0';
    for (int k = 0; k < plies && !G->is_over(st); k++) {
        int n = G->legal_moves(st, mv);
        move_t m = mv[rng_below(&r, (uint32_t)n)];
        char t[16];
        if (m == MOVE_PASS) {
            snprintf(t, sizeof t, "pass");
            pass = true;
        } else
            G->format_move(st, m, t, sizeof t);
        G->play(st, m);
        ls += (size_t)snprintf(spaced + ls, cap - ls, "%s%s", ls ? " " : "", t);
        const char *w = m == MOVE_PASS ? (k & 1 ? "PA" : "pa") : t;
        for (const char *c = w; *c && lr + 1 < cap; c++)
            run[lr++] = k % 3 == 0 ? (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c) : *c;
        run[lr] = '\0';
    }
    return pass && !G->is_over(st);
}

static void test_transcripts(void)
{
    CHECK(G && G->state_size <= 4096, "the game");
    struct opening a, b, c;
    char err[256];
    CHECK(opening_parse(G, &O, "f5 d6 c3 d3 c4 f4", &a, err, sizeof err) == 0, "%s", err);
    CHECK(opening_parse(G, &O, "f5d6c3d3c4f4", &b, err, sizeof err) == 0, "%s", err);
    CHECK(opening_parse(G, &O, "F5D6C3d3C4f4", &c, err, sizeof err) == 0, "%s", err);
    CHECK(a.n == 6 && same_opening(&a, &b) && same_opening(&a, &c), "transcript differs");
    CHECK(!strcmp(b.text, "f5 d6 c3 d3 c4 f4"), "text of a transcript: %s", b.text);
    CHECK(opening_parse(G, &O, "f5d6 c3,d3c4 f4", &b, err, sizeof err) == 0 && same_opening(&a, &b),
          "mixed separators");
    /* Bad input: a clear message, never a crash. */
    CHECK(opening_parse(G, &O, "f5d6zz", &b, err, sizeof err) != 0 && strstr(err, "not a move"),
          "garbage in a transcript: %s", err);
    CHECK(opening_parse(G, &O, "f5f5", &b, err, sizeof err) != 0 && strstr(err, "illegal move: f5"),
          "illegal move in a transcript: %s", err);
    CHECK(opening_parse(G, &O, "f5pad6", &b, err, sizeof err) != 0 && strstr(err, "illegal move: pass"),
          "a pass that is not forced: %s", err);
    /* Games with forced passes: "pa" in a transcript is the pass. */
    int found = 0;
    for (uint64_t seed = 1; seed < 4000 && found < 5; seed++) {
        char spaced[1024], run[1024];
        if (!game_with_pass(seed, 58, spaced, run, sizeof spaced))
            continue;
        found++;
        CHECK(opening_parse(G, &O, spaced, &a, err, sizeof err) == 0, "%s: %s", spaced, err);
        CHECK(opening_parse(G, &O, run, &b, err, sizeof err) == 0, "%s: %s", run, err);
        int words = 1;
        for (const char *c = spaced; *c; c++)
            words += *c == ' ';
        CHECK(same_opening(&a, &b) && a.n == words,
              "pass transcript differs:\n  %s\n  %s", spaced, run);
    }
    CHECK(found == 5, "games with a pass found: %d", found);
}

/* The text of op with every move mirrored across the a1-h8 diagonal
 * (f5 -> e6), a second writing of what opening_sym_key replays. */
static void mirror_text(const char *text, char *out, size_t cap)
{
    size_t n = 0;
    for (const char *c = text; *c && n + 1 < cap; c++) {
        if (*c >= 'a' && *c <= 'h' && c[1] >= '1' && c[1] <= '8') {
            out[n++] = (char)('a' + (c[1] - '1'));
            out[n++] = (char)('1' + (*c - 'a'));
            c++;
        } else
            out[n++] = *c;
    }
    out[n] = '\0';
}

static void test_mirrors(void)
{
    struct opening a, b;
    char err[256];
    const char *first[] = {"f5", "d3", "c4", "e6"};
    uint64_t k0 = 0;
    for (int i = 0; i < 4; i++) {
        CHECK(opening_parse(G, &O, first[i], &a, err, sizeof err) == 0, "%s", err);
        uint64_t k = opening_sym_key(G, &O, &a);
        if (i == 0)
            k0 = k;
        CHECK(k == k0, "first move %s: another key", first[i]);
    }
    /* Random openings and their diagonal mirrors: one key, and openings
     * of different positions (up to mirrors) keep different keys. */
    struct rng r;
    rng_seed(&r, 42);
    struct opening_list l = {0};
    struct opening_gen gen = {.plies = 8, .seed = 7};
    CHECK(openings_generate(G, &O, &gen, 40, &l, NULL, err, sizeof err) == 40, "generated");
    int differ = 0;
    for (int i = 0; i < l.n; i++) {
        char m[1024];
        mirror_text(l.v[i].text, m, sizeof m);
        CHECK(opening_parse(G, &O, m, &b, err, sizeof err) == 0, "mirror %s: %s", m, err);
        CHECK(opening_sym_key(G, &O, &b) == opening_sym_key(G, &O, &l.v[i]),
              "mirror of %s has another key", l.v[i].text);
        differ += b.key != l.v[i].key;
    }
    CHECK(differ > 30, "mirrors are other positions: %d of 40", differ);
    CHECK(openings_count_distinct(G, &O, &l, true) == 40, "generated openings are distinct");
    openings_free(&l);
}

/* The exact value for the first player: the final disc margin under
 * perfect play, by plain minimax over the game interface. */
static int minimax(const void *st)
{
    if (G->is_over(st)) {
        int sc[GAME_MAX_PLAYERS];
        G->score(st, sc);
        return sc[0] - sc[1];
    }
    move_t mv[64];
    int n = G->legal_moves(st, mv);
    int first = G->to_move(st) == 0;
    int best = first ? -1000 : 1000;
    for (int i = 0; i < n; i++) {
        unsigned char child[4096];
        memcpy(child, st, G->state_size);
        G->play(child, mv[i]);
        int v = minimax(child);
        if (first ? v > best : v < best)
            best = v;
    }
    return best;
}

static void test_balance_search(void)
{
    /* Openings of 51 and 52 moves leave at most 9 empties: at
     * --balance-search 9 the player solves them exactly, so the values
     * are known; after 51 moves the second player is to move. */
    struct opening_gen gen = {.plies = 52, .seed = 3, .search_depth = 9, .margin = 64,
                              .threads = 1, .symmetric = true};
    struct opening_list l = {0};
    char err[256];
    struct opening_gen_stats st;
    int made = openings_generate(G, &O, &gen, 6, &l, &st, err, sizeof err);
    CHECK(made == 6 && st.kept == 6 && st.searched == 6 && st.prefiltered == 0, "made %d: %s",
          made, err);
    gen.plies = 51;
    made = openings_generate(G, &O, &gen, 6, &l, &st, err, sizeof err);
    CHECK(made == 6, "made %d: %s", made, err);
    int second = 0;
    for (int i = 0; i < l.n; i++) {
        const struct opening *op = &l.v[i];
        unsigned char s[4096];
        G->init(s, &O);
        for (int k = 0; k < op->n; k++)
            G->play(s, op->moves[k]);
        second += G->to_move(s) == 1;
        int want = minimax(s);
        CHECK(op->valued && op->depth == 9 && op->value == want,
              "%s: recorded %d, minimax %d", op->text, op->value, want);
    }
    CHECK(second > 0 && second < l.n, "both colours to move among them: %d", second);
    openings_free(&l);

    /* A margin keeps only those within it; what it drops is beyond it. */
    gen.margin = 2;
    struct opening_list k = {0};
    made = openings_generate(G, &O, &gen, 6, &k, &st, err, sizeof err);
    CHECK(made == 6 && st.searched > 6, "kept %d of %ld", made, st.searched);
    for (int i = 0; i < k.n; i++)
        CHECK(abs(k.v[i].value) <= 2, "kept %+d", k.v[i].value);
    openings_free(&k);

    /* The note of a line reads back. */
    char path[] = "/tmp/test_openings_XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    CHECK(f != NULL, "temporary file");
    if (!f)
        return;
    fputs("# a header\nf5 d6 c5 f4 d7 g5 d3 c4  # d18 -1\nF5D6c5f4D7G5d3c4\n"
          "f5 d6 # a plain comment\n", f);
    fclose(f);
    struct opening_list rl = {0};
    CHECK(openings_read(G, &O, path, &rl, err, sizeof err) == 0 && rl.n == 3, "%s", err);
    if (rl.n == 3) {
        CHECK(rl.v[0].valued && rl.v[0].depth == 18 && rl.v[0].value == -1, "note read");
        CHECK(!rl.v[1].valued && !rl.v[2].valued, "no note");
        CHECK(rl.v[0].key == rl.v[1].key && !strcmp(rl.v[0].text, rl.v[1].text),
              "transcript line reads as the spaced one");
    }
    openings_free(&rl);
    remove(path);
}

int main(void)
{
    G = game_find("othello");
    test_transcripts();
    test_mirrors();
    test_balance_search();
    return check_report();
}
