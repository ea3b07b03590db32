/* protocol/linediff.c: FNV-1a against published answers; splitting; and
 * the edit scripts of random and structured line sequences, applied by a
 * plain applier written here, which must rebuild the new text exactly and
 * consume the whole base. On small cases the lines changed (skipped plus
 * inserted) must be the minimum, na + nb - 2 LCS, with the LCS from the
 * textbook dynamic program. */
#include "check.h"
#include "engine/rng.h"
#include "protocol/linediff.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---- a plain second implementation ------------------------------------ */

/* Applies ops to a; true when every op stays inside a, the whole of a is
 * consumed and the result equals b line for line. *changed: the lines
 * skipped plus inserted. */
static bool apply_ok(const struct line *a, size_t na, const struct line *b,
                     size_t nb, const struct linediff_op *ops, long nops,
                     size_t *changed)
{
    size_t i = 0, j = 0;
    *changed = 0;
    for (long k = 0; k < nops; k++) {
        const struct linediff_op *op = &ops[k];
        if (op->count == 0)
            return false;   /* runs are never empty */
        switch (op->kind) {
        case LINEDIFF_COPY:
            for (size_t c = 0; c < op->count; c++, i++, j++)
                if (i >= na || j >= nb || a[i].len != b[j].len ||
                    memcmp(a[i].text, b[j].text, a[i].len) != 0)
                    return false;
            break;
        case LINEDIFF_SKIP:
            if (i + op->count > na)
                return false;
            i += op->count;
            *changed += op->count;
            break;
        case LINEDIFF_INSERT:
            if (op->at != j || j + op->count > nb)
                return false;
            j += op->count;
            *changed += op->count;
            break;
        default:
            return false;
        }
    }
    return i == na && j == nb;
}

/* Runs are maximal: no two ops of a kind in a row, and no skip right
 * after an insert (a changed stretch is its skips, then its inserts). */
static bool runs_merged(const struct linediff_op *ops, long n)
{
    for (long k = 1; k < n; k++)
        if (ops[k].kind == ops[k - 1].kind ||
            (ops[k].kind == LINEDIFF_SKIP && ops[k - 1].kind == LINEDIFF_INSERT))
            return false;
    return true;
}

static size_t lcs(const struct line *a, size_t na, const struct line *b,
                  size_t nb)
{
    size_t *t = calloc((na + 1) * (nb + 1), sizeof *t);
    for (size_t i = 1; i <= na; i++)
        for (size_t j = 1; j <= nb; j++) {
            size_t *c = &t[i * (nb + 1) + j];
            if (a[i - 1].len == b[j - 1].len &&
                memcmp(a[i - 1].text, b[j - 1].text, a[i - 1].len) == 0)
                *c = t[(i - 1) * (nb + 1) + j - 1] + 1;
            else {
                size_t up = t[(i - 1) * (nb + 1) + j], left = t[i * (nb + 1) + j - 1];
                *c = up > left ? up : left;
            }
        }
    size_t r = t[na * (nb + 1) + nb];
    free(t);
    return r;
}

/* ---- texts ---------------------------------------------------------------- */

static const char *const words[] = {"a", "b", "c", "d", "<g>", "", "</g>", "aa"};

/* n lines drawn from the first `alpha` words. */
static void random_lines(struct rng *r, struct line *l, size_t n, int alpha)
{
    for (size_t i = 0; i < n; i++) {
        const char *w = words[rng_below(r, (uint32_t)alpha)];
        l[i] = (struct line){w, strlen(w), linediff_fnv1a(w, strlen(w))};
    }
}

/* Diffs a against b and checks the script; minimal: compare with LCS. */
static void check_pair(const struct line *a, size_t na, const struct line *b,
                       size_t nb, bool minimal, size_t most, const char *what)
{
    struct linediff_op *ops;
    long n = linediff(a, na, b, nb, &ops);
    CHECK(n >= 0, "%s: out of memory", what);
    if (n < 0)
        return;
    size_t changed;
    CHECK(apply_ok(a, na, b, nb, ops, n, &changed),
          "%s: the script does not rebuild b from all of a (%zu -> %zu lines)",
          what, na, nb);
    CHECK(runs_merged(ops, n), "%s: runs not merged", what);
    if (minimal)
        CHECK(changed == na + nb - 2 * lcs(a, na, b, nb),
              "%s: %zu lines changed, minimum %zu (%zu -> %zu lines)", what,
              changed, na + nb - 2 * lcs(a, na, b, nb), na, nb);
    CHECK(changed <= most, "%s: %zu lines changed, at most %zu expected",
          what, changed, most);
    free(ops);
}

/* ---- the tests ------------------------------------------------------------- */

static void test_fnv1a(void)
{
    /* The FNV authors' published 32-bit FNV-1a values. */
    CHECK(linediff_fnv1a("", 0) == 0x811c9dc5u, "empty");
    CHECK(linediff_fnv1a("a", 1) == 0xe40c292cu, "a");
    CHECK(linediff_fnv1a("foobar", 6) == 0xbf9cf968u, "foobar");
    CHECK(linediff_fnv1a("a\nb", 3) != linediff_fnv1a("a\nc", 3), "differs");
}

