/* quartet-stoner's results: the proof cache (each distinct stoner-like
 * position is proved once), the tallies per depth, orientation and shape,
 * and the text and JSON reports. */
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

/* For lines of length up to max_depth found by up to `threads` threads,
 * each thread proving with a table of hash_bytes. NULL: out of memory. */
struct results *results_new(int max_depth, int threads, size_t hash_bytes);
void results_free(struct results *r);

/* The enumeration callback (ctx: the results). */
void results_add(void *ctx, int thread, const struct stoner_line *line);

/* Proves (or finds in the cache) the stoner-like position of a line. */
struct proof results_prove(struct results *r, int thread,
                           const struct stoner_line *line);

/* Stoner-like lines seen so far (any thread may be adding). */
long results_lines(const struct results *r);
long results_positions(struct results *r);  /* distinct, proved */
int results_failed(const struct results *r);      /* out of memory */

/* Reports: per depth and orientation the counts per shape, then the
 * successful lines (sorted: depth, orientation, shape, moves). */
void results_print_text(struct results *r, FILE *f, int min_depth, int max_depth);
void results_print_json(struct results *r, FILE *f, int min_depth, int max_depth);

/* "f5d6..." ("pass" for a pass) into buf. */
void results_format_line(const int8_t *moves, int n, char *buf, size_t cap);
/* The colour that made the last of n plies from the start. */
const char *results_attacker(int n);

#endif
