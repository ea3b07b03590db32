/* list_catalog: per game its sizes, variants, seats and players, so that a
 * client learns everything in one command. Every list comes from the same
 * registries and checks that boardsize, set_game and set_player use. */
#include "protocol/catalog.h"

bool catalog_size_ok(const struct game *g, long long n)
{
    return n >= g->min_size && n <= g->max_size && g->size_ok((int)n);
}

/* One line: the name, then key=value words, lists comma-separated. */
static void put_game(struct text *out, const struct game *g)
{
    text_printf(out, "%s sizes=", g->name);
    int k = 0;
    for (int n = g->min_size; n <= g->max_size; n++)
        if (catalog_size_ok(g, n))
            text_printf(out, "%s%d", k++ ? "," : "", n);
    text_printf(out, " default=%d variants=", g->default_size);
    for (int v = 0; v < GAME_MAX_VARIANTS && g->variants[v].name; v++)
        text_printf(out, "%s%s", v ? "," : "", g->variants[v].name);
    text_puts(out, " seats=");
    for (int p = 0; p < g->num_players; p++)
        text_printf(out, "%s%s", p ? "," : "", game_player_name(g, p));
    /* set_player finds a name in player_registry, then refuses it unless
     * player_supports says it plays the game. */
    text_puts(out, " players=");
    k = 0;
    for (int i = 0; player_registry[i]; i++)
        if (player_supports(player_registry[i], g))
            text_printf(out, "%s%s", k++ ? "," : "", player_registry[i]->name);
    /* What `set_player default` (a NULL choice) makes for this game. */
    const struct player_type *def = player_default(g);
    text_printf(out, " default_player=%s", def ? def->name : "");
}

bool catalog_list(struct session *s, int argc, char **argv, struct text *out)
{
    (void)s, (void)argc, (void)argv;
    for (int i = 0; game_registry[i]; i++) {
        if (i)
            text_puts(out, "\n");
        put_game(out, game_registry[i]);
    }
    return true;
}
