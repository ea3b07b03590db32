/* quartet-bench: the performance figures `make bench` prints — perft
 * times and leaves/s, random-playout throughput for every game, and the
 * MCTS search's playouts/s with 1 and 2 threads — all measured through the
 * game interface (with each game's fast paths).
 * `quartet-bench mcts GAME [SECONDS [EXPAND_AFTER]]` measures only the search. */
#include "engine/clock.h"
#include "engine/game.h"
#include "engine/player.h"
#include "engine/rng.h"
#include "engine/search/mcts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* CPU seconds of the whole process: on a shared machine, playouts per
 * CPU second show a search's parallel efficiency even when the threads
 * cannot all run at once. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void *new_state(const struct game *g, int size)
{
    void *st = malloc(g->state_size);
    if (!st) {
        perror("malloc");
        exit(1);
    }
    struct game_options o = {.size = size ? size : g->default_size};
    g->init(st, &o);
    return st;
}

static void bench_perft(const char *name, int depth)
{
    const struct game *g = game_find(name);
    void *st = new_state(g, 0);
    double best = 1e30;
    uint64_t n = 0;
    /* Best of three: the machine is shared, the minimum is the honest figure. */
    for (int rep = 0; rep < 3; rep++) {
        double t0 = clock_now();
        n = game_perft(g, st, depth);
        double t = clock_now() - t0;
        if (t < best)
            best = t;
        if (best > 5)
            break;
    }
    printf("%-9s perft(%2d) = %12llu  %8.3f s  %8.1f M leaves/s\n", g->name, depth,
           (unsigned long long)n, best, (double)n / best / 1e6);
    free(st);
}

static void bench_playouts(const struct game *g, double seconds)
{
    void *root = new_state(g, 0), *st = new_state(g, 0);
    struct rng r;
    rng_seed(&r, 1);
    long games = 0;
    double t0 = clock_now(), t, wins = 0;
    do {
        /* A playout is only useful with its result: score every game. */
        for (int i = 0; i < 256; i++) {
            double out[GAME_MAX_PLAYERS];
            memcpy(st, root, g->state_size);
            game_random_playout(g, st, &r);
            g->outcome(st, out);
            wins += out[0];
        }
        games += 256;
        t = clock_now() - t0;
    } while (t < seconds);
    printf("%-9s %2dx%-2d random games: %10.0f games/s (one core, scored; first player %.3f)\n",
           g->name, g->default_size, g->default_size, (double)games / t, wins / (double)games);
    free(root);
    free(st);
}

/* The game's own MCTS playout (policy and AMAF trace), as the search
 * calls it: the base line for the search's overhead. */
static double bench_policy(const struct game *g, double seconds)
{
    if (!g->mcts || !g->mcts->playout)
        return 0;
    void *root = new_state(g, 0), *st = new_state(g, 0);
    struct playout_trace *trace = malloc(sizeof *trace);
    struct rng r;
    rng_seed(&r, 1);
    long games = 0;
    double t0 = clock_now(), c0 = cpu_now(), t, wins = 0;
    do {
        for (int i = 0; i < 256; i++) {
            double out[GAME_MAX_PLAYERS];
            memcpy(st, root, g->state_size);
            trace->n = 0;
            g->mcts->playout(st, &r, g->mcts->amaf ? trace : NULL);
            g->outcome(st, out);
            wins += out[0];
        }
        games += 256;
        t = clock_now() - t0;
    } while (t < seconds);
    double cpu = cpu_now() - c0;
    printf("%-9s %2dx%-2d policy playouts: %9.0f games/s  %.0f/CPU-s (one core, scored; first player %.3f)\n",
           g->name, g->default_size, g->default_size, (double)games / t, (double)games / cpu,
           wins / (double)games);
    free(trace);
    free(root);
    free(st);
    return (double)games / cpu;
}

