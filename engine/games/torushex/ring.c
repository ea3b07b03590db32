/* Torus Hex neighbour rings: per board size, each cell's six neighbours in
 * cyclic order, built once for all sizes (playouts and connection values
 * walk them on every move, where th_step would recompute the wraps). */
#include "torushex.h"
#include "geom.h"

#include <pthread.h>

/* Sizes TH_MIN..TH_MAX stored one after another. */
#define TH_RING_TOTAL (3 * 3 + 4 * 4 + 5 * 5 + 6 * 6 + 7 * 7 + 8 * 8 + 9 * 9 + 10 * 10 + \
                       11 * 11 + 12 * 12 + 13 * 13 + 14 * 14 + 15 * 15 + 16 * 16 +   \
                       17 * 17 + 18 * 18 + 19 * 19)

static int16_t ring_table[TH_RING_TOTAL * TH_DIRS];
static int ring_start[TH_MAX + 1];
static pthread_once_t ring_once = PTHREAD_ONCE_INIT;

/* th_step directions taken in turn around a cell: (+1,0) (+1,-1) (0,-1)
 * (-1,0) (-1,+1) (0,+1); each step differs from the next by one hex step. */
static const int ring_dir[TH_DIRS] = { 0, 4, 3, 1, 5, 2 };

static void ring_build(void)
{
    int at = 0;
    for (int n = TH_MIN; n <= TH_MAX; n++) {
        ring_start[n] = at;
        for (int i = 0; i < n * n; i++)
            for (int k = 0; k < TH_DIRS; k++) {
                int nc, nr, wx, wy;
                th_step(n, i % n, i / n, ring_dir[k], &nc, &nr, &wx, &wy);
                ring_table[(at + i) * TH_DIRS + k] = (int16_t)(nr * n + nc);
            }
        at += n * n;
    }
}

const int16_t *th_ring(int n)
{
    pthread_once(&ring_once, ring_build);
    return ring_table + ring_start[n] * TH_DIRS;
}
