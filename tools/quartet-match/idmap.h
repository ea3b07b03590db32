/* A map from positive whole numbers (game and pair numbers, up to 10^9)
 * to a small value: open addressing, so that its memory follows the keys
 * stored, not their size. The merge's set of games seen and the pairs of
 * the standings use it. */
#ifndef QMATCH_IDMAP_H
#define QMATCH_IDMAP_H

#include <stddef.h>
#include <stdint.h>

struct idmap {
    uint64_t *slot; /* 0 empty, else key << 8 | value */
    size_t cap, n;
};

/* The value stored for key (> 0), or 0 when there is none. */
unsigned idmap_get(const struct idmap *m, uint32_t key);
/* Stores value (1-255) for key (> 0), replacing any; aborts when out of
 * memory (8 bytes a key). */
void idmap_put(struct idmap *m, uint32_t key, unsigned value);
void idmap_free(struct idmap *m);

#endif
