/* Othello's use of a sudden-death clock (engine/games/othello/timeplan.c):
 * known budgets and solve decisions, a whole game played on the plan with
 * every move taking its full budget (where the solve starts, the clock
 * never spent), and the player in a decided endgame: with 60 s on the
 * clock it solves at once and, the endgame solved, answers the next move
 * from the table with no midgame search (counted in reports and nodes,
 * not in seconds). */
#include "engine/game.h"
#include "engine/games/othello/othello.h"
#include "engine/games/othello/timeplan.h"
#include "engine/player.h"
#include "tests/check.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static bool near(double a, double b) { return fabs(a - b) < 1e-6 * (1 + fabs(b)); }

static void test_estimate(void)
{
    CHECK(near(oth_solve_estimate(20, 1), 0.12), "20 empties: %g", oth_solve_estimate(20, 1));
    CHECK(near(oth_solve_estimate(22, 1), 0.12 * 2.1 * 2.1), "22 empties: %g",
          oth_solve_estimate(22, 1));
    CHECK(near(oth_solve_estimate(20, 2), 0.12 / 1.4), "two threads: %g",
          oth_solve_estimate(20, 2));
    CHECK(near(oth_solve_estimate(20, 8), oth_solve_estimate(20, 2)), "more threads: as two");
}

static double est(int empties) { return 0.12 * pow(2.1, empties - 20); }

static void test_known_plans(void)
{
    struct oth_time_plan p;
    /* 60 s game (57 s usable) at 40 empties: the solve fits at 26
     * empties with 2 x 10.29 s kept for it (at most three moves' shares,
     * 3/8 of the clock), and 7 moves of this side come before it:
     * (57 - 20.58) / 8. */
    oth_time_plan(57, 40, 1, false, &p);
    CHECK(p.kind == OTH_PLAN_MID && p.solve_at == 26, "40 empties: mid, solve at %d", p.solve_at);
    CHECK(near(p.reserve, 2 * est(26)), "kept for the solve: %g", p.reserve);
    CHECK(near(p.budget, (57 - 2 * est(26)) / 8), "40 empties: %g s", p.budget);
    /* Two threads: the same point, 1.4 times less kept. */
    oth_time_plan(57, 40, 2, false, &p);
    CHECK(p.kind == OTH_PLAN_MID && p.solve_at == 26, "two threads: solve at %d", p.solve_at);
    CHECK(near(p.budget, (57 - 2 * est(26) / 1.4) / 8), "two threads: %g s", p.budget);
    /* The solve once it fits half the clock: 22 empties, 10 s. Its
     * deadline is 8 x the estimate, at most 75% of the clock; the quick
     * midgame answer half the estimate, at most 10% of the clock. */
    oth_time_plan(10, 22, 1, false, &p);
    CHECK(p.kind == OTH_PLAN_EXACT && near(p.budget, 8 * est(22)) && near(p.quick, 0.5 * est(22)),
          "22 empties, 10 s: exact, budget %g quick %g", p.budget, p.quick);
    /* Only a win/draw/loss solve fits: 22 empties, 0.8 s. */
    oth_time_plan(0.8, 22, 1, false, &p);
    CHECK(p.kind == OTH_PLAN_WLD && near(p.budget, 0.6) && near(p.quick, 0.08),
          "22 empties, 0.8 s: WLD, budget %g quick %g", p.budget, p.quick);
    /* After the solve point the budget is the small one: 10% of the clock,
     * and no midgame search first when the solve is trivial... */
    oth_time_plan(5, 12, 1, false, &p);
    CHECK(p.kind == OTH_PLAN_EXACT && near(p.budget, 0.5) && p.quick == 0,
          "12 empties, 5 s: budget %g quick %g", p.budget, p.quick);
    /* ...or when an earlier solve of this game holds the endgame. */
    oth_time_plan(1, 18, 1, false, &p);
    CHECK(p.kind == OTH_PLAN_EXACT && near(p.quick, 0.5 * est(18)), "18 empties, 1 s: quick %g",
          p.quick);
    oth_time_plan(1, 18, 1, true, &p);
    CHECK(p.kind == OTH_PLAN_EXACT && p.quick == 0, "18 empties, solved before: quick %g", p.quick);
}

/* Never more than the clock, never nothing. */
static void test_bounds(void)
{
    int bad = 0;
    for (double clock = 0.01; clock < 5000; clock *= 1.3)
        for (int e = 1; e <= 60; e++)
            for (int t = 1; t <= 2; t++)
                for (int known = 0; known < 2; known++) {
                    struct oth_time_plan p;
                    oth_time_plan(clock, e, t, known, &p);
                    if (!(p.budget > 0 && p.budget <= clock && p.quick >= 0
                          && p.quick < p.budget && p.solve_at <= e)) {
                        if (bad++ < 5)
                            fprintf(stderr, "clock %g, %d empties: budget %g quick %g\n", clock,
                                    e, p.budget, p.quick);
                    }
                }
    CHECK(bad == 0, "%d plans over the clock or empty", bad);
}

