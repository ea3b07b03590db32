/* Tests of the Othello pattern evaluation: the pattern indexes against a
 * square-by-square ternary reading, invariance under the 8 symmetries,
 * the weights file (round trip, rejection of damaged files), the fitter
 * on a synthetic weight set, the children's evaluation from their parent's
 * entries against a fresh one, and the shipped weights against the simple
 * evaluation on exactly solved endgames. */
#include "check.h"
#include "engine/games/othello/eval_fit.h"
#include "engine/games/othello/othello.h"
#include "engine/games/othello/patterns.h"
#include "engine/rng.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SHIPPED "data/othello.weights"

/* Symmetry s on coordinates, written independently of oth_sym. */
static int sym_square(int s, int q)
{
    int r = q / 8, c = q % 8;
    if (s & 4) {
        int t = r;
        r = c;
        c = t;
    }
    if (s & 1)
        c = 7 - c;
    if (s & 2)
        r = 7 - r;
    return r * 8 + c;
}

static bb_t sym_plain(int s, bb_t b)
{
    bb_t out = 0;
    for (int q = 0; q < 64; q++)
        if (b >> q & 1)
            out |= 1ULL << sym_square(s, q);
    return out;
}

/* A position reached by `plies` random moves from the start (passes as
 * needed); *P is the player to move. Returns false if the game ended. */
static bool random_position(struct rng *r, int plies, bb_t *P, bb_t *O)
{
    bb_t p = 0x0000000810000000ULL, o = 0x0000001008000000ULL;
    for (int i = 0; i < plies; i++) {
        bb_t m = bb_moves(p, o);
        if (!m) {
            if (!bb_moves(o, p))
                return false;
            bb_t t = p; p = o; o = t;
            i--;
            continue;
        }
        int32_t sq[64];
        int n = bb_squares(m, sq);
        int x = sq[rng_below(r, (uint32_t)n)];
        bb_t f = bb_flips(p, o, x);
        bb_t np = o & ~f, no = p | f | (1ULL << x);
        p = np;
        o = no;
    }
    *P = p;
    *O = o;
    return true;
}

