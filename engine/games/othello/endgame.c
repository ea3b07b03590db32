/* The exact Othello endgame solver: fail-soft negamax with null windows
 * (negascout at PV nodes), selective (ProbCut) passes at the root before
 * the exact one, the table's move first, fastest-first ordering, quadrant
 * parity, stability cut-offs, the transposition table above a few empties
 * and dedicated code for the last empties that tests flips square by
 * square instead of generating moves. Threads: every thread solves the
 * whole tree over the shared table, and a move that another thread is
 * searching right now is put off to the end of the list (simplified
 * ABDADA), at the root as well as inside the tree. */
#include "othello.h"
#include "search_int.h"
#include "lastflip.h"
#include "window.h"

#include "engine/clock.h"

#include <string.h>

#define MAX_THREADS OTH_MAX_THREADS
#define CORNERS 0x8100000000000081ULL
#define SHALLOW 5    /* up to this many empties: no move generation */
/* Six thresholds here were lowered together (issue 50: the table
 * from 7 empties, not 8; fastest-first from 6, not 7; stability cut-offs
 * from 5, not 8; the evaluation in the order from 11, not 12; enhanced
 * cut-offs from 11, not 12; 3-ply sorting searches from 20, not 22):
 * FFO #40-#59 on one thread took 15.72 G nodes against 20.05 G, every
 * position fewer (doc/othello.md). Each had been left out before for
 * time (it costs per node about what it saves in nodes). */
#define TT_MIN 7    /* from this many empties: the table */
#define FASTEST_MIN 6 /* from this many empties: fastest-first ordering */
#define STABLE_MIN 5 /* from this many empties: stability cut-offs */
#define SCORE_INF 65 /* beyond any margin */
#define SORT_EVAL_MIN 11 /* from this many empties: order by the evaluation */
#define SORT_SEARCH_MIN 16 /* ... by a search */
#define SORT_DEEPER 18  /* ... 2 plies deep from here */
#define SORT_DEEPEST 20 /* ... 3 plies deep from here */
#define SORT_4PLY 26 /* ... 4 plies deep from here */
#define SORT_CUT_3PLY 20 /* ... at nodes expected to cut, 3 plies from here */
#define SORT_CUT_4PLY 24 /* ... and 4 plies from here */
/* From this many empties threads share out moves. From 12 rather than 8,
 * FFO #53 with 2 threads took 38.6 s against 41.4 s (median of 3 runs in
 * turn), #54 the same, #50-#54 131.8 s against 137.3 s (mean of 3): fewer
 * marks to set and test at the many small nodes. */
#define BUSY_MIN 12
#define POT_W 8   /* ordering weight of the opponent's potential mobility */
/* The shallow search's value counts 1/SORT_EVAL_DIV per eval unit: 5.3
 * per disc against 16 per opponent move. Against 4 per disc (32 here),
 * FFO #45-#58 took 14.5% fewer nodes on one thread (#55 19% fewer, #56-#58
 * 19%, #53 10%; #45-#52 2% more); 6.4 per disc (20) was no better on
 * #53, #54 and #56; 16 per disc (8) had cost 36% more time on #40-#52
 * (doc/othello.md). */
#define SORT_EVAL_DIV 24
/* Below SORT_SEARCH_MIN the evaluation alone counts less (2 per
 * disc): with it from 12 empties FFO #45-#54 took 13-17% fewer nodes and
 * 1-4% less time on one thread; from 11, 13 or 14, or counted 4 per disc,
 * no better (doc/othello.md). */
#define SORT_EVAL0_DIV 64
#define POT_MIN 10 /* ... counted from this many empties */
#define ETC_MIN 11 /* from this many empties: enhanced transposition cut-off */
#define PC_MIN 10 /* selective passes: ProbCut from this many empties */
#define PC_LEVELS 2 /* selective passes before the exact one */
#define PC_SURE_MIN 26 /* from this many empties: a third, surer pass */
#define PC_SIGMA 7.0 /* without othello.mpc: the shallow search's error, discs */
#define SEL_MIN OTH_SELECTIVE_MIN /* from this many empties: selective passes first */

static const bb_t quadrant[4] = {
    0x000000000f0f0f0fULL, 0x00000000f0f0f0f0ULL,
    0x0f0f0f0f00000000ULL, 0xf0f0f0f000000000ULL,
};

/* Empties in quadrants holding an odd number of empties: moves there
 * first keep the last move of each region (parity). */
static bb_t odd_quadrants(bb_t E)
{
    bb_t odd = 0;
    for (int q = 0; q < 4; q++)
        if (bb_popcount(E & quadrant[q]) & 1)
            odd |= quadrant[q];
    return odd;
}

