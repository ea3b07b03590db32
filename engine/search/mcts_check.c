/* Inspection of an MCTS tree for tests: visit counts along a path and a
 * full walk that checks the statistics and replays every move. */
#include "mcts_int.h"

#include <stdlib.h>
#include <string.h>

long mcts_visits_at(const struct mcts *m, const move_t *path, int n)
{
    if (!m->have_tree)
        return -1;
    const struct mcts_node *x = root_node(m);
    for (int d = 0; d < n; d++) {
        if (!node_expanded(x))
            return -1;
        const struct mcts_node *c = node_children(live_pool(m), x), *next = NULL;
        for (int i = 0; i < x->nchildren && !next; i++)
            if (c[i].move == path[d])
                next = &c[i];
        if (!next)
            return -1;
        x = next;
    }
    return node_visits(x);
}

static void check_node(const struct mcts *m, const struct mcts_node *n, const void *st,
                       struct mcts_check *out)
{
    const struct game *g = m->g;
    int64_t reward = atomic_load(&n->reward);
    int32_t visits = node_visits(n);
    out->nodes++;
    if (reward < 0 || (double)reward > (double)visits * MCTS_SCALE + visits ||
        (n->mover < 0 && reward != 0))
        out->bad_reward++;
    if (!node_expanded(n))
        return;
    out->expanded++;
    move_t *legal = malloc(sizeof(move_t) * GAME_MAX_MOVES);
    unsigned char *child = malloc(g->state_size);
    if (!legal || !child)
        abort();
    int nl = g->legal_moves(st, legal), to_move = g->to_move(st);
    if (nl != n->nchildren)
        out->illegal++;
    const struct mcts_node *c = node_children(live_pool(m), n);
    long sum = 0;
    for (int i = 0; i < n->nchildren; i++) {
        bool ok = false;
        for (int j = 0; j < nl && !ok; j++)
            ok = legal[j] == c[i].move;
        if (!ok) {
            out->illegal++;
            continue;
        }
        if (c[i].mover != to_move)
            out->bad_mover++;
        uint64_t amaf = atomic_load(&c[i].amaf);
        int64_t av = (int64_t)(amaf >> 32);
        int64_t ar = (int64_t)(uint32_t)amaf * (int64_t)(MCTS_SCALE / MCTS_AMAF_UNIT);
        if (av < 0 || av > visits || ar < 0 || (double)ar > (double)av * MCTS_SCALE + av)
            out->bad_amaf++;
        sum += node_visits(&c[i]);
        memcpy(child, st, g->state_size);
        g->play(child, c[i].move);
        check_node(m, &c[i], child, out);
    }
    long own = visits - sum;
    if (own < 0)
        out->bad_sum++;
    if (own > out->own_max)
        out->own_max = own;
    if (own < out->own_min)
        out->own_min = own;
    free(legal);
    free(child);
}

void mcts_check_tree(const struct mcts *m, struct mcts_check *out)
{
    memset(out, 0, sizeof *out);
    out->own_min = INT32_MAX;
    if (m->have_tree)
        check_node(m, root_node(m), m->root_state, out);
}
