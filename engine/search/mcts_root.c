/* The MCTS root before, during and after a search: finding the new
 * position in the old tree (tree reuse), root tactics (wins in one, the
 * game's forced moves), progress reports and the final choice. */
#include "mcts_int.h"

#include "engine/clock.h"

#include <string.h>

#define REUSE_PLAYS_MAX 50000    /* bound on the lookup's work (~15 ms) */

struct lookup {
    const struct mcts *m;
    const void *target;
    uint64_t hash;
    int limit;                    /* plies below the old root */
    long plays;
    uint32_t found;
};

static bool same_state(const struct lookup *k, const void *st)
{
    const struct game *g = k->m->g;
    return g->hash(st) == k->hash && memcmp(st, k->target, g->state_size) == 0;
}

/* Depth-first below n (whose state is at scratch level d), to depth limit. */
static bool lookup_below(struct lookup *k, const struct mcts_node *n, int d)
{
    const struct mcts *m = k->m;
    const struct game *g = m->g;
    const struct mcts_pool *p = live_pool(m);
    if (d >= k->limit || !node_expanded(n))
        return false;
    unsigned char *here = m->scratch + (size_t)d * g->state_size, *next = here + g->state_size;
    const struct mcts_node *c = node_children(p, n);
    for (int i = 0; i < n->nchildren; i++) {
        if (node_visits(&c[i]) == 0)
            continue;            /* nothing to keep there */
        if (++k->plays > REUSE_PLAYS_MAX)
            return false;
        memcpy(next, here, g->state_size);
        g->play(next, c[i].move);
        if (d + 1 == k->limit && same_state(k, next)) {
            k->found = (uint32_t)(&c[i] - p->node);
            return true;
        }
        if (lookup_below(k, &c[i], d + 1))
            return true;
    }
    return false;
}

/* Finds st in the kept tree and makes it the root; the depth, or -1. */
static int reuse(struct mcts *m, const void *st)
{
    const struct game *g = m->g;
    struct lookup k = {.m = m, .target = st, .hash = g->hash(st), .found = MCTS_NONE};
    if (same_state(&k, m->root_state))
        return 0;
    /* Our move and one of every other seat, with forced passes between. */
    int max_depth = g->num_players + 2;
    if (max_depth > 7)
        max_depth = 7;
    for (k.limit = 1; k.limit <= max_depth; k.limit++) {
        memcpy(m->scratch, m->root_state, g->state_size);
        if (lookup_below(&k, root_node(m), 0))
            break;
        if (k.plays > REUSE_PLAYS_MAX)
            return -1;
    }
    if (k.found == MCTS_NONE)
        return -1;
    int spare = 1 - m->cur;
    pool_copy_subtree(&m->pool[spare], &m->pool[m->cur], k.found);
    m->cur = spare;
    memcpy(m->root_state, st, g->state_size);
    return k.limit;
}

static void fresh_root(struct mcts *m, const void *st)
{
    struct mcts_pool *p = live_pool(m);
    pool_reset(p);
    pool_alloc(p, 1);
    node_init(&p->node[0], MOVE_NONE, -1);
    memcpy(m->root_state, st, m->g->state_size);
}

/* Root moves that end the game at once get their winner: a win in one is
 * then always taken, and the solver starts from them. */
static void solve_children(struct mcts *m, const void *st)
{
    const struct game *g = m->g;
    struct mcts_node *root = root_node(m);
    struct mcts_node *c = node_children(live_pool(m), root);
    unsigned char *after = m->scratch;
    int to_move = g->to_move(st), lost = 0, open = 0, other = -1;
    for (int i = 0; i < root->nchildren; i++) {
        int w = atomic_load(&c[i].winner);
        if (w < 0 && !(atomic_load(&c[i].flags) & NODE_TERMINAL)) {
            memcpy(after, st, g->state_size);
            g->play(after, c[i].move);
            if (g->is_over(after)) {
                double res[GAME_MAX_PLAYERS] = {0};
                g->outcome(after, res);
                atomic_fetch_or(&c[i].flags, NODE_TERMINAL);
                for (int p = 0; p < g->num_players; p++)
                    if (res[p] >= 1.0)
                        atomic_store(&c[i].winner, (int8_t)(w = p));
            }
        }
        if (w == to_move) {
            /* Whatever the game's root tactics said. */
            atomic_fetch_and(&c[i].flags, (uint8_t)~NODE_PRUNED);
            atomic_store(&root->winner, (int8_t)to_move);
            return;
        }
        if (atomic_load(&c[i].flags) & NODE_PRUNED)
            continue;
        open++;
        if (w >= 0)
            lost++, other = w;
    }
    if (g->num_players == 2 && open > 0 && lost == open)
        atomic_store(&root->winner, (int8_t)other);
}

/* The game's root tactics: only its forced moves stay selectable. */
static void restrict_root(struct mcts *m, struct worker *w, const void *st)
{
    struct mcts_node *root = root_node(m);
    struct mcts_node *c = node_children(live_pool(m), root);
    for (int i = 0; i < root->nchildren; i++)
        atomic_fetch_and(&c[i].flags, (uint8_t)~NODE_PRUNED);
    const struct game_mcts *h = m->g->mcts;
    if (!h || !h->forced_moves)
        return;
    int k = h->forced_moves(st, w->moves);
    if (k <= 0 || k > GAME_MAX_MOVES)
        return;
    int kept = 0;
    for (int i = 0; i < root->nchildren; i++) {
        bool forced = false;
        for (int j = 0; j < k && !forced; j++)
            forced = w->moves[j] == c[i].move;
        kept += forced;
        if (!forced)
            atomic_fetch_or(&c[i].flags, NODE_PRUNED);
    }
    if (kept == 0)   /* the hook named no legal move: ignore it */
        for (int i = 0; i < root->nchildren; i++)
            atomic_fetch_and(&c[i].flags, (uint8_t)~NODE_PRUNED);
}

