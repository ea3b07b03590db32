/* Yonin search tests: max-n, paranoid, the team alpha-beta and the exact
 * endgames against plain searches written here on the public game
 * interface (no pruning, no table, all moves in square order), on random
 * positions of both sizes; seat rotation (a board turned a quarter with
 * the colours swapped is the same position for the next seat); passes
 * inside the tree on hand-built positions; and the players: legal moves,
 * time, fixed depth, analyze reports. */
#include "engine/clock.h"
#include "engine/game.h"
#include "engine/games/yonin/search.h"
#include "engine/player.h"
#include "engine/rng.h"
#include "tests/check.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct game *G = &yonin_game;

typedef struct yonin pos;

static long plain_passes; /* passes met by the plain searches: coverage */

static void start(pos *y, int size, uint32_t flags)
{
    struct game_options o = {size, flags};
    G->init(y, &o);
}

/* A position after `plies` random moves (fewer if the game ends). */
static void random_position(pos *y, int size, uint32_t flags, int plies, struct rng *r)
{
    start(y, size, flags);
    move_t m[GAME_MAX_MOVES];
    for (int i = 0; i < plies && !G->is_over(y); i++) {
        int n = G->legal_moves(y, m);
        G->play(y, m[rng_below(r, (uint32_t)n)]);
    }
}

static int empties(const pos *y)
{
    return y->size * y->size - __builtin_popcountll(y->disc[0] | y->disc[1]);
}

/* ---- plain searches ---- */

static int others(const int *v, int m)
{
    return v[0] + v[1] + v[2] + v[3] - v[m];
}

/* Max-n to `depth` plies (exact: to the end on final scores), ties as
 * documented in search.h: lower others' total, then the lower square
 * (moves come in square order, so the first one wins a full tie). */
static void plain_maxn(const pos *y, int depth, bool exact, int v[4], move_t *best)
{
    if (G->is_over(y) || (!exact && depth == 0)) {
        if (exact && G->is_over(y))
            G->score(y, v);
        else
            yonin_value_vector(y, v);
        if (best)
            *best = MOVE_NONE;
        return;
    }
    move_t m[GAME_MAX_MOVES];
    int n = G->legal_moves(y, m), s = G->to_move(y);
    bool have = false;
    for (int i = 0; i < n; i++) {
        pos c = *y;
        G->play(&c, m[i]);
        if (m[i] == MOVE_PASS)
            plain_passes++;
        int cv[4];
        plain_maxn(&c, depth - 1, exact, cv, NULL);
        if (!have || cv[s] > v[s] || (cv[s] == v[s] && others(cv, s) < others(v, s))) {
            memcpy(v, cv, sizeof cv);
            if (best)
                *best = m[i];
            have = true;
        }
    }
}

/* Minimax where the seats in `co` maximise: the coalition's summed value
 * vector at leaves, or exactly its final scores minus the others'. */
static int plain_coalition(const pos *y, unsigned co, int depth, bool exact)
{
    if (G->is_over(y) || (!exact && depth == 0)) {
        int v[4], t = 0;
        if (exact)
            G->score(y, v);
        else
            yonin_value_vector(y, v);
        for (int k = 0; k < 4; k++)
            t += (co >> k & 1) ? v[k] : exact ? -v[k] : 0;
        return t;
    }
    move_t m[GAME_MAX_MOVES];
    int n = G->legal_moves(y, m), s = G->to_move(y);
    bool max = co >> s & 1;
    int best = max ? -1000000 : 1000000;
    for (int i = 0; i < n; i++) {
        pos c = *y;
        G->play(&c, m[i]);
        if (m[i] == MOVE_PASS)
            plain_passes++;
        int v = plain_coalition(&c, co, depth - 1, exact);
        if (max ? v > best : v < best)
            best = v;
    }
    return best;
}

/* Per root move the plain value vector, in the search's order of r. */
static bool root_vectors_match(const pos *y, int depth, const struct yn_root *r)
{
    for (int i = 0; i < r->n; i++) {
        pos c = *y;
        G->play(&c, r->move[i]);
        int v[4];
        plain_maxn(&c, depth - 1, false, v, NULL);
        if (memcmp(v, r->v[i], sizeof v) != 0)
            return false;
    }
    return true;
}

