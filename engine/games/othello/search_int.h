/* Internals shared by the Othello midgame search (search.c), the endgame
 * solver (endgame.c) and their thread runner: the searcher object, one
 * worker per thread, node counting and the stop poll. */
#ifndef QUARTET_OTHELLO_SEARCH_INT_H
#define QUARTET_OTHELLO_SEARCH_INT_H

#include "busy.h"
#include "search.h"
#include "tt.h"

#include <stdatomic.h>
#include <stdbool.h>

#define OTH_INF (OTH_EVAL_MAX + 1)
/* Solver entries live under a different key, so that disc values never
 * meet the midgame's eval-unit values. */
#define OTH_SOLVE_SALT 0x7d3a9c51e24b6f08ULL
/* The solver's sorting searches with ordering weights other than the
 * play weights store under this salt: a midgame entry (play weights) is
 * never taken for a sorting search's value or the other way round. */
#define OTH_ORDER_SALT 0x3c6ef372fe94f82bULL

/* Room for every move of a position in the move lists: set_position
 * takes any board, and boards with 35 legal moves exist (one is in
 * tests/test_othello_search.c); lists of 32 once overran there. */
#define OTH_MAX_MOVES 64

/* The solver keeps the nodes of at most OTH_NEAR_MAX empties in a table of
 * their own, OTH_NEAR_MB MiB: small enough to stay in the cache, where a
 * probe of the large table waits on memory (here about 150 ns against
 * 15-20 ns up to 8 MiB). FFO #53-#54, one thread: 2.6% less time, 1.2%
 * more nodes (doc/othello.md). */
#define OTH_NEAR_MAX 10
#define OTH_NEAR_MB 4

#define OTH_MAX_THREADS 64

struct oth_search {
    struct oth_search_config cfg;
    /* The solver's evaluation: cfg.order_weights, or cfg.weights when
     * that is NULL or holds the same numbers; order_salt 0 when it is
     * cfg.weights (one evaluation, the entries shared as before). */
    const struct oth_weights *order;
    uint64_t order_salt;
    struct oth_tt tt;
    struct oth_tt near;          /* the solver's nodes of few empties */
    bool plain;                  /* tests: no table, squares in plain order */
    double mpc_t;                /* Multi-ProbCut selectivity, sigmas */
    int mpc_min_depth;
    /* The current run, set before the workers start. */
    const struct oth_run *run;
    bb_t root_P, root_O;         /* the position of the run */
    double start;
    atomic_int halt;             /* set: every worker unwinds */
    atomic_int done;             /* a worker finished the whole job */
    atomic_ullong nodes;         /* nodes of finished workers */
    /* multi_pv: the last completed iteration, reported between
     * iterations (written and read by the main worker only). */
    const struct oth_progress *last;
    /* Positions some thread is searching now (solver, simplified ABDADA),
     * by key; a lost mark only costs a duplicated search. */
    _Atomic uint64_t busy[OTH_BUSY_SIZE];
    /* With a status callback: each worker's nodes as of its last poll. */
    _Atomic uint64_t live[OTH_MAX_THREADS];
};

/* Each worker on cache lines of its own: its node counter is written at
 * every node, and a neighbour's fields on the same line would bounce
 * between the cores. */
struct oth_worker {
    _Alignas(128) struct oth_search *s;
    bb_t board;
    int squares;                 /* squares on the board */
    /* The evaluation of the midgame search code (pvs) right now: the
     * play weights, or the ordering weights (s->order) while it runs as
     * the solver's sorting search; salt: its table entries' key salt. */
    const struct oth_weights *wt;
    uint64_t salt;
    int id;                      /* 0: the main worker */
    uint64_t nodes;
    uint64_t poll_at;            /* the node count of the next check */
    bool aborted;
    double next_report;
    /* What the main worker knows of the running iteration, for reports. */
    int depth, best, value;
    bool exact;
    /* Solver: 0 proves exact values; k > 0 runs the selective pass k
     * (ProbCut at the k-th confidence, endgame.c). Zero for every other
     * search, so that a midgame search reaching the end stays exact. */
    int pc_level;
    /* Solver, main worker: the root window and its progress (status). */
    struct oth_solve_status st;
};

/* The table holding the solver's nodes of n empties. */
static inline struct oth_tt *oth_solve_tt(struct oth_search *s, int n)
{
    return n <= OTH_NEAR_MAX ? &s->near : &s->tt;
}

/* Every 2048 nodes: looks at the stop flag, the clock and other workers;
 * once true, the worker's searches return garbage that callers ignore.
 * A due count, not a multiple of 2048: the solver's last plies count
 * nodes without polling, so a multiple could be stepped over. */
bool oth_worker_check(struct oth_worker *w);
static inline bool oth_poll(struct oth_worker *w)
{
    if (++w->nodes >= w->poll_at && !w->aborted) {
        w->poll_at = w->nodes + 2048;
        w->aborted = oth_worker_check(w);
    }
    return w->aborted;
}

/* Final margin for P, empties to the winner. */
static inline int oth_final(const struct oth_worker *w, bb_t P, bb_t O)
{
    int p = bb_popcount(P), o = bb_popcount(O), e = w->squares - p - o;
    return p > o ? p - o + e : p < o ? p - o - e : 0;
}

/* Runs job(worker) on s->cfg.threads workers (the caller's thread is
 * worker 0); when one returns, the others are told to halt. Returns the id
 * of the first worker that finished without aborting, -1 if none did. */
int oth_run_workers(struct oth_search *s, struct oth_worker *w, bb_t board,
                    void (*job)(struct oth_worker *w, void *arg), void *arg);

/* The solver's status from the main worker: due ones from the poll,
 * forced ones at the end of each root window. */
void oth_solve_status(struct oth_worker *w, bool force);

/* Sends a progress report from the main worker if one is due or forced. */
void oth_report(struct oth_worker *w, const struct oth_progress *p, bool force);

/* A full-window midgame search with the ordering weights (the solver's
 * move ordering); dg: the position's pattern digits (eval.h) or NULL. */
int oth_search_shallow(struct oth_worker *w, bb_t P, bb_t O, int depth,
                       const struct oth_eval_digits *dg);
/* The same within (alpha, beta), fail-soft (the solver's ProbCut), also
 * with the ordering weights. */
int oth_search_window(struct oth_worker *w, bb_t P, bb_t O, int alpha, int beta, int depth);

/* The exact margin of (P, O) within (alpha, beta) in discs, fail-soft
 * (the midgame search's leaves once it sees the end). */
int oth_solve_window(struct oth_worker *w, bb_t P, bb_t O, int alpha, int beta);

/* Principal variation from the table, starting with `first`. */
int oth_pv_from_tt(struct oth_search *s, bb_t P, bb_t O, bb_t board,
                   int first, bool solver, int *pv, int cap);

#endif
