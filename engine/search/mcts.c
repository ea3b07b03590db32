/* The MCTS search proper: selection (UCT, RAVE, priors, solver values),
 * lock-free expansion, playouts, backup of reward vectors, AMAF updates,
 * solver propagation, and the worker threads with their budget. */
#include "mcts_int.h"

#include "engine/clock.h"
#include "engine/stop.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Root visits are int32: a search that gets this far stops. */
#define VISITS_LIMIT (INT32_MAX - (1 << 24))

static int thread_count(const struct player_options *o)
{
    if (o->threads > 0)
        return o->threads > MCTS_MAX_THREADS ? MCTS_MAX_THREADS : o->threads;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > MCTS_MAX_THREADS ? MCTS_MAX_THREADS : (int)n;
}

static void default_config(struct mcts *m)
{
    const struct game_mcts *h = m->g->mcts;
    struct mcts_config *c = &m->cfg;
    c->rave = h && h->amaf && h->playout;
    c->priors = h && h->priors;
    /* Tuned with short matches at 0.2 s a move (see the README). With RAVE
     * (Torus Hex) the AMAF values carry most of the exploration, and
     * expanding after 8 visits played as well as after 2 with a quarter
     * of the nodes. */
    c->explore = m->opt.explore > 0          ? m->opt.explore
                 : h && h->explore > 0       ? h->explore
                 : c->rave                   ? 0.03
                                             : 0.35;
    c->rave_k = 1000;
    c->expand_after = c->rave ? 8 : 2;
    c->early_stop = true;
    c->full_budget = h && h->full_budget;
    double ct = m->opt.contempt >= 0 ? m->opt.contempt : h ? h->contempt : 0;
    c->contempt = m->g->num_players == 2 && ct > 0 && ct < 0.5 ? ct : 0;
    if (h && h->score_weight > 0 && h->score_scale > 0 && m->g->num_players == 2) {
        c->score_weight = h->score_weight;
        c->score_scale = h->score_scale;
    }
}

struct mcts *mcts_create(const struct game *g, const struct player_options *opt)
{
    struct mcts *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->g = g;
    m->opt = *opt;
    m->contempt_side = -1;
    size_t mb = opt->tree_mb > 0 ? (size_t)opt->tree_mb : 512;
    /* Two pools of half the bound each: reuse compacts into the spare.
     * A bound the system refuses is halved until it is granted. */
    size_t half = (mb << 20) / 2;
    m->root_state = malloc(g->state_size);
    m->scratch = malloc(g->state_size * 8);
    if (g->num_players > 2 && !(m->root_vec = calloc(GAME_MAX_MOVES, sizeof *m->root_vec))) {
        mcts_destroy(m);
        return NULL;
    }
    while (pool_init(&m->pool[0], half) || pool_init(&m->pool[1], half)) {
        pool_free(&m->pool[0]);
        pool_free(&m->pool[1]);
        if (half < (1u << 20)) {
            mcts_destroy(m);
            return NULL;
        }
        half /= 2;
    }
    if (!m->root_state || !m->scratch) {
        mcts_destroy(m);
        return NULL;
    }
    m->seeds = opt->seed;
    m->threads = thread_count(opt);
    m->policy_playout = g->mcts && g->mcts->playout;
    default_config(m);
    return m;
}

void mcts_destroy(struct mcts *m)
{
    if (!m)
        return;
    pool_free(&m->pool[0]);
    pool_free(&m->pool[1]);
    free(m->root_state);
    free(m->scratch);
    free(m->root_vec);
    free(m);
}

struct mcts_config *mcts_config(struct mcts *m) { return &m->cfg; }
const struct mcts_stats *mcts_last(const struct mcts *m) { return &m->last; }
void mcts_clear(struct mcts *m) { m->have_tree = false; }
size_t mcts_node_bytes(void) { return sizeof(struct mcts_node); }

/* ---- selection ----------------------------------------------------------- */

static void build_tables(struct mcts *m)
{
    m->beta_k = m->cfg.rave_k;
    for (int n = 0; n < MCTS_TAB; n++) {
        m->inv[n] = n ? 1.0f / (float)n : 0.0f;
        m->inv_sqrt[n] = n ? 1.0f / sqrtf((float)n) : 0.0f;
        m->beta[n] = (float)sqrt(m->cfg.rave_k / (3.0 * n + m->cfg.rave_k));
    }
}

