/* Writing a rec_game in each format, exactly: what a writer writes, its
 * reader reads back as the same game (the same verdict), and writing
 * that again gives the same bytes (tests/records.sh checks both on the
 * corpus). A format that cannot carry the game (a set-up start or a komi
 * outside GGF, a game SGF or GGF has no number for) is refused. */
#ifndef QUARTET_RECORDS_WRITE_H
#define QUARTET_RECORDS_WRITE_H

#include "records/record.h"

#include <stdio.h>

/* Writes g in format fmt (REC_JSONL, REC_TEXT, REC_SGF, REC_GGF or
 * REC_TRANSCRIPT) to out; 0, or -1 when the format cannot carry g. */
int rec_write(const struct rec_game *g, enum rec_format fmt, FILE *out);

/* A move as SGF writes it (records/sgf.c reads it back): "f5" -> "fe",
 * "pass" -> "", "swap" -> "swap-pieces"; -1 for a move SGF has no point
 * for. */
int rec_sgf_point(const char *move, char *out, size_t cap);

#endif
