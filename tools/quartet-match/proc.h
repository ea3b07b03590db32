/* An engine child process spoken to in GTP over pipes: start (argv split
 * like a simple shell), send a command, read one response with a deadline,
 * and stop (quit, then kill) with the child always reaped. */
#ifndef QMATCH_PROC_H
#define QMATCH_PROC_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define PROC_BUF 65536

/* What reading a response found. */
enum gtp_status {
    GTP_OK = 0,       /* "= ..." */
    GTP_ERROR = 1,    /* "? ..." */
    GTP_DEAD = -1,    /* end of output or write failure: the engine crashed */
    GTP_TIMEOUT = -2, /* no complete response before the deadline */
    GTP_GARBAGE = -3, /* a response not starting with '=' or '?' */
    GTP_STOPPED = -4, /* the runner was interrupted */
};

struct proc {
    pid_t pid;            /* 0 when not running */
    int to_fd, from_fd;   /* child's stdin, child's stdout */
    size_t len;           /* bytes buffered in buf */
    char buf[PROC_BUF];
    const volatile sig_atomic_t *stop; /* runner interrupted (SIGINT) */
};

/* Splits a command line into at most max-1 words (single and double quotes,
 * backslash escapes) into store (cap bytes), argv NULL-terminated.
 * Returns the word count, or -1 on unbalanced quotes or overflow. */
int split_command(const char *line, char *store, size_t cap, char **argv, int max);

/* Starts cmd in directory dir (NULL or "": the runner's); engine stderr
 * goes to errfd (-1: /dev/null). Returns 0, or -1 with a message in err. */
int proc_start(struct proc *p, const char *cmd, const char *dir, int errfd, char *err,
               size_t cap);
bool proc_running(const struct proc *p);
/* Sends one command line and reads its response within timeout seconds.
 * The response text (after "= "/"? ", lines joined by '\n') goes to out. */
enum gtp_status proc_command(struct proc *p, double timeout, char *out, size_t cap,
                             const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Sends quit and waits up to grace seconds, then kills; always reaps. */
void proc_stop(struct proc *p, double grace);
/* Kills at once (the whole process group) and reaps. */
void proc_kill(struct proc *p);
const char *gtp_status_text(enum gtp_status s);

#endif
