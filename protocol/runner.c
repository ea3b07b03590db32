/* The input queue and the stop flag of the running command (runner.h).
 *
 * Threads: the main thread runs commands; the reader thread (piped use)
 * reads lines into the queue and turns `# interrupt` into a stop; the
 * watchdog (with a time cap) stops a command that runs too long; the end
 * of input stops the last command (runner.h); in interactive use the
 * terminal's watch stops one on Ctrl-D; the SIGINT handler runs on
 * whichever thread the signal lands and only touches atomics and a
 * semaphore. One mutex guards the queue and the
 * running command; the stop flag is written with atomic stores because the
 * engine polls it without the lock. */
#include "protocol/runner.h"

#include "engine/clock.h"
#include "protocol/gtp.h"
#include "protocol/session.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

/* Read-ahead bound: beyond it the reader waits for the queue to drain, so
 * a client that floods the engine during a long command costs at most this
 * much memory (a `# interrupt` behind the flood then waits too). */
#define QUEUE_MAX_LINES 4096
#define QUEUE_MAX_BYTES (16u << 20)

struct runner {
    pthread_mutex_t mu;
    pthread_cond_t cv;         /* queue space, command begin/end, shutdown */
    sem_t wake;                /* main: a line, end of input or idle SIGINT */
    int fd;
    pthread_t reader, watchdog, tty_watch;
    bool have_reader, have_watchdog, have_tty_watch;
    int tty;                   /* the terminal runner_watch_terminal watches */
    volatile int tty_ended;    /* ... and its input ended during a command */

    struct runner_line *head, *tail;
    size_t queued_lines, queued_bytes;
    bool eof, reader_done, shutdown;
    bool taken;                /* main took a command line, not yet ended */
    int taken_stop;            /* ... and why it must stop (stop_reason) */

    double cap;                /* seconds; 0: none */
    unsigned long generation;  /* counts commands begun */
    unsigned long capped;      /* the last generation the watchdog stopped */
    double started;

    bool any_line_stops;       /* runner_set_any_line_stops */

    volatile int stop;         /* enum stop_reason of the running command */
    volatile int running;      /* a command runs (read by the handler) */
    volatile int sigint_idle;  /* SIGINT arrived with nothing running */
};

/* The handler's way to the runner: there is one per process. */
static struct runner *volatile signal_runner;

static void set_stop(struct runner *r, int why)
{
    __atomic_store_n(&r->stop, why, __ATOMIC_RELAXED);
}

static void on_sigint(int sig)
{
    (void)sig;
    int saved = errno;
    struct runner *r = signal_runner;
    if (r) {
        if (__atomic_load_n(&r->running, __ATOMIC_SEQ_CST)) {
            set_stop(r, STOP_SIGINT);
        } else {
            __atomic_store_n(&r->sigint_idle, 1, __ATOMIC_SEQ_CST);
            sem_post(&r->wake);
        }
    }
    errno = saved;
}

bool runner_is_interrupt_line(const char *text, size_t len)
{
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t'))
        i++;
    if (i == len || text[i++] != '#')
        return false;
    while (i < len && (text[i] == ' ' || text[i] == '\t'))
        i++;
    static const char word[] = "interrupt";
    if (len - i < sizeof word - 1 || memcmp(text + i, word, sizeof word - 1) != 0)
        return false;
    for (i += sizeof word - 1; i < len; i++)
        if (text[i] != ' ' && text[i] != '\t' && text[i] != '\r')
            return false;
    return true;
}

/* Blank after GTP preprocessing (nothing but spaces, control bytes and a
 * comment): no response, and not a command an interrupt could aim at. */
static bool is_blank(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '#')
            return true;
        if (c > ' ' && c != 127)
            return false;
    }
    return true;
}

/* ---- the reader thread ---------------------------------------------------- */

/* Buffered line reading on a descriptor. Not stdio: a thread blocked in
 * getc would hold stdin's lock while the process exits. */
