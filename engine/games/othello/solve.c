/* The `solve` and `solve_wld` commands: an exact solve of the current
 * position with the engine's thread and table settings, answered as the
 * best move, the margin (or win/draw/loss) and the principal variation. */
#include "othello.h"
#include "search.h"
#include "solve.h"
#include "engine/clock.h"
#include "engine/stop.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int threads_of(const struct player_options *opt)
{
    if (opt && opt->threads > 0)
        return opt->threads > 64 ? 64 : opt->threads;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* Appends a square name (or pass) to out at *len. */
static void put_square(char *out, size_t cap, size_t *len, int sq, bool space)
{
    if (*len >= cap)
        return;
    int k = sq < 0 ? snprintf(out + *len, cap - *len, "%spass", space ? " " : "")
                   : snprintf(out + *len, cap - *len, "%s%c%d", space ? " " : "",
                              'a' + sq % 8, sq / 8 + 1);
    if (k > 0)
        *len += (size_t)k;
}

/* What solve keeps in the session's ctx between commands: the searcher
 * and its table. Solver entries are exact bounds on a position's final
 * margin (keyed by its discs, valid for any window, so exact and WLD
 * solves share them) and the midgame entries its move ordering stores
 * depend only on the weights; so the table stays valid from one command to
 * the next, and is made anew only when what it was made with changes. */
struct solve_keep {
    struct oth_search *search;
    int hash_mb, threads;
    const struct oth_weights *weights;
    bb_t board;        /* the key is the discs alone: another board size
                        * (boardsize 6) must not read 8x8 entries */
    uint64_t nodes;    /* of the last command, for tests and -v */
    int solves;        /* commands run with this table */
};

static void keep_free(struct solve_keep *k)
{
    if (k) {
        oth_search_free(k->search);
        free(k);
    }
}

void othello_commands_free(void *ctx)
{
    keep_free(ctx);
}

uint64_t othello_solve_nodes(const void *ctx)
{
    const struct solve_keep *k = ctx;
    return k ? k->nodes : 0;
}

/* The searcher for this solve: the kept one when it still fits, else a
 * new one, kept in *ctx when there is a ctx. NULL when out of memory. */
static struct solve_keep *keep_for(void **ctx, const struct player_options *opt, bb_t board)
{
    /* The trained weights order the solver's moves far better than the
     * simple evaluation; without them the solve is slower, not wrong. */
    const struct oth_weights *w = oth_weights_shared_default(opt ? opt->eval_file : NULL, NULL, 0);
    /* Only the ordering weights order a solve: the play weights matter
     * where the solver has no ordering file to fall back from. */
    w = oth_order_weights_for(opt ? opt->order_eval_file : NULL, w, "solve");
    struct oth_search_config c = {
        .hash_mb = opt && opt->hash_mb > 0 ? opt->hash_mb : 64,
        .threads = threads_of(opt),
        .weights = w,
        .mpc = oth_mpc_shared(), /* the selective passes' margins */
    };
    struct solve_keep *k = ctx ? *ctx : NULL;
    if (k && k->hash_mb == c.hash_mb && k->threads == c.threads && k->weights == w
        && k->board == board)
        return k;
    keep_free(k);
    if (ctx)
        *ctx = NULL;
    k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    *k = (struct solve_keep){.search = oth_search_new(&c), .hash_mb = c.hash_mb,
                             .threads = c.threads, .weights = w, .board = board};
    if (!k->search) {
        free(k);
        return NULL;
    }
    if (ctx)
        *ctx = k;
    return k;
}

/* Appends the variation from (P, O), whose best move is `best`, to the
 * end of the game: each position after a best move solved again (cheap
 * with the table the first solve filled). Adds the nodes to *nodes. A stop
 * cuts it short, but never before `best`, which costs no search. */
static void append_pv(struct oth_search *search, bb_t P, bb_t O, bb_t board, int best,
                      const struct oth_run *run, uint64_t *nodes, char *out, size_t cap,
                      size_t len)
{
    for (int ply = 0; ply < 64 && (ply == 0 || !stop_requested(run->stop)); ply++) {
        bb_t moves = othello_moves(P, O, board);
        int sq;
        if (!moves) {
            if (!othello_moves(O, P, board))
                break;
            sq = -1;
        } else if (ply == 0) {
            sq = best;
        } else {
            struct oth_progress q;
            int r = oth_solve_run(search, P, O, board, false, run, &q);
            *nodes += q.nodes;
            if (r != 0 || q.best < 0)
                break;
            sq = q.best;
        }
        put_square(out, cap, &len, sq, true);
        if (sq >= 0) {
            bb_t b = 1ULL << sq, f = bb_flips(P, O, sq);
            P |= f | b;
            O &= ~f;
        }
        bb_t t = P;
        P = O;
        O = t;
    }
}

/* One bound of a root window in discs; beyond any margin is infinite. */
static void put_bound(char *buf, size_t cap, int v)
{
    if (v < -64 || v > 64)
        snprintf(buf, cap, "%sinf", v < 0 ? "-" : "+");
    else
        snprintf(buf, cap, "%d", v);
}

/* --verbose: a line on stderr for each root window the solver finishes
 * and, while one runs, every SOLVE_STATUS_EVERY seconds (every second
 * with --verbose twice), so that a long solve shows it is moving. */
#define SOLVE_STATUS_EVERY 5.0

static void print_status(void *ctx, const struct oth_solve_status *st)
{
    (void)ctx;
    char pass[48], lo[8], hi[8], tail[48];
    if (st->pass)
        snprintf(pass, sizeof pass, "selective pass %d/%d (%.1f sigmas)", st->pass,
                 st->passes, st->sigmas);
    else
        snprintf(pass, sizeof pass, "exact pass");
    put_bound(lo, sizeof lo, st->lo);
    put_bound(hi, sizeof hi, st->hi);
    /* Fail-soft: a value on or beyond a bound is a bound itself. */
    if (st->finished)
        snprintf(tail, sizeof tail, "done: %s %+d", st->value <= st->lo ? "at most"
                 : st->value >= st->hi ? "at least" : "exactly", st->value);
    else
        snprintf(tail, sizeof tail, "root move %d of %d", st->moves_done + 1, st->moves);
    fprintf(stderr, "solve: %.1f s, %d empties, %s, window (%s,%s) %s, %llu nodes, "
            "%.2f M nodes/s\n", st->elapsed, st->empties, pass, lo, hi, tail,
            (unsigned long long)st->nodes,
            st->elapsed > 0 ? (double)st->nodes / st->elapsed / 1e6 : 0.0);
}

/* The answer: move, margin (or win/draw/loss) and, for exact solves, the
 * variation. -1 when stopped. */
static int solve_answer(struct oth_search *search, bb_t P, bb_t O, bb_t board, bool wld,
                        const volatile int *stop, int verbose, uint64_t *nodes, char *out,
                        size_t cap)
{
    struct oth_run run = {.stop = stop};
    if (verbose > 0) {
        run.status = print_status;
        run.interval = verbose > 1 ? 1.0 : SOLVE_STATUS_EVERY;
    }
    struct oth_progress r;
    int stopped = oth_solve_run(search, P, O, board, wld, &run, &r);
    run.status = NULL;   /* the variation's many small solves: no lines */
    *nodes = r.nodes;
    if (stopped != 0) {
        /* The kept table is still sound: the solver stores a node only
         * once all its moves returned, never after the stop. */
        snprintf(out, cap, "interrupted");
        return -1;
    }
    size_t len = 0;
    put_square(out, cap, &len, r.best, false);
    if (wld) {
        snprintf(out + len, cap - len, " %s", r.value > 0 ? "win" : r.value < 0 ? "loss" : "draw");
        return 0;
    }
    if (len < cap) {
        int k = snprintf(out + len, cap - len, " %+d", r.value);
        len += k > 0 ? (size_t)k : 0;
    }
    append_pv(search, P, O, board, r.best, &run, nodes, out, cap, len);
    return 0;
}

static int solve_cmd(const void *st, const struct player_options *opt,
                     const volatile int *stop, void **ctx, bool wld, char *out, size_t cap)
{
    const struct othello *s = st;
    if (s->over) {
        snprintf(out, cap, "the game is over");
        return -1;
    }
    /* A solve that would run for days is refused rather than started. */
    int empties = bb_popcount(s->board & ~(s->disc[0] | s->disc[1]));
    if (empties > OTH_SOLVE_MAX_EMPTIES) {
        snprintf(out, cap, "too many empty squares to solve (%d; at most %d)",
                 empties, OTH_SOLVE_MAX_EMPTIES);
        return -1;
    }
    double t0 = clock_now();
    struct solve_keep *k = keep_for(ctx, opt, s->board);
    if (!k) {
        snprintf(out, cap, "out of memory");
        return -1;
    }
    bool kept = k->solves++ > 0;
    uint64_t nodes = 0;
    int r = solve_answer(k->search, s->disc[s->side], s->disc[!s->side], s->board, wld,
                         stop, opt ? opt->verbose : 0, &nodes, out, cap);
    k->nodes = nodes;
    if (opt && opt->verbose > 0)
        fprintf(stderr, "%s: %d empties, %llu nodes, %.4f s, table %s\n",
                wld ? "solve_wld" : "solve", empties, (unsigned long long)nodes,
                clock_now() - t0, kept ? "kept" : "new");
    if (!ctx)
        keep_free(k);
    return r;
}

int othello_cmd_solve(const void *st, int argc, char **argv,
                      const struct player_options *opt, const volatile int *stop,
                      void **ctx, char *out, size_t cap)
{
    (void)argc, (void)argv;
    return solve_cmd(st, opt, stop, ctx, false, out, cap);
}

int othello_cmd_solve_wld(const void *st, int argc, char **argv,
                          const struct player_options *opt, const volatile int *stop,
                          void **ctx, char *out, size_t cap)
{
    (void)argc, (void)argv;
    return solve_cmd(st, opt, stop, ctx, true, out, cap);
}
