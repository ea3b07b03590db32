/* The Othello searcher: iterative-deepening negascout over bitboards with
 * a transposition table, and the exact endgame solver. One `oth_search`
 * owns its table and threads; the player (player.c), the extension
 * commands (solve, solve_wld) and tools (training, benchmarks) use it. */
#ifndef QUARTET_OTHELLO_SEARCH_H
#define QUARTET_OTHELLO_SEARCH_H

#include "engine/games/bitboard.h"
#include "engine/player.h"
#include "eval.h"
#include "mpc.h"

#include <stdint.h>

struct oth_search_config {
    int hash_mb;                      /* transposition table MiB (>= 1) */
    int threads;                      /* >= 1 */
    const struct oth_weights *weights;/* NULL: the simple evaluation */
    /* The exact solver's move ordering (its sorting by the evaluation,
     * its sorting searches and its selective passes, also inside a
     * midgame search that reaches the end); NULL: `weights`. Kept apart
     * so that the play evaluation can be refitted for play without
     * costing the solver nodes. Weights equal to `weights` (e.g. two
     * byte copies of one file) are treated as the same weights. */
    const struct oth_weights *order_weights;
    int verbose;
    /* Solver: selective (ProbCut) passes before the exact one from this
     * many empties; 0: the default (OTH_SELECTIVE_MIN), < 0: never. Only
     * with weights: the cut margins (the `end` rows of mpc) are those of
     * the ordering weights. */
    int selective_min;
    /* Multi-ProbCut in the midgame search (mpc.h; its `end` rows give
     * the solver's selective passes their margins); NULL: none, every
     * fixed-depth value then is the full-width one. Never used where the
     * search reaches the end of the game, so exact values stay exact. */
    const struct oth_mpc *mpc;
    double mpc_t;                     /* selectivity in sigmas; 0: OTH_MPC_T */
    int mpc_min_depth;                /* shallowest cut depth; 0: the default */
};

#define OTH_SELECTIVE_MIN 18

struct oth_search;

struct oth_search *oth_search_new(const struct oth_search_config *c);
void oth_search_free(struct oth_search *s);
/* Forgets everything learned (a new game): afterwards every search gives
 * what it gives in a searcher just made, in the same memory. */
void oth_search_clear(struct oth_search *s);

/* Value of (P to move, O) on `board` by a fixed-depth search, in eval
 * units (OTH_EVAL_UNIT per disc; exact margins * OTH_EVAL_UNIT where the
 * search reaches the end). *best: the best square, -1 for a pass. */
int oth_search_fixed(struct oth_search *s, bb_t P, bb_t O, bb_t board,
                     int depth, int *best);

/* Exact final disc margin for P (empties to the winner), best square in
 * *best (-1: pass or game over); *nodes (optional) the nodes searched.
 * With wld set, only the sign is exact (-1, 0, +1). */
int oth_solve(struct oth_search *s, bb_t P, bb_t O, bb_t board, bool wld,
              int *best, uint64_t *nodes);

/* What the searches below report and return: values are in eval units
 * from oth_search_run (unless exact) and in discs from oth_solve_run. */
struct oth_progress {
    int depth;            /* completed depth; empties when exact */
    bool exact;           /* value is the exact final margin (discs) */
    bool wld;             /* only the sign of value is exact */
    int value;            /* for the side to move */
    int best;             /* square, -1 pass */
    uint64_t nodes;
    double elapsed;
    /* Exact solves, also when cut off: the last selective (ProbCut) pass
     * finished (1.., 0: none), its best square and value in discs. A move
     * from a pass searched to the end with cuts at 0.7 or 1.5 sigmas is a
     * better answer than a shallow midgame search's. */
    int sel_pass, sel_best, sel_value;
    int pv_len;
    int pv[SEARCH_MAX_PV];
    /* With oth_run.multi_pv: every root move's value (the same scale as
     * value) and variation, best first. */
    int ncand;
    struct oth_candidate {
        int sq, value, pv_len;
        int pv[SEARCH_MAX_PV];
    } cand[SEARCH_MAX_CANDIDATES];
};

/* Where a running exact solve stands, for progress lines (`solve` with
 * --verbose): the root window it searches and how far it got. */
struct oth_solve_status {
    int empties;
    int pass;             /* the selective pass 1..passes (ProbCut), 0: exact */
    int passes;           /* selective passes before the exact one */
    double sigmas;        /* the pass's cut confidence; 0 in the exact pass */
    int lo, hi;           /* the root window (lo, hi), in discs */
    int moves_done, moves;/* root moves searched in this window so far */
    bool finished;        /* the window is done and its value is `value` */
    int value;
    uint64_t nodes;       /* every thread's, to the last poll */
    double elapsed;
};

/* Limits and reporting of one run (the player, analyze, the commands). */
struct oth_run {
    double deadline;             /* clock_now() seconds; 0: none */
    const volatile int *stop;    /* set by another thread: give up */
    int max_depth;               /* midgame: 0 up to the end */
    void (*progress)(void *ctx, const struct oth_progress *p);
    void *ctx;
    double interval;             /* seconds between progress calls */
    /* analyze: every root move gets an exact value, not just a bound, so
     * that the candidates can be ranked (slower; midgame search only). */
    bool multi_pv;
    /* Exact solves: called with ctx every `interval` seconds while a root
     * window is searched, and at the end of each window; NULL: never. */
    void (*status)(void *ctx, const struct oth_solve_status *st);
};

/* Iterative deepening with aspiration windows until the deadline, stop
 * or max_depth; out gets the deepest completed iteration (exact once the
 * search reaches the end of the game). Returns -1 when not even depth 1
 * completed (out->best then is the first legal move). */
int oth_search_run(struct oth_search *s, bb_t P, bb_t O, bb_t board,
                   const struct oth_run *run, struct oth_progress *out);
/* Exact (or WLD) solve within run's limits; -1 if stopped before the end. */
int oth_solve_run(struct oth_search *s, bb_t P, bb_t O, bb_t board, bool wld,
                  const struct oth_run *run, struct oth_progress *out);

/* Tests: plain set, searches use no table and no move ordering. */
void oth_search_set_plain(struct oth_search *s, bool plain);

#endif
