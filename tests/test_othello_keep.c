/* What Othello keeps from one command to the next (doc/othello.md): the
 * shared weights loader returns one copy per path (and one for equal
 * weights under two paths) and reads each file
 * once, players reuse it; the solve commands keep their table in the
 * session's ctx, so a repeated solve searches far fewer nodes with the
 * same answer, the table is remade when the settings or the board size
 * change, and an interrupted solve leaves it sound (later solves through
 * the same ctx give the known values). */
#include "engine/game.h"
#include "engine/games/othello/eval.h"
#include "engine/games/othello/othello.h"
#include "engine/games/othello/solve.h"
#include "engine/player.h"
#include "tests/check.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SHIPPED "data/othello.weights"
#define FFO1 "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--"
#define FFO2 "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX-"
/* FFO-like, 24 empties: b2 +4, variation b2 c8 h2 g2 a5 a7 h1 ... */
#define DEEP "--OOOO----OOOO---XOXXOOXOOXOOOOX-OOOOOXXXOOXXXXX--X-X-----------"

static const struct game *othello(void) { return game_find("Othello"); }

static const struct game_command *command(const char *name)
{
    for (const struct game_command *c = othello()->commands; c && c->name; c++)
        if (!strcmp(c->name, name))
            return c;
    return NULL;
}

/* ---- the shared weights ---- */

struct load_arg {
    const char *path;
    const struct oth_weights *w;
};

static void *load_thread(void *v)
{
    struct load_arg *a = v;
    a->w = oth_weights_shared(a->path, NULL, 0);
    return NULL;
}

/* Copies the shipped file to a fresh path, so that this process loads it
 * first whatever ran before. */
static int copy_weights(const char *to)
{
    FILE *in = fopen(SHIPPED, "rb"), *out = in ? fopen(to, "wb") : NULL;
    int ok = in && out;
    char buf[65536];
    size_t n;
    while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
        ok = fwrite(buf, 1, n, out) == n;
    if (in)
        fclose(in);
    if (out && fclose(out) != 0)
        ok = 0;
    return ok ? 0 : -1;
}

static void test_shared_weights(void)
{
    char err[256];
    int before = oth_weights_shared_loads();
    const struct oth_weights *a = oth_weights_shared(SHIPPED, err, sizeof err);
    const struct oth_weights *b = oth_weights_shared(SHIPPED, err, sizeof err);
    CHECK(a && a == b, "the same path gives the same copy (%p, %p): %s", (void *)a, (void *)b, err);
    CHECK(oth_weights_shared_loads() == before + 1, "one read for two calls (%d)",
          oth_weights_shared_loads() - before);

    /* Another path is read once, even by racing threads; its weights,
     * equal to the shipped ones, come back as the shipped copy (the
     * shipped ordering weights are such a byte copy: eval.h). */
    char path[64];
    snprintf(path, sizeof path, "/tmp/quartet-keep-%d.weights", (int)getpid());
    CHECK(copy_weights(path) == 0, "copy of the weights");
    before = oth_weights_shared_loads();
    struct load_arg arg[4];
    pthread_t th[4];
    for (int i = 0; i < 4; i++) {
        arg[i] = (struct load_arg){path, NULL};
        pthread_create(&th[i], NULL, load_thread, &arg[i]);
    }
    for (int i = 0; i < 4; i++)
        pthread_join(th[i], NULL);
    bool same = true;
    for (int i = 1; i < 4; i++)
        same = same && arg[i].w == arg[0].w;
    CHECK(arg[0].w && arg[0].w == a && same, "four threads share the one copy");
    CHECK(oth_weights_shared_loads() == before + 1, "racing threads read it once (%d)",
          oth_weights_shared_loads() - before);

    /* Players made for every game take the shared copy: no more reads. */
    const struct player_type *pt = player_find("alphabeta");
    struct player_options o;
    player_options_default(&o);
    o.eval_file = path;
    o.order_eval_file = path;
    o.hash_mb = 1;
    o.threads = 1;
    before = oth_weights_shared_loads();
    for (int i = 0; i < 5; i++) {
        void *p = pt->create(othello(), &o);
        CHECK(p != NULL, "player %d", i);
        if (p)
            pt->destroy(p);
    }
    CHECK(oth_weights_shared_loads() == before, "five players, %d reads",
          oth_weights_shared_loads() - before);
    remove(path);

    /* A bad file: the same message every time, read once. */
    before = oth_weights_shared_loads();
    char e1[256] = "", e2[256] = "";
    const struct oth_weights *m1 = oth_weights_shared("/nonexistent/x.weights", e1, sizeof e1);
    const struct oth_weights *m2 = oth_weights_shared("/nonexistent/x.weights", e2, sizeof e2);
    CHECK(!m1 && !m2 && e1[0] && !strcmp(e1, e2), "missing file: '%s', '%s'", e1, e2);
    CHECK(oth_weights_shared_loads() == before + 1, "a failed load is tried once");
}

