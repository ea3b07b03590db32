/* Monotonic wall clock in seconds. */
#ifndef QUARTET_CLOCK_H
#define QUARTET_CLOCK_H

#include <time.h>

static inline double clock_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
