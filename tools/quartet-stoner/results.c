/* quartet-stoner's results: the lines kept, their proofs, the reports. */
#include "results.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* A distinct stoner-like position and its proof. */
struct slot {
    bb_t a, r;
    int trigger;
    int used;
    struct proof proof;
};

struct success {
    int depth, shape, orient;
    int8_t moves[STONER_MAX_DEPTH];
    struct proof proof;
};

/* What one enumerating thread keeps; read once the enumeration is done. */
struct per_thread {
    struct stoner_line *lines;
    long n, cap;
    struct stoner_prover *prover;
};

struct results {
    int threads;
    size_t hash_bytes;
    struct per_thread *pt;
    struct slot *cache;       /* open addressing, at most half full */
    size_t cache_cap;
    long *todo;               /* slots to prove */
    long ntodo;
    long next, proved;        /* atomic */
    long lines;               /* atomic */
    int failed;               /* atomic */
};

struct results *results_new(int threads, size_t hash_bytes)
{
    struct results *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->threads = threads;
    r->hash_bytes = hash_bytes;
    r->pt = calloc((size_t)threads, sizeof *r->pt);
    if (!r->pt) {
        free(r);
        return NULL;
    }
    return r;
}

void results_free(struct results *r)
{
    if (!r)
        return;
    for (int t = 0; t < r->threads; t++) {
        free(r->pt[t].lines);
        stoner_prover_free(r->pt[t].prover);
    }
    free(r->pt);
    free(r->cache);
    free(r->todo);
    free(r);
}

void results_add(void *ctx, int thread, const struct stoner_line *line)
{
    struct results *r = ctx;
    struct per_thread *pt = &r->pt[thread];
    if (pt->n == pt->cap) {
        long cap = pt->cap ? 2 * pt->cap : 256;
        struct stoner_line *n = realloc(pt->lines, (size_t)cap * sizeof *n);
        if (!n) {
            __atomic_store_n(&r->failed, 1, __ATOMIC_RELAXED);
            return;
        }
        pt->lines = n;
        pt->cap = cap;
    }
    pt->lines[pt->n++] = *line;
    __atomic_fetch_add(&r->lines, 1, __ATOMIC_RELAXED);
}

static size_t slot_hash(bb_t a, bb_t r)
{
    uint64_t h = a * 0x9e3779b97f4a7c15ULL ^ r * 0xc2b2ae3d27d4eb4fULL;
    return (size_t)(h ^ h >> 32);
}

/* The slot of a line's position (the trigger follows from the position). */
static struct slot *slot_of(const struct results *r, const struct stoner_line *l)
{
    size_t i = slot_hash(l->attacker, l->receiver) & (r->cache_cap - 1);
    while (r->cache[i].used
           && (r->cache[i].a != l->attacker || r->cache[i].r != l->receiver))
        i = (i + 1) & (r->cache_cap - 1);
    return &r->cache[i];
}

static struct proof prove_with(struct results *r, int thread, bb_t a, bb_t rc,
                               int trigger)
{
    struct proof p = {.status = STONER_DISPROVEN, .escape = -2, .corner = -1};
    struct per_thread *pt = &r->pt[thread];
    if (!pt->prover)
        pt->prover = stoner_prover_new(r->hash_bytes);
    if (!pt->prover) {
        __atomic_store_n(&r->failed, 1, __ATOMIC_RELAXED);
        return p;
    }
    struct stoner_result res;
    stoner_prove(pt->prover, a, rc, trigger, NULL, &res);
    p.status = res.status;
    p.length = res.length;
    p.escape = res.escape;
    p.corner = res.corner;
    p.pv_len = res.pv_len < PV_KEEP ? res.pv_len : PV_KEEP;
    for (int i = 0; i < p.pv_len; i++)
        p.pv[i] = (int8_t)res.pv[i];
    return p;
}

struct proof results_prove(struct results *r, const struct stoner_line *line)
{
    return prove_with(r, 0, line->attacker, line->receiver, line->match.trigger);
}

struct prove_arg {
    struct results *r;
    int thread;
};

static void *prove_some(void *arg)
{
    struct prove_arg *pa = arg;
    struct results *r = pa->r;
    for (;;) {
        long i = __atomic_fetch_add(&r->next, 1, __ATOMIC_RELAXED);
        if (i >= r->ntodo)
            break;
        struct slot *s = &r->cache[r->todo[i]];
        s->proof = prove_with(r, pa->thread, s->a, s->r, s->trigger);
        __atomic_fetch_add(&r->proved, 1, __ATOMIC_RELAXED);
    }
    return NULL;
}