static struct yn_search *S;

static void begin(const pos *y)
{
    yn_search_begin(S, y);
    S->deadline = 0;
    S->stop = NULL;
}

/* ---- max-n ---- */

static void test_maxn_random(void)
{
    struct rng r;
    rng_seed(&r, 11);
    int checked = 0;
    for (int t = 0; t < 120; t++) {
        int size = t % 3 == 0 ? 6 : 8;
        pos y;
        random_position(&y, size, 0, (int)rng_below(&r, size == 6 ? 26 : 50), &r);
        if (G->is_over(&y))
            continue;
        for (int d = 1; d <= 3; d++) {
            int pv[4];
            move_t pb;
            plain_maxn(&y, d, false, pv, &pb);
            struct yn_root res;
            begin(&y);
            bool ok = yn_maxn_root(S, &y, d, &res);
            CHECK(ok && res.best >= 0, "max-n finished (t %d depth %d)", t, d);
            if (!ok || res.best < 0)
                continue;
            CHECK(memcmp(pv, res.v[res.best], sizeof pv) == 0,
                  "max-n vector t %d depth %d: plain %d %d %d %d, search %d %d %d %d", t, d,
                  pv[0], pv[1], pv[2], pv[3], res.v[res.best][0], res.v[res.best][1],
                  res.v[res.best][2], res.v[res.best][3]);
            CHECK(pb == res.move[res.best], "max-n move t %d depth %d: plain %d search %d",
                  t, d, pb, res.move[res.best]);
            CHECK(root_vectors_match(&y, d, &res), "max-n root vectors t %d depth %d", t, d);
            checked++;
        }
    }
    CHECK(checked > 200, "max-n positions checked: %d", checked);
}

/* Vector sums stay within the pruning bound and values are >= 0. */
static void test_eval_bounds(void)
{
    struct rng r;
    rng_seed(&r, 5);
    bool ok = true;
    for (int t = 0; t < 2000; t++) {
        pos y;
        random_position(&y, t & 1 ? 6 : 8, t & 2 ? 1u : 0u, (int)rng_below(&r, 70), &r);
        int v[4];
        yonin_value_vector(&y, v);
        int sum = v[0] + v[1] + v[2] + v[3];
        for (int k = 0; k < 4; k++)
            ok &= v[k] >= 0;
        ok &= sum <= YN_VSUM;
        if (G->is_over(&y))
            ok &= sum == YN_VSUM; /* outcomes always share out all of it */
    }
    CHECK(ok, "value vectors: entries >= 0, sum <= YN_VSUM, finished = YN_VSUM");
}

/* ---- paranoid and team ---- */

static void test_coalition_random(uint32_t flags, int max_depth, int count)
{
    struct rng r;
    rng_seed(&r, 23 + flags);
    int checked = 0;
    for (int t = 0; t < count; t++) {
        int size = t % 3 == 0 ? 6 : 8;
        pos y;
        random_position(&y, size, flags, (int)rng_below(&r, size == 6 ? 26 : 50), &r);
        if (G->is_over(&y))
            continue;
        unsigned co = yn_coalition_of(&y);
        for (int d = 1; d <= max_depth; d++) {
            int want = plain_coalition(&y, co, d, false);
            struct yn_root res;
            begin(&y);
            bool ok = yn_coalition_root(S, &y, co, d, false, false, &res);
            CHECK(ok && res.best >= 0 && res.v[res.best][0] == want,
                  "%s value t %d depth %d: plain %d search %d", flags ? "team" : "paranoid",
                  t, d, want, res.best >= 0 ? res.v[res.best][0] : -1);
            /* The chosen move is worth that value too. */
            if (ok && res.best >= 0) {
                pos c = y;
                G->play(&c, res.move[res.best]);
                CHECK(plain_coalition(&c, co, d - 1, false) == want, "best move's value t %d d %d", t, d);
            }
            begin(&y);
            ok = yn_coalition_root(S, &y, co, d, false, true, &res);
            bool all = ok;
            for (int i = 0; ok && i < res.n; i++) {
                pos c = y;
                G->play(&c, res.move[i]);
                all &= plain_coalition(&c, co, d - 1, false) == res.v[i][0];
            }
            CHECK(all, "every root move's value (analyze) t %d depth %d", t, d);
            checked++;
        }
    }
    CHECK(checked > count, "%s positions checked: %d", flags ? "team" : "paranoid", checked);
}

