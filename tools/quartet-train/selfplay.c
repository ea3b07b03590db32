/* quartet-train selfplay: self-play games from balanced openings at
 * fast settings, each finished by the exact solver from a set number of
 * empties, written a line a game (games.h); sharded and resumed by the
 * runner (runner.c) the way quartet-match's tournaments are. */
#include "games.h"
#include "openings.h"
#include "runner.h"
#include "selfplay.h"
#include "engine/games/othello/search.h"
#include "engine/rng.h"

#include <stdlib.h>
#include <string.h>

/* The run: options and openings, what each game depends on. */
struct run {
    const struct sp_opts *o;
    struct openings ops;
    const char *ops_name;
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

void sp_finish(struct oth_search *s, struct sp_game *g, bb_t P, bb_t O, int side, int exact,
               int depth, bool search_labels)
{
    while (pass_if_forced(g, &P, &O, &side)) {
        int empties = 64 - bb_popcount(P | O), best = -1, v;
        if (empties <= exact)
            v = oth_solve(s, P, O, ~0ULL, false, &best, NULL);
        else {
            v = oth_search_fixed(s, P, O, ~0ULL, depth, &best);
            if (search_labels)
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

static int random_square(struct rng *r, bb_t m)
{
    int32_t sq[64];
    int n = bb_squares(m, sq);
    return sq[rng_below(r, (uint32_t)n)];
}

/* Game `index`: its opening (index modulo the set), random plies, then
 * the search to the solver's empties and the solver to the end. Depends
 * on the seed and index only. */
static void play_game(const void *ctx, struct oth_search *s, int index, struct sp_game *g)
{
    const struct run *ru = ctx;
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
    sp_finish(s, g, P, O, side, o->exact, o->depth, o->search_labels);
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

int selfplay_starts(const struct openings *ops, int exact, struct sp_start **out)
{
    struct sp_start *v = calloc(ops->n, sizeof *v);
    if (!v)
        return -1;
    for (size_t i = 0; i < ops->n; i++) {
        v[i].n = ops->v[i].n;
        memcpy(v[i].sq, ops->v[i].sq, (size_t)ops->v[i].n);
        v[i].exact = exact;
    }
    *out = v;
    return 0;
}

int selfplay_run(const struct sp_opts *o)
{
    struct run ru = {.o = o};
    char err[512], path[4096], header[SP_HEADER_MAX];
    const char *file = openings_file(o->openings, path, sizeof path);
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
    format_header(o, &ru, header, sizeof header);
    struct sp_sched sched = {.games = o->games, .shard_k = o->shard_k,
                             .shard_n = o->shard_n, .nstart = ru.ops.n};
    struct sp_start *starts = NULL;
    if (selfplay_starts(&ru.ops, o->exact, &starts) != 0) {
        fprintf(stderr, "quartet-train: out of memory\n");
        free(ru.ops.v);
        return -1;
    }
    sched.start = starts;
    struct sp_job j = {
        .name = "selfplay", .out = o->out, .header = header, .sched = &sched,
        .weights = o->weights, .threads = o->threads, .hash_mb = o->hash_mb,
        .quiet = o->quiet, .play = play_game, .ctx = &ru,
    };
    int rc = sp_job_run(&j);
    free(starts);
    free(ru.ops.v);
    return rc;
}
