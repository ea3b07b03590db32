/* Players and time control: known budgets from the clock, the whole-game
 * clock a planning player gets, random and
 * flat-mc return legal moves, flat-mc finds the best move where every
 * continuation's result is fixed (checked by exhaustive search here), and
 * it respects a playout budget. */
#include "check.h"
#include "engine/game.h"
#include "engine/player.h"
#include "engine/rng.h"
#include "engine/timectl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool near(double a, double b) { return fabs(a - b) < 1e-9; }

static void test_timectl(void)
{
    struct time_control tc;
    timectl_init(&tc);
    CHECK(near(timectl_budget(&tc, 0, 1.5, 20), 1.5), "no limits: default budget");
    CHECK(timectl_settings(&tc, 10, 5, 0) == 0 && !tc.limited,
          "byo-yomi time with zero stones means no limits (GTP 2)");
    CHECK(timectl_settings(&tc, -1, 0, 0) == -1, "negative main time refused");
    CHECK(timectl_settings(&tc, 60, 0, 0) == 0 && tc.limited, "absolute time");
    double b = timectl_budget(&tc, 0, 1.0, 30);
    CHECK(b > 0.5 && b < 60.0 / 30, "absolute 60 s over 30 moves: %g", b);
    CHECK(timectl_left(&tc, 1, 0.2, 0) == 0, "time_left");
    b = timectl_budget(&tc, 1, 1.0, 30);
    CHECK(b >= 0.01 && b < 0.2 / 30 + 0.01, "almost no time left: %g", b);
    CHECK(timectl_left(&tc, 1, -3, 0) == -1 && timectl_left(&tc, 7, 1, 0) == -1,
          "bad time_left refused");
    /* Canadian byo-yomi: 10 s for 5 stones, in byo-yomi */
    timectl_settings(&tc, 0, 10, 5);
    CHECK(tc.stones[0] == 5 && near(tc.left[0], 10), "no main time starts in byo-yomi");
    b = timectl_budget(&tc, 0, 1.0, 30);
    CHECK(b > 1.0 && b < 2.0, "byo-yomi 10 s / 5 stones: %g", b);
    for (int i = 0; i < 5; i++)
        timectl_spent(&tc, 0, 1.0);
    CHECK(tc.stones[0] == 5 && near(tc.left[0], 10), "period renews after 5 stones");
    timectl_settings(&tc, 3, 10, 5);
    timectl_spent(&tc, 0, 4.0);
    CHECK(tc.stones[0] == 4 && near(tc.left[0], 9), "main time overrun goes into byo-yomi");
    /* A budget must never exceed what is left. */
    int bad = 0;
    for (double left = 0.01; left < 1000; left *= 1.7)
        for (int moves = 0; moves < 60; moves += 7) {
            timectl_settings(&tc, 100, 0, 0);
            timectl_left(&tc, 0, left, 0);
            if (timectl_budget(&tc, 0, 1, moves) > left && left > 0.02)
                bad++;
            timectl_left(&tc, 0, left, 3);
            if (timectl_budget(&tc, 0, 1, moves) > left / 3 && left > 0.06)
                bad++;
        }
    CHECK(bad == 0, "%d budgets over the time left", bad);
    /* The whole-game clock a planning player gets: sudden death only,
     * the latency reserve (5% + 50 ms, at most 2 s) already out. */
    timectl_init(&tc);
    CHECK(timectl_clock(&tc, 0) == 0, "no limits: no clock");
    timectl_settings(&tc, 60, 0, 0);
    CHECK(near(timectl_clock(&tc, 0), 58), "60 s: %g", timectl_clock(&tc, 0));
    timectl_left(&tc, 1, 10, 0);
    CHECK(near(timectl_clock(&tc, 1), 10 - 0.55), "10 s left: %g", timectl_clock(&tc, 1));
    CHECK(timectl_clock(&tc, 5) == 0 && timectl_clock(&tc, -1) == 0, "no such player");
    timectl_settings(&tc, 60, 10, 5);
    CHECK(timectl_clock(&tc, 0) == 0, "byo-yomi to come: no whole-game clock");
    timectl_settings(&tc, 0, 10, 5);
    CHECK(timectl_clock(&tc, 0) == 0, "in byo-yomi: no whole-game clock");
    bad = 0;
    for (double left = 0; left < 1000; left = left * 1.7 + 0.003) {
        timectl_settings(&tc, 100, 0, 0);
        timectl_left(&tc, 0, left, 0);
        double c = timectl_clock(&tc, 0);
        if (c <= 0 || (c > left - 0.05 && left > 0.1))
            bad++;
    }
    CHECK(bad == 0, "%d clocks not inside the time left less the reserve", bad);
}

/* Result of every continuation from st for `player`: returns it when all
 * continuations agree, -1 when they differ. */
static double fixed_result(const struct game *g, const unsigned char *st, int player)
{
    if (g->is_over(st)) {
        double out[GAME_MAX_PLAYERS];
        g->outcome(st, out);
        return out[player];
    }
    move_t moves[GAME_MAX_MOVES];
    int n = g->legal_moves(st, moves);
    unsigned char *child = malloc(g->state_size);
    double first = -2;
    for (int i = 0; i < n && first != -1; i++) {
        memcpy(child, st, g->state_size);
        g->play(child, moves[i]);
        double v = fixed_result(g, child, player);
        if (v < 0 || (first > -2 && v != first))
            first = -1;
        else
            first = v;
    }
    free(child);
    return first;
}

