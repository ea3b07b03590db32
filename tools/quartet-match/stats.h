/* Match statistics: score fraction, Elo difference with a 95% interval
 * from the trinomial (W/D/L) standard error, and the SPRT log-likelihood
 * ratio (normal approximation, as fishtest's logistic-Elo test); the same
 * from game pairs (pentanomial), whose two games share an opening with
 * colours swapped. */
#ifndef QMATCH_STATS_H
#define QMATCH_STATS_H

#include <stdbool.h>

struct wdl {
    double w, d, l;
};

/* Pairs by the first engine's points in them: n[k] pairs scored k/2
 * (0, 1/2, 1, 3/2, 2). A pair's two games are not independent (a lopsided
 * opening wins for whoever has the better side), so the spread of pair
 * scores, not of game results, is the one a test must use. */
struct penta {
    double n[5];
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
/* The same from pairs: n is 2 games a pair, the interval from the
 * spread of pair scores. */
struct elo_estimate elo_estimate_pairs(struct penta p);
double sprt_llr_pairs(const struct sprt *t, struct penta p);
/* Bounds: accept H0 at or below lower, H1 at or above upper. */
void sprt_bounds(const struct sprt *t, double *lower, double *upper);
/* For a log-likelihood ratio: 0 undecided, -1 H0 accepted, +1 H1
 * accepted. */
int sprt_verdict(const struct sprt *t, double llr);
/* Parses "elo0=0,elo1=10,alpha=0.05,beta=0.05"; returns 0 or -1. */
int sprt_parse(struct sprt *t, const char *text);

#endif
