/* Yonin transposition table: one always-replace entry per slot, keyed by
 * the discs, the seat to move and the kind of search (which fixes what the
 * stored values mean). Owned by one search; no sharing between threads. */
#ifndef QUARTET_YONIN_TT_H
#define QUARTET_YONIN_TT_H

#include "yonin.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { YN_EXACT = 0, YN_LOWER = 1, YN_UPPER = 2, YN_MOVE_ONLY = 3 };

struct yn_tt_entry {
    uint64_t key;       /* 0: empty */
    int16_t v[NSEATS];  /* vector, or the scalar in v[0] */
    int16_t depth;
    int8_t move;        /* square, -1 pass or unknown */
    uint8_t bound;      /* YN_EXACT, YN_LOWER, YN_UPPER; YN_MOVE_ONLY: no value */
};

struct yn_tt {
    struct yn_tt_entry *e;
    size_t mask;
};

/* Largest power of two of entries within mb MiB (at least 1024). */
int yn_tt_init(struct yn_tt *t, int mb);
void yn_tt_free(struct yn_tt *t);

/* Key of a position with `seat` to move in search kind `salt` (the salt
 * also carries the coalition, so paranoid values of different seats never
 * mix). Never 0. */
uint64_t yn_tt_key(const bb_t disc[2], int seat, unsigned salt);

static inline struct yn_tt_entry *yn_tt_slot(const struct yn_tt *t, uint64_t key)
{
    return &t->e[key & t->mask];
}

#endif
