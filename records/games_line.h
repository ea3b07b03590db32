/* One line of a list of Othello games, as the training tools read them:
 * the WTHOR archive's text export (year, Black, White, result, transcript,
 * tab-separated; the transcript last) or a bare transcript. One reader, so
 * that measure, label-games, merge and sample give a line one verdict. */
#ifndef QUARTET_RECORDS_GAMES_LINE_H
#define QUARTET_RECORDS_GAMES_LINE_H

/* Splits line (NUL-terminated; a trailing "\r\n" or "\n" is dropped) in
 * place. Returns -1 for a blank or '#' line, else 0 with *year the first
 * field when the line has tabs and that field is a plain decimal year
 * (0-9999), else -1 (a bare transcript has no year), and *transcript the
 * last field when it is one word, else NULL (no transcript). */
int games_line_split(char *line, long *year, char **transcript);

/* Whether a line of that year is kept by --years lo-hi (hi 0: every
 * year): a line without a year is kept only when no years are asked. */
int games_line_year_kept(long year, long lo, long hi);

#endif
