/* The Othello midgame searcher: iterative-deepening negascout with
 * aspiration windows over bitboards, a shared transposition table, cheap
 * move ordering (table move, reply mobility, corners, parity) and lazy SMP
 * (helper threads search the same tree and share only the table). */
#include "othello.h"
#include "search_int.h"

#include "engine/clock.h"
#include "engine/stop.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_THREADS OTH_MAX_THREADS
#define CORNERS 0x8100000000000081ULL
#define XSQUARES 0x0042000000004200ULL
#define MID_SOLVE 14 /* the solver takes over a search that sees the end */
/* Multi-ProbCut from this depth: below it a cut test saves too little. */
#define MPC_MIN_DEPTH 3
/* The order's evaluation counts 1/MID_EVAL_DIV per unit: 64 per disc, as
 * much as a reply move (1/1 and 1/4: no better, 1/8 and 1/16: more
 * nodes; doc/othello.md). */
#define MID_EVAL_DIV 2

struct oth_search *oth_search_new(const struct oth_search_config *c)
{
    struct oth_search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->cfg = *c;
    /* Equal weights come from the shared loader as one copy (eval.h), so
     * the shipped ordering file, a byte copy of the play weights, makes
     * one evaluation with its entries shared: today's node counts. */
    s->order = c->order_weights ? c->order_weights : c->weights;
    s->order_salt = s->order == c->weights ? 0 : OTH_ORDER_SALT;
    s->mpc_t = c->mpc_t > 0 ? c->mpc_t : OTH_MPC_T;
    s->mpc_min_depth = c->mpc_min_depth > 0 ? c->mpc_min_depth : MPC_MIN_DEPTH;
    if (s->cfg.threads < 1)
        s->cfg.threads = 1;
    if (s->cfg.threads > MAX_THREADS)
        s->cfg.threads = MAX_THREADS;
    if (oth_tt_init(&s->tt, c->hash_mb) != 0) {
        free(s);
        return NULL;
    }
    if (oth_tt_init(&s->near, OTH_NEAR_MB) != 0) {
        oth_tt_free(&s->tt);
        free(s);
        return NULL;
    }
    return s;
}

void oth_search_free(struct oth_search *s)
{
    if (!s)
        return;
    oth_tt_free(&s->tt);
    oth_tt_free(&s->near);
    free(s);
}

/* Only searches store entries; each says so before it starts. */
static void mark_used(struct oth_search *s)
{
    s->tt.used = true;
    s->near.used = true;
}

/* A table no search wrote to since it was made or cleared is all zero:
 * it is not written again (a new game after a game without a search). */
void oth_search_clear(struct oth_search *s)
{
    if (s->tt.used)
        oth_tt_clear(&s->tt);
    if (s->near.used)
        oth_tt_clear(&s->near);
}

void oth_search_set_plain(struct oth_search *s, bool plain) { s->plain = plain; }

bool oth_worker_check(struct oth_worker *w)
{
    struct oth_search *s = w->s;
    if (atomic_load_explicit(&s->halt, memory_order_relaxed))
        return true;
    const struct oth_run *r = s->run;
    if (!r)
        return false;
    bool out = stop_requested(r->stop);
    if (r->status)
        atomic_store_explicit(&s->live[w->id], w->nodes, memory_order_relaxed);
    if (!out && (r->deadline > 0 || (w->id == 0 && (r->progress || r->status)))) {
        double now = clock_now();
        out = r->deadline > 0 && now >= r->deadline;
        if (!out && w->id == 0 && r->status && now >= w->next_report) {
            oth_solve_status(w, false);
        } else if (!out && w->id == 0 && r->progress && now >= w->next_report && r->multi_pv) {
            if (s->last && s->last->depth > 0)
                oth_report(w, s->last, false);
        } else if (!out && w->id == 0 && r->progress && now >= w->next_report && w->depth > 0) {
            struct oth_progress p = {.depth = w->depth, .exact = w->exact,
                                     .value = w->value, .best = w->best};
            p.pv_len = oth_pv_from_tt(s, s->root_P, s->root_O, w->board, w->best,
                                      false, p.pv, SEARCH_MAX_PV);
            oth_report(w, &p, false);
        }
    }
    if (out)
        atomic_store(&s->halt, 1);
    return out;
}

