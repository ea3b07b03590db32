/* The list of players and their default options. */
#include "player.h"

#include <string.h>
#include <strings.h>

extern const struct player_type random_player;
extern const struct player_type flat_mc_player;
extern const struct player_type alphabeta_player;
extern const struct player_type mcts_player;
extern const struct player_type uct_plain_player;
extern const struct player_type torushex_heuristic_player;
extern const struct player_type yonin_maxn_player;
extern const struct player_type yonin_paranoid_player;

const struct player_type *const player_registry[] = {
    &flat_mc_player,
    &random_player,
    &alphabeta_player,
    &mcts_player,
    &uct_plain_player,
    &torushex_heuristic_player,
    &yonin_maxn_player,
    &yonin_paranoid_player,
    NULL,
};

const struct player_type *player_find(const char *name)
{
    for (int i = 0; player_registry[i]; i++)
        if (strcasecmp(player_registry[i]->name, name) == 0)
            return player_registry[i];
    return NULL;
}

int player_level_exact_empties(int depth)
{
    if (depth <= 0)
        return -1;
    int e = 2 * depth < PLAYER_LEVEL_EXACT_CAP ? 2 * depth : PLAYER_LEVEL_EXACT_CAP;
    return e > depth ? e : depth;
}

void player_options_default(struct player_options *o)
{
    *o = (struct player_options){
        .time_per_move = 1.0,
        .playouts = 0,
        .threads = 0,
        .seed = 0x5eed,
        .verbose = 0,
        .hash_mb = 64,
        .depth = 0,
        .exact_empties = -1,
        .eval_file = NULL,
        .tree_mb = 512,
        .explore = 0,
        .contempt = -1,
    };
}

bool player_supports(const struct player_type *pt, const struct game *g)
{
    return !pt->supports || pt->supports(g);
}

/* Per game the player that measured strongest; games not listed use
 * flat-mc, which plays everything. */
static const struct {
    const char *game, *player;
} defaults[] = {
    {"Othello", "alphabeta"},
    {"Separo", "mcts"},
    {"TorusHex", "mcts"},
    {"Yonin", "mcts"}, /* measured against paranoid, maxn and flat-mc */
    {NULL, NULL},
};

const struct player_type *player_default(const struct game *g)
{
    for (int i = 0; defaults[i].game; i++)
        if (strcmp(defaults[i].game, g->name) == 0) {
            const struct player_type *pt = player_find(defaults[i].player);
            if (pt && player_supports(pt, g))
                return pt;
        }
    return player_find("flat-mc");
}
