/* quartet-train calibrate: the bias entry of each phase set so that
 * fixed-depth searches are not too low or too high on average. A search
 * keeps the leaf its opponent likes best, so it meets the positions the
 * evaluation undervalues for the side to move there: measured against
 * exact values, searches at even depths come out low and at odd depths
 * high by about the same amount (doc/training.md). A constant for the
 * side to move at the leaves' phase takes that out of both. */
#include "parallel.h"
#include "train.h"
#include "engine/games/othello/search.h"
#include "engine/rng.h"

#include <math.h>
#include <stdbool.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

struct cal_job {
    const struct posset *s;
    const size_t *idx;      /* the positions searched */
    size_t n;
    atomic_size_t *next;
    const struct oth_weights *w;
    int depth, hash_mb;
    double *err;            /* per position: search value - label, discs */
    int failed;
};

static void *cal_run(void *arg)
{
    struct cal_job *j = arg;
    struct oth_search_config c = {.hash_mb = j->hash_mb, .threads = 1, .weights = j->w};
    struct oth_search *s = oth_search_new(&c);
    if (!s) {
        j->failed = 1;
        return NULL;
    }
    for (size_t i; (i = atomic_fetch_add(j->next, 1)) < j->n;) {
        const struct pos *p = &j->s->v[j->idx[i]];
        int best;
        /* Cleared per position: the figures do not depend on --threads. */
        oth_search_clear(s);
        int v = oth_search_fixed(s, p->P, p->O, ~0ULL, j->depth, &best);
        j->err[i] = (double)(v - p->value) / OTH_EVAL_UNIT;
    }
    oth_search_free(s);
    return NULL;
}

static int search_all(const struct posset *s, const size_t *idx, size_t n,
                      const struct oth_weights *w, const struct train_opts *o, double *err)
{
    int T = train_threads(o->threads);
    atomic_size_t next = 0;
    struct cal_job jobs[TRAIN_MAX_THREADS];
    int failed = 0;
    for (int t = 0; t < T; t++)
        jobs[t] = (struct cal_job){s, idx, n, &next, w, o->depth, o->hash_mb, err, 0};
    train_parallel(T, cal_run, jobs, sizeof *jobs);
    for (int t = 0; t < T; t++)
        failed |= jobs[t].failed;
    return failed ? -1 : 0;
}

static size_t take(const struct posset *s, const struct oth_weights *w, int ph,
                   const struct train_opts *o, int kind, size_t *idx)
{
    size_t n = 0;
    for (size_t i = 0; i < s->n; i++) {
        const struct pos *p = &s->v[i];
        int leaf = pos_empties(p) - o->depth;
        if (p->kind == kind && leaf >= 1 && oth_weights_phase(w, leaf) == ph)
            idx[n++] = i;
    }
    return n;
}

/* The positions whose depth-D leaves fall in phase ph, at most per_phase
 * of them, drawn by the seed: exactly labelled ones, or where there are
 * too few (early phases) those labelled by their game's result when
 * there are more of those. A result
 * is a poor stand-in close to the exact ones: it is the value after the
 * move actually played, below the position's own when that move was a
 * mistake, which hides part of the searches' error. */
static size_t pick(const struct posset *s, const struct oth_weights *w, int ph,
                   const struct train_opts *o, size_t *idx, const char **kind)
{
    size_t min = o->per_phase > 0 && o->per_phase < 1000 ? (size_t)o->per_phase : 1000;
    size_t n = take(s, w, ph, o, LABEL_EXACT, idx);
    *kind = "exact";
    if (n < min) {
        size_t r = take(s, w, ph, o, LABEL_RESULT, idx);
        if (r > n) {
            n = r;
            *kind = "result";
        } else {
            n = take(s, w, ph, o, LABEL_EXACT, idx);
        }
    }
    struct rng r;
    rng_seed(&r, o->seed ^ (0x9e3779b97f4a7c15ULL * (uint64_t)(ph + 1)));
    size_t keep = o->per_phase > 0 && n > (size_t)o->per_phase ? (size_t)o->per_phase : n;
    for (size_t i = 0; i < keep; i++) {
        size_t k = i + (size_t)(rng_unit(&r) * (double)(n - i));
        size_t t = idx[i];
        idx[i] = idx[k];
        idx[k] = t;
    }
    return keep;
}

static double mean(const double *v, size_t n)
{
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += v[i];
    return n ? sum / (double)n : 0;
}

int calibrate_phases(const struct posset *s, struct oth_weights *w, const struct train_opts *o)
{
    size_t *idx = malloc((s->n + 1) * sizeof *idx);
    double *err = malloc((s->n + 1) * sizeof *err);
    int rc = idx && err ? 0 : -1;
    printf("calibrate: depth %d searches against the labels, mean error in discs for the "
           "side to move (leaves' phase)\n", o->depth);
    for (int ph = 0; rc == 0 && ph < w->nphase; ph++) {
        const char *kind;
        size_t n = pick(s, w, ph, o, idx, &kind);
        if (n == 0) {
            printf("phase %2d: no positions, bias kept\n", ph);
            continue;
        }
        if ((rc = search_all(s, idx, n, w, o, err)) != 0)
            break;
        double before = mean(err, n), after = before;
        int16_t *bias = &w->w[(size_t)ph * OTH_PHASE_SIZE + OTH_OFF_BIAS];
        int16_t old = *bias;
        bool kept = false;
        /* At an even depth the leaves' side to move is the root's, so the
         * root moves by the same constant; at an odd depth by minus it.
         * Not always: a leaf reached through a pass has the other side to
         * move, and a solved one no bias, so near the end the whole shift
         * can overshoot. Then half of it is tried, and if that overshoots
         * too the bias is kept: a phase never comes out worse. */
        int sign = o->depth % 2 ? -1 : 1;
        for (int half = 0; half < 2; half++) {
            long nb = old - lround(sign * before * OTH_EVAL_UNIT / (1 << half));
            *bias = (int16_t)(nb > 32000 ? 32000 : nb < -32000 ? -32000 : nb);
            if ((rc = search_all(s, idx, n, w, o, err)) != 0)
                break;
            after = mean(err, n);
            if (fabs(after) <= fabs(before))
                break;
            *bias = old;
            after = before;
            kept = true;
        }
        if (rc)
            break;
        printf("phase %2d: %zu positions (%s labels), mean error %+.2f before, %+.2f after "
               "(bias %+.2f discs%s)\n", ph, n, kind, before, after,
               (double)*bias / OTH_EVAL_UNIT, kept ? ", kept" : "");
        fflush(stdout);
    }
    free(idx);
    free(err);
    return rc;
}
