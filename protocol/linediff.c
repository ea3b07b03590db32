/* Myers' difference algorithm ("An O(ND) Difference Algorithm and Its
 * Variations", 1986), linear-space form: find the middle snake of an
 * optimal path, split there, recurse. Lines compare by hash, then bytes. */
#include "protocol/linediff.h"

#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

uint32_t linediff_fnv1a(const char *s, size_t n)
{
    uint32_t h = 0x811c9dc5u;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 0x01000193u;
    }
    return h;
}

struct line *linediff_split(const char *text, size_t len, size_t *n)
{
    size_t count = 1;
    for (size_t i = 0; i < len; i++)
        count += text[i] == '\n';
    struct line *l = malloc(count * sizeof *l);
    if (!l)
        return NULL;
    size_t k = 0, start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i < len && text[i] != '\n')
            continue;
        l[k].text = text + start;
        l[k].len = i - start;
        l[k].hash = linediff_fnv1a(l[k].text, l[k].len);
        k++;
        start = i + 1;
    }
    *n = count;
    return l;
}

/* The two sequences, the furthest-reaching x per diagonal (k = x - y) of
 * the forward and the backward search, and the lines found changed. */
struct diff {
    const struct line *a, *b;
    long *fd, *bd;
    bool *del, *ins;
};

static bool same(const struct diff *d, long x, long y)
{
    const struct line *p = &d->a[x], *q = &d->b[y];
    return p->hash == q->hash && p->len == q->len &&
           memcmp(p->text, q->text, p->len) == 0;
}

/* A point (*xm, *ym) on an optimal path from (x0, y0) to (x1, y1) where
 * both halves cost at least one edit (the caller trimmed the common
 * prefix and suffix, so neither side is empty). The forward and backward
 * searches advance one edit at a time until their reaches overlap. */
static void middle(struct diff *d, long x0, long x1, long y0, long y1,
                   long *xm, long *ym)
{
    long *fd = d->fd, *bd = d->bd;
    const long dmin = x0 - y1, dmax = x1 - y0;
    const long fmid = x0 - y0, bmid = x1 - y1;
    long fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid;
    const bool odd = (fmid - bmid) & 1;
    fd[fmid] = x0;
    bd[bmid] = x1;
    for (;;) {
        /* Forward: one more edit on every diagonal in reach; -1 marks a
         * diagonal entered for the first time. */
        if (fmin > dmin)
            fd[--fmin - 1] = -1;
        else
            fmin++;
        if (fmax < dmax)
            fd[++fmax + 1] = -1;
        else
            fmax--;
        for (long k = fmax; k >= fmin; k -= 2) {
            long lo = fd[k - 1], hi = fd[k + 1];
            long x = lo >= hi ? lo + 1 : hi, y = x - k;
            while (x < x1 && y < y1 && same(d, x, y))
                x++, y++;
            fd[k] = x;
            if (odd && bmin <= k && k <= bmax && bd[k] <= x) {
                *xm = x, *ym = y;
                return;
            }
        }
        /* Backward, the same from the end; LONG_MAX marks a new one. */
        if (bmin > dmin)
            bd[--bmin - 1] = LONG_MAX;
        else
            bmin++;
        if (bmax < dmax)
            bd[++bmax + 1] = LONG_MAX;
        else
            bmax--;
        for (long k = bmax; k >= bmin; k -= 2) {
            long lo = bd[k - 1], hi = bd[k + 1];
            long x = lo < hi ? lo : hi - 1, y = x - k;
            while (x > x0 && y > y0 && same(d, x - 1, y - 1))
                x--, y--;
            bd[k] = x;
            if (!odd && fmin <= k && k <= fmax && x <= fd[k]) {
                *xm = x, *ym = y;
                return;
            }
        }
    }
}

/* Marks the changed lines of a[x0..x1) and b[y0..y1). Each split halves
 * the edit count, so the recursion is O(log D) deep. */
static void compare(struct diff *d, long x0, long x1, long y0, long y1)
{
    while (x0 < x1 && y0 < y1 && same(d, x0, y0))
        x0++, y0++;
    while (x0 < x1 && y0 < y1 && same(d, x1 - 1, y1 - 1))
        x1--, y1--;
    if (x0 == x1) {
        for (long y = y0; y < y1; y++)
            d->ins[y] = true;
    } else if (y0 == y1) {
        for (long x = x0; x < x1; x++)
            d->del[x] = true;
    } else {
        long xm, ym;
        middle(d, x0, x1, y0, y1, &xm, &ym);
        compare(d, x0, xm, y0, ym);
        compare(d, xm, x1, ym, y1);
    }
}

struct ops {
    struct linediff_op *v;
    long n, cap;
};

static bool push(struct ops *o, enum linediff_kind kind, size_t count,
                 size_t at)
{
    if (count == 0)
        return true;
    if (o->n == o->cap) {
        long cap = o->cap ? 2 * o->cap : 16;
        struct linediff_op *v = realloc(o->v, (size_t)cap * sizeof *v);
        if (!v)
            return false;
        o->v = v;
        o->cap = cap;
    }
    o->v[o->n++] = (struct linediff_op){kind, count, at};
    return true;
}

/* The ops from the change marks: the unchanged lines of a and b pair up
 * in order, and between two such runs come the skips, then the inserts. */
static long script(const struct diff *d, size_t na, size_t nb,
                   struct linediff_op **out)
{
    struct ops o = {0};
    size_t i = 0, j = 0;
    bool ok = true;
    while (ok && (i < na || j < nb)) {
        size_t i0 = i, j0 = j;
        if (i < na && j < nb && !d->del[i] && !d->ins[j]) {
            while (i < na && j < nb && !d->del[i] && !d->ins[j])
                i++, j++;
            ok = push(&o, LINEDIFF_COPY, i - i0, 0);
            continue;
        }
        while (i < na && d->del[i])
            i++;
        while (j < nb && d->ins[j])
            j++;
        ok = (i > i0 || j > j0) && push(&o, LINEDIFF_SKIP, i - i0, 0) &&
             push(&o, LINEDIFF_INSERT, j - j0, j0);
    }
    if (!ok) {
        free(o.v);
        return -1;
    }
    *out = o.v;
    return o.n;
}

long linediff(const struct line *a, size_t na, const struct line *b,
              size_t nb, struct linediff_op **ops)
{
    *ops = NULL;
    if (na > LONG_MAX / 4 || nb > LONG_MAX / 4)
        return -1;
    size_t diags = na + nb + 3;
    long *buf = malloc(2 * diags * sizeof *buf);
    bool *marks = calloc(na + nb + 1, sizeof *marks);
    long n = -1;
    if (buf && marks) {
        struct diff d = {
            .a = a, .b = b,
            .fd = buf + nb + 1, .bd = buf + diags + nb + 1,
            .del = marks, .ins = marks + na,
        };
        compare(&d, 0, (long)na, 0, (long)nb);
        n = script(&d, na, nb, ops);
    }
    free(buf);
    free(marks);
    return n;
}
