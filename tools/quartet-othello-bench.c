/* quartet-othello-bench: the Othello search benchmarks. `--ffo FILE`
 * solves each FFO position of an .obf file exactly and checks the best
 * move and margin against the file; `--midgame` measures nodes per second
 * of depth-12 searches from 10 fixed positions. */
#include "engine/clock.h"
#include "engine/games/othello/othello.h"
#include "engine/games/othello/obf.h"
#include "engine/games/othello/search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Ten middle-game positions (20 to 38 discs), a1..h8 row by row, X to move. */
static const char *const midgame[10] = {
    "--------------------X-----XXXO---XXOOO-----O---------------------",
    "-------------O------OOO----XXOX---XXXX-----X-X-------------------",
    "--------------X-----XXXO--OOOXXX---XOOX----O-O-------------------",
    "---------------------O-X---OOXX---XXOXX--OOOOX-------O-----------",
    "----------X--------XX-O---XXXOOO--XOOOXO--O-XO-----O-------------",
    "---------X-------XXXO----XXXOXO---XOOXOO-----OOO------O----------",
    "--------------O-----OOOX--XXOXXXX-XXXOOO---XOXO-----XXO--------- ",
    "---------O-------OOO------XXOOXOO-XXXXOOO-OXOXOX-----XX----------",
    "---X-------X-O----XXOOO--XXXXOXOOO-XXOXO---OOOXX----O-O----------",
    "--------O-------OOOX-X---OXXXX---OXXXXO--OOOXXO----X-O----X------",
};


static int parse_board(const char *t, bb_t *x, bb_t *o)
{
    *x = *o = 0;
    for (int i = 0; i < 64; i++) {
        if (t[i] == 'X')
            *x |= 1ULL << i;
        else if (t[i] == 'O')
            *o |= 1ULL << i;
        else if (t[i] != '-')
            return -1;
    }
    return 0;
}

static void square_name(int sq, char *buf)
{
    if (sq < 0)
        strcpy(buf, "pass");
    else
        snprintf(buf, 16, "%c%d", (char)('a' + sq % 8), (sq / 8 + 1) % 10);
}

/* The evaluation: weights from --eval, else the shipped file if found,
 * else the simple evaluation (NULL). */
static struct oth_weights *load_weights(const char *file)
{
    char path[4096], err[512];
    if (!file && oth_weights_default_path(path, sizeof path) == 0)
        file = path;
    if (!file)
        return NULL;
    struct oth_weights *w = oth_weights_load(file, err, sizeof err);
    if (!w)
        fprintf(stderr, "%s; using the simple evaluation\n", err);
    return w;
}

static const struct oth_weights *weights;
static const char *eval_name = "simple evaluation";

static int run_ffo(const char *path, int threads, int hash, int first, int last)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return 1;
    }
    struct oth_search_config c = {.hash_mb = hash, .threads = threads, .weights = weights};
    struct oth_search *s = oth_search_new(&c);
    if (!s) {
        fclose(f);
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    /* Numbers from the file name's first number (fforum-40-59 -> 40). */
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *d = strpbrk(base, "0123456789");
    int number = d ? atoi(d) : 1;
    char line[1024];
    double total_t = 0;
    uint64_t total_n = 0;
    int ok = 0, count = 0;
    printf("%-4s %-7s %5s %5s %4s %9s %14s %12s\n", "#", "empties", "move", "score", "ok", "seconds", "nodes", "nodes/s");
    for (; fgets(line, sizeof line, f); number++) {
        if ((first && number < first) || (last && number > last))
            continue;
        bb_t P, O, bestset;
        int margin;
        if (oth_parse_obf(line, &P, &O, &margin, &bestset) != 0)
            continue;
        oth_search_clear(s);
        double t0 = clock_now();
        int best;
        uint64_t nodes;
        int v = oth_solve(s, P, O, ~0ULL, false, &best, &nodes);
        double t = clock_now() - t0;
        bool good = v == margin && best >= 0 && (bestset >> best & 1);
        char mv[16];
        square_name(best, mv);
        printf("%-4d %-7d %5s %+5d %4s %9.3f %14llu %12.0f\n", number,
               64 - bb_popcount(P | O), mv, v, good ? "yes" : "NO", t,
               (unsigned long long)nodes, (double)nodes / (t > 0 ? t : 1e-9));
        fflush(stdout);
        total_t += t;
        total_n += nodes;
        ok += good;
        count++;
    }
    fclose(f);
    oth_search_free(s);
    printf("total: %d positions, %d correct, %.3f s, %llu nodes, %.0f nodes/s (%d threads, %s)\n",
           count, ok, total_t, (unsigned long long)total_n,
           (double)total_n / (total_t > 0 ? total_t : 1e-9), threads, eval_name);
    return ok == count ? 0 : 1;
}