/* The last empty square: nobody has a choice any more. On the full board
 * only the number of flips matters, read from tables (lastflip.h). */
static int solve1(struct oth_worker *w, bb_t P, bb_t O, int sq)
{
    w->nodes++;
    if (w->board == ~0ULL) {
        int n = oth_last_flips(P, sq);
        if (n)
            return 2 * (bb_popcount(P) + n) - 62;
        if ((n = oth_last_flips(~P, sq)))
            return 2 * (bb_popcount(P) - n) - 64;
        return oth_final(w, P, O);
    }
    bb_t f = bb_flips(P, O, sq);
    if (f) {
        int p = bb_popcount(P) + bb_popcount(f) + 1;
        return 2 * p - w->squares;
    }
    f = bb_flips(O, P, sq);
    if (f) {
        int o = bb_popcount(O) + bb_popcount(f) + 1;
        return w->squares - 2 * o;
    }
    return oth_final(w, P, O);
}

/* Two empties x, y: each side tries both, the last one is solve1. */
static int solve2(struct oth_worker *w, bb_t P, bb_t O, int alpha, int beta, int x, int y)
{
    w->nodes++;
    int best = -SCORE_INF;
    bb_t f = bb_flips(P, O, x);
    if (f) {
        best = -solve1(w, O & ~f, P | f | (1ULL << x), y);
        if (best >= beta)
            return best;
    }
    f = bb_flips(P, O, y);
    if (f) {
        int v = -solve1(w, O & ~f, P | f | (1ULL << y), x);
        return v > best ? v : best;
    }
    if (best > -SCORE_INF)
        return best;
    /* P passes: the opponent's turn, with the same two squares. */
    f = bb_flips(O, P, x);
    if (f) {
        best = solve1(w, P & ~f, O | f | (1ULL << x), y);
        if (best <= alpha)
            return best;
    } else {
        best = SCORE_INF;
    }
    f = bb_flips(O, P, y);
    if (f) {
        int v = solve1(w, P & ~f, O | f | (1ULL << y), x);
        return v < best ? v : best;
    }
    return best < SCORE_INF ? best : oth_final(w, P, O);
}

/* Three or four empties in sq[] (parity order): each tried by its flips. */
static int solve34(struct oth_worker *w, bb_t P, bb_t O, int alpha, int beta,
                   const int *sq, int n, bool passed)
{
    w->nodes++;
    int best = -SCORE_INF;
    for (int i = 0; i < n; i++) {
        bb_t f = bb_flips(P, O, sq[i]);
        if (!f)
            continue;
        int rest[3], k = 0;
        for (int j = 0; j < n; j++)
            if (j != i)
                rest[k++] = sq[j];
        bb_t P2 = O & ~f, O2 = P | f | (1ULL << sq[i]);
        int v = n == 3 ? -solve2(w, P2, O2, -beta, -alpha, rest[0], rest[1])
                       : -solve34(w, P2, O2, -beta, -alpha, rest, 3, false);
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (v >= beta)
                    return v;
            }
        }
    }
    if (best > -SCORE_INF)
        return best;
    if (passed)
        return oth_final(w, P, O);
    return -solve34(w, O, P, -beta, -alpha, sq, n, true);
}

/* Discs of X that can never flip: on each axis its line is full, or a
 * neighbour along the axis is the edge or a stable disc of X; grown from
 * the corners until nothing changes. 8x8 boards only. */
static bb_t stable_discs(bb_t X, bb_t occ)
{
    const bb_t edge = 0xff818181818181ffULL;
    bb_t full_h = 0, full_v, full_d = 0, full_a = 0;
    for (int r = 0; r < 8; r++)
        if ((occ >> 8 * r & 0xff) == 0xff)
            full_h |= 0xffULL << 8 * r;
    bb_t c = occ & occ >> 32;
    c &= c >> 16;
    c &= c >> 8;
    full_v = (c & 0xff) * 0x0101010101010101ULL;
    /* Moving a diagonal by whole rows keeps its columns: no wrapping. */
    for (int k = -7; k <= 7; k++) {
        bb_t d = k >= 0 ? 0x8040201008040201ULL << 8 * k : 0x8040201008040201ULL >> -8 * k;
        bb_t a = k >= 0 ? 0x0102040810204080ULL << 8 * k : 0x0102040810204080ULL >> -8 * k;
        if ((occ & d) == d)
            full_d |= d;
        if ((occ & a) == a)
            full_a |= a;
    }
    bb_t st = X & CORNERS;
    for (;;) {
        bb_t h = full_h | 0x8181818181818181ULL | ((st << 1) & BB_NOT_A) | ((st >> 1) & BB_NOT_H);
        bb_t v = full_v | 0xff000000000000ffULL | (st << 8) | (st >> 8);
        bb_t d = full_d | edge | ((st << 9) & BB_NOT_A) | ((st >> 9) & BB_NOT_H);
        bb_t a = full_a | edge | ((st << 7) & BB_NOT_H) | ((st >> 7) & BB_NOT_A);
        bb_t nst = st | (X & h & v & d & a);
        if (nst == st)
            return st;
        st = nst;
    }
}

