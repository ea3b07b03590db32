/* A growable text buffer for building command responses. */
#ifndef QUARTET_TEXT_H
#define QUARTET_TEXT_H

#include <stdbool.h>
#include <stddef.h>

struct text {
    char *buf;      /* always NUL-terminated once anything was added */
    size_t len, cap;
    bool failed;    /* an allocation failed: the text is truncated */
};

void text_init(struct text *t);
void text_free(struct text *t);
void text_clear(struct text *t);
void text_append(struct text *t, const char *s, size_t n);
void text_puts(struct text *t, const char *s);
void text_printf(struct text *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The text so far ("" when empty). */
const char *text_str(const struct text *t);

#endif
