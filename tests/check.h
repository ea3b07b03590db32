/* Minimal test harness: CHECK counts a passed or failed assertion, and
 * check_report() prints the "N passed, N failed" line tests/run.sh sums. */
#ifndef QUARTET_CHECK_H
#define QUARTET_CHECK_H

#include <stdio.h>

static int check_passed, check_failed;

#define CHECK(cond, ...)                                                     \
    do {                                                                     \
        if (cond) {                                                          \
            check_passed++;                                                  \
        } else {                                                             \
            check_failed++;                                                  \
            fprintf(stderr, "%s:%d: FAIL (%s): ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                    \
            fputc('\n', stderr);                                             \
        }                                                                    \
    } while (0)

static inline int check_report(void)
{
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#endif
