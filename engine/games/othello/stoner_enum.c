/* Enumeration of stoner-like lines: a depth-first walk over legal plies
 * that drops a subtree only when no shape can be completed in the plies
 * left or when the player to move has a bottom-corner move. The first
 * plies are walked once to make tasks; threads then share the tasks. */
#include "stoner.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define SPLIT_DEFAULT 6 /* plies walked before the work is shared out */

struct task {
    bb_t P, O;
    bool moved;               /* the last ply was a move, not a pass */
    int8_t moves[STONER_MAX_DEPTH];
};

struct walker {
    struct stoner_enum *e;
    int thread;
    int split;                /* ply at which tasks are made; -1: none */
    struct task *tasks;       /* when making tasks */
    long ntasks, cap;
    bool failed;              /* out of memory */
    uint64_t nodes;
    int8_t moves[STONER_MAX_DEPTH];
};

static void report(struct walker *w, bb_t P, bb_t O, int k,
                   const struct stoner_match *m)
{
    struct stoner_line line;
    line.depth = k;
    memcpy(line.moves, w->moves, sizeof line.moves);
    line.attacker = O;
    line.receiver = P;
    line.match = *m;
    w->e->found(w->e->ctx, w->thread, &line);
}

static void push_task(struct walker *w, bb_t P, bb_t O, bool moved)
{
    if (w->ntasks == w->cap) {
        long cap = w->cap ? 2 * w->cap : 1024;
        struct task *t = realloc(w->tasks, (size_t)cap * sizeof *t);
        if (!t) {
            w->failed = true;
            return;
        }
        w->tasks = t;
        w->cap = cap;
    }
    struct task *t = &w->tasks[w->ntasks++];
    t->P = P;
    t->O = O;
    t->moved = moved;
    memcpy(t->moves, w->moves, sizeof t->moves);
}

/* The position after k plies, P to move; `moved`: O made the last ply. */
static void visit(struct walker *w, bb_t P, bb_t O, int k, bool moved)
{
    const struct stoner_enum *e = w->e;
    struct stoner_match m;
    w->nodes++;
    if (k == w->split) {
        push_task(w, P, O, moved);
        return;
    }
    if (k == e->max_depth) { /* a leaf: the cheap shape test first */
        if (moved && stoner_match(O, P, &m)
            && !(bb_moves(P, O) & STONER_CORNERS))
            report(w, P, O, k, &m);
        return;
    }
    bb_t mv = bb_moves(P, O);
    if (mv & STONER_CORNERS)
        return; /* the corner condition fails here and on every longer line */
    if (moved && k >= e->min_depth && stoner_match(O, P, &m))
        report(w, P, O, k, &m);
    int left = e->max_depth - k - 1; /* plies after the next one */
    bb_t occ = P | O;
    if (!mv) {
        /* A pass fills no square; two passes end the game. */
        if (stoner_needed(occ) > left || !bb_moves(O, P))
            return;
        w->moves[k] = STONER_PASS;
        visit(w, O, P, k + 1, false);
        return;
    }
    for (mv &= stoner_useful(occ, left); mv; mv &= mv - 1) {
        int sq = bb_first(mv);
        bb_t f = bb_flips(P, O, sq);
        w->moves[k] = (int8_t)sq;
        visit(w, O & ~f, P | f | (1ULL << sq), k + 1, true);
    }
}

struct pool {
    struct stoner_enum *e;
    struct task *tasks;
    long ntasks;
    int split;
    long next;                /* atomic: the next task to take */
    uint64_t nodes;           /* atomic sum */
};

struct worker {
    struct pool *pool;
    int thread;
};

static void *work(void *arg)
{
    struct worker *wk = arg;
    struct pool *pl = wk->pool;
    struct walker w = {.e = pl->e, .thread = wk->thread, .split = -1};
    for (;;) {
        long i = __atomic_fetch_add(&pl->next, 1, __ATOMIC_RELAXED);
        if (i >= pl->ntasks)
            break;
        const struct task *t = &pl->tasks[i];
        memcpy(w.moves, t->moves, sizeof t->moves);
        visit(&w, t->P, t->O, pl->split, t->moved);
        __atomic_fetch_add(&pl->e->tasks_done, 1, __ATOMIC_RELAXED);
    }
    __atomic_fetch_add(&pl->nodes, w.nodes, __ATOMIC_RELAXED);
    return NULL;
}

int stoner_enumerate(struct stoner_enum *e)
{
    if (e->max_depth > STONER_MAX_DEPTH)
        e->max_depth = STONER_MAX_DEPTH;
    if (e->min_depth < 1)
        e->min_depth = 1;
    int threads = e->threads < 1 ? 1 : e->threads > 256 ? 256 : e->threads;
    /* Walk the first plies once (reporting the short lines), keeping the
     * positions at the split depth as tasks. */
    int split = e->split_depth > 0 ? e->split_depth : SPLIT_DEFAULT;
    struct walker w = {.e = e, .thread = 0,
                       .split = e->max_depth > split ? split : -1};
    e->tasks_done = 0;
    e->tasks_total = 0;
    visit(&w, e->P, e->O, 0, false);
    if (w.failed) {
        free(w.tasks);
        return -1;
    }
    e->tasks_total = w.ntasks;
    struct pool pl = {.e = e, .tasks = w.tasks, .ntasks = w.ntasks, .split = split};
    pthread_t tid[256];
    struct worker wk[256];
    int started = 0;
    for (int i = 1; i < threads; i++) {
        wk[i] = (struct worker){&pl, i};
        if (pthread_create(&tid[i], NULL, work, &wk[i]) != 0)
            break; /* fewer threads; the work still gets done */
        started = i;
    }
    wk[0] = (struct worker){&pl, 0};
    work(&wk[0]); /* this thread works too; it also takes what others leave */
    for (int i = 1; i <= started; i++)
        pthread_join(tid[i], NULL);
    e->nodes = w.nodes + pl.nodes;
    free(w.tasks);
    return 0;
}
