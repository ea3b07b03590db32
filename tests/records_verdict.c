/* records_verdict FILE...: each file's verdict lines from the records
 * library (records/verdict.h), as tests/records/NAME.verdict hold them.
 * records_verdict --round-trip FILE...: every accepted game written in
 * each format that can carry it (records/write.h), read back, written
 * again: the same verdict and the same bytes, or a line saying where not. */
#include "records/record.h"
#include "records/verdict.h"
#include "records/write.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    enum rec_format fmt;
    const char *name;
} formats[] = {{REC_JSONL, "jsonl"}, {REC_TEXT, "text"}, {REC_SGF, "sgf"}, {REC_GGF, "ggf"},
               {REC_TRANSCRIPT, "transcript"}};

/* g's verdict line as place 1, malloc'd. */
static char *verdict_of(const struct rec_game *g)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    if (!m)
        abort();
    rec_verdict(g, 1, m);
    fclose(m);
    return buf;
}

/* g written in format k; NULL when the format cannot carry it. */
static char *written(const struct rec_game *g, int k, size_t *len)
{
    char *buf = NULL;
    FILE *m = open_memstream(&buf, len);
    if (!m)
        abort();
    int rc = rec_write(g, formats[k].fmt, m);
    fclose(m);
    if (rc != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Whether s has a control byte (which some formats write as U+FFFD or a
 * space, by design). */
static bool has_control(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f)
            return true;
    return false;
}

/* Whether b, read back from what was written of a, keeps what the format
 * carries: the result, the reason, the players (text without control
 * bytes). */
static bool same_fields(const struct rec_game *a, const struct rec_game *b, int k)
{
    if (formats[k].fmt == REC_TRANSCRIPT)
        return true;   /* the moves alone: the verdict compares them */
    if (strcmp(a->result, b->result) != 0)
        return false;
    if (!has_control(a->reason) && strcmp(a->reason, b->reason) != 0)
        return false;
    for (int i = 0; i < a->nplayers && i < b->nplayers; i++)
        if (!has_control(a->players[i]) && strcmp(a->players[i], b->players[i]) != 0)
            return false;
    return true;
}

/* One game through one format; false with a line on stdout when it does
 * not come back the same. */
static bool round_trip(const char *path, int place, const struct rec_game *g, int k)
{
    size_t len1, len2 = 0;
    char *w1 = written(g, k, &len1), *w2 = NULL, *v1 = NULL, *v2 = NULL, err[256];
    if (!w1)
        return true;   /* this format cannot carry the game */
    struct rec_file f = {0};
    bool ok = rec_parse_all(w1, len1, &f, err, sizeof err) == 0 && f.n == 1;
    if (ok) {
        v1 = verdict_of(g);
        v2 = verdict_of(&f.games[0]);
        w2 = written(&f.games[0], k, &len2);
        ok = strcmp(v1, v2) == 0 && same_fields(g, &f.games[0], k) && w2 && len1 == len2 &&
             memcmp(w1, w2, len1) == 0;
    }
    if (!ok)
        printf("%s: game %d through %s: %s\n  wrote: %s  read: %s", path, place,
               formats[k].name, f.n == 1 ? "not the same" : "not read back", w1,
               v2 ? v2 : "-\n");
    rec_free(&f);
    free(w1);
    free(w2);
    free(v1);
    free(v2);
    return ok;
}

static int round_trips(const char *path, const char *text, size_t len)
{
    struct rec_file f = {0};
    char err[256];
    int bad = 0;
    if (rec_parse_all(text, len, &f, err, sizeof err) != 0)
        return 0;
    for (int i = 0; i < f.n; i++) {
        char *v = verdict_of(&f.games[i]);
        bool accepted = strncmp(v, "1 ok ", 5) == 0;
        free(v);
        for (int k = 0; accepted && k < (int)(sizeof formats / sizeof formats[0]); k++)
            bad += !round_trip(path, i + 1, &f.games[i], k);
    }
    rec_free(&f);
    return bad;
}

int main(int argc, char **argv)
{
    int rc = 0, a = 1;
    bool trips = argc > 1 && strcmp(argv[1], "--round-trip") == 0;
    for (a += trips; a < argc; a++) {
        size_t len;
        char err[512];
        char *text = rec_file_text(argv[a], &len, err, sizeof err);
        if (!text) {
            fprintf(stderr, "records_verdict: %s\n", err);
            rc = 2;
            continue;
        }
        if (trips) {
            if (round_trips(argv[a], text, len) != 0)
                rc = 1;
        } else
            rec_verdicts(text, len, stdout);
        free(text);
    }
    return rc;
}