int results_prove_all(struct results *r, int threads)
{
    long total = r->lines;
    size_t cap = 16;
    while (cap < 2 * (size_t)total + 2)
        cap *= 2;
    r->cache = calloc(cap, sizeof *r->cache);
    r->todo = malloc(((size_t)total + 1) * sizeof *r->todo);
    if (!r->cache || !r->todo)
        return -1;
    r->cache_cap = cap;
    for (int t = 0; t < r->threads; t++)
        for (long i = 0; i < r->pt[t].n; i++) {
            const struct stoner_line *l = &r->pt[t].lines[i];
            struct slot *s = slot_of(r, l);
            if (s->used)
                continue;
            *s = (struct slot){l->attacker, l->receiver, l->match.trigger, 1, {0}};
            r->todo[r->ntodo++] = s - r->cache;
        }
    if (threads > r->threads)
        threads = r->threads; /* one prover per enumerating thread slot */
    pthread_t tid[256];
    struct prove_arg pa[256];
    int started = 0;
    for (int t = 1; t < threads && t < 256; t++) {
        pa[t] = (struct prove_arg){r, t};
        if (pthread_create(&tid[t], NULL, prove_some, &pa[t]) != 0)
            break;
        started = t;
    }
    pa[0] = (struct prove_arg){r, 0};
    prove_some(&pa[0]);
    for (int t = 1; t <= started; t++)
        pthread_join(tid[t], NULL);
    return results_failed(r) ? -1 : 0;
}

long results_lines(const struct results *r)
{
    return __atomic_load_n(&r->lines, __ATOMIC_RELAXED);
}

long results_positions(const struct results *r)
{
    return __atomic_load_n(&r->ntodo, __ATOMIC_RELAXED);
}

long results_proved(const struct results *r)
{
    return __atomic_load_n(&r->proved, __ATOMIC_RELAXED);
}

int results_failed(const struct results *r)
{
    return __atomic_load_n(&r->failed, __ATOMIC_RELAXED);
}

void results_format_line(const int8_t *moves, int n, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len + 5 < cap; i++) {
        if (moves[i] == STONER_PASS) {
            memcpy(buf + len, "pass", 5);
            len += 4;
        } else {
            buf[len++] = (char)('a' + moves[i] % 8);
            buf[len++] = (char)('1' + moves[i] / 8);
            buf[len] = '\0';
        }
    }
}

const char *results_attacker(int n)
{
    return n % 2 ? "black" : "white"; /* every ply, passes too, alternates */
}

static int square_text(int sq, char *buf)
{
    if (sq == STONER_PASS)
        return sprintf(buf, "pass");
    if (sq < 0)
        return sprintf(buf, "end");
    return sprintf(buf, "%c%d", 'a' + sq % 8, sq / 8 + 1);
}

/* Successful lines of all threads, sorted. */
static int by_line(const void *x, const void *y)
{
    const struct success *a = x, *b = y;
    if (a->depth != b->depth)
        return a->depth - b->depth;
    if (a->orient != b->orient)
        return a->orient - b->orient;
    if (a->shape != b->shape)
        return a->shape - b->shape;
    return memcmp(a->moves, b->moves, (size_t)a->depth);
}

static struct success *all_successes(struct results *r, long *n)
{
    long total = 0;
    for (int t = 0; t < r->threads; t++)
        total += r->pt[t].n;
    struct success *all = malloc((size_t)(total ? total : 1) * sizeof *all);
    *n = 0;
    if (!all)
        return NULL;
    for (int t = 0; t < r->threads; t++)
        for (long i = 0; i < r->pt[t].n; i++) {
            const struct stoner_line *l = &r->pt[t].lines[i];
            const struct proof *p = &slot_of(r, l)->proof;
            if (p->status != STONER_PROVEN)
                continue;
            struct success *x = &all[(*n)++];
            x->depth = l->depth;
            x->shape = l->match.shape;
            x->orient = l->match.orient;
            memcpy(x->moves, l->moves, sizeof x->moves);
            x->proof = *p;
        }
    qsort(all, (size_t)*n, sizeof *all, by_line);
    return all;
}

