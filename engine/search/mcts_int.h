/* Internals shared by the MCTS files: the searcher's state, one search's
 * budget, and the per-thread worker. */
#ifndef QUARTET_MCTS_INT_H
#define QUARTET_MCTS_INT_H

#include "mcts.h"
#include "mcts_tree.h"

#include "engine/rng.h"

#include <pthread.h>

#define MCTS_PATH_MAX 1024      /* deeper paths stop descending and play out */
#define MCTS_AMAF_SPAN 16384    /* AMAF covers move codes below this */
#define MCTS_MAX_THREADS 64
#define MCTS_TAB 4096           /* visit counts with tabulated 1/n, 1/sqrt n, beta */

struct mcts {
    const struct game *g;
    struct player_options opt;
    struct mcts_config cfg;
    struct mcts_pool pool[2];
    int cur;                    /* the live pool; the other is the spare */
    bool have_tree;
    int contempt_side;          /* whom the tree's draws were discounted for */
    unsigned char *root_state;  /* the position at pool[cur].node[0] */
    unsigned char *scratch;     /* for reuse lookups */
    uint64_t seeds;             /* advanced per search */
    int threads;
    bool policy_playout;        /* the game's own playout hook */
    /* Selection runs over every child at every level: tables instead of
     * divisions and square roots for small counts. */
    float inv[MCTS_TAB], inv_sqrt[MCTS_TAB], beta[MCTS_TAB];
    double beta_k;              /* the rave_k the beta table holds */
    struct mcts_stats last;
    /* Games of more than two players: per root child the sums of every
     * player's result over this search's simulations through it, then
     * their count (for analyze's per-player values); NULL otherwise. */
    _Atomic int64_t (*root_vec)[GAME_MAX_PLAYERS + 1];
};

/* One search's budget and shared flags. */
struct search {
    const struct search_limits *lim;
    double start, deadline;     /* clock_now() values; deadline 0: none */
    long quota;                 /* playouts; 0: none */
    int32_t start_visits;       /* root visits before the search */
    bool budgeted;              /* time or playouts: may stop early */
    atomic_int halt;
};

struct worker {
    struct mcts *m;
    struct search *s;
    int id;
    struct rng rng;
    unsigned char *st;
    int depth;
    struct mcts_node *path[MCTS_PATH_MAX];
    struct playout_trace trace;
    move_t moves[GAME_MAX_MOVES];
    float prior_value[GAME_MAX_MOVES], prior_weight[GAME_MAX_MOVES];
    /* AMAF: per move code its first place in this simulation's sequence
     * and its player, tagged with a 16-bit stamp: stamp << 16 | at << 2 |
     * player. */
    uint32_t stamp;
    uint32_t seen[MCTS_AMAF_SPAN];
    uint64_t hits[GAME_MAX_MOVES / 64];  /* children hit, one bit each */
    long sims, depth_sum;       /* for the mean in-tree depth */
    pthread_t thread;
};

static inline struct mcts_pool *live_pool(const struct mcts *m)
{
    return (struct mcts_pool *)&m->pool[m->cur];
}

static inline struct mcts_node *root_node(const struct mcts *m)
{
    return &live_pool(m)->node[0];
}

static inline double node_mean(const struct mcts_node *n)
{
    int32_t v = node_visits(n);
    return v > 0 ? (double)atomic_load_explicit(&n->reward, memory_order_relaxed) / MCTS_SCALE / v : 0.0;
}

/* mcts.c */
bool mcts_expand(struct mcts *m, struct worker *w, struct mcts_node *n, const void *st);

/* mcts_root.c: the root before, during and after a search. */
int root_prepare(struct mcts *m, struct worker *w, const void *st);
move_t root_choice(const struct mcts *m);
void root_report(const struct mcts *m, const struct search *s);
/* The root is won for the player to move there. */
bool root_won(const struct mcts *m);
bool root_proven(const struct mcts *m);

#endif
