/* Yonin transposition table: allocation and keys (tt.h). */
#include "tt.h"

#include <stdlib.h>

int yn_tt_init(struct yn_tt *t, int mb)
{
    size_t bytes = (size_t)(mb > 0 ? mb : 64) << 20, n = 1024;
    while (n * 2 * sizeof *t->e <= bytes)
        n *= 2;
    t->e = calloc(n, sizeof *t->e);
    t->mask = n - 1;
    return t->e ? 0 : -1;
}

void yn_tt_free(struct yn_tt *t)
{
    free(t->e);
    t->e = NULL;
}

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Both boards go through a full mix, so a disc changing colour or square
 * changes every bit of the key. */
uint64_t yn_tt_key(const bb_t disc[2], int seat, unsigned salt)
{
    uint64_t k = mix(disc[0] + 0x9e3779b97f4a7c15ULL);
    k ^= mix(disc[1] ^ 0x3c6ef372fe94f82aULL) * 3;
    k ^= mix(((uint64_t)salt << 8 | (uint64_t)seat) + 0x5851f42d4c957f2dULL);
    return k ? k : 1;
}
