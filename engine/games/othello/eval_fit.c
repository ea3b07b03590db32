/* Fitting pattern weights by ridge least squares: preconditioned conjugate
 * gradients on the normal equations, each product A^T A p computed in one
 * pass over the samples in fixed slices shared out over threads. */
#include "eval_fit.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

void oth_fit_sample_set(struct oth_fit_sample *s, bb_t P, bb_t O,
                        double target)
{
    oth_pattern_features(P, O, s->feat);
    s->target = (float)target;
}

static inline double predict(const double *w, const struct oth_fit_sample *s)
{
    double v = 0;
    for (int i = 0; i < OTH_NFEAT; i++)
        v += w[s->feat[i]];
    return v;
}

/* The samples are summed in OTH_FIT_CHUNKS fixed slices, each into its
 * own vector, and the slices are added in order: the same floating-point
 * sums at any thread count, so a fit does not depend on --threads. */
#define OTH_FIT_CHUNKS 16

/* One thread's share of out = A^T (A x) (or A^T (y - A x) with resid):
 * the slices first, first + step, ... */
struct job {
    const struct oth_fit_sample *s;
    size_t n;
    int first, step;
    const double *x;
    double **bufs;
    int resid;
};

static void slice_run(const struct job *j, int c)
{
    double *out = j->bufs[c];
    memset(out, 0, OTH_PHASE_SIZE * sizeof *out);
    size_t lo = j->n * (size_t)c / OTH_FIT_CHUNKS;
    size_t hi = j->n * (size_t)(c + 1) / OTH_FIT_CHUNKS;
    for (size_t i = lo; i < hi; i++) {
        const struct oth_fit_sample *s = &j->s[i];
        double v = predict(j->x, s);
        if (j->resid)
            v = s->target - v;
        for (int k = 0; k < OTH_NFEAT; k++)
            out[s->feat[k]] += v;
    }
}

static void *job_run(void *arg)
{
    struct job *j = arg;
    for (int c = j->first; c < OTH_FIT_CHUNKS; c += j->step)
        slice_run(j, c);
    return NULL;
}

/* out = A^T A x, or A^T (y - A x); bufs: OTH_FIT_CHUNKS vectors of
 * OTH_PHASE_SIZE, one a slice. */
static void product(const struct oth_fit_sample *s, size_t n, int threads,
                    const double *x, double *out, double **bufs, int resid)
{
    struct job jobs[OTH_FIT_CHUNKS];
    pthread_t tid[OTH_FIT_CHUNKS];
    int started[OTH_FIT_CHUNKS] = {0};
    for (int t = 0; t < threads; t++) {
        jobs[t] = (struct job){s, n, t, threads, x, bufs, resid};
        if (t)
            started[t] = pthread_create(&tid[t], NULL, job_run, &jobs[t]) == 0;
    }
    job_run(&jobs[0]);
    for (int t = 1; t < threads; t++) {
        if (started[t])
            pthread_join(tid[t], NULL);
        else
            job_run(&jobs[t]); /* no thread: do its share here */
    }
    memset(out, 0, OTH_PHASE_SIZE * sizeof *out);
    for (int c = 0; c < OTH_FIT_CHUNKS; c++)
        for (uint32_t e = 0; e < OTH_PHASE_SIZE; e++)
            out[e] += bufs[c][e];
}

static double dot(const double *a, const double *b)
{
    double d = 0;
    for (uint32_t e = 0; e < OTH_PHASE_SIZE; e++)
        d += a[e] * b[e];
    return d;
}

int oth_fit(float *w, const struct oth_fit_sample *s, size_t n,
            const struct oth_fit_opts *o)
{
    int threads = o->threads < 1 ? 1
                  : o->threads > OTH_FIT_CHUNKS ? OTH_FIT_CHUNKS : o->threads;
    double lambda = o->lambda > 0 ? o->lambda : 1e-6;
    size_t V = OTH_PHASE_SIZE;
    double *mem = calloc(V * (size_t)(6 + OTH_FIT_CHUNKS), sizeof *mem);
    if (!mem)
        return -1;
    double *x = mem, *u = mem + V, *r = mem + 2 * V, *z = mem + 3 * V;
    double *p = mem + 4 * V, *diag = mem + 5 * V, *bufs[OTH_FIT_CHUNKS];
    double *q = z; /* z is recomputed from r after q is used */
    for (int c = 0; c < OTH_FIT_CHUNKS; c++)
        bufs[c] = mem + (6 + (size_t)c) * V;
    for (size_t e = 0; e < V; e++)
        x[e] = w[e];
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < OTH_NFEAT; k++)
            diag[s[i].feat[k]] += 1;
    /* Solve (A^T A + lambda I) u = A^T (y - A x) for the change u. */
    product(s, n, threads, x, r, bufs, 1);
    for (size_t e = 0; e < V; e++)
        diag[e] += lambda;
    for (size_t e = 0; e < V; e++)
        p[e] = z[e] = r[e] / diag[e];
    double rz = dot(r, z);
    for (int it = 0; it < o->iters && rz > 1e-12; it++) {
        product(s, n, threads, p, q, bufs, 0);
        for (size_t e = 0; e < V; e++)
            q[e] += lambda * p[e];
        double alpha = rz / dot(p, q);
        for (size_t e = 0; e < V; e++) {
            u[e] += alpha * p[e];
            r[e] -= alpha * q[e];
        }
        for (size_t e = 0; e < V; e++)
            z[e] = r[e] / diag[e];
        double rz2 = dot(r, z);
        double beta = rz2 / rz;
        rz = rz2;
        for (size_t e = 0; e < V; e++)
            p[e] = z[e] + beta * p[e];
    }
    for (size_t e = 0; e < V; e++)
        w[e] = (float)(x[e] + u[e]);
    free(mem);
    return 0;
}

double oth_fit_rms(const float *w, const struct oth_fit_sample *s, size_t n)
{
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        double v = 0;
        for (int k = 0; k < OTH_NFEAT; k++)
            v += w[s[i].feat[k]];
        sum += (v - s[i].target) * (v - s[i].target);
    }
    return n ? sqrt(sum / (double)n) : 0;
}

void oth_fit_fetch(const struct oth_weights *wt, int ph, float *w)
{
    const int16_t *t = wt->w + (size_t)ph * OTH_PHASE_SIZE;
    for (uint32_t e = 0; e < OTH_PHASE_SIZE; e++)
        w[e] = (float)t[e] / OTH_EVAL_UNIT;
}

void oth_fit_store(struct oth_weights *wt, int ph, const float *w)
{
    int16_t *t = wt->w + (size_t)ph * OTH_PHASE_SIZE;
    for (uint32_t e = 0; e < OTH_PHASE_SIZE; e++) {
        double v = nearbyint((double)w[e] * OTH_EVAL_UNIT);
        t[e] = (int16_t)(v > 32767 ? 32767 : v < -32767 ? -32767 : v);
    }
    oth_weights_symmetrize(wt, ph);
}
