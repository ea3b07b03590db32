/* An engine child process spoken to in GTP over pipes: start (argv split
 * like a simple shell), send a command, read one response with a deadline,
 * and stop (quit, then kill) with the child always reaped. */
#ifndef QMATCH_PROC_H
#define QMATCH_PROC_H

#include <signal.h>
#include <stdatomic.h>
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

/* Engines' stderr on its way to the --engine-stderr file, counted per
 * engine and cut at a cap with one line saying so. */
struct errcap {
    int fd;                   /* the --engine-stderr file */
    size_t max;               /* bytes kept of this engine (all its processes) */
    atomic_size_t used;       /* bytes it wrote (processes of parallel slots) */
    atomic_bool noted;        /* the "dropped" line is written */
    const char *name, *cmd;   /* the engine's display name (set after its probe), command */
};

struct proc {
    pid_t pid;            /* 0 when not running */
    int to_fd, from_fd;   /* child's stdin, child's stdout */
    int err_fd;           /* child's stderr (-1: it goes to /dev/null) */
    int guard_fd;         /* closed when the engine is stopped: its group dies */
    pid_t guard_pid;      /* the process that kills it then (0: none) */
    struct errcap *cap;   /* where err_fd's bytes go */
    size_t len;           /* bytes buffered in buf */
    char buf[PROC_BUF];
    const volatile sig_atomic_t *stop; /* runner interrupted (SIGINT) */
};

/* Splits a command line into at most max-1 words (single and double quotes,
 * backslash escapes) into store (cap bytes), argv NULL-terminated.
 * Returns the word count, or -1 on unbalanced quotes or overflow. */
int split_command(const char *line, char *store, size_t cap, char **argv, int max);

/* Starts cmd in directory dir (NULL or "": the runner's) in a process
 * group of its own, killed when the runner dies; engine stderr goes
 * through cap (NULL: /dev/null). Returns 0, or -1 with a message in err. */
int proc_start(struct proc *p, const char *cmd, const char *dir, struct errcap *errc,
               char *err, size_t cap);
/* Writes n bytes of an engine's stderr as far as its cap allows; the first
 * time the cap is reached, one line saying the rest is dropped. */
void errcap_write(struct errcap *c, const char *buf, size_t n);
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
