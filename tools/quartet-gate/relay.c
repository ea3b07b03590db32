/* quartet-gate: one client connection's life — its header block read
 * (bounded in size and time), judged, answered or forwarded to websocketd,
 * then bytes relayed both ways through bounded buffers, with the idle
 * close of a WebSocket sent between two of the server's frames. */
#include "gate.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define DRAIN_MS 2000      /* after our answer, how long the client may take to close */
#define CONNECT_MS 5000    /* websocketd's loopback connect */
#define BOUNDARY_MS 5000   /* the idle close waits this long for a frame's end */

struct conn *conn_new(int cfd, int64_t now)
{
    struct conn *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->to_b.p = malloc(GATE_BUF_SIZE);
    c->to_c.p = malloc(GATE_BUF_SIZE);
    if (!c->to_b.p || !c->to_c.p) {
        free(c->to_b.p);
        free(c->to_c.p);
        free(c);
        return NULL;
    }
    c->cfd = cfd;
    c->bfd = -1;
    c->state = C_HEADER;
    c->since = c->active = now;
    return c;
}

/* The backend connection is over: its engine no longer counts. */
static void backend_gone(struct conn *c, int *engines)
{
    if (c->bfd >= 0)
        close(c->bfd);
    c->bfd = -1;
    c->b_eof = 1;
    if (c->counted)
        (*engines)--;
    c->counted = 0;
}

void conn_free(struct conn *c, int *engines)
{
    backend_gone(c, engines);
    close(c->cfd);
    free(c->to_b.p);
    free(c->to_c.p);
    free(c);
}

/* Reads into b's free room: bytes read, 0 at end of stream, -1 when
 * nothing is there now, -2 on error. */
static ssize_t fill(int fd, struct buf *b)
{
    ssize_t n = recv(fd, b->p + b->len, GATE_BUF_SIZE - b->len, 0);
    if (n > 0)
        b->len += (size_t)n;
    if (n < 0)
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? -1 : -2;
    return n;
}

/* Writes what b holds: 0, or -1 when the peer is gone. */
static int flush(int fd, struct buf *b)
{
    ssize_t n = send(fd, b->p, b->len, MSG_NOSIGNAL);
    if (n < 0)
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : -1;
    memmove(b->p, b->p + n, b->len - (size_t)n);
    b->len -= (size_t)n;
    return 0;
}

static const char *reason_phrase(int status)
{
    switch (status) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    default: return "Bad Gateway";
    }
}

/* Answers the client itself and closes once the answer is out. */
static void answer(struct conn *c, int *engines, int status, const char *type,
                   const char *body, int head_only, int64_t now)
{
    int n = snprintf((char *)c->to_c.p, GATE_BUF_SIZE,
                     "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
                     "Cache-Control: no-store\r\nConnection: close\r\n\r\n%s",
                     status, reason_phrase(status), type, strlen(body),
                     head_only ? "" : body);
    c->to_c.len = n > 0 && n < GATE_BUF_SIZE ? (size_t)n : 0;
    backend_gone(c, engines);
    c->state = C_DRAIN;
    c->since = now;
}

static void refuse(struct conn *c, int *engines, int status, const char *text,
                   int64_t now)
{
    char body[256];
    snprintf(body, sizeof body, "%s\n", text);
    answer(c, engines, status, "text/plain; charset=utf-8", body, 0, now);
}

static void status_json(struct conn *c, const struct gate_config *cfg,
                        int *engines, int head_only, int64_t now)
{
    char body[160];
    snprintf(body, sizeof body,
             "{\"engines\": %d, \"max_connections\": %d, \"idle_timeout\": %d, "
             "\"max_command_time\": %d}\n",
             *engines, cfg->max_connections, cfg->idle_timeout, cfg->max_command_time);
    answer(c, engines, 200, "application/json", body, head_only, now);
}

/* Small writes go out at once. The page pipelines several small GTP
   frames; with Nagle's algorithm the second waited for the first one's
   delayed ACK, 40 ms on loopback, in half of the engine's replies. */
void gate_nodelay(int fd)
{
    int one = 1;
    if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) != 0) { /* still works, later */ }
}

/* A non-blocking connection to websocketd on the loopback port. */
static int backend_connect(const struct gate_config *cfg)
{
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)cfg->backend_port) };
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0)
        return -1;
    gate_nodelay(fd);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0 && errno != EINPROGRESS) {
        close(fd);
        return -1;
    }
    return fd;
}

/* The request is let through: its header goes to websocketd. */
static void forward(struct conn *c, const struct gate_config *cfg, int *engines,
                    int upgrade, size_t end, int64_t now)
{
    if (upgrade) {
        /* As it came (websocketd's --sameorigin still sees Host and
         * Origin) with the gate's secret header, without which no engine
         * starts; bytes after it wait for the 101. */
        c->to_b.len = request_upgrade_copy((const char *)c->hdr, end, cfg->secret,
                                           (char *)c->to_b.p, GATE_BUF_SIZE);
        c->extra_off = end;
        c->extra_len = c->hdr_len - end;
        c->upgrade = c->counted = 1;
        (*engines)++;
    } else {
        c->to_b.len = request_close_copy((const char *)c->hdr, end,
                                         (char *)c->to_b.p, GATE_BUF_SIZE);
    }
    c->bfd = backend_connect(cfg);
    if (c->bfd < 0 || c->to_b.len == 0)
        return refuse(c, engines, 502, "the page server (websocketd) does not answer", now);
    c->state = C_CONNECT;
    c->since = now;
}