static void test_symmetries(void)
{
    struct rng r;
    rng_seed(&r, 1);
    int bad = 0;
    for (int i = 0; i < 1000; i++) {
        bb_t b = rng_next(&r);
        for (int s = 0; s < 8; s++)
            bad += oth_sym(s, b) != sym_plain(s, b);
    }
    CHECK(bad == 0, "%d symmetry mismatches", bad);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Every instance read square by square: digit k is the square that the
 * instance's symmetry carries onto the k-th base square. */
static void plain_indexes(bb_t P, bb_t O, uint32_t *out)
{
    const struct oth_pattern_def *d = oth_pattern_defs();
    int n = 0;
    for (int p = 0; p < OTH_NPAT; p++)
        for (int i = 0; i < d[p].ninst; i++) {
            int s = d[p].sym[i];
            uint32_t idx = 0, pow = 1;
            for (int k = 0; k < 64; k++) {
                if (!(d[p].base >> k & 1))
                    continue;
                int q = 0;
                while (sym_square(s, q) != k)
                    q++;
                idx += pow * (uint32_t)(P >> q & 1 ? 1 : O >> q & 1 ? 2 : 0);
                pow *= 3;
            }
            out[n++] = d[p].offset + idx;
        }
    int mp = bb_popcount(bb_moves(P, O)), mo = bb_popcount(bb_moves(O, P));
    out[n++] = OTH_OFF_MOB_P + (uint32_t)(mp < OTH_MOB_N ? mp : OTH_MOB_N - 1);
    out[n++] = OTH_OFF_MOB_O + (uint32_t)(mo < OTH_MOB_N ? mo : OTH_MOB_N - 1);
    out[n++] = OTH_OFF_BIAS;
    /* The counts square by square: discs, and per quadrant the parity of
     * its empties and whether the mover has a move there. */
    int discs = 0, odd = 0, mine = 0;
    for (int q = 0; q < 64; q++)
        discs += (int)(P >> q & 1);
    bb_t moves = bb_moves(P, O);
    for (int qr = 0; qr < 2; qr++)
        for (int qc = 0; qc < 2; qc++) {
            int empties = 0, can = 0;
            for (int r = 4 * qr; r < 4 * qr + 4; r++)
                for (int c = 4 * qc; c < 4 * qc + 4; c++) {
                    empties += !((P | O) >> (8 * r + c) & 1);
                    can |= (int)(moves >> (8 * r + c) & 1);
                }
            if (empties % 2) {
                odd++;
                mine += can;
            }
        }
    out[n++] = OTH_OFF_DISC + (uint32_t)discs;
    out[n] = OTH_OFF_PAR + (uint32_t)(odd * 5 + mine);
}

static void test_geometry(void)
{
    const struct oth_pattern_def *d = oth_pattern_defs();
    static const int want[OTH_NPAT] = {4, 4, 8, 4, 4, 4, 2, 4, 4, 4, 4, 4, 4, 4};
    int total = 0;
    for (int p = 0; p < OTH_NPAT; p++) {
        CHECK(d[p].ninst == want[p], "%s: %d instances", d[p].name, d[p].ninst);
        CHECK(bb_popcount(d[p].base) == d[p].n, "%s: size", d[p].name);
        total += d[p].ninst;
    }
    CHECK(total == OTH_PAT_INSTANCES, "%d instances in all", total);
    struct rng r;
    rng_seed(&r, 2);
    int bad = 0, badc = 0;
    for (int i = 0; i < 3000; i++) {
        bb_t P, O;
        if (!random_position(&r, (int)rng_below(&r, 60), &P, &O))
            continue;
        uint32_t a[OTH_NFEAT], b[OTH_NFEAT];
        oth_patterns_init();
        oth_pattern_raw(P, O, a);
        plain_indexes(P, O, b);
        qsort(a, OTH_NFEAT, sizeof *a, cmp_u32);
        qsort(b, OTH_NFEAT, sizeof *b, cmp_u32);
        bad += memcmp(a, b, sizeof a) != 0;
        /* Canonical entries are shared by the symmetric positions. */
        uint32_t c0[OTH_NFEAT], c1[OTH_NFEAT];
        oth_pattern_features(P, O, c0);
        qsort(c0, OTH_NFEAT, sizeof *c0, cmp_u32);
        for (int s = 1; s < 8; s++) {
            oth_pattern_features(sym_plain(s, P), sym_plain(s, O), c1);
            qsort(c1, OTH_NFEAT, sizeof *c1, cmp_u32);
            badc += memcmp(c0, c1, sizeof c0) != 0;
        }
    }
    CHECK(bad == 0, "%d positions whose indexes differ from the plain ones", bad);
    CHECK(badc == 0, "%d canonical feature sets not symmetric", badc);
}

static struct oth_weights *random_weights(uint64_t seed, int zero_pct)
{
    struct oth_weights *w = oth_weights_new(10, NULL);
    struct rng r;
    rng_seed(&r, seed);
    for (int ph = 0; ph < w->nphase; ph++) {
        int16_t *t = w->w + (size_t)ph * OTH_PHASE_SIZE;
        for (uint32_t e = 0; e < OTH_PHASE_SIZE; e++)
            t[e] = (int)rng_below(&r, 100) < zero_pct ? 0
                 : (int16_t)((int)rng_below(&r, 65535) - 32767);
        oth_weights_symmetrize(w, ph);
    }
    return w;
}

static int invariance_failures(const struct oth_weights *w, uint64_t seed)
{
    struct rng r;
    rng_seed(&r, seed);
    int bad = 0;
    for (int i = 0; i < 2000; i++) {
        bb_t P, O;
        if (!random_position(&r, (int)rng_below(&r, 61), &P, &O))
            continue;
        int v = oth_eval_pattern(w, P, O);
        for (int s = 1; s < 8; s++)
            bad += oth_eval_pattern(w, oth_sym(s, P), oth_sym(s, O)) != v;
    }
    return bad;
}

static void test_invariance(void)
{
    struct oth_weights *w = random_weights(3, 0);
    CHECK(invariance_failures(w, 4) == 0, "random weights not symmetric");
    oth_weights_free(w);
    char err[256];
    w = oth_weights_load(SHIPPED, err, sizeof err);
    CHECK(w != NULL, "shipped weights: %s", err);
    if (w) {
        CHECK(invariance_failures(w, 5) == 0, "shipped weights not symmetric");
        oth_weights_free(w);
    }
}

/* Every child of many positions: oth_eval_kid from the parent's entries
 * against oth_eval_pattern read afresh (random weights reach the clamp). */
static int kid_failures(const struct oth_weights *w, uint64_t seed, int *kids)
{
    struct rng r;
    rng_seed(&r, seed);
    int bad = 0;
    for (int i = 0; i < 3000; i++) {
        bb_t P, O;
        if (!random_position(&r, (int)rng_below(&r, 61), &P, &O))
            continue;
        struct oth_eval_kids k;
        oth_eval_kids_init(&k, w, P, O);
        for (bb_t m = bb_moves(P, O); m; m &= m - 1) {
            int sq = bb_first(m);
            bb_t f = bb_flips(P, O, sq), P2 = O & ~f, O2 = P | f | 1ULL << sq;
            bad += oth_eval_kid(&k, f, sq, P2, O2, bb_moves(P2, O2)) != oth_eval_pattern(w, P2, O2);
            (*kids)++;
        }
    }
    return bad;
}

static void test_kids(void)
{
    struct oth_weights *w = random_weights(6, 0);
    int kids = 0;
    CHECK(kid_failures(w, 7, &kids) == 0, "random weights: children's evaluations differ");
    oth_weights_free(w);
    char err[256];
    w = oth_weights_load(SHIPPED, err, sizeof err);
    CHECK(w != NULL, "shipped weights: %s", err);
    if (w) {
        CHECK(kid_failures(w, 8, &kids) == 0, "shipped weights: children's evaluations differ");
        oth_weights_free(w);
    }
    CHECK(kids > 30000, "only %d children compared", kids);
}

/* Random games with the pattern digits carried from move to move (and
 * swapped at a pass), as the shallow searches carry them: at every
 * position they must equal the digits read afresh, and the children's
 * evaluations set up from them must equal oth_eval_pattern. */
static void test_digits(void)
{
    struct oth_weights *w = random_weights(6, 0);
    struct rng r;
    rng_seed(&r, 11);
    int positions = 0, bad_digits = 0, bad_kids = 0;
    for (int g = 0; g < 200; g++) {
        bb_t P = 0x0000000810000000ULL, O = 0x0000001008000000ULL;
        struct oth_eval_digits d, fresh;
        oth_eval_digits(&d, P, O);
        for (;;) {
            oth_eval_digits(&fresh, P, O);
            if (memcmp(&d, &fresh, sizeof d) != 0) {
                bad_digits++;
                d = fresh; /* wrong digits could index past the table */
            }
            positions++;
            bb_t m = bb_moves(P, O);
            if (!m) {
                if (!bb_moves(O, P))
                    break;
                struct oth_eval_digits t = d;
                memcpy(d.a, t.z, sizeof d.a);
                memcpy(d.z, t.a, sizeof d.z);
                bb_t x = P; P = O; O = x;
                continue;
            }
            struct oth_eval_kids k;
            oth_eval_kids_init_digits(&k, w, P, O, &d);
            for (bb_t mm = m; mm; mm &= mm - 1) {
                int sq = bb_first(mm);
                bb_t f = bb_flips(P, O, sq), P2 = O & ~f, O2 = P | f | 1ULL << sq;
                bad_kids += oth_eval_kid(&k, f, sq, P2, O2, bb_moves(P2, O2))
                          != oth_eval_pattern(w, P2, O2);
            }
            int32_t sqs[64];
            int n = bb_squares(m, sqs);
            int sq = sqs[rng_below(&r, (uint32_t)n)];
            bb_t f = bb_flips(P, O, sq);
            struct oth_eval_digits c;
            oth_eval_digits_child(&d, f, sq, &c);
            d = c;
            bb_t P2 = O & ~f, O2 = P | f | 1ULL << sq;
            P = P2;
            O = O2;
        }
    }
    CHECK(bad_digits == 0, "%d of %d carried digits differ from those read afresh", bad_digits,
          positions);
    CHECK(bad_kids == 0, "%d children evaluated from carried digits differ", bad_kids);
    CHECK(positions > 10000, "only %d positions compared", positions);
    oth_weights_free(w);
}

static long file_read(const char *path, unsigned char **buf)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    *buf = malloc((size_t)n + 1);
    if (fread(*buf, 1, (size_t)n, f) != (size_t)n)
        n = -1;
    fclose(f);
    return n;
}

