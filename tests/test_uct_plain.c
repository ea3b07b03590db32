/* uct-plain: UCB1 and the final-move rule on hand-built trees, win/loss
 * counting for n players, expansion exactly at the 3rd visit, tree
 * statistics after real searches, Nim solved from its known values, tree
 * reuse keeping exactly the subtree reached, legality of every move played
 * (tree and playouts) in all four games, memory bound, determinism, stop,
 * time and reports. The player's source is included so that the test can
 * look inside its tree. */
#include "check.h"
#include "engine/search/uct_plain.c"

#include <math.h>
#include <stdio.h>

extern const struct game othello_game, yonin_game, separo_game, torushex_game;

/* ---- a toy game: Nim, take 1..k from one pile, taking the last wins ---- */

struct nim {
    int pile, k, side;
};

static int nim_to_move(const void *st)
{
    const struct nim *s = st;
    return s->pile > 0 ? s->side : -1;
}

static int nim_legal(const void *st, move_t *out)
{
    const struct nim *s = st;
    int n = 0;
    for (int t = 1; t <= s->k && t <= s->pile; t++)
        out[n++] = t;
    return n;
}

static void nim_play(void *st, move_t m)
{
    struct nim *s = st;
    s->pile -= m;
    s->side ^= 1;
}

static bool nim_over(const void *st) { return ((const struct nim *)st)->pile <= 0; }

/* The player who took the last object is the one not to move now. */
static void nim_outcome(const void *st, double *out)
{
    const struct nim *s = st;
    out[s->side ^ 1] = 1.0;
    out[s->side] = 0.0;
}

static uint64_t nim_hash(const void *st)
{
    const struct nim *s = st;
    return (uint64_t)s->pile * 131 + (uint64_t)s->k * 7 + (uint64_t)s->side;
}

static const struct game nim_game = {
    .name = "Nim",
    .num_players = 2,
    .state_size = sizeof(struct nim),
    .to_move = nim_to_move,
    .legal_moves = nim_legal,
    .play = nim_play,
    .is_over = nim_over,
    .outcome = nim_outcome,
    .hash = nim_hash,
};

static struct uct_plain *make(const struct game *g, long playouts, uint64_t seed)
{
    struct player_options o;
    player_options_default(&o);
    o.playouts = playouts;
    o.seed = seed;
    return uct_create(g, &o);
}

static struct search_limits budget(long playouts)
{
    return (struct search_limits){.playouts = playouts};
}

/* ---- hand-built trees ------------------------------------------------- */

static void set_child(struct uct_plain *p, int i, move_t m, uint32_t v,
                      uint32_t w, uint32_t l)
{
    p->node[i] = (struct uct_node){.move = m, .visits = v, .wins = w,
                                   .losses = l, .mover = 0};
}

/* Root 0 with children 1..n; visits of the root as given. */
static void hand_tree(struct uct_plain *p, int n, uint32_t root_visits)
{
    arena_reserve(p, (size_t)n + 1);
    p->node[0] = (struct uct_node){.visits = root_visits, .first = 1,
                                   .nchild = (uint16_t)n, .mover = -1};
    p->used = (size_t)n + 1;
}

