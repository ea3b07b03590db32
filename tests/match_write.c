/* match_write FORMAT TIMEOUT FILE.jsonl: every JSON line of a quartet-match
 * JSONL file read by the records library (rec_match_read_jsonl) and
 * written again in FORMAT (jsonl, text, sgf or ggf) by its one writer
 * (rec_match_write), to stdout; TIMEOUT is the match's --timeout, the
 * one setting SGF writes that the line does not hold. tests/records.sh
 * compares the output with what quartet-match wrote itself: the same
 * bytes, so quartet-match's writer is the records' one, and writing what
 * was read is exact. Exit 1 with a message when a line does not read. */
#include "records/match.h"
#include "records/record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        enum rec_format fmt;
    } formats[] = {{"jsonl", REC_JSONL}, {"text", REC_TEXT}, {"sgf", REC_SGF}, {"ggf", REC_GGF}};
    int k = -1;
    for (int i = 0; argc == 4 && i < 4; i++)
        if (strcmp(argv[1], formats[i].name) == 0)
            k = i;
    if (k < 0) {
        fprintf(stderr, "usage: match_write jsonl|text|sgf|ggf TIMEOUT FILE.jsonl\n");
        return 2;
    }
    char err[512];
    size_t len;
    char *text = rec_file_text(argv[3], &len, err, sizeof err);
    struct rec_match *m = malloc(sizeof *m);
    if (!text || !m) {
        fprintf(stderr, "match_write: %s\n", text ? "out of memory" : err);
        return 1;
    }
    int rc = 0, ln = 0;
    for (char *line = text, *next; *line && rc == 0; line = next) {
        char *nl = strchr(line, '\n');
        next = nl ? nl + 1 : line + strlen(line);
        if (nl)
            *nl = '\0';
        ln++;
        memset(m, 0, sizeof *m);
        if (rec_match_read_jsonl(line, m, err, sizeof err) != 0 ||
            (rec_clock_parse(m->time_control, atof(argv[2]), &m->clock) != 0 &&
             snprintf(err, sizeof err, "bad time_control") > 0) ||
            (rec_match_write(m, formats[k].fmt, stdout) != 0 &&
             snprintf(err, sizeof err, "%s has no place for it", argv[1]) > 0)) {
            fprintf(stderr, "match_write: %s:%d: %s\n", argv[3], ln, err);
            rc = 1;
        }
    }
    free(m);
    free(text);
    return rc;
}
