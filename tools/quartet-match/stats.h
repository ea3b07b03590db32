/* Match statistics: score fraction, Elo difference with a 95% interval
 * from the trinomial (W/D/L) standard error, and the SPRT log-likelihood
 * ratio (normal approximation, as fishtest's logistic-Elo test). */
#ifndef QMATCH_STATS_H
#define QMATCH_STATS_H

#include <stdbool.h>

struct wdl {
    double w, d, l;
};

struct elo_estimate {
    double n, score;      /* games, score fraction */
    double elo, margin;   /* Elo difference and its 95% half-width */
    bool finite;          /* false when score is 0 or 1 (Elo infinite) */
};

struct sprt {
    double elo0, elo1, alpha, beta;
    bool on;
};

double elo_from_score(double s);
struct elo_estimate elo_estimate(struct wdl r);
/* Log-likelihood ratio of H1 (elo1) against H0 (elo0) for the results. */
double sprt_llr(const struct sprt *t, struct wdl r);
/* Bounds: accept H0 at or below lower, H1 at or above upper. */
void sprt_bounds(const struct sprt *t, double *lower, double *upper);
/* 0 undecided, -1 H0 accepted, +1 H1 accepted. */
int sprt_decide(const struct sprt *t, struct wdl r);
/* Parses "elo0=0,elo1=10,alpha=0.05,beta=0.05"; returns 0 or -1. */
int sprt_parse(struct sprt *t, const char *text);

#endif
