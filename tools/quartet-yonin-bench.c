/* quartet-yonin-bench: Yonin search speed. Nodes per second of max-n and
 * of paranoid at a fixed depth (default 6) from 10 fixed 8x8 positions, and
 * with --endgame N the time of the exact max-n and team searches from
 * positions N empties from the end of random games. */
#include "engine/clock.h"
#include "engine/games/yonin/search.h"
#include "engine/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Positions 8 to 35 plies into random games (seed 2026), a1..h8 row by
 * row (A/C discs X, B/D discs O), and the seat to move. */
static const char *const positions[10][2] = {
    {"--------------------OX---XXXO-----XXO-------OX--------X---------", "a"},
    {"--------------O---X--O----OXO------OX-----XXOXX------X------X---", "d"},
    {"-----------O------XOX------OOX---OXOOO---X-XO---XXX-------------", "c"},
    {"-----X----X-XOX----XX--X-O-XO-----XXOO---XXO------OOO-----------", "b"},
    {"-------------O---O--OO--XXXXOO---XXXOXX---XOOO----OX-----O-X----", "a"},
    {"---O-X----O-X-OX-OOX-XX-OOXOOXX---XXOX----XX-XO--------O--------", "d"},
    {"--O-------O-O----OO-OX----OOX---XXXXO----OXOOO---OOOOOO--OX-O-O-", "c"},
    {"OX-------X-XX--XOXXXXX-XOXOXXXOX-XXXOX--OX-O-O---XO---O---------", "b"},
    {"--O--O---XXOOOX-XXXOOOO--XXXXOOO--XXOOO--X-XO-----XXOO---O-X----", "a"},
    {"---OX-X---OO-XXOO-OOXXO--XOXOX--XOXXXXXX-X-XOO-X--XXX--X--X-XO--", "d"},
};

static int load(struct yonin *y, int i)
{
    struct game_options o = {8, 0};
    char err[128];
    yonin_game.init(y, &o);
    if (yonin_game.set_position(y, positions[i][0], positions[i][1], err, sizeof err) != 0) {
        fprintf(stderr, "position %d: %s\n", i + 1, err);
        return -1;
    }
    return 0;
}

static int midgame(int depth, int hash_mb)
{
    const char *names[2] = {"max-n", "paranoid"};
    for (int kind = 0; kind < 2; kind++) {
        struct yn_search *s = yn_search_new(hash_mb);
        if (!s)
            return 1;
        long long nodes = 0;
        double secs = 0;
        for (int i = 0; i < 10; i++) {
            struct yonin y;
            if (load(&y, i) != 0)
                return 1;
            struct yn_root r;
            yn_search_begin(s, &y);
            double t0 = clock_now();
            /* Iterative deepening, as the players search. */
            for (int d = 1; d <= depth; d++) {
                if (kind == 0)
                    yn_maxn_root(s, &y, d, &r);
                else
                    yn_coalition_root(s, &y, yn_coalition_of(&y), d, false, false, &r);
            }
            double dt = clock_now() - t0;
            char mv[8];
            yonin_game.format_move(&y, r.move[r.best], mv, sizeof mv);
            printf("%-8s #%-2d %-4s %10lld nodes %8.3f s %10.0f nodes/s\n", names[kind], i + 1,
                   mv, s->nodes, dt, s->nodes / (dt > 0 ? dt : 1e-9));
            nodes += s->nodes;
            secs += dt;
        }
        printf("%s depth %d: %lld nodes in %.3f s: %.0f nodes/s\n", names[kind], depth,
               nodes, secs, nodes / (secs > 0 ? secs : 1e-9));
        yn_search_free(s);
    }
    return 0;
}

/* Exact searches from `empties` empties, 10 random games per variant. */
static int endgame(int empties, int hash_mb)
{
    struct rng rg;
    rng_seed(&rg, 7);
    for (int team = 0; team < 2; team++) {
        struct yn_search *s = yn_search_new(hash_mb);
        if (!s)
            return 1;
        double worst = 0, total = 0;
        long long nodes = 0;
        int n = 0;
        for (int k = 0; k < 10; k++) {
            struct yonin y;
            struct game_options o = {8, team ? 1u : 0u};
            yonin_game.init(&y, &o);
            move_t m[GAME_MAX_MOVES];
            while (!yonin_game.is_over(&y)
                   && 64 - __builtin_popcountll(y.disc[0] | y.disc[1]) > empties) {
                int c = yonin_game.legal_moves(&y, m);
                yonin_game.play(&y, m[rng_below(&rg, (uint32_t)c)]);
            }
            if (yonin_game.is_over(&y))
                continue;
            struct yn_root r;
            yn_search_begin(s, &y);
            double t0 = clock_now();
            if (team)
                yn_coalition_root(s, &y, yn_coalition_of(&y), 1, true, false, &r);
            else
                yn_maxn_exact(s, &y, &r);
            double dt = clock_now() - t0;
            worst = dt > worst ? dt : worst;
            total += dt;
            nodes += s->nodes;
            n++;
        }
        printf("exact %s, %d empties: %d positions, mean %.4f s, worst %.4f s, %.0f nodes/s\n",
               team ? "team alpha-beta" : "max-n", empties, n, n ? total / n : 0, worst,
               nodes / (total > 0 ? total : 1e-9));
        yn_search_free(s);
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const char usage[] =
        "usage: quartet-yonin-bench [--depth N] [--hash MB] [--endgame EMPTIES] [-h, --help]\n";
    int depth = 6, hash = 64, empties = -1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return 0;
        }
        if (strcmp(argv[i], "--depth") == 0 && i + 1 < argc)
            depth = atoi(argv[++i]);
        else if (strcmp(argv[i], "--hash") == 0 && i + 1 < argc)
            hash = atoi(argv[++i]);
        else if (strcmp(argv[i], "--endgame") == 0 && i + 1 < argc)
            empties = atoi(argv[++i]);
        else {
            fputs(usage, stderr);
            return 2;
        }
    }
    if (depth < 1 || depth > YN_MAX_DEPTH || empties > 30) {
        fprintf(stderr, "quartet-yonin-bench: depth 1..%d, endgame up to 30 empties\n", YN_MAX_DEPTH);
        return 2;
    }
    return empties >= 0 ? endgame(empties, hash) : midgame(depth, hash);
}