static inline float recip(const struct mcts *m, uint32_t n)
{
    return n < MCTS_TAB ? m->inv[n] : 1.0f / (float)n;
}

static inline float recip_sqrt(const struct mcts *m, uint32_t n)
{
    return n < MCTS_TAB ? m->inv_sqrt[n] : 1.0f / sqrtf((float)n);
}

static inline float beta(const struct mcts *m, uint32_t n)
{
    float k = (float)m->cfg.rave_k;
    return n < MCTS_TAB ? m->beta[n] : sqrtf(k / (3.0f * (float)n + k));
}

/* UCT value of a child; sqrt_lg = explore * sqrt(ln parent visits). */
static inline float child_score(const struct mcts *m, const struct mcts_node *c, float sqrt_lg)
{
    uint32_t v = (uint32_t)node_visits(c);
    float r = (float)atomic_load_explicit(&c->reward, memory_order_relaxed) * (float)(1.0 / MCTS_SCALE);
    if (c->prior_weight) {
        v += c->prior_weight;
        r += (float)c->prior_weight * (float)c->prior_value * (1.0f / 65535.0f);
    }
    if (m->cfg.rave) {
        uint64_t amaf = atomic_load_explicit(&c->amaf, memory_order_relaxed);
        uint32_t av = (uint32_t)(amaf >> 32);
        if (av > 0) {
            float aq = (float)(uint32_t)amaf * (float)(1.0 / MCTS_AMAF_UNIT) * recip(m, av);
            float q = aq;
            if (v > 0) {
                float mean = r * recip(m, v);
                q = mean + beta(m, v) * (aq - mean);
            }
            return q + sqrt_lg * recip_sqrt(m, v + 1);
        }
    }
    if (v == 0)
        return 1e30f;   /* every move is tried once before any twice */
    return r * recip(m, v) + sqrt_lg * recip_sqrt(m, v);
}

static struct mcts_node *select_child(const struct mcts *m, struct mcts_node *n)
{
    struct mcts_node *c = node_children(live_pool(m), n);
    int nc = n->nchildren, to_move = c[0].mover, best_i = 0;
    float sqrt_lg = (float)(m->cfg.explore * sqrt(log((double)node_visits(n) + 1.0)));
    float best = -INFINITY;
    for (int i = 0; i < nc; i++) {
        if (atomic_load_explicit(&c[i].flags, memory_order_relaxed) & NODE_PRUNED)
            continue;
        int w = atomic_load_explicit(&c[i].winner, memory_order_relaxed);
        float score;
        if (w == to_move)
            return &c[i];      /* solver: a proven win is always taken */
        else if (w >= 0)
            score = -1e30f;    /* a proven loss, only when nothing else */
        else
            score = child_score(m, &c[i], sqrt_lg);
        if (score > best) {
            best = score;
            best_i = i;
        }
    }
    return &c[best_i];
}

/* ---- expansion ----------------------------------------------------------- */

static void set_priors(struct mcts *m, struct worker *w, struct mcts_node *c, int n, const void *st)
{
    for (int i = 0; i < n; i++) {
        w->prior_value[i] = 0.5f;
        w->prior_weight[i] = 0;
    }
    m->g->mcts->priors(st, w->moves, n, w->prior_value, w->prior_weight);
    for (int i = 0; i < n; i++) {
        float wt = w->prior_weight[i], v = w->prior_value[i];
        wt = wt > 0 ? (wt < 65535 ? wt : 65535) : 0;   /* also drops NaN */
        v = v > 0 ? (v < 1 ? v : 1) : 0;
        c[i].prior_weight = (uint16_t)(wt + 0.5f);
        c[i].prior_value = (uint16_t)(v * 65535 + 0.5f);
    }
}

/* Creates n's children; false when another thread is at it, the game is
 * over or the pool is full (the caller then plays out from n). */
