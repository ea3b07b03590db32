/* The stop flag a long computation polls: set by another thread (or a
 * signal handler) to ask it to give up. Read with a relaxed atomic load,
 * so polling is one plain load and never a data race. */
#ifndef QUARTET_STOP_H
#define QUARTET_STOP_H

#include <stdbool.h>

static inline int stop_value(const volatile int *stop)
{
    return stop ? __atomic_load_n(stop, __ATOMIC_RELAXED) : 0;
}

static inline bool stop_requested(const volatile int *stop)
{
    return stop_value(stop) != 0;
}

/* perft hooks poll at nodes with at least this many plies below them:
 * often enough to stop within a millisecond, rarely enough to cost
 * nothing measurable (the subtree below such a node is thousands of
 * leaves in every game). */
#define STOP_PERFT_DEPTH 3

#endif
