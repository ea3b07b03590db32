/* quartet-gate: decides whether a Host or Origin names this server (the
 * listening address and port, localhost, or an --allow-host name), so a
 * page whose name merely resolves here (DNS rebinding) gets nothing. */
#include "gate.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <string.h>
#include <strings.h>

/* A host name in one spelling: lower case, no trailing dot, IP literals
 * as inet_ntop writes them (so [::0:1] is ::1); port 0 when none given. */
struct hostport {
    char name[256];
    int port;
};

static int parse_port(const char *p, const char *end, int *port)
{
    long v = 0;
    if (p == end || end - p > 5)
        return -1;
    for (; p < end; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        v = v * 10 + (*p - '0');
    }
    if (v < 1 || v > 65535)
        return -1;
    *port = (int)v;
    return 0;
}

static int parse_ipv6(const char *s, size_t n, struct hostport *hp)
{
    char tmp[64];
    struct in6_addr a;
    if (n == 0 || n >= sizeof tmp)
        return -1;
    memcpy(tmp, s, n);
    tmp[n] = '\0';
    if (inet_pton(AF_INET6, tmp, &a) != 1)
        return -1;
    inet_ntop(AF_INET6, &a, hp->name, sizeof hp->name);
    return 0;
}

static int parse_name(const char *s, size_t n, struct hostport *hp)
{
    struct in_addr a;
    if (n == 0 || n >= sizeof hp->name)
        return -1;
    for (size_t i = 0; i < n; i++) {
        int c = tolower((unsigned char)s[i]);
        if (!isalnum(c) && c != '-' && c != '.' && c != '_')
            return -1;
        hp->name[i] = (char)c;
    }
    hp->name[n] = '\0';
    if (n > 1 && hp->name[n - 1] == '.')   /* "localhost." is localhost */
        hp->name[n - 1] = '\0';
    if (inet_pton(AF_INET, hp->name, &a) == 1)
        inet_ntop(AF_INET, &a, hp->name, sizeof hp->name);
    return 0;
}

/* "name", "name:port", "[v6]", "[v6]:port"; a bare v6 literal ("::")
 * only as a listening address (allow_bare_v6). */
static int parse_hostport(const char *s, size_t len, int allow_bare_v6,
                          struct hostport *hp)
{
    const char *end = s + len, *rest;
    hp->port = 0;
    if (len == 0)
        return -1;
    if (*s == '[') {
        const char *rb = memchr(s, ']', len);
        if (!rb || parse_ipv6(s + 1, (size_t)(rb - s - 1), hp))
            return -1;
        rest = rb + 1;
    } else if (allow_bare_v6 && memchr(s, ':', len) &&
               memchr(s, ':', len) != memrchr(s, ':', len)) {
        return parse_ipv6(s, len, hp);
    } else {
        rest = memchr(s, ':', len);
        if (!rest)
            rest = end;
        if (parse_name(s, (size_t)(rest - s), hp))
            return -1;
    }
    if (rest == end)
        return 0;
    if (*rest != ':')
        return -1;
    return parse_port(rest + 1, end, &hp->port);
}

/* One of this machine's interface addresses (for 0.0.0.0 and ::). */
static int is_interface_address(const char *name)
{
    struct ifaddrs *list, *i;
    char text[64];
    int found = 0;
    if (getifaddrs(&list) != 0)
        return 0;
    for (i = list; i && !found; i = i->ifa_next) {
        const void *a;
        if (!i->ifa_addr)
            continue;
        if (i->ifa_addr->sa_family == AF_INET)
            a = &((const struct sockaddr_in *)(const void *)i->ifa_addr)->sin_addr;
        else if (i->ifa_addr->sa_family == AF_INET6)
            a = &((const struct sockaddr_in6 *)(const void *)i->ifa_addr)->sin6_addr;
        else
            continue;
        if (inet_ntop(i->ifa_addr->sa_family, a, text, sizeof text))
            found = strcmp(text, name) == 0;
    }
    freeifaddrs(list);
    return found;
}

static int name_is_local(const struct gate_config *cfg, const char *name)
{
    struct hostport self;
    if (!strcmp(name, "localhost") || !strcmp(name, "127.0.0.1") ||
        !strcmp(name, "::1"))
        return 1;
    if (parse_hostport(cfg->address, strlen(cfg->address), 1, &self) == 0 &&
        !strcmp(self.name, name))
        return 1;
    return cfg->wildcard && is_interface_address(name);
}

enum host_verdict host_check(const struct gate_config *cfg, const char *s,
                             size_t len, int default_port)
{
    struct hostport hp, a;
    int port;
    if (parse_hostport(s, len, 0, &hp))
        return HOST_BAD;
    port = hp.port ? hp.port : default_port;
    for (int i = 0; i < cfg->nallow; i++) {
        /* NAME alone: any port (a proxy in front may use 443 or 80). */
        if (parse_hostport(cfg->allow[i], strlen(cfg->allow[i]), 0, &a) == 0 &&
            !strcmp(a.name, hp.name) && (a.port == 0 || a.port == port))
            return HOST_OK;
    }
    return port == cfg->port && name_is_local(cfg, hp.name) ? HOST_OK
                                                            : HOST_REFUSED;
}

enum host_verdict origin_check(const struct gate_config *cfg, const char *s,
                               size_t len)
{
    if (len > 7 && !strncasecmp(s, "http://", 7))
        return host_check(cfg, s + 7, len - 7, 80) == HOST_OK ? HOST_OK
                                                              : HOST_REFUSED;
    if (len > 8 && !strncasecmp(s, "https://", 8))
        return host_check(cfg, s + 8, len - 8, 443) == HOST_OK ? HOST_OK
                                                               : HOST_REFUSED;
    return HOST_REFUSED;   /* "null", other schemes */
}

int allow_host_valid(const char *s)
{
    struct hostport hp;
    return parse_hostport(s, strlen(s), 0, &hp) == 0;
}
