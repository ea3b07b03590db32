/* GTP version 2 framing: bounded line reading, the spec's preprocessing,
 * splitting into id / command / arguments, and sanitised responses. */
#ifndef QUARTET_GTP_H
#define QUARTET_GTP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define GTP_MAX_LINE (64 * 1024)   /* longer lines are answered "line too long" */
/* Words a command receives (play_sequence's moves, one a word); a line
 * with more gets its command's usage message. */
#define GTP_MAX_ARGS 1024
#define GTP_MAX_ID 18              /* digits of an id (fits in 64 bits) */

enum gtp_read {
    GTP_EOF = -1,      /* nothing left */
    GTP_LINE = 0,      /* one line (the last one may lack its newline) */
    GTP_TOO_LONG = 1,  /* the line was consumed to its end and dropped */
};

/* Reads one line without its newline into buf (cap bytes incl. the NUL
 * that is added; NUL bytes inside the line are kept, *len counts them). */
enum gtp_read gtp_read_line(FILE *in, char *buf, size_t cap, size_t *len);

/* In place, per GTP 2: drops control characters except HT and LF (so CR
 * and NUL go), cuts a '#' comment, turns HT into space. Returns the new
 * length; buf ends up NUL-terminated. */
size_t gtp_preprocess(char *buf, size_t len);

struct gtp_command {
    bool has_id;
    char id[GTP_MAX_ID + 1];
    char *name;
    int argc;                      /* may exceed GTP_MAX_ARGS */
    char *argv[GTP_MAX_ARGS];
};

enum gtp_parse {
    GTP_BLANK,         /* empty or whitespace-only: no response at all */
    GTP_COMMAND,       /* cmd->name is set */
    GTP_NO_COMMAND,    /* an id and nothing else */
    GTP_BAD_ID,        /* an all-digit first word too long to be an id */
};

/* Splits a preprocessed line in place (words are separated by spaces). */
enum gtp_parse gtp_parse(char *line, struct gtp_command *cmd);

/* Writes "=id text" or "?id text" and the empty line that ends it. The
 * text is sanitised to printable ASCII, never producing an empty line;
 * a text starting with a newline starts on the line after "=id". */
void gtp_respond(FILE *out, const struct gtp_command *cmd, bool ok,
                 const char *text);

#endif