bool mcts_expand(struct mcts *m, struct worker *w, struct mcts_node *n, const void *st)
{
    uint8_t leaf = NODE_LEAF;
    if (!atomic_compare_exchange_strong(&n->expand, &leaf, NODE_BUSY))
        return false;
    const struct game *g = m->g;
    int cnt = g->legal_moves(st, w->moves);
    uint32_t at = cnt > 0 && cnt <= UINT16_MAX ? pool_alloc(live_pool(m), (uint32_t)cnt) : MCTS_NONE;
    if (at == MCTS_NONE) {
        atomic_store_explicit(&n->expand, NODE_LEAF, memory_order_release);
        return false;
    }
    struct mcts_node *c = &live_pool(m)->node[at];
    int mover = g->to_move(st);
    for (int i = 0; i < cnt; i++)
        node_init(&c[i], w->moves[i], mover);
    if (m->cfg.priors && g->mcts && g->mcts->priors)
        set_priors(m, w, c, cnt, st);
    n->first_child = at;
    n->nchildren = (uint16_t)cnt;
    atomic_store_explicit(&n->expand, NODE_EXPANDED, memory_order_release);
    return true;
}

/* ---- backup -------------------------------------------------------------- */

/* MCTS-Solver: a proven child can decide its parent, and so on upwards.
 * `winner` is the player who wins from that node with best play. */
static void solver_propagate(const struct mcts *m, struct worker *w)
{
    const struct mcts_pool *p = live_pool(m);
    for (int d = w->depth; d > 0; d--) {
        struct mcts_node *child = w->path[d], *parent = w->path[d - 1];
        int cw = atomic_load(&child->winner), to_move = child->mover, pw = -1;
        if (cw < 0)
            return;
        if (cw == to_move) {
            pw = to_move;
        } else if (m->g->num_players == 2) {
            /* Lost whatever the player to move does? */
            const struct mcts_node *c = node_children(p, parent);
            pw = cw;
            for (int i = 0; i < parent->nchildren && pw >= 0; i++) {
                if (atomic_load(&c[i].flags) & NODE_PRUNED)
                    continue;
                int x = atomic_load(&c[i].winner);
                if (x < 0 || x == to_move)
                    pw = -1;
            }
        }
        if (pw < 0)
            return;
        atomic_store(&parent->winner, (int8_t)pw);
    }
}

static void mark_terminal(const struct mcts *m, struct worker *w, struct mcts_node *n, const double *res)
{
    if (atomic_fetch_or(&n->flags, NODE_TERMINAL) & NODE_TERMINAL)
        return;
    for (int p = 0; p < m->g->num_players; p++)
        if (res[p] >= 1.0) {
            atomic_store(&n->winner, (int8_t)p);
            solver_propagate(m, w);
            return;
        }
}

static void note_move(struct worker *w, move_t mv, int player, uint32_t at)
{
    if ((uint32_t)mv < MCTS_AMAF_SPAN && w->seen[mv] >> 16 != w->stamp)
        w->seen[mv] = w->stamp << 16 | at << 2 | ((uint32_t)player & 3);
}

/* AMAF: each child of a node on the path whose move its mover played later
 * in this simulation (tree part or playout) counts the result as a sample.
 * Lost updates between threads only drop samples, so plain relaxed loads
 * and stores suffice: count and sum share one word, so a lost update
 * drops both (with two words a thread could lose a visit and keep the
 * reward, and the mean passed a win). An atomic add instead halved Torus
 * Hex's 2-thread playouts/s. */
static void amaf_update(const struct mcts *m, struct worker *w, const int64_t *r)
{
    if (++w->stamp > 0xffff) {
        memset(w->seen, 0, sizeof w->seen);
        w->stamp = 1;
    }
    uint32_t len = 0;
    int tn = w->trace.n < PLAYOUT_TRACE_MAX ? w->trace.n : PLAYOUT_TRACE_MAX;
    for (int j = 1; j <= w->depth; j++, len++)
        note_move(w, w->path[j]->move, w->path[j]->mover, len);
    for (int k = 0; k < tn; k++, len++)
        note_move(w, w->trace.move[k], w->trace.player[k], len);
    const struct mcts_pool *p = live_pool(m);
    for (int i = 0; i <= w->depth; i++) {
        const struct mcts_node *n = w->path[i];
        if (!node_expanded(n))
            continue;
        struct mcts_node *c = node_children(p, n);
        /* A sample when the move's first place is at or after the child's
         * ply (no newer stamp exists, so >= also checks the stamp) and its
         * player is the children's mover. Hits are random, so they are
         * collected branch-free into a bit set, and only hit children are
         * written (other threads read the rest). */
        uint32_t lo = w->stamp << 16 | (uint32_t)i << 2, mover = (uint32_t)c[0].mover;
        uint64_t reward = (uint64_t)((r[c[0].mover] * MCTS_AMAF_UNIT + (int64_t)MCTS_SCALE / 2)
                                     / (int64_t)MCTS_SCALE);
        int nc = n->nchildren, words = (nc + 63) / 64;
        for (int k = 0; k < nc; k++) {
            uint32_t mv = (uint32_t)c[k].move;
            uint32_t e = w->seen[mv < MCTS_AMAF_SPAN ? mv : 0];
            uint64_t hit = (mv < MCTS_AMAF_SPAN) & (e >= lo) & ((e & 3) == mover);
            if ((k & 63) == 0)
                w->hits[k >> 6] = 0;
            w->hits[k >> 6] |= hit << (k & 63);
        }
        for (int q = 0; q < words; q++)
            for (uint64_t b = w->hits[q]; b; b &= b - 1) {
                struct mcts_node *x = &c[q * 64 + __builtin_ctzll(b)];
                uint64_t a = atomic_load_explicit(&x->amaf, memory_order_relaxed);
                if ((a >> 32) < MCTS_AMAF_MAX)
                    atomic_store_explicit(&x->amaf, a + (1ULL << 32) + reward, memory_order_relaxed);
            }
    }
}