/* Stability cut-off: the opponent's stable discs cap P's margin. Returns
 * true with the cap in *v when it is at most alpha; otherwise lowers
 * *beta to the cap. Worth its cost only where alpha is high enough for
 * the cap to matter. */
static inline bool stability_cut(const struct oth_worker *w, bb_t P, bb_t O, int alpha,
                                 int *beta, int *v)
{
    if (w->squares != 64 || alpha < 64 - 2 * bb_popcount(O))
        return false;
    int top = 64 - 2 * bb_popcount(stable_discs(O, P | O));
    if (top <= alpha) {
        *v = top;
        return true;
    }
    if (top < *beta)
        *beta = top;
    return false;
}

/* Up to SHALLOW empties: each empty tried by its flips, parity first. */
static int solve_shallow(struct oth_worker *w, bb_t P, bb_t O, int alpha, int beta,
                         bb_t E, int n)
{
    if (oth_poll(w))
        return 0;
    int cap;
    if (n >= STABLE_MIN && stability_cut(w, P, O, alpha, &beta, &cap))
        return cap;
    bb_t odd = odd_quadrants(E);
    if (n <= 4) {
        int sq[4], k = 0;
        for (bb_t m = E & odd; m; m &= m - 1)
            sq[k++] = bb_first(m);
        for (bb_t m = E & ~odd; m; m &= m - 1)
            sq[k++] = bb_first(m);
        if (n == 2)
            return solve2(w, P, O, alpha, beta, sq[0], sq[1]);
        return solve34(w, P, O, alpha, beta, sq, n, false);
    }
    int best = -SCORE_INF;
    bb_t order[2] = {E & odd, E & ~odd};
    for (int k = 0; k < 2; k++)
        for (bb_t m = order[k]; m; m &= m - 1) {
            int sq = bb_first(m);
            bb_t f = bb_flips(P, O, sq);
            if (!f)
                continue;
            bb_t b = 1ULL << sq;
            int v = -solve_shallow(w, O & ~f, P | f | b, -beta, -alpha, E & ~b, n - 1);
            if (v > best) {
                best = v;
                if (v > alpha) {
                    alpha = v;
                    if (v >= beta)
                        return v;
                }
            }
        }
    if (best > -SCORE_INF)
        return best;
    if (othello_moves(O, P, E))
        return -solve_shallow(w, O, P, -beta, -alpha, E, n);
    return oth_final(w, P, O);
}

struct emove {
    int sq;
    int key;
    bb_t f;
};

static int deep(struct oth_worker *w, bb_t P, bb_t O, int alpha, int beta, int n, bool cut);

/* Simplified ABDADA's turn for move i, whose child is P2 to move against
 * O2: when another thread is searching it and it may wait, it goes on
 * later[] and 0 comes back; otherwise the child is marked busy and the
 * mark's key (never 0) comes back, to clear when the search returns. */
static inline uint64_t claim(struct oth_search *s, bb_t P2, bb_t O2, int i, bool may_wait,
                             int *later, int *nlater)
{
    uint64_t ck = oth_tt_key(P2, O2);
    if (may_wait && oth_busy_test(s->busy, ck)) {
        later[(*nlater)++] = i;
        return 0;
    }
    oth_busy_set(s->busy, ck);
    return ck;
}

/* The confidence of each selective pass, in standard deviations of the
 * shallow search's error. The passes only order moves and aim the exact
 * pass's window, so they may be wrong often (about 24% and 7% of the cut
 * tests); more passes or surer ones cost more than they saved on FFO
 * #45-#53, except a third one from 26 empties, where the exact pass is
 * dearer (doc/othello.md). */
static const double pc_t[PC_LEVELS + 2] = {0, 0.7, 1.5, 2.2};

/* How a depth-`depth` search predicts the exact margin at n empties: the
 * fitted endgame row of data/othello.mpc, the one of the most empties
 * fitted beyond the file's rows (the error grows with the empties, so
 * this is optimistic there), or a plain PC_SIGMA without the file. */