static void test_ucb1(void)
{
    struct uct_plain *p = make(&nim_game, 0, 1);
    /* N = 100: 5/10 scores 0.5 + 2 sqrt(ln 100 / 10) = 1.857,
     * 30/50 scores 1.207, 35/40 scores 1.554: the least visited wins. */
    hand_tree(p, 3, 100);
    set_child(p, 1, 11, 10, 5, 5);
    set_child(p, 2, 12, 50, 30, 20);
    set_child(p, 3, 13, 40, 35, 5);
    CHECK(select_child(p, 0) == 1, "UCB1 picks 5/10: got %u", select_child(p, 0));
    /* N = 10000, all well explored: 500/1000 scores 0.5 + 0.192 = 0.692,
     * 3000/5000 0.6 + 0.086 = 0.686, 3600/4000 0.9 + 0.096 = 0.996. */
    hand_tree(p, 3, 10000);
    set_child(p, 1, 11, 1000, 500, 500);
    set_child(p, 2, 12, 5000, 3000, 2000);
    set_child(p, 3, 13, 4000, 3600, 400);
    CHECK(select_child(p, 0) == 3, "UCB1 picks 3600/4000");
    /* The coefficient matters: with c = 2, 1/10 (0.1 + 2 sqrt(ln 60/10) =
     * 1.380) beats 9/50 (0.18 + 0.572 = 0.752); with c = 0.1 it loses
     * (0.164 vs 0.209). */
    hand_tree(p, 2, 60);
    set_child(p, 1, 11, 10, 1, 9);
    set_child(p, 2, 12, 50, 9, 41);
    CHECK(select_child(p, 0) == 1, "c = 2 explores 1/10");
    p->explore = 0.1;
    CHECK(select_child(p, 0) == 2, "c = 0.1 exploits 9/50");
    p->explore = UCT_PLAIN_EXPLORE;
    /* Unvisited children come first, whatever the others score. */
    hand_tree(p, 4, 30);
    set_child(p, 1, 11, 10, 10, 0);
    set_child(p, 2, 12, 0, 0, 0);
    set_child(p, 3, 13, 20, 20, 0);
    set_child(p, 4, 14, 0, 0, 0);
    int seen2 = 0, seen4 = 0;
    for (int t = 0; t < 200; t++) {
        uint32_t c = select_child(p, 0);
        seen2 += c == 2;
        seen4 += c == 4;
    }
    CHECK(seen2 + seen4 == 200 && seen2 > 50 && seen4 > 50,
          "unvisited first, either of them: %d %d", seen2, seen4);
    uct_destroy(p);
}

static void test_final_rule(void)
{
    struct uct_plain *p = make(&nim_game, 0, 1);
    /* Most visits: 2; best win rate: 1 (0.60); best win minus loss: 3
     * (0.55 - 0.00). Draws make the difference. */
    hand_tree(p, 4, 500);
    set_child(p, 1, 11, 100, 60, 10);
    set_child(p, 2, 12, 200, 110, 80);
    set_child(p, 3, 13, 100, 55, 0);
    set_child(p, 4, 14, 0, 0, 0);
    CHECK(best_child(p, 0) == 3, "win rate minus loss rate: got %u", best_child(p, 0));
    /* Equal margins: more visits. */
    set_child(p, 1, 11, 100, 55, 0);
    set_child(p, 3, 13, 200, 110, 0);
    CHECK(best_child(p, 0) == 3, "tie broken by visits");
    /* The report ranks by visits and gives win rates with draws as half. */
    struct search_report r;
    fill_report(p, &r, 500, 1.0);
    CHECK(r.count == 3 && r.cand[0].visits == 200 && r.cand[1].visits == 200 &&
              r.cand[2].move == 11, "report by visits (count %d)", r.count);
    int k12 = r.cand[0].move == 12 ? 0 : 1;
    CHECK(r.cand[k12].move == 12 && fabs(r.cand[k12].winrate - (0.5 + 0.5 * 30.0 / 200)) < 1e-12,
          "report win rate %g", r.cand[k12].winrate);
    uct_destroy(p);
}

static void test_backup_counts(void)
{
    struct uct_plain *p = make(&nim_game, 0, 1);
    hand_tree(p, 4, 0);
    for (int i = 1; i <= 4; i++) {
        set_child(p, i, 10 + i, 0, 0, 0);
        p->node[i].mover = (int8_t)(i - 1);
    }
    uint32_t path[] = {0, 1, 2, 3, 4};
    /* A Yonin-like vector: seat 0 beat everyone, seats 1 and 2 some,
     * seat 3 none. */
    double result[4] = {1.0, 1.0 / 3, 2.0 / 3, 0.0};
    backup(p, path, 5, result);
    CHECK(p->node[0].visits == 1 && p->node[0].wins == 0 && p->node[0].losses == 0,
          "a fresh root counts visits only");
    CHECK(p->node[1].wins == 1 && p->node[1].losses == 0, "outcome 1 is a win");
    CHECK(p->node[2].wins == 0 && p->node[2].losses == 0 && p->node[3].wins == 0 &&
              p->node[3].losses == 0, "partial results are neither");
    CHECK(p->node[4].wins == 0 && p->node[4].losses == 1, "outcome 0 is a loss");
    CHECK(p->node[4].visits == 1 && p->node[2].visits == 1, "visits counted");
    uct_destroy(p);
}

