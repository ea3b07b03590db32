/* Where Othello's data files (weights, book, ProbCut parameters) are
 * looked for when no path is given. */
#ifndef QUARTET_OTHELLO_DATAPATH_H
#define QUARTET_OTHELLO_DATAPATH_H

#include <stddef.h>

/* Next to the binary: ../share/quartet/NAME (installed), ../data/NAME
 * (bin/ of the source tree), ../../../data/NAME (build/san/bin,
 * build/rel/tests). Writes the first readable one into buf; -1 if none. */
int oth_data_path(const char *name, char *buf, size_t cap);

#endif
