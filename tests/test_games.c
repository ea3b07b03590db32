/* Interface invariants for every registered game, over thousands of random
 * games: move lists agree with parse/format and with game over, undo by copy
 * restores the exact state and hash, fast paths agree with the generic
 * versions, outcomes and scores stay consistent. */
#include "check.h"
#include "engine/game.h"
#include "engine/rng.h"

#include <stdlib.h>
#include <string.h>

static unsigned char *alloc_state(const struct game *g)
{
    unsigned char *st = calloc(1, g->state_size);
    if (!st)
        abort();
    return st;
}

static void start(const struct game *g, void *st, int size, uint32_t flags)
{
    struct game_options o = {.size = size, .flags = flags};
    memset(st, 0, g->state_size);
    g->init(st, &o);
}

/* Plain perft over the interface only, to check a game's perft hook. */
static uint64_t plain_perft(const struct game *g, const unsigned char *st, int depth)
{
    if (depth == 0 || g->is_over(st))
        return 1;
    move_t moves[GAME_MAX_MOVES];
    int n = g->legal_moves(st, moves);
    unsigned char *child = alloc_state(g);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        memcpy(child, st, g->state_size);
        g->play(child, moves[i]);
        total += plain_perft(g, child, depth - 1);
    }
    free(child);
    return total;
}

static bool outcome_ok(const struct game *g, const void *st)
{
    double out[GAME_MAX_PLAYERS], sum = 0;
    g->outcome(st, out);
    for (int p = 0; p < g->num_players; p++) {
        if (out[p] < 0 || out[p] > 1)
            return false;
        sum += out[p];
    }
    /* Two-player games are zero-sum; n-player rank scores and team
     * results sum to n/2. */
    if (sum < g->num_players / 2.0 - 1e-9 || sum > g->num_players / 2.0 + 1e-9)
        return false;
    /* A game that blends the score into MCTS rewards is won on score:
     * the search reads its results from `score` (game.h). */
    if (g->mcts && g->mcts->score_weight > 0) {
        int sc[GAME_MAX_PLAYERS] = {0};
        g->score(st, sc);
        if (out[0] != (sc[0] > sc[1] ? 1.0 : sc[0] < sc[1] ? 0.0 : 0.5))
            return false;
    }
    return true;
}

/* One random game with every invariant checked at every ply; returns plies. */
static int checked_game(const struct game *g, int size, uint32_t flags, struct rng *r,
                        int *bad)
{
    unsigned char *st = alloc_state(g), *copy = alloc_state(g), *probe = alloc_state(g);
    start(g, st, size, flags);
    move_t moves[GAME_MAX_MOVES];
    int plies = 0;
    for (;;) {
        int n = g->legal_moves(st, moves);
        bool over = g->is_over(st);
        if (over != (n == 0) || over != (g->to_move(st) < 0)) {
            (*bad)++;
            break;
        }
        if (over)
            break;
        for (int i = 0; i < n; i++) {
            char text[64];
            move_t back = MOVE_NONE;
            g->format_move(st, moves[i], text, sizeof text);
            if (g->parse_move(st, text, &back) != 0 || back != moves[i])
                (*bad)++;
            for (int j = 0; j < i; j++)
                if (moves[j] == moves[i])
                    (*bad)++;
            if (moves[i] == MOVE_PASS && n != 1)
                (*bad)++;
        }
        move_t m = moves[rng_below(r, (uint32_t)n)];
        uint64_t h = g->hash(st);
        memcpy(copy, st, g->state_size);
        g->play(st, m);
        plies++;
        /* Undo is a copy: the copy must be the whole truth of the state. */
        memcpy(probe, copy, g->state_size);
        if (g->hash(probe) != h || memcmp(probe, copy, g->state_size) != 0)
            (*bad)++;
        if (g->hash(st) == h && m != MOVE_PASS)
            (*bad)++;
    }
    if (!outcome_ok(g, st))
        (*bad)++;
    free(st), free(copy), free(probe);
    return plies;
}