static void test_split(void)
{
    size_t n;
    struct line *l = linediff_split("ab\n\ncd", 6, &n);
    CHECK(n == 3 && l[0].len == 2 && l[1].len == 0 && l[2].len == 2 &&
              memcmp(l[2].text, "cd", 2) == 0,
          "three lines, the middle one empty");
    CHECK(l[0].hash == linediff_fnv1a("ab", 2), "line hash");
    free(l);
    l = linediff_split("", 0, &n);
    CHECK(n == 1 && l[0].len == 0, "an empty text is one empty line");
    free(l);
    l = linediff_split("x\n", 2, &n);
    CHECK(n == 2 && l[1].len == 0, "a final newline ends in an empty line");
    free(l);
}

static void test_structured(void)
{
    struct line a[200], b[200];
    struct rng r;
    rng_seed(&r, 7);
    random_lines(&r, a, 200, 8);
    check_pair(a, 0, b, 0, true, 0, "both empty");
    check_pair(a, 50, a, 50, true, 0, "equal");
    check_pair(a, 0, a, 50, true, 50, "from nothing");
    check_pair(a, 50, a, 0, true, 50, "to nothing");
    check_pair(a, 50, a + 1, 49, true, 1, "first line dropped");
    check_pair(a, 50, a, 49, true, 1, "last line dropped");
    check_pair(a + 1, 49, a, 50, true, 1, "first line added");

    /* One line replaced in the middle, as a move changes a title. */
    memcpy(b, a, sizeof a);
    static const char t[] = "<title>changed</title>";
    b[100] = (struct line){t, strlen(t), linediff_fnv1a(t, strlen(t))};
    check_pair(a, 200, b, 200, false, 2, "one line replaced");
    struct linediff_op *ops;
    long n = linediff(a, 200, b, 200, &ops);
    CHECK(n == 4 && ops[0].kind == LINEDIFF_COPY && ops[0].count == 100 &&
              ops[1].kind == LINEDIFF_SKIP && ops[1].count == 1 &&
              ops[2].kind == LINEDIFF_INSERT && ops[2].at == 100 &&
              ops[3].kind == LINEDIFF_COPY && ops[3].count == 99,
          "=100 -1 +line =99 (got %ld ops)", n);
    free(ops);

    /* Equal hashes but other bytes are other lines. */
    struct line x = {"left", 4, 42}, y = {"rite", 4, 42};
    check_pair(&x, 1, &y, 1, true, 2, "a hash collision");
    n = linediff(&x, 1, &y, 1, &ops);
    CHECK(n == 2 && ops[0].kind == LINEDIFF_SKIP && ops[1].kind == LINEDIFF_INSERT,
          "collision: -1 +rite");
    free(ops);
}

/* Random pairs, small enough for the LCS table: the edit is minimal. */
static void test_random_small(void)
{
    struct rng r;
    rng_seed(&r, 1);
    struct line a[40], b[40];
    char what[64];
    for (int t = 0; t < 3000; t++) {
        size_t na = rng_below(&r, 41), nb = rng_below(&r, 41);
        int alpha = 2 + (int)rng_below(&r, 7);
        random_lines(&r, a, na, alpha);
        random_lines(&r, b, nb, alpha);
        snprintf(what, sizeof what, "random %d (%d words)", t, alpha);
        check_pair(a, na, b, nb, true, na + nb, what);
    }
}

/* Long texts changed by k random edits: a script of at most 2k changed
 * lines that rebuilds the text, and minimal where the table fits. */
static void test_random_edits(void)
{
    struct rng r;
    rng_seed(&r, 2);
    enum { N = 3000 };
    static struct line a[N], b[N + 100];
    char what[64];
    for (int t = 0; t < 60; t++) {
        size_t na = 200 + rng_below(&r, N - 200);
        random_lines(&r, a, na, 8);
        size_t nb = 0, i = 0;
        int k = (int)rng_below(&r, 40), edits = 0;
        /* Each step copies a stretch, then drops, replaces or adds a line. */
        while (i < na) {
            size_t run = rng_below(&r, (uint32_t)(2 * na / (size_t)(k + 1) + 1));
            for (; run > 0 && i < na; run--)
                b[nb++] = a[i++];
            if (i >= na || edits >= k || nb >= N + 90)
                continue;
            edits++;
            switch (rng_below(&r, 3)) {
            case 0: i++; break;
            case 1: random_lines(&r, &b[nb++], 1, 8); i++; break;
            default: random_lines(&r, &b[nb++], 1, 8); break;
            }
        }
        snprintf(what, sizeof what, "edits %d (%d edits, %zu lines)", t, edits, na);
        check_pair(a, na, b, nb, na < 600, 2 * (size_t)edits, what);
    }
}

int main(void)
{
    test_fnv1a();
    test_split();
    test_structured();
    test_random_small();
    test_random_edits();
    return check_report();
}