int root_prepare(struct mcts *m, struct worker *w, const void *st)
{
    int depth = m->have_tree ? reuse(m, st) : -1;
    if (depth < 0)
        fresh_root(m, st);
    m->have_tree = true;
    struct mcts_node *root = root_node(m);
    if (!node_expanded(root))
        mcts_expand(m, w, root, st);
    if (!node_expanded(root))
        return depth;
    /* A reused root may have been decided under other root restrictions. */
    atomic_store(&root->winner, -1);
    restrict_root(m, w, st);
    solve_children(m, st);
    return depth;
}

static int root_to_move(const struct mcts *m)
{
    return m->g->to_move(m->root_state);
}

bool root_proven(const struct mcts *m)
{
    return atomic_load(&root_node(m)->winner) >= 0;
}

bool root_won(const struct mcts *m)
{
    int w = atomic_load(&root_node(m)->winner);
    return w >= 0 && w == root_to_move(m);
}

/* Proven wins first, proven losses last, otherwise by visits. */
static double rank(const struct mcts_node *c, int to_move)
{
    int w = atomic_load(&c->winner);
    if (w == to_move)
        return 1e18;
    double v = node_visits(c) + node_mean(c) * 0.5;
    return w >= 0 ? v - 1e17 : v;
}

move_t root_choice(const struct mcts *m)
{
    const struct mcts_node *root = root_node(m);
    if (!node_expanded(root)) {
        move_t moves[GAME_MAX_MOVES];
        return m->g->legal_moves(m->root_state, moves) > 0 ? moves[0] : MOVE_PASS;
    }
    const struct mcts_node *c = node_children(live_pool(m), root);
    int to_move = root_to_move(m), best = -1;
    for (int i = 0; i < root->nchildren; i++) {
        if (atomic_load(&c[i].flags) & NODE_PRUNED)
            continue;
        if (best < 0 || rank(&c[i], to_move) > rank(&c[best], to_move))
            best = i;
    }
    return c[best < 0 ? 0 : best].move;
}

static const struct mcts_node *most_visited(const struct mcts *m, const struct mcts_node *n)
{
    if (!node_expanded(n))
        return NULL;
    const struct mcts_node *c = node_children(live_pool(m), n), *best = NULL;
    for (int i = 0; i < n->nchildren; i++)
        if (node_visits(&c[i]) > 0 && (!best || node_visits(&c[i]) > node_visits(best)))
            best = &c[i];
    return best;
}

static void fill_candidate(const struct mcts *m, struct search_candidate *sc,
                           const struct mcts_node *c, int to_move)
{
    memset(sc, 0, sizeof *sc);
    sc->move = c->move;
    sc->visits = node_visits(c);
    int w = atomic_load(&c->winner);
    sc->winrate = w == to_move ? 1.0 : w >= 0 && m->g->num_players == 2 ? 0.0 : node_mean(c);
    const struct mcts_node *first = node_children(live_pool(m), root_node(m));
    int64_t sims = m->root_vec ? atomic_load(&m->root_vec[c - first][GAME_MAX_PLAYERS]) : 0;
    if (sims > 0) {   /* every player's mean result through this move */
        sc->nvalues = m->g->num_players;
        for (int p = 0; p < sc->nvalues; p++)
            sc->values[p] = (double)atomic_load(&m->root_vec[c - first][p]) / MCTS_SCALE / (double)sims;
    }
    sc->pv[0] = c->move;
    sc->pv_len = 1;
    for (const struct mcts_node *n = most_visited(m, c); n && sc->pv_len < SEARCH_MAX_PV;
         n = most_visited(m, n))
        sc->pv[sc->pv_len++] = n->move;
}

void root_report(const struct mcts *m, const struct search *s)
{
    struct search_report r = {.nodes = node_visits(root_node(m)),
                              .elapsed = clock_now() - s->start};
    const struct mcts_node *root = root_node(m);
    if (node_expanded(root)) {
        const struct mcts_node *c = node_children(live_pool(m), root);
        const struct mcts_node *pick[SEARCH_MAX_CANDIDATES];
        int to_move = root_to_move(m);
        /* Repeated selection of the best remaining: at most 16 passes. */
        while (r.count < SEARCH_MAX_CANDIDATES) {
            const struct mcts_node *best = NULL;
            for (int i = 0; i < root->nchildren; i++) {
                const struct mcts_node *x = &c[i];
                bool taken = (atomic_load(&x->flags) & NODE_PRUNED) ||
                             (node_visits(x) == 0 && atomic_load(&x->winner) != to_move);
                for (int j = 0; j < r.count && !taken; j++)
                    taken = pick[j] == x;
                if (!taken && (!best || rank(x, to_move) > rank(best, to_move)))
                    best = x;
            }
            if (!best)
                break;
            pick[r.count] = best;
            fill_candidate(m, &r.cand[r.count++], best, to_move);
        }
    }
    s->lim->report(s->lim->report_ctx, &r);
}
