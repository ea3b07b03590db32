/* One input line in, its response out: the part of the GTP loop that does
 * not read input, shared by bin/quartet's loops and the in-process fuzz
 * target. */
#ifndef QUARTET_DISPATCH_H
#define QUARTET_DISPATCH_H

#include "protocol/session.h"
#include "protocol/text.h"

#include <stddef.h>
#include <stdio.h>

/* Answers one raw input line (any bytes, len of them; preprocessed in
 * place) on resp. An `analyze` is started and left running: the caller
 * stops it with analysis_stop() before the next line. */
void dispatch_line(struct session *s, char *line, size_t len,
                   struct text *out, FILE *resp);

#endif
