/* A small JSON reader, just enough for the runner's own JSON lines:
 * whitespace, strings (with escapes), arrays of strings or numbers, and
 * skipping any value. It is as strict as RFC 8259 (no raw control
 * characters or unknown escapes in strings, numbers by its grammar; the
 * caller checks UTF-8). Each returns the position after what it read, or
 * NULL when the text is not JSON. */
#ifndef QUARTET_RECORDS_JSON_H
#define QUARTET_RECORDS_JSON_H

#include <stddef.h>

const char *json_ws(const char *s);
/* A string at s (its '"') into out (cap bytes, truncated). */
const char *json_string(const char *s, char *out, size_t cap);
/* Any value. */
const char *json_skip(const char *s, int depth);
/* An array of numbers into v (at most max; *n set), e.g. [1,0.5]. */
const char *json_numbers(const char *s, double *v, int max, int *n);
/* A whole number from lo to hi (no fraction, exponent or wrap). */
const char *json_int(const char *s, long lo, long hi, int *v);
/* An array of such numbers into v (at most max; *n set). */
const char *json_ints(const char *s, int *v, int max, int *n, long lo, long hi);
/* An array of strings into v (at most max entries of cap bytes). */
const char *json_strings(const char *s, char *v, size_t cap, int max, int *n);
/* Calls field(key, value position, ctx) for each member of the object at
 * s; field returns the position after the value, or NULL on error.
 * Returns 0 when the whole line is one object, -1 otherwise. */
int json_object(const char *s, const char *(*field)(const char *key, const char *v, void *ctx),
                void *ctx);

#endif
