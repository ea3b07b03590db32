/* The truncation sweep's helper (tests/records_check.sh): each FILE is a
 * whole record of quartet-match (JSON Lines, SGF or text); it is cut at
 * every byte, and each cut goes to the records library's reader and to
 * --check's. A cut at the end of a game is a whole shorter record and
 * must be accepted with the games before it; every other cut must be
 * refused, naming the line of its last byte. Game ends are found here by
 * plain reading of each format (where the runner ends a game), not by
 * the readers. Prints a line per file and "N passed, N failed", a cut
 * being one test.
 * With --round-trip first, each FILE (any format) is read instead and its
 * round trips checked: every GGF game read by records/ggf.c and written
 * again is the same game, and the same bytes when quartet-match wrote it;
 * every Othello game's transcript, made here from its moves and taken
 * apart again by a plain parser, gives back its moves without passes, and
 * a transcript the record carries is that one. */
#include "tools/quartet-match/adjudicate.h"
#include "tools/quartet-match/check.h"
#include "records/record.h"
#include "records/ggf.h"

#include <ctype.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Offsets just after each game's end: a JSON line's newline, a text
 * game's blank line, an SGF tree's ')'. Returns how many. */
static int game_ends(const char *t, size_t len, size_t *ends, int max)
{
    size_t i = strspn(t, " \t\r\n");
    char kind = t[i];
    int n = 0;
    for (; i < len && n < max; i++) {
        bool end = kind == '{' ? t[i] == '\n'
                 : kind == '[' ? i > 0 && t[i] == '\n' && t[i - 1] == '\n'
                 : t[i] == ')' && (i + 1 == len || (t[i + 1] == '\n' &&
                                                    (i + 2 == len || t[i + 2] == '(')));
        if (end)
            ends[n++] = i + 1;
    }
    return n;
}

static int line_of_last_byte(const char *t, size_t cut)
{
    int line = 1;
    for (size_t i = 0; i + 1 < cut; i++)
        line += t[i] == '\n';
    return line;
}

/* One cut: returns true when the readers treat it as they must. */
static bool one_cut(const char *path, const char *t, size_t cut, const size_t *ends, int nends,
                    FILE *sink)
{
    int games = 0;
    bool whole = false;
    for (int k = 0; k < nends; k++) {
        games += ends[k] <= cut;
        /* The SGF writer's newline after a tree belongs to that game. */
        whole |= cut == ends[k] || (cut == ends[k] + 1 && t[ends[k]] == '\n');
    }
    whole &= cut > 0;
    char *text = malloc(cut + 1);
    if (!text)
        abort();
    memcpy(text, t, cut);
    text[cut] = '\0';
    struct rec_file f = {0};
    char err[240] = "", want[32];
    int rc = rec_parse(text, cut, &f, err, sizeof err);
    int bad = check_text(text, cut, path, ADJ_MAX_EMPTIES, sink);
    snprintf(want, sizeof want, "line %d: ", line_of_last_byte(t, cut));
    bool ok = whole ? rc == 0 && f.n == games && bad == 0
                    : cut == 0 ? bad == -1 : rc != 0 && bad > 0 && f.n <= games &&
                                                 strncmp(err, want, strlen(want)) == 0;
    if (!ok)
        printf("FAIL: %s cut at %zu bytes (%s, %d games before it): reader %s '%s' (%d games), "
               "--check %d\n", path, cut, whole ? "whole" : "cut", games,
               rc ? "refuses" : "accepts", err, f.n, bad);
    rec_free(&f);
    free(text);
    return ok;
}

/* A transcript's squares: a letter and its digits each; false on
 * anything else. */
static bool split_transcript(const char *t, char (*sq)[8], int max, int *n)
{
    *n = 0;
    while (*t) {
        if (!islower((unsigned char)t[0]) || !isdigit((unsigned char)t[1]) || *n == max)
            return false;
        int k = 0;
        sq[*n][k++] = *t++;
        while (isdigit((unsigned char)*t) && k < 4)
            sq[*n][k++] = *t++;
        sq[(*n)++][k] = '\0';
    }
    return true;
}

