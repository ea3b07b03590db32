/* Torus Hex search knowledge: the policy playout (legal fills, the winner
 * against move-by-move replay and the exact scan, the bridge-save reply
 * against a plain re-implementation), forced root moves against trying
 * every cell, and the `heuristic` player on hand-built positions. */
#include "check.h"
#include "engine/game.h"
#include "engine/games/torushex/torushex.h"
#include "engine/player.h"
#include "engine/rng.h"

#include <stdlib.h>
#include <string.h>

extern const struct game torushex_game;
static const struct game *G = &torushex_game;

/* The six neighbours in turn around a cell, from RULES.md's offsets:
 * each differs from the next by one of the same offsets. */
static const int AROUND[6][2] = { { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, 0 }, { -1, 1 }, { 0, 1 } };

static int cell_at(int n, int c, int r)
{
    c = ((c % n) + n) % n;
    r = ((r % n) + n) % n;
    return r * n + c;
}

static int around(int n, int i, int k)
{
    return cell_at(n, i % n + AROUND[k][0], i / n + AROUND[k][1]);
}

static void new_game(struct th_state *s, int n, unsigned flags)
{
    struct game_options o = { n, flags };
    G->init(s, &o);
}

static void put(struct th_state *s, int c, int r)
{
    G->play(s, cell_at(s->n, c, r));
}

/* Cells that save a bridge of `mover` broken by the stone on `last`. */
static int saves(const uint8_t *cell, int n, int last, int mover, int *out)
{
    int k = 0;
    for (int i = 0; i < 6; i++) {
        int a = around(n, last, i), b = around(n, last, (i + 1) % 6), c = around(n, last, (i + 2) % 6);
        if (cell[a] == mover && cell[c] == mover && cell[b] == TH_EMPTY)
            out[k++] = b;
    }
    return k;
}

/* Plays `plies` uniformly random legal moves (fewer if the game ends). */
static void random_moves(struct th_state *s, struct rng *r, int plies)
{
    move_t m[GAME_MAX_MOVES];
    for (int p = 0; p < plies && !G->is_over(s); p++) {
        int k = G->legal_moves(s, m);
        G->play(s, m[rng_below(r, (uint32_t)k)]);
    }
}

/* ---- the policy playout ------------------------------------------- */

/* One playout from s, checked move by move against the interface. */
static void check_one_playout(const struct th_state *start, struct rng *r, long *bridge_replies)
{
    struct th_state end, walk;
    struct playout_trace tr;
    int n = start->n, nn = n * n;
    memcpy(&end, start, sizeof end);
    tr.n = 0;
    G->mcts->playout(&end, r, &tr);
    CHECK(G->is_over(&end), "playout ended the game (n=%d)", n);
    CHECK(end.stones == nn, "playout fills the board: %d of %d", end.stones, nn);
    int p, q;
    int scan_black = th_scan_wins(&end, TH_BLACK, &p, &q);
    int scan_white = th_scan_wins(&end, TH_WHITE, &p, &q);
    CHECK(scan_black != scan_white, "a full board has exactly one winner (n=%d)", n);
    CHECK(end.winner == (scan_black ? TH_BLACK : TH_WHITE), "playout winner %d = scan", end.winner);

    /* Replay: every move legal until the game ends, colours alternate
     * from the side to move, and after the end only empty cells follow. */
    memcpy(&walk, start, sizeof walk);
    int colour = start->turn, last = start->last, ok = 1, winner = 0;
    uint8_t filled[TH_CELLS];
    memcpy(filled, start->cell, sizeof filled);
    for (int t = 0; t < tr.n && ok; t++) {
        move_t m = tr.move[t];
        ok &= tr.player[t] == colour - 1;
        if (m == th_swap_move(start)) {
            ok &= t == 0 && th_swap_ok(start);
            G->play(&walk, m);
            for (int i = 0; i < nn; i++)
                if (filled[i])
                    filled[i] = TH_WHITE;
            last = -1;
            colour = TH_BLACK;
            continue;
        }
        ok &= m >= 0 && m < nn && !filled[m];
        if (!ok)
            break;
        int want[6], w = last >= 0 ? saves(filled, n, last, colour, want) : 0;
        if (w) {
            int hit = 0;
            for (int j = 0; j < w; j++)
                hit |= want[j] == m;
            CHECK(hit, "bridge broken at %d: answer %d is not a save", last, m);
            ++*bridge_replies;
        }
        if (!winner) {
            ok &= game_is_legal(G, &walk, m);
            G->play(&walk, m);
            if (G->is_over(&walk))
                winner = walk.winner;
        }
        filled[m] = (uint8_t)colour;
        last = m;
        colour = TH_BLACK + TH_WHITE - colour;
    }
    CHECK(ok, "trace is a legal continuation (n=%d)", n);
    CHECK(tr.n == nn - start->stones + (tr.n && tr.move[0] == th_swap_move(start)),
          "trace holds every placement: %d", tr.n);
    CHECK(winner == end.winner, "winner by replay %d = playout %d (n=%d)", winner, end.winner, n);
    CHECK(memcmp(filled, end.cell, (size_t)nn) == 0, "trace rebuilds the final board");
}

