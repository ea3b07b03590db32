/* quartet-train sample, checked from outside: the tool ($BIN/quartet-train)
 * is run on tests/train/wthor-sample.txt and its positions file read back
 * here with a plain reader, against a plain second Othello written in this
 * file (a 64-square array, no bitboards): the positions as played are the
 * ones this replay reaches; each deviation lies within its random moves of
 * a position of the games; the seed decides the file; bad requests fail
 * and leave no file. */
#include "check.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SAMPLE "tests/train/wthor-sample.txt"
#define MAXPOS 20000

#include "plain_othello.h"

/* ---- the games: every position before each move, the side to move
 * having one (passes put in where forced) ---- */

struct game {
    struct board at[64];
    int n;
    int year;
};

static struct game games[64];
static int ngames;

/* 0 when the transcript is legal and ends with neither side to move. */
static int replay(const char *t, struct game *g)
{
    struct board x = {{0}};
    x.b[3 * 8 + 4] = x.b[4 * 8 + 3] = 1; /* Black, to move: d5 e4 */
    x.b[3 * 8 + 3] = x.b[4 * 8 + 4] = 2;
    g->n = 0;
    for (; t[0] && t[1]; t += 2) {
        int sq = (t[1] - '1') * 8 + (t[0] - 'a');
        if (!any_move(&x))
            x = pass(&x);
        if (sq < 0 || sq >= 64 || !legal(&x, sq))
            return -1;
        g->at[g->n++] = x;
        x = play(&x, sq);
    }
    if (any_move(&x))
        return -1;
    x = pass(&x);
    return any_move(&x) ? -1 : 0;
}

static void load_games(void)
{
    FILE *f = fopen(SAMPLE, "r");
    char line[1024];
    while (f && fgets(line, sizeof line, f) && ngames < 64) {
        line[strcspn(line, "\r\n")] = 0;
        if (line[0] == '#' || !line[0])
            continue;
        char *tab = strrchr(line, '\t');
        struct game *g = &games[ngames];
        g->year = tab ? atoi(line) : -1;
        if (replay(tab ? tab + 1 : line, g) == 0)
            ngames++;
    }
    if (f)
        fclose(f);
}

/* ---- the tool and its file ---- */

static int run_in(const char *in, const char *args, const char *out)
{
    const char *bin = getenv("BIN");
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s/quartet-train sample --in %s --out %s %s >/dev/null 2>&1",
             bin ? bin : "bin", in, out, args);
    return system(cmd);
}

static int run(const char *args, const char *out)
{
    return run_in(SAMPLE, args, out);
}

static struct pos got[MAXPOS], want[MAXPOS];

static void as_played(const char *dir)
{
    char out[512], args[128];
    snprintf(out, sizeof out, "%s/played.pos", dir);
    snprintf(args, sizeof args, "--years 1977-1980 --empties 12-17");
    CHECK(run(args, out) == 0, "sample %s runs", args);
    int lab;
    long n = read_file(out, got, MAXPOS, &lab), m = 0;
    for (int g = 0; g < ngames; g++) {
        if (games[g].year < 1977 || games[g].year > 1980)
            continue;
        for (int i = 0; i < games[g].n && m < MAXPOS; i++) {
            int e = empties(&games[g].at[i]);
            if (e >= 12 && e <= 17)
                want[m++] = to_pos(&games[g].at[i]);
        }
    }
    CHECK(m > 100, "the sample games give positions at 12-17 empties (%ld)", m);
    CHECK(n == m, "as many positions as the plain replay (%ld, %ld)", n, m);
    long same = 0;
    for (long i = 0; i < n && i < m; i++)
        same += got[i].P == want[i].P && got[i].O == want[i].O;
    CHECK(same == m, "the plain replay's positions, in game order: %ld of %ld", same, m);
    CHECK(!lab, "written unlabelled");

    snprintf(args, sizeof args, "--years 2022-2022");
    CHECK(run(args, out) == 0, "sample %s runs", args);
    n = read_file(out, got, MAXPOS, &lab);
    m = 0;
    for (int g = 0; g < ngames; g++)
        for (int i = 0; g < ngames && games[g].year == 2022 && i < games[g].n; i++)
            m += empties(&games[g].at[i]) >= 12 && empties(&games[g].at[i]) <= 17;
    CHECK(m == 6 && n == m, "--years: the 2022 game's 6 positions at 12-17 (%ld, %ld)", n, m);
}

