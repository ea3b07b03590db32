/* quartet-train's shared declarations: the labelled position set and the
 * stages (generate, label, fit, compare) its subcommands run. */
#ifndef QUARTET_TRAIN_H
#define QUARTET_TRAIN_H

#include "engine/games/othello/eval_fit.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* EXACT: the exact final margin; SEARCH: a search's value; RESULT: the
 * result of the self-play game the position came from, exact from the
 * point where the solver took over (selfplay, games.h). */
enum { LABEL_NONE, LABEL_EXACT, LABEL_SEARCH, LABEL_RESULT };

/* One position, P to move; value in OTH_EVAL_UNIT units for P. */
struct pos {
    bb_t P, O;
    int32_t value;
    uint8_t kind;   /* LABEL_* */
    uint8_t depth;  /* search depth of the label; RESULT: the solver's empties */
    uint16_t pad;
};

struct posset {
    struct pos *v;
    size_t n, cap;
};

struct train_opts {
    uint64_t seed;
    int threads;
    int games;          /* gen: self-play games */
    int random_min, random_max; /* gen: random opening plies */
    int play_depth;     /* gen: search depth of the other moves */
    int exact;          /* label: solve exactly at <= this many empties */
    int depth;          /* label: search depth before that */
    int per_phase;      /* label/train: at most this many positions a phase */
    double lambda;      /* fit */
    int iters;          /* fit */
    double holdout;     /* fit: share of positions held out */
    int empties_min, empties_max; /* fit: only positions with these many empties */
    int nphase;
    int hash_mb;
    int verbose;
    int per_bucket;     /* mpc: positions per phase bucket */
    int mpc_depth;      /* mpc: deepest deep depth fitted */
    int mpc_end;        /* mpc: exact rows up to this many empties */
};

/* The start position, Black to move (d5, e4 against d4, e5). */
#define TRAIN_START_BLACK 0x0000000810000000ULL
#define TRAIN_START_WHITE 0x0000001008000000ULL

/* Plays the legal move sq of P (to move) against O; the opponent is to
 * move after, so the two boards swap. */
static inline void train_play(bb_t *P, bb_t *O, int sq)
{
    bb_t f = bb_flips(*P, *O, sq);
    bb_t np = *O & ~f, no = *P | f | (1ULL << sq);
    *P = np;
    *O = no;
}

int pos_push(struct posset *s, bb_t P, bb_t O);
/* Written whole or not at all (records/atomic.h). 0 or -1. */
int pos_save(const struct posset *s, const char *path);
int pos_load(struct posset *s, const char *path);
int pos_load_append(struct posset *s, const char *path);
void pos_free(struct posset *s);
int pos_empties(const struct pos *p);

/* A random position from the start: n random plies (fewer if the game
 * ends); *P is the player to move. */
bool random_opening(uint64_t *rs, int n, bb_t *P, bb_t *O);

/* Appends the positions of o->games self-play games. */
int gen_positions(struct posset *out, const struct train_opts *o);
/* Labels the positions idx[0..n) whose label is missing, by exact solving
 * at <= o->exact empties and by depth-o->depth searches with w before. */
int label_positions(struct posset *s, const size_t *idx, size_t n,
                    const struct oth_weights *w, const struct train_opts *o);

/* Fits the phases of w, from the end of the game backwards; positions
 * with missing labels are labelled first with the phases already made. */
int train_phases(struct posset *s, struct oth_weights *w,
                 const struct train_opts *o, bool label);

/* New weights of nspan equal spans of empty counts (2 * nspan phases by
 * the empties' parity when parity), each phase's table started from
 * init's at its first empty count (zero without init); NULL when more
 * than OTH_MAX_PHASES phases or out of memory. */
struct oth_weights *weights_shaped(const struct oth_weights *init, int nspan, bool parity);

/* Sets each phase's bias entry so that depth o->depth searches of the
 * labelled positions whose leaves lie in that phase (at most
 * o->per_phase a phase) have no mean error against their labels
 * (calibrate.c). */
int calibrate_phases(const struct posset *s, struct oth_weights *w, const struct train_opts *o);

/* Comparisons of the pattern evaluation with the simple one. */
int compare_match(const struct oth_weights *w, int games, int depth,
                  const struct train_opts *o);
int compare_error(const struct oth_weights *w, const struct posset *s);

/* The opening book (book.c): what `quartet-train book` builds. */
struct book_opts {
    int depth;          /* search depth valuing each position's moves */
    int plies;          /* deepest position, in plies from the start */
    double margin;      /* discs a path may lose against the best moves */
    int max;            /* positions at most */
};

/* Builds the book with weights w and writes it to out; prints a summary. */
int build_book(const struct oth_weights *w, const struct book_opts *bo,
               const struct train_opts *o, const char *out);
/* Prints a book's size, positions per ply, lookup cost and main line. */
int book_info(const char *path);
/* The Multi-ProbCut parameters from positions of s, the midgame rows
 * searched with w, the endgame (exact) rows with order, the solver's
 * ordering weights (NULL: w); written to the file out. */
int mpc_fit(const struct posset *s, const struct oth_weights *w,
            const struct oth_weights *order, const struct train_opts *o, const char *out);

#endif
