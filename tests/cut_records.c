/* The truncation sweep's helper (tests/records_check.sh): each FILE is a
 * whole record of quartet-match (JSON Lines, SGF or text); it is cut at
 * every byte, and each cut goes to quartet-render's reader and to
 * --check's. A cut at the end of a game is a whole shorter record and
 * must be accepted with the games before it; every other cut must be
 * refused, naming the line of its last byte. Game ends are found here by
 * plain reading of each format (where the runner ends a game), not by
 * the readers. Prints a line per file and "N passed, N failed", a cut
 * being one test. */
#include "tools/quartet-match/adjudicate.h"
#include "tools/quartet-match/check.h"
#include "tools/quartet-render/record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int main(int argc, char **argv)
{
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
