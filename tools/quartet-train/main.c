/* quartet-train: makes the Othello pattern weights (data/othello.weights)
 * and the Multi-ProbCut parameters (data/othello.mpc).
 * Subcommands: gen (self-play positions), label (exact solves and
 * searches), fit (least squares, phase by phase), train (all three, the
 * phases labelled from the end of the game backwards), match and error
 * (the pattern evaluation against the simple one), speed (ns per eval),
 * book (the opening book, data/othello.book: book.c), mpc (deep-on-shallow
 * regressions of the engine's own searches), selfplay and merge (games
 * finished by the solver, for fitting on their results: selfplay.c,
 * merge.c), label-games (expert games finished by the solver:
 * label_games.c), expand (their positions, labelled) and sample (expert
 * games' positions for the solver to label: sample.c). */
#include "engine/clock.h"
#include "games.h"
#include "label_games.h"
#include "leaves.h"
#include "measure.h"
#include "sample.h"
#include "selfplay.h"
#include "train.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char usage[] =
    "usage: quartet-train COMMAND [options]\n"
    "  gen    --games N --out POS            self-play positions\n"
    "         [--random A-B] [--play-depth D]\n"
    "  label  --in POS --out POS [--weights W] [--exact E] [--depth D]\n"
    "  fit    --in POS --out W [--init W]    fit labelled positions\n"
    "         [--empties A-B (0-60)]         (phases without any keep --init's)\n"
    "  train  (--in POS | --games N) --out W [--save POS]\n"
    "                                        label and fit, phase by phase\n"
    "  match  --weights W [--games N] [--depth D]\n"
    "  error  --weights W --in POS           error on exact positions\n"
    "  speed  --weights W                    ns per evaluation\n"
    "  book   --out B [--weights W] [--depth D (10)] [--plies N (12)]\n"
    "         [--margin M (4)] [--max-positions K (2000)]\n"
    "                                        the opening book (default\n"
    "                                        weights: the shipped ones)\n"
    "  book-info --in B                      a book's size, lookup cost, line\n"
    "  mpc    (--in POS | --games N) --out FILE [--weights W]\n"
    "         [--order-weights W2] [--per-bucket N] [--max-depth D]\n"
    "         [--end-max E]                  Multi-ProbCut parameters: midgame\n"
    "                                        rows with W, endgame rows with W2\n"
    "                                        (the solver's ordering weights;\n"
    "                                        default othello-order.weights)\n"
    "  selfplay --games N --out GAMES [--openings FILE] [--play-depth D (8)]\n"
    "         [--exact E (18)] [--random A-B (0-3)] [--labels result|search]\n"
    "         [--shard K/N] [--weights W] [--quiet]\n"
    "                                        self-play games finished by the\n"
    "                                        solver; GAMES is resumed\n"
    "  label-games --in RECORDS --out GAMES [--games N (all)] [--exact E (20)]\n"
    "         [--years A-B] [--shard K/N] [--weights W] [--quiet]\n"
    "                                        expert games (WTHOR lines or\n"
    "                                        transcripts) finished by the solver\n"
    "                                        from E empties; GAMES is resumed\n"
    "  merge  --in GAMES [--in GAMES ...] --out GAMES [--openings FILE]\n"
    "         [--source RECORDS]            shards into one file, every line\n"
    "                                        checked against the run (label-games:\n"
    "                                        --source, the records labelled)\n"
    "  expand --in GAMES [--in ...] --out POS [--labels result|search]\n"
    "                                        the games' positions, labelled\n"
    "  sample --in RECORDS --out POS [--years A-B] [--empties A-B (12-17)]\n"
    "         [--deviate A-B] [--per-game K (1)]\n"
    "                                        expert games' positions, unlabelled\n"
    "                                        (for label): as played, or A to B\n"
    "                                        random moves off the line\n"
    "  leaves --in POS --out POS [--weights W] [--depth D (6)] [--positions N]\n"
    "         [--moves K (all)]              the end of each root move's (the K\n"
    "                                        best's) principal variation in a\n"
    "                                        depth-D search, unlabelled\n"
    "  calibrate --in POS --weights W --out W2 [--depth D (4)] [--per-phase N (5000)]\n"
    "                                        each phase's bias set so that depth-D\n"
    "                                        searches meet the labels on average\n"
    "  measure --in GAMES [--years A-B] [--empties A-B (18-23)] [--depth D (6)]\n"
    "         [--positions N] [--weights W] [--list] [--exact-file F] [--save POS]\n"
    "                                        NBoard's depth-D hint value against\n"
    "                                        the exact value, by empties and side\n"
    "options: --seed N (1) --threads N (2) --hash MB (2, selfplay 16, leaves 4;\n"
    "  cleared per label, selfplay: per game, leaves: per root)\n"
    "  --exact E (16) --depth D (5; match: 4) --per-phase N (80000; 0: all)\n"
    "  --phases N (10) --lambda L (10)\n"
    "  --parity       (fit, train) each phase split by the parity of the\n"
    "                 empties: 2N phases\n"
    "  mpc: --per-bucket N (60) --max-depth D (11) --end-max E (20)\n"
    "  --iters N (80) --holdout F (0.1) --verbose\n"
    "  --relabel      (train) drop the search labels of the input first:\n"
    "                 they depend on the weights they were made with\n"
    "  --in POS given again (label, calibrate, fit, train, mpc, error, leaves):\n"
    "                 the files' positions joined in that order\n";