/* ---- tree statistics ---------------------------------------------------- */

struct tree_check {
    int bad_sum, bad_leaf, bad_mover, bad_wl;
};

/* Every expanded node other than the root ran exactly two playouts of its
 * own before it grew children at its 3rd visit; a leaf that is not over
 * has at most two visits (unless the tree filled up); movers are the
 * player to move in the parent. */
static void check_node(const struct game *g, const struct uct_plain *p, uint32_t i,
                       const unsigned char *st, uint32_t own_root,
                       struct tree_check *tc)
{
    const struct uct_node *n = &p->node[i];
    if (n->wins + n->losses > n->visits)
        tc->bad_wl++;
    if (!n->nchild) {
        if (!g->is_over(st) && n->visits >= UCT_PLAIN_EXPAND_AT && !p->full)
            tc->bad_leaf++;
        return;
    }
    uint64_t sum = 0;
    unsigned char *child = malloc(g->state_size);
    for (int k = 0; k < n->nchild; k++) {
        const struct uct_node *c = &p->node[n->first + k];
        sum += c->visits;
        if (c->mover != g->to_move(st))
            tc->bad_mover++;
        memcpy(child, st, g->state_size);
        g->play(child, c->move);
        check_node(g, p, (uint32_t)(n->first + k), child, 2, tc);
    }
    free(child);
    if (n->visits != sum + (i == 0 ? own_root : 2))
        tc->bad_sum++;
}

static struct tree_check check_tree(const struct uct_plain *p, uint32_t own_root)
{
    struct tree_check tc = {0};
    check_node(p->g, p, 0, p->root_state, own_root, &tc);
    return tc;
}

static void init_game(const struct game *g, void *st, int size)
{
    struct game_options o = {.size = size ? size : g->default_size, .flags = 0};
    g->init(st, &o);
}

static void test_tree_stats(const struct game *g, int size, long playouts)
{
    unsigned char *st = malloc(g->state_size);
    init_game(g, st, size);
    struct uct_plain *p = make(g, playouts, 7);
    struct search_limits lim = budget(playouts);
    move_t m = uct_genmove(p, st, &lim);
    CHECK(game_is_legal(g, st, m), "%s: legal answer", g->name);
    CHECK(p->node[0].visits == (uint32_t)playouts, "%s: root visits %u",
          g->name, p->node[0].visits);
    struct tree_check tc = check_tree(p, 0);
    CHECK(tc.bad_sum == 0 && tc.bad_leaf == 0 && tc.bad_mover == 0 && tc.bad_wl == 0,
          "%s: tree stats: %d sums, %d leaves, %d movers, %d w/l", g->name,
          tc.bad_sum, tc.bad_leaf, tc.bad_mover, tc.bad_wl);
    CHECK(p->used > (size_t)p->node[0].nchild + 1, "%s: the tree grew below the root",
          g->name);
    uct_destroy(p);
    free(st);
}

/* A chain (Nim taking one at a time): node d grows its only child exactly
 * on its 3rd visit, so the tree has 1, 2, 2, 3, 3, 4, ... nodes after
 * 0, 1, 2, 3, ... playouts (the root is expanded before the first). */
static void test_expand_at_third(void)
{
    struct nim s = {.pile = 50, .k = 1, .side = 0};
    struct uct_plain *p = make(&nim_game, 0, 3);
    tree_reuse(p, &s);
    expand(p, 0, &s);
    int bad = 0;
    for (int t = 1; t <= 20; t++) {
        iterate(p);
        size_t want = 2 + (size_t)(t - 1) / 2;
        if (p->used != want)
            bad++;
    }
    CHECK(bad == 0, "chain expansion at the 3rd visit (%d wrong sizes)", bad);
    CHECK(p->node[1].visits == 20 && p->node[2].visits == 18 && p->node[3].visits == 16,
          "visits down the chain %u %u %u", p->node[1].visits, p->node[2].visits,
          p->node[3].visits);
    uct_destroy(p);
}

