/* Small fast pseudo-random generator (xoshiro256**, seeded by splitmix64).
 * Each player, playout or thread owns its own `struct rng`: no global state. */
#ifndef QUARTET_RNG_H
#define QUARTET_RNG_H

#include <stdint.h>

struct rng {
    uint64_t s[4];
};

static inline uint64_t rng_splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline void rng_seed(struct rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = rng_splitmix(&seed);
}

static inline uint64_t rng_next(struct rng *r)
{
    uint64_t *s = r->s;
    uint64_t x = s[1] * 5;
    uint64_t result = ((x << 7) | (x >> 57)) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* Uniform integer in [0, n), n >= 1 (multiply-shift; bias below 2^-32). */
static inline uint32_t rng_below(struct rng *r, uint32_t n)
{
    return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* Uniform double in [0, 1). */
static inline double rng_unit(struct rng *r)
{
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

#endif
