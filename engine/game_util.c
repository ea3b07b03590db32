/* Generic helpers written only against the game interface. */
#include "game.h"
#include "rng.h"
#include "stop.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

int game_player_index(const struct game *g, const char *name)
{
    for (int p = 0; p < g->num_players; p++)
        for (int k = 0; k < GAME_MAX_NAMES && g->player_names[p][k]; k++)
            if (strcasecmp(g->player_names[p][k], name) == 0)
                return p;
    return -1;
}

const struct game_variant *game_variant_find(const struct game *g, const char *word)
{
    for (int i = 0; i < GAME_MAX_VARIANTS && g->variants[i].name; i++)
        if (strcasecmp(g->variants[i].name, word) == 0)
            return &g->variants[i];
    return NULL;
}

const char *game_player_name(const struct game *g, int player)
{
    if (player < 0 || player >= g->num_players)
        return "none";
    return g->player_names[player][0];
}

bool game_is_legal(const struct game *g, const void *st, move_t m)
{
    move_t moves[GAME_MAX_MOVES];
    int n = g->legal_moves(st, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return true;
    return false;
}

/* Plain recursive perft: a forced pass is a ply, a finished game is one
 * leaf at every depth beyond its end. The last ply is counted in bulk. */
static uint64_t perft_rec(const struct game *g, const unsigned char *st, int depth,
                          const volatile int *stop)
{
    if (depth == 0 || g->is_over(st))
        return 1;
    if (depth >= STOP_PERFT_DEPTH && stop_requested(stop))
        return 0;
    move_t moves[GAME_MAX_MOVES];
    int n = g->legal_moves(st, moves);
    if (depth == 1)
        return (uint64_t)n;
    unsigned char *child = malloc(g->state_size);
    if (!child)
        abort();
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        memcpy(child, st, g->state_size);
        g->play(child, moves[i]);
        total += perft_rec(g, child, depth - 1, stop);
    }
    free(child);
    return total;
}

uint64_t game_perft(const struct game *g, const void *st, int depth)
{
    uint64_t n = 0;
    game_perft_stop(g, st, depth, NULL, &n);
    return n;
}

int game_perft_stop(const struct game *g, const void *st, int depth,
                    const volatile int *stop, uint64_t *count)
{
    *count = 0;
    if (depth < 0)
        return 0;
    uint64_t n = g->perft ? g->perft(st, depth, stop) : perft_rec(g, st, depth, stop);
    /* A count cut short is partial whatever it says: the flag decides. */
    if (stop_requested(stop))
        return -1;
    *count = n;
    return 0;
}

void game_random_playout(const struct game *g, void *st, struct rng *r)
{
    if (g->random_playout) {
        g->random_playout(st, r);
        return;
    }
    move_t moves[GAME_MAX_MOVES];
    while (!g->is_over(st)) {
        int n = g->legal_moves(st, moves);
        if (n == 0)
            break;
        g->play(st, moves[rng_below(r, (uint32_t)n)]);
    }
}
