/* Strict decimal numbers and UTF-8 validation for the record readers. */
#include "records/strict.h"

#include <string.h>

const char *strict_long(const char *s, long lo, long hi, long *v)
{
    bool neg = *s == '-';
    const char *d = s + neg;
    if (*d < '0' || *d > '9' || (d[0] == '0' && d[1] >= '0' && d[1] <= '9'))
        return NULL;
    /* Accumulate towards the sign's own side so that no step can overflow
     * before the range check stops it. */
    long x = 0;
    for (; *d >= '0' && *d <= '9'; d++) {
        int digit = *d - '0';
        if (neg ? x < (lo + digit) / 10 : x > (hi - digit) / 10)
            return NULL;
        x = neg ? x * 10 - digit : x * 10 + digit;
    }
    if (x < lo || x > hi)
        return NULL;
    *v = x;
    return d;
}

bool strict_int_text(const char *s, size_t len, long lo, long hi, int *v)
{
    char buf[24];
    long x;
    if (len == 0 || len >= sizeof buf || lo < -2147483647L || hi > 2147483647L)
        return false;
    for (size_t i = 0; i < len; i++)
        buf[i] = s[i];
    buf[len] = '\0';
    const char *end = strict_long(buf, lo, hi, &x);
    if (!end || *end)
        return false;
    *v = (int)x;
    return true;
}

/* Bytes a sequence led by c has in all (0: c cannot lead one). */
static int utf8_length(unsigned char c)
{
    return c >= 0x01 && c < 0x80 ? 1 : c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3
         : c >= 0xf0 && c < 0xf5 ? 4 : 0;
}

size_t utf8_valid_prefix(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    while (i < len) {
        int n = utf8_length(u[i]);
        if (n == 0 || (size_t)n > len - i)
            return i;
        for (int k = 1; k < n; k++)
            if ((u[i + k] & 0xc0) != 0x80)
                return i;
        /* Overlong three- and four-byte forms, surrogates, past U+10FFFF. */
        if ((u[i] == 0xe0 && u[i + 1] < 0xa0) || (u[i] == 0xed && u[i + 1] >= 0xa0) ||
            (u[i] == 0xf0 && u[i + 1] < 0x90) || (u[i] == 0xf4 && u[i + 1] >= 0x90))
            return i;
        i += (size_t)n;
    }
    return len;
}

static const char *digits(const char *s)
{
    while (*s >= '0' && *s <= '9')
        s++;
    return s;
}

const char *strict_json_number(const char *s)
{
    s += *s == '-';
    if (*s == '0')
        s++;
    else if (*s >= '1' && *s <= '9')
        s = digits(s);
    else
        return NULL;
    if (*s == '.') {
        const char *d = digits(s + 1);
        if (d == s + 1)
            return NULL;
        s = d;
    }
    if (*s == 'e' || *s == 'E') {
        s++;
        s += *s == '+' || *s == '-';
        const char *d = digits(s);
        if (d == s)
            return NULL;
        s = d;
    }
    return s;
}

const char *strict_json_literal(const char *s)
{
    static const char *const words[] = {"true", "false", "null"};
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(words[i]);
        if (strncmp(s, words[i], n) == 0)
            return s + n;
    }
    return NULL;
}

static int hex4(const char *s)
{
    int v = 0;
    for (int i = 0; i < 4; i++) {
        char h = s[i];
        int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10
              : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

const char *strict_json_u(const char *s, unsigned *cp)
{
    int v = hex4(s + 1);
    if (v < 0)
        return NULL;
    s += 4;
    if (v >= 0xd800 && v < 0xdc00 && s[1] == '\\' && s[2] == 'u') {
        int lo = hex4(s + 3);
        if (lo < 0)
            return NULL;
        if (lo >= 0xdc00 && lo < 0xe000) {
            *cp = 0x10000 + ((unsigned)(v - 0xd800) << 10) + (unsigned)(lo - 0xdc00);
            return s + 6;
        }
    }
    *cp = v >= 0xd800 && v < 0xe000 ? 0xfffd : (unsigned)v;
    return s;
}

size_t utf8_put(unsigned cp, char *out)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xc0 | cp >> 6);
        out[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xe0 | cp >> 12);
        out[1] = (char)(0x80 | (cp >> 6 & 0x3f));
        out[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | cp >> 18);
    out[1] = (char)(0x80 | (cp >> 12 & 0x3f));
    out[2] = (char)(0x80 | (cp >> 6 & 0x3f));
    out[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

size_t utf8_cut(const char *s, size_t len)
{
    size_t i = len;
    while (i > 0 && ((unsigned char)s[i - 1] & 0xc0) == 0x80)
        i--;
    if (i == 0 || (unsigned char)s[i - 1] < 0xc0)
        return len;
    unsigned char lead = (unsigned char)s[i - 1];
    size_t need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
    return len - (i - 1) < need ? i - 1 : len;
}
