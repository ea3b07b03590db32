/* Geometry of the pattern evaluation (8x8 only) and the loaded weights:
 * which squares each pattern reads, the table index of every instance of a
 * position, the canonical (symmetry-shared) entries, the children's
 * entries from their parent's, and the weights file.
 * Shared by eval_pattern.c, weights.c, the fitter, tools/quartet-train and
 * the tests. */
#ifndef QUARTET_OTHELLO_PATTERNS_H
#define QUARTET_OTHELLO_PATTERNS_H

#include "eval.h"

#include <stddef.h>
#include <stdint.h>

/* A pattern is a base set of squares (its digits ordered by square number:
 * digit k is the k-th lowest square, 0 empty, 1 the mover's disc, 2 the
 * opponent's) read on the board transformed by each symmetry in its list;
 * the symmetries that map the base onto itself are left out, so every
 * instance is read once. All instances of a pattern share one table. */
enum {
    OTH_PAT_EDGE2X, /* row 1 with b2 and g2 */
    OTH_PAT_C3X3,   /* a1..c3 */
    OTH_PAT_C2X5,   /* a1..e2, both orientations */
    OTH_PAT_LINE2,  /* row 2 */
    OTH_PAT_LINE3,
    OTH_PAT_LINE4,
    OTH_PAT_DIAG8,  /* a1..h8 */
    OTH_PAT_DIAG7,
    OTH_PAT_DIAG6,
    OTH_PAT_DIAG5,
    OTH_PAT_DIAG4,
    OTH_PAT_TRI,    /* a1..d1, a2..c2, a3, b3, a4 */
    OTH_PAT_CBLOCK, /* a1, c1..f1, h1, c2..f2 */
    OTH_PAT_CROSS,  /* a1..d4 diagonal, b1..d3, a2..c4 */
    OTH_NPAT
};

#define OTH_PAT_INSTANCES 58      /* instances over all patterns */
#define OTH_PAT_INSTANCES_V1 46   /* those of the first layout (diag4 and before) */
#define OTH_MOB_N 32              /* mobility counts 0..31 (capped) */
#define OTH_DISC_N 65             /* the mover's discs, 0..64 */
#define OTH_PAR_N 25              /* odd quadrants x those the mover can play in */
/* + own, opponent mobility, bias, then two features the patterns cannot
 * sum square by square: the mover's disc count and the quadrants'
 * parity. */
#define OTH_NFEAT (OTH_PAT_INSTANCES + 5)

struct oth_pattern_def {
    const char *name;
    bb_t base;          /* squares of the base instance */
    int n;              /* squares: the table has 3^n entries */
    uint32_t offset;    /* first entry within a phase's table */
    int ninst;          /* instances (distinct images of the base) */
    uint8_t sym[8];     /* symmetry of each instance (see oth_sym) */
};

/* Table layout of one phase: the patterns, then the two mobility tables,
 * the bias entry, the tables of the counts (discs, parity), then the
 * ten-square patterns added with them. The layout up to the bias is the
 * first one (OTH_PHASE_SIZE_V1): a file made for it loads with the later
 * tables 0, the same evaluation. */
#define OTH_OFF_MOB_P 167265u
#define OTH_OFF_MOB_O (OTH_OFF_MOB_P + OTH_MOB_N)
#define OTH_OFF_BIAS (OTH_OFF_MOB_O + OTH_MOB_N)
#define OTH_PHASE_SIZE_V1 (OTH_OFF_BIAS + 1)
#define OTH_OFF_DISC (OTH_OFF_BIAS + 1)
#define OTH_OFF_PAR (OTH_OFF_DISC + OTH_DISC_N)
#define OTH_OFF_BIG (OTH_OFF_PAR + OTH_PAR_N) /* the ten-square patterns added */
#define OTH_PHASE_SIZE (OTH_OFF_BIG + 3 * 59049)
#define OTH_MAX_PHASES 60

/* The 8 symmetries of the board: bit 2 transposes (a1-h8 diagonal) first,
 * then bit 0 mirrors the columns and bit 1 the rows. */
bb_t oth_sym(int s, bb_t b);

/* Starts the tables once (thread-safe); every function below that needs
 * them calls it, except oth_pattern_raw (whose callers hold weights). */
void oth_patterns_init(void);
const struct oth_pattern_def *oth_pattern_defs(void); /* OTH_NPAT of them */

/* The table entries (within one phase) that position (P to move, O) reads:
 * OTH_NFEAT of them, written to out. raw: as stored with every symmetric
 * entry present (what the evaluation sums); features: canonical entries,
 * the ones a fitter trains and the file stores. */
