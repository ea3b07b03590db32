/* Elo and SPRT arithmetic on win/draw/loss counts and on game pairs. */
#include "stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double elo_from_score(double s)
{
    double e = -400.0 * log10(1.0 / s - 1.0);
    return e == 0 ? 0.0 : e; /* no "-0" */
}

static double score_from_elo(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

/* Per-game variance of the result (1, 0.5, 0) around the mean score. */
static double per_game_variance(struct wdl r, double n, double s)
{
    return (r.w * (1 - s) * (1 - s) + r.d * (0.5 - s) * (0.5 - s) + r.l * s * s) / n;
}

/* Score s over n games with standard error se: Elo and its 95% interval,
 * half the Elo width of the score interval, clipped inside (0,1). */
static struct elo_estimate estimate(double n, double s, double se)
{
    struct elo_estimate e = {.n = n, .score = s};
    if (n <= 0 || s <= 0 || s >= 1)
        return e;
    e.finite = true;
    e.elo = elo_from_score(s);
    double lo = s - 1.959963985 * se, hi = s + 1.959963985 * se;
    if (lo <= 0 || hi >= 1)
        e.margin = INFINITY;
    else
        e.margin = (elo_from_score(hi) - elo_from_score(lo)) / 2;
    return e;
}

struct elo_estimate elo_estimate(struct wdl r)
{
    double n = r.w + r.d + r.l;
    if (n <= 0)
        return (struct elo_estimate){0};
    double s = (r.w + 0.5 * r.d) / n;
    return estimate(n, s, sqrt(per_game_variance(r, n, s) / n));
}

/* Normal approximation: the log ratio of two normal likelihoods with
 * means s0, s1 (the scores of elo0, elo1) and the observed variance var
 * of n samples whose mean is s. */
static double llr_normal(const struct sprt *t, double n, double s, double var)
{
    double s0 = score_from_elo(t->elo0), s1 = score_from_elo(t->elo1);
    return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
}

double sprt_llr(const struct sprt *t, struct wdl r)
{
    double n = r.w + r.d + r.l;
    if (n <= 0)
        return 0;
    double s = (r.w + 0.5 * r.d) / n;
    /* The variance takes half a game more of each kind, so that a run of
     * only wins (zero observed variance) still decides. */
    struct wdl v = {r.w + 0.5, r.d + 0.5, r.l + 0.5};
    double vn = n + 1.5, vs = (v.w + 0.5 * v.d) / vn;
    return llr_normal(t, n, s, per_game_variance(v, vn, vs));
}

/* Pairs, their mean score (a pair's points / 2) and the variance of the
 * pair score around it; add is given to every kind of pair first. */
static double pair_moments(struct penta p, double add, double *mean, double *var)
{
    double n = 0, sum = 0, sq = 0;
    for (int k = 0; k < 5; k++) {
        double c = p.n[k] + add, x = k / 4.0;
        n += c;
        sum += c * x;
        sq += c * x * x;
    }
    *mean = n > 0 ? sum / n : 0;
    *var = n > 0 ? sq / n - *mean * *mean : 0;
    return n;
}

struct elo_estimate elo_estimate_pairs(struct penta p)
{
    double s, var, n = pair_moments(p, 0, &s, &var);
    if (n <= 0)
        return (struct elo_estimate){0};
    /* Pairs all alike show no spread, which is no evidence of none (one
     * pair 1-1 is the common start): no interval then. */
    return estimate(2 * n, s, var > 1e-12 ? sqrt(var / n) : INFINITY);
}

double sprt_llr_pairs(const struct sprt *t, struct penta p)
{
    double s, var, vs, n = pair_moments(p, 0, &s, &var);
    if (n <= 0)
        return 0;
    /* As for games: a quarter of a pair more of each kind in the variance
     * only, so that pairs all alike still decide. */
    pair_moments(p, 0.25, &vs, &var);
    return llr_normal(t, n, s, var);
}

void sprt_bounds(const struct sprt *t, double *lower, double *upper)
{
    *lower = log(t->beta / (1 - t->alpha));
    *upper = log((1 - t->beta) / t->alpha);
}

int sprt_verdict(const struct sprt *t, double llr)
{
    double lo, hi;
    sprt_bounds(t, &lo, &hi);
    return llr >= hi ? 1 : llr <= lo ? -1 : 0;
}

int sprt_parse(struct sprt *t, const char *text)
{
    *t = (struct sprt){.elo0 = 0, .elo1 = 5, .alpha = 0.05, .beta = 0.05, .on = true};
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *save, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq)
            return -1;
        *eq = '\0';
        char *end;
        double v = strtod(eq + 1, &end);
        if (end == eq + 1 || *end)
            return -1;
        if (strcmp(tok, "elo0") == 0)
            t->elo0 = v;
        else if (strcmp(tok, "elo1") == 0)
            t->elo1 = v;
        else if (strcmp(tok, "alpha") == 0)
            t->alpha = v;
        else if (strcmp(tok, "beta") == 0)
            t->beta = v;
        else
            return -1;
    }
    if (!(t->alpha > 0 && t->alpha < 0.5 && t->beta > 0 && t->beta < 0.5 && t->elo1 > t->elo0))
        return -1;
    return 0;
}
