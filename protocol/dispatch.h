/* One input line in, its response out: the part of the GTP loop that does
 * not read input, shared by bin/quartet's loops and the in-process fuzz
 * target. */
#ifndef QUARTET_DISPATCH_H
#define QUARTET_DISPATCH_H

#include "protocol/gtp.h"
#include "protocol/session.h"
#include "protocol/text.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* One line's command, run but not yet answered. */
struct dispatch {
    enum gtp_parse parsed;  /* blank, a command, or a syntax error */
    struct gtp_command cmd; /* points into the line: keep it until answered */
    bool ok;
};

/* The two halves of dispatch_line: run the command, then write its answer.
 * bin/quartet ends the command's interruptible window between them: once
 * a controller can read the answer, a `# interrupt` it sends is for the
 * next command, never the one already done. */
void dispatch_run(struct session *s, char *line, size_t len, struct text *out,
                  struct dispatch *d);
void dispatch_answer(struct session *s, struct dispatch *d, struct text *out, FILE *resp);

/* Answers one raw input line (any bytes, len of them; preprocessed in
 * place) on resp. An `analyze` is started and left running: the caller
 * stops it with analysis_stop() before the next line. */
void dispatch_line(struct session *s, char *line, size_t len,
                   struct text *out, FILE *resp);

#endif
