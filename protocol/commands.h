/* The command table: one entry per command, from which dispatch,
 * list_commands, known_command, help and tab completion all come. */
#ifndef QUARTET_COMMANDS_H
#define QUARTET_COMMANDS_H

#include "protocol/session.h"
#include "protocol/text.h"

#include <stdbool.h>

/* Fills out with the response text (success) or the error message;
 * returns true on success. argv has exactly argc words, within the
 * table's bounds (max_args <= GTP_MAX_ARGS). */
typedef bool (*command_fn)(struct session *s, int argc, char **argv,
                           struct text *out);

struct command {
    const char *name;
    command_fn fn;
    int min_args, max_args;
    const char *usage;   /* arguments, for "syntax error: usage: ..." */
    const char *help;    /* one line */
};

extern const struct command command_table[];   /* name NULL ends */

const struct command *command_find(const char *name);
/* The i-th command name, the table's then the games' extensions; NULL past
 * the end (list_commands, tab completion). */
const char *command_name(int i);

/* Runs one command; false (and an error message in out) on failure.
 * argc counts all words, argv holds the first GTP_MAX_ARGS of them. */
bool command_run(struct session *s, const char *name, int argc, char **argv,
                 struct text *out);

#define QUARTET_NAME "Quartet"
#define QUARTET_VERSION "0.1.0"

/* analyze's interval when none is given, in centiseconds. */
#define ANALYZE_DEFAULT_INTERVAL 50
/* ... and the range it accepts (an hour at most). */
#define ANALYZE_MIN_INTERVAL 1
#define ANALYZE_MAX_INTERVAL 360000

/* Deepest perft the protocol accepts. */
#define COMMANDS_MAX_PERFT 30

#endif