static void deviations(const char *dir)
{
    char out[512], again[512], other[512];
    snprintf(out, sizeof out, "%s/dev.pos", dir);
    snprintf(again, sizeof again, "%s/dev2.pos", dir);
    snprintf(other, sizeof other, "%s/dev3.pos", dir);
    const char *args = "--years 1977-2023 --empties 14-15 --deviate 1-3 --per-game 3 --seed 5";
    CHECK(run(args, out) == 0, "sample %s runs", args);
    CHECK(run(args, again) == 0, "and again");
    CHECK(run("--years 1977-2023 --empties 14-15 --deviate 1-3 --per-game 3 --seed 6", other) == 0,
          "with another seed");
    int lab;
    long n = read_file(out, got, MAXPOS, &lab);
    long n2 = read_file(again, want, MAXPOS, &lab);
    CHECK(n == n2 && n > 0 && !memcmp(got, want, (size_t)n * sizeof *got),
          "the same seed, the same positions (%ld, %ld)", n, n2);
    n2 = read_file(other, want, MAXPOS, &lab);
    CHECK(n2 > 0 && (n2 != n || memcmp(got, want, (size_t)n * sizeof *got)),
          "another seed, other positions");
    int years = 0;
    for (int g = 0; g < ngames; g++)
        years += games[g].year >= 1977;
    CHECK(n <= 3L * years && n >= 2L * years, "3 a game, but where a game cannot give one "
          "(%ld of %d)", n, 3 * years);
    long range = 0, movable = 0, near = 0, off_line = 0;
    for (long i = 0; i < n; i++) {
        int e = 64 - popc(got[i].P | got[i].O);
        range += e >= 14 && e <= 15 && !(got[i].P & got[i].O);
        struct board x = {{0}};
        for (int s = 0; s < 64; s++)
            x.b[s] = (int8_t)(got[i].P >> s & 1 ? 1 : got[i].O >> s & 1 ? 2 : 0);
        movable += any_move(&x);
        int found = 0, on = 0;
        for (int g = 0; g < ngames && !found; g++)
            for (int j = 0; j < games[g].n && !found; j++) {
                int d = empties(&games[g].at[j]) - e;
                on |= d == 0 && same_pos(got[i], &games[g].at[j]);
                found = d >= 1 && d <= 3 && reaches(&games[g].at[j], d, got[i]);
            }
        near += found;
        off_line += !on;
    }
    CHECK(range == n, "every position at 14-15 empties: %ld of %ld", range, n);
    CHECK(movable == n, "the side to move has a move: %ld of %ld", movable, n);
    CHECK(near == n, "each 1-3 legal moves from a position of the games: %ld of %ld", near, n);
    CHECK(off_line > n / 2, "most off the experts' lines: %ld of %ld", off_line, n);
}

static void refusals(const char *dir)
{
    char out[512];
    snprintf(out, sizeof out, "%s/bad.pos", dir);
    const char *bad[] = {"--per-game 2", "--deviate 0-2", "--deviate 3-1", "--empties 12-61",
                         "--per-game 0 --deviate 1-2", "--deviate 1-2 --per-game 61"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        unlink(out);
        CHECK(run(bad[i], out) != 0, "refused: %s", bad[i]);
        CHECK(access(out, F_OK) != 0, "and no file left: %s", bad[i]);
    }
    unlink(out);
    CHECK(run_in("/nonexistent/games.txt", "", out) != 0 && access(out, F_OK) != 0,
          "a missing input: refused, no file left");
    /* A folder that cannot take the file: the write fails, nothing stays. */
    char to[600];
    snprintf(to, sizeof to, "%s/no-such-folder/x.pos", dir);
    CHECK(run("", to) != 0 && access(to, F_OK) != 0, "an output that cannot be written: refused");
}

int main(void)
{
    load_games();
    CHECK(ngames >= 25, "the sample file's finished, legal games replayed (%d)", ngames);
    char dir[] = "/tmp/quartet-sample-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(0, "a temporary folder");
        return check_report();
    }
    as_played(dir);
    deviations(dir);
    refusals(dir);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        printf("note: %s not removed\n", dir);
    return check_report();
}