static void check_game(const struct game *g, int games)
{
    struct rng r;
    rng_seed(&r, 42);
    int sizes[3] = {g->default_size, g->min_size, g->max_size};
    for (int s = 0; s < 3; s++) {
        int size = sizes[s];
        while (!g->size_ok(size))
            size++;
        /* v = -1 is the plain game, then each variant on its own. */
        for (int v = -1; v < GAME_MAX_VARIANTS && (v < 0 || g->variants[v].name); v++) {
            uint32_t flags = v < 0 ? 0 : g->variants[v].flag;
            int bad = 0, count = size > 11 ? games / 10 : games;
            long plies = 0;
            for (int i = 0; i < count; i++)
                plies += checked_game(g, size, flags, &r, &bad);
            CHECK(bad == 0, "%s size %d flags %u: %d invariant violations in %d games",
                  g->name, size, flags, bad, count);
            CHECK(plies > count, "%s size %d: games have moves", g->name, size);
        }
    }
}

/* Fast playouts end the game, are reproducible, and agree in
 * distribution of who wins with the generic loop (loosely). */
static void check_playouts(const struct game *g)
{
    unsigned char *root = alloc_state(g), *a = alloc_state(g), *b = alloc_state(g);
    start(g, root, g->default_size, 0);
    struct rng r1, r2;
    rng_seed(&r1, 7);
    rng_seed(&r2, 7);
    int bad = 0;
    for (int i = 0; i < 500; i++) {
        memcpy(a, root, g->state_size);
        memcpy(b, root, g->state_size);
        game_random_playout(g, a, &r1);
        game_random_playout(g, b, &r2);
        if (!g->is_over(a) || !outcome_ok(g, a) || memcmp(a, b, g->state_size) != 0)
            bad++;
    }
    CHECK(bad == 0, "%s: %d bad playouts", g->name, bad);
    free(root), free(a), free(b);
}

static void check_perft_hook(const struct game *g)
{
    if (!g->perft)
        return;
    unsigned char *st = alloc_state(g);
    struct rng r;
    rng_seed(&r, 3);
    move_t moves[GAME_MAX_MOVES];
    int bad = 0;
    for (int pos = 0; pos < 20; pos++) {
        start(g, st, g->default_size, 0);
        int walk = (int)rng_below(&r, 30);
        for (int i = 0; i < walk && !g->is_over(st); i++) {
            int n = g->legal_moves(st, moves);
            g->play(st, moves[rng_below(&r, (uint32_t)n)]);
        }
        for (int d = 0; d <= 3; d++)
            if (g->perft(st, d, NULL) != plain_perft(g, st, d))
                bad++;
    }
    CHECK(bad == 0, "%s: perft hook disagrees with plain perft %d times", g->name, bad);
    free(st);
}

static void check_registry(void)
{
    for (int i = 0; game_registry[i]; i++) {
        const struct game *g = game_registry[i];
        CHECK(game_find(g->name) == g, "find %s", g->name);
        for (int a = 0; g->aliases[a]; a++)
            CHECK(game_find(g->aliases[a]) == g, "alias %s", g->aliases[a]);
        CHECK(g->size_ok(g->default_size), "%s default size", g->name);
        CHECK(!g->size_ok(g->min_size - 1) && !g->size_ok(g->max_size + 1),
              "%s size limits", g->name);
        for (int p = 0; p < g->num_players; p++)
            CHECK(game_player_index(g, game_player_name(g, p)) == p, "%s player %d", g->name, p);
    }
    CHECK(game_find("othello") && game_find("REVERSI") == game_find("Othello"), "aliases");
    CHECK(game_find("chess") == NULL, "unknown game");
    CHECK(game_player_index(game_find("yonin"), "b") == 1, "yonin b is seat B");
    CHECK(game_player_index(game_find("separo"), "b") == 0, "separo b is red");
}

int main(void)
{
    check_registry();
    for (int i = 0; game_registry[i]; i++) {
        const struct game *g = game_registry[i];
        check_game(g, 1000);
        check_playouts(g);
        check_perft_hook(g);
    }
    return check_report();
}
