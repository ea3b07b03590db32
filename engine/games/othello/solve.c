/* The `solve` and `solve_wld` commands: an exact solve of the current
 * position with the engine's thread and table settings, answered as the
 * best move, the margin (or win/draw/loss) and the principal variation. */
#include "othello.h"
#include "search.h"
#include "solve.h"
#include "engine/stop.h"

#include <stdio.h>
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

/* The trained weights order the solver's moves far better than the simple
 * evaluation; without them the solve is slower, not wrong. */
static struct oth_weights *load_weights(const struct player_options *opt)
{
    char path[4096], err[256];
    const char *file = opt ? opt->eval_file : NULL;
    if (!file && oth_weights_default_path(path, sizeof path) == 0)
        file = path;
    return file ? oth_weights_load(file, err, sizeof err) : NULL;
}

static int solve_cmd(const void *st, const struct player_options *opt,
                     const volatile int *stop, bool wld, char *out, size_t cap)
{
    const struct othello *s = st;
    if (s->over) {
        snprintf(out, cap, "the game is over");
        return -1;
    }
    /* A command cannot be interrupted, so a solve that would run for days
     * is refused rather than started. */
    int empties = bb_popcount(s->board & ~(s->disc[0] | s->disc[1]));
    if (empties > OTH_SOLVE_MAX_EMPTIES) {
        snprintf(out, cap, "too many empty squares to solve (%d; at most %d)",
                 empties, OTH_SOLVE_MAX_EMPTIES);
        return -1;
    }
    struct oth_weights *w = load_weights(opt);
    struct oth_search_config c = {
        .hash_mb = opt && opt->hash_mb > 0 ? opt->hash_mb : 64,
        .threads = threads_of(opt),
        .weights = w,
    };
    struct oth_search *search = oth_search_new(&c);
    if (!search) {
        oth_weights_free(w);
        snprintf(out, cap, "out of memory");
        return -1;
    }
    bb_t P = s->disc[s->side], O = s->disc[!s->side], board = s->board;
    struct oth_run run = {.stop = stop};
    struct oth_progress r;
    if (oth_solve_run(search, P, O, board, wld, &run, &r) != 0) {
        oth_search_free(search);
        oth_weights_free(w);
        snprintf(out, cap, "interrupted");
        return -1;
    }
    size_t len = 0;
    put_square(out, cap, &len, r.best, false);
    if (wld) {
        snprintf(out + len, cap - len, " %s", r.value > 0 ? "win" : r.value < 0 ? "loss" : "draw");
        oth_search_free(search);
        oth_weights_free(w);
        return 0;
    }
    if (len < cap) {
        int k = snprintf(out + len, cap - len, " %+d", r.value);
        len += k > 0 ? (size_t)k : 0;
    }
    /* The variation to the end: each position after a best move solved
     * again (cheap with the table filled by the first solve). */
    for (int ply = 0; ply < 64 && !stop_requested(stop); ply++) {
        bb_t moves = othello_moves(P, O, board);
        int sq;
        if (!moves) {
            if (!othello_moves(O, P, board))
                break;
            sq = -1;
        } else if (ply == 0) {
            sq = r.best;
        } else {
            struct oth_progress q;
            if (oth_solve_run(search, P, O, board, false, &run, &q) != 0 || q.best < 0)
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
    oth_search_free(search);
    oth_weights_free(w);
    return 0;
}

int othello_cmd_solve(const void *st, int argc, char **argv,
                      const struct player_options *opt, const volatile int *stop,
                      char *out, size_t cap)
{
    (void)argc, (void)argv;
    return solve_cmd(st, opt, stop, false, out, cap);
}

int othello_cmd_solve_wld(const void *st, int argc, char **argv,
                          const struct player_options *opt, const volatile int *stop,
                          char *out, size_t cap)
{
    (void)argc, (void)argv;
    return solve_cmd(st, opt, stop, true, out, cap);
}