static int run_midgame(int threads, int hash, int depth)
{
    struct oth_search_config c = {.hash_mb = hash, .threads = threads, .weights = weights};
    struct oth_search *s = oth_search_new(&c);
    if (!s)
        return 1;
    double total_t = 0;
    uint64_t total_n = 0;
    for (int i = 0; i < 10; i++) {
        bb_t P, O;
        if (parse_board(midgame[i], &P, &O) != 0) {
            fprintf(stderr, "bad built-in position %d\n", i);
            continue;
        }
        oth_search_clear(s);
        struct oth_run run = {.max_depth = depth};
        struct oth_progress p;
        double t0 = clock_now();
        oth_search_run(s, P, O, ~0ULL, &run, &p);
        double t = clock_now() - t0;
        char mv[16];
        square_name(p.best, mv);
        printf("position %d: depth %d move %s value %+.2f %.3f s %llu nodes %.0f nodes/s\n",
               i + 1, p.depth, mv, p.exact ? p.value : p.value / (double)OTH_EVAL_UNIT, t,
               (unsigned long long)p.nodes, (double)p.nodes / (t > 0 ? t : 1e-9));
        fflush(stdout);
        total_t += t;
        total_n += p.nodes;
    }
    oth_search_free(s);
    printf("total: %.3f s, %llu nodes, %.0f nodes/s (depth %d, %d threads, %s)\n",
           total_t, (unsigned long long)total_n, (double)total_n / (total_t > 0 ? total_t : 1e-9),
           depth, threads, eval_name);
    return 0;
}

static const char usage_text[] =
    "usage: quartet-othello-bench --ffo FILE [--first K] [--last K] [--threads N] [--hash MB]\n"
    "       quartet-othello-bench --midgame [--depth D] [--threads N] [--hash MB]\n"
    "       both also: [--eval FILE | --simple] (default: the shipped weights)\n"
    "       -h, --help: this text\n";

static void usage(void)
{
    fputs(usage_text, stderr);
    exit(2);
}

static int int_arg(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc)
        usage();
    char *end;
    long v = strtol(argv[++*i], &end, 10);
    if (*end || v < 0 || v > 1 << 20)
        usage();
    return (int)v;
}

int main(int argc, char **argv)
{
    const char *ffo = NULL, *eval = NULL;
    bool mid = false, simple = false;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = ncpu < 1 ? 1 : ncpu > 64 ? 64 : (int)ncpu, hash = 256, first = 0, last = 0, depth = 12;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(usage_text, stdout);
            return 0;
        }
        if (!strcmp(argv[i], "--ffo") && i + 1 < argc)
            ffo = argv[++i];
        else if (!strcmp(argv[i], "--eval") && i + 1 < argc)
            eval = argv[++i];
        else if (!strcmp(argv[i], "--simple"))
            simple = true;
        else if (!strcmp(argv[i], "--midgame"))
            mid = true;
        else if (!strcmp(argv[i], "--threads"))
            threads = int_arg(argc, argv, &i);
        else if (!strcmp(argv[i], "--hash"))
            hash = int_arg(argc, argv, &i);
        else if (!strcmp(argv[i], "--first"))
            first = int_arg(argc, argv, &i);
        else if (!strcmp(argv[i], "--last"))
            last = int_arg(argc, argv, &i);
        else if (!strcmp(argv[i], "--depth"))
            depth = int_arg(argc, argv, &i);
        else
            usage();
    }
    if (threads < 1 || hash < 1 || (!ffo && !mid))
        usage();
    struct oth_weights *w = simple ? NULL : load_weights(eval);
    weights = w;
    if (w)
        eval_name = "pattern evaluation";
    int rc = 0;
    if (ffo)
        rc |= run_ffo(ffo, threads, hash, first, last);
    if (mid)
        rc |= run_midgame(threads, hash, depth > 0 ? depth : 12);
    oth_weights_free(w);
    return rc;
}
