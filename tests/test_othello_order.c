/* The exact solver's own move-ordering weights (search.h order_weights):
 * with them fixed, a solve's value, best move and node count stay the
 * same whatever the play weights (the shipped ones, zeros, the shipped
 * ones negated), while a midgame search's value follows the play weights
 * and ignores the ordering ones; the sorting searches' table entries are
 * never read by a midgame search of the other weights; the shared loader
 * keeps equal weights once (the shipped pair is one evaluation) and
 * finds the shipped ordering file like the other data files; the
 * solve command orders with --order-eval's weights, and one that does not
 * load leaves the play weights ordering. */
#include "engine/game.h"
#include "engine/games/othello/eval.h"
#include "engine/games/othello/mpc.h"
#include "engine/games/othello/othello.h"
#include "engine/games/othello/patterns.h"
#include "engine/games/othello/search.h"
#include "engine/games/othello/solve.h"
#include "engine/player.h"
#include "tests/check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SHIPPED "data/othello.weights"
#define SHIPPED_ORDER "data/othello-order.weights"

/* FFO #23, #27, #29 (18-20 empties: sorting searches and the selective
 * passes run), X to move, with their known best moves and margins. */
static const struct {
    const char *board;
    const char *moves; /* every best move */
    int margin;
} ffo[] = {
    {"--O-------OOX---OOOXXXO-OOOOXOXXXXXOOXOXXXXXXOOXX-XXXXOX--XXXX--", "a2", 4},
    {"--XO-O----OOOO--OOXOXXO-OOOOXXOOOOOXXOX-OXOXXXXX--XXXX----X-O-X-", "b7", -2},
    {"-OXXXX----OXXO--XXOOXOOOXXXOOXOOXXOOXOOOXXXXOO-XX-XXO-----------", "g2", 10},
};
#define NFFO (int)(sizeof ffo / sizeof ffo[0])

/* A middle game, 40 empties, X to move: the searches below stop far
 * from the end, so only the evaluation gives their values. */
#define MIDGAME "--------------X-----XXXO--OOOXXX---XOOX----O-O------------------"

static void parse(const char *t, bb_t *P, bb_t *O)
{
    *P = *O = 0;
    for (int i = 0; i < 64; i++) {
        if (t[i] == 'X')
            *P |= 1ULL << i;
        else if (t[i] == 'O')
            *O |= 1ULL << i;
    }
}

static void square(int sq, char buf[16])
{
    snprintf(buf, 16, "%c%d", sq >= 0 ? 'a' + sq % 8 : '?', sq >= 0 ? sq / 8 + 1 : 0);
}

static struct oth_weights *load(const char *path)
{
    char err[256];
    struct oth_weights *w = oth_weights_load(path, err, sizeof err);
    CHECK(w != NULL, "%s: %s", path, err);
    return w;
}

/* The shipped weights with every entry negated: as far from them as
 * weights get. */
static struct oth_weights *negated(void)
{
    struct oth_weights *w = load(SHIPPED);
    if (w)
        for (size_t i = 0; i < (size_t)w->nphase * OTH_PHASE_SIZE; i++)
            w->w[i] = (int16_t)(w->w[i] == INT16_MIN ? INT16_MAX : -w->w[i]);
    return w;
}

struct solved {
    int value, best;
    uint64_t nodes;
};

static struct solved solve(const struct oth_weights *play, const struct oth_weights *order,
                           int i)
{
    struct oth_search_config c = {.hash_mb = 16, .threads = 1, .weights = play,
                                  .order_weights = order, .mpc = oth_mpc_shared()};
    struct oth_search *s = oth_search_new(&c);
    struct solved r = {0, -1, 0};
    CHECK(s != NULL, "searcher");
    if (!s)
        return r;
    bb_t P, O;
    parse(ffo[i].board, &P, &O);
    r.value = oth_solve(s, P, O, ~0ULL, false, &r.best, &r.nodes);
    oth_search_free(s);
    return r;
}

/* The ordering weights fixed (their own copy, so that every searcher
 * below keeps the sorting searches' entries under the same key), the
 * play weights replaced: the same solve, node for node; each solve right. */