void oth_pattern_raw(bb_t P, bb_t O, uint32_t *out);
void oth_pattern_features(bb_t P, bb_t O, uint32_t *out);
/* The sum of the entries of one phase's table t that the position reads
 * (the evaluation's hot path; same entries as oth_pattern_raw), of the
 * first n instances: n is struct oth_weights' ninst, and with fewer than
 * all the count tables are left out too (they are 0). */
int oth_pattern_sum(const int16_t *t, int n, bb_t P, bb_t O);
/* The children of one position, evaluated from its entries rather than
 * read afresh (struct oth_eval_kids, eval.h). base: the entries of the
 * position as the opponent, the children's mover, reads them. In the
 * child after a move, as its mover sees it, each flipped square goes from
 * digit 1 to 2 and the placed square from 0 to 2: the child's entries add
 * the flipped squares' powers of 3 and twice the placed square's, in every
 * instance holding them. Callers hold weights (as for oth_pattern_raw). */
_Static_assert(OTH_EVAL_KID_LANES >= OTH_PAT_INSTANCES, "a lane per instance");
void oth_pattern_kids_base(bb_t P, bb_t O, uint32_t *base);
/* The sum oth_pattern_sum(t, P2, O2) of the child after the move to sq
 * flipping f, where P2 = O & ~f, O2 = P | f | sq and moves2 = the moves of
 * P2 (which the caller has in hand). */
int oth_pattern_kid_sum(const int16_t *t, int n, const uint32_t *base, bb_t f, int sq,
                        bb_t P2, bb_t O2, bb_t moves2);
/* The same from the second child on: only the instances holding the
 * placed or a flipped square change, so the sum is bsum, the base entries'
 * values (bval, filled with their sum by oth_pattern_kids_values), plus
 * each changed instance's difference. */
int oth_pattern_kids_values(const int16_t *t, int n, const uint32_t *base, int16_t *bval);
int oth_pattern_kid_delta(const int16_t *t, int n, const uint32_t *base, const int16_t *bval,
                          int bsum, bb_t f, int sq, bb_t P2, bb_t O2, bb_t moves2);
/* The digits of a position, each side apart: a[i] holds instance i's
 * base-3 digits of the mover's discs (1 each), z[i] the opponent's, so
 * that the mover reads entry offset + a + 2z and the opponent offset +
 * z + 2a (lanes past the instances are 0). A child's follow from its
 * parent's by adding powers of 3 (struct oth_eval_digits, eval.h). */
void oth_pattern_digits(bb_t P, bb_t O, uint32_t *a, uint32_t *z);
/* The digits of the child after the move to sq flipping f (whose mover
 * is the parent's opponent). */
void oth_pattern_digits_child(const uint32_t *a, const uint32_t *z, bb_t f, int sq,
                              uint32_t *ca, uint32_t *cz);
/* oth_pattern_kids_base of the position whose digits are a, z. */
void oth_pattern_digits_base(const uint32_t *a, const uint32_t *z, uint32_t *base);
/* The canonical entry equal to entry e by a symmetry of its pattern. */
uint32_t oth_pattern_canon(uint32_t e);

/* Weights: phase[empties] selects one of nphase tables of OTH_PHASE_SIZE
 * entries, in OTH_EVAL_UNIT units, symmetric entries all filled. */
struct oth_weights {
    int nphase;
    /* Pattern instances the evaluation reads: OTH_PAT_INSTANCES, or
     * OTH_PAT_INSTANCES_V1 for weights loaded from a file of the first
     * layout, whose other tables are 0 (the same values, sooner). */
    int ninst;
    uint8_t phase[61];
    int16_t *w;
};

/* Zero weights with the given phase map (NULL: nphase equal spans of the
 * empties 1-60, e.g. 10 phases of 6 empties; 0 empties go with 1). */
struct oth_weights *oth_weights_new(int nphase, const uint8_t *phase);
/* Copies every canonical entry e of a phase onto its symmetric images. */
void oth_weights_symmetrize(struct oth_weights *w, int ph);
/* Writes w in the file format (weights.c); 0, or -1 with err filled. */
int oth_weights_save(const struct oth_weights *w, const char *path,
                     char *err, size_t cap);
/* The phase of a position with this many empty squares. */
static inline int oth_weights_phase(const struct oth_weights *w, int empties)
{
    return w->phase[empties < 0 ? 0 : empties > 60 ? 60 : empties];
}

#endif