/* Paranoid for a coalition that is not the mover: the mover minimises. */
static void test_coalition_min_root(void)
{
    struct rng r;
    rng_seed(&r, 77);
    bool ok = true;
    for (int t = 0; t < 30; t++) {
        pos y;
        random_position(&y, 6, 0, (int)rng_below(&r, 20), &r);
        if (G->is_over(&y))
            continue;
        unsigned co = 1u << ((y.mover + 1) & 3);
        struct yn_root res;
        begin(&y);
        yn_coalition_root(S, &y, co, 3, false, false, &res);
        ok &= res.best >= 0 && res.v[res.best][0] == plain_coalition(&y, co, 3, false);
    }
    CHECK(ok, "coalition without the mover: the mover minimises");
}

/* ---- exact endgames ---- */

static void test_exact(void)
{
    struct rng r;
    rng_seed(&r, 31);
    int checked = 0;
    for (int t = 0; t < 60; t++) {
        int size = t % 2 ? 6 : 8;
        pos y;
        start(&y, size, t % 3 == 0 ? 1u : 0u);
        move_t m[GAME_MAX_MOVES];
        int left = 7 + (int)rng_below(&r, 3);
        while (!G->is_over(&y) && empties(&y) > left) {
            int n = G->legal_moves(&y, m);
            G->play(&y, m[rng_below(&r, (uint32_t)n)]);
        }
        if (G->is_over(&y))
            continue;
        struct yn_root res;
        if (y.flags & 1u) {
            unsigned co = yn_coalition_of(&y);
            int want = plain_coalition(&y, co, 0, true);
            begin(&y);
            bool ok = yn_coalition_root(S, &y, co, 1, true, false, &res);
            CHECK(ok && res.best >= 0 && res.v[res.best][0] == want,
                  "team endgame t %d: plain %d search %d", t, want, res.v[res.best][0]);
        } else {
            int want[4];
            move_t wm;
            plain_maxn(&y, 0, true, want, &wm);
            begin(&y);
            bool ok = yn_maxn_exact(S, &y, &res);
            CHECK(ok && res.best >= 0 && memcmp(want, res.v[res.best], sizeof want) == 0
                      && wm == res.move[res.best],
                  "max-n endgame t %d: plain %d %d %d %d (%d), search %d %d %d %d (%d)", t,
                  want[0], want[1], want[2], want[3], wm, res.v[res.best][0],
                  res.v[res.best][1], res.v[res.best][2], res.v[res.best][3],
                  res.move[res.best]);
        }
        checked++;
    }
    CHECK(checked > 40, "endgames checked: %d", checked);
}

/* ---- seat rotation ---- */

/* The board turned a quarter clockwise with the colours swapped: seat s's
 * quadrant and discs become seat s+1's, so the position is the same game
 * with every seat moved on by one. */
static void rotate(const pos *y, pos *o)
{
    *o = *y;
    int n = y->size;
    o->disc[0] = o->disc[1] = 0;
    for (int c = 0; c < 2; c++)
        for (bb_t b = y->disc[c]; b; b &= b - 1) {
            int sq = __builtin_ctzll(b), row = sq / 8, col = sq % 8;
            o->disc[c ^ 1] |= 1ULL << (col * 8 + (n - 1 - row));
        }
    if (y->mover >= 0)
        o->mover = (int8_t)((y->mover + 1) & 3);
}

static int rotate_square(int sq, int n)
{
    return sq < 0 ? sq : (sq % 8) * 8 + (n - 1 - sq / 8);
}

