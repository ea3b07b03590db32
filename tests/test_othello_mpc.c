/* Othello Multi-ProbCut: the parameter file's reader (good files, each
 * kind of malformed line, a missing file), the lookup and its extension
 * past the fitted depths, the cut bounds, the least-squares fit on
 * synthetic data with known a, b, sigma, exact values with ProbCut on
 * (against the solver and a plain minimax written here), and that
 * ProbCut prunes (fewer nodes at equal depth). */
#include "engine/games/othello/mpc.h"
#include "engine/games/othello/othello.h"
#include "engine/games/othello/search.h"
#include "engine/rng.h"
#include "tests/check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char tmp_path[64];

static void write_file(const char *text)
{
    FILE *f = fopen(tmp_path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* Loads text; NULL with the message in err. */
static struct oth_mpc *load_text(const char *text, char *err, size_t cap)
{
    write_file(text);
    err[0] = '\0';
    return oth_mpc_load(tmp_path, err, cap);
}

static const char good[] =
    "# a comment\n"
    "\n"
    "quartet-mpc 1\n"
    "# LO HI DEPTH SHALLOW A B SIGMA N\n"
    "30 35 6 2 1.10 0.5 2.0 100   # trailing comment\n"
    "30 35 7 3 0.90 -1.0 3.0 100\n"
    "30 35 8 4 1.00 0.0 1.5 100\n"
    "36 40 6 2 1.00 0.0 4.0 50\n"
    "20 21 end 4 1.00 0.25 3.0 80\n"
    "20 21 end 6 1.00 0.25 2.0 80\n"
    "20 21 end 5 1.00 0.25 2.5 80\n";

static void test_parse_good(void)
{
    char err[512];
    struct oth_mpc *m = load_text(good, err, sizeof err);
    CHECK(m != NULL, "good file refused: %s", err);
    if (!m)
        return;
    CHECK(m->nrow == 7, "%d rows", m->nrow);
    const struct oth_mpc_cut *c = oth_mpc_lookup(m, 33, 6);
    CHECK(c && c->shallow == 2 && fabsf(c->a - 1.1f) < 1e-6
              && fabsf(c->b - 0.5f * OTH_EVAL_UNIT) < 1e-3
              && fabsf(c->sigma - 2.0f * OTH_EVAL_UNIT) < 1e-3,
          "lookup (33, 6)");
    CHECK(oth_mpc_lookup(m, 29, 6) == NULL, "no row below LO");
    CHECK(oth_mpc_lookup(m, 30, 5) == NULL, "no row below the fitted depths");
    c = oth_mpc_lookup(m, 38, 6);
    CHECK(c && fabsf(c->sigma - 4.0f * OTH_EVAL_UNIT) < 1e-3, "second bucket");
    /* Past the fitted depths: the same parity's deepest row, same gap. */
    c = oth_mpc_lookup(m, 31, 12);
    CHECK(c && c->shallow == 8 && fabsf(c->sigma - 1.5f * OTH_EVAL_UNIT) < 1e-3,
          "depth 12 extends depth 8 (shallow %d)", c ? c->shallow : -1);
    c = oth_mpc_lookup(m, 31, 11);
    CHECK(c && c->shallow == 7 && fabsf(c->a - 0.9f) < 1e-6,
          "depth 11 extends depth 7 (shallow %d)", c ? c->shallow : -1);
    c = oth_mpc_lookup(m, 37, 9);
    CHECK(c == NULL, "no odd row at 37 empties to extend");
    int sd;
    double a, b, sigma;
    /* 20 empties: up to 10 deep, same parity as 20: the depth-6 row. */
    CHECK(oth_mpc_endgame(m, 20, &sd, &a, &b, &sigma) == 0 && sd == 6
              && fabs(sigma - 2.0 * OTH_EVAL_UNIT) < 1e-3 && fabs(b - 0.25 * OTH_EVAL_UNIT) < 1e-3,
          "endgame at 20: shallow %d", sd);
    /* 21 empties: target 2*5+1 = 11; depth 5 has 21's parity. */
    CHECK(oth_mpc_endgame(m, 21, &sd, &a, &b, &sigma) == 0 && sd == 5,
          "endgame at 21: shallow %d", sd);
    CHECK(oth_mpc_endgame(m, 22, &sd, &a, &b, &sigma) == -1, "no endgame row at 22");
    CHECK(oth_mpc_endgame(NULL, 20, &sd, &a, &b, &sigma) == -1, "no parameters");

    /* Writing and reading back gives the same rows. */
    char path2[80];
    snprintf(path2, sizeof path2, "%s.2", tmp_path);
    CHECK(oth_mpc_save(m, path2, "test", err, sizeof err) == 0, "save: %s", err);
    struct oth_mpc *m2 = oth_mpc_load(path2, err, sizeof err);
    CHECK(m2 && m2->nrow == m->nrow, "reload: %s", m2 ? "" : err);
    for (int i = 0; m2 && i < m->nrow; i++)
        CHECK(m2->row[i].lo == m->row[i].lo && m2->row[i].depth == m->row[i].depth
                  && m2->row[i].shallow == m->row[i].shallow
                  && fabs(m2->row[i].a - m->row[i].a) < 1e-4
                  && fabs(m2->row[i].sigma - m->row[i].sigma) < 1e-3 && m2->row[i].n == m->row[i].n,
              "row %d differs after a round trip", i);
    oth_mpc_free(m2);
    unlink(path2);
    oth_mpc_free(m);
}

static void test_parse_bad(void)
{
    static const struct {
        const char *text, *want;
    } bad[] = {
        {"", "empty"},
        {"# only a comment\n", "empty"},
        {"quartet-weights 1\n", ":1: not a Multi-ProbCut file"},
        {"quartet-mpc 2\n", ":1: version 2 not supported"},
        {"quartet-mpc\n", ":1: not a Multi-ProbCut file"},
        {"quartet-mpc 1\n30 35 6 2 1.0 0.0 2.0\n", ":2: expected 8 fields"},
        {"quartet-mpc 1\n30 35 6 2 1.0 0.0 2.0 10 9\n", ":2: expected 8 fields"},
        {"quartet-mpc 1\n35 30 6 2 1.0 0.0 2.0 10\n", ":2: LO and HI"},
        {"quartet-mpc 1\n30 61 6 2 1.0 0.0 2.0 10\n", ":2: LO and HI"},
        {"quartet-mpc 1\n30 35 deep 2 1.0 0.0 2.0 10\n", ":2: DEPTH"},
        {"quartet-mpc 1\n30 35 0 2 1.0 0.0 2.0 10\n", ":2: DEPTH"},
        {"quartet-mpc 1\n30 35 6 6 1.0 0.0 2.0 10\n", ":2: SHALLOW"},
        {"quartet-mpc 1\n20 21 end 20 1.0 0.0 2.0 10\n", ":2: SHALLOW"},
        {"quartet-mpc 1\n30 35 6 2 0 0.0 2.0 10\n", ":2: A must"},
        {"quartet-mpc 1\n30 35 6 2 -1 0.0 2.0 10\n", ":2: A must"},
        {"quartet-mpc 1\n30 35 6 2 1.0x 0.0 2.0 10\n", ":2: A must"},
        {"quartet-mpc 1\n30 35 6 2 nan 0.0 2.0 10\n", ":2: A must"},
        {"quartet-mpc 1\n30 35 6 2 1.0 99 2.0 10\n", ":2: B must"},
        {"quartet-mpc 1\n30 35 6 2 1.0 0.0 0 10\n", ":2: SIGMA must"},
        {"quartet-mpc 1\n30 35 6 2 1.0 0.0 inf 10\n", ":2: SIGMA must"},
        {"quartet-mpc 1\n30 35 6 2 1.0 0.0 2.0 0\n", ":2: N must"},
        {"quartet-mpc 1\n30 35 6 2 1.0 0.0 2.0 10\n# x\n33 40 6 2 1.0 0.0 2.0 10\n",
         ":4: overlaps the row of line 2"},
        {"quartet-mpc 1\n20 21 end 4 1.0 0.0 2.0 10\n21 22 end 4 1.0 0.0 2.0 10\n",
         ":3: overlaps the row of line 2"},
    };
    char err[512];
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        struct oth_mpc *m = load_text(bad[i].text, err, sizeof err);
        CHECK(m == NULL, "malformed file %zu accepted", i);
        CHECK(strstr(err, bad[i].want) && strstr(err, tmp_path),
              "file %zu: message \"%s\", expected \"%s\" with the path", i, err, bad[i].want);
        oth_mpc_free(m);
    }
    /* Rows of different depths, or "end" rows of different shallow depths,
     * may cover the same empties. */
    struct oth_mpc *m = load_text("quartet-mpc 1\n20 21 end 4 1 0 2 10\n20 21 end 6 1 0 2 10\n"
                                  "30 35 6 2 1 0 2 10\n30 35 7 3 1 0 2 10\n", err, sizeof err);
    CHECK(m != NULL, "distinct depths refused: %s", err);
    oth_mpc_free(m);
    unlink(tmp_path);
    m = oth_mpc_load(tmp_path, err, sizeof err);
    CHECK(m == NULL && strstr(err, tmp_path) && strstr(err, "No such file"),
          "missing file: \"%s\"", err);
    oth_mpc_free(m);
}

/* The shipped file is found from the test binary and is well formed. */
static void test_shipped(void)
{
    char path[4096], err[512];
    CHECK(oth_mpc_default_path(path, sizeof path) == 0, "no othello.mpc found");
    struct oth_mpc *m = oth_mpc_load(path, err, sizeof err);
    CHECK(m && m->nrow > 0, "shipped file: %s", m ? "no rows" : err);
    CHECK(m && oth_mpc_lookup(m, 40, 10) != NULL, "no midgame row at 40 empties, depth 10");
    int sd;
    double a, b, sigma;
    CHECK(m && oth_mpc_endgame(m, 18, &sd, &a, &b, &sigma) == 0, "no endgame row at 18");
    CHECK(oth_mpc_shared() != NULL, "the shared copy does not load");
    CHECK(oth_mpc_shared() == oth_mpc_shared(), "the shared copy is not loaded once");
    oth_mpc_free(m);
}

static void test_bounds(void)
{
    struct oth_mpc_cut c = {4, 1.25f, 64.0f, 300.0f};
    const double ts[] = {1.0, 1.5, 2.0};
    int bad = 0;
    for (int k = 0; k < 3; k++)
        for (int beta = -3000; beta <= 3000; beta += 37) {
            double t = ts[k];
            int hi = oth_mpc_bound_high(&c, beta, t), lo = oth_mpc_bound_low(&c, beta, t);
            /* hi: the least shallow value whose prediction, t sigmas down,
             * still reaches beta; lo: the greatest one whose prediction, t
             * sigmas up, stays at or below alpha = beta. */
            bad += !(c.a * hi + c.b - t * c.sigma >= beta - 1e-3
                     && c.a * (hi - 1) + c.b - t * c.sigma < beta);
            bad += !(c.a * lo + c.b + t * c.sigma <= beta + 1e-3
                     && c.a * (lo + 1) + c.b + t * c.sigma > beta);
        }
    CHECK(bad == 0, "%d bounds off", bad);
}

/* Normal deviates by Box-Muller. */
static double gauss(struct rng *r)
{
    double u = rng_unit(r), v = rng_unit(r);
    return sqrt(-2.0 * log(u > 0 ? u : 1e-300)) * cos(2 * M_PI * v);
}

static void test_fit(void)
{
    struct rng r;
    rng_seed(&r, 7);
    enum { N = 20000 };
    static double x[N], y[N];
    const double A[3] = {0.95, 1.2, 0.7}, B[3] = {-1.5, 0.3, 4.0}, S[3] = {3.0, 1.0, 6.5};
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < N; i++) {
            x[i] = 20 * (rng_unit(&r) - 0.3); /* mean 4: b apart from the mean of y */
            y[i] = A[k] * x[i] + B[k] + S[k] * gauss(&r);
        }
        double a, b, s;
        CHECK(oth_mpc_regress(x, y, N, &a, &b, &s) == 0, "fit refused");
        /* Standard errors at N = 20000: a ~ S/(5.8 sqrt N), b ~ S/sqrt N. */
        CHECK(fabs(a - A[k]) < 0.02 * S[k] && fabs(b - B[k]) < 0.05 * S[k]
                  && fabs(s - S[k]) < 0.03 * S[k],
              "set %d: fitted a %.3f b %.3f sigma %.3f, made with %.3f %.3f %.3f", k, a, b, s,
              A[k], B[k], S[k]);
    }
    for (int i = 0; i < 5; i++)
        x[i] = i, y[i] = 2 * i - 1;
    double a, b, s;
    CHECK(oth_mpc_regress(x, y, 5, &a, &b, &s) == 0 && fabs(a - 2) < 1e-12
              && fabs(b + 1) < 1e-12 && s < 1e-9,
          "exact line: a %g b %g sigma %g", a, b, s);
    CHECK(oth_mpc_regress(x, y, 2, &a, &b, &s) == -1, "two points fitted");
    for (int i = 0; i < 5; i++)
        x[i] = 3;
    CHECK(oth_mpc_regress(x, y, 5, &a, &b, &s) == -1, "constant x fitted");
}

