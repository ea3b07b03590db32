/* quartet-train leaves, checked from outside: the tool ($BIN/quartet-train)
 * is run on roots that `sample` draws from tests/train/wthor-sample.txt,
 * and its file read back here. Against the plain Othello of
 * plain_othello.h: each root gives one leaf a legal move (up to the
 * search's 16 candidates), each exactly D moves from its root, in root
 * order. Against a plain negamax written here over the same evaluation
 * (the engine's, which this does not check): the best move's leaf is one
 * whose evaluation is the root's depth-D value. The thread count does not
 * change the file; --positions draws a seeded subset; bad requests fail
 * and leave no file. */
#include "check.h"
#include "plain_othello.h"
#include "engine/games/othello/eval.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SAMPLE "tests/train/wthor-sample.txt"
#define MAXPOS 20000
#define WEIGHTS "data/othello.weights"

static int tool(const char *cmd, const char *args)
{
    const char *bin = getenv("BIN");
    char line[1400];
    snprintf(line, sizeof line, "%s/quartet-train %s %s >/dev/null 2>&1", bin ? bin : "bin",
             cmd, args);
    return system(line);
}

static struct pos roots[MAXPOS], leaves[MAXPOS], other[MAXPOS];

static int legal_count(const struct board *x)
{
    int n = 0;
    for (int sq = 0; sq < 64; sq++)
        n += legal(x, sq);
    return n;
}

/* A pass within the next two plies or at the leaves after them. */
static int pass_near(const struct board *x)
{
    if (!any_move(x))
        return 1;
    for (int sq = 0; sq < 64; sq++)
        if (legal(x, sq)) {
            struct board y = play(x, sq);
            if (!any_move(&y))
                return 1;
            for (int s2 = 0; s2 < 64; s2++)
                if (legal(&y, s2)) {
                    struct board z = play(&y, s2);
                    if (!any_move(&z))
                        return 1;
                }
        }
    return 0;
}

static const struct oth_weights *W;

/* Plain negamax to depth d over the evaluation (no pass within reach:
 * the roots it is asked about are chosen so). */
static int negamax(const struct board *x, int d)
{
    if (d == 0) {
        struct pos p = to_pos(x);
        return oth_evaluate(W, p.P, p.O, ~0ULL);
    }
    int best = -1000000;
    for (int sq = 0; sq < 64; sq++)
        if (legal(x, sq)) {
            struct board y = play(x, sq);
            int v = -negamax(&y, d - 1);
            best = v > best ? v : best;
        }
    return best;
}

static void structure(const char *dir, long nroots)
{
    char args[1024], l1[512], l2[512];
    snprintf(l1, sizeof l1, "%s/l1.pos", dir);
    snprintf(l2, sizeof l2, "%s/l2.pos", dir);
    snprintf(args, sizeof args, "--in %s/roots.pos --out %s --depth 2 --threads 1", dir, l1);
    CHECK(tool("leaves", args) == 0, "leaves --depth 2 runs");
    snprintf(args, sizeof args, "--in %s/roots.pos --out %s --depth 2 --threads 2", dir, l2);
    CHECK(tool("leaves", args) == 0, "and on two threads");
    long n = read_file(l1, leaves, MAXPOS, NULL), n2 = read_file(l2, other, MAXPOS, NULL);
    CHECK(n > 0 && n == n2 && !memcmp(leaves, other, (size_t)n * sizeof *leaves),
          "the same file on one thread and two (%ld, %ld leaves)", n, n2);
    long at = 0, want = 0, reached = 0, order = 0;
    for (long i = 0; i < nroots; i++) {
        struct board r = from_pos(roots[i]);
        int k = legal_count(&r);
        k = k < 16 ? k : 16;
        want += k;
        int firsts[64] = {0}, fine = 1;
        for (int j = 0; j < k && at < n; j++, at++) {
            int by = -1;
            for (int sq = 0; sq < 64 && by < 0; sq++)
                if (legal(&r, sq) && !firsts[sq]) {
                    struct board y = play(&r, sq);
                    if (reaches(&y, 1, leaves[at]))
                        by = sq;
                }
            if (by >= 0)
                firsts[by] = 1;
            fine &= by >= 0;
            reached += by >= 0;
        }
        order += fine;
    }
    CHECK(n == want, "one leaf a root move, up to 16 (%ld, %ld)", n, want);
    CHECK(reached == n, "each 2 legal moves from its root, a root move each: %ld of %ld",
          reached, n);
    CHECK(order == nroots, "in root order: %ld of %ld roots", order, nroots);
}