/* Whether the main worker reports now (forced, or its time has come);
 * if so the next report is due an interval later. */
static bool report_due(struct oth_worker *w, const struct oth_run *r, bool force, double *now)
{
    *now = clock_now();
    if (w->id != 0 || (!force && *now < w->next_report))
        return false;
    w->next_report = *now + (r->interval > 0 ? r->interval : 1.0);
    return true;
}

void oth_solve_status(struct oth_worker *w, bool force)
{
    struct oth_search *s = w->s;
    const struct oth_run *r = s->run;
    double now;
    if (!r || !r->status || !report_due(w, r, force, &now))
        return;
    struct oth_solve_status st = w->st;
    st.finished = force;
    st.nodes = w->nodes;
    for (int i = 1; i < s->cfg.threads; i++)
        st.nodes += atomic_load_explicit(&s->live[i], memory_order_relaxed);
    st.elapsed = now - s->start;
    r->status(r->ctx, &st);
}

void oth_report(struct oth_worker *w, const struct oth_progress *p, bool force)
{
    struct oth_search *s = w->s;
    const struct oth_run *r = s->run;
    double now;
    if (!r || !r->progress || !report_due(w, r, force, &now))
        return;
    struct oth_progress q = *p;
    q.nodes = atomic_load(&s->nodes) + w->nodes;
    q.elapsed = now - s->start;
    r->progress(r->ctx, &q);
}

struct thread_arg {
    struct oth_worker *w;
    void (*job)(struct oth_worker *w, void *arg);
    void *arg;
    int *first;
    pthread_mutex_t *lock;
};

static void *thread_main(void *p)
{
    struct thread_arg *t = p;
    t->job(t->w, t->arg);
    atomic_fetch_add(&t->w->s->nodes, t->w->nodes);
    if (!t->w->aborted) {
        pthread_mutex_lock(t->lock);
        if (*t->first < 0)
            *t->first = t->w->id;
        pthread_mutex_unlock(t->lock);
    }
    atomic_store(&t->w->s->halt, 1);
    return NULL;
}

int oth_run_workers(struct oth_search *s, struct oth_worker *w, bb_t board,
                    void (*job)(struct oth_worker *w, void *arg), void *arg)
{
    int n = s->cfg.threads, first = -1;
    pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    struct thread_arg t[MAX_THREADS];
    pthread_t th[MAX_THREADS];
    atomic_store(&s->halt, 0);
    atomic_store(&s->nodes, 0);
    s->start = clock_now();
    mark_used(s);
    oth_tt_age(&s->tt);
    oth_tt_age(&s->near);
    for (int i = 0; i < n; i++) {
        atomic_store_explicit(&s->live[i], 0, memory_order_relaxed);
        w[i] = (struct oth_worker){.s = s, .board = board, .id = i, .wt = s->cfg.weights,
                                   .squares = bb_popcount(board), .best = -1,
                                   .next_report = s->start + (s->run && s->run->interval > 0 ? s->run->interval : 1.0)};
        t[i] = (struct thread_arg){&w[i], job, arg, &first, &lock};
    }
    int started = 1;
    for (; started < n; started++)
        if (pthread_create(&th[started], NULL, thread_main, &t[started]) != 0)
            break;
    thread_main(&t[0]);
    for (int i = 1; i < started; i++)
        pthread_join(th[i], NULL);
    return first;
}

/* ---- midgame negascout ---- */

struct move_list {
    int n;
    int sq[OTH_MAX_MOVES];
    int key[OTH_MAX_MOVES];
};

/* Sets up the evaluation of the children of (P, O), from its digits when
 * the caller carried them down. */
static void kids_init(const struct oth_worker *w, struct oth_eval_kids *kids, bb_t P, bb_t O,
                      const struct oth_eval_digits *dg)
{
    if (dg)
        oth_eval_kids_init_digits(kids, w->wt, P, O, dg);
    else
        oth_eval_kids_init(kids, w->wt, P, O);
}

/* Adds moves to l after its first l->n, best first by a cheap guess: few
 * replies for the opponent (corners count double), own corners, no
 * X-squares next to an empty corner, and the evaluation after the move. */
