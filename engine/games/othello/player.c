/* The `alphabeta` player: Othello only. Iterative-deepening negascout with
 * the pattern evaluation (simple evaluation when no weights load), the
 * exact solver once the endgame fits the move's budget (under a
 * sudden-death clock, the plan of timeplan.c), GTP time budgets with a
 * safety margin, and progress reports for analyze. */
#include "book.h"
#include "othello.h"
#include "search.h"
#include "timeplan.h"

#include "engine/clock.h"
#include "engine/stop.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct ab_player {
    struct player_options opt;
    struct oth_search *search;
    const struct oth_weights *weights; /* shared (eval.h): not freed */
    const struct oth_book *book; /* shared, read-only; NULL: none */
    int threads;
    /* Empties of this game's last exact solve at the root (0: none): a
     * later move's endgame is already in the table. */
    int solved_at;
};

/* What reports carry besides the search's own numbers. */
struct ab_report {
    const struct search_limits *lim;
};

static bool ab_supports(const struct game *g) { return g == &othello_game; }

static int thread_count(const struct player_options *o)
{
    if (o->threads > 0)
        return o->threads > 64 ? 64 : o->threads;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* The opening book under opt: --no-book, --book FILE or the shipped one
 * when it is found. A book that does not load is noted once a process. */
static const struct oth_book *ab_book(const struct player_options *opt)
{
    char path[4096], err[600];
    const char *file = opt->book_file;
    if (opt->no_book || (!file && oth_book_default_path(path, sizeof path) != 0))
        return NULL;
    const struct oth_book *b = oth_book_shared(file ? file : path, err, sizeof err);
    static atomic_flag noted = ATOMIC_FLAG_INIT;
    if (!b && !atomic_flag_test_and_set(&noted))
        fprintf(stderr, "alphabeta: %s; playing without the opening book\n", err);
    return b;
}

static void *ab_create(const struct game *g, const struct player_options *opt)
{
    if (!ab_supports(g))
        return NULL;
    struct ab_player *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->opt = *opt;
    p->threads = thread_count(opt);
    p->book = ab_book(opt);
    /* The process's shared copy: a player is made for every new game and
     * every set_position, and reading the file each time cost ~15 ms. */
    char err[512];
    p->weights = oth_weights_shared_default(opt->eval_file, err, sizeof err);
    /* One note per process. */
    static atomic_flag noted = ATOMIC_FLAG_INIT;
    if (!p->weights && !atomic_flag_test_and_set(&noted))
        fprintf(stderr, "alphabeta: %s; playing with the simple evaluation\n", err);
    struct oth_search_config c = {
        .hash_mb = opt->hash_mb > 0 ? opt->hash_mb : 64,
        .threads = p->threads,
        .weights = p->weights,
        .order_weights = oth_order_weights_for(opt->order_eval_file, p->weights, "alphabeta"),
        .verbose = opt->verbose,
        .mpc = oth_mpc_shared(),
    };
    p->search = oth_search_new(&c);
    if (!p->search) {
        free(p);
        return NULL;
    }
    return p;
}

/* A new game of Othello (set_game, clear_board, boardsize, set_position):
 * the table is kept, not made again — remapping and faulting in its
 * 64 MiB cost about 7 ms of system time a game — and cleared, not kept
 * with its entries: they would be wrong on a board of another size (the
 * key is the discs alone), and a game would depend on the games before
 * it rather than on its moves and the seed. */
static void ab_reset(void *vp)
{
    struct ab_player *p = vp;
    oth_search_clear(p->search);
    p->solved_at = 0;
}

static void ab_destroy(void *vp)
{
    struct ab_player *p = vp;
    if (!p)
        return;
    oth_search_free(p->search);
    free(p);
}

/* Expected winning chance from a disc margin: a logistic curve with a
 * scale of 6 discs for estimates; certain for solved positions. */
static double winrate_of(int value, bool exact)
{
    if (exact)
        return value > 0 ? 1.0 : value < 0 ? 0.0 : 0.5;
    double margin = (double)value / OTH_EVAL_UNIT;
    return 1.0 / (1.0 + exp(-margin / 6.0));
}

static double winrate(const struct oth_progress *p)
{
    return winrate_of(p->value, p->exact);
}

/* analyze: every root move, ranked, from a multi_pv search. */
static void candidates_to_report(const struct oth_progress *p, struct search_report *r)
{
    r->count = p->ncand;
    for (int i = 0; i < p->ncand; i++) {
        const struct oth_candidate *k = &p->cand[i];
        struct search_candidate *c = &r->cand[i];
        c->move = k->sq;
        c->visits = (long)p->nodes;
        c->winrate = winrate_of(k->value, p->exact);
        c->has_score = true;
        c->score = p->exact ? k->value : (double)k->value / OTH_EVAL_UNIT;
        c->pv_len = k->pv_len > 0 ? k->pv_len : 1;
        c->pv[0] = k->sq;
        for (int j = 0; j < k->pv_len && j < SEARCH_MAX_PV; j++)
            c->pv[j] = k->pv[j] < 0 ? MOVE_PASS : k->pv[j];
    }
}

static void to_report(const struct oth_progress *p, struct search_report *r)
{
    memset(r, 0, sizeof *r);
    r->depth = p->depth;
    r->exact = p->exact && !p->wld;
    r->nodes = (long)p->nodes;
    r->elapsed = p->elapsed;
    if (p->ncand > 0 && !p->wld) {
        candidates_to_report(p, r);
        return;
    }
    if (p->best < 0 && p->pv_len == 0)
        return;
    struct search_candidate *c = &r->cand[0];
    r->count = 1;
    c->move = p->best < 0 ? MOVE_PASS : p->best;
    c->visits = (long)p->nodes;
    c->winrate = winrate(p);
    c->has_score = !p->wld;
    c->score = p->exact ? p->value : (double)p->value / OTH_EVAL_UNIT;
    c->pv_len = p->pv_len;
    for (int i = 0; i < p->pv_len && i < SEARCH_MAX_PV; i++)
        c->pv[i] = p->pv[i] < 0 ? MOVE_PASS : p->pv[i];
    if (c->pv_len == 0) {
        c->pv_len = 1;
        c->pv[0] = c->move;
    }
}

static void progress(void *ctx, const struct oth_progress *p)
{
    const struct search_limits *lim = ctx;
    struct search_report r;
    to_report(p, &r);
    lim->report(lim->report_ctx, &r);
}

/* analyze: the search is over but the answer must wait for stop. */
static void wait_for_stop(const struct search_limits *lim, const struct oth_progress *last)
{
    double next = clock_now();
    double every = lim->report_interval > 0 ? lim->report_interval : 1.0;
    while (!stop_requested(lim->stop)) {
        if (lim->report && clock_now() >= next) {
            progress((void *)lim, last);
            next = clock_now() + every;
        }
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
}

/* ---- the opening book ---- */

/* Book moves within this of the best are near-ties that the seed breaks
 * (half a disc: well inside the error of the book's searches). */
#define BOOK_NEAR_TIE (OTH_EVAL_UNIT / 2)

/* analyze: the book moves as candidates, marked as the book's, each with
 * the book's line after it. */
static void book_report(const struct oth_book *b, bb_t P, bb_t O,
                        const struct oth_book_move *m, int n, int depth,
                        struct search_report *r)
{
    memset(r, 0, sizeof *r);
    r->depth = depth;
    r->count = n < SEARCH_MAX_CANDIDATES ? n : SEARCH_MAX_CANDIDATES;
    for (int i = 0; i < r->count; i++) {
        struct search_candidate *c = &r->cand[i];
        int pv[SEARCH_MAX_PV];
        c->move = m[i].sq;
        c->winrate = winrate_of(m[i].value, false);
        c->has_score = true;
        c->score = (double)m[i].value / OTH_EVAL_UNIT;
        c->book = true;
        c->pv_len = oth_book_line(b, P, O, m[i].sq, pv, SEARCH_MAX_PV);
        for (int j = 0; j < c->pv_len; j++)
            c->pv[j] = pv[j];
    }
}

/* The book's move for (P to move, O), MOVE_NONE when the position is not
 * in the book: the best, or among near-ties the one the seed picks, so
 * that equal seeds replay equal games. analyze reports the book until
 * stopped. */
static move_t book_move(const struct ab_player *p, bb_t P, bb_t O,
                        const struct search_limits *lim, bool analyze)
{
    struct oth_book_move m[OTH_BOOK_MAX_MOVES];
    int depth, n = oth_book_lookup(p->book, P, O, m, OTH_BOOK_MAX_MOVES, &depth);
    if (n == 0)
        return MOVE_NONE;
    int near = 1;
    while (near < n && m[near].value >= m[0].value - BOOK_NEAR_TIE)
        near++;
    bb_t cP, cO;
    oth_book_canon(P, O, &cP, &cO);
    uint64_t h = p->opt.seed ^ cP * 0x9e3779b97f4a7c15ULL ^ cO * 0xc2b2ae3d27d4eb4fULL;
    h = (h ^ h >> 31) * 0xbf58476d1ce4e5b9ULL;
    move_t pick = m[(h ^ h >> 29) % (uint64_t)near].sq;
    if (p->opt.verbose && !analyze)
        fprintf(stderr, "alphabeta: book move %c%d of %d within half a disc of %+.2f (depth %d)\n",
                'a' + pick % 8, pick / 8 + 1, near, (double)m[0].value / OTH_EVAL_UNIT, depth);
    struct search_report r;
    if (lim->report)
        book_report(p->book, P, O, m, n, depth, &r);
    double next = 0, every = lim->report_interval > 0 ? lim->report_interval : 1.0;
    do {
        if (lim->report && clock_now() >= next) {
            lim->report(lim->report_ctx, &r);
            next = clock_now() + every;
        }
        if (analyze && !stop_requested(lim->stop))
            nanosleep(&(struct timespec){0, 1000000}, NULL);
    } while (analyze && !stop_requested(lim->stop));
    return pick;
}

/* --verbose: one line a move, how its time was set and spent. */
static void note_move(int empties, const char *what, double budget,
                      const struct oth_time_plan *plan, double clock, double took)
{
    fprintf(stderr, "alphabeta: %d empties, %s, budget %.3f s", empties, what, budget);
    if (plan)
        fprintf(stderr, " (%.1f%% of the clock's %.3f s; solve planned at %d empties)",
                100 * budget / clock, clock, plan->solve_at);
    fprintf(stderr, ", took %.3f s\n", took);
}

/* ---- a single legal move ---- */

/* A forced move's search may spend this share of the move's time: it
 * answers promptly, yet with the value a normal move would get. */
#define FORCED_SHARE 0.1

static move_t ab_think(struct ab_player *p, bb_t P, bb_t O, bb_t board,
                       const struct search_limits *lim);

/* A timed move (--time or a clock) at SEL_MIN_EMPTIES..SEL_MAX_EMPTIES
 * empties whose budget fits no solve: the solver's selective passes (to
 * the end, with ProbCut) after a midgame search of SEL_QUICK of the
 * budget, the deepest finished pass's move played. From 21 empties up the
 * midgame search chose better moves at blitz budgets (doc/othello.md,
 * "Blitz: the selective endgame and the solve estimate"). */
#define SEL_MIN_EMPTIES OTH_SELECTIVE_MIN
#define SEL_MAX_EMPTIES 20
#define SEL_QUICK 0.3

/* The reports of the position after a forced move, passed on as the
 * forced move's: its best line after the move (and a pass the move
 * forces), its value from the mover's side. */
struct forced {
    const struct search_limits *up;
    move_t pre[2];
    int npre;
    bool flip;   /* the opponent moves next: the value turns sign */
};

static void forced_report(void *ctx, const struct search_report *r)
{
    const struct forced *f = ctx;
    if (r->count <= 0)
        return;
    struct search_report q = *r;
    struct search_candidate *c = &q.cand[0];
    int n = c->pv_len + f->npre < SEARCH_MAX_PV ? c->pv_len : SEARCH_MAX_PV - f->npre;
    memmove(c->pv + f->npre, c->pv, (size_t)n * sizeof c->pv[0]);
    memcpy(c->pv, f->pre, (size_t)f->npre * sizeof c->pv[0]);
    c->pv_len = n + f->npre;
    c->move = f->pre[0];
    c->nvalues = 0;
    if (f->flip) {
        c->score = -c->score;
        c->winrate = 1 - c->winrate;
    }
    q.count = 1;
    f->up->report(f->up->report_ctx, &q);
}

/* The forced move ends the game: its exact margin (the empties to the
 * winner), reported once, or in analyze until stopped. */
static void report_final(const struct search_limits *lim, int sq, bb_t mine, bb_t theirs,
                         bb_t board, bool analyze)
{
    int empties = bb_popcount(board & ~(mine | theirs));
    int margin = bb_popcount(mine) - bb_popcount(theirs);
    margin += margin > 0 ? empties : margin < 0 ? -empties : 0;
    struct search_report r;
    memset(&r, 0, sizeof r);
    r.depth = empties;
    r.exact = true;
    r.count = 1;
    r.cand[0] = (struct search_candidate){.move = sq, .winrate = winrate_of(margin, true),
                                          .score = margin, .has_score = true, .pv_len = 1,
                                          .pv = {sq}};
    double every = lim->report_interval > 0 ? lim->report_interval : 1.0;
    for (double next = 0; lim->report || analyze;) {
        if (lim->report && clock_now() >= next) {
            lim->report(lim->report_ctx, &r);
            next = clock_now() + every;
        }
        if (!analyze || stop_requested(lim->stop))
            break;
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    }
}

/* The one legal move sq of (P, O), for a caller that reads values
 * (reports) or analyzes: the position after it searched as this one
 * would be — the same depth, solve and book rules — within FORCED_SHARE
 * of the time, its reports turned into sq's (NBoard's `=== F5/EVAL`,
 * hint and analyze lines show a value for every move). */
static move_t forced_move(struct ab_player *p, bb_t P, bb_t O, bb_t board, int sq,
                          const struct search_limits *lim, bool analyze)
{
    bb_t b = 1ULL << sq, fl = bb_flips(P, O, sq);
    bb_t theirs = O & ~fl, mine = P | fl | b;
    /* The child: the opponent to move, or the mover again after a pass. */
    bb_t cP = theirs, cO = mine;
    struct forced f = {.up = lim, .pre = {sq}, .npre = 1, .flip = true};
    if (!othello_moves(theirs, mine, board)) {
        if (!othello_moves(mine, theirs, board)) {
            report_final(lim, sq, mine, theirs, board, analyze);
            return sq;
        }
        f.pre[f.npre++] = MOVE_PASS;
        f.flip = false;
        cP = mine;
        cO = theirs;
    }
    struct search_limits child = *lim;
    if (lim->report) {
        child.report = forced_report;
        child.report_ctx = &f;
    }
    double budget = lim->seconds > 0 ? lim->seconds
                  : p->opt.depth == 0 && !analyze && lim->clock <= 0 ? p->opt.time_per_move : 0;
    child.seconds = budget * FORCED_SHARE;
    child.clock = lim->clock * FORCED_SHARE;
    ab_think(p, cP, cO, board, &child);
    return sq;
}

static move_t ab_genmove(void *vp, const void *st, const struct search_limits *lim)
{
    struct ab_player *p = vp;
    const struct othello *s = st;
    bb_t P = s->disc[s->side], O = s->disc[!s->side];
    if (s->over || !othello_moves(P, O, s->board))
        return MOVE_PASS;
    return ab_think(p, P, O, s->board, lim);
}

/* The move for (P to move, O), P having a legal move. */
static move_t ab_think(struct ab_player *p, bb_t P, bb_t O, bb_t board,
                       const struct search_limits *lim)
{
    bb_t moves = othello_moves(P, O, board);
    double start = clock_now();
    int empties = bb_popcount(board & ~(P | O));
    bool analyze = lim->seconds <= 0 && lim->playouts == 0 && p->opt.depth == 0 && lim->stop;
    move_t from_book = p->book && board == ~0ULL ? book_move(p, P, O, lim, analyze) : MOVE_NONE;
    if (from_book != MOVE_NONE)
        return from_book;
    /* Nobody reads a value (genmove): a single move is played at once. */
    if (bb_popcount(moves) == 1)
        return lim->report || analyze ? forced_move(p, P, O, board, bb_first(moves), lim, analyze)
                                      : bb_first(moves);

    double budget = lim->seconds > 0 ? lim->seconds
                  : p->opt.depth > 0 || analyze ? 0 : p->opt.time_per_move;
    /* Sudden death: the plan for the rest of the game sets the budget
     * and the solve (timeplan.c); otherwise the budget is this move's. */
    struct oth_time_plan plan;
    bool planned = lim->clock > 0 && p->opt.depth == 0 && !analyze;
    if (planned) {
        oth_time_plan(lim->clock, empties, p->threads,
                      p->solved_at > empties, &plan);
        budget = plan.budget;
    }
    /* Safety: the deadline falls short of the budget by 15% up to 10 ms,
     * leaving time to unwind, join threads and answer. (The clock's own
     * reserve for pipe latency is already out of the budget: timectl.c.) */
    double margin = budget * 0.15 < 0.01 ? budget * 0.15 : 0.01;
    double deadline = budget > 0 ? start + budget - margin : 0;
    struct oth_run run = {
        .deadline = deadline,
        .stop = lim->stop,
        .max_depth = p->opt.depth,
        .progress = lim->report ? progress : NULL,
        .ctx = (void *)lim,
        .interval = lim->report_interval > 0 ? lim->report_interval : 1.0,
        .multi_pv = analyze,
    };

    bool solve, wld;
    double quick = 0; /* seconds of midgame search before a solve */
    if (p->opt.exact_empties >= 0)
        solve = empties <= p->opt.exact_empties;
    else if (p->opt.depth > 0)
        solve = empties <= p->opt.depth;
    else if (analyze)
        solve = false; /* deepening reaches the end by itself */
    else if (planned)
        solve = plan.kind == OTH_PLAN_EXACT;
    else
        solve = oth_solve_estimate(empties, p->threads) <= 0.5 * budget;

    /* One or two empties more fit a win/draw/loss solve (a few times
     * faster): it plays a sure win or draw, else the midgame choice. */
    if (planned)
        wld = !solve && p->opt.exact_empties < 0 && plan.kind == OTH_PLAN_WLD;
    else
        wld = !solve && p->opt.exact_empties < 0 && p->opt.depth == 0 && !analyze
              && oth_solve_estimate(empties, p->threads) / 3 <= 0.5 * budget;
    if (planned && p->opt.exact_empties < 0)
        quick = plan.quick;
    else if (empties > 14 && deadline > 0)
        quick = 0.15 * (deadline - start);
    bool selective = !solve && !wld && !analyze && deadline > 0 && p->opt.exact_empties < 0
                     && p->opt.depth == 0 && empties >= SEL_MIN_EMPTIES
                     && empties <= SEL_MAX_EMPTIES;
    if (selective)
        quick = SEL_QUICK * (deadline - start);

    struct oth_progress mid = {.best = bb_first(moves)}, exact;
    move_t chosen;
    if (solve || wld || selective) {
        /* A quick midgame answer first, in case the solve is cut off. */
        if (quick > 0 && deadline > 0) {
            struct oth_run q = run;
            q.deadline = start + quick;
            oth_search_run(p->search, P, O, board, &q, &mid);
        }
        if (oth_solve_run(p->search, P, O, board, wld, &run, &exact) == 0 && exact.best >= 0
            && (!wld || exact.value >= 0)) {
            if (!wld)
                p->solved_at = empties;
            if (lim->report)
                progress((void *)lim, &exact);
            if (analyze)
                wait_for_stop(lim, &exact);
            chosen = exact.best;
        } else if (exact.sel_pass > 0 && (moves >> exact.sel_best & 1)) {
            /* Cut off (or a WLD loss): the last selective pass's move. */
            struct oth_progress sel = {.depth = empties, .value = exact.sel_value * OTH_EVAL_UNIT,
                                       .best = exact.sel_best, .nodes = exact.nodes,
                                       .elapsed = exact.elapsed, .pv_len = 1,
                                       .pv = {exact.sel_best}};
            if (lim->report)
                progress((void *)lim, &sel);
            chosen = exact.sel_best;
        } else {
            if (analyze)
                wait_for_stop(lim, &mid);
            chosen = mid.best;
        }
    } else {
        oth_search_run(p->search, P, O, board, &run, &mid);
        if (analyze)
            wait_for_stop(lim, &mid);
        chosen = mid.best >= 0 && (moves >> mid.best & 1) ? mid.best : bb_first(moves);
    }
    if (p->opt.verbose && !analyze)
        note_move(empties, solve ? "exact solve" : wld ? "win/draw/loss solve"
                           : selective ? "selective endgame" : "midgame search",
                  budget, planned ? &plan : NULL, lim->clock, clock_now() - start);
    return chosen;
}

const struct player_type alphabeta_player = {
    .name = "alphabeta",
    .doc = "Othello: negascout with pattern evaluation and exact endgame solver",
    .supports = ab_supports,
    .create = ab_create,
    .destroy = ab_destroy,
    .reset = ab_reset,
    .genmove = ab_genmove,
};
