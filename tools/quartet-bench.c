/* quartet-bench: the performance figures `make bench` prints — perft
 * times and leaves/s, and random-playout throughput for every game —
 * all measured through the game interface (with each game's fast paths). */
#include "engine/clock.h"
#include "engine/game.h"
#include "engine/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int main(int argc, char **argv)
{
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
    return 0;
}
