/* quartet-gate: the front door of quartet-web — listens on the public
 * address, starts websocketd on a loopback port of its own, and passes it
 * only requests whose Host (and an upgrade's Origin) name this server,
 * up to --max-connections WebSockets, closing idle ones. Only upgrades it
 * let through start an engine: websocketd runs `quartet-gate
 * --engine-check -- ENGINE...` for each, which wants the gate's secret.
 * Usage: quartet-gate [options] -- websocketd [websocketd options]
 *            /path/to/quartet-gate --engine-check -- ENGINE [ARGS] */
#include "gate.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BACKEND_START_MS 10000   /* websocketd must answer within this */

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void usage(FILE *f)
{
    fputs("Usage: quartet-gate [options] -- websocketd [websocketd options]\n"
          "           /path/to/quartet-gate --engine-check -- ENGINE [ARGS]\n"
          "\n"
          "The gate in front of websocketd that quartet-web starts: it refuses\n"
          "requests for other host names (403), WebSockets beyond the cap (429),\n"
          "answers quartet-status.json, and closes idle WebSockets (code 4000).\n"
          "websocketd gets --address=127.0.0.1 --port=P (a free port) and\n"
          "--passenv=PATH,LD_LIBRARY_PATH,QUARTET_GATE_SECRET added; the\n"
          "program it runs must be this gate with --engine-check, which starts\n"
          "ENGINE only for an upgrade that came through the gate (it carries\n"
          "the run's secret), so nothing reaching websocketd's port directly\n"
          "gets an engine. A websocketd --passenv of its own is refused, and\n"
          "so is --loglevel debug or trace (they would log the secret).\n"
          "\n"
          "  --address ADDR         interface to listen on (default 127.0.0.1)\n"
          "  --port N               port to listen on (default 8088)\n"
          "  --allow-host NAME      also serve Host NAME or NAME:PORT (repeatable)\n"
          "  --max-connections N    WebSockets at once, at least 1 (default 4)\n"
          "  --idle-timeout S       close a WebSocket after S s without a message\n"
          "                         from the browser (default 600; 0: off)\n"
          "  --max-command-time S   the engines' cap, shown in quartet-status.json\n"
          "  --header-timeout S     time for a request's header block (default 10)\n"
          "  --banner TEXT          printed on stderr once serving\n"
          "  --engine-check         (first, alone) the check websocketd runs\n"
          "  --help                 this text\n", f);
}

/* A whole non-negative number within [lo, hi], or -1. */
static long number(const char *s, long lo, long hi)
{
    char *end;
    long v;
    if (!s || *s < '0' || *s > '9')
        return -1;
    errno = 0;
    v = strtol(s, &end, 10);
    return *end || errno || v < lo || v > hi ? -1 : v;
}

static int option_number(const char *opt, const char *s, long lo, long hi)
{
    long v = number(s, lo, hi);
    if (v < 0) {
        fprintf(stderr, "quartet-web: %s needs a whole number from %ld to %ld, not '%s'\n",
                opt, lo, hi, s ? s : "");
        exit(2);
    }
    return (int)v;
}

/* Options up to "--"; returns the index of the backend command. */
static int parse_options(int argc, char **argv, struct gate_config *cfg,
                         const char **banner)
{
    int i;
    for (i = 1; i < argc && strcmp(argv[i], "--"); i += 2) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(o, "--help")) {
            usage(stdout);
            exit(0);
        } else if (!v) {
            fprintf(stderr, "quartet-web: %s needs a value (try --help)\n", o);
            exit(2);
        } else if (!strcmp(o, "--address")) {
            cfg->address = v;
        } else if (!strcmp(o, "--port")) {
            cfg->port = option_number(o, v, 1, 65535);
        } else if (!strcmp(o, "--allow-host")) {
            if (!allow_host_valid(v)) {
                fprintf(stderr, "quartet-web: --allow-host '%s' is not a host name "
                        "(NAME or NAME:PORT)\n", v);
                exit(2);
            }
            cfg->allow[cfg->nallow++] = v;
        } else if (!strcmp(o, "--max-connections")) {
            if (number(v, 0, 0) == 0) {
                fputs("quartet-web: --max-connections 0 would refuse every engine; "
                      "give at least 1\n", stderr);
                exit(2);
            }
            cfg->max_connections = option_number(o, v, 1, GATE_MAX_CLIENTS);
        } else if (!strcmp(o, "--idle-timeout")) {
            cfg->idle_timeout = option_number(o, v, 0, 86400 * 7);
        } else if (!strcmp(o, "--max-command-time")) {
            cfg->max_command_time = option_number(o, v, 0, 86400 * 365);
        } else if (!strcmp(o, "--header-timeout")) {
            cfg->header_timeout = option_number(o, v, 1, 3600);
        } else if (!strcmp(o, "--banner")) {
            *banner = v;
        } else {
            fprintf(stderr, "quartet-web: unknown gate option '%s' (try --help)\n", o);
            exit(2);
        }
    }
    if (i + 1 >= argc) {
        fputs("quartet-web: no websocketd command after '--' (try --help)\n", stderr);
        exit(2);
    }
    return i + 1;
}

