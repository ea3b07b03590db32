/* Plays a shard of a games-file run on worker threads (runner.h): the
 * lines written one write each, so that a stop leaves at most a torn
 * last line; resumed after checking what the file holds. */
#include "engine/clock.h"
#include "runner.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct run {
    const struct sp_job *j;
    int *pending;           /* indexes still to play */
    size_t npending;
    atomic_size_t next, done;
    atomic_long positions;
    FILE *out;
    pthread_mutex_t lock;
    atomic_int err;
};

static void *worker(void *arg)
{
    struct run *ru = arg;
    const struct sp_job *j = ru->j;
    char err[256];
    struct oth_search_config c = {
        .hash_mb = j->hash_mb, .threads = 1,
        .weights = oth_weights_shared_default(j->weights, err, sizeof err),
        .mpc = oth_mpc_shared(),
    };
    struct oth_search *s = c.weights ? oth_search_new(&c) : NULL;
    if (!s) {
        ru->err = -1;
        return NULL;
    }
    size_t i;
    struct sp_game g;
    char line[1024];
    while ((i = atomic_fetch_add(&ru->next, 1)) < ru->npending && !ru->err) {
        oth_search_clear(s); /* a game depends on its index only */
        j->play(j->ctx, s, ru->pending[i], &g);
        size_t n = sp_format(&g, line, sizeof line);
        int positions = 0;
        for (int k = 0; k < g.n; k++)
            positions += g.sq[k] >= 0;
        pthread_mutex_lock(&ru->lock);
        /* One write of the whole line: a stop leaves at most a torn last
         * line, which the next run cuts off. */
        if (fwrite(line, 1, n, ru->out) != n || fflush(ru->out) != 0)
            ru->err = -1;
        pthread_mutex_unlock(&ru->lock);
        atomic_fetch_add(&ru->positions, positions);
        atomic_fetch_add(&ru->done, 1);
    }
    oth_search_free(s);
    return NULL;
}

static void progress(struct run *ru, double t0, bool last)
{
    size_t done = atomic_load(&ru->done);
    double dt = clock_now() - t0, rate = dt > 0 ? (double)done / dt : 0;
    double eta = rate > 0 ? (double)(ru->npending - done) / rate : 0;
    fprintf(stderr, "%s%s: %zu/%zu games, %.2f games/s, %.0f positions/s, ETA %dh%02dm%s",
            isatty(2) ? "\r" : "", ru->j->name, done, ru->npending, rate,
            dt > 0 ? (double)atomic_load(&ru->positions) / dt : 0.0, (int)(eta / 3600),
            (int)(eta / 60) % 60, isatty(2) && !last ? "" : "\n");
}

/* Reads what the output holds (checked against the run), cuts a torn
 * last line off and marks the games already played in have. The file is
 * fresh when it is missing, empty or only a torn header. */
static int resume(const struct sp_job *j, bool *have, bool *fresh)
{
    char err[512];
    struct sp_file f = {0};
    *fresh = access(j->out, F_OK) != 0;
    if (*fresh)
        return 0;
    if (sp_read(j->out, &f, err, sizeof err) != 0) {
        fprintf(stderr, "quartet-train: %s\n", err);
        return -1;
    }
    *fresh = f.keep == 0;
    int rc = 0;
    if (!*fresh && strcmp(f.header, j->header) != 0) {
        fprintf(stderr, "quartet-train: %s holds another run:\n  %s\nnot\n  %s\n", j->out,
                f.header, j->header);
        rc = -1;
    } else if (!*fresh && sp_sched_check_file(j->sched, j->out, &f, err, sizeof err) != 0) {
        fprintf(stderr, "quartet-train: %s; the file is left as it was\n", err);
        rc = -1;
    } else if (f.torn && truncate(j->out, f.keep) != 0) {
        fprintf(stderr, "quartet-train: %s: cannot cut its torn last line\n", j->out);
        rc = -1;
    } else if (f.torn)
        fprintf(stderr, "quartet-train: %s: cut off a torn last line\n", j->out);
    for (size_t i = 0; rc == 0 && i < f.n; i++)
        have[f.g[i].index] = true; /* checked: within the schedule */
    if (rc == 0 && !*fresh)
        fprintf(stderr, "quartet-train: %s: resuming, %zu games already played\n", j->out,
                f.n);
    sp_file_free(&f);
    return rc;
}

/* The games of this shard that the output does not hold yet; opens the
 * output for appending. */
static int prepare_output(struct run *ru)
{
    const struct sp_job *j = ru->j;
    const struct sp_sched *s = j->sched;
    bool *have = calloc((size_t)s->games, 1), fresh;
    ru->pending = malloc((size_t)s->games * sizeof *ru->pending);
    if (!have || !ru->pending) {
        free(have);
        fprintf(stderr, "quartet-train: out of memory\n");
        return -1;
    }
    if (resume(j, have, &fresh) != 0) {
        free(have);
        return -1;
    }
    for (int i = 0; i < s->games; i++)
        if (i % s->shard_n == s->shard_k - 1 && !have[i])
            ru->pending[ru->npending++] = i;
    free(have);
    ru->out = fopen(j->out, fresh ? "w" : "a");
    if (!ru->out || (fresh && (fprintf(ru->out, "%s\n", j->header) < 0 || fflush(ru->out)))) {
        fprintf(stderr, "quartet-train: %s: cannot write\n", j->out);
        return -1;
    }
    return 0;
}

static int spawn(struct run *ru, int T)
{
    pthread_t tid[64];
    int started = 0;
    double t0 = clock_now(), c0 = clock_cpu_process(), shown = t0;
    for (int t = 0; t < T && t < 64; t++)
        started += pthread_create(&tid[started], NULL, worker, ru) == 0;
    if (!started)
        worker(ru);
    while (started && atomic_load(&ru->done) < ru->npending && !ru->err) {
        nanosleep(&(struct timespec){0, 200000000}, NULL);
        double every = isatty(2) ? 1.0 : 30.0;
        if (!ru->j->quiet && clock_now() - shown >= every) {
            progress(ru, t0, false);
            shown = clock_now();
        }
    }
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    if (!ru->j->quiet)
        progress(ru, t0, true);
    double cpu = clock_cpu_process() - c0;
    long pos = atomic_load(&ru->positions);
    size_t done = atomic_load(&ru->done);
    printf("%s: %zu games, %ld positions, %.1f CPU seconds: %.1f positions per CPU-second",
           ru->j->name, done, pos, cpu, cpu > 0 ? (double)pos / cpu : 0);
    if (ru->j->per_game)
        printf(", %.3f CPU seconds per game", done ? cpu / (double)done : 0.0);
    printf("\n");
    return ru->err;
}

int sp_job_run(const struct sp_job *j)
{
    struct run ru = {.j = j};
    char err[512];
    if (!oth_weights_shared_default(j->weights, err, sizeof err)) {
        fprintf(stderr, "quartet-train: %s\n", err);
        return -1;
    }
    pthread_mutex_init(&ru.lock, NULL);
    int rc = prepare_output(&ru);
    if (rc == 0)
        rc = spawn(&ru, j->threads);
    if (ru.out && fclose(ru.out) != 0)
        rc = -1;
    pthread_mutex_destroy(&ru.lock);
    free(ru.pending);
    if (rc != 0)
        fprintf(stderr, "quartet-train: %s failed (writing %s)\n", j->name, j->out);
    return rc;
}
