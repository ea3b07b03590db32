/* quartet-gate's parts without sockets: the WebSocket frame tracker
 * against the offsets a stream of frames was built with (fed whole, in
 * chunks of every size, and stopped at the next boundary from every
 * byte), the close frame's bytes, Host and Origin verdicts, a request's
 * verdict (request targets other than a path refused), the Connection:
 * close copy of a page request and the upgrade's copy with the gate's
 * secret header, the secret's making and comparison, and the engine check
 * run in a child (the engine started only with the right secret). */
#include "tests/check.h"
#include "tools/quartet-gate/gate.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Appends one frame with a payload of n bytes (masked if asked) to
 * out; returns its length. */
static size_t put_frame(unsigned char *out, size_t n, int masked)
{
    size_t h = 0;
    out[h++] = 0x82;
    unsigned char m = masked ? 0x80 : 0;
    if (n < 126) {
        out[h++] = (unsigned char)(m | n);
    } else if (n < 65536) {
        out[h++] = m | 126;
        out[h++] = (unsigned char)(n >> 8);
        out[h++] = (unsigned char)n;
    } else {
        out[h++] = m | 127;
        for (int i = 7; i >= 0; i--)
            out[h++] = (unsigned char)((uint64_t)n >> (8 * i));
    }
    if (masked)
        for (int i = 0; i < 4; i++)
            out[h++] = (unsigned char)(0x5a + i);
    memset(out + h, 0x81, n);   /* payload bytes that look like headers */
    return h + n;
}

static const size_t sizes[] = { 0, 1, 2, 125, 126, 127, 200, 300, 3, 0 };
#define NSIZES (sizeof sizes / sizeof *sizes)

/* The stream and where each frame ends. */
static size_t build(unsigned char *s, size_t *ends)
{
    size_t len = 0;
    for (size_t i = 0; i < NSIZES; i++) {
        len += put_frame(s + len, sizes[i], (int)(i & 1));
        ends[i] = len;
    }
    return len;
}

static int is_end(const size_t *ends, size_t off)
{
    if (off == 0)
        return 1;
    for (size_t i = 0; i < NSIZES; i++)
        if (ends[i] == off)
            return 1;
    return 0;
}

static void test_chunks(const unsigned char *s, size_t len, const size_t *ends)
{
    for (size_t chunk = 1; chunk <= 17; chunk++) {
        struct ws_track t = { 0 };
        int wrong = 0;
        for (size_t off = 0; off < len; off += chunk) {
            size_t n = off + chunk > len ? len - off : chunk;
            if (ws_track(&t, s + off, n, 0) != n)
                wrong++;
            if (ws_at_boundary(&t) != is_end(ends, off + n))
                wrong++;
        }
        CHECK(wrong == 0, "chunks of %zu: %d boundaries wrong", chunk, wrong);
    }
}

/* From every byte, a stop at the next boundary lands on the next end. */
static void test_stops(const unsigned char *s, size_t len, const size_t *ends)
{
    int wrong = 0;
    for (size_t k = 0; k <= len; k++) {
        struct ws_track t = { 0 };
        ws_track(&t, s, k, 0);
        size_t next = k;
        while (!is_end(ends, next))
            next++;
        size_t got = ws_track(&t, s + k, len - k, 1);
        if (got != next - k || !ws_at_boundary(&t))
            wrong++;
    }
    CHECK(wrong == 0, "%d of %zu stops not at the next frame's end", wrong, len + 1);
}

static void test_frames(void)
{
    unsigned char *s = malloc(8192);
    size_t ends[NSIZES];
    size_t len = build(s, ends);
    test_chunks(s, len, ends);
    test_stops(s, len, ends);

    /* A 64-bit length (70000 bytes) and a 16-bit one of 65535. */
    unsigned char *big = malloc(140000);
    size_t a = put_frame(big, 70000, 0), b = put_frame(big + a, 65535, 1);
    struct ws_track t = { 0 };
    CHECK(ws_track(&t, big, a - 1, 0) == a - 1 && !ws_at_boundary(&t), "70000 bytes: boundary too early");
    CHECK(ws_track(&t, big + a - 1, 1 + b, 1) == 1, "70000 bytes: not stopped at its end");
    CHECK(ws_track(&t, big + a, b, 1) == 0, "already at a boundary: took bytes");
    CHECK(ws_track(&t, big + a, b, 0) == b && ws_at_boundary(&t), "65535 bytes: not at its end");
    free(big);
    free(s);
}

