/* quartet-train book: builds the opening book (data/othello.book).
 *
 * Best-first over a tree of openings from the start position. Every
 * position taken gets all its moves valued by one depth-D multi-PV search
 * (every root move an exact value at that depth) with the pattern
 * evaluation. Its children enter the queue when the path to them has lost
 * at most `margin` discs in total against the best move of each position
 * on the way (both sides' losses count) and they are at most `plies` plies
 * deep. The queue is taken in order of that loss (then ply, then key) in
 * batches of BATCH positions, until it is empty or `max` positions are in.
 * Finally the values are negamaxed from the deepest positions back to the
 * start: a move whose position is in the book gets minus that position's
 * best value, so that inner positions agree with their subtrees.
 *
 * Deterministic whatever the thread count: each position is searched on
 * one thread, in its canonical orientation, with a cleared table; the
 * batches have a fixed size, and a batch's children are merged in key
 * order. Positions where the side to move must pass are left out. */
#include "parallel.h"
#include "train.h"

#include "engine/clock.h"
#include "engine/games/othello/book.h"
#include "engine/games/othello/othello.h"
#include "engine/games/othello/patterns.h"
#include "engine/games/othello/search.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BATCH 32

struct node {
    bb_t P, O;              /* canonical, P to move */
    int ply;
    int loss;               /* eval units lost on the way, both sides */
    bool done;              /* valued */
    int nmoves;
    struct oth_book_move m[OTH_BOOK_MAX_MOVES];
};

struct tree {
    struct node *v;
    size_t n, cap;
    uint32_t *slot;         /* hash of keys -> index + 1; 0 empty */
    size_t mask;
};

static size_t key_hash(bb_t P, bb_t O)
{
    uint64_t h = P * 0x9e3779b97f4a7c15ULL ^ O * 0xc2b2ae3d27d4eb4fULL;
    return (size_t)(h ^ h >> 29);
}

static int tree_grow(struct tree *t)
{
    size_t size = t->mask ? (t->mask + 1) * 2 : 1024;
    uint32_t *s = calloc(size, sizeof *s);
    if (!s)
        return -1;
    for (size_t i = 0; i < t->n; i++) {
        size_t h = key_hash(t->v[i].P, t->v[i].O) & (size - 1);
        while (s[h])
            h = (h + 1) & (size - 1);
        s[h] = (uint32_t)i + 1;
    }
    free(t->slot);
    t->slot = s;
    t->mask = size - 1;
    return 0;
}

/* The node of (P, O) (canonical); created with ply and loss when new.
 * NULL when out of memory. */
static struct node *tree_get(struct tree *t, bb_t P, bb_t O, int ply, int loss)
{
    if ((t->n + 1) * 2 > t->mask + 1 && tree_grow(t) != 0)
        return NULL;
    size_t h = key_hash(P, O) & t->mask;
    for (; t->slot[h]; h = (h + 1) & t->mask) {
        struct node *x = &t->v[t->slot[h] - 1];
        if (x->P == P && x->O == O)
            return x;
    }
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 1024;
        struct node *v = realloc(t->v, cap * sizeof *v);
        if (!v)
            return NULL;
        t->v = v;
        t->cap = cap;
    }
    t->slot[h] = (uint32_t)t->n + 1;
    t->v[t->n] = (struct node){.P = P, .O = O, .ply = ply, .loss = loss};
    return &t->v[t->n++];
}

static struct node *tree_find(const struct tree *t, bb_t P, bb_t O)
{
    for (size_t h = key_hash(P, O) & t->mask; t->slot[h]; h = (h + 1) & t->mask) {
        struct node *x = &t->v[t->slot[h] - 1];
        if (x->P == P && x->O == O)
            return x;
    }
    return NULL;
}

/* The canonical position after P plays sq. */
static void child_of(bb_t P, bb_t O, int sq, bb_t *cP, bb_t *cO)
{
    bb_t f = bb_flips(P, O, sq);
    oth_book_canon(O & ~f, P | f | 1ULL << sq, cP, cO);
}

/* ---- valuing a batch on several threads ---- */

struct batch {
    struct tree *t;
    size_t *idx;            /* nodes to value */
    size_t n;
    atomic_size_t next;
    const struct oth_weights *w;
    const struct book_opts *bo;
    int hash_mb;
    atomic_int failed;
};

static void value_node(struct oth_search *s, struct node *x, int depth)
{
    oth_search_clear(s);
    struct oth_run run = {.max_depth = depth, .multi_pv = true};
    struct oth_progress p;
    oth_search_run(s, x->P, x->O, ~0ULL, &run, &p);
    x->nmoves = 0;
    for (int i = 0; i < p.ncand && x->nmoves < OTH_BOOK_MAX_MOVES; i++) {
        int v = p.exact ? p.cand[i].value * OTH_EVAL_UNIT : p.cand[i].value;
        v = v > OTH_EVAL_MAX ? OTH_EVAL_MAX : v < -OTH_EVAL_MAX ? -OTH_EVAL_MAX : v;
        x->m[x->nmoves++] = (struct oth_book_move){p.cand[i].sq, v};
    }
    x->done = true;
}

