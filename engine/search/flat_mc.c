/* The `flat-mc` player: for every legal move, uniformly random playouts to
 * the end; the move with the best average result for the mover wins.
 * n-player aware (it reads the mover's entry of the outcome vector).
 * Threads sample in parallel, each with private statistics merged at the
 * end, so they share nothing but the read-only root. */
#include "engine/clock.h"
#include "engine/player.h"
#include "engine/rng.h"
#include "engine/stop.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct flat_mc {
    const struct game *g;
    struct player_options opt;
    uint64_t seeds;          /* advanced per search so searches differ */
};

struct worker {
    const struct game *g;
    const void *root;
    const move_t *moves;
    int n, mover, id;
    double deadline;         /* clock_now() value; 0: none */
    long quota;              /* playouts for this worker; 0: none */
    const volatile int *stop;
    atomic_int *halt;        /* set by any worker that hits a shared limit */
    const struct search_limits *lim; /* reports come from worker 0 only */
    double start;
    struct rng rng;
    double *sum;
    long *count;
    long done;
    pthread_t thread;
};

static void *flat_create(const struct game *g, const struct player_options *o)
{
    struct flat_mc *p = malloc(sizeof *p);
    if (!p)
        return NULL;
    p->g = g;
    p->opt = *o;
    p->seeds = o->seed;
    return p;
}

static void flat_destroy(void *p) { free(p); }

static int thread_count(const struct player_options *o)
{
    if (o->threads > 0)
        return o->threads > 64 ? 64 : o->threads;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : (n > 64 ? 64 : (int)n);
}

static double mean(const double *sum, const long *count, int i)
{
    return count[i] ? sum[i] / (double)count[i] : -1.0;
}

/* Candidates best first, from one set of statistics. */
static void fill_report(struct search_report *r, const struct worker *w,
                        const double *sum, const long *count, long nodes)
{
    r->depth = 1;
    r->nodes = nodes;
    r->elapsed = clock_now() - w->start;
    r->count = 0;
    for (int k = 0; k < w->n && r->count < SEARCH_MAX_CANDIDATES; k++) {
        int best = -1;
        for (int i = 0; i < w->n; i++) {
            bool taken = false;
            for (int j = 0; j < r->count; j++)
                taken |= r->cand[j].move == w->moves[i];
            if (!taken && count[i] && (best < 0 || mean(sum, count, i) > mean(sum, count, best)))
                best = i;
        }
        if (best < 0)
            break;
        struct search_candidate *c = &r->cand[r->count++];
        memset(c, 0, sizeof *c);
        c->move = w->moves[best];
        c->visits = count[best];
        c->winrate = mean(sum, count, best);
        c->pv_len = 1;
        c->pv[0] = c->move;
    }
}

static bool out_of_budget(struct worker *w)
{
    if (atomic_load_explicit(w->halt, memory_order_relaxed))
        return true;
    if (stop_requested(w->stop) || (w->deadline > 0 && clock_now() >= w->deadline)) {
        atomic_store(w->halt, 1);
        return true;
    }
    return w->quota > 0 && w->done >= w->quota;
}

static void *worker_run(void *arg)
{
    struct worker *w = arg;
    const struct game *g = w->g;
    unsigned char *st = malloc(g->state_size);
    if (!st)
        return NULL;
    double next_report = w->start + (w->lim->report_interval > 0 ? w->lim->report_interval : 1.0);
    /* Round robin from a per-worker offset keeps the move counts even. */
    for (int i = w->id % w->n; !out_of_budget(w); i = (i + 1) % w->n) {
        memcpy(st, w->root, g->state_size);
        g->play(st, w->moves[i]);
        game_random_playout(g, st, &w->rng);
        double result[GAME_MAX_PLAYERS];
        g->outcome(st, result);
        w->sum[i] += result[w->mover];
        w->count[i]++;
        w->done++;
        if (w->id == 0 && w->lim->report && clock_now() >= next_report) {
            struct search_report r;
            fill_report(&r, w, w->sum, w->count, w->done);
            w->lim->report(w->lim->report_ctx, &r);
            next_report = clock_now() + (w->lim->report_interval > 0 ? w->lim->report_interval : 1.0);
        }
    }
    free(st);
    return NULL;
}

static move_t flat_genmove(void *vp, const void *root, const struct search_limits *lim)
{
    struct flat_mc *p = vp;
    const struct game *g = p->g;
    move_t moves[GAME_MAX_MOVES];
    int n = g->legal_moves(root, moves);
    if (n == 0)
        return MOVE_PASS;
    if (n == 1)
        return moves[0];

    int nt = thread_count(&p->opt);
    long total = lim->playouts > 0 ? lim->playouts : p->opt.playouts;
    struct worker *w = calloc((size_t)nt, sizeof *w);
    double *sum = calloc((size_t)nt * (size_t)n, sizeof *sum);
    long *count = calloc((size_t)nt * (size_t)n, sizeof *count);
    if (!w || !sum || !count) {
        free(w), free(sum), free(count);
        return moves[0];
    }
    atomic_int halt = 0;
    double start = clock_now();
    uint64_t seed = rng_splitmix(&p->seeds);
    for (int t = 0; t < nt; t++) {
        w[t] = (struct worker){
            .g = g, .root = root, .moves = moves, .n = n, .id = t,
            .mover = g->to_move(root),
            .deadline = lim->seconds > 0 ? start + lim->seconds : 0,
            .quota = total > 0 ? (total + nt - 1 - t) / nt : 0,
            .stop = lim->stop, .halt = &halt, .lim = lim, .start = start,
            .sum = sum + (size_t)t * (size_t)n, .count = count + (size_t)t * (size_t)n,
        };
        rng_seed(&w[t].rng, seed + (uint64_t)t);
    }
    /* With neither a time nor a playout limit, fall back to the default
     * per-move time so that a search always ends. */
    if (lim->seconds <= 0 && total <= 0 && !lim->stop)
        for (int t = 0; t < nt; t++)
            w[t].deadline = start + p->opt.time_per_move;
    int started = 1;
    for (int t = 1; t < nt; t++, started++)
        if (pthread_create(&w[t].thread, NULL, worker_run, &w[t]) != 0)
            break;
    worker_run(&w[0]);
    for (int t = 1; t < started; t++)
        pthread_join(w[t].thread, NULL);

    for (int t = 1; t < started; t++)
        for (int i = 0; i < n; i++) {
            sum[i] += w[t].sum[i];
            count[i] += w[t].count[i];
        }
    int best = 0;
    long playouts = 0;
    for (int i = 0; i < n; i++) {
        playouts += count[i];
        if (mean(sum, count, i) > mean(sum, count, best))
            best = i;
    }
    if (lim->report) {
        struct search_report r;
        fill_report(&r, &w[0], sum, count, playouts);
        lim->report(lim->report_ctx, &r);
    }
    free(w), free(sum), free(count);
    return moves[best];
}

const struct player_type flat_mc_player = {
    .name = "flat-mc",
    .doc = "random playouts from every legal move, best average result",
    .create = flat_create,
    .destroy = flat_destroy,
    .genmove = flat_genmove,
};