/* A websocketd flag's value: "-name=V" or "-name V" (Go's flag package
 * takes one dash or two); NULL when arg is not that flag. */
static const char *flag_value(char **arg, const char *name)
{
    const char *a = arg[0] + (arg[0][0] == '-' && arg[0][1] == '-');
    size_t n = strlen(name);
    if (a[0] != '-' || strncmp(a + 1, name, n))
        return NULL;
    if (a[1 + n] == '=')
        return a + 2 + n;
    return a[1 + n] ? NULL : arg[1] ? arg[1] : "";
}

/* websocketd's command: its --passenv is the gate's (a later one would
 * drop the secret), its log level does not print request headers and
 * the environment (debug and trace would write the secret into the log),
 * and the program it runs is the engine check. */
static void check_backend_command(char **cmd)
{
    int checked = 0;
    for (int i = 1; cmd[i]; i++) {
        const char *level = flag_value(cmd + i, "loglevel");
        if (flag_value(cmd + i, "passenv")) {
            fputs("quartet-web: websocketd's --passenv is set by the gate "
                  "(it must pass " GATE_SECRET_ENV " on); leave it out\n", stderr);
            exit(2);
        }
        if (level && (!strcasecmp(level, "debug") || !strcasecmp(level, "trace"))) {
            fprintf(stderr, "quartet-web: websocketd's log level '%s' would write the "
                    "gate's secret into the log; use error, info or access\n", level);
            exit(2);
        }
        checked |= !strcmp(cmd[i], "--engine-check");
    }
    if (!checked) {
        fputs("quartet-web: websocketd must run the engine through "
              "'quartet-gate --engine-check -- ENGINE...' (try --help)\n", stderr);
        exit(2);
    }
}

/* The listening socket, bound before anything is announced. */
static int listen_on(struct gate_config *cfg)
{
    struct addrinfo hints = { .ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE | AI_NUMERICSERV };
    struct addrinfo *ai;
    char host[256], port[8];
    size_t n = strlen(cfg->address);
    int fd, on = 1, off = 0, rc;
    /* "[::1]" as websocketd takes it, "::1" as getaddrinfo does. */
    if (n >= 2 && cfg->address[0] == '[' && cfg->address[n - 1] == ']' && n - 2 < sizeof host)
        snprintf(host, sizeof host, "%.*s", (int)(n - 2), cfg->address + 1);
    else
        snprintf(host, sizeof host, "%s", cfg->address);
    snprintf(port, sizeof port, "%d", cfg->port);
    if ((rc = getaddrinfo(host, port, &hints, &ai)) != 0) {
        fprintf(stderr, "quartet-web: cannot listen on '%s': %s\n", cfg->address, gai_strerror(rc));
        return -1;
    }
    fd = socket(ai->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd >= 0) {
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
        if (ai->ai_family == AF_INET6)
            setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &off, sizeof off);
    }
    if (fd < 0 || bind(fd, ai->ai_addr, ai->ai_addrlen) != 0 || listen(fd, 128) != 0) {
        if (errno == EADDRINUSE)
            fprintf(stderr, "quartet-web: port %d on %s is already in use; "
                    "choose another with --port N\n", cfg->port, cfg->address);
        else
            fprintf(stderr, "quartet-web: cannot listen on %s port %d: %s\n",
                    cfg->address, cfg->port, strerror(errno));
        if (fd >= 0)
            close(fd);
        freeaddrinfo(ai);
        return -1;
    }
    cfg->wildcard = ai->ai_family == AF_INET6
        ? IN6_IS_ADDR_UNSPECIFIED(&((struct sockaddr_in6 *)(void *)ai->ai_addr)->sin6_addr)
        : ((struct sockaddr_in *)(void *)ai->ai_addr)->sin_addr.s_addr == htonl(INADDR_ANY);
    freeaddrinfo(ai);
    return fd;
}

