/* quartet-gate: the per-run secret that proves a WebSocket came through
 * the gate, and the engine check websocketd runs for each connection.
 * websocketd listens on a loopback port any local process (or a DNS-
 * rebinding page that finds it) can reach, and checks neither Host nor
 * the cap nor idleness; so the gate adds X-Quartet-Gate: SECRET to each
 * upgrade it forwards, websocketd hands it to the program it starts as
 * HTTP_X_QUARTET_GATE, and that program (quartet-gate --engine-check)
 * starts the engine only when it equals QUARTET_GATE_SECRET, which only
 * the gate, websocketd and the check have in their environment. */
#include "gate.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

/* Fills buf with n random bytes: 0, or -1 when the system gives none. */
static int random_bytes(unsigned char *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t k = getrandom(buf + got, n - got, 0);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        got += (size_t)k;
    }
    if (got == n)
        return 0;
    /* A kernel without getrandom(2): the device instead. */
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    got = 0;
    while (fd >= 0 && got < n) {
        ssize_t k = read(fd, buf + got, n - got);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        got += (size_t)k;
    }
    if (fd >= 0)
        close(fd);
    return got == n ? 0 : -1;
}

int gate_secret_make(char out[GATE_SECRET_LEN + 1])
{
    static const char hex[] = "0123456789abcdef";
    unsigned char raw[GATE_SECRET_LEN / 2];
    if (random_bytes(raw, sizeof raw))
        return -1;
    for (size_t i = 0; i < sizeof raw; i++) {
        out[2 * i] = hex[raw[i] >> 4];
        out[2 * i + 1] = hex[raw[i] & 15];
    }
    out[GATE_SECRET_LEN] = '\0';
    memset(raw, 0, sizeof raw);
    return 0;
}

/* 1 when given is the secret. Every byte of the secret is looked at
 * whatever given holds, so the time taken says nothing of where they
 * differ. */
int gate_secret_equal(const char *given, const char *secret)
{
    size_t n = strlen(given);
    unsigned diff = (n != GATE_SECRET_LEN) | (strlen(secret) != GATE_SECRET_LEN);
    for (size_t i = 0; i < GATE_SECRET_LEN && secret[i]; i++)
        diff |= (unsigned char)(i < n ? given[i] : 0) ^ (unsigned char)secret[i];
    return diff == 0;
}

/* A header line that websocketd would hand on as HTTP_X_QUARTET_GATE:
 * the name in any case, with '-' or '_' between its words. */
int gate_header_is_secret(const char *name, size_t len)
{
    static const char want[] = GATE_SECRET_HEADER;
    if (len != sizeof want - 1)
        return 0;
    for (size_t i = 0; i < len; i++) {
        char c = name[i], w = want[i];
        if (w == '-' ? c != '-' && c != '_' : tolower((unsigned char)c) != tolower(w))
            return 0;
    }
    return 1;
}

/* quartet-gate --engine-check -- ENGINE ARGS: the program websocketd
 * starts for a WebSocket. Execs ENGINE when the request carried the
 * gate's secret; otherwise says why and returns 1 (no engine runs). */
int engine_check(int argc, char **argv)
{
    const char *secret = getenv(GATE_SECRET_ENV), *given = getenv(GATE_SECRET_HEADER_ENV);
    if (argc < 2 || strcmp(argv[0], "--")) {
        fputs("quartet-gate: --engine-check needs '-- ENGINE [ARGS]'\n", stderr);
        return 2;
    }
    if (!secret || strlen(secret) != GATE_SECRET_LEN) {
        fputs("quartet-gate: no engine started: " GATE_SECRET_ENV " is not in the "
              "environment (the gate sets it; websocketd's --passenv must keep it)\n", stderr);
        return 1;
    }
    if (!given || !gate_secret_equal(given, secret)) {
        fprintf(stderr, "quartet-gate: no engine started: a WebSocket that did not come "
                "through the gate (%s " GATE_SECRET_HEADER " header)\n", given ? "a wrong" : "no");
        return 1;
    }
    /* The engine needs neither. */
    unsetenv(GATE_SECRET_ENV);
    unsetenv(GATE_SECRET_HEADER_ENV);
    execvp(argv[1], argv + 1);
    fprintf(stderr, "quartet-gate: cannot run the engine %s: %s\n", argv[1], strerror(errno));
    return 127;
}
