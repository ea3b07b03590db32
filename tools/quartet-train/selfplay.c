/* quartet-train selfplay and merge: self-play games from balanced
 * openings at fast settings, each finished by the exact solver from a set
 * number of empties, written a line a game (games.h); sharded, resumed
 * and merged the way quartet-match's tournaments are. */
#include "games.h"
#include "selfplay.h"
#include "engine/games/othello/datapath.h"
#include "engine/games/othello/search.h"
#include "engine/rng.h"
#include "records/transcript.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define MAX_OPENING 40

struct opening {
    int n;
    int8_t sq[MAX_OPENING];
};

struct openings {
    struct opening *v;
    size_t n;
    uint32_t hash;
};

static double wall_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static double cpu_seconds(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + u.ru_utime.tv_usec * 1e-6
         + (double)u.ru_stime.tv_sec + u.ru_stime.tv_usec * 1e-6;
}

/* Whether st's only move is a forced pass. */
static bool pass_forced(const struct game *g, const void *st)
{
    move_t moves[GAME_MAX_MOVES];
    return g->legal_moves(st, moves) == 1 && moves[0] == MOVE_PASS;
}

/* One openings line read by records' transcript reader, as quartet-match
 * reads openings (f5 d6, f5,d6 or f5d6; pa or pass a pass), into squares
 * on a fresh board, the forced passes written out; -1 with the reason in
 * why when a word is not a legal move there. */
static int parse_opening(char *line, struct opening *op, char *why, size_t cap)
{
    const struct game *g = game_find("Othello");
    char *words[MAX_OPENING];
    int n = 0;
    op->n = 0;
    for (char *save, *w = strtok_r(line, " \t\r\n", &save); w;
         w = strtok_r(NULL, " \t\r\n", &save)) {
        if (n == MAX_OPENING) {
            snprintf(why, cap, "more than %d moves", MAX_OPENING);
            return -1;
        }
        words[n++] = w;
    }
    if (n == 0)
        return 0;
    struct game_options o = {.size = 8};
    unsigned char *st = malloc(g->state_size);
    move_t *list = NULL;
    int k = 0, rc = 0;
    if (!st) {
        snprintf(why, cap, "out of memory");
        return -1;
    }
    g->init(st, &o);
    if (transcript_read(g, st, n, words, &list, &k, NULL, NULL, why, cap) != 0)
        rc = -1;
    for (int i = 0; rc == 0 && i < k; i++) {
        while (list[i] != MOVE_PASS && pass_forced(g, st) && op->n < MAX_OPENING) {
            g->play(st, MOVE_PASS);
            op->sq[op->n++] = -1;
        }
        char t[8] = "";
        if (op->n >= MAX_OPENING) {
            snprintf(why, cap, "more than %d moves", MAX_OPENING);
            rc = -1;
        } else if (list[i] == MOVE_PASS)
            op->sq[op->n++] = -1;
        else {
            g->format_move(st, list[i], t, sizeof t);
            op->sq[op->n++] = (int8_t)((t[1] - '1') * 8 + (t[0] - 'a'));
        }
        g->play(st, list[i]);
    }
    free(list);
    free(st);
    return rc;
}

static int load_openings(const char *path, struct openings *ops, char *err, size_t cap)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, cap, "%.400s: cannot open", path);
        return -1;
    }
    char *line = NULL, why[200];
    size_t lcap = 0;
    ssize_t len;
    int no = 0, rc = 0;
    size_t room = 0;
    ops->hash = 2166136261u;
    while (rc == 0 && (len = getline(&line, &lcap, f)) >= 0) {
        no++;
        /* A NUL would end the line early (f5\0d6 read as f5): refused. */
        if (memchr(line, '\0', (size_t)len)) {
            snprintf(err, cap, "%.400s:%d: a NUL byte in the line", path, no);
            rc = -1;
            break;
        }
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        struct opening op;
        if (parse_opening(line, &op, why, sizeof why) != 0) {
            snprintf(err, cap, "%.200s:%d: not a legal Othello opening: %.200s", path, no, why);
            rc = -1;
        } else if (op.n > 0) {
            if (ops->n == room) {
                room = room ? 2 * room : 256;
                struct opening *v = realloc(ops->v, room * sizeof *v);
                if (!v) {
                    snprintf(err, cap, "out of memory");
                    rc = -1;
                    break;
                }
                ops->v = v;
            }
            ops->v[ops->n++] = op;
            for (int i = 0; i < op.n; i++)
                ops->hash = (ops->hash ^ (uint8_t)op.sq[i]) * 16777619u;
            ops->hash = (ops->hash ^ 0xffu) * 16777619u;
        }
    }
    free(line);
    fclose(f);
    if (rc == 0 && ops->n == 0) {
        snprintf(err, cap, "%.400s: no openings", path);
        rc = -1;
    }
    return rc;
}

