/* The MCTS node pool (internal to engine/search/mcts*.c): compact nodes with
 * atomic statistics, siblings allocated as one block from a fixed arena,
 * and the subtree copy that tree reuse compacts into a fresh arena. */
#ifndef QUARTET_MCTS_TREE_H
#define QUARTET_MCTS_TREE_H

#include "engine/game.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* Rewards are fixed point: C11 has no atomic add on doubles. */
#define MCTS_SCALE 65536.0
#define MCTS_NONE UINT32_MAX
#define MCTS_AMAF_UNIT 256 /* AMAF results per win (see mcts_node.amaf) */
/* Samples kept per node: the sum then fits its 32 bits. RAVE's weight is
 * long gone by then (beta, mcts.c), so later samples would change nothing. */
#define MCTS_AMAF_MAX ((1u << 24) - 1)

enum { NODE_LEAF, NODE_BUSY, NODE_EXPANDED };   /* mcts_node.expand */
enum { NODE_TERMINAL = 1, NODE_PRUNED = 2 };    /* mcts_node.flags bits */

struct mcts_node {
    _Atomic int64_t reward;      /* sum of the mover's results, fixed point */
    /* AMAF samples: count << 32 | sum of the mover's results in 1/256 of a
     * win, in one word so that a lost update loses both (mcts.c). */
    _Atomic uint64_t amaf;
    _Atomic int32_t visits;      /* descents through here, in flight included */
    move_t move;                 /* the move into this node */
    uint32_t first_child;        /* index of the sibling block */
    uint16_t nchildren;
    uint16_t prior_weight;       /* virtual visits from the game's priors */
    uint16_t prior_value;        /* their mean, scaled to 0..65535 */
    _Atomic uint8_t expand;      /* NODE_LEAF / NODE_BUSY / NODE_EXPANDED */
    _Atomic uint8_t flags;
    int8_t mover;                /* who played move; -1 at a fresh root */
    _Atomic int8_t winner;       /* proven winner (solver); -1 unknown */
};

struct mcts_pool {
    struct mcts_node *node;
    uint32_t cap;
    _Atomic uint32_t used;
    atomic_bool full;            /* an allocation failed: stop expanding */
};

int pool_init(struct mcts_pool *p, size_t bytes);
void pool_free(struct mcts_pool *p);
void pool_reset(struct mcts_pool *p);
/* n consecutive zeroed nodes; MCTS_NONE when the arena is exhausted. */
uint32_t pool_alloc(struct mcts_pool *p, uint32_t n);
void node_init(struct mcts_node *n, move_t move, int mover);
/* Copies the subtree below src->node[idx] into the empty pool dst, root at
 * index 0, breadth first; returns the nodes copied. */
uint32_t pool_copy_subtree(struct mcts_pool *dst, const struct mcts_pool *src, uint32_t idx);

static inline int32_t node_visits(const struct mcts_node *n)
{
    return atomic_load_explicit(&n->visits, memory_order_relaxed);
}

static inline struct mcts_node *node_children(const struct mcts_pool *p, const struct mcts_node *n)
{
    return &p->node[n->first_child];
}

static inline bool node_expanded(const struct mcts_node *n)
{
    return atomic_load_explicit(&n->expand, memory_order_acquire) == NODE_EXPANDED;
}

#endif
