/* Strict reading of record text, shared by the records/ readers and
 * quartet-match (--check, --merge, resume): decimal numbers with range
 * checks, so that 4294967304 is refused instead of wrapping to 8, and
 * UTF-8 validation, so that a record strict readers reject is refused. */
#ifndef QUARTET_RECORDS_STRICT_H
#define QUARTET_RECORDS_STRICT_H

#include <stdbool.h>
#include <stddef.h>

/* Game numbers in records: from 1 to this (the runner schedules fewer). */
#define RECORD_MAX_GAME 1000000000L
/* Board sizes in records (every game's limit is far below). */
#define RECORD_MAX_SIZE 99L

/* The decimal integer at s (an optional '-', then digits without a
 * leading zero) into *v when it lies in [lo, hi]. Returns the position
 * after it, or NULL when there is no such number or it is out of range. */
const char *strict_long(const char *s, long lo, long hi, long *v);

/* Whether the len bytes at s are exactly one such number and nothing
 * else; *v set as an int. */
bool strict_int_text(const char *s, size_t len, long lo, long hi, int *v);

/* The end of the JSON number at s (RFC 8259's grammar: no '+', no
 * leading zero, digits after '.' and 'e'), or NULL when there is none. */
const char *strict_json_number(const char *s);
/* The end of true, false or null at s, or NULL. */
const char *strict_json_literal(const char *s);

/* The JSON escape at s: a 'u' and four hex digits (s at the 'u'), a
 * surrogate pair (\uD83D\uDE00) read as one code point. That code point
 * goes into *cp, a lone surrogate as U+FFFD (it has no UTF-8 form).
 * Returns the position of the escape's last hex digit, or NULL when a
 * digit is not hex. */
const char *strict_json_u(const char *s, unsigned *cp);
/* Code point cp (below 0x110000) as UTF-8 into out; returns the count, 1 to 4. */
size_t utf8_put(unsigned cp, char *out);

/* The length of the longest prefix of s[0..len) that is valid UTF-8
 * (shortest forms, no surrogates, nothing past U+10FFFF, no NUL byte):
 * len when all of it is. */
size_t utf8_valid_prefix(const char *s, size_t len);

/* The longest prefix of s[0..len) that does not end inside a UTF-8
 * character: where a value cut to fit its field is cut, so that it stays
 * valid UTF-8 and reads back the same. */
size_t utf8_cut(const char *s, size_t len);

#endif
