/* quartet-train's one way to share work out over threads (parallel.c). */
#ifndef QUARTET_TRAIN_PARALLEL_H
#define QUARTET_TRAIN_PARALLEL_H

#include <stddef.h>

#define TRAIN_MAX_THREADS 64

/* The thread count a --threads value gives: 1 to TRAIN_MAX_THREADS. */
int train_threads(int threads);
/* Runs fn on train_threads(threads) threads and waits for them all.
 * Thread t is given (char *)args + t * stride: a job of its own when
 * stride is the size of one (an array of them), the same shared job (a
 * work queue) when stride is 0. A thread that cannot be started has its
 * job run on the calling thread instead, so every job runs once. */
void train_parallel(int threads, void *(*fn)(void *), void *args, size_t stride);

#endif
