/* The analyze command's streaming: the player searches a copy of the
 * position in a worker thread and its progress reports become `info` lines
 * on stdout, until the next input line stops it. */
#ifndef QUARTET_ANALYZE_H
#define QUARTET_ANALYZE_H

#include "protocol/gtp.h"
#include "protocol/session.h"

#include <stdio.h>

/* Writes "=id" and starts the analysis that s->analyze_request asked for
 * (on failure to start, answers "?id ..." instead). */
void analysis_start(struct session *s, const struct gtp_command *cmd, FILE *out);

/* If an analysis runs: stops it within milliseconds, waits for it and
 * ends its response with the empty line. */
void analysis_stop(struct session *s, FILE *out);

#endif
