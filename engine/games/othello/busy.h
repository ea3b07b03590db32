/* The busy marks of the solver's simplified ABDADA (endgame.c): which
 * positions some thread is searching right now, by table key, in a small
 * shared array that the threads write without locks. */
#ifndef QUARTET_OTHELLO_BUSY_H
#define QUARTET_OTHELLO_BUSY_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define OTH_BUSY_SIZE 4096

static inline _Atomic uint64_t *oth_busy_slot(_Atomic uint64_t *busy, uint64_t key)
{
    return &busy[key & (OTH_BUSY_SIZE - 1)];
}

static inline bool oth_busy_test(_Atomic uint64_t *busy, uint64_t key)
{
    return atomic_load_explicit(oth_busy_slot(busy, key), memory_order_relaxed) == key;
}

/* A mark never replaces another: marks are set top-down, so the one in
 * the slot is most often a node higher in the tree, whose search lasts
 * far longer. Overwritten, such marks lasted a few milliseconds (a mark
 * is set at every node of 12 or more empties), and on FFO #55 both
 * threads proved the same root moves side by side; kept, #55 with 2
 * threads took 185 s and 9.3 G nodes against 227 s and 12.1 G
 * (doc/othello.md). Two threads racing for an empty slot may still lose
 * one mark: that only costs a search done twice. */
static inline void oth_busy_set(_Atomic uint64_t *busy, uint64_t key)
{
    _Atomic uint64_t *slot = oth_busy_slot(busy, key);
    if (atomic_load_explicit(slot, memory_order_relaxed) == 0)
        atomic_store_explicit(slot, key, memory_order_relaxed);
}

/* Clears key's mark, and no other. */
static inline void oth_busy_clear(_Atomic uint64_t *busy, uint64_t key)
{
    uint64_t k = key;
    atomic_compare_exchange_strong_explicit(oth_busy_slot(busy, key), &k, 0,
                                            memory_order_relaxed, memory_order_relaxed);
}

#endif
