/* libFuzzer target: the record readers. The input is a record file; the
 * same bytes go to the records library's reader (rec_parse, which --check
 * uses too), to --check itself (replaying what it read), to --merge and
 * to resume's reader (jsonl_read, which may cut a partial last line), the
 * latter two through a file in memory. Checks: what a reader accepts is
 * what the format allows (valid UTF-8, every line ended, numbers in
 * range), checked again here by plain code; --check agrees with the
 * reader on whether the bytes are a whole record; jsonl_read never reads
 * more games than the input has whole lines. GGF: a game records/ggf.c
 * accepts writes and reads back as the same game; a set-up start the
 * reader keeps is a square board of X, O and - with a side to move; a
 * transcript an accepted record carries agrees with its moves; --merge's
 * GGF reader (ggf_lines_read) passes on only games with a number and
 * engine indices in range. The records library's codecs (records/): the
 * verdict of every game (rec_parse_all, rec_verdict) is "N ok ..." or
 * "N refused: ..." on one line; every accepted game written in each
 * format that carries it (records/write.h) reads back as one game with
 * the same verdict and writes again to the same bytes. */
#include "tests/fuzz/fuzz.h"
#include "tools/quartet-match/check.h"
#include "tools/quartet-match/ggflines.h"
#include "tools/quartet-match/merge.h"
#include "tools/quartet-match/resume.h"
#include "records/record.h"
#include "records/strict.h"
#include "records/ggf.h"
#include "records/verdict.h"
#include "records/write.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Adjudications are re-solved up to this many empties: milliseconds. */
#define FUZZ_MAX_SOLVE 8

/* v's verdict of g as place 1 into buf (cap bytes); false when refused. */
static bool verdict_text(const struct rec_game *g, char *buf, size_t cap)
{
    FILE *m = fmemopen(buf, cap, "w");
    if (!m)
        abort();
    int rc = rec_verdict(g, 1, m);
    fclose(m);
    buf[cap - 1] = '\0';
    return rc == 0;
}

