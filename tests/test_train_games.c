/* quartet-train's self-play games file (tools/quartet-train/games.c):
 * random games played through the engine's Othello rules (engine/game.h,
 * a second implementation of replay and scoring) are written, read back
 * and expanded; the positions and labels are checked against that replay;
 * malformed lines are refused with their reason; a torn last line is
 * reported and left out. */
#include "check.h"
#include "engine/games/othello/othello.h"
#include "engine/rng.h"
#include "tools/quartet-train/games.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A random finished game through game.h; the states before each ply in
 * st[], the number of plies returned. */
static int random_game(struct rng *r, struct sp_game *g, struct othello *st)
{
    const struct game *G = &othello_game;
    struct game_options opt = {.size = 8};
    struct othello s;
    G->init(&s, &opt);
    memset(g, 0, sizeof *g);
    while (!G->is_over(&s)) {
        move_t mv[GAME_MAX_MOVES];
        int n = G->legal_moves(&s, mv);
        move_t m = mv[rng_below(r, (uint32_t)n)];
        st[g->n] = s;
        g->sq[g->n++] = (int8_t)(m == MOVE_PASS ? -1 : (int)m);
        G->play(&s, m);
    }
    int sc[GAME_MAX_PLAYERS];
    G->score(&s, sc);
    int empty = 64 - sc[0] - sc[1];
    g->margin = sc[0] - sc[1] + (sc[0] > sc[1] ? empty : sc[0] < sc[1] ? -empty : 0);
    return g->n;
}

/* The game's moves as text, for the malformed lines. */
static void moves_text(const struct sp_game *g, char *buf)
{
    for (int i = 0; i < g->n; i++) {
        buf[2 * i] = g->sq[i] < 0 ? 'p' : (char)('a' + g->sq[i] % 8);
        buf[2 * i + 1] = g->sq[i] < 0 ? 'a' : (char)('1' + g->sq[i] / 8);
    }
    buf[2 * g->n] = '\0';
}

static void check_round_trip_and_labels(void)
{
    struct rng r;
    rng_seed(&r, 43);
    long positions = 0, labels_ok = 0, boards_ok = 0, exact_kind_ok = 0;
    for (int k = 0; k < 200; k++) {
        struct sp_game g, back;
        struct othello st[SP_MAX_PLIES];
        int n = random_game(&r, &g, st);
        g.index = k;
        g.opening = k % 9;
        g.exact = 10 + k % 11;
        char line[1024], err[160];
        size_t len = sp_format(&g, line, sizeof line);
        CHECK(len > 0 && line[len - 1] == '\n', "game %d: a line with its newline", k);
        line[len - 1] = '\0';
        int rc = sp_parse(line, &back, err, sizeof err);
        CHECK(rc == 0, "game %d read back: %s", k, err);
        CHECK(rc != 0 || (back.n == g.n && !memcmp(back.sq, g.sq, (size_t)n)
                          && back.margin == g.margin && back.exact == g.exact
                          && back.opening == g.opening && back.index == k),
              "game %d: the same game read back", k);
        struct sp_file f = {.g = &g, .n = 1};
        struct posset ps = {0};
        CHECK(sp_expand(&f, false, 0, &ps) == 0, "game %d expands", k);
        size_t at = 0;
        for (int i = 0; i < n; i++) {
            if (g.sq[i] < 0)
                continue; /* a pass is no position to learn from */
            positions++;
            if (at >= ps.n)
                break;
            const struct pos *p = &ps.v[at++];
            int mover = st[i].side;
            boards_ok += p->P == st[i].disc[mover] && p->O == st[i].disc[!mover];
            int want = (mover ? -g.margin : g.margin) * OTH_EVAL_UNIT;
            labels_ok += p->value == want;
            int empties = 64 - bb_popcount(st[i].disc[0] | st[i].disc[1]);
            exact_kind_ok += p->kind == (empties <= g.exact ? LABEL_EXACT : LABEL_RESULT);
        }
        CHECK(at == ps.n, "game %d: one position per move, no more (%zu, %zu)", k, at, ps.n);
        pos_free(&ps);
    }
    CHECK(boards_ok == positions, "positions as the rules replay them: %ld of %ld",
          boards_ok, positions);
    CHECK(labels_ok == positions, "labels the mover's final margin: %ld of %ld",
          labels_ok, positions);
    CHECK(exact_kind_ok == positions, "exact from the solver's empties on: %ld of %ld",
          exact_kind_ok, positions);
}

/* Search labels: the values replace the result before the solver's
 * empties, after the opening. */
