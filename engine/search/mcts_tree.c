/* The MCTS node pool: one malloc'd arena per pool (pages are touched only
 * as nodes are used), lock-free block allocation, and the breadth-first
 * subtree copy used by tree reuse. */
#include "mcts_tree.h"

#include <stdlib.h>
#include <string.h>

int pool_init(struct mcts_pool *p, size_t bytes)
{
    size_t n = bytes / sizeof(struct mcts_node);
    if (n > (size_t)UINT32_MAX - 1)
        n = (size_t)UINT32_MAX - 1;
    if (n < 2)
        n = 2;
    p->node = malloc(n * sizeof(struct mcts_node));
    p->cap = (uint32_t)n;
    pool_reset(p);
    return p->node ? 0 : -1;
}

void pool_free(struct mcts_pool *p)
{
    free(p->node);
    p->node = NULL;
    p->cap = 0;
}

void pool_reset(struct mcts_pool *p)
{
    atomic_store(&p->used, 0);
    atomic_store(&p->full, false);
}

uint32_t pool_alloc(struct mcts_pool *p, uint32_t n)
{
    if (atomic_load_explicit(&p->full, memory_order_relaxed))
        return MCTS_NONE;
    uint32_t at = atomic_fetch_add_explicit(&p->used, n, memory_order_relaxed);
    if (at > p->cap || p->cap - at < n) {
        /* Overshooting `used` is harmless: nothing is allocated after. */
        atomic_store_explicit(&p->full, true, memory_order_relaxed);
        return MCTS_NONE;
    }
    return at;
}

void node_init(struct mcts_node *n, move_t move, int mover)
{
    memset(n, 0, sizeof *n);
    n->move = move;
    n->mover = (int8_t)mover;
    atomic_init(&n->winner, -1);
}

static void copy_node(struct mcts_node *d, const struct mcts_node *s)
{
    /* Plain copy is fine: no search runs while a tree is being compacted. */
    memcpy(d, s, sizeof *d);
    if (atomic_load(&d->expand) != NODE_EXPANDED) {
        atomic_store(&d->expand, NODE_LEAF);
        d->nchildren = 0;
    }
}

uint32_t pool_copy_subtree(struct mcts_pool *dst, const struct mcts_pool *src, uint32_t idx)
{
    pool_reset(dst);
    uint32_t used = 1;
    copy_node(&dst->node[0], &src->node[idx]);
    /* dst itself is the queue: node i's children are appended in turn. */
    for (uint32_t i = 0; i < used; i++) {
        struct mcts_node *d = &dst->node[i];
        if (atomic_load(&d->expand) != NODE_EXPANDED)
            continue;
        uint32_t from = d->first_child, n = d->nchildren;
        if (dst->cap - used < n) {
            atomic_store(&d->expand, NODE_LEAF);
            d->nchildren = 0;
            continue;
        }
        for (uint32_t k = 0; k < n; k++)
            copy_node(&dst->node[used + k], &src->node[from + k]);
        d->first_child = used;
        used += n;
    }
    atomic_store(&dst->used, used);
    return used;
}
