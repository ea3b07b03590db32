/* Numeric argument parsing: the C library parsers accept leading spaces,
 * hex, "inf" and silently saturate, so the text is checked first. */
#include "protocol/args.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

enum args_status args_int(const char *s, long long min, long long max,
                          long long *out)
{
    const char *p = s;
    if (*p == '+' || *p == '-')
        p++;
    if (!*p)
        return ARGS_SYNTAX;
    for (const char *q = p; *q; q++)
        if (*q < '0' || *q > '9')
            return ARGS_SYNTAX;
    errno = 0;
    long long v = strtoll(s, NULL, 10);
    if (errno == ERANGE || v < min || v > max)
        return ARGS_RANGE;
    *out = v;
    return ARGS_OK;
}

enum args_status args_double(const char *s, double *out)
{
    /* Only digits, one point, an optional sign and exponent. */
    const char *p = s;
    if (*p == '+' || *p == '-')
        p++;
    int digits = 0;
    for (; *p >= '0' && *p <= '9'; p++)
        digits++;
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++)
            digits++;
    if (!digits)
        return ARGS_SYNTAX;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (*p < '0' || *p > '9')
            return ARGS_SYNTAX;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    if (*p)
        return ARGS_SYNTAX;
    double v = strtod(s, NULL);
    if (!isfinite(v))
        return ARGS_RANGE;
    *out = v;
    return ARGS_OK;
}
