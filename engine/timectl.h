/* Time control, shared by all players: GTP time_settings / time_left
 * (absolute, and Canadian byo-yomi) turned into a budget for one move. */
#ifndef QUARTET_TIMECTL_H
#define QUARTET_TIMECTL_H

#include "game.h"

#include <stdbool.h>

struct time_control {
    bool limited;            /* false: no time limits, use the per-move default */
    double main_time;        /* seconds */
    double byo_time;         /* seconds per byo-yomi period; 0: absolute time */
    int byo_stones;          /* moves per period */
    double left[GAME_MAX_PLAYERS];   /* time left in the current period */
    int stones[GAME_MAX_PLAYERS];    /* moves left in byo-yomi; 0: main time */
};

/* No limits. */
void timectl_init(struct time_control *tc);
/* GTP time_settings: byo_time > 0 with byo_stones == 0 means no limits.
 * Returns -1 (and changes nothing) for negative values. */
int timectl_settings(struct time_control *tc, double main_time,
                     double byo_time, int byo_stones);
/* GTP time_left for one player. Returns -1 for negative values. */
int timectl_left(struct time_control *tc, int player, double time, int stones);
/* Seconds to spend on this move; moves_left is the mover's own
 * estimate of its remaining moves (<= 0: unknown). */
double timectl_budget(const struct time_control *tc, int player,
                      double per_move_default, int moves_left);
/* Seconds the player may still spend in the whole game when the clock is
 * sudden death (absolute time, no byo-yomi), after the reserve for
 * latency; 0 for any other clock (none, byo-yomi). For players that plan
 * the rest of the game themselves (Othello: engine/games/othello/
 * timeplan.c); never more than the time left. */
double timectl_clock(const struct time_control *tc, int player);
/* Charges the clock of `player` for a move that took `seconds`, for
 * controllers that never send time_left. */
void timectl_spent(struct time_control *tc, int player, double seconds);

#endif