struct line_reader {
    int fd;
    char buf[65536];
    size_t pos, end;
    bool eof;
};

static int next_byte(struct line_reader *lr)
{
    if (lr->pos == lr->end) {
        if (lr->eof)
            return -1;
        ssize_t n;
        do
            n = read(lr->fd, lr->buf, sizeof lr->buf);
        while (n < 0 && errno == EINTR);
        if (n <= 0) {
            lr->eof = true;
            return -1;
        }
        lr->pos = 0;
        lr->end = (size_t)n;
    }
    return (unsigned char)lr->buf[lr->pos++];
}

/* One line into line (GTP_MAX_LINE + 1 bytes), as gtp_read_line does:
 * -1 at the end, 1 when too long (consumed and dropped), else 0. */
static int read_line(struct line_reader *lr, char *line, size_t *len)
{
    size_t n = 0;
    bool any = false, too_long = false;
    int c;
    while ((c = next_byte(lr)) >= 0) {
        any = true;
        if (c == '\n')
            break;
        if (n < GTP_MAX_LINE)
            line[n++] = (char)c;
        else
            too_long = true;
    }
    line[n] = '\0';
    *len = n;
    if (!any)
        return -1;
    return too_long ? 1 : 0;
}

static struct runner_line *new_line(const char *text, size_t len, bool too_long)
{
    struct runner_line *l = malloc(sizeof *l);
    char *t = malloc(too_long ? 1 : len + 1);
    if (!l || !t) {
        free(l);
        free(t);
        return NULL;
    }
    if (too_long)
        len = 0;
    memcpy(t, text, len);
    t[len] = '\0';
    *l = (struct runner_line){.text = t, .len = len, .too_long = too_long};
    return l;
}

/* A line that gets an answer (a command, or one too long): blank lines
 * and comments behind the running command leave it the last one. */
static bool answered(const struct runner_line *l)
{
    return l->too_long || !is_blank(l->text, l->len);
}

/* Under the lock: stops the command main has taken, for why: at once
 * when it runs, else from its start. An earlier reason stays. */
static void stop_taken(struct runner *r, int why)
{
    if (__atomic_load_n(&r->running, __ATOMIC_SEQ_CST)) {
        if (__atomic_load_n(&r->stop, __ATOMIC_RELAXED) == STOP_NONE)
            set_stop(r, why);
    } else if (r->taken_stop == STOP_NONE) {
        r->taken_stop = why;
    }
}

/* Under the lock, at the end of input: the command taken is stopped when
 * it is the last one, nothing answerable queued behind it. Commands still
 * queued were sent to be answered: the last of them is stopped as it is
 * taken (runner_next). */
static void end_of_input(struct runner *r)
{
    for (const struct runner_line *l = r->head; l; l = l->next)
        if (answered(l))
            return;
    if (r->taken)
        stop_taken(r, STOP_END_OF_INPUT);
}

/* Under the lock: the interrupt stops the command that runs now. Between
 * commands it is for the next one: the line main has taken but not yet
 * begun, or else the first command still waiting in the queue (GoGui sends
 * `# interrupt` right behind its command, which may not have started). */
static void aim_interrupt(struct runner *r)
{
    if (r->taken) {
        stop_taken(r, STOP_INTERRUPT);
        return;
    }
    for (struct runner_line *l = r->head; l; l = l->next)
        if (!l->too_long && !is_blank(l->text, l->len)) {
            l->interrupted = true;
            return;
        }
}

/* Under the lock, any-line mode: the new line supersedes the running
 * command, the one taken but not begun, and every line still queued. */
static void supersede(struct runner *r)
{
    if (r->taken)
        stop_taken(r, STOP_INTERRUPT);
    for (struct runner_line *l = r->head; l; l = l->next)
        l->interrupted = true;
}