static void test_solver_ignores_play(const struct oth_weights *shipped,
                                     const struct oth_weights *zero,
                                     const struct oth_weights *neg)
{
    struct oth_weights *order = load(SHIPPED_ORDER);
    if (!order)
        return;
    const struct oth_weights *play[3] = {shipped, zero, neg};
    const char *name[3] = {"shipped", "zero", "negated"};
    for (int i = 0; i < NFFO; i++) {
        struct solved r[3];
        for (int k = 0; k < 3; k++) {
            r[k] = solve(play[k], order, i);
            char mv[16];
            square(r[k].best, mv);
            CHECK(r[k].value == ffo[i].margin && strstr(ffo[i].moves, mv),
                  "position %d, %s play weights: %s %+d, want %s %+d", i, name[k], mv,
                  r[k].value, ffo[i].moves, ffo[i].margin);
        }
        for (int k = 1; k < 3; k++)
            CHECK(r[k].nodes == r[0].nodes && r[k].best == r[0].best,
                  "position %d: %llu nodes with %s play weights, %llu with the shipped",
                  i, (unsigned long long)r[k].nodes, name[k],
                  (unsigned long long)r[0].nodes);
    }
    /* The ordering weights do order: other ones, other node counts. */
    bool differs = false;
    for (int i = 0; i < NFFO; i++)
        differs |= solve(shipped, zero, i).nodes != solve(shipped, order, i).nodes;
    CHECK(differs, "zero ordering weights took the nodes of the shipped ones");
    /* NULL ordering weights: the play weights order, the same as naming them. */
    for (int i = 0; i < NFFO; i++)
        CHECK(solve(zero, NULL, i).nodes == solve(zero, zero, i).nodes,
              "position %d: NULL ordering weights are not the play weights", i);
    oth_weights_free(order);
}

static int midgame_value(const struct oth_weights *play, const struct oth_weights *order,
                         int depth)
{
    struct oth_search_config c = {.hash_mb = 16, .threads = 1, .weights = play,
                                  .order_weights = order, .mpc = oth_mpc_shared()};
    struct oth_search *s = oth_search_new(&c);
    if (!s)
        return 0;
    bb_t P, O;
    parse(MIDGAME, &P, &O);
    int v = oth_search_fixed(s, P, O, ~0ULL, depth, NULL);
    oth_search_free(s);
    return v;
}

/* The midgame search follows the play weights and ignores the ordering
 * ones. */
static void test_midgame_follows_play(const struct oth_weights *shipped,
                                      const struct oth_weights *zero,
                                      const struct oth_weights *neg)
{
    for (int depth = 4; depth <= 6; depth++) {
        int v = midgame_value(shipped, shipped, depth);
        CHECK(midgame_value(neg, shipped, depth) != v,
              "depth %d: negated play weights, the same value %d", depth, v);
        CHECK(midgame_value(zero, shipped, depth) == 0,
              "depth %d: zero play weights give %d", depth, midgame_value(zero, shipped, depth));
        CHECK(midgame_value(shipped, neg, depth) == v && midgame_value(shipped, zero, depth) == v
                  && midgame_value(shipped, NULL, depth) == v,
              "depth %d: the ordering weights changed a midgame value", depth);
    }
}

/* One table serves both: after a solve whose sorting searches (the
 * ordering weights) stored values of the same positions and depths, a
 * midgame search (the play weights) of the position still gives what it
 * gives in a new searcher, and the solve what it gives in a new one. */
static void test_one_table(const struct oth_weights *shipped, const struct oth_weights *zero)
{
    for (int i = 0; i < NFFO; i++) {
        bb_t P, O;
        parse(ffo[i].board, &P, &O);
        struct oth_search_config c = {.hash_mb = 16, .threads = 1, .weights = shipped,
                                      .order_weights = zero, .mpc = oth_mpc_shared()};
        struct oth_search *fresh = oth_search_new(&c), *s = oth_search_new(&c);
        if (!fresh || !s) {
            CHECK(false, "searchers");
            oth_search_free(fresh);
            oth_search_free(s);
            return;
        }
        int best;
        int v = oth_solve(s, P, O, ~0ULL, false, &best, NULL);
        CHECK(v == ffo[i].margin, "position %d: solved %+d, want %+d", i, v, ffo[i].margin);
        for (int d = 2; d <= 4; d++) {
            int want = oth_search_fixed(fresh, P, O, ~0ULL, d, NULL);
            int got = oth_search_fixed(s, P, O, ~0ULL, d, NULL);
            CHECK(got == want, "position %d depth %d: %d after a solve, %d in a new searcher",
                  i, d, got, want);
        }
        CHECK(oth_solve(s, P, O, ~0ULL, false, &best, NULL) == ffo[i].margin,
              "position %d: solved again after the midgame searches", i);
        oth_search_free(fresh);
        oth_search_free(s);
    }
}

/* The shared loader: the shipped play and ordering weights are two
 * (the play weights were refitted from the ordering ones); a byte copy
 * of a file loaded already is that file's copy; other weights are
 * another. */
