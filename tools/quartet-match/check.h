/* `--check FILE`: reads game records back (JSON Lines, SGF or the text
 * form, told apart by their first character), replays every game through
 * the engine library and reports whether moves and results agree. */
#ifndef QMATCH_CHECK_H
#define QMATCH_CHECK_H

#include <stdio.h>

/* Prints one line per game and a total to out; returns the number of
 * games that do not agree (or -1 if the file cannot be read). */
int check_records(const char *path, FILE *out);

#endif