static void sums(const struct results *r, int d, int o, long *lines, long *wins)
{
    for (int s = 0; s < STONER_SHAPES; s++)
        lines[s] = wins[s] = 0;
    for (int t = 0; t < r->threads; t++)
        for (long i = 0; i < r->pt[t].n; i++) {
            const struct stoner_line *l = &r->pt[t].lines[i];
            if (l->depth != d || l->match.orient != o)
                continue;
            lines[l->match.shape]++;
            wins[l->match.shape] += slot_of(r, l)->proof.status == STONER_PROVEN;
        }
}

static void print_pv(FILE *f, const struct proof *p)
{
    char sq[8];
    for (int i = 0; i < p->pv_len; i++) {
        square_text(p->pv[i], sq);
        fprintf(f, "%s%s", i ? " " : "", sq);
    }
}

void results_print_text(struct results *r, FILE *f, int min_depth, int max_depth)
{
    fprintf(f, "stoner-like lines / successful stoners, by depth, orientation and shape\n");
    fprintf(f, "%5s %-10s %17s %17s %17s\n", "depth", "orient", stoner_shape_names[0],
            stoner_shape_names[1], stoner_shape_names[2]);
    for (int d = min_depth; d <= max_depth; d++)
        for (int o = 0; o < STONER_ORIENTS; o++) {
            long lines[STONER_SHAPES], wins[STONER_SHAPES];
            sums(r, d, o, lines, wins);
            fprintf(f, "%5d %-10s", d, stoner_orient_names[o]);
            for (int s = 0; s < STONER_SHAPES; s++) {
                char cell[40];
                snprintf(cell, sizeof cell, "%ld/%ld", lines[s], wins[s]);
                fprintf(f, " %17s", cell);
            }
            fputc('\n', f);
        }
    long n;
    struct success *all = all_successes(r, &n);
    fprintf(f, "successful stoners: %ld lines\n", n);
    for (long i = 0; i < n; i++) {
        const struct success *x = &all[i];
        char line[STONER_MAX_DEPTH * 4 + 1], corner[8];
        results_format_line(x->moves, x->depth, line, sizeof line);
        square_text(x->proof.corner, corner);
        fprintf(f, "%d %s %s attacker=%s length %d %s  pv ", x->depth,
                stoner_orient_names[x->orient], stoner_shape_names[x->shape],
                results_attacker(x->depth), x->proof.length, line);
        print_pv(f, &x->proof);
        fprintf(f, " corner %s\n", corner);
    }
    free(all);
}

void results_print_json(struct results *r, FILE *f, int min_depth, int max_depth)
{
    long n;
    struct success *all = all_successes(r, &n);
    for (int d = min_depth; d <= max_depth; d++)
        for (int o = 0; o < STONER_ORIENTS; o++) {
            long lines[STONER_SHAPES], wins[STONER_SHAPES];
            sums(r, d, o, lines, wins);
            fprintf(f, "{\"depth\":%d,\"orientation\":\"%s\",\"lines\":{", d,
                    stoner_orient_names[o]);
            for (int s = 0; s < STONER_SHAPES; s++)
                fprintf(f, "%s\"%s\":%ld", s ? "," : "", stoner_shape_names[s], lines[s]);
            fprintf(f, "},\"stoners\":{");
            for (int s = 0; s < STONER_SHAPES; s++)
                fprintf(f, "%s\"%s\":%ld", s ? "," : "", stoner_shape_names[s], wins[s]);
            fprintf(f, "},\"successful\":[");
            int first = 1;
            for (long i = 0; i < n; i++) {
                const struct success *x = &all[i];
                if (x->depth != d || x->orient != o)
                    continue;
                char line[STONER_MAX_DEPTH * 4 + 1], corner[8];
                results_format_line(x->moves, x->depth, line, sizeof line);
                square_text(x->proof.corner, corner);
                fprintf(f, "%s{\"line\":\"%s\",\"shape\":\"%s\",\"attacker\":\"%s\","
                        "\"length\":%d,\"pv\":\"", first ? "" : ",", line,
                        stoner_shape_names[x->shape], results_attacker(x->depth),
                        x->proof.length);
                print_pv(f, &x->proof);
                fprintf(f, "\",\"corner\":\"%s\"}", corner);
                first = 0;
            }
            fprintf(f, "]}\n");
        }
    free(all);
}
