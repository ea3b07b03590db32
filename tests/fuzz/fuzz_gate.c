/* libFuzzer target: quartet-gate's readers of what a client sends. The
 * input is a request's bytes (and, the same bytes, a stream of WebSocket
 * frames). Checks: the verdict is one the gate can give (a refusal with
 * 400, 403 or 405 and a printable message); a page or upgrade verdict
 * only for a block with one Host that host_check accepts; the page
 * request's Connection: close copy ends its lines with CRLF, says
 * Connection: close once, keeps no Connection/Upgrade/Keep-Alive line
 * and fits its buffer; a verdict other than a refusal only for a path
 * target; the upgrade's copy keeps no client copy of the gate's header
 * and ends with the gate's own, once; the frame tracker reaches the same
 * state whether
 * the bytes come at once or split anywhere, and a stop at a boundary
 * never takes a byte past one. */
#include "tests/fuzz/fuzz.h"
#include "tools/quartet-gate/gate.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *allow[] = { "play.example", "proxy.example:443" };
static const struct gate_config cfg = {
    .address = "127.0.0.1", .port = 8088, .allow = allow, .nallow = 2,
};

/* A plain count of header lines named `name` (case-insensitive). */
static int count_header(const char *b, size_t n, const char *name, const char **value)
{
    size_t len = strlen(name);
    int count = 0;
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && b[i - 1] != '\n')
            continue;
        if (i + len < n && !strncasecmp(b + i, name, len) && b[i + len] == ':') {
            count++;
            *value = b + i + len + 1;
        }
    }
    return count;
}

/* Returns the verdict's kind. */
static enum request_kind check_verdict(const char *b, size_t n)
{
    struct request rq;
    const char *host = NULL;
    request_judge(&cfg, b, n, &rq);
    if (rq.kind == REQ_REFUSE) {
        FUZZ_CHECK(rq.status == 400 || rq.status == 403 || rq.status == 405,
                   "refused with %d", rq.status);
        for (const char *m = rq.message; *m; m++)
            FUZZ_CHECK(isprint((unsigned char)*m), "unprintable message byte %02x", (unsigned char)*m);
        return rq.kind;
    }
    FUZZ_CHECK(rq.kind == REQ_PAGE || rq.kind == REQ_STATUS || rq.kind == REQ_UPGRADE,
               "kind %d", rq.kind);
    FUZZ_CHECK(count_header(b, n, "host", &host) == 1, "let through without one Host");
    /* The Host value, trimmed as the gate trims it, is accepted. */
    while (*host == ' ' || *host == '\t')
        host++;
    const char *e = memchr(host, '\n', (size_t)(b + n - host));
    if (e > host && e[-1] == '\r')
        e--;
    while (e > host && (e[-1] == ' ' || e[-1] == '\t'))
        e--;
    FUZZ_CHECK(host_check(&cfg, host, (size_t)(e - host), 80) == HOST_OK, "Host not accepted");
    FUZZ_CHECK(!memcmp(b, "GET /", 5) || !memcmp(b, "HEAD /", 6),
               "a method other than GET or HEAD, or a target not a path");
    return rq.kind;
}

static void check_close_copy(const char *b, size_t n)
{
    char out[GATE_HEADER_MAX + 64];
    const char *v;
    size_t m = request_close_copy(b, n, out, sizeof out);
    if (!m)
        return;
    FUZZ_CHECK(m <= sizeof out, "copy of %zu bytes", m);
    FUZZ_CHECK(m >= 4 && !memcmp(out + m - 4, "\r\n\r\n", 4), "copy does not end its block");
    for (size_t i = 0; i < m; i++)
        FUZZ_CHECK(out[i] != '\n' || (i > 0 && out[i - 1] == '\r'), "bare LF at %zu", i);
    FUZZ_CHECK(count_header(out, m, "connection", &v) == 1 && !strncmp(v, " close\r\n", 8),
               "Connection lines in the copy");
    FUZZ_CHECK(count_header(out, m, "upgrade", &v) == 0 && count_header(out, m, "keep-alive", &v) == 0,
               "Upgrade or Keep-Alive kept");
}

/* Header lines in out[0, m) that websocketd would pass on as the gate's. */
static int count_gate_headers(const char *out, size_t m, const char **value)
{
    int count = 0;
    for (size_t i = 0; i < m; i++) {
        if (i > 0 && out[i - 1] != '\n')
            continue;
        const char *colon = memchr(out + i, ':', m - i), *nl = memchr(out + i, '\n', m - i);
        if (colon && (!nl || colon < nl) && gate_header_is_secret(out + i, (size_t)(colon - out - i))) {
            count++;
            *value = colon + 1;
        }
    }
    return count;
}

static void check_upgrade_copy(const char *b, size_t n)
{
    static const char secret[] = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    char out[2 * GATE_HEADER_MAX + 128];   /* bare LF lines get a CR each */
    const char *v = NULL;
    size_t m = request_upgrade_copy(b, n, secret, out, sizeof out);
    FUZZ_CHECK(m > 0, "an upgrade of %zu bytes not copied", n);
    FUZZ_CHECK(m >= 4 && !memcmp(out + m - 4, "\r\n\r\n", 4), "upgrade copy does not end its block");
    FUZZ_CHECK(count_gate_headers(out, m, &v) == 1 && !strncmp(v, " ", 1) &&
               !strncmp(v + 1, secret, sizeof secret - 1) &&
               v + 1 + (sizeof secret - 1) + 4 == out + m, "the gate's header not once, last");
}

static void check_frames(const uint8_t *data, size_t size)
{
    struct ws_track whole = { 0 }, split = { 0 };
    size_t k = size ? data[0] % (size + 1) : 0;
    FUZZ_CHECK(ws_track(&whole, data, size, 0) == size, "took fewer bytes than given");
    ws_track(&split, data, k, 0);
    ws_track(&split, data + k, size - k, 0);
    FUZZ_CHECK(whole.have == split.have && whole.left == split.left &&
               !memcmp(whole.head, split.head, (size_t)whole.have), "split at %zu differs", k);

    /* Stopping at boundaries walks the same stream frame by frame. */
    struct ws_track t = { 0 };
    size_t at = 0;
    while (at < size) {
        size_t took = ws_track(&t, data + at, size - at, 1);
        if (took == 0) {   /* at a boundary: the next frame's first byte */
            FUZZ_CHECK(ws_at_boundary(&t), "stopped off a boundary");
            took = ws_track(&t, data + at, 1, 0);
        }
        at += took;
    }
    FUZZ_CHECK(t.have == whole.have && t.left == whole.left, "frame walk ends elsewhere");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > GATE_HEADER_MAX)
        return 0;
    size_t end = header_end(data, size);
    FUZZ_CHECK(end <= size, "header end %zu past %zu", end, size);
    /* As the gate reads: the block up to its blank line, if it has one. */
    enum request_kind kind = end ? check_verdict((const char *)data, end) : REQ_REFUSE;
    if (kind == REQ_PAGE)
        check_close_copy((const char *)data, end);
    if (kind == REQ_UPGRADE)
        check_upgrade_copy((const char *)data, end);
    check_frames(data, size);
    return 0;
}
