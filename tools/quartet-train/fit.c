/* quartet-train's fitting stage: phase by phase from the end of the game
 * backwards, each phase starting from the weights of the one after it
 * (in play order: fewer empties), labelled with the phases already
 * trained, fitted by ridge least squares, checked on held-out positions. */
#include "engine/clock.h"
#include "train.h"
#include "engine/rng.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The positions of phase ph within --empties, shuffled by the seed, at
 * most o->per_phase of them. A phase left without any keeps its start:
 * --empties 0-24 refits the endgame and leaves --init's midgame as it is. */
static size_t phase_positions(const struct posset *s, const struct oth_weights *w,
                              int ph, const struct train_opts *o, size_t *idx)
{
    size_t n = 0;
    for (size_t i = 0; i < s->n; i++) {
        int e = pos_empties(&s->v[i]);
        if (e >= o->empties_min && e <= o->empties_max && oth_weights_phase(w, e) == ph)
            idx[n++] = i;
    }
    struct rng r;
    rng_seed(&r, o->seed ^ (0x51ed2701ULL * (uint64_t)(ph + 1)));
    for (size_t i = n; i > 1; i--) {
        size_t k = (size_t)(rng_unit(&r) * (double)i);
        size_t t = idx[i - 1];
        idx[i - 1] = idx[k];
        idx[k] = t;
    }
    return o->per_phase > 0 && n > (size_t)o->per_phase ? (size_t)o->per_phase : n;
}

static bool phase_empty(const struct oth_weights *w, int ph)
{
    const int16_t *t = w->w + (size_t)ph * OTH_PHASE_SIZE;
    for (uint32_t e = 0; e < OTH_PHASE_SIZE; e++)
        if (t[e])
            return false;
    return true;
}

static int fit_phase(struct posset *s, struct oth_weights *w, int ph,
                     const size_t *idx, size_t n, const struct train_opts *o)
{
    struct oth_fit_sample *smp = malloc((n + 1) * sizeof *smp);
    float *vec = malloc(OTH_PHASE_SIZE * sizeof *vec);
    if (!smp || !vec) {
        free(smp);
        free(vec);
        return -1;
    }
    size_t m = 0, exact = 0;
    for (size_t i = 0; i < n; i++) {
        const struct pos *p = &s->v[idx[i]];
        if (p->kind == LABEL_NONE)
            continue;
        exact += p->kind == LABEL_EXACT;
        oth_fit_sample_set(&smp[m++], p->P, p->O, (double)p->value / OTH_EVAL_UNIT);
    }
    size_t held = (size_t)((double)m * o->holdout), train = m - held;
    oth_fit_fetch(w, ph, vec);
    double before = oth_fit_rms(vec, smp + train, held);
    struct oth_fit_opts fo = {o->iters, o->lambda, o->threads};
    int rc = oth_fit(vec, smp, train, &fo);
    double fit = oth_fit_rms(vec, smp, train), out = oth_fit_rms(vec, smp + train, held);
    double spread = 0;
    for (size_t i = train; i < m; i++)
        spread += smp[i].target * smp[i].target;
    spread = held ? sqrt(spread / (double)held) : 0;
    printf("phase %d: %zu positions (%zu exact), label rms %.2f; held-out rms "
           "before %.2f, after %.2f; training rms %.2f discs\n",
           ph, m, exact, spread, before, out, fit);
    fflush(stdout);
    if (rc == 0)
        oth_fit_store(w, ph, vec);
    free(smp);
    free(vec);
    return rc;
}

int train_phases(struct posset *s, struct oth_weights *w,
                 const struct train_opts *o, bool label)
{
    size_t *idx = malloc((s->n + 1) * sizeof *idx);
    if (!idx)
        return -1;
    int rc = 0;
    for (int ph = 0; ph < w->nphase && rc == 0; ph++) {
        double t0 = clock_now();
        size_t n = phase_positions(s, w, ph, o, idx);
        /* The phase after this one in play is the best start (its
         * positions differ from these by a few moves) and lets searches
         * from this phase evaluate their leaves in it. */
        if (ph > 0 && phase_empty(w, ph))
            memcpy(w->w + (size_t)ph * OTH_PHASE_SIZE,
                   w->w + (size_t)(ph - 1) * OTH_PHASE_SIZE,
                   OTH_PHASE_SIZE * sizeof *w->w);
        if (label)
            rc = label_positions(s, idx, n, w, o);
        double t1 = clock_now();
        if (rc == 0)
            rc = fit_phase(s, w, ph, idx, n, o);
        if (o->verbose)
            fprintf(stderr, "phase %d: labelling %.1f s, fitting %.1f s\n", ph,
                    t1 - t0, clock_now() - t1);
    }
    free(idx);
    return rc;
}
