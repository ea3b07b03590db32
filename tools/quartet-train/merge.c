/* quartet-train merge (selfplay.h): the shards of one selfplay or
 * label-games run as one file. Every line is checked against the run's
 * schedule first (its index, its shard, its first plies: the opening of
 * the openings file, or the recorded moves of the source file); the
 * output is written through records/atomic, so a failed merge leaves no
 * file and an existing one as it was. */
#include "label_games.h"
#include "openings.h"
#include "schedule.h"
#include "selfplay.h"
#include "records/atomic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The starts of a run (what its games must begin with) and where they
 * came from. */
struct starts {
    struct sp_start *v;
    size_t n;
    bool label_games;
};

/* NAME:COUNT:HASH after key in header (NAME may hold colons), into
 * count and hash. */
static int header_set(const char *header, const char *key, size_t *count, unsigned *hash)
{
    const char *p = strstr(header, key);
    if (!p)
        return -1;
    p += strlen(key);
    char tok[SP_HEADER_MAX], *end;
    size_t len = strcspn(p, " ");
    memcpy(tok, p, len);
    tok[len] = '\0';
    char *h = strrchr(tok, ':');
    if (!h)
        return -1;
    *h++ = '\0';
    char *c = strrchr(tok, ':');
    if (!c || !*++c || !*h)
        return -1;
    *count = strtoul(c, &end, 10);
    if (*end)
        return -1;
    *hash = (unsigned)strtoul(h, &end, 16);
    return *end ? -1 : 0;
}

static int header_int(const char *header, const char *key, int *v)
{
    const char *p = strstr(header, key);
    return p && sscanf(p + strlen(key), "%d", v) == 1 ? 0 : -1;
}

/* selfplay: the openings named by the header, loaded from `file` or the
 * shipped set, their count and hash checked. */
static int selfplay_run_starts(const char *header, const char *file, struct starts *s)
{
    char err[512], path[4096];
    size_t count;
    unsigned hash;
    int exact;
    if (header_set(header, " openings=", &count, &hash) || header_int(header, " exact=", &exact)) {
        fprintf(stderr, "quartet-train: the header has no openings=NAME:COUNT:HASH or exact=E\n");
        return -1;
    }
    const char *f = openings_file(file, path, sizeof path);
    struct openings ops;
    if (!f) {
        fprintf(stderr, "quartet-train: no openings file found; give --openings FILE\n");
        return -1;
    }
    if (load_openings(f, &ops, err, sizeof err) != 0) {
        fprintf(stderr, "quartet-train: %s\n", err);
        return -1;
    }
    int rc = 0;
    if (ops.n != count || ops.hash != hash) {
        fprintf(stderr, "quartet-train: %s holds %zu openings of hash %08x, not the run's "
                "%zu of hash %08x: give the run's file with --openings FILE\n", f, ops.n,
                ops.hash, count, hash);
        rc = -1;
    } else if (selfplay_starts(&ops, exact, &s->v) != 0) {
        fprintf(stderr, "quartet-train: out of memory\n");
        rc = -1;
    }
    s->n = rc == 0 ? ops.n : 0;
    free(ops.v);
    return rc;
}

/* label-games: the source file's qualifying games, as the header's run
 * read them (exact, years), their count and hash checked. */
static int label_run_starts(const char *header, const char *file, struct starts *s)
{
    char err[512];
    size_t count;
    unsigned hash;
    int exact, y0 = 0, y1 = 0;
    const char *years = strstr(header, " years=");
    if (!file) {
        fprintf(stderr, "quartet-train: merging label-games files needs their source: "
                "--source FILE (the games they were labelled from)\n");
        return -1;
    }
    if (header_set(header, " source=", &count, &hash) || header_int(header, " exact=", &exact)
        || !years || (strncmp(years + 7, "all", 3) != 0
                      && sscanf(years + 7, "%d-%d", &y0, &y1) != 2)) {
        fprintf(stderr, "quartet-train: the header has no source=NAME:COUNT:HASH, exact=E "
                "or years=\n");
        return -1;
    }
    struct lg_source src;
    if (lg_source_load(file, exact, y0, y1, &src, err, sizeof err) != 0) {
        fprintf(stderr, "quartet-train: %s\n", err);
        return -1;
    }
    if (src.n != count || src.hash != hash) {
        fprintf(stderr, "quartet-train: %s gives %zu games of hash %08x, not the run's %zu "
                "of hash %08x: not the run's source\n", file, src.n, src.hash, count, hash);
        lg_source_free(&src);
        return -1;
    }
    s->v = src.start;
    s->n = src.n;
    s->label_games = true;
    return 0;
}

/* One game of the inputs and the input it came from. */
struct ref {
    const struct sp_game *g;
    int src;
};

static int by_index(const void *a, const void *b)
{
    const struct ref *x = a, *y = b;
    if (x->g->index != y->g->index)
        return (x->g->index > y->g->index) - (x->g->index < y->g->index);
    if (x->src != y->src)
        return (x->src > y->src) - (x->src < y->src);
    return (x->g->line > y->g->line) - (x->g->line < y->g->line);
}

