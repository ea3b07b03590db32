/* JSON Lines records: one object per line. A small strict JSON reader
 * takes the keys a picture needs (game, name, size, variants, engines,
 * moves, result; transcript, checked against the moves) and skips any others, so records with more fields read
 * the same. */
#include "records/record.h"
#include "records/strict.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cursor {
    const char *s;
    const char *why;   /* the first error, or NULL */
};

static void ws(struct cursor *c)
{
    c->s += strspn(c->s, " \t\r");
}

static bool fail(struct cursor *c, const char *why)
{
    if (!c->why)
        c->why = why;
    return false;
}

static bool expect(struct cursor *c, char ch)
{
    ws(c);
    if (*c->s != ch)
        return fail(c, ch == ':' ? "':' expected" : ch == ',' ? "',' expected" : "bad syntax");
    c->s++;
    return true;
}

/* A string into out (cap bytes; longer ones are cut): escaped code points
 * as UTF-8, escaped control characters as U+FFFD. */
static bool string(struct cursor *c, char *out, size_t cap)
{
    size_t k = 0;
    ws(c);
    if (*c->s != '"')
        return fail(c, "string expected");
    for (c->s++; *c->s != '"'; c->s++) {
        char ch = *c->s;
        if (ch == '\0' || ch == '\n')
            return fail(c, "unterminated string");
        if ((unsigned char)ch < 0x20)
            return fail(c, "a control character not escaped in a string");
        if (ch == '\\') {
            const char *esc = "\"\"\\\\//b\bf\fn\nr\rt\t";
            const char *e = *++c->s ? strchr(esc, *c->s) : NULL;
            if (*c->s == 'u') {
                unsigned cp;
                const char *end = strict_json_u(c->s, &cp);
                if (!end)
                    return fail(c, "bad \\u escape");
                c->s = end;
                /* Control characters have no place in a picture's text. */
                char u[4];
                size_t n = utf8_put(cp < 0x20 || cp == 0x7f ? 0xfffd : cp, u);
                if (k + n < cap)
                    for (size_t i = 0; i < n; i++)
                        out[k++] = u[i];
                continue;
            } else if (e && (e - esc) % 2 == 0) {
                ch = e[1];
            } else {
                return fail(c, "bad escape");
            }
        }
        if (k + 1 < cap)
            out[k++] = ch;
    }
    c->s++;
    if (cap)
        out[utf8_cut(out, k)] = '\0';   /* a cut string ends between characters */
    return true;
}

/* A whole number from lo to hi (what refuses a size of 4294967304). */
static bool number(struct cursor *c, int *v, long lo, long hi, const char *why)
{
    ws(c);
    long x;
    const char *end = strict_long(c->s, lo, hi, &x);
    if (!end || strict_json_number(c->s) != end)
        return fail(c, why);
    c->s = end;
    *v = (int)x;
    return true;
}

static bool skip_value(struct cursor *c, int depth);

/* The items of an array or the members of an object, each read by item. */
static bool sequence(struct cursor *c, char close, bool members,
                     bool (*item)(struct cursor *, void *, const char *), void *ctx, int depth)
{
    ws(c);
    c->s++; /* the opening bracket */
    ws(c);
    if (*c->s == close) {
        c->s++;
        return true;
    }
    for (;;) {
        char key[64] = "";
        if (members && (!string(c, key, sizeof key) || !expect(c, ':')))
            return false;
        if (!(item ? item(c, ctx, key) : skip_value(c, depth + 1)))
            return false;
        ws(c);
        if (*c->s == close) {
            c->s++;
            return true;
        }
        if (!expect(c, ','))
            return false;
    }
}

static bool skip_value(struct cursor *c, int depth)
{
    ws(c);
    if (depth > 64)
        return fail(c, "nested too deep");
    if (*c->s == '"')
        return string(c, NULL, 0);
    if (*c->s == '{' || *c->s == '[')
        return sequence(c, *c->s == '{' ? '}' : ']', *c->s == '{', NULL, NULL, depth);
    const char *end = strict_json_number(c->s);
    if (!end)
        end = strict_json_literal(c->s);
    if (!end)
        return fail(c, "value expected");
    c->s = end;
    return true;
}

