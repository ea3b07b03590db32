/* Strict decimal numbers and UTF-8 validation for the record readers. */
#include "strict.h"

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
