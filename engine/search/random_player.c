/* The `random` player: a uniformly random legal move. */
#include "engine/player.h"
#include "engine/rng.h"

#include <stdlib.h>

struct random_player {
    const struct game *g;
    struct rng rng;
};

static void *random_create(const struct game *g, const struct player_options *o)
{
    struct random_player *p = malloc(sizeof *p);
    if (!p)
        return NULL;
    p->g = g;
    rng_seed(&p->rng, o->seed);
    return p;
}

static void random_destroy(void *p) { free(p); }

static move_t random_genmove(void *vp, const void *st, const struct search_limits *lim)
{
    (void)lim;
    struct random_player *p = vp;
    move_t moves[GAME_MAX_MOVES];
    int n = p->g->legal_moves(st, moves);
    if (n == 0)
        return MOVE_PASS;
    return moves[rng_below(&p->rng, (uint32_t)n)];
}

const struct player_type random_player = {
    .name = "random",
    .doc = "uniformly random legal move",
    .create = random_create,
    .destroy = random_destroy,
    .genmove = random_genmove,
};