/* Reads and checks the inputs into f[]; -1 after saying why. */
static int read_inputs(char *const *in, int nin, struct sp_file *f, const char *openings,
                       const char *source, struct starts *st)
{
    char err[512], run0[SP_HEADER_MAX], run[SP_HEADER_MAX];
    for (int i = 0; i < nin; i++) {
        if (sp_read(in[i], &f[i], err, sizeof err) != 0) {
            fprintf(stderr, "quartet-train: %s\n", err);
            return -1;
        }
        if (f[i].header[0] == '\0') {
            fprintf(stderr, "quartet-train: %s: no header line\n", in[i]);
            return -1;
        }
        sp_header_run(f[i].header, i ? run : run0, SP_HEADER_MAX);
        if (i && strcmp(run, run0) != 0) {
            fprintf(stderr, "quartet-train: %s is of another run than %s\n", in[i], in[0]);
            return -1;
        }
        if (f[i].torn)
            fprintf(stderr, "quartet-train: %s: left out a torn last line\n", in[i]);
        if (i == 0 && (strncmp(run0, "# quartet-train label-games ", 28) == 0
                           ? label_run_starts(run0, source, st)
                           : selfplay_run_starts(run0, openings, st)) != 0)
            return -1;
        struct sp_sched s = {.start = st->v, .nstart = st->n,
                             .opening_is_start = st->label_games};
        if (sp_sched_header(f[i].header, &s, err, sizeof err) != 0) {
            fprintf(stderr, "quartet-train: %s: %s\n", in[i], err);
            return -1;
        }
        if (st->label_games && (size_t)s.games > st->n) {
            fprintf(stderr, "quartet-train: %s: games=%d, but the source has %zu\n", in[i],
                    s.games, st->n);
            return -1;
        }
        if (sp_sched_check_file(&s, in[i], &f[i], err, sizeof err) != 0) {
            fprintf(stderr, "quartet-train: %s\n", err);
            return -1;
        }
    }
    return 0;
}

/* The games in index order, each once, after the run's header. */
static int write_games(const char *out, const char *run, struct ref *r, size_t n,
                       char *const *in, size_t *kept)
{
    char err[512], line[1024];
    struct atomic_file a;
    if (atomic_open(&a, out, NULL, 0, err, sizeof err) != 0) {
        fprintf(stderr, "quartet-train: %s\n", err);
        return -1;
    }
    int rc = fprintf(a.f, "%s\n", run) < 0 ? -1 : 0;
    *kept = 0;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        if (i && r[i].g->index == r[i - 1].g->index) {
            if (!sp_same(r[i].g, r[i - 1].g)) {
                fprintf(stderr, "quartet-train: %s:%d: game %d differs from %s:%d\n",
                        in[r[i].src], r[i].g->line, r[i].g->index, in[r[i - 1].src],
                        r[i - 1].g->line);
                rc = -1;
            }
            continue;
        }
        sp_format(r[i].g, line, sizeof line);
        rc = fputs(line, a.f) < 0 ? -1 : 0;
        ++*kept;
    }
    if (rc != 0) {
        atomic_abort(&a);
        return -1;
    }
    if (atomic_commit(&a, err, sizeof err) != 0) {
        fprintf(stderr, "quartet-train: %s\n", err);
        return -1;
    }
    return 0;
}

int selfplay_merge(const char *out, char *const *in, int nin, const char *openings,
                   const char *source)
{
    struct sp_file *f = calloc((size_t)nin, sizeof *f);
    struct starts st = {0};
    struct ref *r = NULL;
    size_t total = 0, kept = 0;
    int rc = f ? read_inputs(in, nin, f, openings, source, &st) : -1;
    for (int i = 0; rc == 0 && i < nin; i++)
        total += f[i].n;
    if (rc == 0 && !(r = malloc((total + 1) * sizeof *r)))
        rc = -1;
    size_t n = 0;
    for (int i = 0; rc == 0 && i < nin; i++)
        for (size_t k = 0; k < f[i].n; k++)
            r[n++] = (struct ref){&f[i].g[k], i};
    char run[SP_HEADER_MAX];
    if (rc == 0) {
        qsort(r, n, sizeof *r, by_index);
        sp_header_run(f[0].header, run, sizeof run);
        rc = write_games(out, run, r, n, in, &kept);
    }
    if (rc == 0) {
        int games = 0;
        header_int(run, " games=", &games);
        printf("merge: %zu games of %d in %s (%zu missing)\n", kept, games, out,
               games > (int)kept ? (size_t)games - kept : 0);
    } else
        fprintf(stderr, "quartet-train: merge into %s failed; nothing written\n", out);
    for (int i = 0; f && i < nin; i++)
        sp_file_free(&f[i]);
    free(f);
    free(r);
    free(st.v);
    return rc;
}
