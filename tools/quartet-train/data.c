/* quartet-train's positions: the positions file, self-play generation
 * from random openings, and labelling by the engine's own solver and
 * search (one searcher per thread). */
#include "parallel.h"
#include "train.h"
#include "engine/games/othello/search.h"
#include "engine/rng.h"
#include "records/atomic.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* File: "QOTP", u32 version 1, u64 count, then count records of struct
 * pos (24 bytes, little-endian). */
int pos_push(struct posset *s, bb_t P, bb_t O)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 4096;
        struct pos *v = realloc(s->v, cap * sizeof *v);
        if (!v)
            return -1;
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n++] = (struct pos){P, O, 0, LABEL_NONE, 0, 0};
    return 0;
}

/* Through records/atomic: a failed write leaves no file, and an
 * existing one as it was. */
int pos_save(const struct posset *s, const char *path)
{
    struct atomic_file a;
    char err[512];
    if (atomic_open(&a, path, NULL, 0, err, sizeof err) != 0)
        return -1;
    uint32_t head[2] = {0x50544f51u /* "QOTP" */, 1};
    uint64_t n = s->n;
    if (fwrite(head, sizeof head, 1, a.f) != 1 || fwrite(&n, 8, 1, a.f) != 1
        || fwrite(s->v, sizeof *s->v, s->n, a.f) != s->n) {
        atomic_abort(&a);
        return -1;
    }
    return atomic_commit(&a, err, sizeof err);
}

int pos_load(struct posset *s, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    uint32_t head[2];
    uint64_t n;
    int ok = fread(head, sizeof head, 1, f) == 1 && fread(&n, 8, 1, f) == 1
          && head[0] == 0x50544f51u && head[1] == 1;
    /* The count must match the file's size before anything is allocated. */
    long here = ftell(f);
    ok = ok && here > 0 && fseek(f, 0, SEEK_END) == 0
      && (uint64_t)(ftell(f) - here) == n * sizeof(struct pos)
      && fseek(f, here, SEEK_SET) == 0;
    if (ok) {
        s->v = malloc((size_t)n * sizeof *s->v + 1);
        ok = s->v && fread(s->v, sizeof *s->v, (size_t)n, f) == n;
        s->n = s->cap = ok ? (size_t)n : 0;
    }
    fclose(f);
    for (size_t i = 0; ok && i < s->n; i++)
        ok = !(s->v[i].P & s->v[i].O) && s->v[i].kind <= LABEL_RESULT;
    return ok ? 0 : -1;
}

/* Another file's positions after s's: several --in files read as one
 * set, in the order given. On failure s is as it was. */
int pos_load_append(struct posset *s, const char *path)
{
    struct posset t = {0};
    if (pos_load(&t, path) != 0) {
        pos_free(&t);
        return -1;
    }
    if (!s->v) {
        *s = t;
        return 0;
    }
    struct pos *v = realloc(s->v, (s->n + t.n + 1) * sizeof *v);
    if (!v) {
        pos_free(&t);
        return -1;
    }
    memcpy(v + s->n, t.v, t.n * sizeof *v);
    s->v = v;
    s->n += t.n;
    s->cap = s->n;
    pos_free(&t);
    return 0;
}

void pos_free(struct posset *s)
{
    free(s->v);
    memset(s, 0, sizeof *s);
}

int pos_empties(const struct pos *p)
{
    return 64 - bb_popcount(p->P | p->O);
}

static int random_move(struct rng *r, bb_t m)
{
    int32_t sq[64];
    int n = bb_squares(m, sq);
    return sq[rng_below(r, (uint32_t)n)];
}

bool random_opening(uint64_t *rs, int n, bb_t *P, bb_t *O)
{
    struct rng r;
    rng_seed(&r, rng_splitmix(rs));
    *P = TRAIN_START_BLACK;
    *O = TRAIN_START_WHITE;
    for (int i = 0; i < n; i++) {
        bb_t m = bb_moves(*P, *O);
        if (!m) {
            if (!bb_moves(*O, *P))
                return false;
            bb_t t = *P; *P = *O; *O = t;
            m = bb_moves(*P, *O);
        }
        train_play(P, O, random_move(&r, m));
    }
    return bb_moves(*P, *O) || bb_moves(*O, *P);
}

struct gen_job {
    const struct train_opts *o;
    int first, last;
    struct posset out;
    int err;
};

/* One game: random opening plies, then the search's best move (a random
 * one in 1 of 10 moves, for variety); records every position to move. */
