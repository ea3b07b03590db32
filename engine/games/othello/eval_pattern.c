/* The trained pattern evaluation of 8x8 Othello positions: the sum of the
 * weights of every pattern instance, both mobilities and a bias, taken
 * from the table of the position's phase (number of empty squares); the
 * same for the children of a position from its entries. */
#include "patterns.h"

/* Stay strictly inside the exact-score range so that a search never
 * mistakes a guess for a proven result. */
static int clamp(int sum)
{
    const int lim = OTH_EVAL_MAX - OTH_EVAL_UNIT;
    return sum > lim ? lim : sum < -lim ? -lim : sum;
}

int oth_eval_pattern(const struct oth_weights *w, bb_t P, bb_t O)
{
    int ph = oth_weights_phase(w, 64 - bb_popcount(P | O));
    return clamp(oth_pattern_sum(w->w + (size_t)ph * OTH_PHASE_SIZE, w->ninst, P, O));
}

void oth_eval_kids_init(struct oth_eval_kids *k, const struct oth_weights *w, bb_t P, bb_t O)
{
    int ph = oth_weights_phase(w, 63 - bb_popcount(P | O));
    k->table = w->w + (size_t)ph * OTH_PHASE_SIZE;
    k->ninst = w->ninst;
    oth_pattern_kids_base(P, O, k->base);
    k->count = 0;
}

void oth_eval_digits(struct oth_eval_digits *d, bb_t P, bb_t O)
{
    oth_pattern_digits(P, O, d->a, d->z);
}

void oth_eval_digits_child(const struct oth_eval_digits *d, bb_t f, int sq,
                           struct oth_eval_digits *c)
{
    oth_pattern_digits_child(d->a, d->z, f, sq, c->a, c->z);
}

void oth_eval_kids_init_digits(struct oth_eval_kids *k, const struct oth_weights *w, bb_t P,
                               bb_t O, const struct oth_eval_digits *d)
{
    int ph = oth_weights_phase(w, 63 - bb_popcount(P | O));
    k->table = w->w + (size_t)ph * OTH_PHASE_SIZE;
    k->ninst = w->ninst;
    oth_pattern_digits_base(d->a, d->z, k->base);
    k->count = 0;
}

/* The first child reads all its entries: often it is the only one (a cut).
 * From the second on the base entries' values are known, and only the
 * instances the move changes are read (about a third). */
int oth_eval_kid(struct oth_eval_kids *k, bb_t f, int sq, bb_t P2, bb_t O2, bb_t moves2)
{
    if (k->count++ == 0)
        return clamp(oth_pattern_kid_sum(k->table, k->ninst, k->base, f, sq, P2, O2, moves2));
    if (k->count == 2)
        k->bsum = oth_pattern_kids_values(k->table, k->ninst, k->base, k->bval);
    return clamp(oth_pattern_kid_delta(k->table, k->ninst, k->base, k->bval, k->bsum, f, sq, P2, O2,
                                       moves2));
}
