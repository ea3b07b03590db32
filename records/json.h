/* The one JSON lexer of the records (RFC 8259, strict): every JSON line
 * any reader takes -- the records' games (records/jsonl.c), quartet-match's
 * own lines for resume and --merge (records/match_read.c) -- is read by
 * these functions, so one line gets one verdict. A cursor walks one line
 * (white space is " \t\r": a line's '\n' ends it); each function returns
 * true, or false with the first error's reason in why and s where it was
 * found. Strings are checked for JSON's escapes (the caller checks
 * UTF-8); an escaped control character reads as U+FFFD (but see
 * keep_controls), and a string
 * longer than its field is cut between characters. */
#ifndef QUARTET_RECORDS_JSON_H
#define QUARTET_RECORDS_JSON_H

#include <stdbool.h>
#include <stddef.h>

struct json_cursor {
    const char *s;
    const char *why;   /* the first error, or NULL */
    /* Escaped control characters kept as they are (but NUL, which would
     * end the C string: U+FFFD): quartet-match's own lines, whose engine
     * text repair writes again byte for byte. Otherwise U+FFFD, as a
     * record shown to people reads them. Either way the same verdict. */
    bool keep_controls;
};

void json_ws(struct json_cursor *c);
bool json_fail(struct json_cursor *c, const char *why);
/* The character ch, after white space. */
bool json_expect(struct json_cursor *c, char ch);
/* A string into out (cap bytes; NULL, 0 to skip it). */
bool json_string(struct json_cursor *c, char *out, size_t cap);
/* A string, or null (read as ""). */
bool json_string_or_null(struct json_cursor *c, char *out, size_t cap);
/* A whole number from lo to hi (no fraction, exponent or wrap); why is the
 * reason when it is out of range or no such number. */
bool json_int(struct json_cursor *c, int *v, long lo, long hi, const char *why);
/* Any number, by JSON's grammar. */
bool json_number(struct json_cursor *c, double *v);
/* Any value (nested at most 64 deep). */
bool json_skip(struct json_cursor *c, int depth);

/* Reads one element of an array (key "") or member of an object. */
typedef bool (*json_item)(struct json_cursor *c, void *ctx, const char *key);
/* The array at the cursor, item reading each element. */
bool json_array(struct json_cursor *c, json_item item, void *ctx);
/* The object at the cursor, item reading each member's value (keys are
 * cut to 63 bytes). */
bool json_object(struct json_cursor *c, json_item item, void *ctx);

#endif
