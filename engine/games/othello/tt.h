/* The Othello transposition table: two-entry buckets of lower/upper bounds,
 * depth and the two best moves, shared without locks by the threads of one
 * search.
 * Each entry stores key ^ data beside data, so a torn write (two threads
 * storing at once) fails the key check instead of returning a mixed entry. */
#ifndef QUARTET_OTHELLO_TT_H
#define QUARTET_OTHELLO_TT_H

#include "engine/games/bitboard.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct oth_tt_entry {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;
};

struct oth_tt {
    struct oth_tt_entry *e; /* buckets of two entries */
    void *map;              /* the mapping holding e (aligned inside it) */
    size_t map_size;
    size_t mask;            /* bucket count - 1 */
    uint8_t gen;            /* age: entries of older searches go first */
    bool used;              /* a search may have stored since init or clear */
};

/* What one entry knows: lo <= value <= hi at `depth`; move -1 unknown,
 * move2 the best move before the last one that replaced it (or -1).
 * sel: how sure the bounds are, OTH_TT_SURE when proven; lower levels come
 * from the solver's selective passes (ProbCut) and may only cut searches
 * that are themselves no more sure. */
struct oth_tt_data {
    int lo, hi;
    int depth;
    int move, move2;
    int sel;
};

#define OTH_TT_SURE 63 /* sel has 6 bits */

/* Sizes the table to the largest power of two of buckets within mb MiB
 * (at least 1); -1 when out of memory. */
int oth_tt_init(struct oth_tt *t, int mb);
void oth_tt_free(struct oth_tt *t);
/* Every entry gone, as after oth_tt_init, in the same memory. */
void oth_tt_clear(struct oth_tt *t);
/* Starts a new search: entries stored before become replaceable first. */
static inline void oth_tt_age(struct oth_tt *t) { t->gen++; }

uint64_t oth_tt_key(bb_t P, bb_t O);
/* Starts loading the bucket of key into the cache. */
static inline void oth_tt_prefetch(const struct oth_tt *t, uint64_t key)
{
    __builtin_prefetch(&t->e[(key & t->mask) * 2]);
}
bool oth_tt_probe(const struct oth_tt *t, uint64_t key, struct oth_tt_data *d);
void oth_tt_store_sel(struct oth_tt *t, uint64_t key, int depth, int sel, int lo,
                      int hi, int move);
static inline void oth_tt_store(struct oth_tt *t, uint64_t key, int depth, int lo,
                                int hi, int move)
{
    oth_tt_store_sel(t, key, depth, OTH_TT_SURE, lo, hi, move);
}

#endif