static struct oth_mpc_cut endgame_cut(const struct oth_mpc *m, int n, int depth)
{
    for (int e = n; m && e >= n - 12 && e > depth; e--)
        if (m->end[e][depth].shallow > 0)
            return m->end[e][depth];
    return (struct oth_mpc_cut){depth, 1.0f, 0.0f, (float)(PC_SIGMA * OTH_EVAL_UNIT)};
}

/* ProbCut in the solver's selective passes: a shallow search predicts the
 * exact margin with a known error; a prediction clear of the window by
 * t errors is taken as the value of the node. */
static bool probcut(struct oth_worker *w, bb_t P, bb_t O, int alpha, int beta, int n,
                    int *value)
{
    struct oth_mpc_cut c = endgame_cut(w->s->cfg.mpc, n, n / 4);
    double t = pc_t[w->pc_level];
    if (beta < 64) {
        int b = oth_mpc_bound_high(&c, beta * OTH_EVAL_UNIT, t);
        if (b <= OTH_EVAL_MAX && oth_search_window(w, P, O, b - 1, b, c.shallow) >= b) {
            *value = beta;
            return true;
        }
    }
    if (alpha > -64) {
        int a = oth_mpc_bound_low(&c, alpha * OTH_EVAL_UNIT, t);
        if (a >= -OTH_EVAL_MAX && oth_search_window(w, P, O, a, a + 1, c.shallow) <= a) {
            *value = alpha;
            return true;
        }
    }
    return false;
}

/* The evaluation of the child after the move to sq flipping f, whose
 * mover has the moves rep: from the parent's pattern entries, read once
 * at the first child that needs them (FFO #49-#52: the ordering's
 * evaluations took 7.4% of the time read afresh). */
static int eval_kid(const struct oth_worker *w, struct oth_eval_kids *kids, bb_t P, bb_t O,
                    bb_t f, int sq, bb_t rep)
{
    const struct oth_weights *wt = w->s->order;
    bb_t P2 = O & ~f, O2 = P | f | 1ULL << sq;
    if (!wt || w->board != ~0ULL)
        return oth_evaluate(wt, P2, O2, w->board);
    if (!kids->table)
        oth_eval_kids_init(kids, wt, P, O);
    return oth_eval_kid(kids, f, sq, P2, O2, rep);
}

/* The depth of the sorting searches at a node of n empties (0: none).
 * kind is what the node is expected to be: 1 a null-window node expected
 * to cut, where only the first move should need a search, -1 one
 * expected to fail low, where every move is searched whatever the order,
 * 0 a node with a wider window. Against the same depths everywhere, one
 * ply shallower where a node should fail low and 3 plies from 20 empties
 * where it should cut took 4.7% fewer nodes on FFO #53-#54 and 3.8% on
 * #56-#58, #55 0.6% more, with less time (one thread, side by side;
 * doc/othello.md). At a node expected to cut, a first move that fails
 * costs a whole subtree in which every move is searched, and from 24
 * empties such nodes are few: sorting them 4 plies deep took 3.1% less
 * time on #47-#54, 2.6% on #55 and 2% on #56-#58; from 22 empties, or 5
 * plies from 26, more nodes. Since issue 50 every kind sorts with 3 plies
 * from 20 empties (2 where it should fail low), as SORT_DEEPEST says. */
static int sort_depth(int n, int kind)
{
    if (n < SORT_SEARCH_MIN)
        return 0;
    int d = n >= SORT_4PLY ? 4 : n >= SORT_DEEPEST ? 3 : n >= SORT_DEEPER ? 2 : 1;
    if (kind > 0 && n >= SORT_CUT_4PLY && d < 4)
        d = 4;
    else if (kind > 0 && n >= SORT_CUT_3PLY && d < 3)
        d = 3;
    return kind < 0 ? d - 1 : d;
}

/* The move list of a deep node with each move's key, best highest (the
 * caller picks them in order, pick_best); beats (or NULL) marks
 * the moves whose table entry, from a selective pass, says they beat
 * alpha: they come right after the table move (1.3% fewer nodes on FFO
 * #53-#54). */
