/* Finding, listing and running the games' extension commands. */
#include "protocol/game_commands.h"

#include <string.h>

static const struct game_command *in_game(const struct game *g, const char *name)
{
    for (const struct game_command *c = g->commands; c && c->name; c++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}

const struct game_command *game_command_find(const char *name)
{
    for (int i = 0; game_registry[i]; i++) {
        const struct game_command *c = in_game(game_registry[i], name);
        if (c)
            return c;
    }
    return NULL;
}

const struct game_command *game_command_at(int i)
{
    for (int g = 0; game_registry[g]; g++)
        for (const struct game_command *c = game_registry[g]->commands;
             c && c->name; c++)
            if (game_command_find(c->name) == c && i-- == 0)
                return c;
    return NULL;
}

bool game_command_run(struct session *s, const char *name, int argc,
                      char **argv, struct text *out)
{
    const struct game_command *c = in_game(s->game, name);
    if (!c) {
        text_printf(out, "%s is not available for %s", name, s->game->name);
        return false;
    }
    if (argc < c->min_args || argc > c->max_args) {
        text_printf(out, "syntax error: usage: %s%s%s", c->name,
                    c->usage[0] ? " " : "", c->usage);
        return false;
    }
    char buf[16384];
    buf[0] = '\0';
    int r = c->run(s->state, argc, argv, &s->popt, s->stop, &s->commands_ctx, buf, sizeof buf);
    buf[sizeof buf - 1] = '\0';
    text_puts(out, buf);
    return r == 0;
}