static void gen_game(struct gen_job *j, struct oth_search *s, int game)
{
    const struct train_opts *o = j->o;
    uint64_t x = o->seed * 0x9e3779b97f4a7c15ULL + (uint64_t)game;
    struct rng r;
    rng_seed(&r, rng_splitmix(&x));
    int span = o->random_max - o->random_min + 1;
    int nrand = o->random_min + (int)rng_below(&r, (uint32_t)(span > 0 ? span : 1));
    bb_t P = TRAIN_START_BLACK, O = TRAIN_START_WHITE;
    for (int ply = 0; ply < 80; ply++) {
        bb_t m = bb_moves(P, O);
        if (!m) {
            if (!bb_moves(O, P))
                break;
            bb_t t = P; P = O; O = t;
            continue;
        }
        j->err |= pos_push(&j->out, P, O);
        int sq;
        if (ply < nrand || rng_below(&r, 10) == 0 || o->play_depth < 1)
            sq = random_move(&r, m);
        else
            oth_search_fixed(s, P, O, ~0ULL, o->play_depth, &sq);
        if (sq < 0 || !(m >> sq & 1))
            sq = random_move(&r, m);
        train_play(&P, &O, sq);
    }
}

static void *gen_run(void *arg)
{
    struct gen_job *j = arg;
    struct oth_search_config c = {.hash_mb = 4, .threads = 1};
    struct oth_search *s = oth_search_new(&c);
    if (!s) {
        j->err = -1;
        return NULL;
    }
    for (int g = j->first; g < j->last; g++) {
        oth_search_clear(s); /* each game depends on its seed only */
        gen_game(j, s, g);
    }
    oth_search_free(s);
    return NULL;
}

/* Thread t plays the t-th block of games; appending the blocks in order
 * gives the same file for the same seed at any thread count. */
int gen_positions(struct posset *out, const struct train_opts *o)
{
    int T = train_threads(o->threads);
    struct gen_job jobs[TRAIN_MAX_THREADS];
    for (int t = 0; t < T; t++)
        jobs[t] = (struct gen_job){o, (int)((long)o->games * t / T),
                                   (int)((long)o->games * (t + 1) / T), {0}, 0};
    train_parallel(T, gen_run, jobs, sizeof *jobs);
    int err = 0;
    for (int t = 0; t < T; t++) {
        err |= jobs[t].err;
        for (size_t i = 0; i < jobs[t].out.n; i++)
            err |= pos_push(out, jobs[t].out.v[i].P, jobs[t].out.v[i].O);
        pos_free(&jobs[t].out);
    }
    return err;
}

struct label_job {
    struct posset *s;
    const size_t *idx;
    size_t n;
    atomic_size_t *next;
    const struct oth_weights *w;
    const struct train_opts *o;
    int err;
};

static void *label_run(void *arg)
{
    struct label_job *j = arg;
    struct oth_search_config c = {.hash_mb = j->o->hash_mb, .threads = 1, .weights = j->w};
    struct oth_search *s = oth_search_new(&c);
    if (!s) {
        j->err = -1;
        return NULL;
    }
    size_t i;
    while ((i = atomic_fetch_add(j->next, 1)) < j->n) {
        struct pos *p = &j->s->v[j->idx[i]];
        if (p->kind != LABEL_NONE)
            continue;
        /* A label must not depend on what this thread searched before:
         * the same seed then gives the same file at any thread count. */
        oth_search_clear(s);
        int best;
        if (pos_empties(p) <= j->o->exact) {
            p->value = oth_solve(s, p->P, p->O, ~0ULL, false, &best, NULL)
                     * OTH_EVAL_UNIT;
            p->kind = LABEL_EXACT;
            p->depth = (uint8_t)pos_empties(p);
        } else {
            p->value = oth_search_fixed(s, p->P, p->O, ~0ULL, j->o->depth, &best);
            p->kind = LABEL_SEARCH;
            p->depth = (uint8_t)j->o->depth;
        }
    }
    oth_search_free(s);
    return NULL;
}

int label_positions(struct posset *s, const size_t *idx, size_t n,
                    const struct oth_weights *w, const struct train_opts *o)
{
    int T = train_threads(o->threads);
    atomic_size_t next = 0;
    struct label_job jobs[TRAIN_MAX_THREADS];
    for (int t = 0; t < T; t++)
        jobs[t] = (struct label_job){s, idx, n, &next, w, o, 0};
    train_parallel(T, label_run, jobs, sizeof *jobs);
    int err = 0;
    for (int t = 0; t < T; t++)
        err |= jobs[t].err;
    return err;
}