static int gen_moves(struct oth_worker *w, bb_t P, bb_t O, bb_t moves, bb_t E,
                     int n, int ttmove, const bool *beats, struct emove *m, int kind)
{
    bb_t odd = odd_quadrants(E);
    int count = 0, sd = sort_depth(n, kind);
    struct oth_eval_kids kids; /* read at the first child that needs it */
    kids.table = NULL;
    /* The sorting searches start from this node's pattern digits, read
     * at the first child that needs them. */
    struct oth_eval_digits dg, kid;
    bool digits = false, carry = sd > 0 && w->s->order && w->board == ~0ULL;
    for (; moves; moves &= moves - 1) {
        int sq = bb_first(moves);
        bb_t b = 1ULL << sq, f = bb_flips(P, O, sq);
        int key;
        if (w->s->plain) {
            key = 0;
        } else if (sq == ttmove) {
            key = 1 << 24;
        } else if (beats && beats[sq]) {
            key = 1 << 22;
        } else {
            key = (b & odd) ? 2 : 0;
            if (n >= FASTEST_MIN) {
                bb_t rep = othello_moves(O & ~f, P | f | b, w->board);
                bb_t mine = P | f | b, around = ((mine << 1) & BB_NOT_A) | ((mine >> 1) & BB_NOT_H)
                    | (mine << 8) | (mine >> 8) | ((mine << 9) & BB_NOT_A) | ((mine >> 9) & BB_NOT_H)
                    | ((mine << 7) & BB_NOT_H) | ((mine >> 7) & BB_NOT_A);
                key += -16 * (bb_popcount(rep) + bb_popcount(rep & CORNERS))
                     - (n >= POT_MIN ? POT_W * bb_popcount(around & E & ~b) : 0)
                     + ((b & CORNERS) ? 8 : 0);
                /* High in the tree a shallow search guesses better. */
                if (sd > 0) {
                    if (carry && !digits) {
                        oth_eval_digits(&dg, P, O);
                        digits = true;
                    }
                    if (carry)
                        oth_eval_digits_child(&dg, f, sq, &kid);
                    key -= oth_search_shallow(w, O & ~f, P | f | b, sd, carry ? &kid : NULL)
                         / SORT_EVAL_DIV;
                }
                else if (n >= SORT_EVAL_MIN && rep)
                    key -= eval_kid(w, &kids, P, O, f, sq, rep) / SORT_EVAL0_DIV;
            }
        }
        if (n > TT_MIN && n < ETC_MIN)
            oth_tt_prefetch(oth_solve_tt(w->s, n - 1), oth_tt_key(O & ~f, P | f | b) ^ OTH_SOLVE_SALT);
        m[count++] = (struct emove){sq, key, f};
    }
    return count;
}

/* Brings the best of m[k..count-1] to m[k], the others keeping their
 * order (the first of equal keys, as a stable sort would). Picked as the
 * search goes rather than sorted up front, since most nodes expected to
 * cut need only their first move: FFO #45-#52 and #53-#54 4-5% less
 * time than an insertion sort, the same nodes (one thread). */
static inline void pick_best(struct emove *m, int k, int count)
{
    int j = k;
    for (int i = k + 1; i < count; i++)
        if (m[i].key > m[j].key)
            j = i;
    if (j > k) {
        struct emove t = m[j];
        memmove(&m[k + 1], &m[k], (size_t)(j - k) * sizeof *m);
        m[k] = t;
    }
}

/* cut: expected to cut if the window is null. The first move of a node
 * expected to cut leads to one expected to fail low; every other move
 * (the first of a node expected to fail low, any move after the first)
 * to one expected to cut. */
