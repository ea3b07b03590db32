/* Yonin coalition alpha-beta: the seats in s->coalition maximise one
 * number and the other seats minimise it, which makes the four-player game
 * a two-player one. Paranoid is the mover against the other three (the
 * number: its own value); the team game is a team against the other (the
 * number: the team's value, or exactly its final score lead). Fail-soft
 * alpha-beta with a table of bounds reused at equal depth, table move and
 * history ordering; a seat with no move passes, one ply, to the next. */
#include "search_int.h"

#include <string.h>

#define SALT_COALITION 16u
#define INF (1 << 20)
#define NO_DEPTH 10000

static bool in_coalition(const struct yn_search *s, int seat)
{
    return (s->coalition >> seat) & 1u;
}

/* Sum over the coalition of v, or with `sign` the coalition's sum minus
 * the others'. */
static int coalition_sum(const struct yn_search *s, const int v[NSEATS], bool sign)
{
    int t = 0;
    for (int k = 0; k < NSEATS; k++)
        t += in_coalition(s, k) ? v[k] : sign ? -v[k] : 0;
    return t;
}

static int leaf_value(struct yn_search *s, const bb_t disc[2], bool over, bool exact)
{
    int v[NSEATS];
    if (over && exact) {
        for (int k = 0; k < NSEATS; k++)
            v[k] = yn_seat_score(s->g, disc, k);
        return coalition_sum(s, v, true);
    }
    if (over) {
        yn_terminal(s->g, disc, s->team, v);
    } else {
        yn_eval(s->g, disc, v);
        s->eval_leaf = true;
    }
    return coalition_sum(s, v, false);
}

static int ab(struct yn_search *s, const bb_t disc[2], int seat, int depth,
              int alpha, int beta, bool exact)
{
    yn_count_node(s);
    if (s->aborted)
        return 0;
    const struct yn_geometry *g = s->g;
    if (depth == 0)
        return leaf_value(s, disc, yn_nobody_moves(g, disc[0], disc[1]), exact);
    bb_t m = yn_seat_moves(g, disc[0], disc[1], seat);
    int next = (seat + 1) & 3;
    if (!m) {
        if (yn_nobody_moves(g, disc[0], disc[1]))
            return leaf_value(s, disc, true, exact);
        return ab(s, disc, next, depth - 1, alpha, beta, exact); /* pass */
    }
    unsigned salt = SALT_COALITION + (s->coalition << 1) + exact;
    uint64_t key = yn_tt_key(disc, seat, salt);
    struct yn_tt_entry *e = yn_tt_slot(s->tt, key);
    int tt_move = -1;
    if (e->key == key) {
        if (exact || e->depth == depth) {
            int tv = e->v[0];
            if (e->bound == YN_EXACT || (e->bound == YN_LOWER && tv >= beta)
                || (e->bound == YN_UPPER && tv <= alpha))
                return tv;
        }
        tt_move = e->move;
    }
    bool max = in_coalition(s, seat);
    int8_t order[64];
    int n = yn_order_moves(s, m, seat, tt_move, order);
    int best = max ? -INF : INF, bsq = order[0], a = alpha, b = beta;
    for (int i = 0; i < n; i++) {
        bb_t child[2] = {disc[0], disc[1]};
        yn_put_disc(child, seat & 1, order[i]);
        int val = ab(s, child, next, depth - 1, a, b, exact);
        if (s->aborted)
            return 0;
        if (max ? val > best : val < best) {
            best = val;
            bsq = order[i];
        }
        if (max && best > a)
            a = best;
        if (!max && best < b)
            b = best;
        if (a >= b) {
            yn_history_add(s, seat, bsq, depth * depth);
            break;
        }
    }
    e->key = key;
    e->v[0] = (int16_t)best;
    e->depth = (int16_t)(exact ? 0 : depth);
    e->move = (int8_t)bsq;
    e->bound = best <= alpha ? YN_UPPER : best >= beta ? YN_LOWER : YN_EXACT;
    return best;
}

bool yn_coalition_root(struct yn_search *s, const struct yonin *y,
                       unsigned coalition, int depth, bool exact,
                       bool all_moves, struct yn_root *r)
{
    memset(r, 0, sizeof *r);
    r->best = -1;
    if (y->mover < 0 || depth < 1)
        return true;
    if (exact)
        depth = NO_DEPTH;
    s->coalition = coalition & 15u;
    unsigned salt = SALT_COALITION + (s->coalition << 1) + exact;
    int seat = y->mover, next = (seat + 1) & 3;
    bool max = in_coalition(s, seat);
    bb_t m = yn_seat_moves(s->g, y->disc[0], y->disc[1], seat);
    if (!m) {
        r->move[0] = MOVE_PASS;
        r->v[0][0] = ab(s, y->disc, next, depth - 1, -INF, INF, exact);
        if (s->aborted)
            return false;
        r->n = 1;
        r->best = 0;
    } else {
        uint64_t key = yn_tt_key(y->disc, seat, salt);
        const struct yn_tt_entry *e = yn_tt_slot(s->tt, key);
        int8_t order[64];
        int n = yn_order_moves(s, m, seat, e->key == key ? e->move : -1, order);
        for (int i = 0; i < n && i < YN_MAX_ROOT; i++) {
            bb_t child[2] = {y->disc[0], y->disc[1]};
            yn_put_disc(child, seat & 1, order[i]);
            int bestv = r->best < 0 ? 0 : r->v[r->best][0];
            int lo = all_moves || r->best < 0 || !max ? -INF : bestv;
            int hi = all_moves || r->best < 0 || max ? INF : bestv;
            int val = ab(s, child, next, depth - 1, lo, hi, exact);
            if (s->aborted)
                break;
            r->move[i] = order[i];
            r->v[i][0] = val;
            r->n = i + 1;
            if (r->best < 0 || (max ? val > bestv : val < bestv))
                r->best = i;
        }
        if (r->best >= 0) { /* ordering for the next iteration */
            struct yn_tt_entry *w = yn_tt_slot(s->tt, key);
            w->key = key;
            w->v[0] = 0;
            w->depth = -1;
            w->move = (int8_t)r->move[r->best];
            w->bound = YN_MOVE_ONLY;
        }
    }
    yn_root_pvs(s, y, salt, r);
    return !s->aborted;
}