static void enqueue(struct runner *r, struct runner_line *l, bool interrupt)
{
    pthread_mutex_lock(&r->mu);
    while (!r->shutdown && (r->queued_lines >= QUEUE_MAX_LINES ||
                            r->queued_bytes >= QUEUE_MAX_BYTES))
        pthread_cond_wait(&r->cv, &r->mu);
    if (r->any_line_stops && !l->too_long && !is_blank(l->text, l->len))
        supersede(r);
    else if (interrupt)
        aim_interrupt(r);
    /* The line itself still goes through the queue: it is a comment that
     * gets no answer, but like any line it ends a running analyze. */
    if (r->tail)
        r->tail->next = l;
    else
        r->head = l;
    r->tail = l;
    r->queued_lines++;
    r->queued_bytes += l->len + sizeof *l;
    pthread_mutex_unlock(&r->mu);
    sem_post(&r->wake);
}

static void *reader_main(void *arg)
{
    struct runner *r = arg;
    struct line_reader *lr = malloc(sizeof *lr);
    char *buf = malloc(GTP_MAX_LINE + 1);
    if (lr && buf) {
        *lr = (struct line_reader){.fd = r->fd};
        size_t len;
        int k;
        while ((k = read_line(lr, buf, &len)) >= 0) {
            struct runner_line *l = new_line(buf, len, k == 1);
            if (!l)
                break;   /* out of memory: as if the input ended */
            enqueue(r, l, k == 0 && runner_is_interrupt_line(buf, len));
        }
    }
    free(lr);
    free(buf);
    pthread_mutex_lock(&r->mu);
    r->eof = true;
    r->reader_done = true;
    end_of_input(r);
    pthread_mutex_unlock(&r->mu);
    sem_post(&r->wake);
    return NULL;
}

/* ---- the time cap ----------------------------------------------------------- */

static void *watchdog_main(void *arg)
{
    struct runner *r = arg;
    pthread_mutex_lock(&r->mu);
    while (!r->shutdown) {
        if (!__atomic_load_n(&r->running, __ATOMIC_SEQ_CST) || r->capped == r->generation) {
            pthread_cond_wait(&r->cv, &r->mu);
            continue;
        }
        double deadline = r->started + r->cap, now = clock_now();
        if (now >= deadline) {
            set_stop(r, STOP_TIME_LIMIT);
            r->capped = r->generation;
            continue;
        }
        /* The condition variable runs on the monotonic clock too. */
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        double wait = deadline - now;
        time_t sec = (time_t)wait;
        long ns = ts.tv_nsec + (long)((wait - (double)sec) * 1e9);
        ts.tv_sec += sec + ns / 1000000000L;
        ts.tv_nsec = ns % 1000000000L;
        pthread_cond_timedwait(&r->cv, &r->mu, &ts);
    }
    pthread_mutex_unlock(&r->mu);
    return NULL;
}

/* ---- the terminal's end (interactive use) ---------------------------------- */

enum tty_state { TTY_OPEN, TTY_CTRL_D, TTY_HUNG_UP };

/* What the terminal says, waiting at most 50 ms: hung up, or readable
 * with nothing to read — Ctrl-D on an empty line (canonical mode:
 * readline gives the terminal back between lines). A typed line waiting
 * is a command queued before any end, which then does not stop this
 * one. */
static enum tty_state terminal_state(int fd)
{
    struct pollfd p = {.fd = fd, .events = POLLIN};
    if (poll(&p, 1, 50) <= 0)
        return TTY_OPEN;
    if (p.revents & (POLLHUP | POLLERR | POLLNVAL))
        return TTY_HUNG_UP;
    int n = 0;
    if (ioctl(fd, FIONREAD, &n) == 0 && n == 0)
        return TTY_CTRL_D;
    nanosleep(&(struct timespec){.tv_nsec = 50000000L}, NULL);   /* a line waits */
    return TTY_OPEN;
}

