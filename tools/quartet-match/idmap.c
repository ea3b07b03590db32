/* The open-addressing map of idmap.h (linear probing, at most half full). */
#include "idmap.h"

#include <stdlib.h>

/* The slot of key: its own, or the empty one where it goes. */
static size_t slot_of(const uint64_t *s, size_t cap, uint32_t key)
{
    size_t i = (size_t)((uint64_t)key * 0x9e3779b97f4a7c15ULL >> 20) & (cap - 1);
    while (s[i] && s[i] >> 8 != key)
        i = (i + 1) & (cap - 1);
    return i;
}

unsigned idmap_get(const struct idmap *m, uint32_t key)
{
    if (!m->cap)
        return 0;
    uint64_t v = m->slot[slot_of(m->slot, m->cap, key)];
    return v ? (unsigned)(v & 0xff) : 0;
}

static void grow(struct idmap *m)
{
    size_t cap = m->cap ? 2 * m->cap : 1024;
    uint64_t *s = calloc(cap, sizeof *s);
    if (!s)
        abort();
    for (size_t i = 0; i < m->cap; i++)
        if (m->slot[i])
            s[slot_of(s, cap, (uint32_t)(m->slot[i] >> 8))] = m->slot[i];
    free(m->slot);
    m->slot = s;
    m->cap = cap;
}

void idmap_put(struct idmap *m, uint32_t key, unsigned value)
{
    if (2 * (m->n + 1) > m->cap)
        grow(m);
    size_t i = slot_of(m->slot, m->cap, key);
    m->n += !m->slot[i];
    m->slot[i] = (uint64_t)key << 8 | (value & 0xff);
}

void idmap_free(struct idmap *m)
{
    free(m->slot);
    *m = (struct idmap){0};
}