#define MAX_INPUTS 1024

struct args {
    const char *in, *out, *weights, *order_weights, *init, *save;
    char *ins[MAX_INPUTS];
    int nin;
    const char *openings, *source;
    int year_min, year_max;
    bool search_labels, quiet, depth_set, exact_set, random_set, hash_set;
    int shard_k, shard_n;
    int match_games, match_depth;
    bool relabel, parity, phases_set, per_phase_set, empties_set;
    int dev_min, dev_max, per_game, moves;
    struct measure_opts measure;
    struct book_opts book;
};

static int parse_int(const char *s, int lo, int hi, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

/* A decimal number with nothing after it, lo < v (or lo <= v with
 * lo_inclusive) and v < hi. */
static int parse_real(const char *s, double lo, bool lo_inclusive, double hi, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (*s == '\0' || *end || !isfinite(v) || v < lo || (v == lo && !lo_inclusive) || v >= hi)
        return -1;
    *out = v;
    return 0;
}

/* Digits only (no sign, no spaces), within 64 bits. */
static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (!isdigit((unsigned char)*s) || *end || errno == ERANGE)
        return -1;
    *out = v;
    return 0;
}

/* "A-B", or "A" for A-A, within lo..hi. */
static int parse_range(const char *s, int lo, int hi, int *a, int *b)
{
    char one[16], *dash;
    snprintf(one, sizeof one, "%s", s);
    if ((dash = strchr(one, '-')) != NULL)
        *dash = '\0';
    if (strlen(s) >= sizeof one || parse_int(one, lo, hi, a) != 0
        || parse_int(dash ? dash + 1 : one, lo, hi, b) != 0 || *b < *a)
        return -1;
    return 0;
}

