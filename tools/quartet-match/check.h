/* `--check FILE`: reads game records back (JSON Lines, SGF or the text
 * form, told apart by their first character), replays every game through
 * the engine library and reports whether moves and results agree. */
#ifndef QMATCH_CHECK_H
#define QMATCH_CHECK_H

#include <stddef.h>
#include <stdio.h>

/* Prints one line per game and a total to out; returns the number of
 * games that do not agree (or -1 if the file cannot be read). */
int check_records(const char *path, FILE *out);

/* The same for the len bytes of text (path names it in messages), with
 * adjudications re-solved up to max_solve empties (the fuzz target keeps
 * that small). A damaged file is refused at its first bad line: the games
 * before it are checked, and the damage counts as one disagreement. */
int check_text(const char *text, size_t len, const char *path, int max_solve, FILE *out);

#endif
