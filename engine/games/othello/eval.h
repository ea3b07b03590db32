/* Static evaluation of Othello positions, for the player to move.
 * Two evaluations share this header: the simple one (mobility, potential
 * mobility, corners, edge stability; any board size, eval_simple.c) and
 * the trained pattern evaluation (8x8 only, eval_pattern.c), whose weights
 * come from a data file written by tools/quartet-train. */
#ifndef QUARTET_OTHELLO_EVAL_H
#define QUARTET_OTHELLO_EVAL_H

#include "engine/games/bitboard.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Evaluations are in 1/OTH_EVAL_UNIT of a disc of final margin, so that a
 * search can mix them with exact endgame values (margin * OTH_EVAL_UNIT). */
#define OTH_EVAL_UNIT 128
#define OTH_EVAL_MAX (64 * OTH_EVAL_UNIT)

struct oth_weights; /* loaded pattern weights; read-only once loaded */

/* P: discs of the player to move, O: the opponent's, board: the squares of
 * the board (othello_board_mask). Result within +-OTH_EVAL_MAX. */
int oth_eval_simple(bb_t P, bb_t O, bb_t board);
int oth_eval_pattern(const struct oth_weights *w, bb_t P, bb_t O);

/* The pattern evaluation of the children of one position (P to move),
 * each from the parent's pattern entries: set up once per parent (about
 * the cost of one oth_eval_pattern), then each child costs a fraction of
 * oth_eval_pattern and gets the same value. Plain data: copy freely. */
#define OTH_EVAL_KID_LANES 64
struct oth_eval_kids {
    const int16_t *table;   /* the children's phase */
    int ninst;              /* instances read (struct oth_weights) */
    uint32_t base[OTH_EVAL_KID_LANES];
    int count;              /* children evaluated so far */
    int bsum;               /* from the second child: the sum of bval */
    int16_t bval[OTH_EVAL_KID_LANES]; /* ... and the base entries' values */
};
void oth_eval_kids_init(struct oth_eval_kids *k, const struct oth_weights *w, bb_t P, bb_t O);
/* oth_eval_pattern of the child P2 = O & ~f, O2 = P | f | sq after the
 * move to sq flipping f, given moves2, the moves of P2. k keeps what the
 * next children reuse, so each thread and node has its own. */
int oth_eval_kid(struct oth_eval_kids *k, bb_t f, int sq, bb_t P2, bb_t O2, bb_t moves2);

/* The pattern digits of a position (oth_pattern_digits): a search that
 * carries them from parent to child, at the cost of a few vector adds per
 * move, sets up each node's children (oth_eval_kids_init_digits) without
 * reading the board afresh. Plain data: copy freely. */
struct oth_eval_digits {
    _Alignas(64) uint32_t a[OTH_EVAL_KID_LANES];
    _Alignas(64) uint32_t z[OTH_EVAL_KID_LANES];
};
void oth_eval_digits(struct oth_eval_digits *d, bb_t P, bb_t O);
/* The digits of the child after the move to sq flipping f. */
void oth_eval_digits_child(const struct oth_eval_digits *d, bb_t f, int sq,
                           struct oth_eval_digits *c);
/* oth_eval_kids_init of the position (P, O) whose digits are d. */
void oth_eval_kids_init_digits(struct oth_eval_kids *k, const struct oth_weights *w, bb_t P,
                               bb_t O, const struct oth_eval_digits *d);

/* Loads weights from path; NULL with a message in err on failure. The
 * caller owns the result (tools that read, fit and write weights). */
struct oth_weights *oth_weights_load(const char *path, char *err, size_t cap);
void oth_weights_free(struct oth_weights *w);
/* Whether a and b give every empty count the same table. */
bool oth_weights_same(const struct oth_weights *a, const struct oth_weights *b);

/* The shared weights (weights_shared.c), the one piece of shared data of
 * Othello in the daemon: each path is read once per process (under a
 * mutex) and its weights are kept, read-only, until the process ends; the
 * player, the solve commands and every search thread use the same copy.
 * Two sets are in use: the play weights (the midgame search) and the
 * ordering weights (the exact solver's move ordering, search.h); a file
 * whose weights equal those of a file already loaded gives that file's
 * copy, so two byte copies are one table in memory.
 * Never free them. A failed load is kept too: the same path gives the same
 * message without reading the file again. Changes to a file after its
 * first load are not seen. NULL with a message in err on failure. */
const struct oth_weights *oth_weights_shared(const char *path, char *err, size_t cap);
/* The same for file, or for the default path (below) when file is NULL. */
const struct oth_weights *oth_weights_shared_default(const char *file, char *err, size_t cap);
/* The ordering weights: file, else the shipped ordering file
 * (othello-order.weights), else, when none is found, play (the play
 * weights order too) with err empty. NULL with a message in err when the
 * file does not load; the caller then falls back to play. */
const struct oth_weights *oth_order_weights_shared_default(const char *file,
                                                           const struct oth_weights *play,
                                                           char *err, size_t cap);
/* The same, for the daemon: a file that does not load is noted once a
 * process on stderr ("WHO: why; the solver orders with the play
 * weights") and play comes back. */
const struct oth_weights *oth_order_weights_for(const char *file,
                                                const struct oth_weights *play,
                                                const char *who);
/* Tests: how many files the shared loader has read so far. */
int oth_weights_shared_loads(void);
/* Where the shipped weights are looked for when no path is given: next to
 * the binary (../share/quartet/, ../data/), then the source tree's data/.
 * Writes the first existing path into buf; -1 when none exists. */
int oth_weights_default_path(char *buf, size_t cap);
/* The same for the shipped ordering weights, othello-order.weights. */
int oth_order_weights_default_path(char *buf, size_t cap);

/* The evaluation a search uses: the patterns when loaded and the board is
 * 8x8, the simple evaluation otherwise. */
static inline int oth_evaluate(const struct oth_weights *w, bb_t P, bb_t O,
                               bb_t board)
{
    return w && board == ~0ULL ? oth_eval_pattern(w, P, O)
                               : oth_eval_simple(P, O, board);
}

#endif