/* The run: options, openings, the games to play, the output. */
struct run {
    const struct sp_opts *o;
    struct openings ops;
    const char *ops_name;
    int *todo;              /* indexes still to play */
    size_t ntodo;
    atomic_size_t next, done;
    atomic_long positions;
    FILE *out;
    pthread_mutex_t lock;
    atomic_int err;
};

/* Appends one ply; passes included. */
static void record(struct sp_game *g, int sq)
{
    if (g->n < SP_MAX_PLIES)
        g->sq[g->n++] = (int8_t)sq;
}

/* A forced pass, or the end of the game: false when the game is over. */
static bool pass_if_forced(struct sp_game *g, bb_t *P, bb_t *O, int *side)
{
    if (bb_moves(*P, *O))
        return true;
    if (!bb_moves(*O, *P))
        return false;
    bb_t t = *P; *P = *O; *O = t;
    *side ^= 1;
    record(g, -1);
    return true;
}

static int random_square(struct rng *r, bb_t m)
{
    int32_t sq[64];
    int n = bb_squares(m, sq);
    return sq[rng_below(r, (uint32_t)n)];
}

/* Game `index`: its opening (index modulo the set), random plies, then
 * the search to the solver's empties and the solver to the end. Depends
 * on the seed and index only. */
static void play_game(const struct run *ru, struct oth_search *s, int index, struct sp_game *g)
{
    const struct sp_opts *o = ru->o;
    uint64_t x = o->seed * 0x9e3779b97f4a7c15ULL + (uint64_t)index;
    struct rng r;
    rng_seed(&r, rng_splitmix(&x));
    memset(g, 0, sizeof *g);
    g->index = index;
    g->exact = o->exact;
    bb_t P = TRAIN_START_BLACK, O = TRAIN_START_WHITE;
    int side = 0;
    const struct opening *op = &ru->ops.v[(size_t)index % ru->ops.n];
    for (int i = 0; i < op->n; i++) {
        record(g, op->sq[i]);
        if (op->sq[i] >= 0)
            train_play(&P, &O, op->sq[i]);
        else {
            bb_t t = P; P = O; O = t;
        }
        side ^= 1;
    }
    int span = o->random_max - o->random_min + 1;
    int nrand = o->random_min + (int)rng_below(&r, (uint32_t)span);
    for (int i = 0; i < nrand && pass_if_forced(g, &P, &O, &side); i++) {
        int sq = random_square(&r, bb_moves(P, O));
        record(g, sq);
        train_play(&P, &O, sq);
        side ^= 1;
    }
    g->opening = g->n;
    while (pass_if_forced(g, &P, &O, &side)) {
        int empties = 64 - bb_popcount(P | O), best = -1, v;
        if (empties <= o->exact)
            v = oth_solve(s, P, O, ~0ULL, false, &best, NULL);
        else {
            v = oth_search_fixed(s, P, O, ~0ULL, o->depth, &best);
            if (o->search_labels)
                g->value[g->nvalues++] = v;
        }
        bb_t m = bb_moves(P, O);
        if (best < 0 || !(m >> best & 1))
            best = bb_first(m);
        record(g, best);
        train_play(&P, &O, best);
        side ^= 1;
    }
    int mine = bb_popcount(P), theirs = bb_popcount(O), e = 64 - mine - theirs;
    int margin = mine - theirs + (mine > theirs ? e : mine < theirs ? -e : 0);
    g->margin = side ? -margin : margin;
}

