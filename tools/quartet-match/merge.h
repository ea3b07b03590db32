/* --merge FILE...: the JSON-lines and GGF files of one event (shards run
 * on other machines, or resumed runs), in any mix, combined into one
 * table, printed as the match itself prints it. Files of different events
 * are refused, and so are GGF games without quartet-match's event fields
 * and records of the other formats. */
#ifndef QMATCH_MERGE_H
#define QMATCH_MERGE_H

#include "stats.h"

#include <stdio.h>

/* Returns the exit status: 0, 1 when games are missing from the schedule,
 * 2 when a file is refused or unreadable. */
int merge_files(int nfiles, char **files, const struct sprt *sp, FILE *out);

#endif
