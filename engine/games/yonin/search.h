/* Yonin searches: the evaluation's scale, the search context shared by
 * max-n (maxn_search.c) and the coalition alpha-beta of paranoid and the
 * team game (coalition_search.c), and the root calls the players and tests
 * use.
 *
 * Values. A heuristic value vector gives each seat a share of YN_VSUM:
 * every entry >= 0 and the four sum to at most YN_VSUM, which is the bound
 * max-n's shallow pruning needs. A finished game is worth its outcome
 * (yonin.c: beaten seats + half the tied ones, over 3) times YN_VSUM / 2,
 * which also sums to YN_VSUM; so a value / (YN_VSUM / 2) reads as an
 * expected outcome in [0, 1], an average seat sitting at 0.5.
 * The exact endgame works on final scores instead (discs of the seat's
 * colour in its quadrant), each seat maximising its own.
 *
 * Ties in max-n (documented choice): among moves equally good for the
 * mover, the one leaving the other three the smallest total, then the
 * lowest square (a1 = 0, row by row). Both rules depend only on the values,
 * so move ordering and pruning never change the answer. */
#ifndef QUARTET_YONIN_SEARCH_H
#define QUARTET_YONIN_SEARCH_H

#include "yonin.h"

#include <stdbool.h>
#include <stdint.h>

#define YN_VSUM 12000
#define YN_VHALF (YN_VSUM / 2)
#define YN_MAX_DEPTH 64
#define YN_MAX_ROOT 48 /* moves of one seat: at most its 48 allowed squares */
#define YN_PV_MAX 24   /* moves kept of each root move's variation */

/* Heuristic vector of a position that is not over (eval.c). */
void yn_eval(const struct yn_geometry *g, const bb_t disc[2], int v[NSEATS]);
/* Outcome vector of a finished position: outcome * YN_VHALF (eval.c). */
void yn_terminal(const struct yn_geometry *g, const bb_t disc[2], bool team,
                 int v[NSEATS]);
/* The value vector the depth-limited max-n uses at a leaf: yn_terminal
 * once the game is over, else yn_eval. For tests and tools. */
void yonin_value_vector(const void *st, int v[NSEATS]);

struct yn_tt;

/* One search: its table, counters and limits. Single-threaded. */
struct yn_search {
    struct yn_tt *tt;
    const struct yn_geometry *g;
    int size;
    bool team;
    long long nodes;
    double deadline;             /* clock_now() time; 0: none */
    const volatile int *stop;    /* optional */
    bool aborted;                /* the deadline passed or stop was set */
    bool eval_leaf;              /* a heuristic leaf was reached */
    int vsum;                    /* sum bound of the current vectors */
    unsigned coalition;          /* seats maximising (alpha-beta) */
    int prio[64];                /* static move order by square */
    int history[NSEATS][64];     /* cutoff counts for ordering */
};

/* Per root move its value (vector, or scalar in v[0]) and variation. */
struct yn_root {
    int n;                       /* root moves searched to the end */
    move_t move[YN_MAX_ROOT];
    int v[YN_MAX_ROOT][NSEATS];
    int best;                    /* index into move[], -1 if none */
    int pv_len[YN_MAX_ROOT];     /* per root move its variation (table) */
    move_t pv[YN_MAX_ROOT][YN_PV_MAX];
};

struct yn_search *yn_search_new(int hash_mb);
void yn_search_free(struct yn_search *s);
/* Prepares s for a position: geometry, move order, counters. */
void yn_search_begin(struct yn_search *s, const struct yonin *y);
/* Counts a node and every 512 nodes checks time and stop. */
void yn_search_poll(struct yn_search *s);

/* Max-n to a fixed depth (plies, passes included). Returns false when
 * aborted; r then holds the root moves completed. Every root move gets its
 * exact vector (root children are never cut). */
bool yn_maxn_root(struct yn_search *s, const struct yonin *y, int depth,
                  struct yn_root *r);
/* Exact max-n on final scores to the end of the game. */
bool yn_maxn_exact(struct yn_search *s, const struct yonin *y,
                   struct yn_root *r);
/* Alpha-beta where the seats in `coalition` maximise the sum of their
 * values and the others minimise it: paranoid (the mover alone) and the
 * team game (the mover's team). Depth-limited on the heuristic (leaf value
 * = sum of the coalition's yn_eval shares, finished games their outcome
 * vector's sum), or with exact set on final scores to the end: the
 * coalition's scores minus the others'. all_moves gives every root move
 * its exact value (analyze); otherwise only the best is exact. */
bool yn_coalition_root(struct yn_search *s, const struct yonin *y,
                       unsigned coalition, int depth, bool exact,
                       bool all_moves, struct yn_root *r);

/* The coalition a search player uses: the mover alone, or in the team
 * game the mover's team (A+C or B+D). */
static inline unsigned yn_coalition_of(const struct yonin *y)
{
    unsigned me = 1u << y->mover;
    return (y->flags & YONIN_TEAM) ? me | 1u << ((y->mover + 2) & 3) : me;
}

#endif