static int parse(int argc, char **argv, struct args *a, struct train_opts *o)
{
    for (int i = 2; i < argc; i++) {
        const char *f = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int bad = 0;
        if (!strcmp(f, "--verbose")) {
            o->verbose++;
            continue;
        }
        if (!strcmp(f, "--parity")) {
            a->parity = true;
            continue;
        }
        if (!strcmp(f, "--relabel")) {
            a->relabel = true;
            continue;
        }
        if (!strcmp(f, "--quiet")) {
            a->quiet = true;
            continue;
        }
        if (!strcmp(f, "--list")) {
            a->measure.list = true;
            continue;
        }
        if (!v) {
            fprintf(stderr, "quartet-train: %s needs a value\n", f);
            return -1;
        }
        i++;
        /* selfplay's defaults differ from gen's and label's: note which
         * of these the user gave. */
        a->random_set |= !strcmp(f, "--random");
        a->depth_set |= !strcmp(f, "--play-depth");
        a->exact_set |= !strcmp(f, "--exact");
        a->hash_set |= !strcmp(f, "--hash");
        if (!strcmp(f, "--in")) {
            a->in = a->in ? a->in : v;
            bad = a->nin == MAX_INPUTS;
            if (!bad)
                a->ins[a->nin++] = (char *)v;
        } else if (!strcmp(f, "--openings")) a->openings = v;
        else if (!strcmp(f, "--exact-file")) a->measure.exact_file = v;
        else if (!strcmp(f, "--source")) a->source = v;
        else if (!strcmp(f, "--labels")) {
            bad = strcmp(v, "result") && strcmp(v, "search");
            a->search_labels = !strcmp(v, "search");
        } else if (!strcmp(f, "--shard")) {
            char tail;
            bad = sscanf(v, "%d/%d%c", &a->shard_k, &a->shard_n, &tail) != 2 || a->shard_n < 1
               || a->shard_k < 1 || a->shard_k > a->shard_n || a->shard_n > 1000000;
        } else if (!strcmp(f, "--out")) a->out = v;
        else if (!strcmp(f, "--weights")) a->weights = v;
        else if (!strcmp(f, "--order-weights")) a->order_weights = v;
        else if (!strcmp(f, "--init")) a->init = v;
        else if (!strcmp(f, "--years"))
        {
            /* One reading for measure and label-games: A-B, or A alone. */
            bad = parse_range(v, 1, 9999, &a->year_min, &a->year_max);
            a->measure.year_min = a->year_min;
            a->measure.year_max = a->year_max;
        }
        else if (!strcmp(f, "--empties")) {
            /* One reading for measure, fit and sample. */
            bad = parse_range(v, 0, 60, &o->empties_min, &o->empties_max);
            a->empties_set = true;
            a->measure.empties_min = o->empties_min;
            a->measure.empties_max = o->empties_max;
        }
        else if (!strcmp(f, "--positions")) {
            int n;
            bad = parse_int(v, 1, 100000000, &n);
            a->measure.positions = n;
        }
        else if (!strcmp(f, "--save")) a->save = v;
        else if (!strcmp(f, "--deviate"))
            bad = parse_range(v, 1, 30, &a->dev_min, &a->dev_max);
        else if (!strcmp(f, "--per-game")) bad = parse_int(v, 1, 60, &a->per_game);
        else if (!strcmp(f, "--moves")) bad = parse_int(v, 1, 64, &a->moves);
        else if (!strcmp(f, "--seed")) bad = parse_u64(v, &o->seed);
        else if (!strcmp(f, "--threads")) bad = parse_int(v, 1, 64, &o->threads);
        else if (!strcmp(f, "--hash")) bad = parse_int(v, 1, 4096, &o->hash_mb);
        else if (!strcmp(f, "--games")) {
            bad = parse_int(v, 1, 10000000, &o->games);
            a->match_games = o->games;
        } else if (!strcmp(f, "--random"))
            bad = parse_range(v, 0, 60, &o->random_min, &o->random_max);
        else if (!strcmp(f, "--play-depth"))
            bad = parse_int(v, 0, 20, &o->play_depth);
        else if (!strcmp(f, "--exact"))
            bad = parse_int(v, 0, 30, &o->exact);
        else if (!strcmp(f, "--depth")) {
            bad = parse_int(v, 1, 30, &o->depth);
            a->match_depth = o->depth;
        } else if (!strcmp(f, "--plies")) bad = parse_int(v, 0, 59, &a->book.plies);
        else if (!strcmp(f, "--max-positions"))
            bad = parse_int(v, 1, 4000000, &a->book.max);
        else if (!strcmp(f, "--margin")) {
            char *end;
            a->book.margin = strtod(v, &end);
            bad = *v == '\0' || *end || !(a->book.margin >= 0 && a->book.margin <= 128);
        } else if (!strcmp(f, "--per-phase")) {
            bad = parse_int(v, 0, 100000000, &o->per_phase);
            a->per_phase_set = true;
        }
        else if (!strcmp(f, "--phases")) {
            bad = parse_int(v, 1, 60, &o->nphase);
            a->phases_set = true;
        }
        else if (!strcmp(f, "--per-bucket")) bad = parse_int(v, 1, 1000000, &o->per_bucket);
        else if (!strcmp(f, "--max-depth")) bad = parse_int(v, 3, 20, &o->mpc_depth);
        else if (!strcmp(f, "--end-max")) bad = parse_int(v, 0, 30, &o->mpc_end);
        else if (!strcmp(f, "--iters")) bad = parse_int(v, 0, 100000, &o->iters);
        else if (!strcmp(f, "--lambda")) bad = parse_real(v, 0, false, 1e12, &o->lambda);
        else if (!strcmp(f, "--holdout")) bad = parse_real(v, 0, true, 1, &o->holdout);
        else {
            fprintf(stderr, "quartet-train: unknown option %s\n%s", f, usage);
            return -1;
        }
        if (bad) {
            fprintf(stderr, "quartet-train: bad value for %s: %s\n", f, v);
            return -1;
        }
    }
    return 0;
}