static void check_search_labels(void)
{
    struct rng r;
    rng_seed(&r, 7);
    struct sp_game g;
    struct othello st[SP_MAX_PLIES];
    int n = random_game(&r, &g, st);
    g.opening = 4;
    g.exact = 14;
    int searched = 0;
    for (int i = 0; i < n; i++) {
        int empties = 64 - bb_popcount(st[i].disc[0] | st[i].disc[1]);
        if (g.sq[i] >= 0 && i >= g.opening && empties > g.exact)
            g.value[searched] = 1000 + searched, searched++;
    }
    g.nvalues = searched;
    char line[1024], err[160];
    size_t len = sp_format(&g, line, sizeof line);
    line[len - 1] = '\0';
    struct sp_game back;
    CHECK(sp_parse(line, &back, err, sizeof err) == 0 && back.nvalues == searched,
          "values read back: %s", err);
    struct sp_file f = {.g = &g, .n = 1};
    struct posset ps = {0};
    sp_expand(&f, true, 8, &ps);
    int nsearch = 0, inorder = 1;
    for (size_t i = 0; i < ps.n; i++)
        if (ps.v[i].kind == LABEL_SEARCH) {
            inorder &= ps.v[i].value == 1000 + nsearch && ps.v[i].depth == 8;
            nsearch++;
        }
    CHECK(nsearch == searched && inorder, "search labels in order: %d of %d", nsearch,
          searched);
    /* One value too few is refused. */
    char *comma = strrchr(line, ',');
    *comma = '\0';
    CHECK(sp_parse(line, &back, err, sizeof err) != 0 && strstr(err, "values"),
          "a missing value is refused (%s)", err);
    pos_free(&ps);
}

static void refused(const char *line, const char *why)
{
    struct sp_game g;
    char err[160] = "";
    int rc = sp_parse(line, &g, err, sizeof err);
    CHECK(rc != 0 && strstr(err, why), "refused because %s: got \"%s\" for %.60s", why, err,
          line);
}

static void check_malformed(void)
{
    struct rng r;
    rng_seed(&r, 99);
    struct sp_game g;
    struct othello st[SP_MAX_PLIES];
    random_game(&r, &g, st);
    char mv[200], line[400];
    moves_text(&g, mv);
    snprintf(line, sizeof line, "3 0 %s %d 20 junk", mv, g.margin);
    refused(line, "search values");
    snprintf(line, sizeof line, "3 0 %s %d 20", mv, g.margin + 2);
    refused(line, "final board");
    snprintf(line, sizeof line, "3 0 %.*s %d 20", (int)strlen(mv) - 2, mv, g.margin);
    refused(line, "not over");
    snprintf(line, sizeof line, "3 0 a1%s %d 20", mv, g.margin);
    refused(line, "illegal");
    snprintf(line, sizeof line, "3 0 pa%s %d 20", mv, g.margin);
    refused(line, "a pass where");
    snprintf(line, sizeof line, "3 0 %s %d", mv, g.margin);
    refused(line, "MARGIN EXACT");
    snprintf(line, sizeof line, "-3 0 %s %d 20", mv, g.margin);
    refused(line, "INDEX OPENING");
    snprintf(line, sizeof line, "3 0 %sz9 %d 20", mv, g.margin);
    refused(line, "bad moves");
    snprintf(line, sizeof line, "3 99 %s %d 20", mv, g.margin);
    refused(line, "INDEX OPENING");
    snprintf(line, sizeof line, "3 0 %s %d 20 ", mv, g.margin);
    refused(line, "search values");
}

/* A file cut inside its last line keeps its whole lines; a bad line in
 * the middle fails with its number. */
static void check_file(void)
{
    struct rng r;
    rng_seed(&r, 5);
    char path[] = "/tmp/quartet-test-games-XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    fputs("# quartet-train selfplay 1 seed=1 games=3 depth=8 exact=20\n", f);
    char line[1024];
    long whole = 0;
    for (int k = 0; k < 3; k++) {
        struct sp_game g;
        struct othello st[SP_MAX_PLIES];
        random_game(&r, &g, st);
        g.index = k;
        g.exact = 20;
        size_t len = sp_format(&g, line, sizeof line);
        fwrite(line, 1, k < 2 ? len : len / 2, f);
        whole = k < 2 ? ftell(f) : whole;
    }
    fclose(f);
    struct sp_file sf;
    char err[256];
    CHECK(sp_read(path, &sf, err, sizeof err) == 0, "a torn file reads: %s", err);
    CHECK(sf.n == 2 && sf.torn && sf.keep == whole,
          "two games, the torn third left out at byte %ld (%zu, %d, %ld)", whole, sf.n,
          (int)sf.torn, sf.keep);
    char run[SP_HEADER_MAX];
    sp_header_run("# quartet-train selfplay 1 seed=1 games=3 shard=2/5 x=1", run, sizeof run);
    CHECK(!strcmp(run, "# quartet-train selfplay 1 seed=1 games=3 x=1"),
          "the run without its shard: %s", run);
    sp_file_free(&sf);
    f = fopen(path, "a");
    fputs("\n0 0 d3 0 20\n", f); /* ends the torn line: now line 4 is bad */
    fclose(f);
    CHECK(sp_read(path, &sf, err, sizeof err) != 0 && strstr(err, "line 4"),
          "a bad line names its number: %s", err);
    unlink(path);
}

int main(void)
{
    check_round_trip_and_labels();
    check_search_labels();
    check_malformed();
    check_file();
    return check_report();
}