/* ---- searches ---- */

/* Exact margin for P to move, plain alpha-beta negamax over bitboards
 * (no ordering, no table), empties to the winner. */
static int plain_minimax(bb_t P, bb_t O, int alpha, int beta, bool passed)
{
    bb_t m = bb_moves(P, O);
    if (!m) {
        if (passed) {
            int p = bb_popcount(P), o = bb_popcount(O), e = 64 - p - o;
            return p > o ? p - o + e : p < o ? p - o - e : 0;
        }
        return -plain_minimax(O, P, -beta, -alpha, true);
    }
    int best = -100;
    for (; m; m &= m - 1) {
        int sq = bb_first(m);
        bb_t f = bb_flips(P, O, sq);
        int v = -plain_minimax(O & ~f, P | f | 1ULL << sq, -beta, -alpha, false);
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

static bool random_position(struct rng *r, int empties, bb_t *P, bb_t *O)
{
    bb_t p = 0x0000000810000000ULL, o = 0x0000001008000000ULL;
    while (64 - bb_popcount(p | o) > empties) {
        bb_t m = bb_moves(p, o);
        if (!m) {
            if (!bb_moves(o, p))
                return false;
        } else {
            int k = (int)rng_below(r, (uint32_t)bb_popcount(m));
            while (k--)
                m &= m - 1;
            int sq = bb_first(m);
            bb_t f = bb_flips(p, o, sq);
            p |= f | 1ULL << sq;
            o &= ~f;
        }
        bb_t t = p;
        p = o;
        o = t;
    }
    *P = p;
    *O = o;
    return bb_moves(p, o) != 0;
}

/* Parameters that cut almost everywhere and badly: every depth from 2 at
 * every empty count predicted by a depth-1 search, sigma a hundredth of a
 * disc. A search that let ProbCut near the end would get exact values
 * wrong with them. */
static struct oth_mpc *aggressive(void)
{
    struct oth_mpc *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    for (int d = 2; d <= 30; d++)
        m->row[m->nrow++] = (struct oth_mpc_row){0, 60, d, 1, 1.0, 0.0, 0.01, 1};
    m->row[m->nrow++] = (struct oth_mpc_row){7, 60, OTH_MPC_END, 2, 1.0, 0.0, 0.01, 1};
    oth_mpc_index(m);
    return m;
}

static struct oth_search *mpc_search(const struct oth_mpc *m, const struct oth_weights *w)
{
    struct oth_search_config c = {.hash_mb = 16, .threads = 1, .weights = w, .mpc = m,
                                  .mpc_min_depth = 2};
    return oth_search_new(&c);
}

/* Searches that reach the end stay exact: the search's value equals the
 * solver's, and (for a share of positions) a plain minimax's. Above 14
 * empties the midgame search runs to the end itself rather than handing
 * over to the solver. */
static void test_exact(const struct oth_weights *w)
{
    struct oth_mpc *m = aggressive();
    struct oth_search *s = mpc_search(m, w);
    struct oth_search_config pc = {.hash_mb = 16, .threads = 1};
    struct oth_search *solver = oth_search_new(&pc);
    struct rng r;
    rng_seed(&r, 42);
    int done = 0, bad = 0, badplain = 0, plain_done = 0;
    for (int i = 0; i < 400 && done < 72 && s && solver; i++) {
        int e = 10 + i % 9; /* 10..18 */
        bb_t P, O;
        if (!random_position(&r, e, &P, &O))
            continue;
        oth_search_clear(s);
        int got = oth_search_fixed(s, P, O, ~0ULL, e, NULL);
        int want = oth_solve(solver, P, O, ~0ULL, false, NULL, NULL);
        bad += got != want * OTH_EVAL_UNIT;
        if (got != want * OTH_EVAL_UNIT)
            fprintf(stderr, "empties %d: search %d, solver %d discs\n", e, got, want);
        if (e <= 12) {
            badplain += want != plain_minimax(P, O, -100, 100, false);
            plain_done++;
        }
        done++;
    }
    CHECK(done >= 60 && plain_done >= 10, "only %d positions (%d plain)", done, plain_done);
    CHECK(bad == 0, "%d of %d searches to the end with ProbCut are not exact", bad, done);
    CHECK(badplain == 0, "%d of %d solver values differ from the plain minimax", badplain,
          plain_done);
    oth_search_free(s);
    oth_search_free(solver);
    oth_mpc_free(m);
}

/* ProbCut prunes: at equal depth, fewer nodes with the shipped
 * parameters than without, on fixed midgame positions. */
static void test_prunes(const struct oth_weights *w)
{
    const struct oth_mpc *m = oth_mpc_shared();
    struct oth_search_config c0 = {.hash_mb = 16, .threads = 1, .weights = w};
    struct oth_search_config c1 = c0;
    c1.mpc = m;
    struct oth_search *full = oth_search_new(&c0), *cut = oth_search_new(&c1);
    struct rng r;
    rng_seed(&r, 9);
    unsigned long long nfull = 0, ncut = 0;
    int positions = 0;
    for (int i = 0; i < 40 && positions < 8 && m && full && cut; i++) {
        bb_t P, O;
        if (!random_position(&r, 36 + i % 10, &P, &O))
            continue;
        struct oth_run run = {.max_depth = 9};
        struct oth_progress a, b;
        oth_search_clear(full);
        oth_search_clear(cut);
        oth_search_run(full, P, O, ~0ULL, &run, &a);
        oth_search_run(cut, P, O, ~0ULL, &run, &b);
        nfull += a.nodes;
        ncut += b.nodes;
        positions++;
    }
    CHECK(positions == 8, "only %d positions", positions);
    CHECK(ncut * 10 < nfull * 7, "depth 9: %llu nodes with ProbCut, %llu without", ncut, nfull);
    oth_search_free(full);
    oth_search_free(cut);
}

int main(void)
{
    snprintf(tmp_path, sizeof tmp_path, "/tmp/quartet-mpc-test-%d.mpc", (int)getpid());
    test_parse_good();
    test_parse_bad();
    test_shipped();
    test_bounds();
    test_fit();
    char path[4096], err[512];
    struct oth_weights *w = NULL;
    if (oth_weights_default_path(path, sizeof path) == 0)
        w = oth_weights_load(path, err, sizeof err);
    CHECK(w != NULL, "no shipped weights");
    test_exact(w);
    test_prunes(w);
    oth_weights_free(w);
    unlink(tmp_path);
    return check_report();
}