static int deep(struct oth_worker *w, bb_t P, bb_t O, int alpha, int beta, int n, bool cut)
{
    if (n <= SHALLOW) {
        bb_t E = w->board & ~(P | O);
        if (n == 0)
            return oth_final(w, P, O);
        if (n == 1)
            return solve1(w, P, O, bb_first(E));
        return solve_shallow(w, P, O, alpha, beta, E, n);
    }
    if (oth_poll(w))
        return 0;
    bb_t moves = othello_moves(P, O, w->board);
    if (!moves) {
        if (!othello_moves(O, P, w->board))
            return oth_final(w, P, O);
        return -deep(w, O, P, -beta, -alpha, n, !cut);
    }
    int cap;
    if (n >= STABLE_MIN && stability_cut(w, P, O, alpha, &beta, &cap))
        return cap;
    struct oth_search *s = w->s;
    uint64_t key = 0;
    int ttmove = -1, alpha0 = alpha, beta0 = beta;
    int sure = w->pc_level ? w->pc_level : OTH_TT_SURE;
    bool use_tt = n >= TT_MIN && !s->plain;
    if (use_tt) {
        struct oth_tt_data d;
        key = oth_tt_key(P, O) ^ OTH_SOLVE_SALT;
        if (oth_tt_probe(oth_solve_tt(s, n), key, &d) && (ttmove = d.move, d.sel >= sure)) {
            if (d.lo >= beta)
                return d.lo;
            if (d.hi <= alpha || d.lo == d.hi)
                return d.hi;
            if (d.lo > alpha)
                alpha = d.lo;
            if (d.hi < beta)
                beta = d.hi;
            alpha0 = alpha;
            beta0 = beta;
        }
    }
    struct emove m[OTH_MAX_MOVES];
    bool beat[64], *beats = NULL;
    /* Enhanced transposition cut-off: a child already known to refute.
     * The probes also tell which children looked good in earlier passes.
     * Every child's bucket is requested before the first is read, so the
     * waits on memory overlap: FFO #45-#52 and #53-#54 took 5% less time
     * than probing each child as its key was made (one thread). */
    if (use_tt && n >= ETC_MIN) {
        beats = beat;
        struct oth_tt *ct = oth_solve_tt(s, n - 1);
        uint64_t ek[OTH_MAX_MOVES];
        int es[OTH_MAX_MOVES], ne = 0;
        for (bb_t mm = moves; mm; mm &= mm - 1) {
            int sq = bb_first(mm);
            bb_t b = 1ULL << sq, f = bb_flips(P, O, sq);
            ek[ne] = oth_tt_key(O & ~f, P | f | b) ^ OTH_SOLVE_SALT;
            oth_tt_prefetch(ct, ek[ne]);
            es[ne++] = sq;
        }
        for (int k = 0; k < ne; k++) {
            int sq = es[k];
            struct oth_tt_data d;
            beat[sq] = false;
            if (oth_tt_probe(ct, ek[k], &d)) {
                if (d.sel >= sure && -d.hi >= beta)
                    return -d.hi;
                beat[sq] = -d.hi > alpha;
            }
        }
    }
    if (w->pc_level && n >= PC_MIN) {
        int v;
        if (probcut(w, P, O, alpha, beta, n, &v))
            return v;
    }
    int best = -SCORE_INF, bestmove = -1, a = alpha;
    /* The table's move first, before the others are sorted: it refutes
     * often enough that the sorting (shallow searches high in the tree)
     * is skipped at most cut nodes. */
    bool searched = false;
    if (ttmove >= 0 && (moves >> ttmove & 1)) {
        bb_t b = 1ULL << ttmove, f = bb_flips(P, O, ttmove);
        uint64_t ck = n >= BUSY_MIN && s->cfg.threads > 1 ? oth_tt_key(O & ~f, P | f | b) : 0;
        if (ck)
            oth_busy_set(s->busy, ck);
        best = -deep(w, O & ~f, P | f | b, -beta, -a, n - 1, !cut);
        if (ck)
            oth_busy_clear(s->busy, ck);
        if (w->aborted)
            return 0;
        bestmove = ttmove;
        searched = true;
        moves &= ~b;
        if (best > a)
            a = best;
    }
    int count = a < beta ? gen_moves(w, P, O, moves, w->board & ~(P | O), n, -1, beats, m,
                                      beta - alpha > 1 ? 0 : cut ? 1 : -1) : 0;
    /* Simplified ABDADA: a move another thread is searching right now
     * waits until the others are done (it may be in the table by then). */
    bool share = n >= BUSY_MIN && s->cfg.threads > 1;
    int later[OTH_MAX_MOVES], nlater = 0;
    for (int k = 0; k < count + nlater; k++) {
        bool deferred = k >= count, first = k == 0 && !searched;
        if (!deferred)
            pick_best(m, k, count);
        int i = deferred ? later[k - count] : k;
        bb_t b = 1ULL << m[i].sq, f = m[i].f;
        bb_t P2 = O & ~f, O2 = P | f | b;
        uint64_t ck = 0;
        if (share && !(ck = claim(s, P2, O2, i, !first && !deferred, later, &nlater)))
            continue;
        int v;
        if (first || beta - a == 1) {
            v = -deep(w, P2, O2, -beta, -a, n - 1, !first || !cut);
        } else {
            v = -deep(w, P2, O2, -a - 1, -a, n - 1, true);
            if (v > a && v < beta)
                v = -deep(w, P2, O2, -beta, -a, n - 1, true);
        }
        if (ck)
            oth_busy_clear(s->busy, ck);
        if (w->aborted)
            return 0;
        if (v > best) {
            best = v;
            bestmove = m[i].sq;
            if (v > a) {
                a = v;
                if (a >= beta)
                    break;
            }
        }
    }
    if (use_tt)
        oth_tt_store_sel(oth_solve_tt(s, n), key, n, sure, best > alpha0 ? best : -SCORE_INF,
                         best < beta0 ? best : SCORE_INF, bestmove);
    return best;
}

/* One pass over the root moves within (alpha, beta); the best move moves
 * to the front for the next pass. Threads share out the root moves after
 * the first as the tree's nodes do: where the exact pass fails low at the
 * root (FFO #55), each move's proof is independent work: #55 with 2
 * threads took 296 and 309 s against 329 and 318 s (two pairs run in
 * turn); #53-#58 without #55 were unchanged within the noise. */
