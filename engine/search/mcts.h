/* Generic Monte-Carlo tree search over the game interface: UCT with
 * optional RAVE and priors from the game's hooks, n-player reward vectors,
 * an MCTS-Solver for decided positions, a shared tree searched by several
 * threads with virtual loss, a bounded node pool and tree reuse between
 * moves. The `mcts` player (mcts_player.c) is a thin wrapper. */
#ifndef QUARTET_MCTS_H
#define QUARTET_MCTS_H

#include "engine/game.h"
#include "engine/player.h"

#include <stdbool.h>
#include <stddef.h>

struct mcts;

/* Tunables; mcts_create fills them from the options and the game's hooks,
 * tests and tools may change them before a search. */
struct mcts_config {
    double explore;        /* UCT constant on [0,1] results */
    int expand_after;      /* a leaf is expanded once it has this many visits */
    bool rave;             /* AMAF/RAVE statistics (needs the game's hooks) */
    double rave_k;         /* beta = sqrt(k / (3 n + k)) */
    bool priors;           /* use the game's priors hook */
    bool early_stop;       /* stop when the best move cannot be overtaken */
    bool full_budget;      /* ...or only once the root is proven */
    double score_weight;   /* score margin's share of the reward (2 players) */
    double score_scale;    /* margin that counts as large (tanh scale) */
    double contempt;       /* a draw's cost to the searching side (2 players) */
};

/* What the last search did. */
struct mcts_stats {
    long playouts;         /* playouts of this search */
    double seconds;
    int threads;
    long reused_visits;    /* root visits kept from the previous tree */
    int reused_depth;      /* plies from the old root to the new; -1: fresh */
    unsigned long nodes;   /* nodes in use at the end */
    unsigned long capacity;/* nodes one pool can hold */
    bool pool_full;
    bool proven;           /* the root is a proven win or loss */
    double depth;          /* mean plies of a simulation inside the tree */
};

struct mcts *mcts_create(const struct game *g, const struct player_options *opt);
void mcts_destroy(struct mcts *m);
struct mcts_config *mcts_config(struct mcts *m);
/* Chooses a move in st (game not over), as player_type.genmove. */
move_t mcts_search(struct mcts *m, const void *st, const struct search_limits *lim);
const struct mcts_stats *mcts_last(const struct mcts *m);
/* Forgets the tree (the next search starts fresh). */
void mcts_clear(struct mcts *m);

/* Inspection, for tests: visits of the node reached from the current root
 * by the n moves of path (n = 0: the root); -1 when not in the tree. */
long mcts_visits_at(const struct mcts *m, const move_t *path, int n);
size_t mcts_node_bytes(void);

/* Walks the whole tree replaying moves from the root state. Meaningful
 * once no search runs. */
struct mcts_check {
    long nodes;            /* nodes walked */
    long expanded;
    long bad_sum;          /* visits < sum of the children's visits */
    long bad_reward;       /* reward outside [0, visits] */
    long illegal;          /* a child move that legal_moves does not list */
    long bad_mover;        /* a child's mover is not the player to move */
    long bad_amaf;         /* AMAF samples beyond the parent's visits, or
                            * AMAF reward outside [0, samples] */
    long own_max;          /* max over expanded nodes of visits - children's */
    long own_min;
};
void mcts_check_tree(const struct mcts *m, struct mcts_check *out);

#endif