/* ---- one simulation ------------------------------------------------------ */

/* The results of a finished playout (res, which the solver uses) and the
 * rewards to back up (val). Two players with a score blend: one score call
 * gives both, as such games are won on score (game.h), and scoring is
 * the dearest part of a Separo playout. Contempt then discounts a draw for
 * the side searched for. */
static void playout_result(const struct mcts *m, const void *st, double *res, double *val)
{
    if (m->cfg.score_weight <= 0) {
        m->g->outcome(st, res);
        memcpy(val, res, sizeof(double) * GAME_MAX_PLAYERS);
    } else {
        int sc[GAME_MAX_PLAYERS] = {0};
        m->g->score(st, sc);
        res[0] = sc[0] > sc[1] ? 1.0 : sc[0] < sc[1] ? 0.0 : 0.5;
        res[1] = 1.0 - res[0];
        double wgt = m->cfg.score_weight;
        double b = 0.5 + 0.5 * tanh((sc[0] - sc[1]) / m->cfg.score_scale);
        val[0] = (1 - wgt) * res[0] + wgt * b;
        val[1] = (1 - wgt) * res[1] + wgt * (1 - b);
    }
    int me = m->contempt_side;
    if (m->cfg.contempt > 0 && me >= 0 && res[0] == 0.5) {
        val[me] -= m->cfg.contempt;
        val[me ^ 1] += m->cfg.contempt;
    }
}

static void simulate(struct worker *w)
{
    struct mcts *m = w->m;
    const struct game *g = m->g;
    memcpy(w->st, m->root_state, g->state_size);
    struct mcts_node *n = root_node(m);
    atomic_fetch_add_explicit(&n->visits, 1, memory_order_relaxed);
    int d = 0;
    bool over = false, fresh_terminal = false;
    w->path[0] = n;
    for (;;) {
        if (node_expanded(n)) {
            if (d + 1 >= MCTS_PATH_MAX)
                break;
            n = select_child(m, n);
            g->play(w->st, n->move);
            /* The visit counts before the result arrives: virtual loss. */
            atomic_fetch_add_explicit(&n->visits, 1, memory_order_relaxed);
            w->path[++d] = n;
            continue;
        }
        if (atomic_load_explicit(&n->flags, memory_order_relaxed) & NODE_TERMINAL) {
            over = true;
            break;
        }
        if (g->is_over(w->st)) {
            over = fresh_terminal = true;
            break;
        }
        if (node_visits(n) > m->cfg.expand_after && mcts_expand(m, w, n, w->st))
            continue;
        break;
    }
    w->depth = d;
    w->sims++;
    w->depth_sum += d;
    w->trace.n = 0;
    if (!over) {
        if (m->policy_playout)
            g->mcts->playout(w->st, &w->rng, m->cfg.rave ? &w->trace : NULL);
        else
            game_random_playout(g, w->st, &w->rng);
    }
    double res[GAME_MAX_PLAYERS] = {0}, val[GAME_MAX_PLAYERS] = {0};
    playout_result(m, w->st, res, val);
    int64_t r[GAME_MAX_PLAYERS];
    for (int p = 0; p < g->num_players; p++)
        r[p] = (int64_t)(val[p] * MCTS_SCALE + 0.5);
    for (int i = 0; i <= d; i++)
        if (w->path[i]->mover >= 0)
            atomic_fetch_add_explicit(&w->path[i]->reward, r[w->path[i]->mover], memory_order_relaxed);
    if (m->root_vec && d >= 1) {
        _Atomic int64_t *v = m->root_vec[w->path[1] - node_children(live_pool(m), w->path[0])];
        for (int p = 0; p < g->num_players; p++)
            atomic_fetch_add_explicit(&v[p], r[p], memory_order_relaxed);
        atomic_fetch_add_explicit(&v[GAME_MAX_PLAYERS], 1, memory_order_relaxed);
    }
    if (m->cfg.rave)
        amaf_update(m, w, r);
    if (fresh_terminal)
        mark_terminal(m, w, n, res);
}

