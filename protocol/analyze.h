/* The analyze command's streaming: the player searches a copy of the
 * position in a worker thread and its progress reports become `info` lines
 * on stdout, until the next input line stops it — or, under
 * --max-command-time, the cap, which the input loop applies by calling
 * analysis_stop at analysis_deadline, so both end the stream alike. */
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

/* The cap ran out (analysis_deadline passed): ends the stream as
 * analysis_stop does, with a note on stderr when verbose. */
void analysis_cap(struct session *s, FILE *out);

/* When the running analysis must end (clock_now seconds): its start plus
 * the session's command time cap; 0 with no analysis or no cap. */
double analysis_deadline(const struct session *s);

#endif
