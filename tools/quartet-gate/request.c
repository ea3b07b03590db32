/* quartet-gate: reads a request's header block and gives its verdict —
 * refused (with the status and why), the status JSON, a page file, or a
 * WebSocket upgrade — and copies a page request with Connection: close. */
#include "gate.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Index just past the blank line that ends a header block, 0 if none yet. */
size_t header_end(const unsigned char *p, size_t len)
{
    for (size_t i = 0; i + 1 < len; i++) {
        if (p[i] != '\n')
            continue;
        if (p[i + 1] == '\n')
            return i + 2;
        if (p[i + 1] == '\r' && i + 2 < len && p[i + 2] == '\n')
            return i + 3;
    }
    return 0;
}

/* One line of the block: [s, e) without its line end; returns the next. */
static const char *next_line(const char *s, const char *end, const char **e)
{
    const char *nl = memchr(s, '\n', (size_t)(end - s));
    if (!nl)
        nl = end;
    *e = (nl > s && nl[-1] == '\r') ? nl - 1 : nl;
    return nl < end ? nl + 1 : end;
}

static int is_token(const char *s, const char *e)
{
    if (s == e)
        return 0;
    for (; s < e; s++)
        if (!isalnum((unsigned char)*s) && !strchr("!#$%&'*+-.^_`|~", *s))
            return 0;
    return 1;
}

static int name_is(const char *s, const char *e, const char *name)
{
    return (size_t)(e - s) == strlen(name) && !strncasecmp(s, name, (size_t)(e - s));
}

/* A header's value without the spaces around it. */
static void trim(const char **s, const char **e)
{
    while (*s < *e && (**s == ' ' || **s == '\t'))
        (*s)++;
    while (*e > *s && ((*e)[-1] == ' ' || (*e)[-1] == '\t'))
        (*e)--;
}

static int contains_word(const char *s, const char *e, const char *word)
{
    size_t n = strlen(word);
    for (; s + n <= e; s++)
        if (!strncasecmp(s, word, n))
            return 1;
    return 0;
}

/* What the gate learns from the header lines. */
struct fields {
    const char *host, *host_end, *origin, *origin_end;
    int hosts, origins, websocket, body, bad;
};

static void read_fields(const char *s, const char *end, struct fields *f)
{
    const char *e;
    memset(f, 0, sizeof *f);
    while (s < end) {
        const char *line = s, *colon, *v;
        s = next_line(s, end, &e);
        if (line == e)
            break;                       /* the blank line */
        colon = memchr(line, ':', (size_t)(e - line));
        if (!colon || !is_token(line, colon)) {
            f->bad = 1;                  /* also folded lines (leading space) */
            return;
        }
        v = colon + 1;
        trim(&v, &e);
        if (name_is(line, colon, "host"))
            f->host = v, f->host_end = e, f->hosts++;
        else if (name_is(line, colon, "origin"))
            f->origin = v, f->origin_end = e, f->origins++;
        else if (name_is(line, colon, "upgrade"))
            f->websocket |= contains_word(v, e, "websocket");
        else if (name_is(line, colon, "transfer-encoding") ||
                 (name_is(line, colon, "content-length") && !(e - v == 1 && *v == '0')))
            f->body = 1;
    }
}

static void refuse(struct request *rq, int status, const char *what,
                   const char *s, const char *e)
{
    char shown[81];
    size_t n = 0;
    for (; s && s < e && n < sizeof shown - 1; s++)
        shown[n++] = isprint((unsigned char)*s) ? *s : '?';
    shown[n] = '\0';
    rq->kind = REQ_REFUSE;
    rq->status = status;
    snprintf(rq->message, sizeof rq->message, what, shown);
}

/* The request target: a path ('/...', origin-form), or '*' for OPTIONS
 * (refused later as a method). Browsers send nothing else to a server;
 * an absolute URL (GET http://evil.example/) or an authority
 * (CONNECT's host:port) would be a proxy's request. Bytes outside
 * printable ASCII make the line malformed (-1); another form is -2. */
static int request_target(const char *t, const char *e, int options)
{
    for (const char *p = t; p < e; p++)
        if (*p <= ' ' || *p > '~')
            return -1;
    if (*t == '/' || (options && e - t == 1 && *t == '*'))
        return 0;
    return -2;
}

/* The request line: METHOD SP TARGET SP HTTP/1.x; 0 when well formed
 * and GET or HEAD, 1 for another method, -1 when malformed, -2 for a
 * target that is not a path. */
static int request_line(const char *s, const char *e, struct request *rq,
                        const char **path, const char **path_end)
{
    const char *sp1 = memchr(s, ' ', (size_t)(e - s)), *sp2;
    if (!sp1 || !is_token(s, sp1))
        return -1;
    sp2 = memchr(sp1 + 1, ' ', (size_t)(e - sp1 - 1));
    if (!sp2 || sp2 == sp1 + 1 || e - sp2 != 9 || strncmp(sp2 + 1, "HTTP/1.", 7))
        return -1;
    *path = sp1 + 1;
    *path_end = memchr(*path, '?', (size_t)(sp2 - *path));
    if (!*path_end)
        *path_end = sp2;
    int target = request_target(*path, sp2, sp1 - s == 7 && !memcmp(s, "OPTIONS", 7));
    if (target)
        return target;
    /* Methods are case-sensitive. */
    int get = sp1 - s == 3 && !memcmp(s, "GET", 3);
    rq->head_only = sp1 - s == 4 && !memcmp(s, "HEAD", 4);
    return get || rq->head_only ? 0 : 1;
}

