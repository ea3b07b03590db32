/* The process's one cache of pattern weights (eval.h): each path is read
 * and unpacked once, then every player, command and search thread of the
 * daemon shares the same read-only tables (the play weights and the
 * solver's ordering weights alike; equal ones are kept once). Entries live until the process
 * ends; a failed load is remembered too, with its message, so that a bad
 * file costs one read and gives the same answer every time. */
#include "eval.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct shared_entry {
    struct shared_entry *next;
    struct oth_weights *w;   /* NULL: the load failed with `err` */
    char err[256];
    char path[];
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct shared_entry *entries;
static int loads; /* files read, for tests */

/* The entry of path, loading it on first use; NULL when out of memory. */
static struct shared_entry *entry_of(const char *path)
{
    for (struct shared_entry *e = entries; e; e = e->next)
        if (strcmp(e->path, path) == 0)
            return e;
    size_t len = strlen(path);
    struct shared_entry *e = calloc(1, sizeof *e + len + 1);
    if (!e)
        return NULL;
    memcpy(e->path, path, len + 1);
    e->w = oth_weights_load(path, e->err, sizeof e->err);
    loads++;
    /* Equal weights under another path (the shipped ordering file is a
     * byte copy of the play weights) become the same copy: one in
     * memory, and a searcher sees by the pointer that they are one. */
    for (struct shared_entry *o = entries; e->w && o; o = o->next)
        if (o->w && oth_weights_same(o->w, e->w)) {
            oth_weights_free(e->w);
            e->w = o->w;
            break;
        }
    e->next = entries;
    entries = e;
    return e;
}

const struct oth_weights *oth_weights_shared(const char *path, char *err, size_t cap)
{
    pthread_mutex_lock(&lock);
    struct shared_entry *e = entry_of(path);
    pthread_mutex_unlock(&lock);
    if (!e) {
        if (err && cap)
            snprintf(err, cap, "out of memory");
        return NULL;
    }
    if (!e->w && err && cap)
        snprintf(err, cap, "%s", e->err);
    return e->w;
}

const struct oth_weights *oth_weights_shared_default(const char *file, char *err, size_t cap)
{
    char path[4096];
    if (!file && oth_weights_default_path(path, sizeof path) == 0)
        file = path;
    if (!file) {
        if (err && cap)
            snprintf(err, cap, "no Othello weights file found");
        return NULL;
    }
    return oth_weights_shared(file, err, cap);
}

const struct oth_weights *oth_order_weights_shared_default(const char *file,
                                                           const struct oth_weights *play,
                                                           char *err, size_t cap)
{
    char path[4096];
    if (err && cap)
        err[0] = '\0';
    if (!file && oth_order_weights_default_path(path, sizeof path) == 0)
        file = path;
    return file ? oth_weights_shared(file, err, cap) : play;
}

const struct oth_weights *oth_order_weights_for(const char *file,
                                                const struct oth_weights *play,
                                                const char *who)
{
    char err[512];
    const struct oth_weights *w = oth_order_weights_shared_default(file, play, err, sizeof err);
    static atomic_flag noted = ATOMIC_FLAG_INIT;
    if (!w && !atomic_flag_test_and_set(&noted))
        fprintf(stderr, "%s: %s; the solver orders with the play weights\n", who, err);
    return w ? w : play;
}

int oth_weights_shared_loads(void)
{
    pthread_mutex_lock(&lock);
    int n = loads;
    pthread_mutex_unlock(&lock);
    return n;
}
