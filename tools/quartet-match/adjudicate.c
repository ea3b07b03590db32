/* Exact-solve and move-cap adjudication. */
#include "adjudicate.h"
#include "engine/player.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct game_command *solve_command(const struct game *g)
{
    for (const struct game_command *c = g->commands; c && c->name; c++)
        if (strcmp(c->name, "solve") == 0)
            return c;
    return NULL;
}

bool adjudicate_can_solve(const struct game *g)
{
    return g->num_players == 2 && solve_command(g) != NULL;
}

int adjudicate_empties(const struct game *g, const struct game_options *o, const void *st)
{
    int sc[GAME_MAX_PLAYERS] = {0}, discs = 0;
    g->score(st, sc);
    for (int p = 0; p < g->num_players; p++)
        discs += sc[p];
    return o->size * o->size - discs;
}

int adjudicate_solve(const struct game *g, const void *st, int threads, void *final, char *err,
                     size_t cap)
{
    const struct game_command *c = solve_command(g);
    if (!c) {
        snprintf(err, cap, "%s has no exact solver", g->name);
        return -1;
    }
    /* A small table: games in parallel each solve with their own. */
    struct player_options opt;
    player_options_default(&opt);
    opt.threads = threads > 0 ? threads : 1;
    opt.hash_mb = 32;
    char out[2048];
    /* No ctx: each adjudication solves with a table of its own. */
    if (c->run(st, 0, NULL, &opt, NULL, NULL, out, sizeof out) != 0) {
        snprintf(err, cap, "solve failed: %.200s", out);
        return -1;
    }
    /* "MOVE MARGIN PV...": the variation runs to the end of the game. */
    memcpy(final, st, g->state_size);
    char *save, *w = strtok_r(out, " ", &save);
    w = w ? strtok_r(NULL, " ", &save) : NULL;
    for (w = w ? strtok_r(NULL, " ", &save) : NULL; w && !g->is_over(final);
         w = strtok_r(NULL, " ", &save)) {
        move_t m;
        if (strcmp(w, "pass") == 0)
            m = MOVE_PASS;
        else if (g->parse_move(final, w, &m) != 0) {
            snprintf(err, cap, "solver variation does not parse at %s", w);
            return -1;
        }
        if (!game_is_legal(g, final, m)) {
            snprintf(err, cap, "solver variation illegal at %s", w);
            return -1;
        }
        g->play(final, m);
    }
    if (!g->is_over(final)) {
        snprintf(err, cap, "solver variation stops before the end");
        return -1;
    }
    return 0;
}

void adjudicate_cap_draw(const struct game *g, const void *st, struct game_record *rec)
{
    g->score(st, rec->scores);
    for (int s = 0; s < rec->nseats; s++) {
        rec->points[s] = 0.5;
        rec->rank[s] = 1;
    }
    snprintf(rec->result, sizeof rec->result, "0");
}