/* ---- budget -------------------------------------------------------------- */

static void halt(struct search *s) { atomic_store(&s->halt, 1); }

/* Can the most visited root move still be overtaken? */
static bool settled(const struct mcts *m, const struct search *s, double now)
{
    const struct mcts_node *root = root_node(m);
    if (!node_expanded(root))
        return false;
    if (root_proven(m))
        return true;
    if (m->cfg.full_budget)
        return false;
    const struct mcts_node *c = node_children(live_pool(m), root);
    long best = 0, second = 0;
    for (int i = 0; i < root->nchildren; i++) {
        if (atomic_load_explicit(&c[i].flags, memory_order_relaxed) & NODE_PRUNED)
            continue;
        long v = node_visits(&c[i]);
        if (v > best)
            second = best, best = v;
        else if (v > second)
            second = v;
    }
    long done = node_visits(root) - s->start_visits;
    double left = INFINITY;
    if (s->quota > 0)
        left = (double)(s->quota - done);
    if (s->deadline > 0 && now > s->start) {
        double rate = done / (now - s->start);
        double t = rate * (s->deadline - now);
        left = t < left ? t : left;
    }
    return (double)(best - second) > left;
}

static bool out_of_budget(struct worker *w, long iter, double *next_report)
{
    struct search *s = w->s;
    const struct search_limits *lim = s->lim;
    if (atomic_load_explicit(&s->halt, memory_order_relaxed))
        return true;
    int32_t visits = node_visits(root_node(w->m));
    if (stop_requested(lim->stop) || visits >= VISITS_LIMIT ||
        (s->quota > 0 && visits - s->start_visits >= s->quota)) {
        halt(s);
        return true;
    }
    bool check_clock = w->id == 0 || (iter & 7) == 0;
    if (!check_clock)
        return false;
    double now = clock_now();
    if (s->deadline > 0 && now >= s->deadline) {
        halt(s);
        return true;
    }
    if (w->id != 0)
        return false;
    if (lim->report && now >= *next_report) {
        root_report(w->m, s);
        *next_report = now + (lim->report_interval > 0 ? lim->report_interval : 1.0);
    }
    if (s->budgeted && w->m->cfg.early_stop && (iter & 63) == 63 && settled(w->m, s, now)) {
        halt(s);
        return true;
    }
    return false;
}

static void *worker_run(void *arg)
{
    struct worker *w = arg;
    double next_report = w->s->start +
        (w->s->lim->report_interval > 0 ? w->s->lim->report_interval : 1.0);
    for (long iter = 0; !out_of_budget(w, iter, &next_report); iter++)
        simulate(w);
    return NULL;
}

/* ---- the search ---------------------------------------------------------- */

/* Never beyond the budget: stop at 97% of it, and 10 ms early when that
 * leaves at least half of it. */
static double safe_seconds(double sec)
{
    double t = sec * 0.97;
    if (sec - 0.010 < t && sec - 0.010 > sec * 0.5)
        t = sec - 0.010;
    return t;
}

static int movable_children(const struct mcts *m)
{
    const struct mcts_node *root = root_node(m);
    if (!node_expanded(root))
        return 0;
    const struct mcts_node *c = node_children(live_pool(m), root);
    int k = 0;
    for (int i = 0; i < root->nchildren; i++)
        k += !(atomic_load(&c[i].flags) & NODE_PRUNED);
    return k;
}

static struct worker *new_worker(struct mcts *m, struct search *s, int id, uint64_t seed)
{
    struct worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->st = malloc(m->g->state_size);
    if (!w->st) {
        free(w);
        return NULL;
    }
    w->m = m;
    w->s = s;
    w->id = id;
    rng_seed(&w->rng, seed + 0x9e3779b97f4a7c15ULL * (uint64_t)id);
    return w;
}

