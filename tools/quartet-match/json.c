/* JSON reading for the runner's own lines (records, resume, merge). */
#include "json.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

const char *json_ws(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
        s++;
    return s;
}

const char *json_string(const char *s, char *out, size_t cap)
{
    if (*s != '"')
        return NULL;
    size_t k = 0;
    for (s++; *s && *s != '"'; s++) {
        char c = *s;
        if (c == '\\') {
            s++;
            if (*s == 'u') {
                unsigned v = 0;
                for (int i = 1; i <= 4; i++) {
                    if (!isxdigit((unsigned char)s[i]))
                        return NULL;
                    v = v * 16 + (unsigned)(isdigit((unsigned char)s[i]) ? s[i] - '0'
                                            : tolower((unsigned char)s[i]) - 'a' + 10);
                }
                s += 4;
                c = v < 128 ? (char)v : '?';
            } else if (*s == 'n')
                c = '\n';
            else if (*s == 't')
                c = '\t';
            else if (*s)
                c = *s;
            else
                return NULL;
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
    const char *b = s;
    while (*s && (isalnum((unsigned char)*s) || *s == '-' || *s == '+' || *s == '.'))
        s++;
    return s > b ? s : NULL;
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
    char *end;
    ((double *)ctx)[i] = strtod(s, &end);
    return end == s ? NULL : end;
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
