/* quartet-train's thread fan-out, shared by every command that searches
 * many positions at once: start, fall back, join. */
#include "parallel.h"

#include <pthread.h>
#include <stdbool.h>

int train_threads(int threads)
{
    return threads < 1 ? 1 : threads > TRAIN_MAX_THREADS ? TRAIN_MAX_THREADS : threads;
}

void train_parallel(int threads, void *(*fn)(void *), void *args, size_t stride)
{
    int T = train_threads(threads);
    pthread_t tid[TRAIN_MAX_THREADS];
    bool started[TRAIN_MAX_THREADS];
    for (int t = 0; t < T; t++) {
        void *a = (char *)args + (size_t)t * stride;
        started[t] = pthread_create(&tid[t], NULL, fn, a) == 0;
        if (!started[t])
            fn(a);
    }
    for (int t = 0; t < T; t++)
        if (started[t])
            pthread_join(tid[t], NULL);
}
