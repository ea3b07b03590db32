/* The GGF codec of ggf.h: one game's text to a struct ggf_game and back,
 * strictly (every malformed or truncated game refused with a message). */
#include "records/ggf.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A reader's position in text[0..len), and where its error goes. */
struct cursor {
    const char *text;
    size_t len, pos;
    char *err;
    size_t cap;
};

static int fail(struct cursor *c, const char *fmt, ...)
{
    if (c->err && c->cap) {
        int n = snprintf(c->err, c->cap, "GGF, byte %zu: ", c->pos + 1);
        if (n >= 0 && (size_t)n < c->cap) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(c->err + n, c->cap - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return -1;
}

static bool is_space(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

static bool is_key_char(char ch)
{
    return ch >= 'A' && ch <= 'Z';
}

static void skip_space(struct cursor *c)
{
    while (c->pos < c->len && is_space(c->text[c->pos]))
        c->pos++;
}

/* A number as GGF writes evaluations and times ("1.23", "-4", "+64.00"):
 * digits, one point, a sign, an exponent; nothing strtod would also take
 * (hex, inf, nan, white space). */
static bool parse_number(const char *s, double *out)
{
    if (!*s || strlen(s) > 40)
        return false;
    bool digit = false;
    for (const char *p = s; *p; p++) {
        if (*p >= '0' && *p <= '9')
            digit = true;
        else if (!strchr("+-.eE", *p))
            return false;
    }
    if (!digit)
        return false;
    char *end;
    double v = strtod(s, &end);
    if (*end || !isfinite(v))
        return false;
    *out = v;
    return true;
}

/* The shortest %g form that reads back as v: the written game is exact
 * without printing seventeen digits for "1.23". */
static void format_number(double v, char *out, size_t cap)
{
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(out, cap, "%.*g", prec, v);
        if (strtod(out, NULL) == v)
            return;
    }
}

/* Reads `[value]` at the cursor into out (unescaped, NUL-terminated).
 * Control bytes are refused: the writer could not give them back. */
static int read_value(struct cursor *c, const char *key, char *out, size_t cap,
                      bool allow_layout)
{
    if (c->pos >= c->len)
        return fail(c, "the game ends after the key %s", key);
    if (c->text[c->pos] != '[')
        return fail(c, "'[' expected after the key %s", key);
    c->pos++;
    size_t n = 0;
    for (;;) {
        if (c->pos >= c->len)
            return fail(c, "the value of %s is not closed with ']'", key);
        char ch = c->text[c->pos];
        if (ch == ']')
            break;
        if (ch == '\\') {
            if (++c->pos >= c->len)
                return fail(c, "the value of %s ends in an escape", key);
            ch = c->text[c->pos];
        }
        unsigned char u = (unsigned char)ch;
        if ((u < 32 || u == 127) && !(allow_layout && is_space(ch)))
            return fail(c, "a control byte (%d) in the value of %s", u, key);
        if (n + 1 >= cap)
            return fail(c, "the value of %s is longer than %zu bytes", key,
                        cap - 1);
        out[n++] = ch;
        c->pos++;
    }
    c->pos++;   /* the ']' */
    out[n] = '\0';
    return 0;
}

/* BO's value: "SIZE squares... COLOR", squares in rows separated by white
 * space or in one run. */
static int parse_board(struct cursor *c, const char *v, struct ggf_game *g)
{
    const char *p = v;
    while (is_space(*p))
        p++;
    int size = 0;
    if (*p < '0' || *p > '9')
        return fail(c, "BO must start with the board size");
    if (*p == '0')   /* a plain decimal: no leading zero */
        return fail(c, "BO's board size must be 1 to 16");
    while (*p >= '0' && *p <= '9') {
        size = size * 10 + (*p++ - '0');
        if (size > 16)
            return fail(c, "BO's board size is above 16");
    }
    if (size < 1)
        return fail(c, "BO's board size must be 1 to 16");
    if (!is_space(*p))
        return fail(c, "white space expected after BO's board size");
    int n = 0, squares = size * size;
    for (; *p; p++) {
        if (is_space(*p))
            continue;
        if (n == squares)
            break;
        if (*p != '*' && *p != 'O' && *p != '-')
            return fail(c, "BO has '%c' where a square ('*', 'O' or '-') "
                        "was expected", *p);
        g->board[n++] = *p;
    }
    if (n < squares)
        return fail(c, "BO has %d squares, a %dx%d board needs %d", n, size,
                    size, squares);
    if (*p != '*' && *p != 'O')
        return fail(c, "BO must end with the side to move, '*' or 'O'");
    if (!is_space(p[-1]))
        return fail(c, "white space expected before BO's side to move");
    g->to_move = *p++;
    while (is_space(*p))
        p++;
    if (*p)
        return fail(c, "BO has text after the side to move");
    g->board[n] = '\0';
    g->size = size;
    return 0;
}

/* A move's value: "MOVE", "MOVE/EVAL" or "MOVE/EVAL/TIME", EVAL and TIME
 * possibly empty. */
static int parse_move(struct cursor *c, char color, char *v,
                      struct ggf_game *g)
{
    if (g->nmoves >= GGF_MAX_MOVES)
        return fail(c, "more than %d moves", GGF_MAX_MOVES);
    struct ggf_move m = {.color = color};
    char *eval = strchr(v, '/'), *time = NULL;
    if (eval) {
        *eval++ = '\0';
        time = strchr(eval, '/');
        if (time) {
            *time++ = '\0';
            if (strchr(time, '/'))
                return fail(c, "a move has more than MOVE/EVAL/TIME");
        }
    }
    if (!*v)
        return fail(c, "a move %c[] without a move", color);
    if (strlen(v) >= sizeof m.text)
        return fail(c, "the move '%.20s' is too long", v);
    for (const char *p = v; *p; p++)
        if (is_space(*p))
            return fail(c, "white space in the move '%s'", v);
    strcpy(m.text, v);
    if (eval && *eval) {
        if (!parse_number(eval, &m.eval))
            return fail(c, "the move %s's evaluation '%.20s' is not a number",
                        v, eval);
        m.has_eval = true;
    }
    if (time && *time) {
        if (!parse_number(time, &m.seconds))
            return fail(c, "the move %s's time '%.20s' is not a number", v,
                        time);
        m.has_time = true;
    }
    g->moves[g->nmoves++] = m;
    return 0;
}

static int read_property(struct cursor *c, struct ggf_game *g)
{
    char key[4];
    size_t k = 0;
    while (c->pos < c->len && is_key_char(c->text[c->pos])) {
        if (k == 3)
            return fail(c, "a key longer than three letters");
        key[k++] = c->text[c->pos++];
    }
    key[k] = '\0';
    if (k == 0) {
        if (c->pos + 1 >= c->len && (c->pos >= c->len || c->text[c->pos] == ';')) {
            c->pos = c->len;
            return fail(c, "the game is not closed with ';)'");
        }
        return fail(c, "a key (upper-case letters) or ';)' expected, not "
                    "'%c'", c->text[c->pos]);
    }
    bool board = strcmp(key, "BO") == 0;
    char value[GGF_MAX_SQUARES * 2 + 16];
    size_t cap = board ? sizeof value : GGF_MAX_VALUE;
    size_t at = c->pos;
    if (read_value(c, key, value, cap, board) < 0)
        return -1;
    struct cursor here = *c;
    here.pos = at;   /* errors about the value point at its '[' */
    if (board) {
        if (g->size)
            return fail(&here, "a second BO");
        return parse_board(&here, value, g);
    }
    if (strcmp(key, "B") == 0 || strcmp(key, "W") == 0)
        return parse_move(&here, key[0], value, g);
    if (ggf_get(g, key))
        return fail(&here, "a second %s", key);
    if (g->nprops >= GGF_MAX_PROPS)
        return fail(&here, "more than %d properties", GGF_MAX_PROPS);
    struct ggf_prop *p = &g->props[g->nprops++];
    strcpy(p->key, key);
    strcpy(p->value, value);
    return 0;
}

int ggf_read(const char *text, size_t len, size_t *used, struct ggf_game *g,
             char *err, size_t cap)
{
    struct cursor c = {.text = text, .len = len, .err = err, .cap = cap};
    if (err && cap)
        err[0] = '\0';
    static const struct ggf_game empty;
    struct ggf_game *work = malloc(sizeof *work);
    if (!work)
        return fail(&c, "out of memory");
    *work = empty;
    int rc = -1;
    skip_space(&c);
    if (used)
        *used = c.pos;
    if (c.pos >= len) {
        fail(&c, "no game (a GGF game starts with '(;')");
        goto out;
    }
    if (len - c.pos < 2 || text[c.pos] != '(' || text[c.pos + 1] != ';') {
        if (used && len - c.pos < 2 && text[c.pos] == '(')
            *used = len;
        fail(&c, "a GGF game starts with '(;'");
        goto out;
    }
    c.pos += 2;
    for (;;) {
        skip_space(&c);
        if (c.pos + 1 < len && text[c.pos] == ';' && text[c.pos + 1] == ')') {
            c.pos += 2;
            break;
        }
        if (read_property(&c, work) < 0) {
            if (used)
                *used = c.pos < len ? c.pos : len;
            goto out;
        }
    }
    /* Only now: a refused game leaves *g as it was. */
    *g = *work;
    if (used)
        *used = c.pos;
    rc = 0;
out:
    free(work);
    return rc;
}

/* Appends to a buffer like snprintf: counts what does not fit. */
struct sink {
    char *out;
    size_t cap, n;
};

static void put(struct sink *s, const char *t, size_t len)
{
    for (size_t i = 0; i < len; i++, s->n++)
        if (s->n + 1 < s->cap)
            s->out[s->n] = t[i];
}

static void puts_(struct sink *s, const char *t)
{
    put(s, t, strlen(t));
}

static void put_escaped(struct sink *s, const char *v)
{
    for (const char *p = v; *p; p++) {
        unsigned char u = (unsigned char)*p;
        if (*p == '\\' || *p == ']')
            put(s, "\\", 1);
        put(s, u < 32 || u == 127 ? " " : p, 1);
    }
}

int ggf_write(const struct ggf_game *g, char *out, size_t cap)
{
    struct sink s = {.out = out, .cap = cap};
    puts_(&s, "(;");
    for (int i = 0; i < g->nprops; i++) {
        puts_(&s, g->props[i].key);
        puts_(&s, "[");
        put_escaped(&s, g->props[i].value);
        puts_(&s, "]");
    }
    if (g->size > 0) {
        char num[16];
        snprintf(num, sizeof num, "BO[%d", g->size);
        puts_(&s, num);
        for (int r = 0; r < g->size; r++) {
            puts_(&s, " ");
            put(&s, g->board + r * g->size, (size_t)g->size);
        }
        char tail[4] = {' ', g->to_move, ']', '\0'};
        puts_(&s, tail);
    }
    for (int i = 0; i < g->nmoves; i++) {
        const struct ggf_move *m = &g->moves[i];
        char head[3] = {m->color, '[', '\0'}, num[48];
        puts_(&s, head);
        put_escaped(&s, m->text);
        if (m->has_eval || m->has_time) {
            puts_(&s, "/");
            if (m->has_eval) {
                format_number(m->eval, num, sizeof num);
                puts_(&s, num);
            }
        }
        if (m->has_time) {
            format_number(m->seconds, num, sizeof num);
            puts_(&s, "/");
            puts_(&s, num);
        }
        puts_(&s, "]");
    }
    puts_(&s, ";)");
    if (cap)
        out[s.n < cap ? s.n : cap - 1] = '\0';
    return (int)s.n;
}

const char *ggf_get(const struct ggf_game *g, const char *key)
{
    for (int i = 0; i < g->nprops; i++)
        if (strcmp(g->props[i].key, key) == 0)
            return g->props[i].value;
    return NULL;
}

int ggf_set(struct ggf_game *g, const char *key, const char *value)
{
    size_t k = strlen(key);
    if (k < 1 || k > 3)
        return -1;
    for (size_t i = 0; i < k; i++)
        if (!is_key_char(key[i]))
            return -1;
    /* BO and the moves have fields of their own. */
    if (!strcmp(key, "BO") || !strcmp(key, "B") || !strcmp(key, "W"))
        return -1;
    if (strlen(value) >= GGF_MAX_VALUE)
        return -1;
    struct ggf_prop *p = NULL;
    for (int i = 0; i < g->nprops; i++)
        if (strcmp(g->props[i].key, key) == 0)
            p = &g->props[i];
    if (!p) {
        if (g->nprops >= GGF_MAX_PROPS)
            return -1;
        p = &g->props[g->nprops++];
        strcpy(p->key, key);
    }
    /* Control bytes as the writer writes them, so that g reads back. */
    size_t i = 0;
    for (; value[i]; i++) {
        unsigned char u = (unsigned char)value[i];
        p->value[i] = u < 32 || u == 127 ? ' ' : value[i];
    }
    p->value[i] = '\0';
    return 0;
}

int ggf_add_move(struct ggf_game *g, const struct ggf_move *m)
{
    size_t n = strnlen(m->text, sizeof m->text);
    if (n == 0 || n >= sizeof m->text || g->nmoves >= GGF_MAX_MOVES)
        return -1;
    for (size_t i = 0; i < n; i++) {
        unsigned char u = (unsigned char)m->text[i];
        if (m->text[i] == '/' || m->text[i] == ']' || u <= 32 || u == 127)
            return -1;
    }
    if (m->color != 'B' && m->color != 'W')
        return -1;
    if ((m->has_eval && !isfinite(m->eval)) ||
        (m->has_time && !isfinite(m->seconds)))
        return -1;
    struct ggf_move *d = &g->moves[g->nmoves++];
    *d = *m;
    if (!d->has_eval)
        d->eval = 0;
    if (!d->has_time)
        d->seconds = 0;
    return 0;
}

bool ggf_same(const struct ggf_game *a, const struct ggf_game *b)
{
    if (a->nprops != b->nprops || a->size != b->size ||
        a->nmoves != b->nmoves)
        return false;
    for (int i = 0; i < a->nprops; i++)
        if (strcmp(a->props[i].key, b->props[i].key) ||
            strcmp(a->props[i].value, b->props[i].value))
            return false;
    if (a->size && (a->to_move != b->to_move ||
                    memcmp(a->board, b->board, (size_t)(a->size * a->size))))
        return false;
    for (int i = 0; i < a->nmoves; i++) {
        const struct ggf_move *x = &a->moves[i], *y = &b->moves[i];
        if (x->color != y->color || strcmp(x->text, y->text) ||
            x->has_eval != y->has_eval || x->has_time != y->has_time ||
            (x->has_eval && x->eval != y->eval) ||
            (x->has_time && x->seconds != y->seconds))
            return false;
    }
    return true;
}
