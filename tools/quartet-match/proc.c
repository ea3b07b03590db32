/* Engine child processes: spawn with pipes, GTP request/response with
 * poll() deadlines, quit/kill/reap. */
#include "proc.h"
#include "engine/clock.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif
#include <unistd.h>

int split_command(const char *line, char *store, size_t cap, char **argv, int max)
{
    size_t k = 0;
    int n = 0;
    const char *s = line;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == '\n')
            s++;
        if (!*s)
            break;
        if (n >= max - 1)
            return -1;
        argv[n++] = store + k;
        char quote = 0;
        while (*s && (quote || (*s != ' ' && *s != '\t' && *s != '\n'))) {
            char c = *s++;
            if (quote && c == quote) {
                quote = 0;
                continue;
            }
            if (!quote && (c == '\'' || c == '"')) {
                quote = c;
                continue;
            }
            if (c == '\\' && quote != '\'' && *s)
                c = *s++;
            if (k + 1 >= cap)
                return -1;
            store[k++] = c;
        }
        if (quote)
            return -1;
        if (k + 1 >= cap)
            return -1;
        store[k++] = '\0';
    }
    argv[n] = NULL;
    return n;
}

/* Closes every descriptor from lo up (close_range, or one by one below
 * max where the kernel lacks it). */
static void close_from(int lo, int max)
{
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)lo, ~0U, 0) == 0)
        return;
#endif
    for (int fd = lo; fd < max; fd++)
        close(fd);
}

/* The guard of an engine's process group, started by the runner: a
 * process of that group holding only the read end of a pipe whose write
 * end the runner keeps. When that end closes, because the runner stopped
 * the engine or died by any means, kill -9 included, the guard kills the
 * whole group. PR_SET_PDEATHSIG reaches the engine only; this reaches
 * what a wrapper script started too. The runner reaps it after a stop;
 * only after the runner's death is it left to init. Returns its pid, or
 * -1. */
static pid_t start_guard(pid_t group, int guard_fd, int max_fd)
{
    pid_t g = fork();
    if (g != 0)
        return g;
    if (setpgid(0, group) != 0) /* the group is gone already */
        _exit(0);
    dup2(guard_fd, 0);
    close_from(1, max_fd);
    char c;
    while (read(0, &c, 1) < 0 && errno == EINTR)
        ;
    kill(0, SIGKILL);
    _exit(0);
}

/* The child side: never returns. Only async-signal-safe calls after fork. */
static void exec_child(char **argv, const char *dir, int in_fd, int out_fd, int errfd,
                       int report_fd, pid_t parent)
{
    setpgid(0, 0); /* a terminal's Ctrl-C reaches the runner, not the engines */
#ifdef __linux__
    /* Dies with the runner, even by kill -9; if the runner died before
     * this line, the parent is no longer the one seen before fork. The
     * signal comes when the forking thread ends: slots stop their engines
     * before their thread returns. */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(127);
#else
    (void)parent;
#endif
    if (dir && dir[0] && chdir(dir) != 0) {
        int e = -errno; /* negative: the directory, not the program */
        (void)!write(report_fd, &e, sizeof e);
        _exit(127);
    }
    dup2(in_fd, 0);
    dup2(out_fd, 1);
    if (errfd >= 0)
        dup2(errfd, 2);
    else {
        int dn = open("/dev/null", O_WRONLY);
        if (dn >= 0)
            dup2(dn, 2);
    }
    execvp(argv[0], argv);
    int e = errno;
    (void)!write(report_fd, &e, sizeof e);
    _exit(127);
}

static void close_pair(int *fds)
{
    if (fds[0] >= 0)
        close(fds[0]);
    if (fds[1] >= 0)
        close(fds[1]);
}