/* A game on the plan where every midgame move takes its whole budget and
 * every solve its quick search and its estimate: where the first solve
 * comes (win/draw/loss or exact), the share of the clock spent before it,
 * and the least left at any time. */
static void simulate(double clock, int *first_solve, double *share_before, double *least)
{
    double start = clock;
    bool solved = false;
    *first_solve = -1;
    *least = clock;
    for (int e = 52; e >= 1; e -= 2) {
        struct oth_time_plan p;
        oth_time_plan(clock, e, 1, solved, &p);
        double took = p.budget;
        if (p.kind != OTH_PLAN_MID) {
            double est = oth_solve_estimate(e, 1) / (p.kind == OTH_PLAN_WLD ? 3 : 1);
            took = p.quick + est < p.budget ? p.quick + est : p.budget;
            if (*first_solve < 0) {
                *first_solve = e;
                *share_before = 1 - clock / start;
            }
        }
        solved = solved || p.kind == OTH_PLAN_EXACT;
        clock -= took;
        if (clock < *least)
            *least = clock;
    }
}

static void test_whole_game(void)
{
    int at;
    double before, least;
    simulate(57, &at, &before, &least);
    CHECK(at == 26 && before > 0.65 && least > 0.05 * 57,
          "60 s: first solve at %d empties, %.1f%% of the clock before it, least left %.3f s", at,
          100 * before, least);
    simulate(9.45, &at, &before, &least);
    CHECK(at == 24 && before > 0.65 && least > 0.05 * 9.45,
          "10 s: first solve at %d empties, %.1f%% of the clock before it, least left %.3f s", at,
          100 * before, least);
}

/* ---- the player in a decided endgame ---- */

struct seen {
    int reports, midgame; /* reports, and those of a search short of the end */
    long nodes;           /* the last report's */
    move_t pv1;           /* the reply the last report expects */
};

static void on_report(void *ctx, const struct search_report *r)
{
    struct seen *s = ctx;
    s->reports++;
    s->midgame += !r->exact;
    s->nodes = r->nodes;
    s->pv1 = r->count > 0 && r->cand[0].pv_len > 1 ? r->cand[0].pv[1] : MOVE_NONE;
}

/* A self-play game (60 s each) to 18 empties, White to move and lost. */
static const char *GAME =
    "d3 e3 f2 c2 f4 g3 f5 f3 d2 e1 g5 e2 f1 g1 b1 c3 d1 c4 g4 c5 h4 d6 b3 b4 b2 g2 "
    "a5 f6 e6 b5 g6 h3 h1 h2 c1 e7 e8 c6 a6 f8 g8 a4";

static void test_decided(void)
{
    const struct game *g = &othello_game;
    const struct player_type *pt = player_find("alphabeta");
    struct player_options o;
    player_options_default(&o);
    o.threads = 1;
    o.hash_mb = 16;
    o.no_book = true;
    void *pl = pt->create(g, &o);
    struct othello st;
    struct game_options go = {.size = 8};
    g->init(&st, &go);
    char buf[512];
    snprintf(buf, sizeof buf, "%s", GAME);
    for (char *save = NULL, *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        move_t m;
        if (g->parse_move(&st, w, &m) == 0 && game_is_legal(g, &st, m))
            g->play(&st, m);
    }
    CHECK(64 - __builtin_popcountll(st.disc[0] | st.disc[1]) == 18, "18 empties");
    /* 60 s on the clock: the GTP budget of a plain share would be ~6 s,
     * and the old player spent 15% of it in a midgame search first. */
    struct seen a = {0};
    struct search_limits lim = {.seconds = 6, .clock = 60, .report = on_report,
                                .report_ctx = &a, .report_interval = 1e9};
    move_t m = pt->genmove(pl, &st, &lim);
    CHECK(game_is_legal(g, &st, m) && a.reports > 0 && a.midgame == 0,
          "18 empties, 60 s: solved at once (%d reports, %d of a midgame search)", a.reports,
          a.midgame);
    g->play(&st, m);
    move_t reply = a.pv1;
    if (reply == MOVE_NONE || !game_is_legal(g, &st, reply)) {
        move_t ms[GAME_MAX_MOVES];
        g->legal_moves(&st, ms);
        reply = ms[0];
    }
    g->play(&st, reply);
    struct seen b = {0};
    lim.report_ctx = &b;
    m = pt->genmove(pl, &st, &lim);
    CHECK(game_is_legal(g, &st, m) && b.reports > 0 && b.midgame == 0,
          "16 empties after the solve: %d reports, %d of a midgame search", b.reports, b.midgame);
    CHECK(b.nodes * 10 < a.nodes, "16 empties from the table: %ld nodes against %ld at 18",
          b.nodes, a.nodes);
    printf("decided endgame: %ld nodes at 18 empties, %ld at 16\n", a.nodes, b.nodes);
    pt->destroy(pl);
}

int main(void)
{
    test_estimate();
    test_known_plans();
    test_bounds();
    test_whole_game();
    test_decided();
    return check_report();
}