static void *batch_worker(void *arg)
{
    struct batch *b = arg;
    struct oth_search_config c = {.hash_mb = b->hash_mb, .threads = 1, .weights = b->w};
    struct oth_search *s = oth_search_new(&c);
    if (!s) {
        atomic_store(&b->failed, 1);
        return NULL;
    }
    for (size_t i; (i = atomic_fetch_add(&b->next, 1)) < b->n;)
        value_node(s, &b->t->v[b->idx[i]], b->bo->depth);
    oth_search_free(s);
    return NULL;
}

static int value_batch(struct batch *b, int threads)
{
    atomic_store(&b->next, 0);
    train_parallel(threads, batch_worker, b, 0);
    return atomic_load(&b->failed) ? -1 : 0;
}

/* ---- the best-first expansion ---- */

static const struct tree *sort_tree; /* qsort has no context argument */

static int queue_cmp(const void *a, const void *b)
{
    const struct node *x = &sort_tree->v[*(const size_t *)a];
    const struct node *y = &sort_tree->v[*(const size_t *)b];
    if (x->loss != y->loss)
        return x->loss < y->loss ? -1 : 1;
    if (x->ply != y->ply)
        return x->ply < y->ply ? -1 : 1;
    if (x->P != y->P)
        return x->P < y->P ? -1 : 1;
    return x->O < y->O ? -1 : x->O > y->O;
}

/* Queues the children of a valued node that are within the margin. */
static int expand(struct tree *t, size_t i, const struct book_opts *bo, int margin)
{
    struct node x = t->v[i];   /* a copy: tree_get may move the array */
    if (x.ply >= bo->plies || x.nmoves == 0)
        return 0;
    int best = x.m[0].value;
    for (int k = 1; k < x.nmoves; k++)
        best = x.m[k].value > best ? x.m[k].value : best;
    for (int k = 0; k < x.nmoves; k++) {
        int loss = x.loss + best - x.m[k].value;
        if (loss > margin)
            continue;
        bb_t cP, cO;
        child_of(x.P, x.O, x.m[k].sq, &cP, &cO);
        if (!bb_moves(cP, cO))
            continue; /* a pass or the end: not a book position */
        struct node *c = tree_get(t, cP, cO, x.ply + 1, loss);
        if (!c)
            return -1;
        if (!c->done && loss < c->loss)
            c->loss = loss;
    }
    return 0;
}

static int ply_desc(const void *a, const void *b)
{
    const struct node *x = &sort_tree->v[*(const size_t *)a];
    const struct node *y = &sort_tree->v[*(const size_t *)b];
    return (x->ply < y->ply) - (x->ply > y->ply);
}

/* Negamax from the deepest positions up: a move into a valued position is
 * worth minus that position's best move. */
static void back_up(struct tree *t, size_t *idx, size_t n)
{
    sort_tree = t;
    qsort(idx, n, sizeof *idx, ply_desc);
    for (size_t i = 0; i < n; i++) {
        struct node *x = &t->v[idx[i]];
        for (int k = 0; k < x->nmoves; k++) {
            bb_t cP, cO;
            child_of(x->P, x->O, x->m[k].sq, &cP, &cO);
            const struct node *c = tree_find(t, cP, cO);
            if (!c || !c->done || c->nmoves == 0)
                continue;
            int best = c->m[0].value;
            for (int j = 1; j < c->nmoves; j++)
                best = c->m[j].value > best ? c->m[j].value : best;
            x->m[k].value = -best;
        }
    }
}

