/* Checks of a games file's lines against its run's schedule
 * (schedule.h): index, shard, first plies, solver empties, duplicates. */
#include "schedule.h"

#include <stdlib.h>
#include <string.h>

/* The number after key (" games=") in header; -1 when absent or bad. */
static long header_number(const char *header, const char *key, const char **end)
{
    const char *p = strstr(header, key);
    if (!p)
        return -1;
    char *e;
    long v = strtol(p + strlen(key), &e, 10);
    if (e == p + strlen(key) || v < 0)
        return -1;
    if (end)
        *end = e;
    return v;
}

int sp_sched_header(const char *header, struct sp_sched *s, char *err, size_t cap)
{
    long games = header_number(header, " games=", NULL);
    if (games < 1 || games > 10000000) {
        snprintf(err, cap, "the header has no games=N");
        return -1;
    }
    s->games = (int)games;
    s->shard_k = s->shard_n = 1;
    const char *e = "";
    long k = header_number(header, " shard=", &e);
    if (strstr(header, " shard=")) {
        char *e2 = NULL;
        long n = k >= 1 && *e == '/' ? strtol(e + 1, &e2, 10) : -1;
        if (n < k || n < 1 || n > 1000000 || (*e2 && *e2 != ' ')) {
            snprintf(err, cap, "the header's shard=K/N is bad");
            return -1;
        }
        s->shard_k = (int)k;
        s->shard_n = (int)n;
    }
    return 0;
}

int sp_sched_check(const struct sp_sched *s, const struct sp_game *g, char *why, size_t cap)
{
    if (g->index >= s->games) {
        snprintf(why, cap, "game %d is beyond the run's schedule (games=%d)", g->index,
                 s->games);
        return -1;
    }
    if (g->index % s->shard_n != s->shard_k - 1) {
        snprintf(why, cap, "game %d is not of shard %d/%d (index %% %d != %d)", g->index,
                 s->shard_k, s->shard_n, s->shard_n, s->shard_k - 1);
        return -1;
    }
    if (!s->nstart)
        return 0;
    const struct sp_start *st = &s->start[(size_t)g->index % s->nstart];
    if (g->opening < st->n || (s->opening_is_start && g->opening != st->n)) {
        snprintf(why, cap, "game %d: OPENING %d, but its start has %d plies", g->index,
                 g->opening, st->n);
        return -1;
    }
    if (g->n < st->n || memcmp(g->sq, st->sq, (size_t)st->n) != 0) {
        snprintf(why, cap, "game %d does not start with its %s (%d plies)", g->index,
                 s->opening_is_start ? "recorded moves" : "opening", st->n);
        return -1;
    }
    if (g->exact != st->exact) {
        snprintf(why, cap, "game %d: EXACT %d, but the run's solver starts at %d", g->index,
                 g->exact, st->exact);
        return -1;
    }
    return 0;
}

int sp_sched_check_file(const struct sp_sched *s, const char *path, const struct sp_file *f,
                        char *err, size_t cap)
{
    char why[256];
    for (size_t i = 0; i < f->n; i++)
        if (sp_sched_check(s, &f->g[i], why, sizeof why) != 0) {
            snprintf(err, cap, "%s:%d: %s", path, f->g[i].line, why);
            return -1;
        }
    /* Each index's first line, to compare a second one with. */
    size_t *first = calloc((size_t)s->games, sizeof *first);
    if (!first) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    int rc = 0;
    for (size_t i = 0; i < f->n && rc == 0; i++) {
        const struct sp_game *g = &f->g[i];
        size_t *at = &first[g->index];
        if (!*at)
            *at = i + 1;
        else if (!sp_same(&f->g[*at - 1], g)) {
            snprintf(err, cap, "%s:%d: game %d differs from its line %d", path, g->line,
                     g->index, f->g[*at - 1].line);
            rc = -1;
        }
    }
    free(first);
    return rc;
}
