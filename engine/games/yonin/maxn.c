/* The `maxn` player: Yonin max-n search (search_player.c drives it). */
#include "search_player.h"

static void *maxn_create(const struct game *g, const struct player_options *opt)
{
    return yn_player_create(g, opt, YN_KIND_MAXN);
}

const struct player_type yonin_maxn_player = {
    .name = "maxn",
    .doc = "Yonin: max-n search with shallow pruning, exact max-n endgame; "
           "team game: alpha-beta on the team score",
    .supports = yn_player_supports,
    .create = maxn_create,
    .destroy = yn_player_destroy,
    .genmove = yn_player_genmove,
};
