/* Untrusted text (engine answers, names) made safe for the records: valid
 * UTF-8 with U+FFFD for each bad byte, and the escaping of each record
 * format (rules in doc/tournaments.md, "Engine text in the records"). */
#ifndef QUARTET_RECORDS_TEXTCLEAN_H
#define QUARTET_RECORDS_TEXTCLEAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Length of the valid UTF-8 character at s (1-4), or 0 when the byte at s
 * does not begin one (s must not point at the ending '\0'). */
int utf8_char_len(const unsigned char *s);

/* Copies in to out (cap bytes, '\0'-ended, cut between characters), each
 * bad byte as U+FFFD; with oneline, each control character as a space.
 * in and out may be the same buffer. Returns the length written. */
size_t text_clean(char *out, size_t cap, const char *in, bool oneline);

/* s as a JSON string, quotes included. */
void put_json_string(FILE *f, const char *s);
/* s as the value of a text record line: \\ \n \r \t and \xNN. */
void put_text_value(FILE *f, const char *s);
/* s as an SGF property value without its brackets: \] and \\; control
 * characters as spaces, except that newlines stay when text (SGF Text). */
void put_sgf_value(FILE *f, const char *s, bool text);

#endif