static struct oth_weights *load_weights(const char *path)
{
    char err[512];
    struct oth_weights *w = oth_weights_load(path, err, sizeof err);
    if (!w)
        fprintf(stderr, "quartet-train: %s\n", err);
    return w;
}

static int need(const char *v, const char *flag)
{
    if (!v)
        fprintf(stderr, "quartet-train: %s is required\n", flag);
    return v ? 0 : -1;
}

/* --weights W, else the shipped play weights; NULL (said on stderr) when
 * neither can be read. */
static struct oth_weights *play_weights(const struct args *a)
{
    char path[4096];
    const char *wp = a->weights;
    if (!wp && oth_weights_default_path(path, sizeof path) == 0)
        wp = path;
    if (!wp) {
        fprintf(stderr, "quartet-train: no weights found; give --weights W\n");
        return NULL;
    }
    return load_weights(wp);
}

/* Every --in file's positions, joined in the order given. */
static int load_positions(struct posset *s, const struct args *a)
{
    for (int i = 0; i < a->nin; i++)
        if (pos_load_append(s, a->ins[i]) != 0) {
            fprintf(stderr, "quartet-train: %s: not a readable positions file\n", a->ins[i]);
            return -1;
        }
    return 0;
}

/* The commands that read several --in files: the positions files are
 * joined, the game files expanded or merged one after another. */
static bool reads_several(const char *cmd)
{
    static const char *const several[] = {"label", "calibrate", "fit", "train", "mpc",
                                          "error", "merge", "expand", "leaves"};
    for (size_t i = 0; i < sizeof several / sizeof *several; i++)
        if (!strcmp(cmd, several[i]))
            return true;
    return false;
}

static int save_positions(const struct posset *s, const char *path)
{
    if (pos_save(s, path) != 0) {
        fprintf(stderr, "quartet-train: %s: cannot write\n", path);
        return -1;
    }
    return 0;
}

static int save_weights(const struct oth_weights *w, const char *path)
{
    char err[512];
    if (oth_weights_save(w, path, err, sizeof err) != 0) {
        fprintf(stderr, "quartet-train: %s\n", err);
        return -1;
    }
    return 0;
}

static int cmd_speed(const struct oth_weights *w, const struct train_opts *o)
{
    enum { N = 4096 };
    static bb_t P[N], O[N];
    uint64_t x = o->seed;
    int n = 0;
    while (n < N)
        if (random_opening(&x, 10 + n % 45, &P[n], &O[n]))
            n++;
    double best = 1e9;
    long sink = 0;
    for (int run = 0; run < 5; run++) {
        double t0 = clock_cpu_thread();
        for (int rep = 0; rep < 100; rep++)
            for (int i = 0; i < N; i++)
                sink += oth_eval_pattern(w, P[i], O[i]);
        double t = (clock_cpu_thread() - t0) / (100.0 * N) * 1e9;
        best = t < best ? t : best;
    }
    printf("pattern evaluation: %.1f ns CPU time per position (best of 5 runs "
           "of %d positions 10-54 plies deep; checksum %ld)\n", best, 100 * N, sink);
    return 0;
}