int proc_start(struct proc *p, const char *cmd, const char *dir, struct errcap *errc,
               char *err, size_t cap)
{
    char store[4096], *argv[128];
    if (split_command(cmd, store, sizeof store, argv, 128) <= 0) {
        snprintf(err, cap, "cannot split command line: %s", cmd);
        return -1;
    }
    int in[2] = {-1, -1}, out[2] = {-1, -1}, rep[2] = {-1, -1}, er[2] = {-1, -1};
    int guard[2] = {-1, -1};
    pid_t parent = getpid(), pid = -1;
    long max_fd = sysconf(_SC_OPEN_MAX);
    if (max_fd < 0 || max_fd > 65536)
        max_fd = 65536;
    if (pipe2(in, O_CLOEXEC) == 0 && pipe2(out, O_CLOEXEC) == 0 &&
        pipe2(rep, O_CLOEXEC) == 0 && pipe2(guard, O_CLOEXEC) == 0 &&
        (!errc || pipe2(er, O_CLOEXEC) == 0))
        pid = fork();
    if (pid < 0) {
        snprintf(err, cap, "cannot start %s: %s", argv[0], strerror(errno));
        close_pair(in);
        close_pair(out);
        close_pair(rep);
        close_pair(er);
        close_pair(guard);
        return -1;
    }
    if (pid == 0)
        exec_child(argv, dir, in[0], out[1], er[1], rep[1], parent);
    setpgid(pid, pid); /* as the child does, so that the guard finds the group */
    p->guard_pid = start_guard(pid, guard[0], (int)max_fd);
    close(in[0]);
    close(out[1]);
    close(rep[1]);
    close(guard[0]);
    p->guard_fd = guard[1];
    if (er[1] >= 0) {
        close(er[1]);
        /* Read between responses without ever waiting on it. */
        fcntl(er[0], F_SETFL, fcntl(er[0], F_GETFL) | O_NONBLOCK);
    }
    /* The report pipe closes on a successful exec and carries errno if not. */
    int e = 0;
    ssize_t r;
    while ((r = read(rep[0], &e, sizeof e)) < 0 && errno == EINTR)
        ;
    close(rep[0]);
    p->pid = pid;
    p->to_fd = in[1];
    p->from_fd = out[0];
    p->err_fd = er[0];
    p->cap = errc;
    p->len = 0;
    if (r == (ssize_t)sizeof e) {
        if (e < 0)
            snprintf(err, cap, "cannot run %s in directory %s: %s", argv[0], dir, strerror(-e));
        else
            snprintf(err, cap, "cannot run %s: %s", argv[0], strerror(e));
        proc_kill(p);
        return -1;
    }
    return 0;
}

bool proc_running(const struct proc *p)
{
    return p->pid > 0;
}

/* Passes on what the engine wrote to stderr so far, without waiting;
 * at most a few reads, so a flooding engine cannot hold the runner. */
static void drain_stderr(struct proc *p)
{
    char buf[16384];
    for (int i = 0; p->err_fd >= 0 && i < 16; i++) {
        ssize_t got = read(p->err_fd, buf, sizeof buf);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return; /* nothing more for now */
        if (got == 0) { /* closed: poll would report it forever */
            close(p->err_fd);
            p->err_fd = -1;
            return;
        }
        errcap_write(p->cap, buf, (size_t)got);
    }
}

static void close_fds(struct proc *p)
{
    drain_stderr(p);
    if (p->to_fd >= 0)
        close(p->to_fd);
    if (p->from_fd >= 0)
        close(p->from_fd);
    if (p->err_fd >= 0)
        close(p->err_fd);
    p->to_fd = p->from_fd = p->err_fd = -1;
}

static int write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        s += w;
        n -= (size_t)w;
    }
    return 0;
}

void errcap_write(struct errcap *c, const char *buf, size_t n)
{
    /* One atomic add: the engine's processes in parallel slots share it. */
    size_t before = atomic_fetch_add(&c->used, n);
    size_t room = before >= c->max ? 0 : c->max - before;
    (void)write_all(c->fd, buf, n < room ? n : room); /* a full disk loses stderr only */
    if (n > room && !atomic_exchange(&c->noted, true)) {
        char line[256];
        int k = snprintf(line, sizeof line,
                         "\nquartet-match: engine %s wrote more than %zu bytes to stderr; "
                         "the rest is dropped (--engine-stderr-max)\n",
                         c->name[0] ? c->name : c->cmd, c->max);
        if (k > 0)
            (void)write_all(c->fd, line, (size_t)k < sizeof line ? (size_t)k : sizeof line - 1);
    }
}

/* The guard's pipe closed: it kills what is left of the engine's group,
 * itself included, and is reaped. */
static void release_guard(struct proc *p)
{
    if (p->guard_fd >= 0)
        close(p->guard_fd);
    p->guard_fd = -1;
    if (p->guard_pid > 0)
        while (waitpid(p->guard_pid, NULL, 0) < 0 && errno == EINTR)
            ;
    p->guard_pid = 0;
}

void proc_kill(struct proc *p)
{
    if (p->pid <= 0)
        return;
    close_fds(p);
    kill(-p->pid, SIGKILL);
    kill(p->pid, SIGKILL);
    while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
        ;
    release_guard(p);
    p->pid = 0;
}

