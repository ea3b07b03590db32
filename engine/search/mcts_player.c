/* The `mcts` player: the generic Monte-Carlo tree search (mcts.c) as a
 * player; the searcher and its tree live as long as the player, so the
 * tree is reused from one genmove (or analyze) to the next. */
#include "mcts.h"

static void *mcts_player_create(const struct game *g, const struct player_options *opt)
{
    return mcts_create(g, opt);
}

static void mcts_player_destroy(void *p) { mcts_destroy(p); }

static move_t mcts_player_genmove(void *p, const void *st, const struct search_limits *lim)
{
    return mcts_search(p, st, lim);
}

const struct player_type mcts_player = {
    .name = "mcts",
    .doc = "Monte-Carlo tree search: UCT with the game's playouts, priors and RAVE, "
           "a solver for decided positions, shared-tree threads, tree reuse",
    .create = mcts_player_create,
    .destroy = mcts_player_destroy,
    .genmove = mcts_player_genmove,
};
