/* Resume's repair of the text and SGF records from the JSON lines: the
 * JSON line of a game is written first, so a crash between the writes
 * leaves a game in the JSONL only; resume writes it to the others. */
#ifndef QMATCH_REPAIR_H
#define QMATCH_REPAIR_H

#include "match.h"

#include <stddef.h>

/* For each game of the JSONL file that the text record (records) or the
 * SGF record (sgf: a .sgf file or a directory) lacks, writes it there
 * from its JSON line, after dropping a record cut off by a crash from
 * their end. NULL paths are skipped. Returns the number of records
 * written, or -1 with a message in err. */
int records_repair(const struct match_config *cfg, const char *jsonl, const char *records,
                   const char *sgf, char *err, size_t cap);

#endif