/* ---- Nim from its known values: multiples of k+1 lose ------------------- */

static void test_nim(void)
{
    int wrong = 0;
    for (int pile = 5; pile <= 15; pile++) {
        if (pile % 4 == 0)
            continue;
        struct nim s = {.pile = pile, .k = 3, .side = 0};
        struct uct_plain *p = make(&nim_game, 20000, (uint64_t)pile);
        struct search_limits lim = budget(20000);
        move_t m = uct_genmove(p, &s, &lim);
        if (m != pile % 4) {
            wrong++;
            fprintf(stderr, "nim %d: took %d\n", pile, m);
        }
        uct_destroy(p);
    }
    CHECK(wrong == 0, "Nim: %d winning moves missed", wrong);
}

/* ---- tree reuse ------------------------------------------------------- */

struct snap {
    int n;
    struct uct_node v[1 << 16];
};

/* Preorder copy of the subtree at i, child links replaced by counts. */
static void snapshot(const struct uct_plain *p, uint32_t i, struct snap *s)
{
    if (s->n >= (int)(sizeof s->v / sizeof s->v[0]))
        return;
    struct uct_node n = p->node[i];
    n.first = 0;
    s->v[s->n++] = n;
    for (int k = 0; k < p->node[i].nchild; k++)
        snapshot(p, (uint32_t)(p->node[i].first + k), s);
}

static void test_reuse(const struct game *g, int size)
{
    static struct snap before, after;
    unsigned char *st = malloc(g->state_size), *st2 = malloc(g->state_size);
    init_game(g, st, size);
    struct uct_plain *p = make(g, 0, 11);
    struct search_limits lim = budget(4000);
    move_t m = uct_genmove(p, st, &lim);
    uint32_t mine = 0;
    for (int k = 0; k < p->node[0].nchild; k++)
        if (p->node[p->node[0].first + k].move == m)
            mine = (uint32_t)(p->node[0].first + k);
    CHECK(mine && p->node[mine].nchild, "%s: our move's node grew", g->name);
    uint32_t reply = most_visited(p, mine);
    before.n = 0;
    snapshot(p, reply, &before);
    size_t old_used = p->used;

    memcpy(st2, st, g->state_size);
    g->play(st2, m);
    g->play(st2, p->node[reply].move);
    tree_reuse(p, st2);
    after.n = 0;
    snapshot(p, 0, &after);
    CHECK(after.n == before.n && p->used == (size_t)before.n && p->used < old_used,
          "%s: kept %d nodes of the %d below the reply (arena %zu)", g->name,
          after.n, before.n, p->used);
    CHECK(memcmp(before.v, after.v, (size_t)before.n * sizeof before.v[0]) == 0,
          "%s: the kept subtree is the same", g->name);
    CHECK(memcmp(p->root_state, st2, g->state_size) == 0, "%s: root position", g->name);
    uint32_t kept = p->node[0].visits;
    uct_genmove(p, st2, &lim);
    CHECK(p->node[0].visits == kept + 4000, "%s: search goes on from the kept root",
          g->name);
    uint64_t sum = 0;
    for (int k = 0; k < p->node[0].nchild; k++)
        sum += p->node[p->node[0].first + k].visits;
    CHECK(p->node[0].visits - sum == 2, "%s: the kept root had its 2 own playouts",
          g->name);
    struct tree_check tc = check_tree(p, 2);
    CHECK(tc.bad_sum == 0 && tc.bad_leaf == 0 && tc.bad_mover == 0,
          "%s: stats after reuse", g->name);

    /* The same position again keeps everything. */
    size_t used = p->used;
    tree_reuse(p, st2);
    CHECK(p->used == used && p->node[0].visits == kept + 4000, "%s: same position kept",
          g->name);
    /* A position that is not below starts afresh. */
    tree_reuse(p, st);
    CHECK(p->used == 1 && p->node[0].visits == 0, "%s: unrelated position fresh",
          g->name);
    uct_destroy(p);
    free(st);
    free(st2);
}

/* ---- legality of every move played, tree and playouts ---------------- */

static const struct game *checked_real;
static long checked_plays, checked_illegal;

