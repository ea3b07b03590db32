/* The `paranoid` player: Yonin paranoid alpha-beta, the mover against the
 * other three (search_player.c drives it). */
#include "search_player.h"

static void *paranoid_create(const struct game *g, const struct player_options *opt)
{
    return yn_player_create(g, opt, YN_KIND_PARANOID);
}

const struct player_type yonin_paranoid_player = {
    .name = "paranoid",
    .doc = "Yonin: paranoid alpha-beta (the mover against the other three), "
           "exact max-n endgame; team game: alpha-beta on the team score",
    .supports = yn_player_supports,
    .create = paranoid_create,
    .destroy = yn_player_destroy,
    .genmove = yn_player_genmove,
};
