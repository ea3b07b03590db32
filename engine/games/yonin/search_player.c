/* Yonin search players: one driver for `maxn` and `paranoid`.
 *
 * - Team game (A+C against B+D): both players search it as the two-player
 *   game it is, alpha-beta with the mover's team maximising (the coalition
 *   search), exactly on the final team score lead near the end.
 * - Otherwise iterative deepening of max-n (`maxn`) or of the mover
 *   against the other three (`paranoid`), and near the end the exact max-n
 *   on final scores (each seat maximising its own score), for both.
 * - Time: the deadline falls 15% (at most 10 ms) short of lim->seconds; a
 *   new depth starts only while the time left is thrice the last one's; an
 *   unfinished depth still counts when the previous best was searched
 *   first and another move beat it. opt->depth fixes the depth instead;
 *   opt->exact_empties (>= 0) fixes when the exact search takes over.
 * - Reports (analyze): per root move the mover's value as a win rate (the
 *   value over YN_VSUM / 2: the expected outcome, 0.5 an average seat; in
 *   the team game the team's share), the mover's own score at the end of
 *   the best variation as the score (exact: its final score; team: the
 *   team's lead), nodes as visits, and the depth. */
#include "search_player.h"
#include "search.h"

#include "engine/clock.h"
#include "engine/stop.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The exact search is tried when its estimated time fits this share of
 * the budget, and given at most that share (then the heuristic search
 * takes over); analyze tries it up to these empties. */
#define EXACT_SHARE 0.5
#define ANALYZE_EXACT_MAXN 10
#define ANALYZE_EXACT_TEAM 14
/* A new depth starts only when the time left is this many times what the
 * last one took (the tree grows about threefold per ply). */
#define NEXT_DEPTH_FACTOR 3.0

struct yn_player {
    struct player_options opt;
    enum yn_kind kind;
    struct yn_search *s;
};

/* What one genmove searches and how its values read. */
struct plan {
    const struct yonin *y;
    bool coalition;     /* alpha-beta (paranoid or team) rather than max-n */
    bool exact;
    bool all_moves;     /* analyze: every root move exact */
    double start;
};

bool yn_player_supports(const struct game *g)
{
    return g == &yonin_game;
}

void *yn_player_create(const struct game *g, const struct player_options *opt,
                       enum yn_kind kind)
{
    if (!yn_player_supports(g))
        return NULL;
    struct yn_player *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->opt = *opt;
    p->kind = kind;
    p->s = yn_search_new(opt->hash_mb > 0 ? opt->hash_mb : 64);
    if (!p->s) {
        free(p);
        return NULL;
    }
    return p;
}

void yn_player_destroy(void *vp)
{
    struct yn_player *p = vp;
    if (!p)
        return;
    yn_search_free(p->s);
    free(p);
}

/* Rough seconds of an exact search from `empties`, fitted to
 * quartet-yonin-bench --endgame 10/12/14 (means of 10 random positions):
 * max-n 0.025 s at 10 empties, about x3.5 per empty (it cannot prune
 * much); the team alpha-beta 0.01 s at 10, about x1.9 per empty. */
static double exact_estimate(int empties, bool team)
{
    double t = team ? 0.01 : 0.025, f = team ? 1.9 : 3.5;
    for (int e = 10; e < empties; e++)
        t *= f;
    for (int e = empties; e < 10; e++)
        t /= f;
    return t;
}

/* ---- reports ---- */

