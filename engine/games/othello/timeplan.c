/* Othello's share of a sudden-death clock for one move: the main time
 * spread over the moves before the exact solver takes over, the solve
 * started once it fits what is left (it is the game's last long think). */
#include "timeplan.h"

#include <math.h>

/* A solve starts when its estimate fits this share of the clock; its
 * deadline is at most SOLVE_HARD of the clock and SOLVE_SLACK times the
 * estimate (a cut-off solve falls back to the midgame answer, and a
 * quarter of the clock stays for the moves after it: at 85%, in a match
 * on a loaded machine, a cut-off solve and a stalled move after it took
 * one side 0.1 s past its 10 s + 0.1 s clock, inside the controller's
 * margin). */
#define SOLVE_NOW 0.5
#define SOLVE_HARD 0.75
#define SOLVE_SLACK 8.0
/* What is kept back for the coming solve is at most this many of the
 * midgame moves' shares: bounded by a share of one move, not of the
 * clock, so the plan holds from move to move as the clock runs down
 * (a bound of 30% of the clock, made again each move, was eaten by the
 * midgame until the solve came at 18 empties with 0.3% of the clock). */
#define RESERVE_MOVES 3.0
/* The midgame answer a solve keeps as its fallback: at most this share
 * of the clock and half the solve's estimate; none when the solve is
 * trivial (under TRIVIAL of the clock) or already in the table. */
#define QUICK_SHARE 0.1
#define TRIVIAL 0.02

double oth_solve_estimate(int empties, int threads)
{
    /* 0.12 s at 20 empties on one thread, 2.1 times more an empty: the
     * solver's mean over 60 positions of games against Egaroucid was
     * 0.070 s at 20 empties and 0.288 s at 22 (WLD 0.034 and 0.136);
     * 1.7 times that leaves room for a slower hour. The 0.4 s and 2.3
     * before (one self-play game, an older solver) kept the solve about
     * two empties too late. */
    double speed = threads > 1 ? 1.4 : 1.0;
    return 0.12 * pow(2.1, empties - 20) / speed;
}

/* The solve's deadline and its quick fallback search. */
static void plan_solve(double clock, double est, bool known, struct oth_time_plan *out)
{
    double b = SOLVE_SLACK * est;
    if (b < 0.1 * clock)
        b = 0.1 * clock;
    if (b > SOLVE_HARD * clock)
        b = SOLVE_HARD * clock;
    out->budget = b;
    out->quick = 0;
    if (!known && est >= TRIVIAL * clock) {
        double q = 0.5 * est;
        out->quick = q < QUICK_SHARE * clock ? q : QUICK_SHARE * clock;
    }
}

void oth_time_plan(double clock, int empties, int threads, bool known,
                   struct oth_time_plan *out)
{
    *out = (struct oth_time_plan){.kind = OTH_PLAN_MID, .solve_at = empties};
    if (clock < 0.01)
        clock = 0.01;
    double est = oth_solve_estimate(empties, threads);
    if (est <= SOLVE_NOW * clock) {
        out->kind = OTH_PLAN_EXACT;
        plan_solve(clock, est, known, out);
        return;
    }
    if (est / 3 <= SOLVE_NOW * clock) {
        out->kind = OTH_PLAN_WLD;
        plan_solve(clock, est / 3, false, out);
        return;
    }
    /* The solve point: the most empties whose solve will fit the clock
     * then, with what it needs then kept back now. This side's moves
     * before it (this one included) share the rest, with one more: the
     * last midgame move leaves half of its share to the solve. */
    int at = empties - 1, moves;
    double keep;
    for (;; at--) {
        moves = (empties - at + 1) / 2;
        keep = at > 0 ? oth_solve_estimate(at, threads) / SOLVE_NOW : 0;
        double most = RESERVE_MOVES / (moves + 1);
        if (at == 0 || keep <= (most < 0.75 ? most : 0.75) * clock)
            break;
    }
    out->solve_at = at;
    out->reserve = keep;
    out->budget = (clock - keep) / (moves + 1);
}
