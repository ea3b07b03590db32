/* quartet-train's comparisons of the pattern evaluation with the simple
 * one: a match of fixed-depth searches from varied openings (each opening
 * played with both colours), and the prediction error on exactly solved
 * positions. */
#include "parallel.h"
#include "train.h"
#include "engine/games/othello/search.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

struct match_job {
    const struct oth_weights *w;
    const struct train_opts *o;
    int pairs, depth;
    atomic_int *next;
    int win, draw, loss, err;
    long margin;
};

/* Final margin for the pattern side of one game from (P, O), the pattern
 * side moving first when pattern_first. */
static int match_game(struct oth_search *pat, struct oth_search *simple,
                      bb_t P, bb_t O, bool pattern_first, int depth)
{
    bool pat_to_move = pattern_first;
    for (;;) {
        bb_t m = bb_moves(P, O);
        if (!m) {
            if (!bb_moves(O, P))
                break;
            bb_t t = P; P = O; O = t;
            pat_to_move = !pat_to_move;
            continue;
        }
        int sq = -1;
        oth_search_fixed(pat_to_move ? pat : simple, P, O, ~0ULL, depth, &sq);
        if (sq < 0 || !(m >> sq & 1))
            sq = bb_first(m); /* never expected; keeps the game legal */
        bb_t f = bb_flips(P, O, sq);
        bb_t np = O & ~f, no = P | f | (1ULL << sq);
        P = np;
        O = no;
        pat_to_move = !pat_to_move;
    }
    int p = bb_popcount(P), o = bb_popcount(O), e = 64 - p - o;
    int margin = p > o ? p - o + e : p < o ? p - o - e : 0; /* for P */
    return pat_to_move ? margin : -margin;
}

static void *match_run(void *arg)
{
    struct match_job *j = arg;
    struct oth_search_config cp = {.hash_mb = j->o->hash_mb, .threads = 1, .weights = j->w};
    struct oth_search_config cs = {.hash_mb = j->o->hash_mb, .threads = 1};
    struct oth_search *pat = oth_search_new(&cp), *simple = oth_search_new(&cs);
    int g;
    while (pat && simple && (g = atomic_fetch_add(j->next, 1)) < 2 * j->pairs) {
        uint64_t x = j->o->seed * 0x2545f4914f6cdd1dULL + (uint64_t)(g / 2);
        bb_t P, O;
        if (!random_opening(&x, 10, &P, &O))
            continue;
        oth_search_clear(pat);
        oth_search_clear(simple);
        int m = match_game(pat, simple, P, O, g % 2 == 0, j->depth);
        j->win += m > 0;
        j->draw += m == 0;
        j->loss += m < 0;
        j->margin += m;
    }
    j->err = !pat || !simple;
    oth_search_free(pat);
    oth_search_free(simple);
    return NULL;
}

int compare_match(const struct oth_weights *w, int games, int depth,
                  const struct train_opts *o)
{
    int T = train_threads(o->threads);
    atomic_int next = 0;
    struct match_job jobs[TRAIN_MAX_THREADS];
    for (int t = 0; t < T; t++)
        jobs[t] = (struct match_job){w, o, (games + 1) / 2, depth, &next, 0, 0, 0, 0, 0};
    train_parallel(T, match_run, jobs, sizeof *jobs);
    int win = 0, draw = 0, loss = 0, err = 0;
    long margin = 0;
    for (int t = 0; t < T; t++) {
        win += jobs[t].win, draw += jobs[t].draw, loss += jobs[t].loss;
        margin += jobs[t].margin;
        err |= jobs[t].err;
    }
    int n = win + draw + loss;
    printf("match at depth %d, %d games from %d openings (10 random plies, both "
           "colours): pattern %d wins, %d draws, %d losses against simple: "
           "%.1f%% of points, mean margin %+.1f discs\n",
           depth, n, (games + 1) / 2, win, draw, loss,
           n ? 100.0 * (win + 0.5 * draw) / n : 0, n ? (double)margin / n : 0);
    return err ? -1 : 0;
}

/* Mean square error of a*x against y for the best a. */
static double scaled_mse(const double *x, const double *y, size_t n)
{
    double xy = 0, xx = 0, yy = 0;
    for (size_t i = 0; i < n; i++)
        xy += x[i] * y[i], xx += x[i] * x[i], yy += y[i] * y[i];
    return n ? (yy - (xx > 0 ? xy * xy / xx : 0)) / (double)n : 0;
}

int compare_error(const struct oth_weights *w, const struct posset *s)
{
    double *pat = malloc((s->n + 1) * sizeof *pat);
    double *sim = malloc((s->n + 1) * sizeof *sim);
    double *y = malloc((s->n + 1) * sizeof *y);
    if (!pat || !sim || !y) {
        free(pat), free(sim), free(y);
        return -1;
    }
    printf("exact positions: empties  count  rms pattern  rms simple  "
           "(best-scaled: pattern  simple)\n");
    for (int lo = 0; lo <= 60; lo += 4) {
        size_t n = 0;
        double ep = 0, es = 0;
        for (size_t i = 0; i < s->n; i++) {
            const struct pos *p = &s->v[i];
            int e = pos_empties(p);
            if (p->kind != LABEL_EXACT || e < lo || e >= lo + 4)
                continue;
            y[n] = (double)p->value / OTH_EVAL_UNIT;
            pat[n] = (double)oth_eval_pattern(w, p->P, p->O) / OTH_EVAL_UNIT;
            sim[n] = (double)oth_eval_simple(p->P, p->O, ~0ULL) / OTH_EVAL_UNIT;
            ep += (pat[n] - y[n]) * (pat[n] - y[n]);
            es += (sim[n] - y[n]) * (sim[n] - y[n]);
            n++;
        }
        if (n)
            printf("  %2d-%2d %8zu  %11.2f  %10.2f  %19.2f  %6.2f\n", lo, lo + 3,
                   n, sqrt(ep / (double)n), sqrt(es / (double)n),
                   sqrt(scaled_mse(pat, y, n)), sqrt(scaled_mse(sim, y, n)));
    }
    free(pat), free(sim), free(y);
    return 0;
}
