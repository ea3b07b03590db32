/* quartet-stats: playing the games and summing their statistics. Game i is
 * seeded from (seed, i) alone and threads take every T-th game, so the
 * merged sums do not depend on the number of threads. */
#include "stats.h"

#include "engine/rng.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A game that runs longer than this is a broken game, not a long one. */
#define MAX_PLIES 1000000

struct worker {
    const struct stats_config *c;
    int id;
    atomic_int *abort;       /* set by the first worker that fails */
    struct stats_acc acc;
    char err[256];
    int failed;
    pthread_t thread;
};

static uint64_t game_seed(uint64_t seed, uint64_t index)
{
    uint64_t x = index;
    uint64_t k = rng_splitmix(&x) ^ seed;
    return rng_splitmix(&k);
}

void stats_acc_init(struct stats_acc *a)
{
    memset(a, 0, sizeof *a);
    a->len_min = a->lnp_min = UINT64_MAX;
}

static uint64_t min_u64(uint64_t a, uint64_t b) { return a < b ? a : b; }
static uint64_t max_u64(uint64_t a, uint64_t b) { return a > b ? a : b; }

void stats_acc_merge(struct stats_acc *into, const struct stats_acc *f)
{
    into->games += f->games;
    into->turns += f->turns;
    into->moves += f->moves;
    into->moves_sq += f->moves_sq;
    into->turns_wm += f->turns_wm;
    into->moves_wm += f->moves_wm;
    into->moves_wm_sq += f->moves_wm_sq;
    into->len += f->len;
    into->len_sq += f->len_sq;
    into->len_min = min_u64(into->len_min, f->len_min);
    into->len_max = max_u64(into->len_max, f->len_max);
    into->lnp += f->lnp;
    into->lnp_sq += f->lnp_sq;
    into->lnp_min = min_u64(into->lnp_min, f->lnp_min);
    into->lnp_max = max_u64(into->lnp_max, f->lnp_max);
    into->draws += f->draws;
    for (int s = 0; s < GAME_MAX_PLAYERS; s++) {
        into->wins[s] += f->wins[s];
        into->shared[s] += f->shared[s];
        into->rank_sum[s] += f->rank_sum[s];
        into->score_sum[s] += f->score_sum[s];
        into->facing_first[s] += f->facing_first[s];
        into->facing_rank_sum[s] += f->facing_rank_sum[s];
    }
}

/* Seats are ranked by the game's outcome vector, which orders them as their
 * scores do (equal scores, equal outcomes). A seat wins when its outcome is
 * 1, i.e. it beat every other seat (in the team game: its team won); a seat
 * that shares the top outcome without winning has a draw. Competition
 * ranking: 1 + the number of seats (team game: teams) ahead. */
void stats_add_result(struct stats_acc *a, const struct game *g, bool team,
                      const void *st)
{
    int np = g->num_players;
    double out[GAME_MAX_PLAYERS];
    int score[GAME_MAX_PLAYERS], rank[GAME_MAX_PLAYERS];
    g->outcome(st, out);
    g->score(st, score);
    bool won = false;
    for (int s = 0; s < np; s++) {
        int ahead = 0;
        for (int o = 0; o < np; o++)
            ahead += out[o] > out[s];
        rank[s] = 1 + (team ? ahead / 2 : ahead);
        if (out[s] > 1.0 - 1e-9) {
            a->wins[s]++;
            won = true;
        } else if (rank[s] == 1) {
            a->shared[s]++;
        }
        a->rank_sum[s] += (uint64_t)rank[s];
        a->score_sum[s] += score[s];
    }
    a->draws += !won;
    /* Four seats, no teams: how a seat fares when the seat facing it (same
     * colour, A-C and B-D) finishes first, alone or shared. */
    if (np == 4 && !team)
        for (int s = 0; s < 4; s++)
            if (rank[(s + 2) % 4] == 1) {
                a->facing_first[s]++;
                a->facing_rank_sum[s] += (uint64_t)rank[s];
            }
}

static void *make_player(const struct stats_config *c, int seat, uint64_t seed)
{
    const struct seat_spec *sp = &c->seat[seat];
    struct player_options o;
    player_options_default(&o);
    o.threads = 1;
    o.seed = seed;
    o.depth = sp->depth;
    o.playouts = sp->playouts;
    o.hash_mb = c->hash_mb;
    o.tree_mb = c->tree_mb;
    o.time_per_move = sp->depth || sp->playouts ? c->max_time : c->move_time;
    return sp->pt->create(c->g, &o);
}

static bool listed(const move_t *moves, int n, move_t m)
{
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return true;
    return false;
}

