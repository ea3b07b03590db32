/* The `uct-plain` player: textbook UCT baseline — UCB1 c=2 on win rates,
 * expand a leaf at its 3rd visit, uniform playouts with full legality
 * checks each ply, final move by win rate minus loss rate, tree reuse.
 *
 * Deliberately plain and separate from engine/search/mcts*.c: it is the
 * yardstick the real search is measured against. Single thread.
 *
 * Results for n-player games: a playout is a win for a player whose
 * outcome entry is 1, a loss when it is 0; anything between (a draw, or a
 * Yonin placing that beat some seats but not all) is neither. Every node
 * counts wins and losses for the player who made the move into it. */
#include "engine/clock.h"
#include "engine/player.h"
#include "engine/rng.h"
#include "engine/stop.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define UCT_PLAIN_EXPLORE 2.0
#define UCT_PLAIN_EXPAND_AT 3    /* a leaf grows children on this visit */
#define UCT_PLAIN_MAX_DEPTH 2048 /* path cap; deeper leaves just play out */
#define UCT_PLAIN_PLAYOUT_CAP 100000 /* plies; guards against endless games */
#define UCT_PLAIN_REUSE_PLAYS 20000  /* plays spent looking for a kept node */
#define UCT_NODE_TERMINAL 1u

/* One tree node; children of a node lie contiguously in the arena and
 * always after their parent (which compaction relies on). */
struct uct_node {
    uint32_t visits, wins, losses; /* wins/losses of `mover` */
    int32_t first;                 /* first child; meaningful if nchild */
    move_t move;                   /* the move into this node */
    uint16_t nchild;
    int8_t mover;                  /* who played `move`; -1 at a fresh root */
    uint8_t flags;
};

struct uct_plain {
    const struct game *g;
    struct player_options opt;
    double explore;
    struct rng rng;
    struct uct_node *node;         /* arena; node[0] is the root */
    size_t used, cap, max_nodes;   /* max_nodes from tree_mb */
    bool full;                     /* an expansion failed for memory */
    unsigned char *root_state;     /* position at node[0]; valid if used */
    move_t last_move;              /* our answer at that root */
    double deadline;               /* of the current search; 0: none */
    unsigned char *scratch;        /* state buffers for search and reuse */
    move_t moves[GAME_MAX_MOVES];
};

static size_t max_nodes_of(int tree_mb)
{
    size_t mb = tree_mb > 0 ? (size_t)tree_mb : 512;
    size_t n = mb * ((size_t)1 << 20) / sizeof(struct uct_node);
    return n < INT32_MAX ? n : INT32_MAX;   /* child links are int32_t */
}

static void *uct_create(const struct game *g, const struct player_options *o)
{
    struct uct_plain *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->g = g;
    p->opt = *o;
    p->explore = o->explore > 0 ? o->explore : UCT_PLAIN_EXPLORE;
    p->max_nodes = max_nodes_of(o->tree_mb);
    p->last_move = MOVE_NONE;
    rng_seed(&p->rng, o->seed);
    p->root_state = malloc(g->state_size);
    /* Reuse search needs one state per ply of a full round. */
    p->scratch = malloc(g->state_size * (size_t)(GAME_MAX_PLAYERS + 2));
    if (!p->root_state || !p->scratch) {
        free(p->root_state);
        free(p->scratch);
        free(p);
        return NULL;
    }
    return p;
}

static void uct_destroy(void *vp)
{
    struct uct_plain *p = vp;
    if (!p)
        return;
    free(p->node);
    free(p->root_state);
    free(p->scratch);
    free(p);
}

/* ---- the arena ------------------------------------------------------- */

/* Makes room for n more nodes; false when the memory bound forbids it. */
static bool arena_reserve(struct uct_plain *p, size_t n)
{
    if (p->used + n <= p->cap)
        return true;
    if (p->used + n > p->max_nodes)
        return false;
    size_t cap = p->cap ? p->cap : 1 << 14;
    while (cap < p->used + n)
        cap *= 2;
    if (cap > p->max_nodes)
        cap = p->max_nodes;
    struct uct_node *a = realloc(p->node, cap * sizeof *a);
    if (!a)
        return false;
    p->node = a;
    p->cap = cap;
    return true;
}

static void tree_fresh(struct uct_plain *p, const void *st)
{
    p->used = 0;
    p->full = false;
    if (!arena_reserve(p, 1))
        return;
    p->node[0] = (struct uct_node){.move = MOVE_NONE, .mover = -1};
    p->used = 1;
    memcpy(p->root_state, st, p->g->state_size);
}

