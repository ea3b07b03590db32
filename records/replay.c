/* Replaying a record through the engine library: the game by name, its
 * size and variants, every move parsed and checked legal. */
#include "records/replay.h"

#include <stdio.h>

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int variant_flags(const struct game *g, const char *words, uint32_t *flags,
                         char *err, size_t cap)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", words);
    *flags = 0;
    for (char *save, *w = strtok_r(buf, " ,", &save); w; w = strtok_r(NULL, " ,", &save)) {
        int i = 0;
        while (i < GAME_MAX_VARIANTS && g->variants[i].name && strcasecmp(g->variants[i].name, w))
            i++;
        if (i == GAME_MAX_VARIANTS || !g->variants[i].name) {
            snprintf(err, cap, "unknown variant '%s' of %s", w, g->name);
            return -1;
        }
        *flags |= g->variants[i].flag;
    }
    return 0;
}

static int setup(const struct rec_game *r, struct replay *rp, struct game_options *o, char *err,
                 size_t cap)
{
    const struct game *g = game_find(r->game);
    if (!g) {
        snprintf(err, cap, "unknown game '%s'", r->game);
        return -1;
    }
    o->size = r->size ? r->size : g->default_size;
    if (o->size < g->min_size || o->size > g->max_size || !g->size_ok(o->size)) {
        snprintf(err, cap, "%s has no size %d", g->name, o->size);
        return -1;
    }
    if (variant_flags(g, r->variants, &o->flags, err, cap) != 0)
        return -1;
    rp->g = g;
    rp->moves = malloc(sizeof *rp->moves * (size_t)(r->nmoves + 1));
    rp->states = malloc(g->state_size * (size_t)(r->nmoves + 1));
    if (!rp->moves || !rp->states) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    return 0;
}

int replay_game(const struct rec_game *r, struct replay *rp, char *err, size_t cap)
{
    struct game_options o;
    *rp = (struct replay){0};
    if (setup(r, rp, &o, err, cap) != 0) {
        replay_free(rp);
        return -1;
    }
    const struct game *g = rp->g;
    g->init(rp->states, &o);
    if (r->setup[0]) {
        char side[2] = {r->setup_side, '\0'}, e[120] = "no set-up positions";
        if (!g->set_position || g->set_position(rp->states, r->setup, side, e, sizeof e) != 0) {
            snprintf(err, cap, "its set-up start is refused: %s", e);
            replay_free(rp);
            return -1;
        }
    }
    for (int i = 0; i < r->nmoves; i++) {
        unsigned char *st = rp->states + g->state_size * (size_t)i;
        char low[REC_MOVE_LEN];
        for (int k = 0; k < REC_MOVE_LEN; k++)
            low[k] = (char)tolower((unsigned char)r->moves[i][k]);
        move_t m = MOVE_PASS;
        bool parsed = strcmp(low, "pass") == 0 || g->parse_move(st, low, &m) == 0;
        if (!parsed || !game_is_legal(g, st, m)) {
            /* A pass refused while the game goes on: its side had a move
             * (GGF's colour moving twice comes here, as the other's pass).
             * Said for two seats, where the page's replay knows the side. */
            bool had_move = parsed && m == MOVE_PASS && g->num_players == 2 && g->to_move(st) >= 0;
            snprintf(err, cap, "move %d (%s) is %s%s%s", i + 1, r->moves[i],
                     !parsed ? "not a move of this game" : "illegal",
                     had_move ? ": " : "", had_move ? game_player_name(g, g->to_move(st)) : "");
            if (had_move)
                snprintf(err + strlen(err), cap - strlen(err), " had a legal move, so could not "
                         "pass%s%s%s%s", i + 1 < r->nmoves ? " before " : "",
                         i + 1 < r->nmoves ? game_player_name(g, 1 - g->to_move(st)) : "",
                         i + 1 < r->nmoves ? "'s " : "", i + 1 < r->nmoves ? r->moves[i + 1] : "");
            replay_free(rp);
            return -1;
        }
        memcpy(st + g->state_size, st, g->state_size);
        g->play(st + g->state_size, m);
        rp->moves[i] = m;
        rp->nplies = i + 1;
    }
    return 0;
}

void replay_free(struct replay *rp)
{
    free(rp->moves);
    free(rp->states);
    *rp = (struct replay){0};
}

const void *replay_state(const struct replay *rp, int ply)
{
    return rp->states + rp->g->state_size * (size_t)ply;
}