/* Playouts/s of the full search (tree, policy playouts, RAVE) from the
 * start position, one search of `seconds` per thread count. */
static void bench_mcts(const struct game *g, double seconds, int expand_after)
{
    void *root = new_state(g, 0);
    double base = 0, policy = bench_policy(g, seconds);
    for (int threads = 1; threads <= 2; threads++) {
        struct player_options o;
        player_options_default(&o);
        o.threads = threads;
        struct mcts *m = mcts_create(g, &o);
        if (!m) {
            fprintf(stderr, "quartet-bench: no memory for the MCTS tree\n");
            exit(1);
        }
        mcts_config(m)->early_stop = false;
        if (expand_after > 0)
            mcts_config(m)->expand_after = expand_after;
        struct search_limits lim = {.seconds = seconds};
        double cpu0 = cpu_now();
        mcts_search(m, root, &lim);
        double cpu = cpu_now() - cpu0;
        const struct mcts_stats *l = mcts_last(m);
        double rate = l->playouts / l->seconds;
        if (threads == 1)
            base = rate;
        /* Both per CPU second: fair on a loaded machine. */
        double cpu_rate = l->playouts / cpu;
        printf("%-9s %2dx%-2d MCTS %d thread%s: %10.0f playouts/s  (x%.2f", g->name, g->default_size,
               g->default_size, threads, threads > 1 ? "s" : " ", rate, rate / base);
        if (threads == 1 && policy > 0)
            printf("; tree overhead %.0f%%", 100.0 * (1.0 - cpu_rate / policy));
        printf(")  %.0f/CPU-s  depth %.1f, %lu nodes of %zu bytes%s\n", cpu_rate, l->depth, l->nodes, mcts_node_bytes(),
               l->pool_full ? " (pool full)" : "");
        mcts_destroy(m);
    }
    free(root);
}

static const char usage[] =
    "usage: quartet-bench [SECONDS]\n"
    "       quartet-bench mcts GAME [SECONDS [EXPAND_AFTER]]\n"
    "  perft, random playouts of every game, and MCTS playouts/s with 1 and\n"
    "  2 threads; SECONDS per playout or search measurement (default 2)\n"
    "  mcts GAME: only the search; EXPAND_AFTER visits before a leaf grows\n"
    "  (default: the game's own)\n"
    "  -h, --help  this text\n";

int main(int argc, char **argv)
{
    /* Without this, atof("--help") is 0 and the whole benchmark runs. */
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(usage, stdout);
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "mcts") == 0) {
        const struct game *g = argc > 2 ? game_find(argv[2]) : NULL;
        if (!g) {
            fprintf(stderr, "usage: quartet-bench mcts GAME [SECONDS [EXPAND_AFTER]]\n");
            return 2;
        }
        bench_playouts(g, argc > 3 ? atof(argv[3]) : 2.0);
        bench_mcts(g, argc > 3 && atof(argv[3]) > 0 ? atof(argv[3]) : 2.0, argc > 4 ? atoi(argv[4]) : 0);
        return 0;
    }
    double secs = argc > 1 ? atof(argv[1]) : 2.0;
    printf("Perft (leaves, best of 3, one core)\n");
    bench_perft("othello", 9);
    bench_perft("othello", 10);
    bench_perft("othello", 11);
    bench_perft("yonin", 8);
    bench_perft("yonin", 10);
    bench_perft("separo", 6);
    bench_perft("separo", 7);
    bench_perft("torushex", 4);
    printf("Random playouts from the start position\n");
    for (int i = 0; game_registry[i]; i++)
        bench_playouts(game_registry[i], secs > 0 ? secs : 2.0);
    printf("MCTS search from the start position (playouts/s, 1 and 2 threads)\n");
    bench_mcts(game_find("separo"), secs > 0 ? secs : 2.0, 0);
    bench_mcts(game_find("torushex"), secs > 0 ? secs : 2.0, 0);
    return 0;
}
