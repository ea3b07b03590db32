/* The list of games: adding a game is one line here plus its own file. */
#include "game.h"

#include <strings.h>

extern const struct game othello_game;
extern const struct game yonin_game;
extern const struct game separo_game;
extern const struct game torushex_game;

const struct game *const game_registry[] = {
    &othello_game,
    &yonin_game,
    &separo_game,
    &torushex_game,
    NULL,
};

const struct game *game_find(const char *name)
{
    for (int i = 0; game_registry[i]; i++) {
        const struct game *g = game_registry[i];
        if (strcasecmp(g->name, name) == 0)
            return g;
        for (int a = 0; g->aliases[a]; a++)
            if (strcasecmp(g->aliases[a], name) == 0)
                return g;
    }
    return NULL;
}