static int solve_root(struct oth_worker *w, bb_t P, bb_t O, int alpha, int beta,
                      struct emove *m, int count, int *bestmove)
{
    int n = bb_popcount(w->board & ~(P | O));
    int best = -SCORE_INF, a = alpha, at = 0;
    bool share = w->s->cfg.threads > 1 && !w->s->plain;
    w->st.lo = alpha;
    w->st.hi = beta;
    w->st.moves = count;
    w->st.moves_done = 0;
    int later[OTH_MAX_MOVES], nlater = 0;
    for (int k = 0; k < count + nlater; k++) {
        bool deferred = k >= count;
        int i = deferred ? later[k - count] : k;
        bb_t b = 1ULL << m[i].sq, f = m[i].f;
        bb_t P2 = O & ~f, O2 = P | f | b;
        uint64_t ck = 0;
        if (share && !(ck = claim(w->s, P2, O2, i, i != 0 && !deferred, later, &nlater)))
            continue;
        int v;
        if (i == 0) {
            v = -deep(w, P2, O2, -beta, -a, n - 1, true);
        } else {
            v = -deep(w, P2, O2, -a - 1, -a, n - 1, true);
            if (v > a && v < beta)
                v = -deep(w, P2, O2, -beta, -a, n - 1, true);
        }
        if (ck)
            oth_busy_clear(w->s->busy, ck);
        if (w->aborted)
            return 0;
        w->st.moves_done++;
        if (v > best) {
            best = v;
            at = i;
            if (v > a) {
                a = v;
                if (a >= beta)
                    break;
            }
        }
    }
    struct emove t = m[at];
    memmove(&m[1], &m[0], (size_t)at * sizeof m[0]);
    m[0] = t;
    *bestmove = t.sq;
    w->st.value = best;
    oth_solve_status(w, true);
    if (!w->s->plain)
        oth_tt_store_sel(oth_solve_tt(w->s, n), oth_tt_key(P, O) ^ OTH_SOLVE_SALT, n,
                         w->pc_level ? w->pc_level : OTH_TT_SURE,
                         best > alpha ? best : -SCORE_INF, best < beta ? best : SCORE_INF, t.sq);
    return best;
}

int oth_solve_window(struct oth_worker *w, bb_t P, bb_t O, int alpha, int beta)
{
    return deep(w, P, O, alpha, beta, bb_popcount(w->board & ~(P | O)), true);
}

/* The root within (alpha, beta), first by a window of guess +- width,
 * widened towards the side the value falls on. */
static int aspire(struct oth_worker *w, bb_t P, bb_t O, struct emove *m, int count,
                  int guess, int width, int alpha, int beta, int *best)
{
    struct oth_window win = oth_window_start(guess, width, alpha, beta);
    for (;;) {
        int v = solve_root(w, P, O, win.lo, win.hi, m, count, best);
        if (w->aborted)
            return 0;
        if (!oth_window_next(&win, v, alpha, beta))
            return v;
    }
}

/* The exact pass after the selective ones: null-window tests, the first
 * at the passes' guess, each next one beyond the bound the last returned
 * (fail-soft), until the bounds meet. A window (guess - 1, guess + 1)
 * instead must search on at every node worth exactly the guess rather
 * than cut there: where the guess was wrong, FFO #53 and #55 took 4.9%
 * and 2.4% fewer nodes with the tests (one thread); #45-#54 and #56-#58
 * otherwise within 0.2%. The best move is that of the last test that
 * failed high. */
static int null_tests(struct oth_worker *w, bb_t P, bb_t O, struct emove *m, int count,
                      int guess, int alpha, int beta, int *best)
{
    int lb = alpha + 1, ub = beta - 1, t = guess, b = -1;
    while (lb < ub) {
        t = t <= lb ? lb + 1 : t > ub ? ub : t;
        int mv, v = solve_root(w, P, O, t - 1, t, m, count, &mv);
        if (w->aborted)
            return 0;
        if (v >= t) {
            lb = v;
            b = mv;
            t = v + 1;
        } else {
            ub = v;
            b = b < 0 ? mv : b;
            t = v;
        }
    }
    *best = b;
    return lb;
}

struct solve_job {
    bb_t P, O;
    bool wld;
    int value[MAX_THREADS], best[MAX_THREADS];
    int sel_pass[MAX_THREADS], sel_best[MAX_THREADS], sel_value[MAX_THREADS];
};

