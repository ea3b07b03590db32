/* quartet-stoner's results: the stoner-like lines found, the proofs of
 * their distinct positions (each proved once, by threads in parallel),
 * and the text and JSON reports with the tallies per depth, orientation
 * and shape. */
#ifndef QUARTET_STONER_RESULTS_H
#define QUARTET_STONER_RESULTS_H

#include "engine/games/othello/stoner.h"

#include <stdio.h>

#define PV_KEEP 24

/* What a report needs of one proof. */
struct proof {
    int status;            /* STONER_PROVEN or STONER_DISPROVEN */
    int length;
    int escape;
    int corner;
    int pv_len;
    int8_t pv[PV_KEEP];
};

struct results;

/* For lines found by up to `threads` enumerating threads; proofs use a
 * table of hash_bytes per thread. NULL: out of memory. */
struct results *results_new(int threads, size_t hash_bytes);
void results_free(struct results *r);

/* The enumeration callback (ctx: the results): keeps the line. */
void results_add(void *ctx, int thread, const struct stoner_line *line);

/* Proves every distinct stoner-like position of the kept lines once,
 * with `threads` threads sharing the positions. Returns 0, -1 when out
 * of memory. */
int results_prove_all(struct results *r, int threads);

/* Proves the stoner-like position of one line (thread 0's prover). */
struct proof results_prove(struct results *r, const struct stoner_line *line);

/* Progress, readable while the others work. */
long results_lines(const struct results *r);       /* kept so far */
long results_positions(const struct results *r);   /* distinct, to prove */
long results_proved(const struct results *r);      /* proved so far */
int results_failed(const struct results *r);       /* out of memory */

/* Reports: per depth and orientation the counts per shape, then the
 * successful lines (sorted: depth, orientation, shape, moves). */
void results_print_text(struct results *r, FILE *f, int min_depth, int max_depth);
void results_print_json(struct results *r, FILE *f, int min_depth, int max_depth);

/* "f5d6..." ("pass" for a pass) into buf. */
void results_format_line(const int8_t *moves, int n, char *buf, size_t cap);
/* The colour that made the last of n plies from the start. */
const char *results_attacker(int n);

#endif
