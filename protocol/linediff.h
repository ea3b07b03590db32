/* Line patches: the shortest edit script between the lines of two texts
 * (Myers' O(ND) difference algorithm in linear space), and the 32-bit
 * FNV-1a hash that names a text. Used by svg_diff (protocol/picture.c). */
#ifndef QUARTET_LINEDIFF_H
#define QUARTET_LINEDIFF_H

#include <stddef.h>
#include <stdint.h>

/* One line of a text: its bytes (no '\n') and their FNV-1a hash. */
struct line {
    const char *text;
    size_t len;
    uint32_t hash;
};

/* 32-bit FNV-1a (offset 0x811c9dc5, prime 0x01000193) of n bytes. */
uint32_t linediff_fnv1a(const char *s, size_t n);

/* The lines of text[0..len) split at '\n': k newlines make k+1 lines (so
 * joining them with '\n' gives the text back). A malloc'd array that
 * points into text; NULL when out of memory. */
struct line *linediff_split(const char *text, size_t len, size_t *n);

enum linediff_kind {
    LINEDIFF_COPY,    /* keep the next `count` lines of a */
    LINEDIFF_SKIP,    /* drop the next `count` lines of a */
    LINEDIFF_INSERT,  /* insert b[at .. at + count) */
};

struct linediff_op {
    enum linediff_kind kind;
    size_t count;
    size_t at;        /* LINEDIFF_INSERT: the first line of b inserted */
};

/* The ops that turn a (na lines) into b (nb lines) with the fewest lines
 * skipped plus inserted: runs merged, the skips of a changed stretch
 * before its inserts, every line of a accounted for. Returns the number
 * of ops (*ops malloc'd, NULL when there are none) or -1 when out of
 * memory. */
long linediff(const struct line *a, size_t na, const struct line *b,
              size_t nb, struct linediff_op **ops);

#endif