void proc_stop(struct proc *p, double grace)
{
    if (p->pid <= 0)
        return;
    char tmp[256];
    proc_command(p, grace, tmp, sizeof tmp, "quit");
    close_fds(p);
    double end = clock_now() + grace;
    while (clock_now() < end) {
        pid_t r = waitpid(p->pid, NULL, WNOHANG);
        if (r == p->pid || (r < 0 && errno != EINTR)) {
            kill(-p->pid, SIGKILL); /* leftovers of a shell wrapper */
            release_guard(p);
            p->pid = 0;
            return;
        }
        usleep(5000);
    }
    proc_kill(p);
}

/* Finds a complete response in buf (ends at an empty line, after leading
 * blank lines); returns its length including the terminator, or 0. */
static size_t response_end(const char *buf, size_t len, size_t *start)
{
    size_t i = 0;
    while (i < len && (buf[i] == '\n' || buf[i] == '\r'))
        i++;
    *start = i;
    for (size_t j = i; j < len; j++)
        if (buf[j] == '\n') {
            size_t k = j + 1;
            if (k < len && buf[k] == '\r')
                k++;
            if (k < len && buf[k] == '\n')
                return k + 1;
        }
    return 0;
}

/* Copies a response into out: status char and optional id dropped,
 * CRs removed, trailing newlines trimmed. */
static enum gtp_status take_response(const char *r, size_t n, char *out, size_t cap)
{
    enum gtp_status st = r[0] == '=' ? GTP_OK : r[0] == '?' ? GTP_ERROR : GTP_GARBAGE;
    size_t i = st == GTP_GARBAGE ? 0 : 1;
    if (st != GTP_GARBAGE) {
        while (i < n && r[i] >= '0' && r[i] <= '9')
            i++;
        if (i < n && r[i] == ' ')
            i++;
    }
    size_t k = 0;
    for (; i < n && k + 1 < cap; i++)
        if (r[i] != '\r')
            out[k++] = r[i];
    while (k > 0 && out[k - 1] == '\n')
        k--;
    out[k] = '\0';
    return st;
}

static enum gtp_status read_response(struct proc *p, double deadline, char *out, size_t cap)
{
    for (;;) {
        size_t start, end = response_end(p->buf, p->len, &start);
        if (end) {
            enum gtp_status st = take_response(p->buf + start, end - start, out, cap);
            memmove(p->buf, p->buf + end, p->len - end);
            p->len -= end;
            return st;
        }
        if (p->len == sizeof p->buf) /* a response this long is not GTP */
            return GTP_GARBAGE;
        if (p->stop && *p->stop)
            return GTP_STOPPED;
        double left = deadline - clock_now();
        if (left <= 0)
            return GTP_TIMEOUT;
        /* Short slices so an interrupt is noticed promptly. stderr is
         * read meanwhile: an engine blocked on a full stderr pipe would
         * never answer. */
        int ms = left > 0.2 ? 200 : (int)(left * 1000) + 1;
        struct pollfd pf[2] = {{.fd = p->from_fd, .events = POLLIN},
                               {.fd = p->err_fd, .events = POLLIN}};
        int r = poll(pf, p->err_fd >= 0 ? 2 : 1, ms);
        if (r < 0 && errno != EINTR)
            return GTP_DEAD;
        if (r > 0 && p->err_fd >= 0 && pf[1].revents)
            drain_stderr(p);
        if (r <= 0 || !pf[0].revents)
            continue;
        ssize_t got = read(p->from_fd, p->buf + p->len, sizeof p->buf - p->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return GTP_DEAD;
        p->len += (size_t)got;
    }
}

enum gtp_status proc_command(struct proc *p, double timeout, char *out, size_t cap,
                             const char *fmt, ...)
{
    out[0] = '\0';
    if (p->pid <= 0 || p->to_fd < 0)
        return GTP_DEAD;
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || n >= (int)sizeof line - 1)
        return GTP_GARBAGE;
    line[n++] = '\n';
    if (write_all(p->to_fd, line, (size_t)n) != 0)
        return GTP_DEAD;
    return read_response(p, clock_now() + timeout, out, cap);
}

const char *gtp_status_text(enum gtp_status s)
{
    switch (s) {
    case GTP_OK: return "ok";
    case GTP_ERROR: return "error response";
    case GTP_DEAD: return "crash";
    case GTP_TIMEOUT: return "timeout";
    case GTP_GARBAGE: return "garbage response";
    case GTP_STOPPED: return "interrupted";
    }
    return "?";
}