/* Gives node i its children: the legal moves in st (the node's position).
 * Marks a finished position terminal. False when there is no room. */
static bool expand(struct uct_plain *p, uint32_t i, const void *st)
{
    const struct game *g = p->g;
    int n = g->legal_moves(st, p->moves);
    if (n <= 0) {
        p->node[i].flags |= UCT_NODE_TERMINAL;
        return false;
    }
    if (!arena_reserve(p, (size_t)n)) {
        p->full = true;
        return false;
    }
    int mover = g->to_move(st);
    struct uct_node *c = p->node + p->used;
    for (int k = 0; k < n; k++)
        c[k] = (struct uct_node){.move = p->moves[k], .mover = (int8_t)mover};
    p->node[i].first = (int32_t)p->used;
    p->node[i].nchild = (uint16_t)n;
    p->used += (size_t)n;
    return true;
}

/* ---- one iteration ---------------------------------------------------- */

/* UCB1 on win rates; an unvisited child first (a random one of them). */
static uint32_t select_child(struct uct_plain *p, uint32_t i)
{
    const struct uct_node *n = &p->node[i];
    const struct uct_node *c = p->node + n->first;
    int unvisited = 0;
    for (int k = 0; k < n->nchild; k++)
        unvisited += c[k].visits == 0;
    if (unvisited) {
        int pick = (int)rng_below(&p->rng, (uint32_t)unvisited);
        for (int k = 0; k < n->nchild; k++)
            if (c[k].visits == 0 && pick-- == 0)
                return (uint32_t)(n->first + k);
    }
    double log_n = log((double)n->visits);
    int best = 0;
    double best_score = -1;
    for (int k = 0; k < n->nchild; k++) {
        double v = (double)c[k].visits;
        double s = c[k].wins / v + p->explore * sqrt(log_n / v);
        if (s > best_score) {
            best_score = s;
            best = k;
        }
    }
    return (uint32_t)(n->first + best);
}

/* Uniformly random legal moves to the end, the legal list asked each ply. */
static void playout(struct uct_plain *p, void *st)
{
    const struct game *g = p->g;
    for (int ply = 0; ply < UCT_PLAIN_PLAYOUT_CAP; ply++) {
        int n = g->legal_moves(st, p->moves);
        if (n <= 0)
            return;
        g->play(st, p->moves[rng_below(&p->rng, (uint32_t)n)]);
    }
}

static void backup(struct uct_plain *p, const uint32_t *path, int len,
                   const double *result)
{
    for (int d = 0; d < len; d++) {
        struct uct_node *n = &p->node[path[d]];
        n->visits++;
        if (n->mover < 0)
            continue;
        double r = result[n->mover];
        n->wins += r >= 1.0;
        n->losses += r <= 0.0;
    }
}

/* Selection, expansion at the 3rd visit, one playout, backup. */
static void iterate(struct uct_plain *p)
{
    const struct game *g = p->g;
    unsigned char *st = p->scratch;
    memcpy(st, p->root_state, g->state_size);
    uint32_t path[UCT_PLAIN_MAX_DEPTH];
    int len = 0;
    uint32_t i = 0;
    path[len++] = i;
    while (p->node[i].nchild && len < UCT_PLAIN_MAX_DEPTH) {
        i = select_child(p, i);
        g->play(st, p->node[i].move);
        path[len++] = i;
    }
    struct uct_node *leaf = &p->node[i];
    if (!leaf->nchild && !(leaf->flags & UCT_NODE_TERMINAL) && !p->full &&
        leaf->visits + 1 >= UCT_PLAIN_EXPAND_AT && len < UCT_PLAIN_MAX_DEPTH &&
        expand(p, i, st)) {
        i = select_child(p, i);
        g->play(st, p->node[i].move);
        path[len++] = i;
    }
    playout(p, st);
    double result[GAME_MAX_PLAYERS] = {0};
    g->outcome(st, result);
    backup(p, path, len, result);
}

/* ---- choosing and reporting ------------------------------------------ */

/* Win rate minus loss rate; children never visited rank below all. */
static double margin(const struct uct_node *c)
{
    if (!c->visits)
        return -2.0;
    return ((double)c->wins - (double)c->losses) / c->visits;
}

