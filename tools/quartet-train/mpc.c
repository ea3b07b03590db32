/* quartet-train mpc: the Multi-ProbCut parameters (data/othello.mpc).
 * Self-play positions are searched by the engine itself, full width (no
 * ProbCut), by iterative deepening, which gives the value at every depth
 * of one run; near the end they are also solved exactly. For each phase
 * bucket and depth pair, deep = a * shallow + b is fitted by least
 * squares with the residual sigma. The midgame rows come from searches
 * with the play weights (the midgame search's cuts), the endgame rows
 * from searches with the solver's ordering weights (its selective passes
 * search with those). Searchers per thread, cleared per position, so the
 * file depends on the seed and the weights only. */
#include "parallel.h"
#include "train.h"
#include "engine/clock.h"
#include "engine/games/othello/mpc.h"
#include "engine/games/othello/search.h"
#include "engine/rng.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_D 24
#define MIN_SAMPLES 10
#define MID_WIDTH 6   /* midgame buckets: 6 empties, 55-60 down to 13-18 */
#define MID_LOWEST 13
#define END_LOWEST 6  /* endgame buckets: 2 empties, 6-7 up to --end-max */
#define END_SHALLOW 10 /* deepest shallow search paired with the exact value */

struct mpc_job {
    bb_t P, O;
    int empties;
    bool end;                  /* solve exactly too */
    int depth;                 /* deepest search */
    double v[MAX_D + 1];       /* value at each depth (eval units) */
    int got;                   /* deepest depth completed */
    double exact;              /* eval units */
};

struct mpc_pool {
    struct mpc_job *jobs;
    size_t n;
    atomic_size_t next, done;
    const struct oth_weights *w;     /* play: the midgame rows */
    const struct oth_weights *order; /* the solver's: the endgame rows */
    const struct train_opts *o;
    int err;
};

static void record(void *ctx, const struct oth_progress *p)
{
    struct mpc_job *j = ctx;
    if (p->depth >= 1 && p->depth <= MAX_D && !p->exact) {
        j->v[p->depth] = p->value;
        if (p->depth > j->got)
            j->got = p->depth;
    }
}

static void run_job(struct oth_search *s, struct mpc_job *j)
{
    if (j->end) {
        int best;
        oth_search_clear(s);
        j->exact = (double)oth_solve(s, j->P, j->O, ~0ULL, false, &best, NULL) * OTH_EVAL_UNIT;
    }
    oth_search_clear(s);
    struct oth_run run = {.max_depth = j->depth, .progress = record, .ctx = j,
                          .interval = 1e9};
    struct oth_progress out;
    oth_search_run(s, j->P, j->O, ~0ULL, &run, &out);
}

static void *pool_run(void *arg)
{
    struct mpc_pool *p = arg;
    /* Full width: the fit must see the search's own values, not ProbCut's. */
    struct oth_search_config c = {.hash_mb = p->o->hash_mb, .threads = 1, .weights = p->w};
    struct oth_search_config ce = c;
    ce.weights = p->order;
    struct oth_search *s = oth_search_new(&c), *se = oth_search_new(&ce);
    if (!s || !se) {
        oth_search_free(s);
        oth_search_free(se);
        p->err = -1;
        return NULL;
    }
    size_t i;
    while ((i = atomic_fetch_add(&p->next, 1)) < p->n) {
        run_job(p->jobs[i].end ? se : s, &p->jobs[i]);
        size_t d = atomic_fetch_add(&p->done, 1) + 1;
        if (p->o->verbose && d % 50 == 0)
            fprintf(stderr, "mpc: %zu of %zu positions searched\n", d, p->n);
    }
    oth_search_free(s);
    oth_search_free(se);
    return NULL;
}

static void shuffle(size_t *idx, size_t n, uint64_t seed)
{
    struct rng r;
    rng_seed(&r, seed);
    for (size_t i = n; i > 1; i--) {
        size_t k = rng_below(&r, (uint32_t)i);
        size_t t = idx[i - 1];
        idx[i - 1] = idx[k];
        idx[k] = t;
    }
}

/* Adds up to per_bucket positions of empties lo..hi to the jobs. */
static int pick(const struct posset *s, int lo, int hi, bool end, int depth,
                const struct train_opts *o, struct mpc_job **jobs, size_t *n)
{
    size_t *idx = malloc((s->n + 1) * sizeof *idx), m = 0;
    if (!idx)
        return -1;
    for (size_t i = 0; i < s->n; i++) {
        int e = pos_empties(&s->v[i]);
        if (e >= lo && e <= hi)
            idx[m++] = i;
    }
    shuffle(idx, m, o->seed * 0x9e3779b97f4a7c15ULL + (uint64_t)(lo * 2 + end));
    if (m > (size_t)o->per_bucket)
        m = (size_t)o->per_bucket;
    struct mpc_job *v = realloc(*jobs, (*n + m + 1) * sizeof *v);
    if (!v) {
        free(idx);
        return -1;
    }
    *jobs = v;
    for (size_t k = 0; k < m; k++) {
        const struct pos *q = &s->v[idx[k]];
        int e = pos_empties(q), d = depth < e - 1 ? depth : e - 1;
        v[(*n)++] = (struct mpc_job){.P = q->P, .O = q->O, .empties = e, .end = end,
                                     .depth = d};
    }
    free(idx);
    return 0;
}

