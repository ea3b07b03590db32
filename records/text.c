/* The text record: "[Game N]" opens a game, then "Field: value" lines
 * (Game, Size, Variants, Seat X, Moves, Result, Reason; Transcript,
 * checked against the moves; others are skipped), and a blank line ends it. Values are escaped as
 * doc/tournaments.md says (\\ \n \r \t \xNN), so each is one line. Every line ends in a newline and a
 * game is whole only with its Game, Size, Moves, Result and Reason lines
 * and the blank line after them, so a file cut anywhere else is refused. */
#include "records/record.h"
#include "records/strict.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The fields every game must have, each once. */
enum { F_GAME, F_SIZE, F_MOVES, F_RESULT, F_REASON, F_COUNT };
static const char *const required[F_COUNT] = {"Game", "Size", "Moves", "Result", "Reason"};

struct text_reader {
    struct rec_game *g;       /* the open game, or NULL between games */
    unsigned seen;            /* bits of the required fields read */
    char *err;
    size_t cap;
    int line;
    int transcript_line;      /* where the open game's Transcript is */
};

static int fail(struct text_reader *r, const char *fmt, const char *arg)
{
    int n = snprintf(r->err, r->cap, "line %d: ", r->line);
    if (n >= 0 && (size_t)n < r->cap)
        snprintf(r->err + n, r->cap - (size_t)n, fmt, arg);
    return -1;
}

static int moves(struct rec_game *g, const char *v, size_t len)
{
    for (size_t i = 0; i < len;) {
        size_t w = strcspn(v + i, " \r\n");
        if (w > len - i)
            w = len - i;
        if (w && rec_add_move(g, v + i, w) != 0)
            return -1;
        i += w + 1;
    }
    return 0;
}

static int hex(char h)
{
    return h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : -1;
}

/* The one-letter escapes: each letter, then what it stands for. */
static const char escapes[] = "\\\\n\nr\rt\t";

/* The value v (vl bytes) with its escapes undone into out (cap bytes,
 * cut to fit); -1 when it holds an escape the writer does not make. */
static int unescape(const char *v, size_t vl, char *out, size_t cap)
{
    size_t k = 0;
    for (size_t i = 0; i < vl; i++) {
        char c = v[i];
        if (c == '\\') {
            char e = i + 1 < vl ? v[++i] : '\0';
            if (e == 'x') {
                int hi = i + 2 < vl ? hex(v[i + 1]) : -1, lo = hi >= 0 ? hex(v[i + 2]) : -1;
                if (lo < 0)
                    return -1;
                c = (char)(hi * 16 + lo);
                i += 2;
            } else {
                const char *m = e ? strchr(escapes, e) : NULL;
                if (!m || (m - escapes) % 2)
                    return -1;
                c = m[1];
            }
        }
        if (k + 1 < cap)
            out[k++] = c;
    }
    if (cap)
        out[utf8_cut(out, k)] = '\0';   /* a cut value ends between characters */
    return 0;
}

/* The field name of "Name: value" (letters, digits, spaces) in name; the
 * value's start in *v. False when the line is not of that form ("Moves:"
 * with no moves has no space after its colon). */
static bool split_field(const char *line, size_t len, char *name, size_t cap, const char **v)
{
    const char *colon = memchr(line, ':', len);
    size_t n = colon ? (size_t)(colon - line) : 0;
    if (n == 0 || n >= cap || (colon + 1 < line + len && colon[1] != ' '))
        return false;
    for (size_t i = 0; i < n; i++)
        if (!(line[i] == ' ' || (line[i] >= 'A' && line[i] <= 'Z') ||
              (line[i] >= 'a' && line[i] <= 'z') || (line[i] >= '0' && line[i] <= '9')))
            return false;
    memcpy(name, line, n);
    name[n] = '\0';
    *v = colon + 1 + (colon + 1 < line + len);
    return true;
}