/* A loopback port free now, for websocketd. */
static int free_loopback_port(void)
{
    struct sockaddr_in a = { .sin_family = AF_INET };
    socklen_t len = sizeof a;
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), port = -1;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd >= 0 && bind(fd, (struct sockaddr *)&a, sizeof a) == 0 &&
        getsockname(fd, (struct sockaddr *)&a, &len) == 0)
        port = ntohs(a.sin_port);
    if (fd >= 0)
        close(fd);
    return port;
}

/* websocketd in a process group of its own, which its engines share, so
 * one signal to the group ends them all; it dies with the gate. */
static pid_t start_backend(char **cmd, int port, const char *secret,
                           const sigset_t *oldmask)
{
    int n = 0;
    while (cmd[n])
        n++;
    char **argv = calloc((size_t)n + 4, sizeof *argv), addr[] = "--address=127.0.0.1", portarg[24];
    char passenv[] = "--passenv=PATH,LD_LIBRARY_PATH," GATE_SECRET_ENV;
    if (!argv)
        return -1;
    snprintf(portarg, sizeof portarg, "--port=%d", port);
    argv[0] = cmd[0];
    argv[1] = addr;
    argv[2] = portarg;
    argv[3] = passenv;
    memcpy(argv + 4, cmd + 1, (size_t)n * sizeof *argv);   /* with the final NULL */
    pid_t parent = getpid(), pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent)
            _exit(1);
        sigprocmask(SIG_SETMASK, oldmask, NULL);
        signal(SIGPIPE, SIG_DFL);
        /* In the environment, not argv: /proc/PID/environ is readable
         * only by the same user and root, argv by everyone (ps). */
        if (setenv(GATE_SECRET_ENV, secret, 1) != 0)
            _exit(1);
        execvp(argv[0], argv);
        fprintf(stderr, "quartet-web: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    if (pid > 0)
        setpgid(pid, pid);
    free(argv);
    return pid;
}

/* SIGTERM to websocketd's group (it and its engines), SIGKILL to what
 * is left of the group after 3 s. */
static void stop_backend(pid_t pid)
{
    int64_t until = now_ms() + 3000;
    kill(-pid, SIGTERM);
    while (waitpid(pid, NULL, WNOHANG) == 0 && now_ms() < until)
        poll(NULL, 0, 20);
    while (kill(-pid, 0) == 0 && now_ms() < until)
        poll(NULL, 0, 20);
    if (kill(-pid, 0) == 0)
        kill(-pid, SIGKILL);
    waitpid(pid, NULL, 0);
}

static int loopback_answers(int port)
{
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), ok;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ok = fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof a) == 0;
    if (fd >= 0)
        close(fd);
    return ok;
}

/* A signal that asks us to stop (SIGCHLD: websocketd ended). */
static int take_signal(int sfd)
{
    struct signalfd_siginfo si;
    if (read(sfd, &si, sizeof si) != (ssize_t)sizeof si)
        return 0;
    return (int)si.ssi_signo;
}

/* 0 once websocketd accepts connections; 1 if it ended or we were stopped. */
static int wait_backend(int port, pid_t pid, int sfd)
{
    int status;
    int64_t until = now_ms() + BACKEND_START_MS;
    struct pollfd p = { .fd = sfd, .events = POLLIN };
    while (now_ms() < until) {
        if (loopback_answers(port))
            return 0;
        if (waitpid(pid, &status, WNOHANG) == pid) {
            fprintf(stderr, "quartet-web: websocketd ended before it served (exit status %d)\n",
                    WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
            return 1;
        }
        if (poll(&p, 1, 50) > 0) {
            int sig = take_signal(sfd);
            if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP)
                return 1;
        }
    }
    fprintf(stderr, "quartet-web: websocketd did not answer within %d s\n", BACKEND_START_MS / 1000);
    return 1;
}

/* A new client: a slot, or a short refusal when every slot is taken. */
static void accept_clients(int lfd, struct conn **conns, int64_t now)
{
    static const char full[] = "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n"
                               "Connection: close\r\n\r\n";
    int fd;
    while ((fd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC)) >= 0) {
        gate_nodelay(fd);
        int i = 0;
        while (i < GATE_MAX_CLIENTS && conns[i])
            i++;
        if (i == GATE_MAX_CLIENTS || !(conns[i] = conn_new(fd, now))) {
            if (send(fd, full, sizeof full - 1, MSG_NOSIGNAL) < 0) { /* best effort */ }
            close(fd);
        }
    }
}

