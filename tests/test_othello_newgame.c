/* A new Othello game keeps the player's table and clears it
 * (engine/games/othello/player.c, ab_reset): the memory is the same, and
 * every search afterwards gives what a searcher just made gives — the same
 * value, move and node count — also when the board size changes, where
 * entries of the old game would be wrong. Checked on the searcher, on the
 * player through its reset hook, and on the session (set_game, boardsize,
 * another game and back). */
#include "engine/game.h"
#include "engine/games/othello/eval.h"
#include "engine/games/othello/othello.h"
#include "engine/games/othello/search.h"
#include "engine/games/othello/search_int.h"
#include "engine/player.h"
#include "protocol/session.h"
#include "tests/check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEPTH 7

/* A position of `size` after the moves (space-separated), or the start. */
static struct othello position(int size, const char *moves)
{
    struct othello st;
    struct game_options o = {.size = size};
    othello_game.init(&st, &o);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *save = NULL, *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        move_t m;
        if (othello_game.parse_move(&st, w, &m) == 0 && game_is_legal(&othello_game, &st, m))
            othello_game.play(&st, m);
        else
            fprintf(stderr, "test position: '%s' is not legal\n", w);
    }
    return st;
}

static struct oth_search *searcher(void)
{
    struct oth_search_config c = {
        .hash_mb = 4,
        .threads = 1,
        .weights = oth_weights_shared_default(NULL, NULL, 0),
        .mpc = oth_mpc_shared(),
    };
    return oth_search_new(&c);
}

/* A fixed-depth search of st on `board` (its own board unless given). */
static struct oth_progress search(struct oth_search *s, const struct othello *st, bb_t board)
{
    struct oth_run run = {.max_depth = DEPTH};
    struct oth_progress p;
    oth_search_run(s, st->disc[st->side], st->disc[!st->side], board ? board : st->board, &run,
                   &p);
    return p;
}

static bool same(const struct oth_progress *a, const struct oth_progress *b)
{
    return a->value == b->value && a->best == b->best && a->nodes == b->nodes &&
           a->depth == b->depth;
}

/* ---- the searcher: cleared is as good as new ---- */

static void test_searcher(void)
{
    /* Y follows X, so that X's entries would serve Y's search. */
    struct othello x = position(8, "f5 d6 c3 d3 c4 f4");
    struct othello y = position(8, "f5 d6 c3 d3 c4 f4 c5 b3");
    struct oth_search *kept = searcher(), *fresh = searcher();
    CHECK(kept && fresh, "searchers made");
    if (!kept || !fresh)
        return;
    CHECK(!kept->tt.used && !kept->near.used, "a new table is unused");
    struct oth_tt_entry *mem = kept->tt.e;
    search(kept, &x, 0);
    CHECK(kept->tt.used, "a search uses the table");
    struct oth_progress warm = search(kept, &y, 0);
    oth_search_clear(kept);
    CHECK(kept->tt.e == mem, "the table is kept in the same memory");
    CHECK(!kept->tt.used && kept->tt.gen == 0, "cleared: unused, generation 0");
    struct oth_progress a = search(kept, &y, 0), b = search(fresh, &y, 0);
    CHECK(same(&a, &b), "after the clear, as a new searcher: value %d/%d, move %d/%d, "
          "nodes %llu/%llu", a.value, b.value, a.best, b.best, (unsigned long long)a.nodes,
          (unsigned long long)b.nodes);
    /* The comparison can tell: with the entries of the search before it
     * the same search takes fewer nodes. */
    CHECK(warm.nodes < b.nodes, "a warm table searches fewer nodes (%llu < %llu)",
          (unsigned long long)warm.nodes, (unsigned long long)b.nodes);

    /* The same discs on the 8x8 board and on the 6x6 one are the same
     * key: after a game on one size, the other must not read its entries. */
    struct othello z = position(6, "c2 b2 e4");
    oth_search_clear(fresh);
    search(kept, &z, ~0ULL);
    oth_search_clear(kept);
    a = search(kept, &z, 0);
    b = search(fresh, &z, 0);
    CHECK(same(&a, &b), "6x6 after 8x8 and a clear, as new: value %d/%d, move %d/%d, "
          "nodes %llu/%llu", a.value, b.value, a.best, b.best, (unsigned long long)a.nodes,
          (unsigned long long)b.nodes);
    CHECK(a.best >= 0 && (z.board >> a.best & 1), "the move is on the 6x6 board (%d)", a.best);
    oth_search_free(kept);
    oth_search_free(fresh);
}