static int text_field(struct text_reader *r, const char *line, size_t len)
{
    struct rec_game *g = r->g;
    char name[32];
    const char *v;
    if (!split_field(line, len, name, sizeof name, &v))
        return fail(r, "not a \"Field: value\" line of a text record%s", "");
    size_t vl = (size_t)(line + len - v);
    if (unescape(v, vl, NULL, 0) != 0)
        return fail(r, "a backslash that is not one of the escapes \\\\ \\n \\r \\t \\xNN%s", "");
    for (int k = 0; k < F_COUNT; k++)
        if (strcmp(name, required[k]) == 0) {
            if (r->seen & 1u << k)
                return fail(r, "a second %s line in one game", name);
            r->seen |= 1u << k;
        }
    if (strcmp(name, "Game") == 0)
        unescape(v, vl, g->game, sizeof g->game);
    else if (strcmp(name, "Size") == 0) {
        if (!strict_int_text(v, vl, 1, RECORD_MAX_SIZE, &g->size))
            rec_refuse(g, "line %d: size out of range (a whole number from 1 to 99)", r->line);
    } else if (strcmp(name, "Variants") == 0)
        unescape(v, vl, g->variants, sizeof g->variants);
    else if (strcmp(name, "Result") == 0)
        unescape(v, vl, g->result, sizeof g->result);
    else if (strcmp(name, "Reason") == 0)
        unescape(v, vl, g->reason, sizeof g->reason);
    else if (strcmp(name, "Moves") == 0) {
        if (moves(g, v, vl) != 0)
            return fail(r, "bad move text in the Moves line%s", "");
    } else if (strcmp(name, "Transcript") == 0) {
        if (g->has_transcript)
            return fail(r, "a second %s line in one game", name);
        if (vl >= REC_MAX_TRANSCRIPT)
            return fail(r, "the transcript is too long%s", "");
        g->has_transcript = 1;
        r->transcript_line = r->line;
        unescape(v, vl, g->transcript, sizeof g->transcript);
    } else if (strncmp(name, "Seat ", 5) == 0 && g->nplayers < REC_MAX_SEATS)
        unescape(v, vl, g->players[g->nplayers++], sizeof g->players[0]);
    return 0;
}

/* "[Game N]" exactly, N a game number. */
static int header(struct text_reader *r, struct rec_file *f, const char *line, size_t len)
{
    int id;
    if (len < 8 || line[len - 1] != ']' ||
        !strict_int_text(line + 6, len - 7, 1, RECORD_MAX_GAME, &id))
        return fail(r, "bad game header (\"[Game N]\", N from 1 to 10^9)%s", "");
    if (!(r->g = rec_new_game(f, r->line)))
        return fail(r, "out of memory%s", "");
    r->g->id = id;
    r->seen = 0;
    return 0;
}

/* A blank line ends the open game: it must hold every required field. */
static int close_game(struct text_reader *r)
{
    for (int k = 0; k < F_COUNT; k++)
        if (!(r->seen & 1u << k))
            return fail(r, "the game ends without its %s line", required[k]);
    char why[120];
    if (rec_check_transcript(r->g, why, sizeof why) != 0) {
        r->line = r->transcript_line;   /* the line at fault */
        return fail(r, "%s", why);
    }
    r->g = NULL;
    return 0;
}

static int text_line(struct text_reader *r, struct rec_file *f, const char *line, size_t len)
{
    if (strncmp(line, "[Game ", 6) == 0) {
        if (r->g)
            return fail(r, "a new game before the blank line that ends the one before%s", "");
        return header(r, f, line, len);
    }
    if (len == 0)
        return r->g ? close_game(r) : 0;
    if (!r->g)
        return fail(r, "text outside a game (a game starts with [Game N])%s", "");
    return text_field(r, line, len);
}

int rec_read_text(const char *text, struct rec_file *f, char *err, size_t cap)
{
    struct text_reader r = {.err = err, .cap = cap, .line = 1};
    for (const char *s = text; *s; r.line++) {
        size_t len = strcspn(s, "\n");
        size_t trim = len && s[len - 1] == '\r' ? len - 1 : len;
        int rc = s[len] != '\n' ? fail(&r, "cut off: the last line has no newline%s", "")
                                : text_line(&r, f, s, trim);
        if (rc != 0) {
            if (r.g)
                rec_drop_last(f);
            return -1;
        }
        s += len + 1;
    }
    if (r.g) {
        const char *missing = "blank line after it";
        for (int k = F_COUNT - 1; k >= 0; k--)
            if (!(r.seen & 1u << k))
                missing = required[k];
        snprintf(err, cap, "line %d: cut off: the game of line %d has no %s%s", r.line - 1,
                 r.g->line, missing, strchr(missing, ' ') ? "" : " line");
        rec_drop_last(f);
        return -1;
    }
    return 0;
}
