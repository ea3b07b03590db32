/* Least-squares fitting of one phase of the pattern weights to labelled
 * positions (used by tools/quartet-train and the tests). */
#ifndef QUARTET_OTHELLO_EVAL_FIT_H
#define QUARTET_OTHELLO_EVAL_FIT_H

#include "patterns.h"

#include <stddef.h>

/* A labelled position as the fitter sees it: its canonical entries and
 * its target value in discs (final margin for the player to move). */
struct oth_fit_sample {
    uint32_t feat[OTH_NFEAT];
    float target;
};

struct oth_fit_opts {
    int iters;      /* conjugate-gradient iterations (e.g. 60) */
    double lambda;  /* ridge penalty pulling weights to their start values */
    int threads;    /* 1-16 (more count as 16); the result is the same at
                       any count */
};

void oth_fit_sample_set(struct oth_fit_sample *s, bb_t P, bb_t O,
                        double target);

/* Fits w (OTH_PHASE_SIZE entries, in discs; its start values are the prior
 * the penalty pulls towards) to the samples: minimises
 * sum (prediction - target)^2 + lambda * |w - start|^2 by preconditioned
 * conjugate gradients. Returns 0, or -1 when out of memory. */
int oth_fit(float *w, const struct oth_fit_sample *s, size_t n,
            const struct oth_fit_opts *o);

/* Root mean square error (discs) of w on the samples. */
double oth_fit_rms(const float *w, const struct oth_fit_sample *s, size_t n);

/* Between a phase of loaded weights (OTH_EVAL_UNIT units, int16) and a
 * fitting vector in discs; storing rounds, clamps and symmetrizes. */
void oth_fit_fetch(const struct oth_weights *wt, int ph, float *w);
void oth_fit_store(struct oth_weights *wt, int ph, const float *w);

#endif