/* Plays game `index` to its end in st and adds it to a. */
static int play_game(const struct stats_config *c, long index, void *st,
                     move_t *moves, struct stats_acc *a, char *err, size_t cap)
{
    const struct game *g = c->g;
    struct rng r;
    rng_seed(&r, game_seed(c->seed, (uint64_t)index));
    void *pl[GAME_MAX_PLAYERS] = {NULL};
    int rc = 0;
    for (int s = 0; s < g->num_players; s++) {
        uint64_t pseed = rng_next(&r); /* drawn for every seat: fixed stream */
        if (c->seat[s].pt && !(pl[s] = make_player(c, s, pseed))) {
            snprintf(err, cap, "cannot create player '%s'", c->seat[s].text);
            rc = -1;
            goto done;
        }
    }
    g->init(st, &c->gopt);
    uint64_t plies = 0, passes = 0, moves_sum = 0, moves_sq = 0, wm_turns = 0;
    while (!g->is_over(st)) {
        int seat = g->to_move(st);
        int n = g->legal_moves(st, moves);
        if (n <= 0 || seat < 0 || seat >= g->num_players || plies >= MAX_PLIES) {
            snprintf(err, cap, "game %ld: no move or no end at ply %llu", index,
                     (unsigned long long)plies);
            rc = -1;
            goto done;
        }
        move_t m;
        if (n == 1 && moves[0] == MOVE_PASS) {
            m = MOVE_PASS; /* forced: nobody needs to be asked */
            passes++;
        } else {
            moves_sum += (uint64_t)n;
            moves_sq += (uint64_t)n * (uint64_t)n;
            wm_turns++;
            if (!pl[seat]) {
                m = moves[rng_below(&r, (uint32_t)n)];
            } else {
                const struct seat_spec *sp = &c->seat[seat];
                struct search_limits lim = {
                    .seconds = sp->depth || sp->playouts ? c->max_time : c->move_time,
                    .playouts = sp->playouts,
                };
                m = sp->pt->genmove(pl[seat], st, &lim);
                if (!listed(moves, n, m)) {
                    snprintf(err, cap, "game %ld: player '%s' chose an illegal move",
                             index, sp->text);
                    rc = -1;
                    goto done;
                }
            }
        }
        g->play(st, m);
        plies++;
    }
    a->games++;
    a->turns += plies;
    a->moves += moves_sum;
    a->moves_sq += moves_sq;
    a->turns_wm += wm_turns;
    a->moves_wm += moves_sum;
    a->moves_wm_sq += moves_sq;
    uint64_t lnp = plies - passes;
    a->len += plies;
    a->len_sq += plies * plies;
    a->len_min = min_u64(a->len_min, plies);
    a->len_max = max_u64(a->len_max, plies);
    a->lnp += lnp;
    a->lnp_sq += lnp * lnp;
    a->lnp_min = min_u64(a->lnp_min, lnp);
    a->lnp_max = max_u64(a->lnp_max, lnp);
    stats_add_result(a, g, c->team, st);
done:
    for (int s = 0; s < g->num_players; s++)
        if (pl[s])
            c->seat[s].pt->destroy(pl[s]);
    return rc;
}

static void *worker_run(void *arg)
{
    struct worker *w = arg;
    const struct stats_config *c = w->c;
    void *st = malloc(c->g->state_size);
    move_t *moves = malloc(GAME_MAX_MOVES * sizeof *moves);
    if (!st || !moves) {
        snprintf(w->err, sizeof w->err, "out of memory");
        w->failed = 1;
    }
    for (long i = w->id; !w->failed && i < c->games; i += c->threads) {
        if (atomic_load_explicit(w->abort, memory_order_relaxed))
            break;
        if (play_game(c, i, st, moves, &w->acc, w->err, sizeof w->err) < 0)
            w->failed = 1;
    }
    if (w->failed)
        atomic_store(w->abort, 1);
    free(st);
    free(moves);
    return NULL;
}

int stats_run(const struct stats_config *c, struct stats_acc *out,
              char *err, size_t cap)
{
    int t = c->threads;
    struct worker *w = calloc((size_t)t, sizeof *w);
    atomic_int abort_flag = 0;
    if (!w) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    for (int i = 0; i < t; i++) {
        w[i].c = c;
        w[i].id = i;
        w[i].abort = &abort_flag;
        stats_acc_init(&w[i].acc);
    }
    int started = 1;
    for (; started < t; started++)
        if (pthread_create(&w[started].thread, NULL, worker_run, &w[started]) != 0)
            break;
    /* Games of threads that could not start are played here in turn. */
    worker_run(&w[0]);
    for (int i = 1; i < started; i++)
        pthread_join(w[i].thread, NULL);
    for (int i = started; i < t && !w[0].failed; i++)
        worker_run(&w[i]);
    int rc = 0;
    stats_acc_init(out);
    for (int i = 0; i < t; i++) {
        if (w[i].failed && rc == 0) {
            snprintf(err, cap, "%s", w[i].err);
            rc = -1;
        }
        stats_acc_merge(out, &w[i].acc);
    }
    free(w);
    return rc;
}