static void test_flat_mc_finds_fixed_best(const char *name, int empties_goal)
{
    const struct game *g = game_find(name);
    const struct player_type *pt = player_find("flat-mc");
    struct player_options o;
    player_options_default(&o);
    o.threads = 1;
    void *pl = pt->create(g, &o);
    unsigned char *st = malloc(g->state_size), *child = malloc(g->state_size);
    struct rng r;
    rng_seed(&r, 11);
    int tested = 0, wrong = 0;
    for (int game = 0; game < 3000 && tested < 40; game++) {
        struct game_options go = {.size = g->default_size};
        g->init(st, &go);
        move_t moves[GAME_MAX_MOVES];
        int plies = 0;
        while (!g->is_over(st) && plies < 200) {
            int n = g->legal_moves(st, moves);
            if (n >= 2 && g->moves_left && g->moves_left(st) <= empties_goal) {
                int mover = g->to_move(st);
                double val[GAME_MAX_MOVES], best = -1;
                bool fixed = true;
                for (int i = 0; i < n && fixed; i++) {
                    memcpy(child, st, g->state_size);
                    g->play(child, moves[i]);
                    val[i] = fixed_result(g, child, mover);
                    fixed = val[i] >= 0;
                    if (val[i] > best)
                        best = val[i];
                }
                bool differ = false;
                for (int i = 0; fixed && i < n; i++)
                    differ |= val[i] != best;
                if (fixed && differ) {
                    struct search_limits lim = {.playouts = 64 * n};
                    move_t m = pt->genmove(pl, st, &lim);
                    int k = -1;
                    for (int i = 0; i < n; i++)
                        if (moves[i] == m)
                            k = i;
                    tested++;
                    if (k < 0 || val[k] != best)
                        wrong++;
                    break;
                }
            }
            g->play(st, moves[rng_below(&r, (uint32_t)n)]);
            plies++;
        }
    }
    CHECK(tested >= 10, "%s: found %d positions with fixed results", name, tested);
    CHECK(wrong == 0, "%s: flat-mc missed the best move %d times of %d", name, wrong, tested);
    pt->destroy(pl);
    free(st), free(child);
}

struct count_ctx { long nodes; int reports; };
static void on_report(void *ctx, const struct search_report *rep)
{
    struct count_ctx *c = ctx;
    c->nodes = rep->nodes;
    c->reports++;
}

/* Every player on every game it plays: legal moves only. A playout budget
 * (lim.playouts) is exact for the Monte-Carlo players; the others get a
 * short time budget instead. A player that does not play a game is refused
 * by its supports(). */
static void test_legal_and_budget(void)
{
    for (int gi = 0; game_registry[gi]; gi++) {
        const struct game *g = game_registry[gi];
        for (int pi = 0; player_registry[pi]; pi++) {
            const struct player_type *pt = player_registry[pi];
            if (!player_supports(pt, g))
                continue;
            bool by_playouts = strcmp(pt->name, "flat-mc") == 0 ||
                               strcmp(pt->name, "random") == 0;
            struct player_options o;
            player_options_default(&o);
            o.threads = 2;
            o.hash_mb = 4;
            void *pl = pt->create(g, &o);
            CHECK(pl != NULL, "%s/%s: create failed", g->name, pt->name);
            if (!pl)
                continue;
            unsigned char *st = malloc(g->state_size);
            struct game_options go = {.size = g->default_size};
            g->init(st, &go);
            int bad = 0, plies = 0;
            while (!g->is_over(st) && plies < 12) {
                struct count_ctx c = {0};
                struct search_limits lim = {.report = on_report, .report_ctx = &c};
                if (by_playouts)
                    lim.playouts = 200;
                else
                    lim.seconds = 0.02;
                move_t m = pt->genmove(pl, st, &lim);
                if (!game_is_legal(g, st, m))
                    bad++;
                if (by_playouts && c.reports && c.nodes != 200)
                    bad++;
                g->play(st, m);
                plies++;
            }
            CHECK(bad == 0 && plies > 0, "%s/%s: %d illegal moves or budget misses",
                  g->name, pt->name, bad);
            pt->destroy(pl);
            free(st);
        }
    }
}

static void test_random_reproducible(void)
{
    const struct game *g = game_find("othello");
    const struct player_type *pt = player_find("random");
    struct player_options o;
    player_options_default(&o);
    move_t seq[2][40];
    for (int run = 0; run < 2; run++) {
        void *pl = pt->create(g, &o);
        unsigned char *st = malloc(g->state_size);
        struct game_options go = {.size = 8};
        g->init(st, &go);
        struct search_limits lim = {0};
        for (int i = 0; i < 40; i++) {
            seq[run][i] = g->is_over(st) ? MOVE_NONE : pt->genmove(pl, st, &lim);
            if (seq[run][i] != MOVE_NONE)
                g->play(st, seq[run][i]);
        }
        pt->destroy(pl);
        free(st);
    }
    CHECK(memcmp(seq[0], seq[1], sizeof seq[0]) == 0, "same seed, same random game");
    CHECK(player_find("FLAT-MC") != NULL && player_find("nobody") == NULL, "player_find");
}

int main(void)
{
    test_timectl();
    test_random_reproducible();
    test_legal_and_budget();
    test_flat_mc_finds_fixed_best("othello", 2);
    test_flat_mc_finds_fixed_best("yonin", 1);
    return check_report();
}