static void judge(struct conn *c, const struct gate_config *cfg, int *engines,
                  size_t end, int64_t now)
{
    struct request rq;
    char text[200];
    request_judge(cfg, (const char *)c->hdr, end, &rq);
    if (rq.kind == REQ_REFUSE)
        return refuse(c, engines, rq.status, rq.message, now);
    if (rq.kind == REQ_STATUS)
        return status_json(c, cfg, engines, rq.head_only, now);
    if (rq.kind == REQ_UPGRADE && *engines >= cfg->max_connections) {
        snprintf(text, sizeof text, "server full: %d of %d engines running "
                 "(quartet-web --max-connections %d)", *engines,
                 cfg->max_connections, cfg->max_connections);
        return refuse(c, engines, 429, text, now);
    }
    forward(c, cfg, engines, rq.kind == REQ_UPGRADE, end, now);
}

static int step_header(struct conn *c, const struct gate_config *cfg,
                       int *engines, short crev, int64_t now)
{
    char text[96];
    if (crev & POLLIN) {
        ssize_t n = recv(c->cfd, c->hdr + c->hdr_len, GATE_HEADER_MAX - c->hdr_len, 0);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR))
            return 1;
        if (n > 0)
            c->hdr_len += (size_t)n;
    }
    size_t end = header_end(c->hdr, c->hdr_len);
    if (end)
        judge(c, cfg, engines, end, now);
    else if (c->hdr_len == GATE_HEADER_MAX) {
        snprintf(text, sizeof text, "the request's header is longer than %d bytes",
                 GATE_HEADER_MAX);
        refuse(c, engines, 431, text, now);
    } else if (now - c->since >= cfg->header_timeout * 1000LL) {
        snprintf(text, sizeof text, "no complete request header in %d s",
                 cfg->header_timeout);
        refuse(c, engines, 408, text, now);
    }
    return 0;
}

static int step_connect(struct conn *c, int *engines, short brev, int64_t now)
{
    int err = 0;
    socklen_t len = sizeof err;
    if (!(brev & (POLLOUT | POLLERR | POLLHUP))) {
        if (now - c->since >= CONNECT_MS)
            refuse(c, engines, 502, "the page server (websocketd) does not answer", now);
        return 0;
    }
    if (getsockopt(c->bfd, SOL_SOCKET, SO_ERROR, &err, &len) != 0 || err)
        refuse(c, engines, 502, "the page server (websocketd) does not answer", now);
    else
        c->state = C_RELAY;
    return 0;
}

/* websocketd's answer to an upgrade: 101 starts the frames; anything
 * else (its own 403 or 429) goes to the client and ends the connection,
 * so the client cannot send another request on it. */
static int upgrade_answered(struct conn *c, int *engines, int64_t now)
{
    size_t h = header_end(c->to_c.p, c->to_c.len);
    if (!h)
        return c->to_c.len == GATE_BUF_SIZE ? -1 : 0;
    if (c->to_c.len >= 12 && !memcmp(c->to_c.p, "HTTP/1.1 101", 12)) {
        c->answered = 1;
        c->active = now;
        ws_track(&c->track, c->to_c.p + h, c->to_c.len - h, 0);
        memcpy(c->to_b.p + c->to_b.len, c->hdr + c->extra_off, c->extra_len);
        c->to_b.len += c->extra_len;
        return 0;
    }
    c->answered = 2;
    c->c_eof = 1;
    if (c->counted)
        (*engines)--;
    c->counted = 0;
    return 0;
}

/* New bytes from websocketd at to_c[old, len). */
static int from_backend(struct conn *c, int *engines, size_t old, int64_t now)
{
    if (!c->upgrade)
        return 0;
    if (!c->answered)
        return upgrade_answered(c, engines, now);
    if (c->answered == 1) {
        size_t k = ws_track(&c->track, c->to_c.p + old, c->to_c.len - old, c->idle == 1);
        c->to_c.len = old + k;   /* waiting to close: nothing past the boundary */
    }
    return 0;
}

/* No message from the browser for --idle-timeout: at the next frame
 * boundary, close code 4000 to the browser; the engine's connection ends. */
static void idle_close(struct conn *c, const struct gate_config *cfg,
                       int *engines, int64_t now)
{
    char reason[64];
    if (c->upgrade && c->answered == 1 && !c->idle && cfg->idle_timeout &&
        now - c->active >= cfg->idle_timeout * 1000LL) {
        c->idle = 1;
        c->since = now;
    }
    if (c->idle != 1 || !ws_at_boundary(&c->track) || GATE_BUF_SIZE - c->to_c.len < 130)
        return;
    snprintf(reason, sizeof reason, "idle: no command for %d s", cfg->idle_timeout);
    c->to_c.len += ws_close_frame(c->to_c.p + c->to_c.len, 4000, reason);
    c->idle = 2;
    backend_gone(c, engines);
}

