/* quartet-gate: the types its parts share (settings, a parsed request's
 * verdict, a WebSocket frame tracker, one client connection). */
#ifndef QUARTET_GATE_H
#define QUARTET_GATE_H

#include <stddef.h>
#include <stdint.h>

#define GATE_HEADER_MAX 8192      /* a request's header block, bytes */
#define GATE_BUF_SIZE 65536       /* each direction's relay buffer */
#define GATE_MAX_CLIENTS 256      /* connections the gate holds at once */

/* The proof that an upgrade came through the gate (check.c). */
#define GATE_SECRET_LEN 64                        /* hex digits of 32 random bytes */
#define GATE_SECRET_ENV "QUARTET_GATE_SECRET"     /* the gate's, websocketd's, the check's */
#define GATE_SECRET_HEADER "X-Quartet-Gate"       /* added to each forwarded upgrade */
#define GATE_SECRET_HEADER_ENV "HTTP_X_QUARTET_GATE"  /* as websocketd passes it on */

/* What the gate serves and how; filled by main from the options. */
struct gate_config {
    const char *address;          /* listening address as given */
    int port;                     /* listening port */
    int backend_port;             /* websocketd's loopback port */
    const char **allow;           /* --allow-host values */
    int nallow;
    int wildcard;                 /* listening on 0.0.0.0 or :: */
    int max_connections;          /* WebSockets at once */
    int idle_timeout;             /* seconds, 0 = off */
    int max_command_time;         /* seconds, only reported */
    int header_timeout;           /* seconds for a header block */
    const char *secret;           /* GATE_SECRET_LEN hex digits */
};

/* check.c: the secret, and the check that runs before each engine. */
int gate_secret_make(char out[GATE_SECRET_LEN + 1]);
int gate_secret_equal(const char *given, const char *secret);
int gate_header_is_secret(const char *name, size_t len);
int engine_check(int argc, char **argv);

/* host.c: is a Host (or Origin) one of the names served here? */
enum host_verdict { HOST_BAD = -1, HOST_REFUSED = 0, HOST_OK = 1 };
enum host_verdict host_check(const struct gate_config *cfg, const char *s,
                             size_t len, int default_port);
enum host_verdict origin_check(const struct gate_config *cfg, const char *s,
                               size_t len);
int allow_host_valid(const char *s);

/* request.c: what to do with a complete header block. */
enum request_kind { REQ_REFUSE, REQ_STATUS, REQ_PAGE, REQ_UPGRADE };
struct request {
    enum request_kind kind;
    int status;                   /* HTTP status when refused */
    char message[200];            /* the refusal's text */
    int head_only;                /* HEAD: no body in the answer */
};
void request_judge(const struct gate_config *cfg, const char *hdr,
                   size_t len, struct request *rq);
size_t request_close_copy(const char *hdr, size_t len, char *out,
                          size_t cap);
size_t request_upgrade_copy(const char *hdr, size_t len, const char *secret,
                            char *out, size_t cap);
size_t header_end(const unsigned char *p, size_t len);

/* ws.c: where the server's WebSocket frames begin and end. */
struct ws_track {
    unsigned char head[14];
    int have;                     /* header bytes seen of the current frame */
    uint64_t left;                /* payload bytes still to come */
};
size_t ws_track(struct ws_track *t, const unsigned char *p, size_t n,
                int stop_at_boundary);
int ws_at_boundary(const struct ws_track *t);
size_t ws_close_frame(unsigned char *out, int code, const char *reason);

/* A byte queue of fixed capacity. */
struct buf {
    unsigned char *p;
    size_t len;
};

/* One client connection and, once forwarded, its websocketd connection. */
enum conn_state {
    C_HEADER,                     /* reading the request's header block */
    C_CONNECT,                    /* connecting to websocketd */
    C_RELAY,                      /* bytes both ways */
    C_DRAIN,                      /* answer flushed; waiting for the client's end */
};
struct conn {
    int cfd, bfd;
    enum conn_state state;
    int64_t since;                /* ms: accepted, or the phase's start */
    int64_t active;               /* ms: last bytes from the client */
    int upgrade;                  /* a WebSocket: counts as an engine */
    int counted;
    int answered;                 /* websocketd's response header is through */
    int c_eof, b_eof;             /* no more reads from client / backend */
    int idle;                     /* 1: waiting for a frame boundary, 2: close sent */
    int shut_c, shut_b;           /* our write side to each is shut */
    size_t extra_off, extra_len;  /* client bytes after an upgrade's header */
    size_t hdr_len;
    unsigned char hdr[GATE_HEADER_MAX];
    struct buf to_b, to_c;
    struct ws_track track;
};

/* relay.c: one connection's steps; the loop in main drives them. */
struct conn *conn_new(int cfd, int64_t now);
void conn_free(struct conn *c, int *engines);
short conn_events(const struct conn *c, int which);
int conn_step(struct conn *c, const struct gate_config *cfg, int *engines,
              short crev, short brev, int64_t now);
int64_t conn_deadline(const struct conn *c, const struct gate_config *cfg);
void gate_nodelay(int fd);

#endif