static void file_write(const char *path, const unsigned char *buf, long n)
{
    FILE *f = fopen(path, "wb");
    if (f) {
        fwrite(buf, 1, (size_t)n, f);
        fclose(f);
    }
}

static uint32_t fnv(const unsigned char *p, long n)
{
    uint32_t h = 2166136261u;
    for (long i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

static bool loads(const char *path)
{
    char err[256] = "";
    struct oth_weights *w = oth_weights_load(path, err, sizeof err);
    oth_weights_free(w);
    if (!w && !err[0])
        fprintf(stderr, "rejected without a message\n");
    return w != NULL;
}

static void test_file(void)
{
    char path[64], bad[64], err[256];
    snprintf(path, sizeof path, "/tmp/quartet-w-%d", (int)getpid());
    snprintf(bad, sizeof bad, "/tmp/quartet-wb-%d", (int)getpid());
    struct oth_weights *w = random_weights(6, 90);
    w->w[5] = -32768; /* the reserved code is stored as -32767 */
    oth_weights_symmetrize(w, 0);
    CHECK(oth_weights_save(w, path, err, sizeof err) == 0, "save: %s", err);
    struct oth_weights *v = oth_weights_load(path, err, sizeof err);
    CHECK(v != NULL, "load: %s", err);
    if (!v)
        return;
    w->w[5] = -32767;
    oth_weights_symmetrize(w, 0);
    CHECK(v->nphase == w->nphase && !memcmp(v->phase, w->phase, 61),
          "phases differ");
    size_t n = (size_t)w->nphase * OTH_PHASE_SIZE, diff = 0;
    for (size_t i = 0; i < n; i++)
        diff += v->w[i] != w->w[i];
    CHECK(diff == 0, "%zu entries differ after the round trip", diff);
    struct rng r;
    rng_seed(&r, 7);
    int evdiff = 0;
    for (int i = 0; i < 500; i++) {
        bb_t P, O;
        if (random_position(&r, (int)rng_below(&r, 61), &P, &O))
            evdiff += oth_eval_pattern(v, P, O) != oth_eval_pattern(w, P, O);
    }
    CHECK(evdiff == 0, "%d evaluations differ after the round trip", evdiff);
    oth_weights_free(v);
    oth_weights_free(w);

    unsigned char *buf;
    long size = file_read(path, &buf);
    CHECK(size > 100, "file size %ld", size);
    if (size <= 100)
        return;
    int accepted = 0;
    for (long cut = 0; cut < size; cut += 1 + cut / 3) {
        file_write(bad, buf, cut);
        accepted += loads(bad);
    }
    CHECK(accepted == 0, "%d truncated files accepted", accepted);
    accepted = 0;
    for (int i = 0; i < 40; i++) {
        long at = (long)rng_below(&r, (uint32_t)size);
        buf[at] ^= (unsigned char)(1 + rng_below(&r, 255));
        file_write(bad, buf, size);
        accepted += loads(bad);
    }
    CHECK(accepted == 0, "%d corrupted files accepted", accepted);
    free(buf);
    size = file_read(path, &buf);
    buf[0] = 'X';
    file_write(bad, buf, size);
    CHECK(!loads(bad), "wrong magic accepted");
    buf[0] = 'Q';
    /* Damage with a valid checksum: the decoder itself must cope. */
    for (int i = 0; i < 200; i++) {
        unsigned char *c = malloc((size_t)size);
        memcpy(c, buf, (size_t)size);
        for (int k = 0; k < 4; k++)
            c[84 + rng_below(&r, (uint32_t)(size - 88))] = (unsigned char)rng_next(&r);
        uint32_t h = fnv(c, size - 4);
        for (int k = 0; k < 4; k++)
            c[size - 4 + k] = (unsigned char)(h >> 8 * k);
        file_write(bad, c, size);
        loads(bad); /* may load or not; must not crash (SAN build) */
        free(c);
    }
    CHECK(!loads("/nonexistent/othello.weights"), "missing file loaded");
    free(buf);
    unlink(path);
    unlink(bad);
}

/* Labels made by a known weight set on the small tables (bias, both
 * mobilities, diag4 entries): the fitter must find weights that predict
 * them on positions it has not seen. */
static void test_fit(void)
{
    static float truth[OTH_PHASE_SIZE], w[OTH_PHASE_SIZE];
    struct rng r;
    rng_seed(&r, 8);
    const struct oth_pattern_def *d = oth_pattern_defs();
    const struct oth_pattern_def *d4 = &d[OTH_PAT_DIAG4];
    for (uint32_t e = 0; e < 81; e++)
        truth[d4->offset + e] = (float)(rng_unit(&r) * 6 - 3);
    for (uint32_t e = 0; e < 81; e++)
        truth[d4->offset + e] = truth[oth_pattern_canon(d4->offset + e)];
    for (int m = 0; m < OTH_MOB_N; m++) {
        truth[OTH_OFF_MOB_P + m] = (float)m * 0.7f;
        truth[OTH_OFF_MOB_O + m] = (float)m * -0.5f;
    }
    truth[OTH_OFF_BIAS] = 2.5f;
    size_t n = 12000, held = 2000;
    struct oth_fit_sample *s = malloc((n + held) * sizeof *s);
    size_t k = 0;
    while (k < n + held) {
        bb_t P, O;
        if (!random_position(&r, 20 + (int)rng_below(&r, 30), &P, &O))
            continue;
        uint32_t raw[OTH_NFEAT];
        oth_pattern_raw(P, O, raw);
        double y = 0;
        for (int i = 0; i < OTH_NFEAT; i++)
            y += truth[raw[i]];
        oth_fit_sample_set(&s[k++], P, O, y);
    }
    double spread = 0;
    for (size_t i = n; i < n + held; i++)
        spread += s[i].target * s[i].target;
    spread = sqrt(spread / (double)held);
    struct oth_fit_opts o = {200, 1.0, 2};
    CHECK(oth_fit(w, s, n, &o) == 0, "fit failed");
    double fit = oth_fit_rms(w, s, n), out = oth_fit_rms(w, s + n, held);
    printf("synthetic fit: labels rms %.2f, fit error %.4f, held-out %.4f\n",
           spread, fit, out);
    CHECK(spread > 3, "labels too uniform (%.2f)", spread);
    CHECK(fit < 0.02 * spread, "fit error %.4f", fit);
    CHECK(out < 0.08 * spread, "held-out error %.4f", out);
    /* The same fit at any thread count, bit for bit (noisy labels, so
     * the sums do not cancel to exact values). */
    for (size_t i = 0; i < n; i++)
        s[i].target += (float)(rng_unit(&r) * 4 - 2);
    static float w1[OTH_PHASE_SIZE], wt[OTH_PHASE_SIZE];
    struct oth_fit_opts o1 = {25, 3.0, 1};
    CHECK(oth_fit(w1, s, n, &o1) == 0, "fit failed");
    for (int t = 2; t <= 17; t += 5) {
        memset(wt, 0, sizeof wt);
        struct oth_fit_opts ot = {25, 3.0, t};
        CHECK(oth_fit(wt, s, n, &ot) == 0, "fit failed");
        CHECK(!memcmp(w1, wt, sizeof wt), "fit at %d threads differs from 1", t);
    }
    free(s);
}

/* Exact final margin for P by plain alpha-beta. */
static int solve(bb_t P, bb_t O, int alpha, int beta, bool passed)
{
    bb_t m = bb_moves(P, O);
    if (!m) {
        if (passed) {
            int p = bb_popcount(P), o = bb_popcount(O), e = 64 - p - o;
            return p > o ? p - o + e : p < o ? p - o - e : 0;
        }
        return -solve(O, P, -beta, -alpha, true);
    }
    int best = -65;
    for (; m; m &= m - 1) {
        int sq = bb_first(m);
        bb_t f = bb_flips(P, O, sq);
        int v = -solve(O & ~f, P | f | (1ULL << sq), -beta, -alpha, false);
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

/* Mean square error of a*x against y with the best a. */
static double scaled_mse(const double *x, const double *y, int n)
{
    double xy = 0, xx = 0, yy = 0;
    for (int i = 0; i < n; i++)
        xy += x[i] * y[i], xx += x[i] * x[i], yy += y[i] * y[i];
    return (yy - (xx > 0 ? xy * xy / xx : 0)) / n;
}

static void test_shipped_accuracy(void)
{
    char err[256];
    struct oth_weights *w = oth_weights_load(SHIPPED, err, sizeof err);
    if (!w)
        return; /* reported by test_invariance */
    enum { N = 300 };
    static double pat[N], simple[N], exact[N];
    struct rng r;
    rng_seed(&r, 9);
    int n = 0;
    double pat_raw = 0, simple_raw = 0;
    while (n < N) {
        bb_t P, O;
        if (!random_position(&r, 50 + (int)rng_below(&r, 3), &P, &O)
            || !bb_moves(P, O))
            continue;
        exact[n] = solve(P, O, -65, 65, false);
        pat[n] = (double)oth_eval_pattern(w, P, O) / OTH_EVAL_UNIT;
        simple[n] = (double)oth_eval_simple(P, O, ~0ULL) / OTH_EVAL_UNIT;
        pat_raw += (pat[n] - exact[n]) * (pat[n] - exact[n]);
        simple_raw += (simple[n] - exact[n]) * (simple[n] - exact[n]);
        n++;
    }
    double ps = scaled_mse(pat, exact, N), ss = scaled_mse(simple, exact, N);
    printf("8-10 empties, %d positions: rms error pattern %.2f, simple %.2f; "
           "best-scaled pattern %.2f, simple %.2f discs\n", N,
           sqrt(pat_raw / N), sqrt(simple_raw / N), sqrt(ps), sqrt(ss));
    CHECK(pat_raw < 0.7 * simple_raw, "pattern mse %.1f vs simple %.1f",
          pat_raw / N, simple_raw / N);
    CHECK(ps < 0.85 * ss, "scaled pattern mse %.1f vs simple %.1f", ps, ss);
    oth_weights_free(w);
}

/* The default phase map splits the empties 1-60 into nphase equal spans
 * (quartet-train --phases N), counted here span by span. */
static void test_phase_map(void)
{
    static const int counts[] = {1, 2, 10, 12, 20, 30, 60};
    int bad = 0;
    for (size_t i = 0; i < sizeof counts / sizeof *counts; i++) {
        int n = counts[i], span = 60 / n;
        struct oth_weights *w = oth_weights_new(n, NULL);
        if (!w) {
            bad++;
            continue;
        }
        bad += w->phase[0] != 0;
        for (int ph = 0; ph < n; ph++)
            for (int e = ph * span + 1; e <= (ph + 1) * span; e++)
                bad += w->phase[e] != ph;
        oth_weights_free(w);
    }
    CHECK(bad == 0, "%d empties counts in the wrong default phase", bad);
}

/* A file of the first table layout (the patterns, mobilities and bias
 * only), written by the code before the count tables and the ten-square
 * patterns from 40 expert positions: it loads, the tables it does not
 * hold are 0, and positions evaluate as that code evaluated them. */
static void test_layout_v1(void)
{
    static const struct {
        bb_t P, O;
        int value;
    } known[] = {
        {0x54c0c0a0ffc08000ULL, 0x083d3a5c00120000ULL, 953},
        {0xc0c3e3cbd70f027fULL, 0x2f3c1c3428f0fc80ULL, 462},
        {0x22038a3109970604ULL, 0x4878744e746870b0ULL, 753},
        {0x041c091b3f1f2c00ULL, 0x426056044020133fULL, 99},
        {0x0214ac10303fbc14ULL, 0x796353cec84040e0ULL, -138},
        {0x191a1a0416000000ULL, 0x062424f8e82e2a01ULL, 527},
        {0x406272736b5fe27fULL, 0x0e180c0c94201980ULL, -283},
        {0x0286c58a018b3f6eULL, 0xb87038707e740000ULL, 158},
        {0x7f47ff492b070f02ULL, 0x00b800b6d4e8703cULL, 1204},
        {0x400147854b3e1e0eULL, 0x3e2c383ab4c0e131ULL, 357},
        {0x0187132854a8173cULL, 0x58686456ab172840ULL, 626},
        {0xf5f8b4908c8c9001ULL, 0x02074b6f73736ffeULL, 994},
    };
    const char *path = "tests/weights/layout-v1.weights";
    FILE *f = fopen(path, "rb");
    uint8_t head[12] = {0};
    CHECK(f && fread(head, 1, 12, f) == 12, "%s: unreadable", path);
    if (f)
        fclose(f);
    uint32_t layout = head[8] | head[9] << 8 | head[10] << 16 | (uint32_t)head[11] << 24;
    CHECK(layout == OTH_PHASE_SIZE_V1, "%s: layout %u is not the first one", path, layout);
    char err[256];
    struct oth_weights *w = oth_weights_load(path, err, sizeof err);
    CHECK(w != NULL, "load: %s", err);
    if (!w)
        return;
    size_t nonzero = 0;
    for (int ph = 0; ph < w->nphase; ph++)
        for (uint32_t e = OTH_PHASE_SIZE_V1; e < OTH_PHASE_SIZE; e++)
            nonzero += w->w[(size_t)ph * OTH_PHASE_SIZE + e] != 0;
    CHECK(nonzero == 0, "%zu entries beyond the first layout are not 0", nonzero);
    int bad = 0;
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        bad += oth_eval_pattern(w, known[i].P, known[i].O) != known[i].value;
    CHECK(bad == 0, "%d of %zu positions evaluate otherwise than before", bad,
          sizeof known / sizeof *known);
    /* Saved again (as calibrate does), it keeps its layout, and so do
     * weights of the second layout whose later tables are 0. */
    char out[] = "/tmp/quartet-weights-XXXXXX";
    int fd = mkstemp(out);
    CHECK(fd >= 0, "mkstemp");
    if (fd >= 0) {
        close(fd);
        CHECK(oth_weights_save(w, out, err, sizeof err) == 0, "save: %s", err);
        f = fopen(out, "rb");
        memset(head, 0, sizeof head);
        CHECK(f && fread(head, 1, 12, f) == 12, "%s: unreadable", out);
        if (f)
            fclose(f);
        layout = head[8] | head[9] << 8 | head[10] << 16 | (uint32_t)head[11] << 24;
        CHECK(layout == OTH_PHASE_SIZE_V1, "saved in layout %u", layout);
        struct oth_weights *v = oth_weights_load(out, err, sizeof err);
        unlink(out);
        CHECK(v && v->ninst == OTH_PAT_INSTANCES_V1 && oth_weights_same(v, w),
              "the first layout's weights change in a round trip");
        oth_weights_free(v);
        struct oth_weights *x = oth_weights_new(w->nphase, w->phase);
        if (x) {
            memcpy(x->w, w->w, (size_t)w->nphase * OTH_PHASE_SIZE * sizeof *w->w);
            CHECK(oth_weights_save(x, out, err, sizeof err) == 0, "save: %s", err);
            v = oth_weights_load(out, err, sizeof err);
            unlink(out);
            CHECK(v && v->ninst == OTH_PAT_INSTANCES_V1 && oth_weights_same(v, x),
                  "second-layout weights with the later tables 0 not written in the first");
            oth_weights_free(v);
            oth_weights_free(x);
        }
    }
    oth_weights_free(w);
}

/* Phases with equal tables are stored once: a file of ten phases whose
 * last six are copies of the fourth holds five tables, and gives every
 * empty count the same table as before. */
static void test_file_shared_tables(void)
{
    struct oth_weights *w = random_weights(11, 50);
    for (int ph = 5; ph < w->nphase; ph++)
        memcpy(w->w + (size_t)ph * OTH_PHASE_SIZE, w->w + (size_t)4 * OTH_PHASE_SIZE,
               OTH_PHASE_SIZE * sizeof *w->w);
    char path[] = "/tmp/quartet-weights-XXXXXX", err[256];
    int fd = mkstemp(path);
    CHECK(fd >= 0, "mkstemp");
    if (fd < 0) {
        oth_weights_free(w);
        return;
    }
    close(fd);
    CHECK(oth_weights_save(w, path, err, sizeof err) == 0, "save: %s", err);
    struct oth_weights *v = oth_weights_load(path, err, sizeof err);
    unlink(path);
    CHECK(v != NULL, "load: %s", err);
    if (v) {
        CHECK(v->nphase == 5, "%d tables stored, not 5", v->nphase);
        CHECK(v->ninst == OTH_PAT_INSTANCES, "tables past the first layout not kept");
        CHECK(oth_weights_same(v, w), "an empty count reads another table after the round trip");
        oth_weights_free(v);
    }
    oth_weights_free(w);
}

int main(void)
{
    test_phase_map();
    test_symmetries();
    test_geometry();
    test_invariance();
    test_kids();
    test_digits();
    test_file();
    test_file_shared_tables();
    test_layout_v1();
    test_fit();
    test_shipped_accuracy();
    return check_report();
}