static void order_moves(const struct oth_worker *w, bb_t P, bb_t O, bb_t moves,
                        int depth, struct move_list *l, const struct oth_eval_digits *dg)
{
    struct oth_eval_kids kids;
    kids.table = NULL;
    for (; moves; moves &= moves - 1) {
        int sq = bb_first(moves), key;
        if (w->s->plain) {
            key = 0;
        } else if (depth <= 2) {
            /* Near the leaves a mobility count costs more than it saves. */
            key = (1ULL << sq & CORNERS) ? 256 : (1ULL << sq & XSQUARES) ? -128 : 0;
        } else {
            bb_t b = 1ULL << sq, f = bb_flips(P, O, sq);
            bb_t rep = othello_moves(O & ~f, P | f | b, w->board);
            key = -64 * (bb_popcount(rep) + bb_popcount(rep & CORNERS));
            if (b & CORNERS)
                key += 256;
            if ((b & XSQUARES) && !(CORNERS & (P | O)))
                key -= 128;
            /* The evaluation after the move, a disc weighed like a reply
             * move: --midgame --depth 14 took 31% fewer nodes and 25% less
             * time (doc/othello.md). */
            if (rep && w->wt && w->board == ~0ULL) {
                if (!kids.table)
                    kids_init(w, &kids, P, O, dg);
                key -= oth_eval_kid(&kids, f, sq, O & ~f, P | f | b, rep) / MID_EVAL_DIV;
            }
        }
        int i = l->n++;
        while (i > 0 && l->key[i - 1] < key) {
            l->sq[i] = l->sq[i - 1];
            l->key[i] = l->key[i - 1];
            i--;
        }
        l->sq[i] = sq;
        l->key[i] = key;
    }
}

static int pvs(struct oth_worker *w, bb_t P, bb_t O, int alpha, int beta, int depth,
               const struct oth_eval_digits *dg);

/* Multi-ProbCut: a null-window shallow search beyond the bound that the
 * fitted regression maps to beta (or alpha), t sigmas sure, ends the node
 * with that bound. Only where the search does not reach the end of the
 * game (depth < empties), so exact values are never guessed. */
static bool probcut(struct oth_worker *w, bb_t P, bb_t O, int alpha, int beta,
                    int depth, int empties, int *out, const struct oth_eval_digits *dg)
{
    const struct oth_mpc_cut *c = oth_mpc_lookup(w->s->cfg.mpc, empties, depth);
    /* The parameters were fitted on the 8x8 board only. */
    if (!c || c->shallow >= depth || w->board != ~0ULL)
        return false;
    double t = w->s->mpc_t;
    if (beta < OTH_INF) {
        int bound = oth_mpc_bound_high(c, beta, t);
        if (bound < OTH_INF && pvs(w, P, O, bound - 1, bound, c->shallow, dg) >= bound) {
            *out = beta;
            return true;
        }
    }
    if (alpha > -OTH_INF && !w->aborted) {
        int bound = oth_mpc_bound_low(c, alpha, t);
        if (bound > -OTH_INF && pvs(w, P, O, bound, bound + 1, c->shallow, dg) <= bound) {
            *out = alpha;
            return true;
        }
    }
    return false;
}

/* pvs at depth 0 of the child P2, O2 after the move to sq flipping f,
 * evaluated from its parent's entries. */
static int leaf_kid(struct oth_worker *w, struct oth_eval_kids *kids, bb_t P2, bb_t O2,
                    bb_t f, int sq, int alpha, int beta)
{
    if (oth_poll(w))
        return 0;
    bb_t moves = othello_moves(P2, O2, w->board);
    if (moves)
        return oth_eval_kid(kids, f, sq, P2, O2, moves);
    if (!othello_moves(O2, P2, w->board))
        return oth_final(w, P2, O2) * OTH_EVAL_UNIT;
    return -pvs(w, O2, P2, -beta, -alpha, 0, NULL);
}

/* Moves sq, if listed after the first, to the second place: the table's
 * second move is tried first after its best one. */
static void first_of_rest(struct move_list *l, int sq)
{
    for (int i = 2; i < l->n; i++)
        if (l->sq[i] == sq) {
            int key = l->key[i];
            for (int k = i; k > 1; k--) {
                l->sq[k] = l->sq[k - 1];
                l->key[k] = l->key[k - 1];
            }
            l->sq[1] = sq;
            l->key[1] = key;
            return;
        }
}