/* Client bytes go on to websocketd (a page request's are dropped). */
static int client_in(struct conn *c, int64_t now)
{
    unsigned char scratch[4096];
    ssize_t n;
    if (c->upgrade && c->answered == 1 && !c->idle) {
        n = fill(c->cfd, &c->to_b);
        if (n > 0)
            c->active = now;
    } else {
        n = recv(c->cfd, scratch, sizeof scratch, 0);
        if (n < 0)
            n = errno == EAGAIN || errno == EINTR ? -1 : -2;
    }
    if (n == 0)
        c->c_eof = 1;
    return n == -2;
}

static int step_relay(struct conn *c, const struct gate_config *cfg,
                      int *engines, short crev, short brev, int64_t now)
{
    if (brev & POLLERR)
        return 1;
    if ((crev & POLLIN) && client_in(c, now))
        return 1;
    if (c->bfd >= 0 && (brev & POLLOUT) && flush(c->bfd, &c->to_b))
        return 1;
    if (c->c_eof && c->bfd >= 0 && !c->to_b.len && !c->shut_b) {
        shutdown(c->bfd, SHUT_WR);
        c->shut_b = 1;
    }
    if (c->bfd >= 0 && (brev & (POLLIN | POLLHUP))) {
        size_t old = c->to_c.len;
        ssize_t n = fill(c->bfd, &c->to_c);
        if (n == 0 || n == -2) {
            backend_gone(c, engines);
            if (c->upgrade && !c->answered)
                c->answered = 2;
        } else if (n > 0 && from_backend(c, engines, old, now)) {
            return 1;
        }
    }
    idle_close(c, cfg, engines, now);
    if ((crev & POLLOUT) && flush(c->cfd, &c->to_c))
        return 1;
    if (c->bfd < 0 && !c->to_c.len) {
        c->state = C_DRAIN;
        c->since = now;
    }
    return c->idle == 1 && now - c->since >= BOUNDARY_MS;
}

/* Our answer goes out, then our side is shut; the client's close is
 * awaited (closing with its bytes unread would reset the connection and
 * could lose the answer). */
static int step_drain(struct conn *c, short crev, int64_t now)
{
    unsigned char scratch[4096];
    if ((crev & POLLOUT) && flush(c->cfd, &c->to_c))
        return 1;
    if (!c->to_c.len && !c->shut_c) {
        shutdown(c->cfd, SHUT_WR);
        c->shut_c = 1;
        c->since = now;
    }
    if ((crev & POLLIN) && !c->to_c.len) {
        ssize_t n = recv(c->cfd, scratch, sizeof scratch, 0);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR))
            return 1;
    }
    return now - c->since >= DRAIN_MS;
}

/* One step after poll: 1 when the connection is over. */
int conn_step(struct conn *c, const struct gate_config *cfg, int *engines,
              short crev, short brev, int64_t now)
{
    if (crev & (POLLERR | POLLHUP))
        return 1;
    switch (c->state) {
    case C_HEADER: return step_header(c, cfg, engines, crev, now);
    case C_CONNECT: return step_connect(c, engines, brev, now);
    case C_RELAY: return step_relay(c, cfg, engines, crev, brev, now);
    case C_DRAIN: return step_drain(c, crev, now);
    }
    return 1;
}

/* What to poll for: which 0 is the client's socket, 1 websocketd's. */
short conn_events(const struct conn *c, int which)
{
    int relay = c->state == C_RELAY, to_client = !c->upgrade || c->answered;
    if (which == 1)
        return c->bfd < 0 ? 0
             : c->state == C_CONNECT ? POLLOUT
             : !relay ? 0
             : (short)((c->to_c.len < GATE_BUF_SIZE ? POLLIN : 0) | (c->to_b.len ? POLLOUT : 0));
    switch (c->state) {
    case C_HEADER: return POLLIN;
    case C_CONNECT: return 0;
    case C_RELAY:
        return (short)((!c->c_eof && c->to_b.len < GATE_BUF_SIZE &&
                        (!c->upgrade || c->answered == 1) ? POLLIN : 0) |
                       (c->to_c.len && to_client ? POLLOUT : 0));
    case C_DRAIN: return c->to_c.len ? POLLOUT : POLLIN;
    }
    return 0;
}

/* When the connection needs a step without any event (its next timer). */
int64_t conn_deadline(const struct conn *c, const struct gate_config *cfg)
{
    switch (c->state) {
    case C_HEADER: return c->since + cfg->header_timeout * 1000LL;
    case C_CONNECT: return c->since + CONNECT_MS;
    case C_DRAIN: return c->since + DRAIN_MS;
    case C_RELAY:
        if (c->idle == 1)
            return c->since + BOUNDARY_MS;
        if (c->upgrade && c->answered == 1 && !c->idle && cfg->idle_timeout)
            return c->active + cfg->idle_timeout * 1000LL;
        return INT64_MAX;
    }
    return INT64_MAX;
}
