/* GGF records back in for --merge: each game quartet-match wrote with
 * --ggf made the line_game its JSON line gives (event, engines, result). */
#ifndef QMATCH_GGFLINES_H
#define QMATCH_GGFLINES_H

#include "resume.h"

#include <stddef.h>

/* Calls each(game, ctx) for every game of the GGF text (len bytes of the
 * file at path, '\0'-ended, changed here), as jsonl_read does for JSON
 * lines: a last line without its newline (a game cut off by a crash) is
 * skipped with a note on stderr; a game without quartet-match's event
 * fields (GN, QI, QS, QE: NBoard's and GGS's games) is refused. Returns the
 * number of games, or -1 with a message naming path and line in err. */
int ggf_lines_read(const char *path, char *text, size_t len,
                   int (*each)(const struct line_game *, void *, char *, size_t), void *ctx,
                   char *err, size_t cap);

#endif