static bool transcript_round_trip(const struct rec_game *g)
{
    char t[REC_MAX_TRANSCRIPT] = "", sq[512][8];
    size_t k = 0;
    int n, m = 0;
    for (int i = 0; i < g->nmoves; i++)
        if (strcmp(g->moves[i], "pass") != 0)
            for (const char *c = g->moves[i]; *c && k + 1 < sizeof t; c++)
                t[k++] = (char)tolower((unsigned char)*c);
    t[k] = '\0';
    if (!split_transcript(t, sq, 512, &n))
        return false;
    for (int i = 0; i < g->nmoves; i++)
        if (strcmp(g->moves[i], "pass") != 0 && (m >= n || strcasecmp(sq[m++], g->moves[i]) != 0))
            return false;
    return m == n && (!g->has_transcript || strcmp(g->transcript, t) == 0);
}

static bool ggf_round_trip(const char *t, size_t len, int *games)
{
    static struct ggf_game a, b;
    static char out[1 << 16];
    char err[200];
    size_t pos = 0, used, used_b;
    *games = 0;
    while ((pos += strspn(t + pos, " \t\r\n")) < len) {
        if (ggf_read(t + pos, len - pos, &used, &a, err, sizeof err) != 0)
            return false;
        int n = ggf_write(&a, out, sizeof out);
        const char *pc = ggf_get(&a, "PC");
        if (n < 0 || (size_t)n >= sizeof out ||
            ggf_read(out, (size_t)n, &used_b, &b, err, sizeof err) != 0 || !ggf_same(&a, &b) ||
            (pc && !strcmp(pc, "quartet-match") &&
             ((size_t)n != used || memcmp(out, t + pos, (size_t)n) != 0)))
            return false;
        pos += used;
        ++*games;
    }
    return true;
}

static int round_trips(int argc, char **argv)
{
    int passed = 0, failed = 0;
    for (int a = 0; a < argc; a++) {
        size_t len;
        char err[512];
        char *t = rec_file_text(argv[a], &len, err, sizeof err);
        struct rec_file f = {0};
        if (!t || rec_parse(t, len, &f, err, sizeof err) != 0) {
            printf("FAIL: %s: %s\n", argv[a], err);
            failed++;
            free(t);
            rec_free(&f);
            continue;
        }
        int tr = 0, ggf = 0;
        for (int i = 0; i < f.n; i++)
            if (strcmp(f.games[i].game, "Othello") == 0) {
                bool ok = transcript_round_trip(&f.games[i]);
                ok ? passed++ : failed++;
                tr++;
                if (!ok)
                    printf("FAIL: %s: game %d: transcript\n", argv[a], f.games[i].id);
            }
        if (t[strspn(t, " \t\r\n")] == '(' && strstr(t, "GM[Othello]")) {
            bool ok = ggf_round_trip(t, len, &ggf);
            ok ? passed++ : failed++;
            if (!ok)
                printf("FAIL: %s: a GGF game does not round-trip\n", argv[a]);
        }
        printf("%s: %d transcripts, %d GGF games round-tripped\n", argv[a], tr, ggf);
        rec_free(&f);
        free(t);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--round-trip") == 0)
        return round_trips(argc - 2, argv + 2);
    int passed = 0, failed = 0;
    FILE *sink = fopen("/dev/null", "w");
    if (!sink)
        return 2;
    for (int a = 1; a < argc; a++) {
        size_t len;
        char err[512];
        char *t = rec_file_text(argv[a], &len, err, sizeof err);
        if (!t) {
            printf("FAIL: %s\n", err);
            failed++;
            continue;
        }
        size_t ends[256];
        int nends = game_ends(t, len, ends, 256), p = 0, f = 0;
        for (size_t cut = 0; cut <= len; cut++)
            one_cut(argv[a], t, cut, ends, nends, sink) ? p++ : f++;
        printf("%s: %zu cuts (%d game ends), %d refused or read as they must be, %d not\n",
               argv[a], len + 1, nends, p, f);
        passed += p;
        failed += f;
        free(t);
    }
    fclose(sink);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