static void checked_play(void *st, move_t m)
{
    move_t moves[GAME_MAX_MOVES];
    int n = checked_real->legal_moves(st, moves);
    bool ok = false;
    for (int i = 0; i < n && !ok; i++)
        ok = moves[i] == m;
    checked_plays++;
    checked_illegal += !ok;
    checked_real->play(st, m);
}

static void test_legal(const struct game *real, int size, long playouts, int games)
{
    struct game g = *real;
    g.play = checked_play;
    checked_real = real;
    checked_plays = checked_illegal = 0;
    unsigned char *st = malloc(g.state_size);
    int bad_answers = 0, unfinished = 0;
    for (int t = 0; t < games; t++) {
        init_game(&g, st, size);
        struct uct_plain *p = make(&g, playouts, 100 + (uint64_t)t);
        struct search_limits lim = budget(playouts);
        int ply = 0;
        for (; !g.is_over(st) && ply < 2000; ply++) {
            move_t m = uct_genmove(p, st, &lim);
            if (!game_is_legal(real, st, m)) {
                bad_answers++;
                break;
            }
            real->play(st, m);
        }
        unfinished += !g.is_over(st);
        uct_destroy(p);
    }
    CHECK(bad_answers == 0 && unfinished == 0, "%s: %d illegal answers, %d unfinished",
          real->name, bad_answers, unfinished);
    CHECK(checked_illegal == 0 && checked_plays > 1000,
          "%s: %ld illegal of %ld moves in tree and playouts", real->name,
          checked_illegal, checked_plays);
    free(st);
}

/* ---- determinism, memory, stop and time, reports ---------------------- */

static void test_determinism(const struct game *g)
{
    unsigned char *a = malloc(g->state_size), *b = malloc(g->state_size);
    init_game(g, a, 0);
    init_game(g, b, 0);
    struct uct_plain *p = make(g, 1500, 42), *q = make(g, 1500, 42);
    struct search_limits lim = budget(1500);
    int differ = 0;
    for (int ply = 0; ply < 8 && !g->is_over(a); ply++) {
        move_t x = uct_genmove(p, a, &lim), y = uct_genmove(q, b, &lim);
        differ += x != y || p->used != q->used ||
                  memcmp(p->node, q->node, p->used * sizeof *p->node) != 0;
        g->play(a, x);
        g->play(b, x);
    }
    CHECK(differ == 0, "%s: equal seeds, equal searches (%d differ)", g->name, differ);
    uct_destroy(p);
    uct_destroy(q);
    free(a);
    free(b);
}

static void test_memory_bound(void)
{
    const struct game *g = &separo_game;
    unsigned char *st = malloc(g->state_size);
    init_game(g, st, 9);
    struct player_options o;
    player_options_default(&o);
    o.tree_mb = 1;
    struct uct_plain *p = uct_create(g, &o);
    struct search_limits lim = budget(80000);
    move_t m = uct_genmove(p, st, &lim);
    CHECK(game_is_legal(g, st, m), "full tree: legal answer");
    CHECK(p->full && p->used <= p->max_nodes &&
              p->max_nodes == ((size_t)1 << 20) / sizeof(struct uct_node),
          "1 MiB bound: %zu of %zu nodes, full %d", p->used, p->max_nodes, p->full);
    CHECK(p->node[0].visits == 80000, "search goes on when full: %u", p->node[0].visits);
    struct tree_check tc = check_tree(p, 0);
    CHECK(tc.bad_sum == 0 && tc.bad_mover == 0, "full tree stats");
    uct_destroy(p);
    /* tree_mb <= 0 means the default 512 MiB. */
    o.tree_mb = 0;
    p = uct_create(g, &o);
    CHECK(p->max_nodes == ((size_t)512 << 20) / sizeof(struct uct_node), "default bound");
    uct_destroy(p);
    free(st);
}

struct collect {
    int reports, sorted_bad, pv_bad;
    const struct game *g;
    const void *root;
    volatile int *stop;
    long last_nodes;
};