/* g written in format fmt into a malloc'd buffer; NULL when it cannot be. */
static char *written(const struct rec_game *g, enum rec_format fmt, size_t *len)
{
    char *buf = NULL;
    FILE *m = open_memstream(&buf, len);
    if (!m)
        abort();
    int rc = rec_write(g, fmt, m);
    fclose(m);
    if (rc != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Every game's verdict is one line; every accepted one round-trips
 * through each format that can carry it. */
static void check_codecs(const char *text, size_t size)
{
    static const enum rec_format fmts[] = {REC_JSONL, REC_TEXT, REC_SGF, REC_GGF,
                                           REC_TRANSCRIPT};
    struct rec_file f = {0};
    char err[256], v1[8192], v2[8192];
    if (rec_parse_all(text, size, &f, err, sizeof err) != 0)
        return;
    for (int i = 0; i < f.n; i++) {
        bool ok = verdict_text(&f.games[i], v1, sizeof v1);
        FUZZ_CHECK(strchr(v1, '\n') == v1 + strlen(v1) - 1, "a verdict of two lines: %s", v1);
        FUZZ_CHECK(strncmp(v1, ok ? "1 ok " : "1 refused: ", ok ? 5 : 11) == 0, "verdict %s", v1);
        for (size_t k = 0; ok && k < sizeof fmts / sizeof fmts[0]; k++) {
            size_t n1, n2;
            char *w1 = written(&f.games[i], fmts[k], &n1);
            if (!w1)
                continue;
            struct rec_file back = {0};
            FUZZ_CHECK(rec_parse_all(w1, n1, &back, err, sizeof err) == 0 && back.n == 1,
                       "format %d: written game not read back: %s", (int)fmts[k], w1);
            FUZZ_CHECK(verdict_text(&back.games[0], v2, sizeof v2) && strcmp(v1, v2) == 0,
                       "format %d: %s read back as %s", (int)fmts[k], v1, v2);
            char *w2 = written(&back.games[0], fmts[k], &n2);
            FUZZ_CHECK(w2 && n1 == n2 && memcmp(w1, w2, n1) == 0,
                       "format %d: written twice differently: %s", (int)fmts[k], w1);
            free(w2);
            free(w1);
            rec_free(&back);
        }
    }
    rec_free(&f);
}

/* A plain second UTF-8 check, by code point ranges (RFC 3629's table). */
static bool plain_utf8(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned c = s[i], cp;
        int more = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : -1;
        if (c == 0 || more < 0 || i + (size_t)more >= n + (more == 0))
            return false;
        cp = more == 0 ? c : c & (0x3f >> more);
        for (int k = 1; k <= more; k++) {
            if ((s[i + k] & 0xc0) != 0x80)
                return false;
            cp = cp << 6 | (s[i + k] & 0x3f);
        }
        static const unsigned least[4] = {0, 0x80, 0x800, 0x10000};
        if (cp < least[more] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return false;
        i += (size_t)more + 1;
    }
    return true;
}

static void check_games(const struct rec_file *f)
{
    for (int i = 0; i < f->n; i++) {
        const struct rec_game *g = &f->games[i];
        FUZZ_CHECK(g->id >= 1 && g->id <= RECORD_MAX_GAME, "game %d: number out of range", g->id);
        FUZZ_CHECK(g->size >= 0 && g->size <= RECORD_MAX_SIZE, "game %d: size %d", g->id, g->size);
        for (int m = 0; m < g->nmoves; m++)
            FUZZ_CHECK(g->moves[m][0] && strlen(g->moves[m]) < REC_MOVE_LEN, "game %d: move %d",
                       g->id, m + 1);
        size_t sq = strlen(g->setup);
        int side = 1;
        while ((size_t)(side * side) < sq)
            side++;
        FUZZ_CHECK(sq == 0 || ((size_t)(side * side) == sq &&
                                strspn(g->setup, "XO-") == sq &&
                                (g->setup_side == 'X' || g->setup_side == 'O')),
                   "game %d: set-up start '%s' %c", g->id, g->setup, g->setup_side);
        char why[120];
        FUZZ_CHECK(rec_check_transcript(g, why, sizeof why) == 0,
                   "game %d: a transcript that disagrees accepted: %s", g->id, why);
    }
}

struct lines {
    int n, bad;               /* lines passed on; of them, out of range */
};

static int count_line(const struct line_game *g, void *ctx, char *err, size_t cap)
{
    (void)err, (void)cap;
    struct lines *c = ctx;
    bool ok = g->rec.id >= 1 && g->rec.nseats >= 1 && g->rec.nseats <= GAME_MAX_PLAYERS;
    for (int s = 0; ok && s < g->rec.nseats; s++)
        ok = g->rec.engine[s] >= 0 && g->rec.engine[s] < MAX_ENGINES;
    c->bad += !ok;
    c->n++;
    return 0;
}

/* The memory file that --merge and resume read by its /proc path. */
static int mem_fd = -1;
static char mem_path[64];
static FILE *devnull;

static void put_file(const uint8_t *data, size_t size)
{
    if (mem_fd < 0) {
        mem_fd = memfd_create("records", 0);
        FUZZ_CHECK(mem_fd >= 0, "memfd_create failed");
        snprintf(mem_path, sizeof mem_path, "/proc/self/fd/%d", mem_fd);
        devnull = fopen("/dev/null", "w");
        FUZZ_CHECK(devnull != NULL, "cannot open /dev/null");
    }
    FUZZ_CHECK(ftruncate(mem_fd, 0) == 0 && pwrite(mem_fd, data, size, 0) == (ssize_t)size,
               "cannot write the memory file");
}

/* Whether text (a whole accepted file) ends every line: JSON Lines and
 * text records must; SGF need not. */
static bool lines_ended(const uint8_t *data, size_t size)
{
    size_t i = 0;
    while (i < size && strchr(" \t\r\n", data[i]))
        i++;
    return i == size || data[i] == '(' || data[size - 1] == '\n';
}

/* The GGF codec alone: what it reads, it writes so that it reads back the
 * same; it never says it used more than it was given. */
static void ggf_round_trip(const uint8_t *data, size_t size)
{
    static struct ggf_game a, b;
    static char out[1 << 17];
    char err[200];
    size_t used = 0, pos = 0;
    for (int k = 0; k < 8 && pos < size; k++) {
        if (ggf_read((const char *)data + pos, size - pos, &used, &a, err, sizeof err) != 0) {
            FUZZ_CHECK(used <= size - pos && err[0], "ggf_read: a refusal at %zu of %zu, '%s'",
                       used, size - pos, err);
            return;
        }
        FUZZ_CHECK(used > 0 && used <= size - pos, "ggf_read used %zu of %zu", used, size - pos);
        int n = ggf_write(&a, out, sizeof out);
        FUZZ_CHECK(n > 0 && (size_t)n < sizeof out, "ggf_write: %d bytes", n);
        size_t u2;
        FUZZ_CHECK(ggf_read(out, (size_t)n, &u2, &b, err, sizeof err) == 0 && u2 == (size_t)n,
                   "a written game does not read back: %s", err);
        FUZZ_CHECK(ggf_same(&a, &b), "a written game reads back as another");
        pos += used;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ggf_round_trip(data, size);
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    put_file(data, size);
    size_t whole = 0;
    for (size_t i = 0; i < size; i++)
        whole += data[i] == '\n';

    /* The readers' notes go nowhere; sanitizer reports still reach fd 2,
     * and the checks below run with stderr back. */
    FILE *err_stream = stderr;
    stderr = devnull;
    struct rec_file f = {0};
    char err[240] = "", msg[1024];
    int rc = rec_parse(text, size, &f, err, sizeof err);
    int bad = check_text(text, size, "fuzz", FUZZ_MAX_SOLVE, devnull);
    char *files[1] = {mem_path};
    /* With a test on, so that the pairs and their verdict are read too. */
    static const struct sprt sp = {.elo0 = 0, .elo1 = 10, .alpha = 0.05, .beta = 0.05, .on = true};
    merge_files(1, files, &sp, devnull);
    struct lines lines = {0};
    int n = jsonl_read(mem_path, true, count_line, &lines, msg, sizeof msg);
    struct lines glines = {0};
    int gn = -1;
    if (rec_format_of(text) == REC_GGF) {
        char *copy = malloc(size + 1);
        if (copy) {
            memcpy(copy, text, size + 1);
            gn = ggf_lines_read("fuzz", copy, size, count_line, &glines, msg, sizeof msg);
            free(copy);
        }
    }
    stderr = err_stream;

    check_games(&f);
    check_codecs(text, size);
    FUZZ_CHECK(rc == 0 || strncmp(err, "line ", 5) == 0, "a refusal without its line: %s", err);
    if (rc == 0) {
        FUZZ_CHECK(plain_utf8(data, size), "invalid UTF-8 accepted");
        FUZZ_CHECK(lines_ended(data, size), "a last line without its newline accepted");
    }
    FUZZ_CHECK(rc == 0 ? bad >= -1 && bad <= f.n : bad >= 1, "--check says %d for %s", bad,
               rc == 0 ? "a whole record" : "a refused record");
    FUZZ_CHECK(lines.bad == 0, "jsonl_read passed a line with a bad game number or engine");
    FUZZ_CHECK(n == -1 || (n == lines.n && (size_t)n <= whole),
               "jsonl_read: %d games of %zu lines", n, whole);
    FUZZ_CHECK(glines.bad == 0, "ggf_lines_read passed a game with a bad number or engine");
    FUZZ_CHECK(gn == -1 || gn == glines.n, "ggf_lines_read: %d games, %d passed on", gn,
               glines.n);
    rec_free(&f);
    free(text);
    return 0;
}