static void values(const char *dir, long nroots)
{
    char args[1024], b[512];
    snprintf(b, sizeof b, "%s/best.pos", dir);
    snprintf(args, sizeof args, "--in %s/roots.pos --out %s --depth 2 --moves 1 --weights %s",
             dir, b, WEIGHTS);
    CHECK(tool("leaves", args) == 0, "leaves --moves 1 runs");
    long n = read_file(b, leaves, MAXPOS, NULL), checked = 0, same = 0;
    CHECK(n == nroots, "one leaf a root (%ld, %ld)", n, nroots);
    char err[256];
    W = oth_weights_load(WEIGHTS, err, sizeof err);
    CHECK(W != NULL, "the weights load: %s", W ? "" : err);
    for (long i = 0; W && i < n && i < nroots; i++) {
        struct board r = from_pos(roots[i]);
        if (pass_near(&r))
            continue;
        checked++;
        int v = negamax(&r, 2);
        same += oth_evaluate(W, leaves[i].P, leaves[i].O, ~0ULL) == v;
    }
    CHECK(checked > nroots / 2, "most roots have no pass within two plies (%ld)", checked);
    CHECK(same == checked, "the best move's leaf evaluates to the plain negamax value: "
          "%ld of %ld", same, checked);
}

static void subsets(const char *dir, long nroots)
{
    char args[1024], a[512], c[512];
    snprintf(a, sizeof a, "%s/s1.pos", dir);
    snprintf(c, sizeof c, "%s/s2.pos", dir);
    snprintf(args, sizeof args, "--in %s/roots.pos --in %s/roots.pos --out %s --depth 1 "
             "--moves 1 --positions 30 --seed 3", dir, dir, a);
    CHECK(tool("leaves", args) == 0, "leaves --positions 30 runs on the roots given twice");
    snprintf(args, sizeof args, "--in %s/roots.pos --in %s/roots.pos --out %s --depth 1 "
             "--moves 1 --positions 30 --seed 4", dir, dir, c);
    CHECK(tool("leaves", args) == 0, "and with another seed");
    long n = read_file(a, leaves, MAXPOS, NULL), m = read_file(c, other, MAXPOS, NULL), near = 0;
    CHECK(n == 30 && m == 30, "30 roots, 30 leaves (%ld, %ld)", n, m);
    CHECK(n == m && memcmp(leaves, other, (size_t)n * sizeof *leaves),
          "another seed, other roots");
    for (long i = 0; i < n; i++)
        for (long j = 0; j < nroots; j++) {
            struct board r = from_pos(roots[j]);
            if (reaches(&r, 1, leaves[i])) {
                near++;
                break;
            }
        }
    CHECK(near == n, "each one move from a root: %ld of %ld", near, n);
}

static void refusals(const char *dir)
{
    char args[1024], out[512];
    snprintf(out, sizeof out, "%s/bad.pos", dir);
    const char *bad[] = {"--depth 0", "--moves 0", "--positions 0", "--moves x",
                         "--weights /nonexistent.weights"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        unlink(out);
        snprintf(args, sizeof args, "--in %s/roots.pos --out %s %s", dir, out, bad[i]);
        CHECK(tool("leaves", args) != 0 && access(out, F_OK) != 0,
              "refused, no file left: %s", bad[i]);
    }
    snprintf(args, sizeof args, "--in %s --out %s", SAMPLE, out);
    CHECK(tool("leaves", args) != 0 && access(out, F_OK) != 0,
          "a games file for --in (not positions): refused, no file left");
}

int main(void)
{
    char dir[] = "/tmp/quartet-leaves-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(0, "a temporary folder");
        return check_report();
    }
    char args[1024], rp[512];
    snprintf(rp, sizeof rp, "%s/roots.pos", dir);
    snprintf(args, sizeof args, "--in %s --empties 18-23 --out %s", SAMPLE, rp);
    CHECK(tool("sample", args) == 0, "sample gives the roots");
    long nroots = read_file(rp, roots, MAXPOS, NULL);
    CHECK(nroots >= 100, "roots at 18-23 empties (%ld)", nroots);
    if (nroots >= 100) {
        structure(dir, nroots);
        values(dir, nroots);
        subsets(dir, nroots);
        refusals(dir);
    }
    snprintf(args, sizeof args, "rm -rf %s", dir);
    if (system(args) != 0)
        printf("note: %s not removed\n", dir);
    return check_report();
}
