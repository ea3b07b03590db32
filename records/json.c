/* JSON reading for the runner's own lines (records, resume, merge). */
#include "records/json.h"
#include "records/strict.h"

#include <stdlib.h>
#include <string.h>

const char *json_ws(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
        s++;
    return s;
}

/* JSON's escapes: each letter, then what it stands for. */
static const char escapes[] = "\"\"\\\\//b\bf\fn\nr\rt\t";

const char *json_string(const char *s, char *out, size_t cap)
{
    if (*s != '"')
        return NULL;
    size_t k = 0;
    for (s++; *s && *s != '"'; s++) {
        char c = *s;
        if ((unsigned char)c < 0x20)
            return NULL; /* JSON has no raw control characters in strings */
        if (c == '\\') {
            s++;
            if (*s == 'u') {
                unsigned cp;
                if (!(s = strict_json_u(s, &cp)))
                    return NULL;
                /* Other writers escape non-ASCII; a NUL would end the C string. */
                char u[4];
                size_t n = utf8_put(cp ? cp : 0xfffd, u);
                if (k + n < cap)
                    for (size_t i = 0; i < n; i++)
                        out[k++] = u[i];
                continue;
            } else {
                /* The escapes JSON has, and no others. */
                const char *e = *s ? strchr(escapes, *s) : NULL;
                if (!e || (e - escapes) % 2)
                    return NULL;
                c = e[1];
            }
        }
        if (k + 1 < cap)
            out[k++] = c;
    }
    if (cap)
        out[k] = '\0';
    return *s == '"' ? s + 1 : NULL;
}

const char *json_skip(const char *s, int depth)
{
    s = json_ws(s);
    if (depth > 32)
        return NULL;
    if (*s == '"')
        return json_string(s, NULL, 0);
    if (*s == '{' || *s == '[') {
        char close = *s == '{' ? '}' : ']';
        s = json_ws(s + 1);
        if (*s == close)
            return s + 1;
        for (;;) {
            if (close == '}') {
                s = json_string(json_ws(s), NULL, 0);
                if (!s || *(s = json_ws(s)) != ':')
                    return NULL;
                s++;
            }
            s = json_skip(s, depth + 1);
            if (!s)
                return NULL;
            s = json_ws(s);
            if (*s == close)
                return s + 1;
            if (*s != ',')
                return NULL;
            s++;
        }
    }
    const char *end = strict_json_number(s);
    return end ? end : strict_json_literal(s);
}

/* Walks the array at s, calling item(position, index) for each element. */
static const char *json_array(const char *s, int max, int *n,
                              const char *(*item)(const char *s, int i, void *ctx), void *ctx)
{
    *n = 0;
    s = json_ws(s);
    if (*s++ != '[')
        return NULL;
    s = json_ws(s);
    if (*s == ']')
        return s + 1;
    for (;;) {
        if (*n >= max)
            return NULL;
        s = item(json_ws(s), (*n)++, ctx);
        if (!s)
            return NULL;
        s = json_ws(s);
        if (*s == ']')
            return s + 1;
        if (*s++ != ',')
            return NULL;
    }
}

static const char *number_item(const char *s, int i, void *ctx)
{
    const char *end = strict_json_number(s);
    if (end)
        ((double *)ctx)[i] = strtod(s, NULL);
    return end;
}

const char *json_int(const char *s, long lo, long hi, int *v)
{
    long x;
    const char *end = strict_long(s, lo, hi, &x);
    if (!end || strict_json_number(s) != end)
        return NULL;
    *v = (int)x;
    return end;
}

struct ints_ctx {
    int *v;
    long lo, hi;
};

static const char *int_item(const char *s, int i, void *ctx)
{
    struct ints_ctx *c = ctx;
    return json_int(s, c->lo, c->hi, &c->v[i]);
}

const char *json_ints(const char *s, int *v, int max, int *n, long lo, long hi)
{
    struct ints_ctx c = {v, lo, hi};
    return json_array(s, max, n, int_item, &c);
}

const char *json_numbers(const char *s, double *v, int max, int *n)
{
    return json_array(s, max, n, number_item, v);
}

struct strings_ctx {
    char *v;
    size_t cap;
};

static const char *string_item(const char *s, int i, void *ctx)
{
    struct strings_ctx *c = ctx;
    return json_string(s, c->v + (size_t)i * c->cap, c->cap);
}

const char *json_strings(const char *s, char *v, size_t cap, int max, int *n)
{
    struct strings_ctx c = {v, cap};
    return json_array(s, max, n, string_item, &c);
}

int json_object(const char *s, const char *(*field)(const char *key, const char *v, void *ctx),
                void *ctx)
{
    s = json_ws(s);
    if (*s++ != '{')
        return -1;
    s = json_ws(s);
    if (*s == '}')
        return *json_ws(s + 1) ? -1 : 0;
    for (;;) {
        char key[64];
        s = json_string(json_ws(s), key, sizeof key);
        if (!s || *(s = json_ws(s)) != ':')
            return -1;
        s = field(key, json_ws(s + 1), ctx);
        if (!s)
            return -1;
        s = json_ws(s);
        if (*s == '}')
            return *json_ws(s + 1) ? -1 : 0;
        if (*s++ != ',')
            return -1;
    }
}