static void *tty_main(void *arg)
{
    struct runner *r = arg;
    unsigned long seen = 0;   /* the generation already stopped */
    pthread_mutex_lock(&r->mu);
    while (!r->shutdown) {
        if (!__atomic_load_n(&r->running, __ATOMIC_SEQ_CST) || seen == r->generation) {
            pthread_cond_wait(&r->cv, &r->mu);
            continue;
        }
        pthread_mutex_unlock(&r->mu);
        enum tty_state t = terminal_state(r->tty);
        pthread_mutex_lock(&r->mu);
        /* Still running (runner_end waits for the lock): else the prompt
         * is back, and readline reads the Ctrl-D itself. */
        if (t != TTY_OPEN && __atomic_load_n(&r->running, __ATOMIC_SEQ_CST)) {
            /* Taken, so that neither readline nor the shell after us
             * reads it again (read returns 0 on it at once). */
            char c;
            if (t == TTY_CTRL_D)
                (void)!read(r->tty, &c, 1);
            __atomic_store_n(&r->tty_ended, 1, __ATOMIC_SEQ_CST);
            if (__atomic_load_n(&r->stop, __ATOMIC_RELAXED) == STOP_NONE)
                set_stop(r, STOP_END_OF_INPUT);
            seen = r->generation;
        }
    }
    pthread_mutex_unlock(&r->mu);
    return NULL;
}

/* ---- set-up --------------------------------------------------------------- */

/* Helper threads take no signals: SIGINT goes to the main thread (or to a
 * search thread it started), never interrupting the reader's read(). */
static int start_thread(pthread_t *t, void *(*fn)(void *), void *arg)
{
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int e = pthread_create(t, NULL, fn, arg);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return e;
}

struct runner *runner_new(int read_fd, double max_seconds)
{
    struct runner *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    if (pthread_mutex_init(&r->mu, NULL) != 0 || pthread_cond_init(&r->cv, &ca) != 0 ||
        sem_init(&r->wake, 0, 0) != 0) {
        pthread_condattr_destroy(&ca);
        free(r);
        return NULL;
    }
    pthread_condattr_destroy(&ca);
    r->fd = read_fd;
    r->cap = max_seconds > 0 ? max_seconds : 0;

    signal_runner = r;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    /* Writes of responses resume after the handler; waits for input
     * (sem_wait, readline's poll) still wake up to look at the flags. */
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);

    if (r->cap > 0 && start_thread(&r->watchdog, watchdog_main, r) == 0)
        r->have_watchdog = true;
    if (read_fd >= 0 && start_thread(&r->reader, reader_main, r) == 0)
        r->have_reader = true;
    if ((r->cap > 0 && !r->have_watchdog) || (read_fd >= 0 && !r->have_reader)) {
        runner_free(r);
        return NULL;
    }
    return r;
}

void runner_free(struct runner *r)
{
    if (!r)
        return;
    signal(SIGINT, SIG_DFL);
    pthread_mutex_lock(&r->mu);
    r->shutdown = true;
    pthread_cond_broadcast(&r->cv);
    bool reader_done = r->reader_done;
    pthread_mutex_unlock(&r->mu);
    if (r->have_watchdog)
        pthread_join(r->watchdog, NULL);
    if (r->have_tty_watch)
        pthread_join(r->tty_watch, NULL);
    if (r->have_reader && !reader_done) {
        /* Blocked on input that is still open (quit came first): the
         * thread ends with the process and may still use the runner,
         * which stays reachable through signal_runner meanwhile. */
        pthread_detach(r->reader);
        return;
    }
    signal_runner = NULL;
    if (r->have_reader)
        pthread_join(r->reader, NULL);
    while (r->head) {
        struct runner_line *l = r->head;
        r->head = l->next;
        runner_line_free(l);
    }
    sem_destroy(&r->wake);
    pthread_cond_destroy(&r->cv);
    pthread_mutex_destroy(&r->mu);
    free(r);
}

bool runner_terminal_ended(const struct runner *r)
{
    return __atomic_load_n(&r->tty_ended, __ATOMIC_SEQ_CST) != 0;
}