static void test_close_frame(void)
{
    unsigned char f[130];
    size_t n = ws_close_frame(f, 4000, "idle: no command for 600 s");
    CHECK(n == 4 + 26 && f[0] == 0x88 && f[1] == 28 && f[2] == 0x0f && f[3] == 0xa0 &&
          !memcmp(f + 4, "idle: no command for 600 s", 26), "close frame bytes");
    struct ws_track t = { 0 };
    CHECK(ws_track(&t, f, n - 1, 0) == n - 1 && !ws_at_boundary(&t), "close frame ends early");
    CHECK(ws_track(&t, f + n - 1, 1, 0) == 1 && ws_at_boundary(&t), "close frame does not end");
    char longer[300];
    memset(longer, 'x', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    CHECK(ws_close_frame(f, 4000, longer) == 127 && f[1] == 125, "a long reason is cut to 123 bytes");
}

static void test_hosts(void)
{
    const char *allow[] = { "play.example", "proxy.example:443" };
    struct gate_config cfg = { .address = "127.0.0.1", .port = 8088, .allow = allow, .nallow = 2 };
    static const struct { const char *host; int verdict; } cases[] = {
        { "127.0.0.1:8088", HOST_OK }, { "localhost:8088", HOST_OK }, { "LocalHost:8088", HOST_OK },
        { "localhost.:8088", HOST_OK }, { "[::1]:8088", HOST_OK }, { "[0:0::1]:8088", HOST_OK },
        { "play.example", HOST_OK }, { "PLAY.example.:1", HOST_OK }, { "proxy.example:443", HOST_OK },
        { "proxy.example", HOST_REFUSED }, { "proxy.example:8088", HOST_REFUSED },
        { "evil.example:8088", HOST_REFUSED }, { "localhost:8089", HOST_REFUSED },
        { "localhost", HOST_REFUSED }, { "127.0.0.2:8088", HOST_REFUSED }, { "[::2]:8088", HOST_REFUSED },
        { "localhost..:8088", HOST_REFUSED }, { "play.example.evil:8088", HOST_REFUSED },
        { "", HOST_BAD }, { "localhost:", HOST_BAD }, { "localhost:0", HOST_BAD },
        { "localhost:65536", HOST_BAD }, { "localhost:80a", HOST_BAD }, { "local host:8088", HOST_BAD },
        { "[::1:8088", HOST_BAD }, { "[zz]:8088", HOST_BAD }, { "[::1]x", HOST_BAD },
        { "a:1:2", HOST_BAD }, { "user@localhost:8088", HOST_BAD },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int v = host_check(&cfg, cases[i].host, strlen(cases[i].host), 80);
        CHECK(v == cases[i].verdict, "Host '%s': %d, not %d", cases[i].host, v, cases[i].verdict);
    }
    static const struct { const char *origin; int verdict; } origins[] = {
        { "http://127.0.0.1:8088", HOST_OK }, { "HTTP://localhost:8088", HOST_OK },
        { "https://play.example", HOST_OK }, { "https://proxy.example", HOST_OK },
        { "http://proxy.example", HOST_REFUSED }, { "http://evil.example", HOST_REFUSED },
        { "null", HOST_REFUSED }, { "http://", HOST_REFUSED }, { "ftp://localhost:8088", HOST_REFUSED },
        { "http://localhost:8088/", HOST_REFUSED },
    };
    for (size_t i = 0; i < sizeof origins / sizeof *origins; i++) {
        int v = origin_check(&cfg, origins[i].origin, strlen(origins[i].origin));
        CHECK(v == origins[i].verdict, "Origin '%s': %d, not %d", origins[i].origin, v, origins[i].verdict);
    }
    CHECK(allow_host_valid("play.example") && allow_host_valid("[::1]:80") &&
          !allow_host_valid("a b") && !allow_host_valid("x:99999"), "--allow-host values");
}

static void test_requests(void)
{
    struct gate_config cfg = { .address = "127.0.0.1", .port = 8088 };
    static const struct { const char *req; int kind, status; } cases[] = {
        { "GET / HTTP/1.1\r\nHost: localhost:8088\r\n\r\n", REQ_PAGE, 0 },
        { "GET /x/quartet-status.json?a=1 HTTP/1.1\nHost: localhost:8088\n\n", REQ_STATUS, 0 },
        { "HEAD / HTTP/1.0\r\nHost: localhost:8088\r\n\r\n", REQ_PAGE, 0 },
        { "GET / HTTP/1.1\r\nHost: localhost:8088\r\nUpgrade: WebSocket\r\n"
          "Origin: http://localhost:8088\r\n\r\n", REQ_UPGRADE, 0 },
        { "GET / HTTP/1.1\r\nHost: localhost:8088\r\nUpgrade: websocket\r\n\r\n", REQ_UPGRADE, 0 },
        { "GET / HTTP/1.1\r\nHost: localhost:8088\r\nUpgrade: websocket\r\n"
          "Origin: http://evil.example\r\n\r\n", REQ_REFUSE, 403 },
        { "GET / HTTP/1.1\r\nHost: localhost:8088\r\nUpgrade: websocket\r\n"
          "Origin: http://localhost:8088\r\nOrigin: http://localhost:8088\r\n\r\n", REQ_REFUSE, 400 },
        { "GET / HTTP/1.1\r\nHost: evil.example:8088\r\n\r\n", REQ_REFUSE, 403 },
        { "GET / HTTP/1.1\r\n\r\n", REQ_REFUSE, 400 },
        { "GET / HTTP/1.1\r\nHost: a\r\nHost: localhost:8088\r\n\r\n", REQ_REFUSE, 400 },
        { "GET / HTTP/1.1\r\nHost: localhost:8088\r\n folded\r\n\r\n", REQ_REFUSE, 400 },
        { "GET / HTTP/1.1\r\nHost: localhost:8088\r\nBad Name: x\r\n\r\n", REQ_REFUSE, 400 },
        { "GET / HTTP/2.0\r\nHost: localhost:8088\r\n\r\n", REQ_REFUSE, 400 },
        { "GET /\r\nHost: localhost:8088\r\n\r\n", REQ_REFUSE, 400 },
        { "get / HTTP/1.1\r\nHost: localhost:8088\r\n\r\n", REQ_REFUSE, 405 },
        { "POST / HTTP/1.1\r\nHost: localhost:8088\r\n\r\n", REQ_REFUSE, 405 },
        { "GET / HTTP/1.1\r\nHost: localhost:8088\r\nContent-Length: 5\r\n\r\n", REQ_REFUSE, 400 },
        { "GET / HTTP/1.1\r\nHost: localhost:8088\r\nContent-Length: 0\r\n\r\n", REQ_PAGE, 0 },
        { "GET / HTTP/1.1\r\nHost: localhost:8088\r\nTransfer-Encoding: chunked\r\n\r\n", REQ_REFUSE, 400 },
        /* Request targets: only a path (origin-form); '*' only as
         * OPTIONS's, which is then refused as a method. */
        { "GET http://evil.example:8088/ HTTP/1.1\r\nHost: localhost:8088\r\n\r\n", REQ_REFUSE, 400 },
        { "GET http://localhost:8088/ HTTP/1.1\r\nHost: localhost:8088\r\n\r\n", REQ_REFUSE, 400 },
        { "GET ws://localhost:8088/ HTTP/1.1\r\nHost: localhost:8088\r\nUpgrade: websocket\r\n\r\n",
          REQ_REFUSE, 400 },
        { "CONNECT localhost:8088 HTTP/1.1\r\nHost: localhost:8088\r\n\r\n", REQ_REFUSE, 400 },
        { "GET localhost:8088 HTTP/1.1\r\nHost: localhost:8088\r\n\r\n", REQ_REFUSE, 400 },
        { "GET * HTTP/1.1\r\nHost: localhost:8088\r\n\r\n", REQ_REFUSE, 400 },
        { "GET ?a=1 HTTP/1.1\r\nHost: localhost:8088\r\n\r\n", REQ_REFUSE, 400 },
        { "OPTIONS * HTTP/1.1\r\nHost: localhost:8088\r\n\r\n", REQ_REFUSE, 405 },
        { "OPTIONS *x HTTP/1.1\r\nHost: localhost:8088\r\n\r\n", REQ_REFUSE, 400 },
        { "GET /a\x01b HTTP/1.1\r\nHost: localhost:8088\r\n\r\n", REQ_REFUSE, 400 },
        { "GET /\xc3\xa9 HTTP/1.1\r\nHost: localhost:8088\r\n\r\n", REQ_REFUSE, 400 },
        { "GET //evil.example/ HTTP/1.1\r\nHost: localhost:8088\r\n\r\n", REQ_PAGE, 0 },
        { "GET /?next=http://x/ HTTP/1.1\r\nHost: localhost:8088\r\n\r\n", REQ_PAGE, 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct request rq;
        size_t len = strlen(cases[i].req);
        CHECK(header_end((const unsigned char *)cases[i].req, len) == len, "request %zu: header end", i);
        request_judge(&cfg, cases[i].req, len, &rq);
        CHECK((int)rq.kind == cases[i].kind && rq.status == cases[i].status,
              "request %zu: kind %d status %d (%s), not %d %d", i, rq.kind, rq.status,
              rq.message, cases[i].kind, cases[i].status);
    }
    CHECK(header_end((const unsigned char *)"GET / HTTP/1.1\r\nHost: x\r\n", 26) == 0, "no blank line yet");
    struct request rq;
    static const char absolute[] = "GET http://evil.example:8088/ HTTP/1.1\r\nHost: localhost:8088\r\n\r\n";
    request_judge(&cfg, absolute, sizeof absolute - 1, &rq);
    CHECK(!strcmp(rq.message, "the request target must be a path ('/...'), not "
                  "'http://evil.example:8088/'"), "absolute-form message: %s", rq.message);

    static const char in[] = "GET / HTTP/1.1\nHost: localhost:8088\nConnection: keep-alive, Upgrade\n"
                             "Upgrade: h2c\nKeep-Alive: 5\nAccept: */*\n\n";
    static const char want[] = "GET / HTTP/1.1\r\nHost: localhost:8088\r\nAccept: */*\r\n"
                               "Connection: close\r\n\r\n";
    char out[256];
    size_t n = request_close_copy(in, sizeof in - 1, out, sizeof out);
    CHECK(n == sizeof want - 1 && !memcmp(out, want, n), "close copy: '%.*s'", (int)n, out);
    CHECK(request_close_copy(in, sizeof in - 1, out, 40) == 0, "close copy into too small a buffer");

    /* A client's copies of the gate's header, in any spelling websocketd
     * would pass on as HTTP_X_QUARTET_GATE, are dropped from both copies;
     * the upgrade's gets the gate's own, once. */
    static const char up[] = "GET / HTTP/1.1\nHost: localhost:8088\nX-Quartet-Gate: forged\n"
                             "Upgrade: websocket\nx_quartet_GATE: forged\nConnection: Upgrade\n"
                             "X-Quartet-Gates: kept\nX-Quartet-Gate : bad\n\n";
    static const char up_want[] = "GET / HTTP/1.1\r\nHost: localhost:8088\r\nUpgrade: websocket\r\n"
                                  "Connection: Upgrade\r\nX-Quartet-Gates: kept\r\nX-Quartet-Gate : bad\r\n"
                                  "X-Quartet-Gate: 0123\r\n\r\n";
    n = request_upgrade_copy(up, sizeof up - 1, "0123", out, sizeof out);
    CHECK(n == sizeof up_want - 1 && !memcmp(out, up_want, n), "upgrade copy: '%.*s'", (int)n, out);
    CHECK(request_upgrade_copy(up, sizeof up - 1, "0123", out, sizeof up_want - 2) == 0,
          "upgrade copy into too small a buffer");
    static const char page_want[] = "GET / HTTP/1.1\r\nHost: localhost:8088\r\nX-Quartet-Gates: kept\r\n"
                                    "X-Quartet-Gate : bad\r\nConnection: close\r\n\r\n";
    n = request_close_copy(up, sizeof up - 1, out, sizeof out);
    CHECK(n == sizeof page_want - 1 && !memcmp(out, page_want, n), "close copy, gate header: '%.*s'",
          (int)n, out);
}

static void test_secret(void)
{
    char a[GATE_SECRET_LEN + 1], b[GATE_SECRET_LEN + 1], c[GATE_SECRET_LEN + 2];
    CHECK(gate_secret_make(a) == 0 && gate_secret_make(b) == 0, "no secret made");
    CHECK(strlen(a) == GATE_SECRET_LEN && strspn(a, "0123456789abcdef") == GATE_SECRET_LEN,
          "secret '%s' is not 64 hex digits", a);
    CHECK(strcmp(a, b) != 0, "two secrets alike: %s", a);
    CHECK(gate_secret_equal(a, a), "a secret unequal to itself");
    strcpy(c, a);
    c[0] ^= 1;
    CHECK(!gate_secret_equal(c, a), "first digit differs, taken as equal");
    strcpy(c, a);
    c[GATE_SECRET_LEN - 1] ^= 1;
    CHECK(!gate_secret_equal(c, a), "last digit differs, taken as equal");
    strcpy(c, a);
    c[GATE_SECRET_LEN - 1] = '\0';
    CHECK(!gate_secret_equal(c, a), "one digit short, taken as equal");
    strcpy(c, a);
    strcat(c, "0");
    CHECK(!gate_secret_equal(c, a), "one digit more, taken as equal");
    CHECK(!gate_secret_equal("", a), "empty taken as equal");
    CHECK(!gate_secret_equal("", ""), "two empty secrets taken as equal");
    static const struct { const char *name; int is; } names[] = {
        { "X-Quartet-Gate", 1 }, { "x-quartet-gate", 1 }, { "X_QUARTET_GATE", 1 },
        { "x_Quartet-gate", 1 }, { "X-Quartet-Gat", 0 }, { "X-Quartet-Gatee", 0 },
        { "X Quartet-Gate", 0 }, { "X.Quartet.Gate", 0 }, { "Y-Quartet-Gate", 0 },
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        CHECK(gate_header_is_secret(names[i].name, strlen(names[i].name)) == names[i].is,
              "header name '%s'", names[i].name);
}

/* engine_check in a child with the given environment: what the "engine"
 * (sh printing the two variables, or "clean") wrote, and its status. */
static int run_check(const char *secret, const char *given, char *out, size_t cap)
{
    int fd[2], status;
    char *argv[] = { "--", "sh", "-c",
                     "echo ran; printenv " GATE_SECRET_ENV " " GATE_SECRET_HEADER_ENV " || echo clean",
                     NULL };
    if (pipe(fd) != 0)
        return -1;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd[1], 1);
        if (!freopen("/dev/null", "w", stderr)) { /* messages are not checked */ }
        unsetenv(GATE_SECRET_ENV);
        unsetenv(GATE_SECRET_HEADER_ENV);
        if (secret)
            setenv(GATE_SECRET_ENV, secret, 1);
        if (given)
            setenv(GATE_SECRET_HEADER_ENV, given, 1);
        _exit(engine_check(4, argv));
    }
    close(fd[1]);
    size_t n = 0;
    ssize_t k;
    while (n + 1 < cap && (k = read(fd[0], out + n, cap - 1 - n)) > 0)
        n += (size_t)k;
    out[n] = '\0';
    close(fd[0]);
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_engine_check(void)
{
    char secret[GATE_SECRET_LEN + 1], other[GATE_SECRET_LEN + 1], out[256];
    gate_secret_make(secret);
    gate_secret_make(other);
    int st = run_check(secret, secret, out, sizeof out);
    CHECK(st == 0 && !strcmp(out, "ran\nclean\n"), "right secret: status %d, '%s'", st, out);
    st = run_check(secret, other, out, sizeof out);
    CHECK(st == 1 && !*out, "wrong secret: status %d, '%s'", st, out);
    st = run_check(secret, NULL, out, sizeof out);
    CHECK(st == 1 && !*out, "no header: status %d, '%s'", st, out);
    st = run_check(NULL, secret, out, sizeof out);
    CHECK(st == 1 && !*out, "no secret in the environment: status %d, '%s'", st, out);
    st = run_check("", "", out, sizeof out);
    CHECK(st == 1 && !*out, "empty secret and header: status %d, '%s'", st, out);
    char joined[2 * GATE_SECRET_LEN + 3];
    snprintf(joined, sizeof joined, "%s, %s", other, secret);
    st = run_check(secret, joined, out, sizeof out);
    CHECK(st == 1 && !*out, "two headers joined: status %d, '%s'", st, out);
}

int main(void)
{
    test_frames();
    test_close_frame();
    test_hosts();
    test_requests();
    test_secret();
    test_engine_check();
    return check_report();
}
