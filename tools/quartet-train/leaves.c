/* quartet-train leaves (leaves.h). Each root is searched to depth D with
 * every root move valued (the analysis's multi-PV search, full width, the
 * weights given); each root move's principal variation is followed for
 * D moves (a pass is not a move), and the position where it stops is a
 * leaf whose evaluation that move's value came from. Those positions,
 * once solved, teach the evaluation where a depth-D value is decided:
 * the search picks the leaves it overrates, which the positions of games
 * alone do not show. Roots are shared out over threads; every root's
 * leaves are written in root order, so the output is the same at any
 * thread count. */
#include "leaves.h"
#include "parallel.h"
#include "train.h"
#include "engine/games/othello/search.h"
#include "engine/rng.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct root_leaves {
    int n;
    struct {
        bb_t P, O;
    } at[SEARCH_MAX_CANDIDATES];
};

struct job {
    const struct leaves_opts *o;
    const struct oth_weights *w;
    const struct pos *roots;
    const size_t *pick;        /* the roots searched, in the file's order */
    size_t n;
    struct root_leaves *out;
    atomic_size_t next;
    atomic_int failed;
};

/* One move for P (O the other side). */
static void make(int sq, bb_t *P, bb_t *O)
{
    bb_t f = bb_flips(*P, *O, sq);
    bb_t p = *P | f | (1ULL << sq);
    *P = *O & ~f;
    *O = p;
}

/* A forced pass made; false when neither side can move. */
static bool pass_if_forced(bb_t *P, bb_t *O)
{
    if (bb_moves(*P, *O))
        return true;
    if (!bb_moves(*O, *P))
        return false;
    bb_t t = *P;
    *P = *O;
    *O = t;
    return true;
}

/* Follows pv from (P, O) for `moves` moves (a pass is not one: the search
 * does not count them either). The table keeps no node within a ply of
 * the leaves, so the variation it gives stops short; a search of the
 * depth left, move by move, finishes the line as the search went. false
 * when the game ends first or the pv is not legal. */
static bool follow(struct oth_search *s, const int *pv, int len, int moves, bb_t *P, bb_t *O)
{
    int done = 0;
    for (int i = 0; i < len && done < moves; i++) {
        bool can = bb_moves(*P, *O) != 0;
        if (!pass_if_forced(P, O))
            return false;
        if (pv[i] < 0 && can)
            return false;  /* a pass where there is a move */
        if (pv[i] < 0)
            continue;      /* the forced pass, just made */
        if (!(bb_moves(*P, *O) >> pv[i] & 1))
            return false;
        make(pv[i], P, O);
        done++;
    }
    while (done < moves) {
        if (!pass_if_forced(P, O))
            return false;
        int best;
        oth_search_fixed(s, *P, *O, ~0ULL, moves - done, &best);
        if (best < 0 || !(bb_moves(*P, *O) >> best & 1))
            return false;
        make(best, P, O);
        done++;
    }
    return true;
}

static void search_root(struct oth_search *s, const struct pos *r, int depth, int moves,
                        struct root_leaves *out)
{
    oth_search_clear(s);
    struct oth_run run = {.max_depth = depth, .multi_pv = true};
    struct oth_progress p;
    out->n = 0;
    if (oth_search_run(s, r->P, r->O, ~0ULL, &run, &p) < 0 || p.exact)
        return;
    /* The candidates come best first. */
    int n = moves > 0 && moves < p.ncand ? moves : p.ncand;
    for (int i = 0; i < n; i++) {
        bb_t P = r->P, O = r->O;
        if (follow(s, p.cand[i].pv, p.cand[i].pv_len, depth, &P, &O)
            && pass_if_forced(&P, &O)) {
            out->at[out->n].P = P;
            out->at[out->n].O = O;
            out->n++;
        }
    }
}

static void *worker(void *arg)
{
    struct job *j = arg;
    struct oth_search_config c = {.hash_mb = j->o->hash_mb, .threads = 1, .weights = j->w};
    struct oth_search *s = oth_search_new(&c);
    if (!s) {
        atomic_store(&j->failed, 1);
        return NULL;
    }
    for (size_t i; (i = atomic_fetch_add(&j->next, 1)) < j->n;)
        search_root(s, &j->roots[j->pick[i]], j->o->depth, j->o->moves, &j->out[i]);
    oth_search_free(s);
    return NULL;
}

static int size_cmp(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* Which roots: all, or `positions` of them drawn by the seed (a partial
 * Fisher-Yates shuffle), then put back in the file's order. */
static size_t *pick_roots(size_t n, long positions, uint64_t seed, size_t *count)
{
    size_t *idx = malloc((n + 1) * sizeof *idx);
    if (!idx)
        return NULL;
    for (size_t i = 0; i < n; i++)
        idx[i] = i;
    size_t k = positions > 0 && (size_t)positions < n ? (size_t)positions : n;
    if (k < n) {
        struct rng r;
        rng_seed(&r, seed);
        for (size_t i = 0; i < k; i++) {
            size_t j = i + (size_t)(rng_next(&r) % (n - i));
            size_t t = idx[i];
            idx[i] = idx[j];
            idx[j] = t;
        }
        qsort(idx, k, sizeof *idx, size_cmp);
    }
    *count = k;
    return idx;
}

int leaves_run(const struct leaves_opts *o, const struct oth_weights *w,
               const struct posset *roots)
{
    struct posset out = {0};
    struct job j = {.o = o, .w = w, .roots = roots->v};
    size_t *pick = pick_roots(roots->n, o->positions, o->seed, &j.n);
    j.pick = pick;
    j.out = calloc(j.n + 1, sizeof *j.out);
    if (!pick || !j.out) {
        fprintf(stderr, "quartet-train: out of memory\n");
        free(pick);
        free(j.out);
        return -1;
    }
    atomic_init(&j.next, 0);
    atomic_init(&j.failed, 0);
    train_parallel(o->threads, worker, &j, 0);
    int rc = atomic_load(&j.failed) ? -1 : 0;
    if (rc != 0)
        fprintf(stderr, "quartet-train: cannot make a searcher (out of memory)\n");
    size_t searched = 0;
    for (size_t i = 0; rc == 0 && i < j.n; i++) {
        searched += j.out[i].n > 0;
        for (int k = 0; rc == 0 && k < j.out[i].n; k++)
            rc = pos_push(&out, j.out[i].at[k].P, j.out[i].at[k].O);
    }
    if (rc == 0 && (rc = pos_save(&out, o->out)) != 0)
        fprintf(stderr, "quartet-train: %s: cannot write\n", o->out);
    if (rc == 0)
        printf("leaves: %zu roots of %zu searched to depth %d, %zu with leaves; %zu leaves\n",
               j.n, roots->n, o->depth, searched, out.n);
    free(pick);
    free(j.out);
    pos_free(&out);
    return rc;
}