int runner_watch_terminal(struct runner *r, int fd)
{
    r->tty = fd;
    if (start_thread(&r->tty_watch, tty_main, r) != 0)
        return -1;
    r->have_tty_watch = true;
    return 0;
}

/* ---- the main thread's side ------------------------------------------------- */

/* Waits for a post on wake or a signal; true when the deadline (0: none)
 * passed first. sem_timedwait takes the realtime clock, which may be set
 * back: each wait is at most a second, then the monotonic clock decides. */
static bool wait_wake(struct runner *r, double deadline)
{
    for (;;) {
        int rc;
        if (deadline > 0) {
            double left = deadline - clock_now();
            if (left <= 0)
                return true;
            if (left > 1)
                left = 1;
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            long ns = ts.tv_nsec + (long)(left * 1e9);
            ts.tv_sec += ns / 1000000000L;
            ts.tv_nsec = ns % 1000000000L;
            rc = sem_timedwait(&r->wake, &ts);
        } else {
            rc = sem_wait(&r->wake);
        }
        if (rc == 0 || (errno == EINTR && __atomic_load_n(&r->sigint_idle, __ATOMIC_SEQ_CST)))
            return false;
        if (errno != EINTR && errno != ETIMEDOUT)
            return false;   /* cannot wait: look at the queue again */
    }
}

enum runner_event runner_next(struct runner *r, double deadline, struct runner_line **line)
{
    for (;;) {
        if (runner_take_sigint(r))
            return RUNNER_SIGINT;
        pthread_mutex_lock(&r->mu);
        struct runner_line *l = r->head;
        if (l) {
            r->head = l->next;
            if (!r->head)
                r->tail = NULL;
            r->queued_lines--;
            r->queued_bytes -= l->len + sizeof *l;
            if (!l->too_long && !is_blank(l->text, l->len)) {
                r->taken = true;   /* it runs next: interrupts are its own */
                r->taken_stop = l->interrupted ? STOP_INTERRUPT : STOP_NONE;
                if (r->eof)
                    end_of_input(r);   /* the last command: stopped too */
            }
            pthread_cond_broadcast(&r->cv);   /* room in the queue */
        }
        bool eof = r->eof;
        pthread_mutex_unlock(&r->mu);
        if (l) {
            l->next = NULL;
            *line = l;
            return RUNNER_LINE;
        }
        if (eof)
            return RUNNER_EOF;
        if (wait_wake(r, deadline))
            return RUNNER_DEADLINE;
    }
}

void runner_line_free(struct runner_line *l)
{
    if (l)
        free(l->text);
    free(l);
}

const volatile int *runner_stop_flag(const struct runner *r)
{
    return &r->stop;
}

void runner_begin(struct runner *r, bool pre_stopped)
{
    pthread_mutex_lock(&r->mu);
    set_stop(r, pre_stopped ? STOP_INTERRUPT : r->taken_stop);
    r->generation++;
    r->started = clock_now();
    __atomic_store_n(&r->running, 1, __ATOMIC_SEQ_CST);
    pthread_cond_broadcast(&r->cv);
    pthread_mutex_unlock(&r->mu);
}

void runner_end(struct runner *r)
{
    pthread_mutex_lock(&r->mu);
    __atomic_store_n(&r->running, 0, __ATOMIC_SEQ_CST);
    set_stop(r, STOP_NONE);
    r->taken = false;
    r->taken_stop = STOP_NONE;
    pthread_cond_broadcast(&r->cv);
    pthread_mutex_unlock(&r->mu);
}

void runner_set_any_line_stops(struct runner *r, bool on)
{
    pthread_mutex_lock(&r->mu);
    r->any_line_stops = on;
    pthread_mutex_unlock(&r->mu);
}

bool runner_take_sigint(struct runner *r)
{
    return __atomic_exchange_n(&r->sigint_idle, 0, __ATOMIC_SEQ_CST) != 0;
}

bool runner_sigint_pending(const struct runner *r)
{
    return __atomic_load_n(&r->sigint_idle, __ATOMIC_SEQ_CST) != 0;
}
