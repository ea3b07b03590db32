/* Budgets a move from the clock; the only place that knows time rules. */
#include "timectl.h"

void timectl_init(struct time_control *tc)
{
    *tc = (struct time_control){0};
}

int timectl_settings(struct time_control *tc, double main_time,
                     double byo_time, int byo_stones)
{
    if (main_time < 0 || byo_time < 0 || byo_stones < 0)
        return -1;
    timectl_init(tc);
    /* GTP 2: byo-yomi time with zero stones means "no time limits". */
    if (byo_time > 0 && byo_stones == 0)
        return 0;
    tc->limited = true;
    tc->main_time = main_time;
    tc->byo_time = byo_time;
    tc->byo_stones = byo_stones;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        tc->left[p] = main_time;
        tc->stones[p] = 0;
        if (main_time <= 0 && byo_stones > 0) {
            tc->left[p] = byo_time;
            tc->stones[p] = byo_stones;
        }
    }
    return 0;
}

int timectl_left(struct time_control *tc, int player, double time, int stones)
{
    if (time < 0 || stones < 0 || player < 0 || player >= GAME_MAX_PLAYERS)
        return -1;
    tc->left[player] = time;
    tc->stones[player] = stones;
    return 0;
}

/* Keep a reserve for process and pipe latency: a budget the controller
 * measures as slightly longer must still be inside the limit. */
static double reserve(double left)
{
    double r = 0.05 + 0.05 * left;
    return r > 2.0 ? 2.0 : r;
}

double timectl_clock(const struct time_control *tc, int player)
{
    if (!tc->limited || player < 0 || player >= GAME_MAX_PLAYERS)
        return 0;
    /* Byo-yomi (in it, or to come) renews time: a plan for the rest of
     * the game from the main time alone would be wrong. */
    if (tc->byo_stones > 0 || tc->stones[player] > 0)
        return 0;
    double left = tc->left[player];
    double usable = left - reserve(left);
    return usable > 0.01 ? usable : 0.01;
}

double timectl_budget(const struct time_control *tc, int player,
                      double per_move_default, int moves_left)
{
    if (!tc->limited || player < 0 || player >= GAME_MAX_PLAYERS)
        return per_move_default;
    double left = tc->left[player];
    double usable = left - reserve(left);
    double budget;
    if (tc->stones[player] > 0) {
        budget = usable / tc->stones[player];
    } else {
        if (moves_left <= 0)
            moves_left = 30;
        /* Spread main time over the remaining moves with a little kept
         * back; byo-yomi, when there is one, backs up each move. */
        budget = usable / (moves_left + 2);
        if (tc->byo_stones > 0) {
            double per = 0.8 * tc->byo_time / tc->byo_stones;
            double cap = (usable > 0 ? usable : 0) + per;
            budget = (budget > 0 ? budget : 0) + per;
            if (budget > cap)
                budget = cap;
        }
    }
    return budget < 0.01 ? 0.01 : budget;
}

void timectl_spent(struct time_control *tc, int player, double seconds)
{
    if (!tc->limited || player < 0 || player >= GAME_MAX_PLAYERS)
        return;
    if (tc->stones[player] == 0) {
        tc->left[player] -= seconds;
        if (tc->left[player] >= 0 || tc->byo_stones == 0)
            return;
        /* Main time ran out inside this move: the rest counts in byo-yomi. */
        seconds = -tc->left[player];
        tc->left[player] = tc->byo_time;
        tc->stones[player] = tc->byo_stones;
    }
    tc->left[player] -= seconds;
    if (--tc->stones[player] == 0) {
        tc->left[player] = tc->byo_time;
        tc->stones[player] = tc->byo_stones;
    }
}