/* dg: the pattern digits of (P, O), or NULL; from 2 plies above the
 * leaves each node carries them to its children (eval.h), which then set
 * up their own children's evaluations without reading the board. */
static int pvs(struct oth_worker *w, bb_t P, bb_t O, int alpha, int beta, int depth,
               const struct oth_eval_digits *dg)
{
    if (oth_poll(w))
        return 0;
    bb_t moves = othello_moves(P, O, w->board);
    if (!moves) {
        if (!othello_moves(O, P, w->board))
            return oth_final(w, P, O) * OTH_EVAL_UNIT;
        return -pvs(w, O, P, -beta, -alpha, depth, NULL);
    }
    if (depth <= 0)
        return oth_evaluate(w->wt, P, O, w->board);

    struct oth_search *s = w->s;
    /* Once the search sees the end of a small endgame, the solver is
     * many times faster and gives the same exact value. */
    int empties = bb_popcount(w->board & ~(P | O));
    if (depth >= empties && empties <= MID_SOLVE && !s->plain) {
        int a = alpha >= 0 ? alpha / OTH_EVAL_UNIT : -((-alpha + OTH_EVAL_UNIT - 1) / OTH_EVAL_UNIT);
        int b = beta >= 0 ? (beta + OTH_EVAL_UNIT - 1) / OTH_EVAL_UNIT : -(-beta / OTH_EVAL_UNIT);
        if (a < -64)
            a = -65;
        if (b > 64)
            b = 65;
        return oth_solve_window(w, P, O, a, b) * OTH_EVAL_UNIT;
    }
    uint64_t key = 0;
    int ttmove = -1, ttmove2 = -1;
    /* The table before ProbCut, whose shallow searches a settled node
     * need not pay (--midgame --depth 14: 21.7 M nodes against 36.5 M).
     * One ply above the leaves the children's evaluations (from this
     * node's pattern entries, with the weights) cost less than a miss. */
    bool use_tt = !s->plain && depth >= 2;
    if (use_tt) {
        struct oth_tt_data d;
        key = oth_tt_key(P, O) ^ w->salt;
        if (oth_tt_probe(&s->tt, key, &d)) {
            ttmove = d.move;
            ttmove2 = d.move2;
            /* Only equal depths cut, so that the table never changes a
             * fixed-depth value (tests compare with and without it). */
            if (d.depth == depth) {
                if (d.lo >= beta)
                    return d.lo;
                if (d.hi <= alpha)
                    return d.hi;
                if (d.lo == d.hi)
                    return d.lo;
            }
        }
    }
    struct oth_eval_digits own, kid;
    bool carry = depth >= 2 && w->wt && w->board == ~0ULL && !s->plain;
    if (carry && !dg) {
        oth_eval_digits(&own, P, O);
        dg = &own;
    }
    if (s->cfg.mpc && !s->plain && depth < empties && depth >= s->mpc_min_depth) {
        int v;
        if (probcut(w, P, O, alpha, beta, depth, empties, &v, dg))
            return v;
        if (w->aborted)
            return 0;
    }
    /* The table's move first, the others sorted only if it does not cut:
     * the same order as sorting all, without the sorting at most cut
     * nodes (as in the solver). */
    struct move_list l;
    l.n = 0;
    if (ttmove >= 0 && (moves >> ttmove & 1)) {
        l.sq[l.n] = ttmove;
        l.key[l.n++] = INT_MAX;
        moves &= ~(1ULL << ttmove);
    } else {
        order_moves(w, P, O, moves, depth, &l, dg);
        moves = 0;
    }
    int best = -OTH_INF, bestmove = -1, a = alpha;
    /* The last ply evaluates the children from this node's pattern
     * entries (eval.h). A leaf's value does not depend on the window, so
     * a null-window leaf that beats alpha is never searched again. */
    struct oth_eval_kids kids; /* read at the first child that needs it */
    kids.table = NULL;
    bool by_kids = depth == 1 && w->wt && w->board == ~0ULL;
    for (int i = 0; i < l.n; i++) {
        int sq = l.sq[i];
        bb_t b = 1ULL << sq, f = bb_flips(P, O, sq);
        bb_t P2 = O & ~f, O2 = P | f | b;
        int v;
        if (by_kids) {
            if (!kids.table)
                kids_init(w, &kids, P, O, dg);
            v = -leaf_kid(w, &kids, P2, O2, f, sq, -beta, -a);
        } else {
            const struct oth_eval_digits *kd = NULL;
            if (carry) {
                oth_eval_digits_child(dg, f, sq, &kid);
                kd = &kid;
            }
            if (i == 0) {
                v = -pvs(w, P2, O2, -beta, -a, depth - 1, kd);
            } else {
                v = -pvs(w, P2, O2, -a - 1, -a, depth - 1, kd);
                if (v > a && v < beta)
                    v = -pvs(w, P2, O2, -beta, -a, depth - 1, kd);
            }
        }
        if (w->aborted)
            return 0;
        if (v > best) {
            best = v;
            bestmove = sq;
            if (v > a) {
                a = v;
                if (a >= beta)
                    break;
            }
        }
        if (moves) {
            order_moves(w, P, O, moves, depth, &l, dg);
            moves = 0;
            first_of_rest(&l, ttmove2);
        }
    }
    if (use_tt)
        oth_tt_store(&s->tt, key, depth, best > alpha ? best : -OTH_INF,
                     best < beta ? best : OTH_INF, bestmove);
    return best;
}

