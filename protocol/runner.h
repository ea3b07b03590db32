/* Running one command at a time while input keeps arriving: a reader
 * thread reads lines ahead into a bounded queue, and what may stop the
 * running command — a `# interrupt` line (GoGui's convention), SIGINT, the
 * --max-command-time cap, the end of input — sets the stop flag that
 * command polls. Every other line waits in the queue and is answered in
 * order, as before.
 *
 * The end of input is read in order, like a line: it stops the last
 * command, the one running (or taken, about to begin) with no answerable
 * line queued behind it — a controller that closes its end is gone, and a
 * search it left running must not go on (issue 48). Commands queued
 * before the end still run, each to its end but the last. */
#ifndef QUARTET_RUNNER_H
#define QUARTET_RUNNER_H

#include <stdbool.h>
#include <stddef.h>

struct runner;

/* One input line, without its newline; NUL bytes inside are kept. */
struct runner_line {
    struct runner_line *next;
    char *text;            /* len bytes, then a NUL; room to preprocess */
    size_t len;
    bool too_long;         /* longer than GTP_MAX_LINE: dropped, answer "?" */
    bool interrupted;      /* a `# interrupt` aimed at it came before it ran */
};

enum runner_event {
    RUNNER_LINE,     /* *line is the next line; free it with runner_line_free */
    RUNNER_EOF,      /* no more input */
    RUNNER_SIGINT,   /* SIGINT while no command ran */
    RUNNER_DEADLINE, /* the deadline passed with no line waiting */
};

/* Starts the machinery: the SIGINT handler, and with max_seconds > 0 the
 * watchdog of the time cap; with read_fd >= 0 also the reader thread on
 * that descriptor (piped use). Interactive use passes -1 and reads lines
 * itself. NULL when out of resources. */
struct runner *runner_new(int read_fd, double max_seconds);

/* Stops the threads it can and frees what no thread still uses (a reader
 * blocked on an open input is left to end with the process). */
void runner_free(struct runner *r);

/* Waits for the next line (piped use), or until deadline (clock_now
 * seconds; 0: none) — a running analyze's cap. */
enum runner_event runner_next(struct runner *r, double deadline, struct runner_line **line);
void runner_line_free(struct runner_line *l);

/* The flag a running command polls: 0, or why it must stop (enum
 * stop_reason in protocol/session.h). */
const volatile int *runner_stop_flag(const struct runner *r);

/* Brackets one command: from begin to end, `# interrupt`, SIGINT and the
 * cap stop it; outside, SIGINT is reported as RUNNER_SIGINT. pre_stopped:
 * an interrupt for it already arrived (it runs with the flag set). */
void runner_begin(struct runner *r, bool pre_stopped);
void runner_end(struct runner *r);

/* Interactive use: while a command runs, a thread watches the terminal
 * fd (which main reads itself only at the prompt): Ctrl-D on an empty
 * line or a hang-up stops the command as the end of input does, and the
 * loop then ends instead of prompting. -1 when the thread cannot start. */
int runner_watch_terminal(struct runner *r, int fd);
/* True once that watch saw the terminal's input end: the loop ends. */
bool runner_terminal_ended(const struct runner *r);

/* Interactive use: true (once) when SIGINT arrived while idle. */
bool runner_take_sigint(struct runner *r);
/* Interactive use: true while an idle SIGINT waits to be taken. */
bool runner_sigint_pending(const struct runner *r);

/* NBoard's way (protocol/nboard.c): with on, every line that is not
 * blank stops the running command, as `# interrupt` does, and marks the
 * lines still queued before it as stopped too (a newer command supersedes
 * them); the line itself is then queued and run as usual. Off: only
 * `# interrupt` does (GTP). */
void runner_set_any_line_stops(struct runner *r, bool on);

/* True when a raw line is GoGui's interrupt line, `# interrupt`. */
bool runner_is_interrupt_line(const char *text, size_t len);

#endif