static void test_rotation(void)
{
    struct rng r;
    rng_seed(&r, 99);
    bool vec = true, depth1 = true, par = true;
    int rounds = 0;
    for (int t = 0; t < 40; t++) {
        pos y, z;
        random_position(&y, t & 1 ? 6 : 8, 0, (int)rng_below(&r, 40), &r);
        if (G->is_over(&y))
            continue;
        rotate(&y, &z);
        int a[4], b[4];
        yonin_value_vector(&y, a);
        yonin_value_vector(&z, b);
        for (int k = 0; k < 4; k++)
            vec &= a[k] == b[(k + 1) & 3];
        struct yn_root ry, rz;
        begin(&y);
        yn_maxn_root(S, &y, 1, &ry);
        begin(&z);
        yn_maxn_root(S, &z, 1, &rz);
        depth1 &= ry.n == rz.n;
        for (int i = 0; i < ry.n; i++) {
            int j = 0;
            while (j < rz.n && rz.move[j] != rotate_square(ry.move[i], y.size))
                j++;
            depth1 &= j < rz.n;
            for (int k = 0; j < rz.n && k < 4; k++)
                depth1 &= ry.v[i][k] == rz.v[j][(k + 1) & 3];
        }
        begin(&y);
        yn_coalition_root(S, &y, yn_coalition_of(&y), 3, false, false, &ry);
        begin(&z);
        yn_coalition_root(S, &z, yn_coalition_of(&z), 3, false, false, &rz);
        par &= ry.v[ry.best][0] == rz.v[rz.best][0];
        rounds++;
    }
    CHECK(rounds > 25, "rotation rounds %d", rounds);
    CHECK(vec, "evaluation turns with the board");
    CHECK(depth1, "max-n depth 1 root vectors turn with the board");
    CHECK(par, "paranoid depth 3 value turns with the board");
}

/* ---- passes inside the tree ---- */

/* 6x6 boards from random games. PASS_BOARD: D, to move, has no move while
 * the others have. PASS_BELOW: one of A's five moves leaves B without a
 * move, so B passes one ply down. */
static const char *PASS_BOARD =
    "------"
    "----X-"
    "-OOX--"
    "--OO--"
    "--X-O-"
    "-XXX--";
static const char *PASS_BELOW =
    "------"
    "--OXXX"
    "-OOOX-"
    "-XXXX-"
    "---XXO"
    "----X-";

static void test_passes(void)
{
    pos y;
    start(&y, 6, 0);
    char err[128];
    CHECK(G->set_position(&y, PASS_BOARD, "d", err, sizeof err) == 0, "set_position: %s", err);
    move_t m[GAME_MAX_MOVES];
    int n = G->legal_moves(&y, m);
    CHECK(n == 1 && m[0] == MOVE_PASS, "D must pass (%d moves)", n);
    for (int d = 1; d <= 5; d++) {
        long before = plain_passes;
        int pv[4];
        move_t pb;
        plain_maxn(&y, d, false, pv, &pb);
        struct yn_root res;
        begin(&y);
        yn_maxn_root(S, &y, d, &res);
        CHECK(res.best == 0 && res.move[0] == MOVE_PASS, "max-n passes at the root (depth %d)", d);
        CHECK(memcmp(pv, res.v[0], sizeof pv) == 0, "max-n with passes, depth %d", d);
        CHECK(plain_passes > before, "the tree below holds passes (depth %d)", d);
        int want = plain_coalition(&y, yn_coalition_of(&y), d, false);
        begin(&y);
        yn_coalition_root(S, &y, yn_coalition_of(&y), d, false, false, &res);
        CHECK(res.v[0][0] == want, "paranoid with passes, depth %d: %d vs %d", d, res.v[0][0], want);
    }
    CHECK(G->set_position(&y, PASS_BELOW, "a", err, sizeof err) == 0, "set_position a");
    for (int d = 2; d <= 5; d++) {
        long before = plain_passes;
        int pv[4];
        move_t pb;
        plain_maxn(&y, d, false, pv, &pb);
        struct yn_root res;
        begin(&y);
        yn_maxn_root(S, &y, d, &res);
        CHECK(res.best >= 0 && memcmp(pv, res.v[res.best], sizeof pv) == 0 && pb == res.move[res.best],
              "max-n, passes below the root, depth %d", d);
        CHECK(plain_passes > before, "passes below the root (depth %d)", d);
    }
}

