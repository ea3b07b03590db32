/* Multi-ProbCut parameters (data/othello.mpc, made by `quartet-train mpc`):
 * for a game phase (a range of empty squares) and a deep search depth, the
 * shallow depth whose value predicts the deep one by deep = a * shallow + b
 * with residual standard deviation sigma. A node whose shallow search lies
 * t sigmas beyond a bound is cut without the deep search.
 *
 * The file is text. After comments (#) and blank lines, the first line is
 * "quartet-mpc 1"; each further line is one fitted pair:
 *     LO HI DEPTH SHALLOW A B SIGMA N
 * LO..HI the empty squares (0..60) the row covers; DEPTH the deep search
 * depth (1..60) or "end" (the exact final margin, for the endgame
 * solver); SHALLOW the shallow depth (below DEPTH, or below LO for "end");
 * A (0 < A <= 4), B and SIGMA (0 < SIGMA) in discs; N the sample count.
 * Rows of one DEPTH (and, for "end", one SHALLOW) must not overlap.
 *
 * The shipped file is loaded once per process (oth_mpc_shared) and then
 * only read, by every search and thread. */
#ifndef QUARTET_OTHELLO_MPC_H
#define QUARTET_OTHELLO_MPC_H

#include <stdbool.h>
#include <stddef.h>

#define OTH_MPC_VERSION 1
#define OTH_MPC_END 0            /* DEPTH "end" in a row */
#define OTH_MPC_MAX_ROWS 4096
#define OTH_MPC_MAX_DEPTH 60
/* The selectivity the player uses: cut at 1.5 sigmas (about 7% of the
 * cut tests would be wrong if the residuals were normal). */
#define OTH_MPC_T 1.5

struct oth_mpc_row {
    int lo, hi;          /* empty squares */
    int depth;           /* OTH_MPC_END: the exact final margin */
    int shallow;
    double a, b, sigma;  /* b, sigma in discs */
    int n;
};

/* One usable cut: values in eval units (OTH_EVAL_UNIT per disc). */
struct oth_mpc_cut {
    int shallow;         /* 0: no parameters */
    float a, b, sigma;
};

struct oth_mpc {
    int nrow;
    struct oth_mpc_row row[OTH_MPC_MAX_ROWS];
    /* By empties and deep depth, rows extended past the deepest fitted
     * depth (see oth_mpc_index in mpc.c). */
    struct oth_mpc_cut mid[61][OTH_MPC_MAX_DEPTH + 1];
    /* By empties and shallow depth: the exact margin from a shallow search. */
    struct oth_mpc_cut end[61][OTH_MPC_MAX_DEPTH + 1];
};

/* Reads and checks a parameters file; NULL with a message in err
 * ("FILE:LINE: what is wrong") when it is missing or malformed. */
struct oth_mpc *oth_mpc_load(const char *path, char *err, size_t cap);
void oth_mpc_free(struct oth_mpc *m);
/* Writes m's rows with the format's header comment; -1 with err on failure. */
int oth_mpc_save(const struct oth_mpc *m, const char *path, const char *comment,
                 char *err, size_t cap);
/* Rebuilds the lookup tables from m->row (after filling rows by hand). */
void oth_mpc_index(struct oth_mpc *m);

/* Finds othello.mpc beside the binary like the weights: ../share/quartet,
 * ../data, then the source tree's data/ from build folders. */
int oth_mpc_default_path(char *buf, size_t cap);
/* The shipped parameters, loaded on first use and shared read-only by the
 * whole process; NULL (with one note on stderr) when there are none. */
const struct oth_mpc *oth_mpc_shared(void);

/* Midgame: the cut for a depth-`depth` search at `empties` empties, or
 * NULL. */
static inline const struct oth_mpc_cut *oth_mpc_lookup(const struct oth_mpc *m,
                                                       int empties, int depth)
{
    if (!m || empties < 0 || empties > 60 || depth < 1 || depth > OTH_MPC_MAX_DEPTH)
        return NULL;
    const struct oth_mpc_cut *c = &m->mid[empties][depth];
    return c->shallow > 0 ? c : NULL;
}

/* Endgame: how a shallow search predicts the exact margin at `empties`
 * (the deepest fitted shallow depth up to about empties / 2 with the
 * parity of empties). a unitless, b and sigma in eval units; 0 when found,
 * -1 when the file has no such row. */
int oth_mpc_endgame(const struct oth_mpc *m, int empties, int *shallow,
                    double *a, double *b, double *sigma);

/* The shallow-search bounds to test, in eval units: a shallow value >= the
 * high bound predicts deep >= beta, one <= the low bound predicts deep <=
 * alpha, each t sigmas sure. */
int oth_mpc_bound_high(const struct oth_mpc_cut *c, int beta, double t);
int oth_mpc_bound_low(const struct oth_mpc_cut *c, int alpha, double t);

/* Least squares y = a x + b; sigma the residual standard deviation (n - 2
 * degrees of freedom). -1 when n < 3 or x does not vary. */
int oth_mpc_regress(const double *x, const double *y, size_t n,
                    double *a, double *b, double *sigma);

/* The shallow depth paired with a deep one: about half of it, with the
 * same parity (Othello's values swing with the side to move last). */
int oth_mpc_shallow_of(int depth);

#endif
