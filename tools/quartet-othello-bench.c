/* quartet-othello-bench: the Othello search benchmarks. `--ffo FILE`
 * solves each FFO position of an .obf file exactly and checks the best
 * move and margin against the file; `--midgame` measures nodes per second
 * of depth-12 searches from 10 fixed positions; `--depth-in SECONDS` the
 * depth a timed search reaches from each line of an openings file. The
 * midgame searches use the shipped Multi-ProbCut parameters, as the
 * player does, unless --no-mpc. */
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

/* The solver's move-ordering weights (--ffo): --order-eval, else the
 * shipped othello-order.weights, else the play weights. A named file
 * that does not load ends the run: a measurement of other weights than
 * asked for would mislead. */
static struct oth_weights *load_order_weights(const char *file, bool *own)
{
    char path[4096], err[512];
    *own = false;
    if (!file && oth_order_weights_default_path(path, sizeof path) == 0)
        file = path;
    if (!file)
        return NULL;
    struct oth_weights *w = oth_weights_load(file, err, sizeof err);
    if (!w) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
    *own = true;
    return w;
}

static const struct oth_weights *weights, *order_weights;
static const char *eval_name = "simple evaluation";
/* Multi-ProbCut of the midgame searches: the parameters (NULL: none),
 * the selectivity and the shallowest cut depth (0: the search's default). */
static const struct oth_mpc *mpc;
static double mpc_t;
static int mpc_min_depth;

static struct oth_search_config mid_config(int threads, int hash)
{
    return (struct oth_search_config){.hash_mb = hash, .threads = threads,
                                      .weights = weights, .mpc = mpc, .mpc_t = mpc_t,
                                      .mpc_min_depth = mpc_min_depth};
}

static int run_ffo(const char *path, int threads, int hash, int first, int last)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return 1;
    }
    /* The solver's selective passes use the endgame rows of the ProbCut
     * parameters, and its move ordering the ordering weights, as the
     * solve command does. */
    struct oth_search_config c = {.hash_mb = hash, .threads = threads,
                                  .weights = order_weights, .mpc = mpc};
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
    struct oth_search_config c = mid_config(threads, hash);
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
    printf("total: %.3f s, %llu nodes, %.0f nodes/s (depth %d, %d threads, %s, %s)\n",
           total_t, (unsigned long long)total_n, (double)total_n / (total_t > 0 ? total_t : 1e-9),
           depth, threads, eval_name, mpc ? "Multi-ProbCut" : "no ProbCut");
    return 0;
}

/* Plays one openings-file line ("f5 d6 c5 ...", up to a '#' note) from
 * the start; -1 on an unknown or illegal move. */
static int play_line(const char *line, bb_t *P, bb_t *O)
{
    *P = 0x0000000810000000ULL; /* black to move: d5, e4 */
    *O = 0x0000001008000000ULL;
    char mv[16];
    int used;
    for (const char *t = line; sscanf(t, "%15s%n", mv, &used) == 1 && mv[0] != '#'; t += used) {
        bb_t m = bb_moves(*P, *O);
        if (!m) {
            bb_t x = *P; *P = *O; *O = x;
            m = bb_moves(*P, *O);
        }
        if (!strcmp(mv, "pass"))
            continue;
        int sq = (mv[0] >= 'a' && mv[0] <= 'h' && mv[1] >= '1' && mv[1] <= '8' && !mv[2])
               ? (mv[1] - '1') * 8 + (mv[0] - 'a') : -1;
        if (sq < 0 || !(m >> sq & 1))
            return -1;
        bb_t f = bb_flips(*P, *O, sq), np = *O & ~f;
        *O = *P | f | (1ULL << sq);
        *P = np;
    }
    if (!bb_moves(*P, *O)) {
        bb_t x = *P; *P = *O; *O = x;
    }
    return bb_moves(*P, *O) ? 0 : -1;
}

/* Depth reached in `seconds` of search from every line of the openings
 * file (comments and blank lines skipped), the table cleared each time. */
