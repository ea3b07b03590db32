/* The trained pattern evaluation of 8x8 Othello positions: the sum of the
 * weights of every pattern instance, both mobilities and a bias, taken
 * from the table of the position's phase (number of empty squares). */
#include "patterns.h"

int oth_eval_pattern(const struct oth_weights *w, bb_t P, bb_t O)
{
    uint32_t e[OTH_NFEAT];
    oth_pattern_raw(P, O, e);
    int ph = oth_weights_phase(w, 64 - bb_popcount(P | O));
    const int16_t *t = w->w + (size_t)ph * OTH_PHASE_SIZE;
    int sum = 0;
    for (int i = 0; i < OTH_NFEAT; i++)
        sum += t[e[i]];
    /* Stay strictly inside the exact-score range so that a search never
     * mistakes a guess for a proven result. */
    const int lim = OTH_EVAL_MAX - OTH_EVAL_UNIT;
    return sum > lim ? lim : sum < -lim ? -lim : sum;
}