/* Fits one row from the jobs of lo..hi; false when too few samples. */
static bool fit_row(const struct mpc_job *jobs, size_t n, int lo, int hi, int depth,
                    int shallow, double *x, double *y, struct oth_mpc_row *r)
{
    size_t k = 0;
    bool end = depth == OTH_MPC_END;
    for (size_t i = 0; i < n; i++) {
        const struct mpc_job *j = &jobs[i];
        if (j->end != end || j->empties < lo || j->empties > hi || j->got < shallow
            || (!end && j->got < depth))
            continue;
        x[k] = j->v[shallow] / OTH_EVAL_UNIT;
        y[k] = (end ? j->exact : j->v[depth]) / OTH_EVAL_UNIT;
        k++;
    }
    double a, b, sigma;
    if (k < MIN_SAMPLES || oth_mpc_regress(x, y, k, &a, &b, &sigma) != 0 || a <= 0
        || a > 4 || sigma <= 0)
        return false;
    *r = (struct oth_mpc_row){lo, hi, depth, shallow, a, b, sigma < 0.001 ? 0.001 : sigma,
                              (int)k};
    return true;
}

static void fit_all(const struct mpc_job *jobs, size_t n, const struct train_opts *o,
                    struct oth_mpc *m)
{
    double *x = malloc((n + 1) * sizeof *x), *y = malloc((n + 1) * sizeof *y);
    m->nrow = 0;
    for (int hi = 60; x && y && hi - MID_WIDTH + 1 >= MID_LOWEST; hi -= MID_WIDTH)
        for (int d = 3; d <= o->mpc_depth && m->nrow < OTH_MPC_MAX_ROWS; d++)
            m->nrow += fit_row(jobs, n, hi - MID_WIDTH + 1, hi, d, oth_mpc_shallow_of(d),
                               x, y, &m->row[m->nrow]);
    for (int lo = END_LOWEST; x && y && lo <= o->mpc_end; lo += 2)
        for (int sd = 1; sd <= END_SHALLOW && sd < lo && m->nrow < OTH_MPC_MAX_ROWS; sd++)
            m->nrow += fit_row(jobs, n, lo, lo + 1, OTH_MPC_END, sd, x, y, &m->row[m->nrow]);
    free(x);
    free(y);
    oth_mpc_index(m);
}

int mpc_fit(const struct posset *s, const struct oth_weights *w,
            const struct oth_weights *order, const struct train_opts *o, const char *out)
{
    struct mpc_job *jobs = NULL;
    size_t n = 0;
    int err = 0;
    for (int hi = 60; !err && hi - MID_WIDTH + 1 >= MID_LOWEST; hi -= MID_WIDTH)
        err = pick(s, hi - MID_WIDTH + 1, hi, false, o->mpc_depth, o, &jobs, &n);
    for (int lo = END_LOWEST; !err && lo <= o->mpc_end; lo += 2)
        err = pick(s, lo, lo + 1, true, END_SHALLOW, o, &jobs, &n);
    if (err) {
        free(jobs);
        fprintf(stderr, "quartet-train: out of memory\n");
        return -1;
    }
    struct mpc_pool pool = {.jobs = jobs, .n = n, .w = w, .order = order ? order : w, .o = o};
    double t0 = clock_now();
    train_parallel(o->threads, pool_run, &pool, 0);
    double wall = clock_now() - t0;
    struct oth_mpc *m = pool.err ? NULL : calloc(1, sizeof *m);
    if (m)
        fit_all(jobs, n, o, m);
    free(jobs);
    if (!m) {
        fprintf(stderr, "quartet-train: out of memory\n");
        return -1;
    }
    char comment[256], errbuf[512];
    snprintf(comment, sizeof comment,
             "Made by: quartet-train mpc --games %d --seed %llu --per-bucket %d "
             "--max-depth %d --end-max %d", o->games, (unsigned long long)o->seed,
             o->per_bucket, o->mpc_depth, o->mpc_end);
    int rc = oth_mpc_save(m, out, comment, errbuf, sizeof errbuf);
    if (rc != 0)
        fprintf(stderr, "quartet-train: %s\n", errbuf);
    else
        printf("%zu positions searched in %.1f s; %d rows written to %s\n", n, wall,
               m->nrow, out);
    oth_mpc_free(m);
    return rc;
}
