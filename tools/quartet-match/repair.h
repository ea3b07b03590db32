/* Resume's repair of the text, SGF and GGF records from the JSON lines: the
 * JSON line of a game is written first, so a crash between the writes
 * leaves a game in the JSONL only; resume writes it to the others. */
#ifndef QMATCH_REPAIR_H
#define QMATCH_REPAIR_H

#include "match.h"

#include <stddef.h>

/* For each game of the JSONL file that the text record (records), the
 * SGF record (sgf: a .sgf file or a directory) or the GGF record (ggf)
 * lacks, writes it there
 * from its JSON line, after dropping a record cut off by a crash from
 * their end. NULL paths are skipped. Returns the number of records
 * written, or -1 with a message in err. */
int records_repair(const struct match_config *cfg, const char *jsonl, const char *records,
                   const char *sgf, const char *ggf, char *err, size_t cap);

#endif