static void test_policy_playouts(void)
{
    struct rng r;
    rng_seed(&r, 7);
    long replies = 0;
    int games = 0, black = 0;
    for (int g = 0; g < 3000; g++) {
        struct th_state s;
        int n = g < 1000 ? 11 : 3 + (int)rng_below(&r, 17);
        new_game(&s, n, g % 5 == 0 ? TH_SWAP : 0);
        random_moves(&s, &r, (int)rng_below(&r, (uint32_t)(n * n / 2 + 2)));
        if (G->is_over(&s))
            continue;
        check_one_playout(&s, &r, &replies);
        games++;
    }
    CHECK(games > 2500, "enough games checked: %d", games);
    CHECK(replies > 1000, "bridge-save replies seen: %ld", replies);
    /* From the empty 11x11 board the bridge replies should not change
     * White's random-fill edge much (measured 0.44 Black). */
    struct rng r2;
    rng_seed(&r2, 11);
    for (int g = 0; g < 4000; g++) {
        struct th_state s;
        new_game(&s, 11, 0);
        G->mcts->playout(&s, &r2, NULL);
        black += s.winner == TH_BLACK;
    }
    CHECK(black > 1400 && black < 2100, "black wins %d of 4000 policy playouts", black);
    /* The swap variant: at ply 1 the playout sometimes swaps. */
    int swaps = 0;
    for (int g = 0; g < 400; g++) {
        struct th_state s;
        struct playout_trace tr = { .n = 0 };
        new_game(&s, 3, TH_SWAP);
        put(&s, 1, 1);
        G->mcts->playout(&s, &r2, &tr);
        swaps += tr.move[0] == 9;
    }
    CHECK(swaps > 20 && swaps < 100, "swap chosen %d of 400 times (1 in 9 expected)", swaps);
}