/* ---- the player's reset hook ---- */

struct last {
    long nodes;
    int depth;
};

static void note(void *ctx, const struct search_report *r)
{
    struct last *l = ctx;
    l->nodes = r->nodes;
    l->depth = r->depth;
}

static void options(struct player_options *o)
{
    player_options_default(o);
    o->threads = 1;
    o->depth = DEPTH;
    o->hash_mb = 4;
    o->no_book = true;
}

/* genmove on st with a report of its last iteration in *l. */
static move_t genmove(const struct player_type *pt, void *p, const struct othello *st,
                      struct last *l)
{
    *l = (struct last){0, 0};
    struct search_limits lim = {.report = note, .report_ctx = l, .report_interval = 1e-6};
    return pt->genmove(p, st, &lim);
}

static void test_player(void)
{
    const struct player_type *ab = player_find("alphabeta");
    CHECK(ab && ab->reset, "alphabeta has a reset hook");
    if (!ab || !ab->reset)
        return;
    struct player_options o;
    options(&o);
    void *kept = ab->create(&othello_game, &o), *fresh = ab->create(&othello_game, &o);
    struct othello x = position(8, "f5 f6 e6 f4"), y = position(8, "f5 f6 e6 f4 e3 c5");
    struct last lk, lf;
    genmove(ab, kept, &x, &lk);
    genmove(ab, kept, &y, &lk);
    long warm = lk.nodes;
    ab->reset(kept);
    move_t mk = genmove(ab, kept, &y, &lk), mf = genmove(ab, fresh, &y, &lf);
    CHECK(mk == mf && lk.nodes == lf.nodes && lk.depth == DEPTH,
          "reset player as new: move %d/%d, nodes %ld/%ld at depth %d", mk, mf, lk.nodes,
          lf.nodes, lk.depth);
    CHECK(warm < lf.nodes, "without the reset the same search takes fewer nodes (%ld < %ld)",
          warm, lf.nodes);
    ab->destroy(kept);
    ab->destroy(fresh);
}

/* ---- the session: set_game, boardsize, another game ---- */

static void test_session(void)
{
    struct player_options o;
    options(&o);
    struct session s, t;
    session_init(&s, NULL, &o);
    session_init(&t, NULL, &o);
    struct game_options g8 = {.size = 8}, g6 = {.size = 6};
    CHECK(session_new_game(&s, &othello_game, &g8) == 0, "first game");
    void *player = s.player;
    struct othello y = position(8, "f5 f6 e6 f4 e3 c5");
    struct last lk, lf;
    genmove(s.ptype, s.player, &y, &lk);
    CHECK(session_new_game(&s, &othello_game, &g8) == 0 && s.player == player,
          "set_game othello keeps the player");
    CHECK(session_new_game(&t, &othello_game, &g8) == 0, "a fresh session");
    move_t mk = genmove(s.ptype, s.player, &y, &lk), mf = genmove(t.ptype, t.player, &y, &lf);
    CHECK(mk == mf && lk.nodes == lf.nodes, "kept player as new: move %d/%d, nodes %ld/%ld",
          mk, mf, lk.nodes, lf.nodes);
    /* boardsize 6: kept too, and cleared. */
    struct othello z = position(6, "c2 b2 e4");
    CHECK(session_new_game(&s, &othello_game, &g6) == 0 && s.player == player,
          "boardsize keeps the player");
    CHECK(session_new_game(&t, &othello_game, &g6) == 0, "fresh session, 6x6");
    mk = genmove(s.ptype, s.player, &z, &lk);
    mf = genmove(t.ptype, t.player, &z, &lf);
    CHECK(mk == mf && lk.nodes == lf.nodes, "6x6 after 8x8: move %d/%d, nodes %ld/%ld", mk, mf,
          lk.nodes, lf.nodes);
    /* Another game has another player; back to Othello, a new one. */
    const struct game *yonin = game_find("Yonin");
    struct game_options gy = {.size = yonin->default_size};
    CHECK(session_new_game(&s, yonin, &gy) == 0 && s.ptype != player_find("alphabeta"),
          "Yonin has its own player");
    CHECK(session_new_game(&s, &othello_game, &g8) == 0 && s.player &&
          s.ptype == player_find("alphabeta"), "back to Othello");
    session_free(&s);
    session_free(&t);
}

int main(void)
{
    test_searcher();
    test_player();
    test_session();
    return check_report();
}
