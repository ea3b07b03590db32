/* The trained pattern evaluation of 8x8 Othello positions: the sum of the
 * weights of every pattern instance, both mobilities and a bias, taken
 * from the table of the position's phase (number of empty squares). */
#include "patterns.h"

int oth_eval_pattern(const struct oth_weights *w, bb_t P, bb_t O)
{
    int ph = oth_weights_phase(w, 64 - bb_popcount(P | O));
    int sum = oth_pattern_sum(w->w + (size_t)ph * OTH_PHASE_SIZE, P, O);
    /* Stay strictly inside the exact-score range so that a search never
     * mistakes a guess for a proven result. */
    const int lim = OTH_EVAL_MAX - OTH_EVAL_UNIT;
    return sum > lim ? lim : sum < -lim ? -lim : sum;
}