/* With --exact the players finish the game by the exact searches: max-n
 * on final scores (both players), the team lead in the team game. */
static void test_players_exact(void)
{
    struct rng r;
    rng_seed(&r, 12);
    const char *names[2] = {"maxn", "paranoid"};
    int checked = 0;
    for (int t = 0; t < 24; t++) {
        const struct player_type *pt = player_find(names[t & 1]);
        struct player_options o;
        player_options_default(&o);
        o.hash_mb = 8;
        o.exact_empties = 12;
        pos y;
        start(&y, t % 4 < 2 ? 8 : 6, t % 3 == 0 ? 1u : 0u);
        move_t m[GAME_MAX_MOVES];
        while (!G->is_over(&y) && empties(&y) > 8) {
            int n = G->legal_moves(&y, m);
            G->play(&y, m[rng_below(&r, (uint32_t)n)]);
        }
        if (G->is_over(&y) || G->legal_moves(&y, m) < 2)
            continue;
        void *p = pt->create(G, &o);
        struct search_limits none = {0};
        move_t mv = pt->genmove(p, &y, &none);
        pt->destroy(p);
        if (y.flags & 1u) {
            unsigned co = yn_coalition_of(&y);
            int want = plain_coalition(&y, co, 0, true);
            pos c = y;
            G->play(&c, mv);
            CHECK(plain_coalition(&c, co, 0, true) == want, "%s team endgame move t %d",
                  names[t & 1], t);
        } else {
            int want[4];
            move_t wm;
            plain_maxn(&y, 0, true, want, &wm);
            CHECK(mv == wm, "%s endgame move t %d: %d, exact max-n %d", names[t & 1], t, mv, wm);
        }
        checked++;
    }
    CHECK(checked >= 12, "player endgames checked: %d", checked);
}

/* ---- MCTS playout policy ---- */

/* The policy's playout, replayed move by move through the game interface
 * from its trace (passes wherever the trace skips a seat), must be legal
 * throughout and end in the same finished position. */
static void test_policy_playout(void)
{
    CHECK(G->mcts && G->mcts->playout && !G->mcts->amaf, "Yonin has a playout policy, no AMAF");
    if (!G->mcts || !G->mcts->playout)
        return;
    struct rng r, pr;
    rng_seed(&r, 8);
    rng_seed(&pr, 9);
    bool legal = true, same = true, over = true;
    int games = 0;
    for (int t = 0; t < 300; t++) {
        pos y, end;
        random_position(&y, t & 1 ? 6 : 8, t % 3 == 0 ? 1u : 0u, (int)rng_below(&r, 30), &r);
        end = y;
        struct playout_trace tr = {0};
        G->mcts->playout(&end, &pr, &tr);
        over &= G->is_over(&end);
        pos z = y;
        move_t m[GAME_MAX_MOVES];
        for (int i = 0; i < tr.n && legal; i++) {
            while (!G->is_over(&z) && G->to_move(&z) != tr.player[i]) {
                int n = G->legal_moves(&z, m);
                legal &= n == 1 && m[0] == MOVE_PASS;
                G->play(&z, MOVE_PASS);
            }
            legal &= !G->is_over(&z) && game_is_legal(G, &z, tr.move[i]);
            if (legal)
                G->play(&z, tr.move[i]);
        }
        same &= legal && G->is_over(&z) && z.disc[0] == end.disc[0] && z.disc[1] == end.disc[1];
        games++;
    }
    CHECK(games == 300 && over, "policy playouts end the game");
    CHECK(legal, "policy playouts play legal moves (with the game's passes)");
    CHECK(same, "policy playouts end where their replay ends");
}

/* ---- players ---- */

static int reports_seen;
static volatile int stop_flag;
static bool report_ok;

static void on_report(void *ctx, const struct search_report *rep)
{
    const pos *y = ctx;
    reports_seen++;
    bool ok = rep->count >= 1 && rep->nodes > 0;
    for (int i = 0; i < rep->count; i++) {
        const struct search_candidate *c = &rep->cand[i];
        ok &= c->winrate >= 0 && c->winrate <= 1 && c->pv_len >= 1 && c->pv[0] == c->move
              && game_is_legal(G, y, c->move);
    }
    report_ok &= ok;
    if (reports_seen >= 3)
        stop_flag = 1;
}

