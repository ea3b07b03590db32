/* Growable text buffer: responses (boards, lists) have no fixed bound. */
#include "protocol/text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void text_init(struct text *t)
{
    *t = (struct text){0};
}

void text_free(struct text *t)
{
    free(t->buf);
    text_init(t);
}

void text_clear(struct text *t)
{
    t->len = 0;
    t->failed = false;
    if (t->buf)
        t->buf[0] = '\0';
}

/* Makes room for n more bytes plus the NUL; false when memory ran out. */
static bool reserve(struct text *t, size_t n)
{
    if (t->failed)
        return false;
    if (t->len + n + 1 <= t->cap)
        return true;
    size_t cap = t->cap ? t->cap : 256;
    while (cap < t->len + n + 1)
        cap *= 2;
    char *b = realloc(t->buf, cap);
    if (!b) {
        t->failed = true;
        return false;
    }
    t->buf = b;
    t->cap = cap;
    return true;
}

void text_append(struct text *t, const char *s, size_t n)
{
    if (!reserve(t, n))
        return;
    memcpy(t->buf + t->len, s, n);
    t->len += n;
    t->buf[t->len] = '\0';
}

void text_puts(struct text *t, const char *s)
{
    text_append(t, s, strlen(s));
}

void text_printf(struct text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !reserve(t, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(t->buf + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

const char *text_str(const struct text *t)
{
    return t->buf ? t->buf : "";
}