/* How long poll may sleep: until the first connection's timer. */
static int poll_timeout(struct conn **conns, const struct gate_config *cfg, int64_t now)
{
    int64_t next = INT64_MAX;
    for (int i = 0; i < GATE_MAX_CLIENTS; i++)
        if (conns[i]) {
            int64_t d = conn_deadline(conns[i], cfg);
            next = d < next ? d : next;
        }
    if (next == INT64_MAX)
        return -1;
    return next <= now ? 0 : next - now > 60000 ? 60000 : (int)(next - now);
}

/* The loop: 0 when stopped by a signal, 1 when websocketd ended. */
static int serve(const struct gate_config *cfg, int lfd, int sfd, pid_t pid)
{
    struct conn *conns[GATE_MAX_CLIENTS] = { 0 };
    struct pollfd p[2 + 2 * GATE_MAX_CLIENTS];
    int at[GATE_MAX_CLIENTS][2], engines = 0, rc = -1;
    while (rc < 0) {
        int n = 2;
        p[0] = (struct pollfd){ .fd = lfd, .events = POLLIN };
        p[1] = (struct pollfd){ .fd = sfd, .events = POLLIN };
        for (int i = 0; i < GATE_MAX_CLIENTS; i++) {
            at[i][0] = at[i][1] = -1;
            if (!conns[i])
                continue;
            at[i][0] = n;
            p[n++] = (struct pollfd){ .fd = conns[i]->cfd, .events = conn_events(conns[i], 0) };
            if (conns[i]->bfd >= 0) {
                at[i][1] = n;
                p[n++] = (struct pollfd){ .fd = conns[i]->bfd, .events = conn_events(conns[i], 1) };
            }
        }
        if (poll(p, (nfds_t)n, poll_timeout(conns, cfg, now_ms())) < 0 && errno != EINTR)
            rc = 1;
        if (p[1].revents & POLLIN) {
            int sig = take_signal(sfd);
            if (sig == SIGCHLD && waitpid(pid, NULL, WNOHANG) == pid) {
                fputs("quartet-web: websocketd ended; stopping\n", stderr);
                rc = 1;
            } else if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
                rc = 0;
            }
        }
        int64_t now = now_ms();
        for (int i = 0; i < GATE_MAX_CLIENTS; i++) {
            if (!conns[i])
                continue;
            short crev = p[at[i][0]].revents, brev = at[i][1] >= 0 ? p[at[i][1]].revents : 0;
            if (conn_step(conns[i], cfg, &engines, crev, brev, now)) {
                conn_free(conns[i], &engines);
                conns[i] = NULL;
            }
        }
        if (p[0].revents & POLLIN)
            accept_clients(lfd, conns, now);
    }
    for (int i = 0; i < GATE_MAX_CLIENTS; i++)
        if (conns[i])
            conn_free(conns[i], &engines);
    return rc;
}

int main(int argc, char **argv)
{
    const char *banner = NULL;
    struct gate_config cfg = {
        .address = "127.0.0.1", .port = 8088, .max_connections = 4,
        .idle_timeout = 600, .header_timeout = 10,
    };
    sigset_t mask, old;
    const char *allow[argc];   /* room for every --allow-host */
    cfg.allow = allow;
    char secret[GATE_SECRET_LEN + 1];
    if (argc > 1 && !strcmp(argv[1], "--engine-check"))
        return engine_check(argc - 2, argv + 2);
    int cmd = parse_options(argc, argv, &cfg, &banner);
    check_backend_command(argv + cmd);
    if (gate_secret_make(secret)) {
        fputs("quartet-web: no random bytes for the gate's secret (getrandom, /dev/urandom)\n", stderr);
        return 1;
    }
    cfg.secret = secret;
    sigemptyset(&mask);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGTERM);
    sigaddset(&mask, SIGHUP);
    sigaddset(&mask, SIGCHLD);
    sigprocmask(SIG_BLOCK, &mask, &old);
    signal(SIGPIPE, SIG_IGN);
    int sfd = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
    int lfd = listen_on(&cfg);
    if (sfd < 0 || lfd < 0)
        return 1;
    cfg.backend_port = free_loopback_port();
    pid_t pid = cfg.backend_port > 0 ? start_backend(argv + cmd, cfg.backend_port, secret, &old) : -1;
    if (pid < 0) {
        fputs("quartet-web: cannot start websocketd\n", stderr);
        return 1;
    }
    if (wait_backend(cfg.backend_port, pid, sfd)) {
        stop_backend(pid);
        return 1;
    }
    if (banner)
        fprintf(stderr, "%s\n", banner);
    int rc = serve(&cfg, lfd, sfd, pid);
    stop_backend(pid);
    close(lfd);
    close(sfd);
    return rc;
}