static void free_worker(struct worker *w)
{
    if (w)
        free(w->st);
    free(w);
}

move_t mcts_search(struct mcts *m, const void *st, const struct search_limits *lim)
{
    const struct game *g = m->g;
    if (g->is_over(st))
        return MOVE_PASS;
    struct search s = {.lim = lim, .start = clock_now()};
    atomic_init(&s.halt, 0);
    uint64_t seed = rng_splitmix(&m->seeds);
    struct worker *w[MCTS_MAX_THREADS] = {0};
    w[0] = new_worker(m, &s, 0, seed);
    if (!w[0]) {
        move_t moves[GAME_MAX_MOVES];
        return g->legal_moves(st, moves) > 0 ? moves[0] : MOVE_PASS;
    }
    /* Draws in the tree were discounted for one side: searching for the
     * other, its values are wrong, so it starts afresh. */
    int side = m->cfg.contempt > 0 ? g->to_move(st) : -1;
    if (side != m->contempt_side)
        m->have_tree = false;
    m->contempt_side = side;
    m->last = (struct mcts_stats){.reused_depth = root_prepare(m, w[0], st)};
    m->last.reused_visits = m->last.reused_depth >= 0 ? node_visits(root_node(m)) : 0;

    s.quota = lim->playouts > 0 ? lim->playouts : m->opt.playouts > 0 ? m->opt.playouts : 0;
    if (lim->seconds > 0)
        s.deadline = s.start + safe_seconds(lim->seconds);
    else if (s.quota <= 0 && !lim->stop)
        s.deadline = s.start + safe_seconds(m->opt.time_per_move > 0 ? m->opt.time_per_move : 1.0);
    s.budgeted = s.deadline > 0 || s.quota > 0;
    s.start_visits = node_visits(root_node(m));
    if (m->root_vec)   /* the per-player sums cover this search only */
        for (int i = 0; i < GAME_MAX_MOVES; i++)
            for (int p = 0; p <= GAME_MAX_PLAYERS; p++)
                atomic_store_explicit(&m->root_vec[i][p], 0, memory_order_relaxed);

    if (m->beta_k != m->cfg.rave_k)
        build_tables(m);
    int nt = m->threads, started = 1;
    /* Nothing to think about: a won root or a single choice. */
    bool skip = s.budgeted && (root_won(m) || movable_children(m) <= 1);
    if (!skip) {
        for (int t = 1; t < nt; t++, started++)
            if (!(w[t] = new_worker(m, &s, t, seed)) ||
                pthread_create(&w[t]->thread, NULL, worker_run, w[t]) != 0)
                break;
        worker_run(w[0]);
        for (int t = 1; t < started; t++)
            pthread_join(w[t]->thread, NULL);
    }
    if (lim->report)
        root_report(m, &s);
    struct mcts_stats *l = &m->last;
    l->playouts = node_visits(root_node(m)) - s.start_visits;
    l->seconds = clock_now() - s.start;
    l->threads = skip ? 0 : started;
    l->nodes = atomic_load(&live_pool(m)->used);
    l->capacity = live_pool(m)->cap;
    if (l->nodes > l->capacity)
        l->nodes = l->capacity;
    l->pool_full = atomic_load(&live_pool(m)->full);
    l->proven = root_proven(m);
    long sims = 0, depth_sum = 0;
    for (int t = 0; t < MCTS_MAX_THREADS; t++)
        if (w[t])
            sims += w[t]->sims, depth_sum += w[t]->depth_sum;
    l->depth = sims ? (double)depth_sum / (double)sims : 0;
    if (m->opt.verbose > 0)
        fprintf(stderr, "mcts: %ld playouts in %.3f s (%.0f/s, %d threads), %lu nodes%s, reused %ld visits at depth %d%s\n",
                l->playouts, l->seconds, l->seconds > 0 ? l->playouts / l->seconds : 0.0,
                l->threads, l->nodes, l->pool_full ? " (pool full: leaves no longer expand)" : "",
                l->reused_visits, l->reused_depth, l->proven ? ", root proven" : "");
    for (int t = 0; t < MCTS_MAX_THREADS; t++)
        free_worker(w[t]);
    return root_choice(m);
}
