/* Othello's use of a sudden-death clock: how long this move may take,
 * and whether it solves the endgame, from the time left for the game. */
#ifndef QUARTET_OTHELLO_TIMEPLAN_H
#define QUARTET_OTHELLO_TIMEPLAN_H

#include <stdbool.h>

enum oth_plan_kind {
    OTH_PLAN_MID,   /* midgame search for `budget` seconds */
    OTH_PLAN_WLD,   /* win/draw/loss solve (a proven win or draw is played) */
    OTH_PLAN_EXACT, /* exact solve */
};

struct oth_time_plan {
    enum oth_plan_kind kind;
    double budget;   /* seconds the whole move may take (a hard limit) */
    double quick;    /* solves: seconds of midgame search first, the answer
                      * should the solve not end; 0: none */
    int solve_at;    /* empties where the exact solve is expected to start */
    double reserve;  /* seconds kept on the clock for that solve */
};

/* Rough seconds an exact solve of `empties` takes with `threads` threads
 * (a win/draw/loss solve about a third of it). */
double oth_solve_estimate(int empties, int threads);

/* The plan for a move at `empties` with `clock` seconds usable for the
 * rest of the game (timectl_clock: the latency reserve is already out).
 * `known`: an exact solve earlier in this game already covers this
 * position's endgame (the table holds it), so no midgame search is
 * needed as a fallback. The budget never exceeds the clock. */
void oth_time_plan(double clock, int empties, int threads, bool known,
                   struct oth_time_plan *out);

#endif