/* The final move: highest win rate minus loss rate, more visits on ties. */
static uint32_t best_child(const struct uct_plain *p, uint32_t i)
{
    const struct uct_node *n = &p->node[i];
    uint32_t best = (uint32_t)n->first;
    for (int k = 1; k < n->nchild; k++) {
        const struct uct_node *c = &p->node[n->first + k], *b = &p->node[best];
        double mc = margin(c), mb = margin(b);
        if (mc > mb || (mc == mb && c->visits > b->visits))
            best = (uint32_t)(n->first + k);
    }
    return best;
}

static uint32_t most_visited(const struct uct_plain *p, uint32_t i)
{
    const struct uct_node *n = &p->node[i];
    uint32_t best = (uint32_t)n->first;
    for (int k = 1; k < n->nchild; k++)
        if (p->node[n->first + k].visits > p->node[best].visits)
            best = (uint32_t)(n->first + k);
    return best;
}

/* Expected result for the mover, draws and partial results as halves. */
static double winrate(const struct uct_node *c)
{
    return c->visits ? 0.5 + 0.5 * margin(c) : 0.5;
}

static void fill_candidate(const struct uct_plain *p, uint32_t c,
                           struct search_candidate *out)
{
    const struct uct_node *n = &p->node[c];
    memset(out, 0, sizeof *out);
    out->move = n->move;
    out->visits = n->visits;
    out->winrate = winrate(n);
    out->pv[out->pv_len++] = n->move;
    while (p->node[c].nchild && out->pv_len < SEARCH_MAX_PV) {
        c = most_visited(p, c);
        if (!p->node[c].visits)
            break;
        out->pv[out->pv_len++] = p->node[c].move;
    }
}

/* Root candidates by visits, most first. */
static void fill_report(const struct uct_plain *p, struct search_report *r,
                        long playouts, double elapsed)
{
    memset(r, 0, sizeof *r);
    r->nodes = playouts;
    r->elapsed = elapsed;
    const struct uct_node *root = &p->node[0];
    uint32_t taken[SEARCH_MAX_CANDIDATES];
    while (r->count < SEARCH_MAX_CANDIDATES) {
        int64_t best = -1;
        for (int k = 0; k < root->nchild; k++) {
            uint32_t c = (uint32_t)(root->first + k);
            bool used = false;
            for (int j = 0; j < r->count; j++)
                used |= taken[j] == c;
            if (!used && p->node[c].visits &&
                (best < 0 || p->node[c].visits > p->node[best].visits))
                best = c;
        }
        if (best < 0)
            break;
        taken[r->count] = (uint32_t)best;
        fill_candidate(p, (uint32_t)best, &r->cand[r->count++]);
    }
}

/* ---- tree reuse ------------------------------------------------------- */

/* Depth-first search below node i (position st, depth d) for the node of
 * `want`, our last answer tried first; *budget caps the plays spent. */
static int64_t find_below(struct uct_plain *p, uint32_t i, int d, int limit,
                          const void *want, uint64_t want_hash, long *budget)
{
    const struct game *g = p->g;
    const struct uct_node *n = &p->node[i];
    if (d >= limit || !n->nchild)
        return -1;
    const unsigned char *st = d == 0 ? p->root_state
                                     : p->scratch + (size_t)d * g->state_size;
    unsigned char *child = p->scratch + (size_t)(d + 1) * g->state_size;
    int first = 0;
    if (d == 0)
        for (int k = 0; k < n->nchild; k++)
            if (p->node[n->first + k].move == p->last_move)
                first = k;
    for (int j = 0; j < n->nchild && *budget > 0; j++) {
        int k = (first + j) % n->nchild;
        uint32_t c = (uint32_t)(p->node[i].first + k);
        memcpy(child, st, g->state_size);
        g->play(child, p->node[c].move);
        /* The search for the old node must not eat the move's time. */
        if (--*budget % 64 == 0 && p->deadline > 0 && clock_now() >= p->deadline)
            *budget = 0;
        if (g->hash(child) == want_hash &&
            memcmp(child, want, g->state_size) == 0)
            return c;
        int64_t hit = find_below(p, c, d + 1, limit, want, want_hash, budget);
        if (hit >= 0)
            return hit;
    }
    return -1;
}

/* Keeps only the subtree of node x, which becomes node 0. Children always
 * lie after their parent, so one forward sweep marks the subtree and the
 * kept nodes slide down in order; a node's new index is the number of
 * kept nodes before it (a bitmap with per-word prefix counts). */