/* Hand-built bridge intrusions: the answer is the bridge's other cell. */
static void test_bridge_save(void)
{
    struct rng r;
    rng_seed(&r, 3);
    for (int rep = 0; rep < 50; rep++) {
        struct th_state s;
        struct playout_trace tr = { .n = 0 };
        new_game(&s, 11, 0);
        put(&s, 4, 4);      /* Black */
        put(&s, 8, 8);      /* White far away */
        put(&s, 5, 5);      /* Black: bridge (4,4)-(5,5), carriers (5,4) (4,5) */
        put(&s, 5, 4);      /* White intrudes */
        G->mcts->playout(&s, &r, &tr);
        CHECK(tr.move[0] == cell_at(11, 4, 5), "Black saves the (1,1) bridge: %d", tr.move[0]);

        /* White's (-1,2) bridge broken by Black: White answers. */
        new_game(&s, 11, 0);
        put(&s, 0, 0);
        put(&s, 6, 3);      /* White */
        put(&s, 1, 9);
        put(&s, 5, 5);      /* White: (6,3)-(5,5), carriers (5,4) (6,4) */
        put(&s, 6, 4);      /* Black intrudes */
        tr.n = 0;
        G->mcts->playout(&s, &r, &tr);
        CHECK(tr.move[0] == cell_at(11, 5, 4), "White saves its bridge: %d", tr.move[0]);

        /* Across the seams: Black (10,10)-(0,0) is a (1,1) bridge with
         * carriers (0,10) and (10,0). */
        new_game(&s, 11, 0);
        put(&s, 10, 10);
        put(&s, 5, 5);
        put(&s, 0, 0);
        put(&s, 10, 0);     /* White intrudes */
        tr.n = 0;
        G->mcts->playout(&s, &r, &tr);
        CHECK(tr.move[0] == cell_at(11, 0, 10), "save across the seams: %d", tr.move[0]);
    }
    /* No bridge broken (the other carrier is already White's, or the
     * stones are not a bridge): the first reply varies. */
    int first[TH_CELLS] = { 0 }, distinct = 0;
    for (int rep = 0; rep < 200; rep++) {
        struct th_state s;
        struct playout_trace tr = { .n = 0 };
        new_game(&s, 11, 0);
        put(&s, 4, 4);
        put(&s, 4, 5);      /* White takes one carrier first */
        put(&s, 5, 5);
        put(&s, 5, 4);      /* White takes the other: nothing to save */
        G->mcts->playout(&s, &r, &tr);
        if (!first[tr.move[0]]++)
            distinct++;
    }
    CHECK(distinct > 20, "no save: first replies spread over %d cells", distinct);
}

/* ---- forced root moves --------------------------------------------- */

/* The cells where the mover, or else the opponent, wins at once, found by
 * playing each cell through the interface. */
static int brute_forced(const struct th_state *s, move_t *out)
{
    int nn = s->n * s->n, k = 0;
    for (int side = 0; side < 2 && k == 0; side++) {
        int colour = side == 0 ? s->turn : TH_BLACK + TH_WHITE - s->turn;
        for (int i = 0; i < nn; i++) {
            if (s->cell[i])
                continue;
            struct th_state t;
            memcpy(&t, s, sizeof t);
            if (t.turn != colour) {  /* let the opponent move: a null move */
                t.turn = (uint8_t)colour;
            }
            G->play(&t, i);
            if (t.winner == colour)
                out[k++] = i;
        }
    }
    return k;
}

static int same_set(const move_t *a, int na, const move_t *b, int nb)
{
    if (na != nb)
        return 0;
    for (int i = 0; i < na; i++) {
        int hit = 0;
        for (int j = 0; j < nb; j++)
            hit |= a[i] == b[j];
        if (!hit)
            return 0;
    }
    return 1;
}

/* Black a row of 11 but one cell (the gap at column gap), White scattered
 * on row 8 (a row never wins for White); to move: `turn`. */
static void row_threat(struct th_state *s, int gap, int turn)
{
    new_game(s, 11, 0);
    int whites = turn == TH_BLACK ? 10 : 9;
    for (int i = 0; i < 10; i++) {
        put(s, i < gap ? i : i + 1, 4);
        if (i < whites)
            put(s, i, 8);
    }
}

