/* Strict parsing of numeric command arguments. */
#ifndef QUARTET_ARGS_H
#define QUARTET_ARGS_H

enum args_status {
    ARGS_OK = 0,
    ARGS_SYNTAX = -1,  /* not a number at all */
    ARGS_RANGE = -2,   /* a number, but outside [min, max] (or overflowing) */
};

/* Optional sign and decimal digits only, nothing else. */
enum args_status args_int(const char *s, long long min, long long max,
                          long long *out);
/* A finite decimal number (no inf/nan), nothing after it. */
enum args_status args_double(const char *s, double *out);

#endif