static bool array_of(struct cursor *c, bool (*item)(struct cursor *, void *, const char *),
                     void *ctx)
{
    ws(c);
    if (*c->s != '[')
        return fail(c, "array expected");
    return sequence(c, ']', false, item, ctx, 0);
}

static bool move_item(struct cursor *c, void *ctx, const char *key)
{
    (void)key;
    char m[REC_MOVE_LEN + 1];
    if (!string(c, m, sizeof m))
        return false;
    return rec_add_move(ctx, m, strlen(m)) == 0 || fail(c, "bad move text");
}

static bool engine_item(struct cursor *c, void *ctx, const char *key)
{
    (void)key;
    struct rec_game *g = ctx;
    if (g->nplayers == REC_MAX_SEATS)
        return fail(c, "too many engines");
    return string(c, g->players[g->nplayers++], sizeof g->players[0]);
}

static bool member(struct cursor *c, void *ctx, const char *key)
{
    struct rec_game *g = ctx;
    if (strcmp(key, "game") == 0)
        return number(c, &g->id, 1, RECORD_MAX_GAME, "game number out of range (1 to 10^9)");
    if (strcmp(key, "name") == 0)
        return string(c, g->game, sizeof g->game);
    if (strcmp(key, "size") == 0)
        return number(c, &g->size, 1, RECORD_MAX_SIZE, "size out of range (1 to 99)");
    if (strcmp(key, "variants") == 0)
        return string(c, g->variants, sizeof g->variants);
    if (strcmp(key, "result") == 0)
        return string(c, g->result, sizeof g->result);
    if (strcmp(key, "reason") == 0)
        return string(c, g->reason, sizeof g->reason);
    if (strcmp(key, "engines") == 0)
        return array_of(c, engine_item, g);
    if (strcmp(key, "moves") == 0)
        return array_of(c, move_item, g);
    if (strcmp(key, "transcript") == 0) {
        if (g->has_transcript)
            return fail(c, "a second transcript");
        g->has_transcript = 1;
        char t[REC_MAX_TRANSCRIPT + 1];
        if (!string(c, t, sizeof t))
            return false;
        if (strlen(t) >= REC_MAX_TRANSCRIPT)
            return fail(c, "transcript too long");
        memcpy(g->transcript, t, strlen(t) + 1);
        return true;
    }
    return skip_value(c, 0);
}

int rec_read_jsonl(const char *text, struct rec_file *f, char *err, size_t cap)
{
    int line = 0;
    for (const char *s = text; *s; line++) {
        const char *end = strchr(s, '\n');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        struct cursor c = {s, NULL};
        ws(&c);
        if (!end && c.s == s + len) { /* blank, but the file ends inside it */
            snprintf(err, cap, "line %d: no newline at its end: the line is cut off", line + 1);
            return -1;
        }
        if (c.s < s + len) { /* not a blank line */
            struct rec_game *g = rec_new_game(f, line + 1);
            if (!g) {
                snprintf(err, cap, "out of memory");
                return -1;
            }
            bool ok = *c.s == '{' ? sequence(&c, '}', true, member, g, 0) : fail(&c, "object expected");
            ws(&c);
            if (ok && c.s != s + len)
                ok = fail(&c, "text after the object");
            /* The runner ends every line; one without its newline was cut. */
            if (ok && !end)
                ok = fail(&c, "no newline at its end: the line is cut off");
            /* A line is a game of its own: a bad one is refused, and the
             * next line is read. */
            char why[120];
            if (ok && rec_check_transcript(g, why, sizeof why) != 0)
                rec_refuse(g, "line %d: %s", line + 1, why);
            if (!ok)
                rec_refuse(g, "line %d: JSON does not parse: %s (column %d)", line + 1, c.why,
                           (int)(c.s - s) + 1);
        }
        s += len + (end != NULL);
    }
    return 0;
}
