/* Yonin max-n: every node returns a vector of four values, the seat to
 * move picking the child best for itself (ties: search.h). Shallow pruning:
 * the vectors' entries are >= 0 and sum to at most s->vsum, so once the
 * mover of a node has found more than vsum minus what the parent's mover
 * already holds, the parent's mover can only lose here and the node stops
 * (its vector is then not exact and never stored). The depth-limited search
 * works on heuristic shares; the exact one plays to the end on final
 * scores. The table keeps exact vectors only, reused at equal depth (so a
 * fixed-depth answer never depends on what was searched before), and best
 * moves for ordering. */
#include "search_int.h"

#include <limits.h>
#include <string.h>

#define SALT_MAXN 1u
#define SALT_EXACT 2u
#define NO_DEPTH 10000 /* the exact search never reaches a depth limit */

static bool better(const int *c, const int *b, int m, int csq, int bsq)
{
    if (c[m] != b[m])
        return c[m] > b[m];
    int oc = c[0] + c[1] + c[2] + c[3] - c[m], ob = b[0] + b[1] + b[2] + b[3] - b[m];
    if (oc != ob)
        return oc < ob;
    return csq < bsq;
}

static void leaf_terminal(const struct yn_search *s, const bb_t disc[2], bool exact,
                          int v[NSEATS])
{
    if (exact) {
        for (int k = 0; k < NSEATS; k++)
            v[k] = yn_seat_score(s->g, disc, k);
    } else {
        yn_terminal(s->g, disc, s->team, v);
    }
}

/* Value vector of the position (disc, seat to move) at `depth` plies;
 * stops early, returning false, once the mover's own value exceeds limit. */
static bool maxn(struct yn_search *s, const bb_t disc[2], int seat, int depth,
                 int limit, bool exact, int v[NSEATS])
{
    yn_count_node(s);
    if (s->aborted) {
        memset(v, 0, sizeof(int) * NSEATS);
        return false;
    }
    const struct yn_geometry *g = s->g;
    if (depth == 0) {
        if (yn_nobody_moves(g, disc[0], disc[1])) {
            leaf_terminal(s, disc, exact, v);
        } else {
            yn_eval(g, disc, v);
            s->eval_leaf = true;
        }
        return true;
    }
    bb_t m = yn_seat_moves(g, disc[0], disc[1], seat);
    int next = (seat + 1) & 3;
    if (!m) {
        if (yn_nobody_moves(g, disc[0], disc[1])) {
            leaf_terminal(s, disc, exact, v);
            return true;
        }
        return maxn(s, disc, next, depth - 1, INT_MAX, exact, v); /* pass */
    }
    unsigned salt = exact ? SALT_EXACT : SALT_MAXN;
    uint64_t key = yn_tt_key(disc, seat, salt);
    struct yn_tt_entry *e = yn_tt_slot(s->tt, key);
    int tt_move = -1;
    if (e->key == key) {
        if (e->bound == YN_EXACT && (exact || e->depth == depth)) {
            for (int k = 0; k < NSEATS; k++)
                v[k] = e->v[k];
            return true;
        }
        tt_move = e->move;
    }
    int8_t order[64];
    int n = yn_order_moves(s, m, seat, tt_move, order);
    int bsq = -1;
    for (int i = 0; i < n; i++) {
        int sq = order[i], cv[NSEATS];
        bb_t child[2] = {disc[0], disc[1]};
        yn_put_disc(child, seat & 1, sq);
        maxn(s, child, next, depth - 1, bsq < 0 ? INT_MAX : s->vsum - v[seat], exact, cv);
        if (s->aborted)
            return false;
        if (bsq < 0 || better(cv, v, seat, sq, bsq)) {
            memcpy(v, cv, sizeof cv);
            bsq = sq;
        }
        if (v[seat] > limit && i < n - 1) {
            yn_history_add(s, seat, bsq, depth * depth);
            return false;
        }
    }
    yn_history_add(s, seat, bsq, depth);
    e->key = key;
    for (int k = 0; k < NSEATS; k++)
        e->v[k] = (int16_t)v[k];
    e->depth = (int16_t)(exact ? 0 : depth);
    e->move = (int8_t)bsq;
    e->bound = YN_EXACT;
    return true;
}

/* Root: every move searched without a limit, so each gets its exact
 * vector; the previous best (from the table) goes first. */
static bool maxn_root(struct yn_search *s, const struct yonin *y, int depth,
                      bool exact, struct yn_root *r)
{
    memset(r, 0, sizeof *r);
    r->best = -1;
    if (y->mover < 0 || depth < 1)
        return true;
    s->vsum = exact ? y->size * y->size : YN_VSUM;
    unsigned salt = exact ? SALT_EXACT : SALT_MAXN;
    int seat = y->mover, next = (seat + 1) & 3;
    bb_t m = yn_seat_moves(s->g, y->disc[0], y->disc[1], seat);
    if (!m) {
        r->move[0] = MOVE_PASS;
        if (!maxn(s, y->disc, next, depth - 1, INT_MAX, exact, r->v[0]) && s->aborted)
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
            maxn(s, child, next, depth - 1, INT_MAX, exact, r->v[i]);
            if (s->aborted)
                break;
            r->move[i] = order[i];
            r->n = i + 1;
            if (r->best < 0 || better(r->v[i], r->v[r->best], seat, order[i],
                                      (int)r->move[r->best]))
                r->best = i;
        }
        if (r->best >= 0) { /* the root's entry: ordering for the next iteration */
            struct yn_tt_entry *w = yn_tt_slot(s->tt, key);
            w->key = key;
            memset(w->v, 0, sizeof w->v);
            w->depth = -1; /* never matches a depth: move only */
            w->move = (int8_t)r->move[r->best];
            w->bound = YN_MOVE_ONLY;
        }
    }
    yn_root_pvs(s, y, salt, r);
    return !s->aborted;
}

bool yn_maxn_root(struct yn_search *s, const struct yonin *y, int depth,
                  struct yn_root *r)
{
    return maxn_root(s, y, depth, false, r);
}

bool yn_maxn_exact(struct yn_search *s, const struct yonin *y, struct yn_root *r)
{
    return maxn_root(s, y, NO_DEPTH, true, r);
}