/* The solver's searches: pvs with the ordering weights and their salt,
 * then the worker's own again (a midgame search may call the solver). */
static int order_search(struct oth_worker *w, bb_t P, bb_t O, int alpha, int beta, int depth,
                        const struct oth_eval_digits *dg)
{
    const struct oth_weights *wt = w->wt;
    uint64_t salt = w->salt;
    w->wt = w->s->order;
    w->salt = w->s->order_salt;
    int v = pvs(w, P, O, alpha, beta, depth, dg);
    w->wt = wt;
    w->salt = salt;
    return v;
}

int oth_search_shallow(struct oth_worker *w, bb_t P, bb_t O, int depth,
                       const struct oth_eval_digits *dg)
{
    return order_search(w, P, O, -OTH_INF, OTH_INF, depth, dg);
}

int oth_search_window(struct oth_worker *w, bb_t P, bb_t O, int alpha, int beta, int depth)
{
    return order_search(w, P, O, alpha, beta, depth, NULL);
}

/* Root of one iteration: moves in the order of the last iteration. */
/* multi_pv (the main worker of an analysis): every move searched with a
 * full window, values kept in l->key, the list sorted best first. */
static int root_all(struct oth_worker *w, bb_t P, bb_t O, struct move_list *l,
                    int depth, int *bestmove)
{
    for (int i = 0; i < l->n; i++) {
        int sq = l->sq[i];
        bb_t b = 1ULL << sq, f = bb_flips(P, O, sq);
        l->key[i] = -pvs(w, O & ~f, P | f | b, -OTH_INF, OTH_INF, depth - 1, NULL);
        if (w->aborted)
            return 0;
        if (i == 0 || l->key[i] > w->value) {
            w->best = sq;
            w->value = l->key[i];
        }
    }
    for (int i = 1; i < l->n; i++) /* stable insertion sort, best first */
        for (int j = i; j > 0 && l->key[j] > l->key[j - 1]; j--) {
            int t = l->key[j]; l->key[j] = l->key[j - 1]; l->key[j - 1] = t;
            t = l->sq[j]; l->sq[j] = l->sq[j - 1]; l->sq[j - 1] = t;
        }
    *bestmove = l->sq[0];
    if (!w->s->plain)
        oth_tt_store(&w->s->tt, oth_tt_key(P, O), depth, l->key[0], l->key[0], l->sq[0]);
    return l->key[0];
}