/* The root: every move searched, the best one remembered. */
static void solve_job(struct oth_worker *w, void *arg)
{
    struct solve_job *j = arg;
    bb_t P = j->P, O = j->O;
    int n = bb_popcount(w->board & ~(P | O));
    int alpha = j->wld ? -1 : -SCORE_INF, beta = j->wld ? 1 : SCORE_INF;
    j->best[w->id] = -1;
    bb_t moves = othello_moves(P, O, w->board);
    if (!moves) {
        j->value[w->id] = othello_moves(O, P, w->board) ? -deep(w, O, P, -beta, -alpha, n, true)
                                                         : oth_final(w, P, O);
        return;
    }
    struct oth_tt_data d;
    int ttmove = -1;
    if (!w->s->plain && oth_tt_probe(oth_solve_tt(w->s, n), oth_tt_key(P, O) ^ OTH_SOLVE_SALT, &d))
        ttmove = d.move;
    struct emove m[OTH_MAX_MOVES];
    int count = gen_moves(w, P, O, moves, w->board & ~(P | O), n < FASTEST_MIN ? FASTEST_MIN : n, ttmove, NULL, m, 0);
    for (int k = 0; k < count; k++) /* solve_root takes them in order */
        pick_best(m, k, count);
    /* A shallow search's guess, then the selective passes: each fills the
     * table with the best moves for the next, so that the exact pass
     * starts with nearly perfect ordering and a narrow window. */
    int guess = 0;
    bool guessed = !w->s->plain && n >= SORT_SEARCH_MIN;
    if (guessed)
        guess = oth_search_shallow(w, P, O, n >= SORT_DEEPER ? 4 : 2, NULL) / OTH_EVAL_UNIT;
    int sel_min = w->s->cfg.selective_min ? w->s->cfg.selective_min : SEL_MIN;
    bool selected = !w->s->plain && sel_min > 0 && n >= sel_min && w->s->order;
    int levels = n >= PC_SURE_MIN ? PC_LEVELS + 1 : PC_LEVELS;
    w->st = (struct oth_solve_status){.empties = n, .passes = selected ? levels : 0};
    if (selected) {
        for (int level = 1; level <= levels; level++) {
            w->st.pass = level;
            w->st.sigmas = pc_t[level];
            w->pc_level = level;
            guess = aspire(w, P, O, m, count, guess, 4, -SCORE_INF, SCORE_INF, &j->best[w->id]);
            if (w->aborted)
                return;
            j->sel_pass[w->id] = level;
            j->sel_best[w->id] = j->best[w->id];
            j->sel_value[w->id] = guess;
        }
        w->pc_level = 0;
        w->st.pass = 0;
        w->st.sigmas = 0;
    }
    if (j->wld)
        j->value[w->id] = solve_root(w, P, O, alpha, beta, m, count, &j->best[w->id]);
    else if (selected)
        j->value[w->id] = null_tests(w, P, O, m, count, guess, alpha, beta, &j->best[w->id]);
    else if (guessed)
        j->value[w->id] = aspire(w, P, O, m, count, guess, 4, alpha, beta, &j->best[w->id]);
    else
        j->value[w->id] = solve_root(w, P, O, alpha, beta, m, count, &j->best[w->id]);
}

int oth_solve_run(struct oth_search *s, bb_t P, bb_t O, bb_t board, bool wld,
                  const struct oth_run *run, struct oth_progress *out)
{
    memset(out, 0, sizeof *out);
    struct oth_worker w[MAX_THREADS];
    struct solve_job j = {.P = P, .O = O, .wld = wld};
    s->run = run;
    int first = oth_run_workers(s, w, board, solve_job, &j);
    s->run = NULL;
    out->nodes = atomic_load(&s->nodes);
    out->elapsed = clock_now() - s->start;
    /* The passes of the thread that finished, else of the main thread. */
    int k = first < 0 ? 0 : first;
    if (j.sel_pass[k] > 0 && j.sel_best[k] >= 0) {
        out->sel_pass = j.sel_pass[k];
        out->sel_best = j.sel_best[k];
        out->sel_value = j.sel_value[k];
    }
    if (first < 0)
        return -1;
    int v = j.value[first];
    if (wld)
        v = v > 0 ? 1 : v < 0 ? -1 : 0;
    out->exact = true;
    out->wld = wld;
    out->value = v;
    out->best = j.best[first];
    out->depth = bb_popcount(board & ~(P | O));
    if (out->best >= 0)
        out->pv_len = oth_pv_from_tt(s, P, O, board, out->best, true, out->pv, SEARCH_MAX_PV);
    return 0;
}

int oth_solve(struct oth_search *s, bb_t P, bb_t O, bb_t board, bool wld,
              int *best, uint64_t *nodes)
{
    struct oth_run run = {0};
    struct oth_progress p;
    oth_solve_run(s, P, O, board, wld, &run, &p);
    if (best)
        *best = p.best;
    if (nodes)
        *nodes = p.nodes;
    return p.value;
}