static void collect(void *ctx, const struct search_report *r)
{
    struct collect *c = ctx;
    c->reports++;
    c->last_nodes = r->nodes;
    unsigned char *w = malloc(c->g->state_size);
    for (int i = 0; i < r->count; i++) {
        if (i && r->cand[i].visits > r->cand[i - 1].visits)
            c->sorted_bad++;
        if (r->cand[i].winrate < 0 || r->cand[i].winrate > 1 || r->cand[i].pv_len < 1 ||
            r->cand[i].pv[0] != r->cand[i].move)
            c->pv_bad++;
        memcpy(w, c->root, c->g->state_size);
        for (int k = 0; k < r->cand[i].pv_len; k++) {
            if (!game_is_legal(c->g, w, r->cand[i].pv[k])) {
                c->pv_bad++;
                break;
            }
            c->g->play(w, r->cand[i].pv[k]);
        }
    }
    free(w);
    if (c->reports >= 5)
        *c->stop = 1;
}

static void test_analyze_stop_time(void)
{
    const struct game *g = &torushex_game;
    unsigned char *st = malloc(g->state_size);
    init_game(g, st, 7);
    struct uct_plain *p = make(g, 0, 5);
    volatile int stop = 0;
    struct collect c = {.g = g, .root = st, .stop = &stop};
    struct search_limits lim = {.stop = &stop, .report = collect, .report_ctx = &c,
                                .report_interval = 0.02};
    move_t m = uct_genmove(p, st, &lim);
    CHECK(game_is_legal(g, st, m) && stop && c.reports == 6,
          "analyze runs until stopped: %d reports", c.reports);
    CHECK(c.sorted_bad == 0 && c.pv_bad == 0, "reports: %d unsorted, %d bad pv",
          c.sorted_bad, c.pv_bad);
    CHECK(c.last_nodes > 0, "reports count playouts");

    /* Already stopped: an answer at once. Times here and below are the
     * fastest of up to three tries: a stall on a shared machine is not
     * repeated, a search that ignores the stop or its budget is. */
    double t0, fastest = 1e9;
    for (int attempt = 0; attempt < 3 && fastest >= 0.5; attempt++) {
        t0 = clock_now();
        m = uct_genmove(p, st, &lim);
        fastest = fmin(fastest, clock_now() - t0);
        CHECK(game_is_legal(g, st, m), "stopped search: a legal move");
    }
    CHECK(fastest < 0.5, "stopped search answers in %.3f s", fastest);

    /* A time budget is kept (the bound has a generous margin for load). */
    struct uct_plain *q = make(g, 0, 6);
    init_game(g, st, 11);
    double spent = 1e9;
    for (int attempt = 0; attempt < 3 && spent >= 0.1 + 0.25; attempt++) {
        struct search_limits tl = {.seconds = 0.1};
        t0 = clock_now();
        m = uct_genmove(q, st, &tl);
        spent = fmin(spent, clock_now() - t0);
        CHECK(game_is_legal(g, st, m) && q->node[0].visits > 0, "0.1 s budget: %u playouts",
              q->node[0].visits);
    }
    CHECK(spent < 0.1 + 0.25, "0.1 s budget: %.3f s", spent);
    /* A finished game: pass. */
    struct nim done = {.pile = 0, .k = 3};
    struct uct_plain *r = make(&nim_game, 10, 1);
    struct search_limits one = budget(10);
    CHECK(uct_genmove(r, &done, &one) == MOVE_PASS, "game over: pass");
    uct_destroy(r);
    uct_destroy(q);
    uct_destroy(p);
    free(st);
}

int main(void)
{
    test_ucb1();
    test_final_rule();
    test_backup_counts();
    test_expand_at_third();
    test_nim();
    test_tree_stats(&separo_game, 9, 5000);
    test_tree_stats(&torushex_game, 11, 5000);
    test_tree_stats(&othello_game, 8, 3000);
    test_tree_stats(&yonin_game, 0, 3000);
    test_reuse(&separo_game, 9);
    test_reuse(&torushex_game, 7);
    test_reuse(&othello_game, 8);
    test_legal(&separo_game, 7, 100, 3);
    test_legal(&torushex_game, 5, 100, 3);
    test_legal(&othello_game, 6, 100, 2);
    test_legal(&yonin_game, 0, 50, 1);
    test_determinism(&separo_game);
    test_determinism(&othello_game);
    test_memory_bound();
    test_analyze_stop_time();
    return check_report();
}