static int root(struct oth_worker *w, bb_t P, bb_t O, struct move_list *l,
                int alpha, int beta, int depth, int *bestmove)
{
    if (w->id == 0 && w->s->run && w->s->run->multi_pv)
        return root_all(w, P, O, l, depth, bestmove);
    int best = -OTH_INF, a = alpha, at = 0;
    for (int i = 0; i < l->n; i++) {
        int sq = l->sq[i];
        bb_t b = 1ULL << sq, f = bb_flips(P, O, sq);
        int v;
        if (i == 0) {
            v = -pvs(w, O & ~f, P | f | b, -beta, -a, depth - 1, NULL);
        } else {
            v = -pvs(w, O & ~f, P | f | b, -a - 1, -a, depth - 1, NULL);
            if (v > a && v < beta)
                v = -pvs(w, O & ~f, P | f | b, -beta, -a, depth - 1, NULL);
        }
        if (w->aborted)
            return 0;
        if (v > best) {
            best = v;
            at = i;
            if (w->id == 0 && v > alpha) {
                w->best = sq;
                w->value = v;
            }
            if (v > a) {
                a = v;
                if (a >= beta)
                    break;
            }
        }
    }
    /* The best move leads the next iteration. */
    int sq = l->sq[at];
    memmove(&l->sq[1], &l->sq[0], (size_t)at * sizeof l->sq[0]);
    l->sq[0] = sq;
    *bestmove = sq;
    if (!w->s->plain)
        oth_tt_store(&w->s->tt, oth_tt_key(P, O), depth, best > alpha ? best : -OTH_INF,
                     best < beta ? best : OTH_INF, sq);
    return best;
}

/* One iteration with an aspiration window around the last value. */
static int aspirate(struct oth_worker *w, bb_t P, bb_t O, struct move_list *l,
                    int depth, int guess, int *bestmove)
{
    if (w->id == 0 && w->s->run && w->s->run->multi_pv)
        return root(w, P, O, l, -OTH_INF, OTH_INF, depth, bestmove);
    int delta = 2 * OTH_EVAL_UNIT;
    int alpha = depth >= 4 ? guess - delta : -OTH_INF;
    int beta = depth >= 4 ? guess + delta : OTH_INF;
    for (;;) {
        if (alpha < -OTH_INF)
            alpha = -OTH_INF;
        if (beta > OTH_INF)
            beta = OTH_INF;
        int v = root(w, P, O, l, alpha, beta, depth, bestmove);
        if (w->aborted)
            return 0;
        if (v <= alpha && alpha > -OTH_INF)
            alpha = v - delta;
        else if (v >= beta && beta < OTH_INF)
            beta = v + delta;
        else
            return v;
        delta *= 4;
    }
}

/* multi_pv: the ranked root moves of the iteration just completed. */
static void fill_candidates(struct oth_search *s, bb_t P, bb_t O, bb_t board,
                            const struct move_list *l, struct oth_progress *o)
{
    o->ncand = l->n < SEARCH_MAX_CANDIDATES ? l->n : SEARCH_MAX_CANDIDATES;
    for (int i = 0; i < o->ncand; i++) {
        struct oth_candidate *c = &o->cand[i];
        c->sq = l->sq[i];
        c->value = o->exact ? l->key[i] / OTH_EVAL_UNIT : l->key[i];
        c->pv_len = oth_pv_from_tt(s, P, O, board, c->sq, false, c->pv, SEARCH_MAX_PV);
    }
    s->last = o;
}

struct mid_job {
    bb_t P, O;
    int max_depth;
    struct oth_progress *out; /* written by the main worker */
    bool completed;            /* at least one iteration */
};

static void mid_job(struct oth_worker *w, void *arg)
{
    struct mid_job *j = arg;
    struct oth_search *s = w->s;
    bb_t empties = w->board & ~(j->P | j->O);
    int left = bb_popcount(empties);
    struct move_list l;
    l.n = 0;
    order_moves(w, j->P, j->O, othello_moves(j->P, j->O, w->board), 64, &l, NULL);
    /* Helpers start one ply deeper every other thread, so that they fill
     * the table ahead of the main worker. */
    int guess = 0;
    for (int d = 1 + (w->id & 1); d <= j->max_depth; d++) {
        int bestmove;
        w->depth = d - 1;
        int v = aspirate(w, j->P, j->O, &l, d, guess, &bestmove);
        if (w->aborted)
            return;
        guess = v;
        if (w->id == 0) {
            struct oth_progress *o = j->out;
            o->depth = d;
            o->exact = d >= left;
            o->value = o->exact ? v / OTH_EVAL_UNIT : v;
            o->best = bestmove;
            o->pv_len = oth_pv_from_tt(s, j->P, j->O, w->board, bestmove, false,
                                       o->pv, SEARCH_MAX_PV);
            if (s->run && s->run->multi_pv)
                fill_candidates(s, j->P, j->O, w->board, &l, o);
            j->completed = true;
            w->best = bestmove;
            w->value = o->value;
            w->exact = o->exact;
            w->depth = d;
            oth_report(w, o, true);
            if (o->exact)
                break;
        }
    }
    /* Helpers that run out of depths wait for the main worker to end. */
    while (w->id != 0 && !atomic_load(&s->halt)) {
        struct timespec ts = {0, 200 * 1000};
        nanosleep(&ts, NULL);
    }
}