/* ---- the solve commands' kept table ---- */

static void set(struct othello *s, const char *board, const char *side)
{
    char err[128];
    if (othello()->set_position(s, board, side, err, sizeof err) != 0)
        fprintf(stderr, "set_position: %s\n", err);
}

static int run(const char *name, const struct othello *s, const struct player_options *o,
               const volatile int *stop, void **ctx, char *out, size_t cap)
{
    const struct game_command *c = command(name);
    return c ? c->run(s, 0, NULL, o, stop, ctx, out, cap) : -1;
}

static void test_repeat(void)
{
    struct othello s;
    struct player_options o;
    player_options_default(&o);
    o.threads = 1; /* node counts that repeat */
    o.hash_mb = 16;
    void *ctx = NULL;
    char first[1024], out[1024];
    set(&s, FFO1, "X");
    CHECK(run("solve", &s, &o, NULL, &ctx, first, sizeof first) == 0
          && !strncmp(first, "g8 +18 g8 ", 10), "solve: '%s'", first);
    uint64_t n1 = othello_solve_nodes(ctx);
    CHECK(ctx != NULL && n1 > 0, "the table is kept in ctx (%llu nodes)", (unsigned long long)n1);
    CHECK(run("solve", &s, &o, NULL, &ctx, out, sizeof out) == 0 && !strcmp(out, first),
          "again: '%s', was '%s'", out, first);
    uint64_t n2 = othello_solve_nodes(ctx);
    printf("FFO #1 solved twice through one ctx: %llu then %llu nodes\n",
           (unsigned long long)n1, (unsigned long long)n2);
    CHECK(n2 * 5 < n1, "the second solve reuses the table: %llu then %llu nodes",
          (unsigned long long)n1, (unsigned long long)n2);

    /* Exact and WLD share the entries; another position in between. */
    CHECK(run("solve_wld", &s, &o, NULL, &ctx, out, sizeof out) == 0
          && strlen(out) == 6 && strstr("g8 h1 h7 a2 a3", (char[3]){out[0], out[1], 0})
          && !strcmp(out + 2, " win"), "solve_wld: '%s'", out);
    set(&s, FFO2, "X");
    CHECK(run("solve", &s, &o, NULL, &ctx, out, sizeof out) == 0
          && !strncmp(out, "a4 +10 a4 ", 10), "FFO #2: '%s'", out);
    set(&s, FFO1, "O");
    CHECK(run("solve", &s, &o, NULL, &ctx, out, sizeof out) == 0
          && !strncmp(out, "h7 +12 h7 ", 10), "FFO #1, white: '%s'", out);

    /* Other settings or another board size: a new table. */
    set(&s, FFO1, "X");
    o.hash_mb = 8;
    CHECK(run("solve", &s, &o, NULL, &ctx, out, sizeof out) == 0 && !strcmp(out, first),
          "8 MiB: '%s'", out);
    CHECK(othello_solve_nodes(ctx) * 5 > n1, "a new hash size, a new table (%llu nodes)",
          (unsigned long long)othello_solve_nodes(ctx));
    CHECK(run("solve", &s, &o, NULL, &ctx, out, sizeof out) == 0
          && othello_solve_nodes(ctx) * 5 < n1, "then kept again (%llu nodes)",
          (unsigned long long)othello_solve_nodes(ctx));
    struct othello small;
    set(&small, "-XO-XOOXXXXX-XO-", "O");
    CHECK(run("solve", &small, &o, NULL, &ctx, out, sizeof out) == 0
          && !strcmp(out, "a1 +4 a1 d4 a4"), "4x4: '%s'", out);
    CHECK(run("solve", &s, &o, NULL, &ctx, out, sizeof out) == 0 && !strcmp(out, first)
          && othello_solve_nodes(ctx) * 5 > n1,
          "back to 8x8: a new table (%llu nodes): '%s'",
          (unsigned long long)othello_solve_nodes(ctx), out);

    /* No ctx: nothing kept, same answer. */
    CHECK(run("solve", &s, &o, NULL, NULL, out, sizeof out) == 0 && !strcmp(out, first),
          "without ctx: '%s'", out);
    othello()->commands_free(ctx);
}