static void test_forced(void)
{
    struct th_state s;
    move_t got[GAME_MAX_MOVES], want[GAME_MAX_MOVES];
    row_threat(&s, 5, TH_BLACK);
    int k = G->mcts->forced_moves(&s, got);
    CHECK(s.turn == TH_BLACK && k == 1 && got[0] == cell_at(11, 5, 4), "win at once: %d moves", k);
    row_threat(&s, 5, TH_WHITE);
    k = G->mcts->forced_moves(&s, got);
    CHECK(s.turn == TH_WHITE && k == 1 && got[0] == cell_at(11, 5, 4), "single block: %d moves", k);
    new_game(&s, 11, 0);
    put(&s, 3, 3);
    put(&s, 7, 7);
    CHECK(G->mcts->forced_moves(&s, got) == 0, "nothing forced early");
    /* Two gaps in Black's row: no win, no threat of one move. */
    new_game(&s, 11, 0);
    for (int c = 0; c < 9; c++) {
        put(&s, c, 4);
        put(&s, c, 8);
    }
    CHECK(G->mcts->forced_moves(&s, got) == 0, "two gaps: nothing forced");
    /* Two Black rows each one cell short (rows 2 and 6), White on rows
     * 4 and 8 (rows never win for White), White to move: both blocks. */
    new_game(&s, 11, 0);
    for (int i = 0; i < 20; i++) {
        put(&s, i % 10, i < 10 ? 2 : 6);
        if (i < 19)
            put(&s, i % 10, i < 10 ? 4 : 8);
    }
    k = G->mcts->forced_moves(&s, got);
    int kb = brute_forced(&s, want);
    CHECK(s.turn == TH_WHITE && kb == 2 && same_set(got, k, want, kb) &&
              same_set(got, k, (move_t[]){ cell_at(11, 10, 2), cell_at(11, 10, 6) }, 2),
          "several threats: %d forced, %d by brute force", k, kb);

    /* Random positions: forced moves equal trying every cell. */
    struct rng r;
    rng_seed(&r, 5);
    int nonzero = 0;
    for (int g = 0; g < 600; g++) {
        int n = 3 + (int)rng_below(&r, 10);
        new_game(&s, n, 0);
        random_moves(&s, &r, (int)rng_below(&r, (uint32_t)(n * n)));
        if (G->is_over(&s))
            continue;
        k = G->mcts->forced_moves(&s, got);
        kb = brute_forced(&s, want);
        nonzero += kb > 0;
        CHECK(same_set(got, k, want, kb), "forced %d = brute %d (n=%d, %d stones)", k, kb, n,
              s.stones);
    }
    CHECK(nonzero > 100, "positions with forced moves: %d", nonzero);
}

/* ---- priors ----------------------------------------------------------- */

static void test_priors(void)
{
    struct th_state s;
    move_t m[GAME_MAX_MOVES];
    float value[GAME_MAX_MOVES], weight[GAME_MAX_MOVES];
    CHECK(G->mcts->priors != NULL, "Torus Hex gives priors");
    if (!G->mcts->priors)
        return;
    /* Two Black stones two apart in a row: the cell between them is worth
     * more than a cell far from every stone. */
    new_game(&s, 11, 0);
    put(&s, 3, 4);
    put(&s, 9, 9);
    put(&s, 5, 4);
    put(&s, 9, 1);
    int k = G->legal_moves(&s, m), join = -1, far = -1, ok = 1;
    for (int i = 0; i < k; i++) {
        value[i] = 0.5f;
        weight[i] = 0;
    }
    G->mcts->priors(&s, m, k, value, weight);
    for (int i = 0; i < k; i++) {
        ok &= value[i] >= 0 && value[i] <= 1 && weight[i] > 0;
        if (m[i] == cell_at(11, 4, 4))
            join = i;
        if (m[i] == cell_at(11, 0, 7))
            far = i;
    }
    CHECK(ok, "prior values in [0,1], every cell weighted");
    CHECK(join >= 0 && far >= 0 && value[join] > value[far] + 0.1f,
          "joining cell %.3f above a remote one %.3f", join >= 0 ? value[join] : -1.0,
          far >= 0 ? value[far] : -1.0);
    /* With swap legal the swap move gets no opinion. */
    new_game(&s, 5, TH_SWAP);
    put(&s, 2, 2);
    k = G->legal_moves(&s, m);
    for (int i = 0; i < k; i++)
        weight[i] = 0;
    G->mcts->priors(&s, m, k, value, weight);
    CHECK(m[k - 1] == th_swap_move(&s) && weight[k - 1] == 0 && weight[0] > 0,
          "swap has no prior, cells do");
}

/* ---- the heuristic player ------------------------------------------ */

static move_t heuristic_move(const struct th_state *s, uint64_t seed)
{
    const struct player_type *pt = player_find("heuristic");
    struct player_options o;
    player_options_default(&o);
    o.seed = seed;
    void *p = pt->create(G, &o);
    struct search_limits lim = { .seconds = 1.0 };
    move_t m = pt->genmove(p, s, &lim);
    pt->destroy(p);
    return m;
}