static void test_players(void)
{
    const char *names[2] = {"maxn", "paranoid"};
    for (int k = 0; k < 2; k++) {
        const struct player_type *pt = player_find(names[k]);
        CHECK(pt && player_supports(pt, G), "%s plays Yonin", names[k]);
        if (!pt)
            continue;
        CHECK(!player_supports(pt, game_find("othello")), "%s refuses Othello", names[k]);
        struct player_options o;
        player_options_default(&o);
        o.hash_mb = 8;
        for (uint32_t flags = 0; flags < 2; flags++) {
            void *p = pt->create(G, &o);
            pos y;
            start(&y, 8, flags);
            double worst = 0;
            bool legal = true;
            for (int ply = 0; ply < 200 && !G->is_over(&y); ply++) {
                /* A slow move is timed again, up to five tries: a stall
                 * on a shared machine is not repeated, an overrun is. */
                move_t mv = MOVE_NONE;
                double dt = 1e9;
                for (int attempt = 0; attempt < 5 && dt >= 0.5; attempt++) {
                    struct search_limits lim = {.seconds = 0.05};
                    double t0 = clock_now();
                    mv = pt->genmove(p, &y, &lim);
                    double took = clock_now() - t0;
                    dt = took < dt ? took : dt;
                }
                worst = dt > worst ? dt : worst;
                legal &= game_is_legal(G, &y, mv);
                if (!game_is_legal(G, &y, mv))
                    break;
                G->play(&y, mv);
            }
            CHECK(legal && G->is_over(&y), "%s%s plays a whole game legally", names[k],
                  flags ? " (team)" : "");
            /* Generous: the bound is 0.05 s; a loaded machine adds delay. */
            CHECK(worst < 0.5, "%s within its time: worst %.3f s", names[k], worst);
            pt->destroy(p);
        }
        /* Fixed depth gives the search's own choice. */
        o.depth = 3;
        void *p = pt->create(G, &o);
        pos y;
        struct rng r;
        rng_seed(&r, 4);
        random_position(&y, 8, 0, 20, &r);
        struct search_limits none = {0};
        move_t mv = pt->genmove(p, &y, &none);
        struct yn_root res;
        begin(&y);
        if (k == 0)
            yn_maxn_root(S, &y, 3, &res);
        else
            yn_coalition_root(S, &y, yn_coalition_of(&y), 3, false, false, &res);
        unsigned co = yn_coalition_of(&y);
        int want = plain_coalition(&y, co, 3, false);
        G->play(&y, mv);
        CHECK(k == 0 ? mv == res.move[res.best] : plain_coalition(&y, co, 2, false) == want,
              "%s at fixed depth 3 plays the search's choice", names[k]);
        pt->destroy(p);
        /* analyze: runs until stop, reporting. */
        o.depth = 0;
        p = pt->create(G, &o);
        random_position(&y, 8, 0, 12, &r);
        reports_seen = 0;
        stop_flag = 0;
        report_ok = true;
        struct search_limits an = {.stop = &stop_flag, .report = on_report, .report_ctx = &y,
                                   .report_interval = 0.01};
        mv = pt->genmove(p, &y, &an);
        CHECK(reports_seen >= 3 && report_ok && game_is_legal(G, &y, mv),
              "%s analyze: %d reports, well-formed %d", names[k], reports_seen, report_ok);
        pt->destroy(p);
    }
}

int main(void)
{
    S = yn_search_new(16);
    if (!S) {
        fprintf(stderr, "no memory\n");
        return 1;
    }
    test_eval_bounds();
    test_maxn_random();
    test_coalition_random(0, 4, 50);
    test_coalition_random(1u, 4, 40);
    test_coalition_min_root();
    test_exact();
    test_rotation();
    test_passes();
    test_policy_playout();
    test_players();
    test_players_exact();
    CHECK(plain_passes > 0, "plain searches met passes: %ld", plain_passes);
    yn_search_free(S);
    return check_report();
}
