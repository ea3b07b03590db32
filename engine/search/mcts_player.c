/* Placeholder for the mcts player while it is being written (issue work in
 * progress): plays the first legal move. */
#include "engine/player.h"

#include <stdlib.h>
#include <string.h>

struct ph { const struct game *g; };

static void *ph_create(const struct game *g, const struct player_options *o)
{
    (void)o;
    struct ph *p = malloc(sizeof *p);
    if (p)
        p->g = g;
    return p;
}

static void ph_destroy(void *p) { free(p); }

static move_t ph_genmove(void *vp, const void *st, const struct search_limits *lim)
{
    (void)lim;
    struct ph *p = vp;
    move_t m[GAME_MAX_MOVES];
    return p->g->legal_moves(st, m) > 0 ? m[0] : MOVE_PASS;
}

const struct player_type mcts_player = {
    .name = "mcts",
    .doc = "Monte-Carlo tree search (in progress)",
    
    .create = ph_create,
    .destroy = ph_destroy,
    .genmove = ph_genmove,
};