struct stop_arg {
    volatile int stop;
    double after;
};

static void *stopper(void *v)
{
    struct stop_arg *a = v;
    struct timespec ts = {0, (long)(a->after * 1e9)};
    nanosleep(&ts, NULL);
    a->stop = 1;
    return NULL;
}

/* Plays the moves (text, space-separated) on s. */
static void play_line(struct othello *s, const char *moves)
{
    char buf[256], *save;
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        move_t m;
        othello()->parse_move(s, w, &m);
        othello()->play(s, m);
    }
}

/* The stop comes from a clock, so where the search is then varies; the
 * answers checked after it do not depend on that. A 22-empty solve (DEEP
 * after b2 c8: h2 +4) is stopped a dozen times at different moments, each
 * time through the same ctx, then positions of the variation it begins
 * with and the position itself are solved through that ctx. */
static void test_interrupted(void)
{
    struct othello s;
    struct player_options o;
    player_options_default(&o);
    o.threads = 2;
    o.hash_mb = 16;
    char out[1024];
    void *ctx = NULL;
    set(&s, DEEP, "X");
    play_line(&s, "b2 c8");
    int stopped = 0;
    for (int k = 1; k <= 12; k++) {
        struct stop_arg a = {0, 0.01 * k};
        pthread_t th;
        pthread_create(&th, NULL, stopper, &a);
        int r = run("solve", &s, &o, &a.stop, &ctx, out, sizeof out);
        pthread_join(th, NULL);
        stopped += r != 0;
        /* A stop that lands while the variation is being built leaves the
         * exact move and margin with a shorter variation, which still
         * begins with the move (a stop just after the solve, as a stalled
         * machine can make it land, once left none). */
        CHECK(r == 0 ? !strncmp(out, "h2 +4 h2", 8) : !strcmp(out, "interrupted"),
              "stopped after %d ms: '%s'", 10 * k, out);
        if (r == 0) /* solved before the stop: the table holds the answer */
            break;
    }
    /* A solver that fast makes this a plain test of the kept table. */
    printf("%d solves stopped before the checks\n", stopped);
    /* h2 g2 leaves a5 +4, then a5 a7 h1 +4. */
    struct othello t = s;
    play_line(&t, "h2 g2");
    CHECK(run("solve", &t, &o, NULL, &ctx, out, sizeof out) == 0
          && !strncmp(out, "a5 +4 ", 6), "20 empties: '%s'", out);
    play_line(&t, "a5 a7");
    CHECK(run("solve", &t, &o, NULL, &ctx, out, sizeof out) == 0
          && !strncmp(out, "h1 +4 ", 6), "18 empties: '%s'", out);
    /* The position itself, through the nodes the stops cut short. */
    CHECK(run("solve", &s, &o, NULL, &ctx, out, sizeof out) == 0
          && !strncmp(out, "h2 +4 h2 ", 9), "again: '%s'", out);
    othello()->commands_free(ctx);
}

int main(void)
{
    test_shared_weights();
    test_repeat();
    test_interrupted();
    return check_report();
}