static void *worker(void *arg)
{
    struct run *ru = arg;
    char err[256];
    struct oth_search_config c = {
        .hash_mb = ru->o->hash_mb, .threads = 1,
        .weights = oth_weights_shared_default(ru->o->weights, err, sizeof err),
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
    while ((i = atomic_fetch_add(&ru->next, 1)) < ru->ntodo && !ru->err) {
        oth_search_clear(s); /* a game depends on its seed and index only */
        play_game(ru, s, ru->todo[i], &g);
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
    double dt = wall_now() - t0, rate = dt > 0 ? (double)done / dt : 0;
    double eta = rate > 0 ? (double)(ru->ntodo - done) / rate : 0;
    fprintf(stderr, "%sselfplay: %zu/%zu games, %.2f games/s, %.0f positions/s, ETA %dh%02dm%s",
            isatty(2) ? "\r" : "", done, ru->ntodo, rate,
            dt > 0 ? (double)atomic_load(&ru->positions) / dt : 0.0, (int)(eta / 3600),
            (int)(eta / 60) % 60, isatty(2) && !last ? "" : "\n");
}

static void format_header(const struct sp_opts *o, const struct run *ru, char *h, size_t cap)
{
    int n = snprintf(h, cap,
                     "# quartet-train selfplay 1 seed=%llu games=%d depth=%d exact=%d "
                     "random=%d-%d labels=%s openings=%s:%zu:%08x",
                     (unsigned long long)o->seed, o->games, o->depth, o->exact,
                     o->random_min, o->random_max, o->search_labels ? "search" : "result",
                     ru->ops_name, ru->ops.n, ru->ops.hash);
    if (o->shard_n > 1 && n > 0 && (size_t)n < cap)
        snprintf(h + n, cap - (size_t)n, " shard=%d/%d", o->shard_k, o->shard_n);
}

/* The games of this shard that the output does not hold yet; opens the
 * output for appending (repairing a torn last line). */
static int prepare_output(struct run *ru, const char *header)
{
    const struct sp_opts *o = ru->o;
    char err[512];
    bool *have = calloc((size_t)o->games, 1);
    ru->todo = malloc((size_t)o->games * sizeof *ru->todo);
    if (!have || !ru->todo) {
        free(have);
        fprintf(stderr, "quartet-train: out of memory\n");
        return -1;
    }
    bool fresh = access(o->out, F_OK) != 0;
    struct sp_file f = {0};
    if (!fresh) {
        if (sp_read(o->out, &f, err, sizeof err) != 0) {
            fprintf(stderr, "quartet-train: %s\n", err);
            free(have);
            return -1;
        }
        fresh = f.keep == 0; /* empty, or only a torn header */
        if (!fresh && strcmp(f.header, header) != 0) {
            fprintf(stderr, "quartet-train: %s holds another run:\n  %s\nnot\n  %s\n",
                    o->out, f.header, header);
            sp_file_free(&f);
            free(have);
            return -1;
        }
        if (f.torn) {
            if (truncate(o->out, f.keep) != 0) {
                fprintf(stderr, "quartet-train: %s: cannot cut its torn last line\n", o->out);
                sp_file_free(&f);
                free(have);
                return -1;
            }
            fprintf(stderr, "quartet-train: %s: cut off a torn last line\n", o->out);
        }
        for (size_t i = 0; i < f.n; i++)
            if (f.g[i].index < o->games)
                have[f.g[i].index] = true;
        if (!fresh)
            fprintf(stderr, "quartet-train: %s: resuming, %zu games already played\n",
                    o->out, f.n);
        sp_file_free(&f);
    }
    for (int i = 0; i < o->games; i++)
        if (i % o->shard_n == o->shard_k - 1 && !have[i])
            ru->todo[ru->ntodo++] = i;
    free(have);
    ru->out = fopen(o->out, fresh ? "w" : "a");
    if (!ru->out || (fresh && (fprintf(ru->out, "%s\n", header) < 0 || fflush(ru->out)))) {
        fprintf(stderr, "quartet-train: %s: cannot write\n", o->out);
        return -1;
    }
    return 0;
}

static int spawn(struct run *ru, int T)
{
    pthread_t tid[64];
    int started = 0;
    double t0 = wall_now(), c0 = cpu_seconds(), shown = t0;
    for (int t = 0; t < T; t++)
        started += pthread_create(&tid[started], NULL, worker, ru) == 0;
    if (!started)
        worker(ru);
    while (started && atomic_load(&ru->done) < ru->ntodo && !ru->err) {
        nanosleep(&(struct timespec){0, 200000000}, NULL);
        double every = isatty(2) ? 1.0 : 30.0;
        if (!ru->o->quiet && wall_now() - shown >= every) {
            progress(ru, t0, false);
            shown = wall_now();
        }
    }
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    if (!ru->o->quiet)
        progress(ru, t0, true);
    double cpu = cpu_seconds() - c0;
    long pos = atomic_load(&ru->positions);
    printf("selfplay: %zu games, %ld positions, %.1f CPU seconds: %.1f positions per "
           "CPU-second\n", atomic_load(&ru->done), pos, cpu, cpu > 0 ? (double)pos / cpu : 0);
    return ru->err;
}

int selfplay_run(const struct sp_opts *o)
{
    struct run ru = {.o = o};
    char err[512], path[4096], header[SP_HEADER_MAX];
    const char *file = o->openings;
    if (!file && oth_data_path("openings/othello-8.txt", path, sizeof path) == 0)
        file = path;
    if (!file) {
        fprintf(stderr, "quartet-train: no openings file found; give --openings FILE\n");
        return -1;
    }
    if (load_openings(file, &ru.ops, err, sizeof err) != 0) {
        fprintf(stderr, "quartet-train: %s\n", err);
        return -1;
    }
    const char *slash = strrchr(file, '/');
    ru.ops_name = slash ? slash + 1 : file;
    if (!oth_weights_shared_default(o->weights, err, sizeof err)) {
        fprintf(stderr, "quartet-train: %s\n", err);
        free(ru.ops.v);
        return -1;
    }
    format_header(o, &ru, header, sizeof header);
    pthread_mutex_init(&ru.lock, NULL);
    int rc = prepare_output(&ru, header);
    if (rc == 0)
        rc = spawn(&ru, o->threads);
    if (ru.out && fclose(ru.out) != 0)
        rc = -1;
    pthread_mutex_destroy(&ru.lock);
    free(ru.todo);
    free(ru.ops.v);
    if (rc != 0)
        fprintf(stderr, "quartet-train: selfplay failed (writing %s)\n", o->out);
    return rc;
}

static int by_index(const void *a, const void *b)
{
    const struct sp_game *x = a, *y = b;
    return (x->index > y->index) - (x->index < y->index);
}

/* games=N of a header; 0 if absent. */
static int header_games(const char *h)
{
    const char *g = strstr(h, " games=");
    return g ? atoi(g + 7) : 0;
}

int selfplay_merge(const char *out, char *const *in, int nin)
{
    char err[512], run0[SP_HEADER_MAX], run[SP_HEADER_MAX];
    struct sp_file all = {0};
    int rc = 0;
    for (int i = 0; i < nin && rc == 0; i++) {
        struct sp_file f;
        if (sp_read(in[i], &f, err, sizeof err) != 0) {
            fprintf(stderr, "quartet-train: %s\n", err);
            rc = -1;
            break;
        }
        sp_header_run(f.header, i ? run : run0, SP_HEADER_MAX);
        if (i && strcmp(run, run0) != 0) {
            fprintf(stderr, "quartet-train: %s is of another run than %s\n", in[i], in[0]);
            rc = -1;
        }
        if (f.torn)
            fprintf(stderr, "quartet-train: %s: left out a torn last line\n", in[i]);
        for (size_t k = 0; rc == 0 && k < f.n; k++) {
            if (all.n == all.cap) {
                all.cap = all.cap ? 2 * all.cap : 1024;
                struct sp_game *v = realloc(all.g, all.cap * sizeof *v);
                if (!v) {
                    rc = -1;
                    break;
                }
                all.g = v;
            }
            all.g[all.n++] = f.g[k];
        }
        sp_file_free(&f);
    }
    if (rc == 0)
        qsort(all.g, all.n, sizeof *all.g, by_index);
    FILE *f = rc == 0 ? fopen(out, "w") : NULL;
    if (rc == 0 && (!f || fprintf(f, "%s\n", run0) < 0))
        rc = -1;
    size_t kept = 0;
    char line[1024], prev[1024] = "";
    for (size_t i = 0; rc == 0 && i < all.n; i++) {
        sp_format(&all.g[i], line, sizeof line);
        if (i && all.g[i].index == all.g[i - 1].index) {
            if (strcmp(line, prev) != 0) {
                fprintf(stderr, "quartet-train: game %d differs between the inputs\n",
                        all.g[i].index);
                rc = -1;
            }
            continue;
        }
        rc = fputs(line, f) < 0 ? -1 : 0;
        memcpy(prev, line, sizeof line);
        kept++;
    }
    if (f && fclose(f) != 0)
        rc = -1;
    int games = header_games(run0);
    if (rc == 0)
        printf("merge: %zu games of %d in %s (%zu missing)\n", kept, games, out,
               games > (int)kept ? (size_t)games - kept : 0);
    else
        fprintf(stderr, "quartet-train: merge into %s failed\n", out);
    free(all.g);
    return rc;
}