static void test_shared(const char *zero_path)
{
    char err[256];
    const struct oth_weights *a = oth_weights_shared(SHIPPED, err, sizeof err);
    const struct oth_weights *b = oth_weights_shared(SHIPPED_ORDER, err, sizeof err);
    CHECK(a && b && a != b, "the shipped play and ordering weights are %s",
          a && b ? "one copy" : err);
    char copy[] = "/tmp/quartet-order-copy-XXXXXX";
    int fd = mkstemp(copy);
    FILE *in = fopen(SHIPPED_ORDER, "rb"), *out = fd >= 0 ? fdopen(fd, "wb") : NULL;
    char buf[65536];
    size_t n;
    while (in && out && (n = fread(buf, 1, sizeof buf, in)) > 0)
        fwrite(buf, 1, n, out);
    if (in)
        fclose(in);
    if (out)
        fclose(out);
    const struct oth_weights *c = oth_weights_shared(copy, err, sizeof err);
    CHECK(c && c == b, "a byte copy of the ordering file is %s",
          c ? "another copy in memory" : err);
    unlink(copy);
    const struct oth_weights *z = oth_weights_shared(zero_path, err, sizeof err);
    CHECK(z && z != a, "other weights, %s", z ? "the shipped copy" : err);
    /* Found like the other data files (here from build/rel/tests). */
    char path[4096];
    CHECK(oth_order_weights_default_path(path, sizeof path) == 0
              && strstr(path, "/data/othello-order.weights"),
          "the shipped ordering weights found");
    CHECK(oth_order_weights_shared_default(NULL, z, err, sizeof err) == b,
          "by default the shipped ordering weights order");
    CHECK(oth_order_weights_shared_default(zero_path, a, err, sizeof err) == z,
          "a named ordering file");
    CHECK(oth_order_weights_shared_default("/nonexistent/o.weights", a, err, sizeof err) == NULL
              && strstr(err, "/nonexistent/o.weights"),
          "a missing ordering file: '%s'", err);
    CHECK(oth_order_weights_for("/nonexistent/o.weights", z, "test") == z,
          "a missing ordering file leaves the play weights ordering");
}

/* The solve command orders with the session's --order-eval weights; the
 * --eval ones matter only without them. */
static uint64_t command_nodes(const char *eval, const char *order, char *out, size_t cap)
{
    const struct game *g = game_find("Othello");
    const struct game_command *cmd = NULL;
    for (const struct game_command *c = g->commands; c && c->name; c++)
        if (!strcmp(c->name, "solve"))
            cmd = c;
    struct othello s;
    char err[128];
    g->set_position(&s, ffo[1].board, "X", err, sizeof err);
    struct player_options o;
    player_options_default(&o);
    o.threads = 1;
    o.hash_mb = 8;
    o.eval_file = eval;
    o.order_eval_file = order;
    void *ctx = NULL;
    out[0] = '\0';
    if (!cmd || cmd->run(&s, 0, NULL, &o, NULL, &ctx, out, cap) != 0)
        return 0;
    uint64_t n = othello_solve_nodes(ctx);
    g->commands_free(ctx);
    return n;
}

static void test_command(const char *zero_path)
{
    char out[1024];
    uint64_t base = command_nodes(NULL, NULL, out, sizeof out);
    CHECK(base > 0 && !strncmp(out, "b7 -2 ", 6), "solve: '%s'", out);
    uint64_t n = command_nodes(zero_path, NULL, out, sizeof out);
    CHECK(n == base && !strncmp(out, "b7 -2 ", 6),
          "--eval zero weights: %llu nodes against %llu ('%s')", (unsigned long long)n,
          (unsigned long long)base, out);
    n = command_nodes(NULL, zero_path, out, sizeof out);
    CHECK(n != base && !strncmp(out, "b7 -2 ", 6),
          "--order-eval zero weights: %llu nodes, as many as the shipped ones ('%s')",
          (unsigned long long)n, out);
    CHECK(command_nodes(zero_path, zero_path, out, sizeof out) == n,
          "--order-eval zero weights, with --eval zero weights too");
    /* Missing: the play weights order (here the shipped ones), as if they
     * were named as the ordering weights. */
    uint64_t play = command_nodes(NULL, SHIPPED, out, sizeof out);
    n = command_nodes(NULL, "/nonexistent/o.weights", out, sizeof out);
    CHECK(n == play && n != base && !strncmp(out, "b7 -2 ", 6),
          "a missing --order-eval: %llu nodes, ordered by the play weights %llu, the "
          "ordering ones %llu ('%s')", (unsigned long long)n, (unsigned long long)play,
          (unsigned long long)base, out);
}

int main(void)
{
    struct oth_weights *shipped = load(SHIPPED), *neg = negated();
    struct oth_weights *zero = shipped ? oth_weights_new(shipped->nphase, shipped->phase) : NULL;
    char zero_path[] = "/tmp/quartet-order-XXXXXX";
    int fd = mkstemp(zero_path);
    char err[256];
    bool saved = fd >= 0 && zero && oth_weights_save(zero, zero_path, err, sizeof err) == 0;
    CHECK(saved, "zero weights saved to %s", zero_path);
    if (shipped && neg && zero && saved) {
        test_solver_ignores_play(shipped, zero, neg);
        test_midgame_follows_play(shipped, zero, neg);
        test_one_table(shipped, zero);
        test_shared(zero_path);
        test_command(zero_path);
    }
    if (fd >= 0) {
        close(fd);
        unlink(zero_path);
    }
    oth_weights_free(shipped);
    oth_weights_free(neg);
    oth_weights_free(zero);
    return check_report();
}
