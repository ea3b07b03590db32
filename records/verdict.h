/* One game's verdict as tests/records/README.md writes it: "N ok GAME
 * SIZE ... start=... moves=... result=..." or "N refused: WHY". Every
 * reader of records (the tools, the NBoard front end, the page) gives the
 * same verdict on the same bytes; this is its one written form. */
#ifndef QUARTET_RECORDS_VERDICT_H
#define QUARTET_RECORDS_VERDICT_H

#include "records/record.h"

#include <stdio.h>

/* Writes r's verdict line (place: its place in the file, from 1, and a
 * newline after it) to out; returns 0 when the game is accepted (read
 * and replayed legally), -1 when refused. */
int rec_verdict(const struct rec_game *r, int place, FILE *out);

/* Every verdict of the len bytes of text, or "file refused: WHY" when the
 * file as a whole is no record; returns the number of refused games, -1
 * for a refused file. */
int rec_verdicts(const char *text, size_t len, FILE *out);

/* The shortest decimal form of v that reads back as v ("-0.5"). */
void rec_format_number(double v, char *out, size_t cap);

#endif
