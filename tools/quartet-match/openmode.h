/* The two openings modes: --generate-openings writes a file (its header
 * says how it was made), --balance-report measures a file's balance by a
 * fixed-depth search. */
#ifndef QMATCH_OPENMODE_H
#define QMATCH_OPENMODE_H

#include "match.h"
#include "openings.h"

#include <stdio.h>

/* Writes count openings made by gen to output (NULL: stdout), each line
 * as soon as it is kept; a file is rewritten at the end with the counts
 * in its header. cmdline is the command as given, for the header.
 * Returns the exit status (0 when at least one opening was made). */
int openmode_generate(const struct match_config *cfg, const struct opening_gen *gen, int count,
                      const char *output, const char *cmdline);

struct balance_report_options {
    int depth, threads;
    int sample;           /* openings searched, evenly spread; 0: all */
    const char *eval;     /* the search's evaluation file (NULL: default) */
};

/* Searches the openings of path (sampled) and prints each one's value
 * and the figures: mean |value|, the share beyond +-4 and within +-2,
 * the agreement with the values recorded in the file, distinct
 * positions. Returns the exit status. */
int openmode_report(const struct match_config *cfg, const char *path,
                    const struct balance_report_options *ro, FILE *out);

#endif