int oth_pv_from_tt(struct oth_search *s, bb_t P, bb_t O, bb_t board, int first,
                   bool solver, int *pv, int cap)
{
    int n = 0, sq = first;
    while (n < cap) {
        bb_t moves = othello_moves(P, O, board);
        if (!moves) {
            if (!othello_moves(O, P, board))
                break;
            pv[n++] = -1;
            bb_t t = P;
            P = O;
            O = t;
            continue;
        }
        if (sq < 0 || !(moves >> sq & 1)) {
            struct oth_tt_data d;
            uint64_t key = oth_tt_key(P, O) ^ (solver ? OTH_SOLVE_SALT : 0);
            struct oth_tt *t = solver ? oth_solve_tt(s, bb_popcount(board & ~(P | O))) : &s->tt;
            if (s->plain || !oth_tt_probe(t, key, &d) || d.move < 0 || !(moves >> d.move & 1))
                break;
            sq = d.move;
        }
        pv[n++] = sq;
        bb_t b = 1ULL << sq, f = bb_flips(P, O, sq), t = P | f | b;
        P = O & ~f;
        O = t;
        sq = -1;
    }
    return n;
}

int oth_search_run(struct oth_search *s, bb_t P, bb_t O, bb_t board,
                   const struct oth_run *run, struct oth_progress *out)
{
    memset(out, 0, sizeof *out);
    bb_t moves = othello_moves(P, O, board);
    out->best = moves ? bb_first(moves) : -1;
    if (!moves)
        return -1; /* a pass or the end: nothing to choose */
    struct oth_worker w[MAX_THREADS];
    struct mid_job j = {P, O, run->max_depth > 0 ? run->max_depth : 64, out, false};
    if (j.max_depth > 64)
        j.max_depth = 64;
    s->run = run;
    s->root_P = P;
    s->root_O = O;
    s->last = NULL;
    oth_run_workers(s, w, board, mid_job, &j);
    s->run = NULL;
    s->last = NULL;
    out->nodes = atomic_load(&s->nodes);
    out->elapsed = clock_now() - s->start;
    return j.completed ? 0 : -1;
}

int oth_search_fixed(struct oth_search *s, bb_t P, bb_t O, bb_t board,
                     int depth, int *best)
{
    struct oth_run run = {.max_depth = depth < 1 ? 1 : depth};
    struct oth_progress p;
    if (!othello_moves(P, O, board)) {
        /* A pass or the end: search from the opponent's side. */
        struct oth_worker w = {.s = s, .board = board, .squares = bb_popcount(board),
                               .wt = s->cfg.weights};
        s->run = &run;
        atomic_store(&s->halt, 0);
        mark_used(s);
        int v = -pvs(&w, O, P, -OTH_INF, OTH_INF, depth, NULL);
        if (!othello_moves(O, P, board))
            v = oth_final(&w, P, O) * OTH_EVAL_UNIT;
        s->run = NULL;
        if (best)
            *best = -1;
        return v;
    }
    if (s->plain) {
        /* One plain alpha-beta pass at the full depth. */
        struct oth_worker w = {.s = s, .board = board, .squares = bb_popcount(board),
                               .wt = s->cfg.weights};
        s->run = &run;
        atomic_store(&s->halt, 0);
        struct move_list l;
        l.n = 0;
        order_moves(&w, P, O, othello_moves(P, O, board), depth, &l, NULL);
        int bm = -1;
        int v = root(&w, P, O, &l, -OTH_INF, OTH_INF, depth, &bm);
        s->run = NULL;
        if (best)
            *best = bm;
        return v;
    }
    oth_search_run(s, P, O, board, &run, &p);
    if (best)
        *best = p.best;
    return p.exact ? p.value * OTH_EVAL_UNIT : p.value;
}
