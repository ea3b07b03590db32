/* The list of players and their default options. */
#include "player.h"

#include <strings.h>

extern const struct player_type random_player;
extern const struct player_type flat_mc_player;

const struct player_type *const player_registry[] = {
    &flat_mc_player,
    &random_player,
    NULL,
};

const struct player_type *player_find(const char *name)
{
    for (int i = 0; player_registry[i]; i++)
        if (strcasecmp(player_registry[i]->name, name) == 0)
            return player_registry[i];
    return NULL;
}

void player_options_default(struct player_options *o)
{
    *o = (struct player_options){
        .time_per_move = 1.0,
        .playouts = 0,
        .threads = 0,
        .seed = 0x5eed,
        .verbose = 0,
    };
}
