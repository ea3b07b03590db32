/* Exact values kept in a file between runs of quartet-train measure
 * (exact_cache.h): the solves cost 60 times the depth-6 values. */
#include "exact_cache.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b)
{
    const struct exact_entry *x = a, *y = b;
    if (x->P != y->P)
        return x->P < y->P ? -1 : 1;
    return x->O < y->O ? -1 : x->O > y->O;
}

static int push(struct exact_cache *c, const struct exact_entry *e)
{
    if (c->n == c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 1024;
        struct exact_entry *v = realloc(c->v, cap * sizeof *v);
        if (!v)
            return -1;
        c->v = v;
        c->cap = cap;
    }
    c->v[c->n++] = *e;
    return 0;
}

/* A line is two boards that do not overlap and a margin the board allows. */
static bool parse(const char *line, struct exact_entry *e)
{
    uint64_t P, O;
    int value, end = 0;
    if (sscanf(line, "%16" SCNx64 " %16" SCNx64 " %d%n", &P, &O, &value, &end) != 3)
        return false;
    if (line[end] != '\0' && line[end] != '\n')
        return false;
    if ((P & O) || value < -64 || value > 64)
        return false;
    *e = (struct exact_entry){P, O, value};
    return true;
}

int exact_cache_load(struct exact_cache *c, const char *path, char *err, size_t cap)
{
    *c = (struct exact_cache){0};
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT)
            return 0;
        snprintf(err, cap, "%.400s: %s", path, strerror(errno));
        return -1;
    }
    char line[128];
    long no = 0;
    int rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f)) {
        struct exact_entry e;
        no++;
        if (!parse(line, &e)) {
            snprintf(err, cap, "%.400s:%ld: not \"P O VALUE\" (hex boards, a margin)", path, no);
            rc = -1;
        } else if (push(c, &e) != 0) {
            snprintf(err, cap, "out of memory");
            rc = -1;
        }
    }
    fclose(f);
    if (rc != 0) {
        exact_cache_free(c);
        return -1;
    }
    qsort(c->v, c->n, sizeof *c->v, cmp);
    return 0;
}

bool exact_cache_find(const struct exact_cache *c, bb_t P, bb_t O, int *value)
{
    struct exact_entry key = {P, O, 0};
    const struct exact_entry *e = c->n ? bsearch(&key, c->v, c->n, sizeof *c->v, cmp) : NULL;
    if (e)
        *value = e->value;
    return e != NULL;
}

int exact_cache_append(const char *path, const struct exact_entry *add, size_t n)
{
    FILE *f = fopen(path, "a");
    if (!f)
        return -1;
    int bad = 0;
    for (size_t i = 0; i < n && !bad; i++)
        bad = fprintf(f, "%016" PRIx64 " %016" PRIx64 " %d\n", (uint64_t)add[i].P,
                      (uint64_t)add[i].O, add[i].value) < 0;
    return fclose(f) != 0 || bad ? -1 : 0;
}

void exact_cache_free(struct exact_cache *c)
{
    free(c->v);
    *c = (struct exact_cache){0};
}