/* selfplay's defaults differ from gen's: deeper play, a later solver,
 * few random plies (the openings already vary the games). */
static int cmd_selfplay(const struct args *a, const struct train_opts *o)
{
    if (need(a->out, "--out") || need(o->games ? "" : NULL, "--games"))
        return -1;
    struct sp_opts so = {
        .out = a->out, .openings = a->openings, .weights = a->weights, .games = o->games,
        .depth = a->depth_set ? o->play_depth : 8, .exact = a->exact_set ? o->exact : 18,
        .random_min = a->random_set ? o->random_min : 0,
        .random_max = a->random_set ? o->random_max : 3,
        .search_labels = a->search_labels, .shard_k = a->shard_n ? a->shard_k : 1,
        .shard_n = a->shard_n ? a->shard_n : 1, .threads = o->threads,
        .hash_mb = a->hash_set ? o->hash_mb : 16, .seed = o->seed, .quiet = a->quiet,
    };
    if (so.depth < 1) {
        fprintf(stderr, "quartet-train: selfplay needs --play-depth of at least 1\n");
        return -1;
    }
    return selfplay_run(&so);
}

/* label-games: the solver from 20 empties and 16 MB tables by default,
 * as the expert-game labels are meant to be made. */
static int cmd_label_games(const struct args *a, const struct train_opts *o)
{
    if (need(a->in, "--in") || need(a->out, "--out"))
        return -1;
    struct lg_opts lo = {
        .in = a->in, .out = a->out, .weights = a->weights, .games = o->games,
        .exact = a->exact_set ? o->exact : 20, .year_min = a->year_min,
        .year_max = a->year_max, .shard_k = a->shard_n ? a->shard_k : 1,
        .shard_n = a->shard_n ? a->shard_n : 1, .threads = o->threads,
        .hash_mb = a->hash_set ? o->hash_mb : 16, .quiet = a->quiet,
    };
    return label_games_run(&lo);
}

/* sample: 12-17 empties by default, the leaves of the depth-6 searches
 * that measure's default 18-23 empties run. */
static int cmd_sample(const struct args *a, const struct train_opts *o)
{
    if (need(a->in, "--in") || need(a->out, "--out"))
        return -1;
    struct sample_opts so = {
        .in = a->in, .out = a->out, .year_min = a->year_min, .year_max = a->year_max,
        .empties_min = a->empties_set ? o->empties_min : 12,
        .empties_max = a->empties_set ? o->empties_max : 17,
        .dev_min = a->dev_min, .dev_max = a->dev_max,
        .per_game = a->per_game ? a->per_game : 1, .seed = o->seed,
    };
    if (a->per_game && !a->dev_max) {
        fprintf(stderr, "quartet-train: --per-game counts deviations: give --deviate\n");
        return -1;
    }
    return sample_run(&so);
}

/* Every game of every --in file, expanded into labelled positions. */
static int cmd_expand(const struct args *a, struct posset *s)
{
    char err[512];
    long games = 0;
    for (int i = 0; i < a->nin; i++) {
        struct sp_file f;
        if (sp_read(a->ins[i], &f, err, sizeof err) != 0) {
            fprintf(stderr, "quartet-train: %s\n", err);
            return -1;
        }
        const char *d = strstr(f.header, " depth=");
        int rc = sp_expand(&f, a->search_labels, d ? atoi(d + 7) : 0, s);
        games += (long)f.n;
        sp_file_free(&f);
        if (rc != 0) {
            fprintf(stderr, "quartet-train: out of memory\n");
            return -1;
        }
    }
    printf("expand: %zu positions from %ld games\n", s->n, games);
    return save_positions(s, a->out);
}