static double clamp01(double x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* The mover's value of root move i, higher better. */
static int mover_value(const struct plan *pl, const struct yn_root *r, int i)
{
    return pl->coalition ? r->v[i][0] : r->v[i][pl->y->mover];
}

/* Seat `seat`'s value of root move i in [0,1]; for the coalition searches
 * only the mover's is known. */
static double seat_value(const struct plan *pl, const struct yn_root *r, int i, int seat)
{
    if (pl->exact && pl->coalition) {
        int lead = r->v[i][0];
        return lead > 0 ? 1.0 : lead < 0 ? 0.0 : 0.5;
    }
    if (pl->exact) { /* rank outcome of the final scores */
        double pts = 0;
        for (int o = 0; o < NSEATS; o++)
            if (o != seat)
                pts += r->v[i][seat] > r->v[i][o] ? 1.0 : r->v[i][seat] == r->v[i][o] ? 0.5 : 0;
        return pts / 3;
    }
    double scale = pl->coalition && pl->y->flags & YONIN_TEAM ? YN_VSUM : YN_VHALF;
    return clamp01((pl->coalition ? r->v[i][0] : r->v[i][seat]) / scale);
}

static double winrate_of(const struct plan *pl, const struct yn_root *r, int i)
{
    return seat_value(pl, r, i, pl->y->mover);
}

/* The mover's score (team: the team's lead) after playing pv from the root. */
static double score_after(const struct yonin *y, const move_t *pv, int n)
{
    const struct yn_geometry *g = yn_geo(y->size);
    bb_t d[2] = {y->disc[0], y->disc[1]};
    int seat = y->mover;
    for (int i = 0; i < n; i++, seat = (seat + 1) & 3)
        if (pv[i] != MOVE_PASS)
            yn_put_disc(d, seat & 1, pv[i]);
    int me = y->mover, sc[NSEATS];
    for (int k = 0; k < NSEATS; k++)
        sc[k] = yn_seat_score(g, d, k);
    if (y->flags & YONIN_TEAM)
        return sc[me] + sc[(me + 2) & 3] - sc[(me + 1) & 3] - sc[(me + 3) & 3];
    return sc[me];
}

static void fill_report(const struct plan *pl, const struct yn_root *r, int depth,
                        long long nodes, struct search_report *rep)
{
    memset(rep, 0, sizeof *rep);
    rep->depth = depth;
    rep->nodes = (long)nodes;
    rep->elapsed = clock_now() - pl->start;
    if (r->best < 0)
        return;
    int idx[YN_MAX_ROOT], n = 0;
    idx[n++] = r->best;
    /* Alpha-beta's other root values are bounds unless all were exact. */
    if (!pl->coalition || pl->all_moves)
        for (int i = 0; i < r->n; i++)
            if (i != r->best)
                idx[n++] = i;
    for (int a = 2; a < n; a++) /* by value, best first (best stays first) */
        for (int b = a; b > 1 && mover_value(pl, r, idx[b]) > mover_value(pl, r, idx[b - 1]); b--) {
            int t = idx[b];
            idx[b] = idx[b - 1];
            idx[b - 1] = t;
        }
    if (n > SEARCH_MAX_CANDIDATES)
        n = SEARCH_MAX_CANDIDATES;
    rep->count = n;
    for (int k = 0; k < n; k++) {
        struct search_candidate *c = &rep->cand[k];
        int i = idx[k];
        c->move = r->move[i];
        c->visits = (long)nodes;
        c->winrate = winrate_of(pl, r, i);
        if (!pl->coalition) {   /* max-n knows every seat's value */
            c->nvalues = NSEATS;
            for (int s = 0; s < NSEATS; s++)
                c->values[s] = seat_value(pl, r, i, s);
        }
        c->pv_len = r->pv_len[i] < SEARCH_MAX_PV ? r->pv_len[i] : SEARCH_MAX_PV;
        memcpy(c->pv, r->pv[i], sizeof(move_t) * (size_t)c->pv_len);
        c->has_score = true;
        if (pl->exact)
            c->score = pl->coalition ? r->v[i][0] : r->v[i][pl->y->mover];
        else
            c->score = score_after(pl->y, r->pv[i], r->pv_len[i]);
    }
}

static void report(const struct search_limits *lim, const struct plan *pl,
                   const struct yn_root *r, int depth, long long nodes)
{
    if (!lim->report || r->best < 0)
        return;
    struct search_report rep;
    fill_report(pl, r, depth, nodes, &rep);
    lim->report(lim->report_ctx, &rep);
}

/* analyze: the search is done but the answer waits for stop. */
static void wait_for_stop(const struct search_limits *lim, const struct plan *pl,
                          const struct yn_root *r, int depth, long long nodes)
{
    double every = lim->report_interval > 0 ? lim->report_interval : 1.0;
    double next = clock_now() + every;
    while (!stop_requested(lim->stop)) {
        if (clock_now() >= next) {
            report(lim, pl, r, depth, nodes);
            next = clock_now() + every;
        }
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
}

/* ---- the search ---- */

static bool run_depth(struct yn_search *s, const struct plan *pl, int depth,
                      struct yn_root *r)
{
    if (pl->coalition)
        return yn_coalition_root(s, pl->y, yn_coalition_of(pl->y), depth, pl->exact,
                                 pl->all_moves, r);
    return pl->exact ? yn_maxn_exact(s, pl->y, r) : yn_maxn_root(s, pl->y, depth, r);
}

/* Iterative deepening into *best; returns its depth (0: none finished). */
static int deepen(struct yn_player *p, struct plan *pl, const struct search_limits *lim,
                  double deadline, struct yn_root *best)
{
    struct yn_search *s = p->s;
    int done = 0;
    struct yn_root r;
    for (int d = 1; d <= YN_MAX_DEPTH; d++) {
        double t0 = clock_now();
        s->eval_leaf = false;
        bool ok = run_depth(s, pl, d, &r);
        if (!ok) {
            /* Unfinished: trust a move that beat the previous best. */
            if (done && r.best > 0 && r.move[0] == best->move[best->best]) {
                *best = r;
                if (!pl->coalition || pl->all_moves)
                    best->n = r.n;
            }
            break;
        }
        *best = r;
        done = d;
        report(lim, pl, best, d, s->nodes);
        if (!s->eval_leaf || (p->opt.depth > 0 && d >= p->opt.depth))
            break; /* the whole tree ended in finished games, or depth fixed */
        double now = clock_now();
        if (deadline > 0 && (now - t0) * NEXT_DEPTH_FACTOR > deadline - now)
            break;
    }
    return done;
}

static bool try_exact(struct yn_player *p, struct plan *pl, const struct search_limits *lim,
                      double deadline, struct yn_root *out)
{
    struct yn_search *s = p->s;
    double old = s->deadline;
    s->deadline = deadline;
    pl->exact = true;
    bool ok = run_depth(s, pl, 1, out);
    s->deadline = old;
    s->aborted = false;
    if (ok && out->best >= 0) {
        report(lim, pl, out, 0, s->nodes);
        return true;
    }
    pl->exact = false;
    return false;
}

move_t yn_player_genmove(void *vp, const void *st, const struct search_limits *lim)
{
    struct yn_player *p = vp;
    const struct yonin *y = st;
    if (y->mover < 0)
        return MOVE_PASS;
    const struct yn_geometry *g = yn_geo(y->size);
    bb_t moves = yn_seat_moves(g, y->disc[0], y->disc[1], y->mover);
    if (!moves)
        return MOVE_PASS;
    double start = clock_now();
    bool analyze = lim->seconds <= 0 && lim->playouts == 0 && p->opt.depth == 0 && lim->stop;
    if (bb_popcount(moves) == 1 && !analyze)
        return bb_first(moves);

    double budget = lim->seconds > 0 ? lim->seconds
                  : p->opt.depth > 0 || analyze ? 0 : p->opt.time_per_move;
    double margin = budget * 0.15 < 0.01 ? budget * 0.15 : 0.01;
    double deadline = budget > 0 ? start + budget - margin : 0;
    struct yn_search *s = p->s;
    yn_search_begin(s, y);
    s->stop = lim->stop;
    s->deadline = deadline;

    struct plan pl = {
        .y = y,
        .coalition = p->kind == YN_KIND_PARANOID || (y->flags & YONIN_TEAM),
        .all_moves = analyze,
        .start = start,
    };
    int empties = bb_popcount(g->board & ~(y->disc[0] | y->disc[1]));
    bool team = (y->flags & YONIN_TEAM) != 0, exact;
    if (p->opt.exact_empties >= 0)
        exact = empties <= p->opt.exact_empties;
    else if (p->opt.depth > 0)
        exact = false;
    else if (analyze)
        exact = empties <= (team ? ANALYZE_EXACT_TEAM : ANALYZE_EXACT_MAXN);
    else
        exact = exact_estimate(empties, team) <= EXACT_SHARE * budget;
    /* Paranoid's exact endgame is max-n too: each seat for its own score. */
    struct yn_root best = {.best = -1};
    if (exact) {
        struct plan ex = pl;
        if (!team)
            ex.coalition = false;
        double cut = deadline > 0 && p->opt.exact_empties < 0
                   ? start + EXACT_SHARE * (deadline - start) : deadline;
        if (try_exact(p, &ex, lim, cut, &best)) {
            if (analyze)
                wait_for_stop(lim, &ex, &best, 0, s->nodes);
            return best.move[best.best];
        }
        if (stop_requested(s->stop))
            return bb_first(moves);
    }
    int depth = deepen(p, &pl, lim, deadline, &best);
    if (analyze)
        wait_for_stop(lim, &pl, &best, depth, s->nodes);
    if (best.best < 0)
        return bb_first(moves);
    move_t m = best.move[best.best];
    return m >= 0 && (moves >> m & 1) ? m : bb_first(moves);
}