int build_book(const struct oth_weights *w, const struct book_opts *bo,
               const struct train_opts *o, const char *out)
{
    struct tree t = {0};
    size_t *idx = malloc(sizeof *idx * 1024), cap = 1024, nidx = 0;
    size_t *done = NULL;
    int rc = -1;
    double wall = clock_now(), cpu = clock_cpu_process();
    int margin = (int)(bo->margin * OTH_EVAL_UNIT + 0.5);
    bb_t P, O;
    oth_book_canon(0x0000000810000000ULL, 0x0000001008000000ULL, &P, &O);
    if (!idx || !tree_get(&t, P, O, 0, 0))
        goto out;
    size_t valued = 0;
    for (;;) {
        /* The queue: every node not valued yet, best first. */
        nidx = 0;
        for (size_t i = 0; i < t.n; i++) {
            if (t.v[i].done)
                continue;
            if (nidx == cap) {
                size_t *ni = realloc(idx, sizeof *idx * cap * 2);
                if (!ni)
                    goto out;
                idx = ni;
                cap *= 2;
            }
            idx[nidx++] = i;
        }
        if (nidx == 0 || valued >= (size_t)bo->max)
            break;
        sort_tree = &t;
        qsort(idx, nidx, sizeof *idx, queue_cmp);
        size_t take = nidx < BATCH ? nidx : BATCH;
        if (take > (size_t)bo->max - valued)
            take = (size_t)bo->max - valued;
        struct batch b = {.t = &t, .idx = idx, .n = take, .w = w, .bo = bo,
                          .hash_mb = o->hash_mb};
        if (value_batch(&b, o->threads) != 0) {
            fprintf(stderr, "quartet-train: cannot make a search\n");
            goto out;
        }
        valued += take;
        for (size_t i = 0; i < take; i++)
            if (expand(&t, idx[i], bo, margin) != 0)
                goto out;
        if (o->verbose)
            fprintf(stderr, "book: %zu positions valued, %zu queued, %.0f s\n",
                    valued, t.n - valued, clock_now() - wall);
    }
    /* The valued nodes, negamaxed, become the entries. */
    done = malloc(sizeof *done * (t.n + 1));
    struct oth_book_entry *e = done ? malloc(sizeof *e * (valued + 1)) : NULL;
    if (!e)
        goto out;
    size_t nd = 0;
    for (size_t i = 0; i < t.n; i++)
        if (t.v[i].done && t.v[i].nmoves > 0)
            done[nd++] = i;
    back_up(&t, done, nd);
    int maxply = 0;
    for (size_t i = 0; i < nd; i++) {
        const struct node *x = &t.v[done[i]];
        e[i] = (struct oth_book_entry){.P = x->P, .O = x->O, .depth = bo->depth,
                                       .nmoves = x->nmoves};
        memcpy(e[i].m, x->m, sizeof x->m);
        maxply = x->ply > maxply ? x->ply : maxply;
    }
    char err[512];
    rc = oth_book_save(e, nd, out, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "quartet-train: %s\n", err);
    const struct node *root = tree_find(&t, P, O);
    int rootv = root && root->nmoves ? root->m[0].value : 0;
    for (int k = 1; root && k < root->nmoves; k++)
        rootv = root->m[k].value > rootv ? root->m[k].value : rootv;
    size_t nmoves = 0;
    for (size_t i = 0; i < nd; i++)
        nmoves += (size_t)e[i].nmoves;
    printf("book: %zu positions (plies 0-%d), %zu moves, depth %d, margin %.2f; "
           "start position %+.2f discs; %.1f s CPU, %.1f s wall\n",
           nd, maxply, nmoves, bo->depth, bo->margin, (double)rootv / OTH_EVAL_UNIT,
           clock_cpu_process() - cpu, clock_now() - wall);
    free(e);
out:
    free(done);
    free(idx);
    free(t.v);
    free(t.slot);
    return rc;
}

/* ---- book-info: what a book holds and what a lookup costs ---- */

int book_info(const char *path)
{
    char err[512];
    struct oth_book *b = oth_book_load(path, err, sizeof err);
    if (!b) {
        fprintf(stderr, "quartet-train: %s\n", err);
        return -1;
    }
    size_t n = oth_book_size(b), moves = 0, per_ply[61] = {0};
    struct oth_book_entry *e = malloc(sizeof *e * n);
    if (!e) {
        oth_book_free(b);
        return -1;
    }
    int depth = 0;
    for (size_t i = 0; i < n; i++) {
        oth_book_entry_at(b, i, &e[i]);
        moves += (size_t)e[i].nmoves;
        per_ply[bb_popcount(e[i].P | e[i].O) - 4]++;
        depth = e[i].depth > depth ? e[i].depth : depth;
    }
    printf("%s: %zu positions, %zu moves, depth %d, %zu bytes\nper ply:", path, n, moves,
           depth, 16 + 20 * n + 4 * moves + 4);
    for (int p = 0; p <= 60; p++)
        if (per_ply[p])
            printf(" %d:%zu", p, per_ply[p]);
    /* Every entry under each of the 8 symmetries, best of 5 runs. */
    double best = 1e9;
    long sink = 0;
    for (int run = 0; run < 5; run++) {
        double t0 = clock_cpu_process();
        for (size_t i = 0; i < n; i++)
            for (int s = 0; s < 8; s++) {
                struct oth_book_move m[OTH_BOOK_MAX_MOVES];
                sink += oth_book_lookup(b, oth_sym(s, e[i].P), oth_sym(s, e[i].O), m,
                                        OTH_BOOK_MAX_MOVES, NULL);
            }
        double t = (clock_cpu_process() - t0) / (8.0 * (double)n) * 1e9;
        best = t < best ? t : best;
    }
    bb_t P = 0x0000000810000000ULL, O = 0x0000001008000000ULL;
    struct oth_book_move m[OTH_BOOK_MAX_MOVES];
    int k = oth_book_lookup(b, P, O, m, OTH_BOOK_MAX_MOVES, NULL);
    printf("\nlookup: %.0f ns CPU time (best of 5 runs over every entry under the 8 "
           "symmetries; %ld moves found)\n", best, sink / 5);
    if (k > 0) {
        int pv[60], len = oth_book_line(b, P, O, m[0].sq, pv, 60);
        printf("start position: %+.2f discs; book line:", (double)m[0].value / OTH_EVAL_UNIT);
        for (int i = 0; i < len; i++)
            printf(" %c%d", 'a' + pv[i] % 8, pv[i] / 8 + 1);
        printf("\n");
    }
    free(e);
    oth_book_free(b);
    return 0;
}