/* The weights a fit starts from: --init's, in their own phases unless
 * --phases or --parity asks for another layout (the tables then start
 * from --init's at the same empties); else zero tables. */
static struct oth_weights *fit_start(const struct args *a, const struct train_opts *o)
{
    struct oth_weights *init = a->init ? load_weights(a->init) : NULL;
    if (a->init && !init)
        return NULL;
    if (init && !a->phases_set && !a->parity)
        return init;
    struct oth_weights *w = weights_shaped(init, o->nphase, a->parity);
    oth_weights_free(init);
    if (!w)
        fprintf(stderr, "quartet-train: %d phases%s: more than %d\n", o->nphase,
                a->parity ? " by parity" : "", OTH_MAX_PHASES);
    return w;
}

/* The whole pipeline, or its parts: see usage. */
static int run(const char *cmd, const struct args *a, struct train_opts *o)
{
    struct posset s = {0};
    struct oth_weights *w = NULL, *ow = NULL;
    int rc = -1;
    if (a->nin > 1 && !reads_several(cmd)) {
        fprintf(stderr, "quartet-train: %s reads one --in file (%d given)\n", cmd, a->nin);
        return -1;
    }
    if (!strcmp(cmd, "gen")) {
        if (need(a->out, "--out") || need(o->games ? "" : NULL, "--games"))
            return -1;
        rc = gen_positions(&s, o);
        printf("%zu positions from %d games\n", s.n, o->games);
        if (rc == 0)
            rc = save_positions(&s, a->out);
    } else if (!strcmp(cmd, "label")) {
        if (need(a->in, "--in") || need(a->out, "--out") || load_positions(&s, a))
            return -1;
        if (a->weights && !(w = load_weights(a->weights)))
            goto done;
        size_t *idx = malloc((s.n + 1) * sizeof *idx);
        for (size_t i = 0; idx && i < s.n; i++)
            idx[i] = i;
        rc = idx ? label_positions(&s, idx, s.n, w, o) : -1;
        free(idx);
        if (rc == 0)
            rc = save_positions(&s, a->out);
    } else if (!strcmp(cmd, "calibrate")) {
        if (need(a->in, "--in") || need(a->weights, "--weights") || need(a->out, "--out"))
            return -1;
        if (load_positions(&s, a) || !(w = load_weights(a->weights)))
            goto done;
        struct train_opts co = *o;
        co.depth = a->match_depth ? a->match_depth : 4;
        co.per_phase = a->per_phase_set ? o->per_phase : 5000;
        rc = calibrate_phases(&s, w, &co);
        if (rc == 0)
            rc = save_weights(w, a->out);
    } else if (!strcmp(cmd, "fit") || !strcmp(cmd, "train")) {
        bool train = !strcmp(cmd, "train");
        if (need(a->out, "--out"))
            return -1;
        if (a->in ? load_positions(&s, a) : train && o->games ? gen_positions(&s, o)
                                                                : need(NULL, "--in"))
            goto done;
        for (size_t i = 0; a->relabel && i < s.n; i++)
            if (s.v[i].kind == LABEL_SEARCH)
                s.v[i].kind = LABEL_NONE;
        if (!(w = fit_start(a, o)))
            goto done;
        rc = train_phases(&s, w, o, train);
        if (rc == 0)
            rc = save_weights(w, a->out);
        if (rc == 0 && a->save)
            rc = save_positions(&s, a->save);
    } else if (!strcmp(cmd, "selfplay")) {
        rc = cmd_selfplay(a, o);
    } else if (!strcmp(cmd, "label-games")) {
        rc = cmd_label_games(a, o);
    } else if (!strcmp(cmd, "merge")) {
        if (need(a->in, "--in") || need(a->out, "--out"))
            return -1;
        rc = selfplay_merge(a->out, a->ins, a->nin, a->openings, a->source);
    } else if (!strcmp(cmd, "sample")) {
        rc = cmd_sample(a, o);
    } else if (!strcmp(cmd, "expand")) {
        if (need(a->in, "--in") || need(a->out, "--out"))
            return -1;
        rc = cmd_expand(a, &s);
    } else if (!strcmp(cmd, "leaves")) {
        if (need(a->in, "--in") || need(a->out, "--out") || load_positions(&s, a)
            || !(w = play_weights(a)))
            goto done;
        struct leaves_opts lo = {
            .out = a->out, .depth = a->match_depth ? a->match_depth : 6,
            .positions = a->measure.positions, .moves = a->moves, .seed = o->seed,
            .threads = o->threads, .hash_mb = a->hash_set ? o->hash_mb : 4,
        };
        rc = leaves_run(&lo, w, &s);
    } else if (!strcmp(cmd, "measure")) {
        struct measure_opts mo = a->measure;
        mo.in = a->in;
        mo.weights = a->weights;
        mo.depth = a->match_depth ? a->match_depth : 6;
        mo.seed = o->seed;
        mo.threads = o->threads;
        mo.hash_mb = a->hash_set ? o->hash_mb : 0;
        mo.save = a->save;
        rc = need(a->in, "--in") ? -1 : measure_run(&mo);
    } else if (!strcmp(cmd, "book")) {
        if (need(a->out, "--out") || !(w = play_weights(a)))
            return -1;
        struct book_opts bo = a->book;
        bo.depth = a->match_depth ? a->match_depth : 10;
        rc = build_book(w, &bo, o, a->out);
    } else if (!strcmp(cmd, "book-info")) {
        if (need(a->in, "--in"))
            return -1;
        rc = book_info(a->in);
    } else if (!strcmp(cmd, "mpc")) {
        if (need(a->out, "--out"))
            return -1;
        if (a->in ? load_positions(&s, a) : o->games ? gen_positions(&s, o)
                                                          : need(NULL, "--in or --games"))
            goto done;
        if (!(w = play_weights(a)))
            goto done;
        /* The endgame rows: the solver's ordering weights, the shipped
         * ones by default, else those of the midgame rows. */
        char path[4096];
        const char *ofile = a->order_weights;
        if (!ofile && oth_order_weights_default_path(path, sizeof path) == 0)
            ofile = path;
        if (ofile && !(ow = load_weights(ofile)))
            goto done;
        rc = mpc_fit(&s, w, ow, o, a->out);
    } else if (!strcmp(cmd, "match") || !strcmp(cmd, "error") || !strcmp(cmd, "speed")) {
        if (need(a->weights, "--weights") || !(w = load_weights(a->weights)))
            return -1;
        if (!strcmp(cmd, "match"))
            rc = compare_match(w, a->match_games ? a->match_games : 100,
                               a->match_depth ? a->match_depth : 4, o);
        else if (!strcmp(cmd, "speed"))
            rc = cmd_speed(w, o);
        else if (!need(a->in, "--in") && !load_positions(&s, a))
            rc = compare_error(w, &s);
    } else {
        fprintf(stderr, "quartet-train: unknown command %s\n%s", cmd, usage);
        return -1;
    }
done:
    oth_weights_free(w);
    oth_weights_free(ow);
    pos_free(&s);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    struct train_opts o = {.seed = 1, .threads = 2, .random_min = 4,
                           .random_max = 20, .play_depth = 2, .exact = 16,
                           .depth = 5, .lambda = 10, .iters = 80,
                           .per_phase = 80000,
                           .holdout = 0.1, .empties_max = 60, .nphase = 10, .hash_mb = 2,
                           .per_bucket = 60, .mpc_depth = 11, .mpc_end = 20};
    struct args a = {.book = {.plies = 12, .margin = 4, .max = 2000},
                     .measure = {.empties_min = 18, .empties_max = 23}};
    if (parse(argc, argv, &a, &o) != 0)
        return 2;
    return run(argv[1], &a, &o) == 0 ? 0 : 1;
}
