/* Reading a record file: the whole file in memory, the format told by its
 * first character, and the shared pieces the three readers fill games with. */
#include "records/record.h"
#include "records/strict.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Records are text of at most a few megabytes; anything far larger is not
 * one of ours. */
#define MAX_FILE (256u << 20)

/* Reads all of in into a '\0'-ended buffer; NULL with a message in err. */
static char *read_stream(FILE *in, const char *path, size_t *len, char *err, size_t cap)
{
    size_t n = 0, size = 1 << 16;
    char *buf = malloc(size);
    for (size_t r; buf && (r = fread(buf + n, 1, size - n - 1, in)) > 0;) {
        n += r;
        if (n + 1 < size)
            continue;
        char *grown = size < MAX_FILE ? realloc(buf, size * 2) : NULL;
        if (!grown) {
            snprintf(err, cap, "%s: too large for a record file", path);
            free(buf);
            errno = EFBIG;
            return NULL;
        }
        buf = grown;
        size *= 2;
    }
    if (!buf) {
        snprintf(err, cap, "%s: out of memory", path);
        errno = ENOMEM;
        return NULL;
    }
    if (ferror(in)) {
        int e = errno;
        snprintf(err, cap, "%s: cannot be read: %s", path, strerror(e));
        free(buf);
        errno = e;
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

char *rec_file_text(const char *path, size_t *len, char *err, size_t cap)
{
    FILE *in = fopen(path, "rb");
    if (!in) {
        snprintf(err, cap, "%s: %s", path, strerror(errno));
        return NULL;
    }
    /* fopen opens a folder, and reading it fails only later, vaguely. */
    struct stat st;
    char *text = NULL;
    if (fstat(fileno(in), &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, cap, "%s: is a directory, not a record file", path);
        errno = EISDIR;
    } else
        text = read_stream(in, path, len, err, cap);
    fclose(in);
    return text;
}

/* The line (from 1) that byte at of text is on. */
static int line_of(const char *text, size_t at)
{
    int line = 1;
    for (size_t i = 0; i < at; i++)
        line += text[i] == '\n';
    return line;
}

/* GGF and SGF both open with "(;": GGF names its game (GM[Othello]),
 * SGF numbers it (GM[2], or FF[4] first). */
static bool looks_ggf(const char *s)
{
    s += strspn(s + 1, " \t\r\n") + 1;
    if (*s != ';')
        return false;
    s += strspn(s + 1, " \t\r\n") + 1;
    return strncmp(s, "GM[", 3) == 0 && ((s[3] >= 'A' && s[3] <= 'Z') || (s[3] >= 'a' && s[3] <= 'z'));
}

/* A GGS match line: a count of games, then the games ("2 (;...;)(;...;)"). */
static bool looks_ggf_match(const char *s)
{
    size_t d = strspn(s, "0123456789");
    if (d == 0)
        return false;
    s += d;
    size_t w = strspn(s, " \t");
    return w > 0 && s[w] == '(' && looks_ggf(s + w);
}

enum rec_format rec_format_of(const char *text)
{
    const char *s = text + strspn(text, " \t\r\n");
    if (*s == '(')
        return looks_ggf(s) ? REC_GGF : REC_SGF;
    if (*s >= '0' && *s <= '9')
        return looks_ggf_match(s) ? REC_GGF : REC_UNKNOWN;
    if ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z'))
        return REC_TRANSCRIPT;
    switch (*s) {
    case '\0':
        return REC_EMPTY;
    case '{':
        return REC_JSONL;
    case '[':
        return REC_TEXT;
    default:
        return REC_UNKNOWN;
    }
}

/* A result as records give them: "0", NBoard's "?", or a side (letters:
 * B, W, A, AC) and '+', then nothing (Torus Hex), T, R or F, or a margin
 * in plain decimal: no leading zero, at most three digits and two
 * decimals, not ending in 0 (B+16, W+8.5), the one way to write it. */
static bool result_ok(const char *r)
{
    if (!r[0] || !strcmp(r, "0") || !strcmp(r, "?"))
        return true;
    size_t side = strspn(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
    if (side == 0 || side > 4 || r[side] != '+')
        return false;
    const char *m = r + side + 1;
    if (!m[0] || ((m[0] == 'T' || m[0] == 'R' || m[0] == 'F') && !m[1]))
        return true;
    size_t d = strspn(m, "0123456789");
    if (d == 0 || d > 3 || (m[0] == '0' && (d > 1 || m[1] != '.')))
        return false;
    if (!m[d])
        return true;
    size_t f = strspn(m + d + 1, "0123456789");
    return m[d] == '.' && f >= 1 && f <= 2 && !m[d + 1 + f] && m[d + f] != '0';
}

/* A reader that stopped (text it cannot read past): the game it was in
 * is refused with its message, and no game follows. */
static int stopped(struct rec_file *f, const char *err)
{
    struct rec_game *g = rec_new_game(f, 0);
    if (!g)
        return -1;
    rec_refuse(g, "%s", err);
    return 0;
}

int rec_parse_all(const char *text, size_t len, struct rec_file *f, char *err, size_t cap)
{
    size_t ok = utf8_valid_prefix(text, len);
    if (ok < len) {
        snprintf(err, cap, "line %d: %s", line_of(text, ok),
                 text[ok] ? "not valid UTF-8" : "a NUL byte: binary data, not a game record");
        return -1;
    }
    const char *s = text + strspn(text, " \t\r\n");
    int (*reader)(const char *, struct rec_file *, char *, size_t) = NULL;
    switch (rec_format_of(text)) {
    case REC_EMPTY:
        return 0; /* no game: the callers say so */
    case REC_JSONL:
        reader = rec_read_jsonl;
        break;
    case REC_GGF:
        reader = rec_read_ggf;
        break;
    case REC_SGF:
        reader = rec_read_sgf;
        break;
    case REC_TEXT:
        reader = rec_read_text;
        break;
    case REC_TRANSCRIPT:
        reader = rec_read_transcript;
        break;
    case REC_UNKNOWN:
        break;
    }
    if (!reader) {
        snprintf(err, cap, "line %d: not a game record (JSON Lines, SGF, GGF, text or "
                 "transcript)", line_of(text, (size_t)(s - text)));
        return -1;
    }
    char why[240] = "";
    if (reader(text, f, why, sizeof why) != 0 && stopped(f, why) != 0) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    for (int i = 0; i < f->n; i++)
        if (!result_ok(f->games[i].result))
            rec_refuse(&f->games[i], "the result is not one a record gives (such as B+16, "
                       "W+8.5, 0, B+T, A+3)");
    return 0;
}

int rec_parse(const char *text, size_t len, struct rec_file *f, char *err, size_t cap)
{
    if (rec_parse_all(text, len, f, err, cap) != 0)
        return -1;
    for (int i = 0; i < f->n; i++) {
        const struct rec_game *g = &f->games[i];
        if (!g->why[0])
            continue;
        if (strncmp(g->why, "line ", 5) == 0)
            snprintf(err, cap, "%s", g->why);
        else
            snprintf(err, cap, "line %d: %s", g->line, g->why);
        while (f->n > i)
            rec_drop_last(f);
        return -1;
    }
    return 0;
}

void rec_refuse(struct rec_game *g, const char *fmt, ...)
{
    if (g->why[0])
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->why, sizeof g->why, fmt, ap);
    va_end(ap);
}

int rec_read(const char *path, struct rec_file *f, char *err, size_t cap)
{
    *f = (struct rec_file){0};
    size_t len;
    char *text = rec_file_text(path, &len, err, cap);
    if (!text)
        return -1;
    char msg[240] = "";
    int r = rec_parse(text, len, f, msg, sizeof msg);
    if (r == 0 && f->n == 0) {
        r = -1;
        snprintf(msg, sizeof msg, "no game in the file");
    }
    if (r != 0) {
        snprintf(err, cap, "%s: %s", path, msg);
        rec_free(f);
    }
    free(text);
    return r;
}

void rec_free(struct rec_file *f)
{
    for (int i = 0; i < f->n; i++)
        free(f->games[i].moves);
    free(f->games);
    *f = (struct rec_file){0};
}

struct rec_game *rec_new_game(struct rec_file *f, int line)
{
    if (f->n == f->cap) {
        int cap = f->cap ? 2 * f->cap : 16;
        struct rec_game *g = realloc(f->games, sizeof *g * (size_t)cap);
        if (!g)
            return NULL;
        f->games = g;
        f->cap = cap;
    }
    struct rec_game *g = &f->games[f->n++];
    *g = (struct rec_game){.id = f->n, .line = line};
    return g;
}

void rec_drop_last(struct rec_file *f)
{
    if (f->n > 0)
        free(f->games[--f->n].moves);
}

int rec_add_move(struct rec_game *g, const char *text, size_t len)
{
    if (len == 0 || len >= REC_MOVE_LEN)
        return -1;
    if (g->nmoves == g->cap) {
        int cap = g->cap ? 2 * g->cap : 64;
        char(*m)[REC_MOVE_LEN] = realloc(g->moves, sizeof *m * (size_t)cap);
        if (!m)
            return -1;
        g->moves = m;
        g->cap = cap;
    }
    rec_copy(g->moves[g->nmoves++], REC_MOVE_LEN, text, len);
    return 0;
}

void rec_copy(char *dst, size_t cap, const char *src, size_t len)
{
    if (len >= cap)
        len = utf8_cut(src, cap - 1);
    memcpy(dst, src, len);
    dst[len] = '\0';
}

int rec_check_transcript(const struct rec_game *g, char *err, size_t cap)
{
    if (!g->has_transcript)
        return 0;
    size_t k = 0;
    const char *t = g->transcript;
    for (int i = 0; i < g->nmoves; i++) {
        if (strcmp(g->moves[i], "pass") == 0)
            continue;
        for (const char *c = g->moves[i]; *c; c++, k++)
            if (t[k] != tolower((unsigned char)*c)) {
                snprintf(err, cap, "the transcript does not agree with the moves at move %d "
                         "(%s)", i + 1, g->moves[i]);
                return -1;
            }
    }
    if (t[k]) {
        snprintf(err, cap, "the transcript is longer than the moves (\"%.20s\" after them)",
                 t + k);
        return -1;
    }
    return 0;
}