static int run_depth_in(const char *path, double seconds, int threads, int hash)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return 1;
    }
    struct oth_search_config c = mid_config(threads, hash);
    struct oth_search *s = oth_search_new(&c);
    if (!s) {
        fclose(f);
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    char line[1024];
    int count = 0, hist[65] = {0}, lineno = 0, rc = 0;
    double total_t = 0, depth_sum = 0;
    uint64_t total_n = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *hash_at = strchr(line, '#');
        if (hash_at)
            *hash_at = '\0';
        if (strspn(line, " \t\r\n") == strlen(line))
            continue;
        bb_t P, O;
        if (play_line(line, &P, &O) != 0) {
            fprintf(stderr, "%s:%d: not a line of legal moves\n", path, lineno);
            rc = 1;
            continue;
        }
        oth_search_clear(s);
        struct oth_run run = {.deadline = clock_now() + seconds};
        struct oth_progress p;
        oth_search_run(s, P, O, ~0ULL, &run, &p);
        char mv[16];
        square_name(p.best, mv);
        printf("line %d: depth %d move %s value %+.2f %.3f s %llu nodes\n", lineno, p.depth,
               mv, p.exact ? p.value : p.value / (double)OTH_EVAL_UNIT, p.elapsed,
               (unsigned long long)p.nodes);
        fflush(stdout);
        hist[p.depth < 0 ? 0 : p.depth > 64 ? 64 : p.depth]++;
        depth_sum += p.depth;
        total_t += p.elapsed;
        total_n += p.nodes;
        count++;
    }
    fclose(f);
    oth_search_free(s);
    printf("depths:");
    for (int d = 0; d <= 64; d++)
        if (hist[d])
            printf(" %d:%d", d, hist[d]);
    printf("\ntotal: %d positions, mean depth %.2f in %.2f s each, %llu nodes, %.0f nodes/s "
           "(%d threads, %s, %s)\n", count, count ? depth_sum / count : 0, seconds,
           (unsigned long long)total_n, (double)total_n / (total_t > 0 ? total_t : 1e-9),
           threads, eval_name, mpc ? "Multi-ProbCut" : "no ProbCut");
    return rc;
}

static const char usage_text[] =
    "usage: quartet-othello-bench --ffo FILE [--first K] [--last K] [--threads N] [--hash MB]\n"
    "       quartet-othello-bench --midgame [--depth D] [--threads N] [--hash MB]\n"
    "       quartet-othello-bench --depth-in SECONDS [--openings FILE] [--threads N] [--hash MB]\n"
    "       all also: [--eval FILE | --simple] (default: the shipped weights)\n"
    "       --ffo also: [--order-eval FILE] the solver's move-ordering weights\n"
    "         (default: the shipped othello-order.weights, else the --eval ones)\n"
    "       all also: [--mpc FILE | --no-mpc] (default: the shipped othello.mpc;\n"
    "         --ffo: the solver's selective passes read its endgame rows)\n"
    "       midgame and depth-in also: [--mpc-t T] [--mpc-min-depth D] (T 1.5)\n"
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

static double seconds_arg(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc)
        usage();
    char *end;
    double v = strtod(argv[++*i], &end);
    if (*end || !(v > 0) || v > 1e6)
        usage();
    return v;
}

/* The parameters from --mpc, else the shipped file (none: a note). */
static struct oth_mpc *load_mpc(const char *file)
{
    char path[4096], err[512];
    if (!file && oth_mpc_default_path(path, sizeof path) == 0)
        file = path;
    if (!file) {
        fprintf(stderr, "no othello.mpc found; searching without Multi-ProbCut\n");
        return NULL;
    }
    struct oth_mpc *m = oth_mpc_load(file, err, sizeof err);
    if (!m) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
    return m;
}

int main(int argc, char **argv)
{
    const char *ffo = NULL, *eval = NULL, *order_eval = NULL, *mpc_file = NULL;
    /* The 80 openings every depth-in figure of doc/benchmarks.md was
     * measured on (the balanced set that replaced them holds 2,000). */
    const char *openings = "data/openings/othello-8-flatmc.txt";
    double depth_in = 0;
    bool mid = false, simple = false, no_mpc = false;
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
        else if (!strcmp(argv[i], "--order-eval") && i + 1 < argc)
            order_eval = argv[++i];
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
        else if (!strcmp(argv[i], "--depth-in"))
            depth_in = seconds_arg(argc, argv, &i);
        else if (!strcmp(argv[i], "--openings") && i + 1 < argc)
            openings = argv[++i];
        else if (!strcmp(argv[i], "--mpc") && i + 1 < argc)
            mpc_file = argv[++i];
        else if (!strcmp(argv[i], "--no-mpc"))
            no_mpc = true;
        else if (!strcmp(argv[i], "--mpc-t"))
            mpc_t = seconds_arg(argc, argv, &i);
        else if (!strcmp(argv[i], "--mpc-min-depth"))
            mpc_min_depth = int_arg(argc, argv, &i);
        else
            usage();
    }
    if (threads < 1 || hash < 1 || (!ffo && !mid && depth_in <= 0))
        usage();
    struct oth_mpc *m = no_mpc ? NULL : load_mpc(mpc_file);
    mpc = m;
    struct oth_weights *w = simple ? NULL : load_weights(eval);
    weights = w;
    if (w)
        eval_name = "pattern evaluation";
    bool own_order = false;
    struct oth_weights *ow = simple ? NULL : load_order_weights(order_eval, &own_order);
    order_weights = own_order ? ow : w;
    int rc = 0;
    if (ffo)
        rc |= run_ffo(ffo, threads, hash, first, last);
    if (mid)
        rc |= run_midgame(threads, hash, depth > 0 ? depth : 12);
    if (depth_in > 0)
        rc |= run_depth_in(openings, depth_in, threads, hash);
    oth_weights_free(w);
    if (own_order)
        oth_weights_free(ow);
    oth_mpc_free(m);
    return rc;
}