/* Adjacent, or across a bridge with both carriers empty. */
static int linked(const struct th_state *s, int a, int b)
{
    int n = s->n;
    for (int k = 0; k < 6; k++) {
        if (around(n, a, k) == b)
            return 1;
        int c1 = around(n, a, k), c2 = around(n, a, (k + 1) % 6);
        int far = cell_at(n, a % n + AROUND[k][0] + AROUND[(k + 1) % 6][0],
                          a / n + AROUND[k][1] + AROUND[(k + 1) % 6][1]);
        if (far == b && !s->cell[c1] && !s->cell[c2])
            return 1;
    }
    return 0;
}

struct report_probe {
    int reports, count, ok;
    move_t best;
    volatile int stop;
};

static void probe(void *ctx, const struct search_report *rep)
{
    struct report_probe *p = ctx;
    p->reports++;
    p->count = rep->count;
    p->best = rep->count ? rep->cand[0].move : MOVE_NONE;
    for (int i = 0; i < rep->count; i++)
        p->ok &= rep->cand[i].visits == 1 && rep->cand[i].winrate >= 0 &&
                 rep->cand[i].winrate <= 1 &&
                 (i == 0 || rep->cand[i].winrate <= rep->cand[i - 1].winrate + 1e-12);
    p->stop = 1;
}

static void test_heuristic(void)
{
    const struct player_type *pt = player_find("heuristic");
    CHECK(pt && player_supports(pt, G), "heuristic plays Torus Hex");
    CHECK(pt && !player_supports(pt, game_find("othello")), "and nothing else");
    struct th_state s;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        row_threat(&s, 5, TH_BLACK);
        CHECK(heuristic_move(&s, seed) == cell_at(11, 5, 4), "plays the win");
        row_threat(&s, 3, TH_WHITE);
        move_t b = heuristic_move(&s, seed);
        CHECK(b == cell_at(11, 3, 4), "blocks the single threat: %d", b);

        /* Two Black stones two apart in a row, White far: join them. */
        new_game(&s, 11, 0);
        put(&s, 3, 4);
        put(&s, 9, 9);
        put(&s, 5, 4);
        put(&s, 9, 1);
        move_t m = heuristic_move(&s, seed);
        CHECK(!s.cell[m] && linked(&s, m, cell_at(11, 3, 4)) && linked(&s, m, cell_at(11, 5, 4)),
              "joins the two stones (seed %d): %d", (int)seed, m);

        /* A lone White stone: the (-1,2) bridge goes two rows at once. */
        new_game(&s, 11, 0);
        put(&s, 0, 0);
        put(&s, 5, 5);
        put(&s, 1, 0);
        m = heuristic_move(&s, seed);
        CHECK(m == cell_at(11, 4, 7) || m == cell_at(11, 6, 3), "White bridges: %d", m);
    }
    /* Ties are broken by the seed: first moves vary, and repeat. */
    new_game(&s, 11, 0);
    int distinct = 0, first[TH_CELLS] = { 0 };
    for (uint64_t seed = 1; seed <= 40; seed++)
        if (!first[heuristic_move(&s, seed)]++)
            distinct++;
    CHECK(distinct > 10, "opening moves over 40 seeds: %d distinct", distinct);
    CHECK(heuristic_move(&s, 77) == heuristic_move(&s, 77), "same seed, same move");

    /* analyze: no limits, reports until stopped. */
    struct report_probe pr = { .ok = 1 };
    struct player_options o;
    player_options_default(&o);
    void *p = pt->create(G, &o);
    row_threat(&s, 5, TH_WHITE);
    struct search_limits lim = { .stop = &pr.stop, .report = probe, .report_ctx = &pr,
                                 .report_interval = 0.01 };
    move_t m = pt->genmove(p, &s, &lim);
    pt->destroy(p);
    CHECK(pr.reports >= 1 && pr.ok && pr.count == SEARCH_MAX_CANDIDATES && pr.best == m &&
              m == cell_at(11, 5, 4),
          "analyze report: %d reports, %d candidates, best %d", pr.reports, pr.count, pr.best);
}

int main(void)
{
    test_policy_playouts();
    test_bridge_save();
    test_forced();
    test_priors();
    test_heuristic();
    return check_report();
}