static int is_status_path(const char *p, const char *e)
{
    static const char file[] = "/quartet-status.json";
    size_t n = sizeof file - 1;
    return (size_t)(e - p) >= n && !memcmp(e - n, file, n);
}

void request_judge(const struct gate_config *cfg, const char *hdr,
                   size_t len, struct request *rq)
{
    const char *end = hdr + len, *e, *path, *path_end;
    struct fields f;
    int method;
    memset(rq, 0, sizeof *rq);
    const char *rest = next_line(hdr, end, &e);
    method = request_line(hdr, e, rq, &path, &path_end);
    read_fields(rest, end, &f);
    if (method == -1 || f.bad)
        return refuse(rq, 400, "malformed request%s", NULL, NULL);
    if (method == -2)
        return refuse(rq, 400, "the request target must be a path ('/...'), not '%s'",
                      path, memchr(path, ' ', (size_t)(e - path)));
    if (f.hosts != 1)
        return refuse(rq, 400, "a request needs exactly one Host header%s", NULL, NULL);
    enum host_verdict h = host_check(cfg, f.host, (size_t)(f.host_end - f.host), 80);
    if (h == HOST_BAD)
        return refuse(rq, 400, "malformed Host '%s'", f.host, f.host_end);
    if (h == HOST_REFUSED)
        return refuse(rq, 403, "Host '%s' is not served here "
                      "(quartet-web --allow-host names it)", f.host, f.host_end);
    if (method > 0)
        return refuse(rq, 405, "only GET and HEAD are served%s", NULL, NULL);
    if (f.body)
        return refuse(rq, 400, "a request body is not accepted%s", NULL, NULL);
    if (f.websocket) {
        if (f.origins > 1)
            return refuse(rq, 400, "more than one Origin header%s", NULL, NULL);
        if (f.origins && origin_check(cfg, f.origin, (size_t)(f.origin_end - f.origin)) != HOST_OK)
            return refuse(rq, 403, "a page from '%s' cannot open an engine here",
                          f.origin, f.origin_end);
        rq->kind = REQ_UPGRADE;
    } else {
        rq->kind = is_status_path(path, path_end) ? REQ_STATUS : REQ_PAGE;
    }
}

static int hop_by_hop(const char *s, const char *colon)
{
    static const char *const names[] = {
        "connection", "keep-alive", "proxy-connection", "upgrade", "te",
        "http2-settings",
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (name_is(s, colon, names[i]))
            return 1;
    return 0;
}

/* The block's lines again with CRLF ends, without the blank line, each
 * client copy of the gate's own header (and, with hop, the connection
 * headers) left out; bytes written, or 0 when they won't fit. */
static size_t copy_lines(const char *hdr, size_t len, int hop, char *out, size_t cap)
{
    const char *end = hdr + len, *s = hdr, *e;
    size_t n = 0;
    while (s < end) {
        const char *line = s;
        s = next_line(s, end, &e);
        if (line == e)
            break;
        const char *colon = memchr(line, ':', (size_t)(e - line));
        if (line != hdr && colon &&
            ((hop && hop_by_hop(line, colon)) || gate_header_is_secret(line, (size_t)(colon - line))))
            continue;
        if (n + (size_t)(e - line) + 2 > cap)
            return 0;
        memcpy(out + n, line, (size_t)(e - line));
        n += (size_t)(e - line);
        memcpy(out + n, "\r\n", 2);
        n += 2;
    }
    return n;
}

/* Appends the last lines (ending with the blank one) after n bytes. */
static size_t finish(char *out, size_t n, size_t cap, const char *last)
{
    size_t k = strlen(last);
    if (n == 0 || n + k > cap)
        return 0;
    memcpy(out + n, last, k);
    return n + k;
}

/* The block again, CRLF line ends, its connection headers replaced by
 * Connection: close — one request per connection, so a second request on
 * a kept-alive connection cannot carry another Host. 0 if it won't fit. */
size_t request_close_copy(const char *hdr, size_t len, char *out, size_t cap)
{
    return finish(out, copy_lines(hdr, len, 1, out, cap), cap, "Connection: close\r\n\r\n");
}

/* An upgrade's block for websocketd: as it came, but with the gate's
 * header, holding the secret, in place of any the client sent, so the
 * engine check (check.c) knows the gate let it through. 0 if it won't fit. */
size_t request_upgrade_copy(const char *hdr, size_t len, const char *secret,
                            char *out, size_t cap)
{
    char last[GATE_SECRET_LEN + sizeof GATE_SECRET_HEADER + 8];
    snprintf(last, sizeof last, GATE_SECRET_HEADER ": %s\r\n\r\n", secret);
    return finish(out, copy_lines(hdr, len, 0, out, cap), cap, last);
}
