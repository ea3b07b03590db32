/* quartet-stoner's results: proof cache, tallies, and the reports. */
#include "results.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { SLOT_EMPTY, SLOT_BUSY, SLOT_DONE };

struct slot {
    bb_t a, r;
    int state;
    struct proof proof;
};

struct success {
    int depth, shape, orient;
    int8_t moves[STONER_MAX_DEPTH];
    struct proof proof;
};

/* What one thread collects; merged when reporting. */
struct per_thread {
    long lines[STONER_MAX_DEPTH + 1][STONER_ORIENTS][STONER_SHAPES];
    long wins[STONER_MAX_DEPTH + 1][STONER_ORIENTS][STONER_SHAPES];
    struct success *succ;
    long nsucc, cap;
    struct stoner_prover *prover;
};

struct results {
    int max_depth, threads;
    size_t hash_bytes;
    struct per_thread *pt;
    pthread_mutex_t lock;     /* guards the cache */
    pthread_cond_t done;      /* a busy slot became done */
    struct slot *cache;
    size_t cache_cap, cache_used;
    long lines;               /* atomic */
    int failed;               /* atomic */
};

struct results *results_new(int max_depth, int threads, size_t hash_bytes)
{
    struct results *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->max_depth = max_depth;
    r->threads = threads;
    r->hash_bytes = hash_bytes;
    r->pt = calloc((size_t)threads, sizeof *r->pt);
    r->cache_cap = 1024;
    r->cache = calloc(r->cache_cap, sizeof *r->cache);
    if (!r->pt || !r->cache) {
        free(r->pt);
        free(r->cache);
        free(r);
        return NULL;
    }
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->done, NULL);
    return r;
}

void results_free(struct results *r)
{
    if (!r)
        return;
    for (int t = 0; t < r->threads; t++) {
        free(r->pt[t].succ);
        stoner_prover_free(r->pt[t].prover);
    }
    free(r->pt);
    free(r->cache);
    pthread_mutex_destroy(&r->lock);
    pthread_cond_destroy(&r->done);
    free(r);
}

static size_t slot_hash(bb_t a, bb_t r)
{
    uint64_t h = a * 0x9e3779b97f4a7c15ULL ^ r * 0xc2b2ae3d27d4eb4fULL;
    return (size_t)(h ^ h >> 32);
}

/* The slot of (a, r), or the empty slot where it belongs. Under lock. */
static struct slot *slot_find(struct results *r, bb_t a, bb_t rc)
{
    size_t i = slot_hash(a, rc) & (r->cache_cap - 1);
    while (r->cache[i].state != SLOT_EMPTY
           && (r->cache[i].a != a || r->cache[i].r != rc))
        i = (i + 1) & (r->cache_cap - 1);
    return &r->cache[i];
}

/* Doubles the cache when half full. Under lock; false: out of memory. */
static bool cache_grow(struct results *r)
{
    if (2 * (r->cache_used + 1) <= r->cache_cap)
        return true;
    struct slot *old = r->cache;
    size_t cap = r->cache_cap;
    struct slot *fresh = calloc(2 * cap, sizeof *fresh);
    if (!fresh)
        return false;
    r->cache = fresh;
    r->cache_cap = 2 * cap;
    for (size_t i = 0; i < cap; i++)
        if (old[i].state != SLOT_EMPTY)
            *slot_find(r, old[i].a, old[i].r) = old[i];
    free(old);
    return true;
}

static struct proof prove_now(struct results *r, int thread,
                              const struct stoner_line *line)
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
    stoner_prove(pt->prover, line->attacker, line->receiver,
                 line->match.trigger, NULL, &res);
    p.status = res.status;
    p.length = res.length;
    p.escape = res.escape;
    p.corner = res.corner;
    p.pv_len = res.pv_len < PV_KEEP ? res.pv_len : PV_KEEP;
    for (int i = 0; i < p.pv_len; i++)
        p.pv[i] = (int8_t)res.pv[i];
    return p;
}

struct proof results_prove(struct results *r, int thread,
                           const struct stoner_line *line)
{
    bb_t a = line->attacker, rc = line->receiver;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        struct slot *s = slot_find(r, a, rc);
        if (s->state == SLOT_DONE) {
            struct proof p = s->proof;
            pthread_mutex_unlock(&r->lock);
            return p;
        }
        if (s->state == SLOT_BUSY) { /* another thread is proving it */
            pthread_cond_wait(&r->done, &r->lock);
            continue;
        }
        if (!cache_grow(r)) {
            pthread_mutex_unlock(&r->lock);
            __atomic_store_n(&r->failed, 1, __ATOMIC_RELAXED);
            return prove_now(r, thread, line);
        }
        s = slot_find(r, a, rc);
        s->a = a;
        s->r = rc;
        s->state = SLOT_BUSY;
        r->cache_used++;
        break;
    }
    pthread_mutex_unlock(&r->lock);
    struct proof p = prove_now(r, thread, line);
    pthread_mutex_lock(&r->lock);
    struct slot *s = slot_find(r, a, rc);
    s->proof = p;
    s->state = SLOT_DONE;
    pthread_cond_broadcast(&r->done);
    pthread_mutex_unlock(&r->lock);
    return p;
}

void results_add(void *ctx, int thread, const struct stoner_line *line)
{
    struct results *r = ctx;
    struct per_thread *pt = &r->pt[thread];
    int d = line->depth, o = line->match.orient, s = line->match.shape;
    pt->lines[d][o][s]++;
    __atomic_fetch_add(&r->lines, 1, __ATOMIC_RELAXED);
    struct proof p = results_prove(r, thread, line);
    if (p.status != STONER_PROVEN)
        return;
    pt->wins[d][o][s]++;
    if (pt->nsucc == pt->cap) {
        long cap = pt->cap ? 2 * pt->cap : 64;
        struct success *n = realloc(pt->succ, (size_t)cap * sizeof *n);
        if (!n) {
            __atomic_store_n(&r->failed, 1, __ATOMIC_RELAXED);
            return;
        }
        pt->succ = n;
        pt->cap = cap;
    }
    struct success *x = &pt->succ[pt->nsucc++];
    x->depth = d;
    x->shape = s;
    x->orient = o;
    memcpy(x->moves, line->moves, sizeof x->moves);
    x->proof = p;
}

long results_lines(const struct results *r)
{
    return __atomic_load_n(&r->lines, __ATOMIC_RELAXED);
}

long results_positions(struct results *r)
{
    pthread_mutex_lock(&r->lock);
    long n = (long)r->cache_used;
    pthread_mutex_unlock(&r->lock);
    return n;
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
        total += r->pt[t].nsucc;
    struct success *all = malloc((size_t)(total ? total : 1) * sizeof *all);
    if (!all) {
        *n = 0;
        return NULL;
    }
    long k = 0;
    for (int t = 0; t < r->threads; t++) {
        if (r->pt[t].nsucc) /* succ is NULL until the first success */
            memcpy(all + k, r->pt[t].succ, (size_t)r->pt[t].nsucc * sizeof *all);
        k += r->pt[t].nsucc;
    }
    qsort(all, (size_t)total, sizeof *all, by_line);
    *n = total;
    return all;
}

static void sums(const struct results *r, int d, int o, long *lines, long *wins)
{
    for (int s = 0; s < STONER_SHAPES; s++) {
        lines[s] = wins[s] = 0;
        for (int t = 0; t < r->threads; t++) {
            lines[s] += r->pt[t].lines[d][o][s];
            wins[s] += r->pt[t].wins[d][o][s];
        }
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