static bool keep_subtree(struct uct_plain *p, uint32_t x)
{
    size_t words = (p->used + 63) / 64;
    uint64_t *mark = calloc(words, sizeof *mark);
    uint32_t *before = malloc(words * sizeof *before);
    if (!mark || !before) {
        free(mark);
        free(before);
        return false;
    }
    mark[x / 64] |= 1ull << (x % 64);
    for (size_t i = x; i < p->used; i++)
        if ((mark[i / 64] >> (i % 64) & 1) && p->node[i].nchild)
            for (size_t c = (size_t)p->node[i].first;
                 c < (size_t)p->node[i].first + p->node[i].nchild; c++)
                mark[c / 64] |= 1ull << (c % 64);
    uint32_t sum = 0;
    for (size_t w = 0; w < words; w++) {
        before[w] = sum;
        sum += (uint32_t)__builtin_popcountll(mark[w]);
    }
#define RANK(i) (before[(i) / 64] + (uint32_t)__builtin_popcountll( \
                     mark[(i) / 64] & ((1ull << ((i) % 64)) - 1)))
    for (size_t i = x; i < p->used; i++) {
        if (!(mark[i / 64] >> (i % 64) & 1))
            continue;
        struct uct_node n = p->node[i];
        if (n.nchild)
            n.first = (int32_t)RANK((size_t)n.first);
        p->node[RANK(i)] = n;
    }
#undef RANK
    p->used = sum;
    p->full = false;
    free(mark);
    free(before);
    return true;
}

/* Makes node 0 the position st: the old tree's node for st when it lies
 * within one round of plies below the old root, else a fresh root. */
static void tree_reuse(struct uct_plain *p, const void *st)
{
    const struct game *g = p->g;
    if (p->used) {
        uint64_t h = g->hash(st);
        if (g->hash(p->root_state) == h &&
            memcmp(p->root_state, st, g->state_size) == 0)
            return;
        long budget = UCT_PLAIN_REUSE_PLAYS;
        int64_t x = find_below(p, 0, 0, g->num_players, st, h, &budget);
        if (x > 0 && keep_subtree(p, (uint32_t)x)) {
            memcpy(p->root_state, st, g->state_size);
            return;
        }
    }
    tree_fresh(p, st);
}

/* ---- genmove ------------------------------------------------------------ */

static move_t uct_genmove(void *vp, const void *st, const struct search_limits *lim)
{
    struct uct_plain *p = vp;
    const struct game *g = p->g;
    double start = clock_now();
    move_t moves[GAME_MAX_MOVES];
    int n = g->legal_moves(st, moves);
    if (n <= 0)
        return MOVE_PASS;

    long quota = lim->playouts > 0 ? lim->playouts : p->opt.playouts;
    double seconds = lim->seconds;
    if (seconds <= 0 && quota <= 0 && !lim->stop)
        seconds = p->opt.time_per_move > 0 ? p->opt.time_per_move : 1.0;
    /* Stop short of the budget: the answer still has to be sent. */
    double deadline = 0;
    if (seconds > 0) {
        double use = seconds * 0.97 - 0.005;
        deadline = start + (use > seconds * 0.5 ? use : seconds * 0.5);
    }
    p->deadline = deadline;
    tree_reuse(p, st);
    if (!p->used || (!p->node[0].nchild && !expand(p, 0, st))) {
        tree_fresh(p, st);   /* a full kept tree may leave no room */
        if (!p->used || !expand(p, 0, st))
            return moves[rng_below(&p->rng, (uint32_t)n)];
    }

    double interval = lim->report_interval > 0 ? lim->report_interval : 1.0;
    double next_report = start + interval;
    long done = 0;
    struct search_report rep;
    for (;;) {
        if (stop_requested(lim->stop))
            break;
        if (quota > 0 && done >= quota)
            break;
        double now = clock_now();
        if (deadline > 0 && now >= deadline)
            break;
        if (p->node[0].visits >= UINT32_MAX - 1)
            break;
        if (lim->report && now >= next_report) {
            fill_report(p, &rep, done, now - start);
            lim->report(lim->report_ctx, &rep);
            next_report = clock_now() + interval;
        }
        iterate(p);
        done++;
    }
    if (lim->report) {
        fill_report(p, &rep, done, clock_now() - start);
        lim->report(lim->report_ctx, &rep);
    }
    p->last_move = p->node[best_child(p, 0)].move;
    return p->last_move;
}

const struct player_type uct_plain_player = {
    .name = "uct-plain",
    .doc = "textbook UCT baseline: UCB1 c=2, expand at 3 visits, uniform playouts",
    .create = uct_create,
    .destroy = uct_destroy,
    .genmove = uct_genmove,
};
