/* The JSON lexer of json.h. */
#include "records/json.h"
#include "records/strict.h"

#include <stdlib.h>
#include <string.h>

void json_ws(struct json_cursor *c)
{
    c->s += strspn(c->s, " \t\r");
}

bool json_fail(struct json_cursor *c, const char *why)
{
    if (!c->why)
        c->why = why;
    return false;
}

bool json_expect(struct json_cursor *c, char ch)
{
    json_ws(c);
    if (*c->s != ch)
        return json_fail(c, ch == ':' ? "':' expected" : ch == ',' ? "',' expected" : "bad syntax");
    c->s++;
    return true;
}

/* JSON's escapes: each letter, then what it stands for. */
static const char escapes[] = "\"\"\\\\//b\bf\fn\nr\rt\t";

bool json_string(struct json_cursor *c, char *out, size_t cap)
{
    size_t k = 0;
    json_ws(c);
    if (*c->s != '"')
        return json_fail(c, "string expected");
    for (c->s++; *c->s != '"'; c->s++) {
        char ch = *c->s;
        if (ch == '\0' || ch == '\n')
            return json_fail(c, "unterminated string");
        if ((unsigned char)ch < 0x20)
            return json_fail(c, "a control character not escaped in a string");
        if (ch == '\\') {
            const char *e = *++c->s ? strchr(escapes, *c->s) : NULL;
            if (*c->s == 'u') {
                unsigned cp;
                const char *end = strict_json_u(c->s, &cp);
                if (!end)
                    return json_fail(c, "bad \\u escape");
                c->s = end;
                /* Control characters have no place in a record's text. */
                bool control = cp == 0 || (!c->keep_controls && (cp < 0x20 || cp == 0x7f));
                char u[4];
                size_t n = utf8_put(control ? 0xfffd : cp, u);
                if (k + n < cap)
                    for (size_t i = 0; i < n; i++)
                        out[k++] = u[i];
                continue;
            } else if (e && (e - escapes) % 2 == 0) {
                ch = e[1];
            } else {
                return json_fail(c, "bad escape");
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

bool json_string_or_null(struct json_cursor *c, char *out, size_t cap)
{
    json_ws(c);
    if (strncmp(c->s, "null", 4) == 0 && strict_json_literal(c->s) == c->s + 4) {
        c->s += 4;
        if (cap)
            out[0] = '\0';
        return true;
    }
    return json_string(c, out, cap);
}

bool json_int(struct json_cursor *c, int *v, long lo, long hi, const char *why)
{
    json_ws(c);
    long x;
    const char *end = strict_long(c->s, lo, hi, &x);
    if (!end || strict_json_number(c->s) != end)
        return json_fail(c, why);
    c->s = end;
    *v = (int)x;
    return true;
}

bool json_number(struct json_cursor *c, double *v)
{
    json_ws(c);
    const char *end = strict_json_number(c->s);
    if (!end)
        return json_fail(c, "number expected");
    *v = strtod(c->s, NULL);
    c->s = end;
    return true;
}

/* The items of an array or the members of an object, each read by item
 * (or skipped). */
static bool sequence(struct json_cursor *c, char close, bool members, json_item item, void *ctx,
                     int depth)
{
    json_ws(c);
    c->s++; /* the opening bracket */
    json_ws(c);
    if (*c->s == close) {
        c->s++;
        return true;
    }
    for (;;) {
        char key[64] = "";
        if (members && (!json_string(c, key, sizeof key) || !json_expect(c, ':')))
            return false;
        if (!(item ? item(c, ctx, key) : json_skip(c, depth + 1)))
            return false;
        json_ws(c);
        if (*c->s == close) {
            c->s++;
            return true;
        }
        if (!json_expect(c, ','))
            return false;
    }
}

bool json_skip(struct json_cursor *c, int depth)
{
    json_ws(c);
    if (depth > 64)
        return json_fail(c, "nested too deep");
    if (*c->s == '"')
        return json_string(c, NULL, 0);
    if (*c->s == '{' || *c->s == '[')
        return sequence(c, *c->s == '{' ? '}' : ']', *c->s == '{', NULL, NULL, depth);
    const char *end = strict_json_number(c->s);
    if (!end)
        end = strict_json_literal(c->s);
    if (!end)
        return json_fail(c, "value expected");
    c->s = end;
    return true;
}

bool json_array(struct json_cursor *c, json_item item, void *ctx)
{
    json_ws(c);
    if (*c->s != '[')
        return json_fail(c, "array expected");
    return sequence(c, ']', false, item, ctx, 0);
}

bool json_object(struct json_cursor *c, json_item item, void *ctx)
{
    json_ws(c);
    if (*c->s != '{')
        return json_fail(c, "object expected");
    return sequence(c, '}', true, item, ctx, 0);
}
