/* Separo policy playout (separo_game.mcts) tests: the face count of a move
 * against a plain flood fill of the board's triangles, the playout's
 * legality and final score replayed through the interface, and the policy's
 * move distribution against an exact model built from plain definitions
 * (hand-built positions and positions from random games). */
#include "check.h"
#include "engine/game.h"
#include "engine/games/separo/separo.h"
#include "engine/rng.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

extern const struct game separo_game;
static const struct game *G = &separo_game;
typedef struct separo_state S;

/* ---- plain region count: flood fill over triangles ----------------------- */

/* Whether colour col has a root from (x1,y1) to (x2,y2) (read from the
 * stones and root masks; both ends hold col's stones). */
static int has_root(const S *s, int col, int x1, int y1, int x2, int y2)
{
    int p = separo_index(s, x1, y1);
    if (s->cell[p] != col)
        return 0;
    for (int d = 0; d < 8; d++)
        if (separo_dx[d] == x2 - x1 && separo_dy[d] == y2 - y1)
            return (s->roots[p] >> d) & 1;
    return 0;
}

/* Regions of more than `above` triangles (0: every region; 4: those
 * that score) that col's roots cut the board into. Each cell has four
 * triangles N E S W; "\" separates N,E from S,W and "/" separates N,W
 * from S,E. */
static int regions_over(const S *s, int col, int above)
{
    enum { N, E, So, W };
    int n = s->size, c = n - 1, seen[18 * 18 * 4] = { 0 }, stack[18 * 18 * 4], regions = 0;
    for (int start = 0; start < c * c * 4; start++) {
        if (seen[start])
            continue;
        int sp = 0, size = 0;
        stack[sp++] = start;
        seen[start] = 1;
        while (sp) {
            size++;
            int t = stack[--sp], tri = t & 3, x = (t >> 2) % c, y = (t >> 2) / c;
            int bs = has_root(s, col, x, y, x + 1, y + 1);  /* "\" */
            int sl = has_root(s, col, x + 1, y, x, y + 1);  /* "/" */
            int nb[4], k = 0;
            /* Within the cell: N-E and S-W touch along "/", N-W and S-E along "\". */
            int across_sl = tri == N ? E : tri == E ? N : tri == So ? W : So;
            int across_bs = tri == N ? W : tri == W ? N : tri == So ? E : So;
            if (!sl)
                nb[k++] = (t & ~3) | across_sl;
            if (!bs)
                nb[k++] = (t & ~3) | across_bs;
            if (tri == N && y > 0 && !has_root(s, col, x, y, x + 1, y))
                nb[k++] = ((y - 1) * c + x) * 4 + So;
            if (tri == So && y < c - 1 && !has_root(s, col, x, y + 1, x + 1, y + 1))
                nb[k++] = ((y + 1) * c + x) * 4 + N;
            if (tri == W && x > 0 && !has_root(s, col, x, y, x, y + 1))
                nb[k++] = (y * c + x - 1) * 4 + E;
            if (tri == E && x < c - 1 && !has_root(s, col, x + 1, y, x + 1, y + 1))
                nb[k++] = (y * c + x + 1) * 4 + W;
            for (int i = 0; i < k; i++)
                if (!seen[nb[i]]) {
                    seen[nb[i]] = 1;
                    stack[sp++] = nb[i];
                }
        }
        regions += size > above;
    }
    return regions;
}

/* Faces move m adds for the mover, the plain way: play it and recount. */
static int plain_faces(const S *s, int m)
{
    S t = *s;
    int col = s->side + 1, before = regions_over(s, col, 0);
    G->play(&t, m);
    return regions_over(&t, col, 0) - before;
}

/* A random position: a random number of uniform moves from the start. */
static void random_position(S *s, int n, struct rng *r, int max_plies)
{
    struct game_options o = { n, 0 };
    G->init(s, &o);
    int plies = (int)rng_below(r, (uint32_t)max_plies + 1);
    move_t mv[GAME_MAX_MOVES];
    for (int i = 0; i < plies && !G->is_over(s); i++) {
        int k = G->legal_moves(s, mv);
        G->play(s, mv[rng_below(r, (uint32_t)k)]);
    }
}

/* ---- separo_move_faces against the flood fill ---------------------------- */

static void test_faces(void)
{
    struct rng r;
    rng_seed(&r, 11);
    int bad = 0, moves = 0, closing = 0, gained = 0, over = 0;
    for (int i = 0; i < 2000; i++) {
        S s;
        int n = 5 + (int)rng_below(&r, 15);
        random_position(&s, n, &r, n * n / 2);
        if (G->is_over(&s))
            continue;
        move_t mv[GAME_MAX_MOVES];
        int k = G->legal_moves(&s, mv);
        if (mv[0] == MOVE_PASS)
            continue;
        int sc0[2];
        G->score(&s, sc0);
        for (int j = 0; j < k; j++) {
            int f = separo_move_faces(&s, mv[j], s.side + 1), want = plain_faces(&s, mv[j]);
            S t = s;
            int sc[2];
            G->play(&t, mv[j]);
            G->score(&t, sc);
            int gain = sc[s.side] - sc0[s.side];
            bad += f != want;
            over += gain > f || (f == 0 && gain != 0);
            moves++;
            closing += f > 0;
            gained += gain > 0;
        }
    }
    CHECK(bad == 0, "%d of %d moves: face count differs from the flood fill", bad, moves);
    CHECK(over == 0, "%d moves gain more regions than faces", over);
    /* The positions must exercise the interesting case. */
    CHECK(closing > moves / 50 && gained > 0 && gained < closing,
          "too few closing moves to test (%d closing, %d gaining of %d)", closing, gained, moves);
    printf("faces: %d moves, %d closing, %d gain a region\n", moves, closing, gained);
}

/* A hand-built case of each term: crossing, the border, a root along it. */
static void test_faces_hand(void)
{
    S s;
    move_t m;
    /* Red's diagonal c3-d4 crossed by d3-c4 (the move d3-c4-c5), both
     * joined to the top border (c3-c2-b1, d3-d2-e1): 2 roots + 1 crossing
     * - c4 - c5 = 1, the face above the crossing. */
    separo_clear(&s, 7);
    separo_put_stone(&s, 1, 0, SEP_RED);
    separo_put_stone(&s, 2, 1, SEP_RED);
    separo_put_stone(&s, 2, 2, SEP_RED);
    separo_put_stone(&s, 3, 3, SEP_RED);
    separo_put_stone(&s, 4, 0, SEP_RED);
    separo_put_stone(&s, 3, 1, SEP_RED);
    separo_put_stone(&s, 3, 2, SEP_RED);
    separo_put_root(&s, 1, 0, 2, 1);
    separo_put_root(&s, 2, 1, 2, 2);
    separo_put_root(&s, 2, 2, 3, 3);
    separo_put_root(&s, 4, 0, 3, 1);
    separo_put_root(&s, 3, 1, 3, 2);
    separo_rebuild(&s);
    CHECK(G->parse_move(&s, "d3-c4-c5", &m) == 0 && game_is_legal(G, &s, m), "d3-c4-c5 legal");
    CHECK(separo_move_faces(&s, m, SEP_RED) == 1 && plain_faces(&s, m) == 1, "crossing: %d %d",
          separo_move_faces(&s, m, SEP_RED), plain_faces(&s, m));
    /* Without the crossing diagonal the same move closes nothing. */
    s.roots[separo_index(&s, 2, 2)] &= (uint8_t)~(1u << SEP_SE);
    s.roots[separo_index(&s, 3, 3)] &= (uint8_t)~(1u << SEP_NW);
    separo_rebuild(&s);
    CHECK(separo_move_faces(&s, m, SEP_RED) == 0 && plain_faces(&s, m) == 0, "no crossing");
    /* Blue's diagonal there is no crossing for Red. */
    separo_clear(&s, 7);
    separo_put_stone(&s, 2, 2, SEP_BLUE);
    separo_put_stone(&s, 3, 3, SEP_BLUE);
    separo_put_root(&s, 2, 2, 3, 3);
    separo_put_stone(&s, 3, 2, SEP_RED);
    separo_rebuild(&s);
    CHECK(G->parse_move(&s, "d3-c4-c5", &m) == 0 && separo_move_faces(&s, m, SEP_RED) == 0,
          "other colour's diagonal");
    /* b2-a3-a4: both new points on the border, the orthogonal root along
     * it: only the diagonal counts. b2-a3-a2 ends on the border too. */
    separo_clear(&s, 7);
    separo_put_stone(&s, 1, 1, SEP_RED);
    separo_put_root(&s, 1, 1, 2, 2);
    separo_put_stone(&s, 2, 2, SEP_RED);
    separo_rebuild(&s);
    CHECK(G->parse_move(&s, "b2-a3-a4", &m) == 0 && separo_move_faces(&s, m, SEP_RED) == 1,
          "along the border");
    CHECK(G->parse_move(&s, "b2-c1-d1", &m) == 0 && separo_move_faces(&s, m, SEP_RED) == 1,
          "along the top border");
    /* c3-b2-a2 ends on the border, its orthogonal root off it: 2 - b2. */
    CHECK(G->parse_move(&s, "c3-b2-a2", &m) == 0 && separo_move_faces(&s, m, SEP_RED) == 1,
          "onto the border");
    /* An open move in the middle adds nothing. */
    CHECK(G->parse_move(&s, "c3-d4-e4", &m) == 0 && separo_move_faces(&s, m, SEP_RED) == 0,
          "open move");
    /* Nor does any first move from a corner. */
    struct game_options o = { 9, 0 };
    G->init(&s, &o);
    move_t mv[GAME_MAX_MOVES];
    int k = G->legal_moves(&s, mv), f = 0;
    for (int i = 0; i < k; i++)
        f += separo_move_faces(&s, mv[i], SEP_RED) != 0;
    CHECK(k == 4 && f == 0, "first moves close nothing (%d of %d)", f, k);
}

/* ---- the playout replayed through the interface -------------------------- */

static void test_playout_legal(void)
{
    struct rng r, pr;
    rng_seed(&r, 21);
    rng_seed(&pr, 22);
    int games = 0, bad_move = 0, bad_end = 0, bad_trace = 0, moves = 0;
    for (int i = 0; i < 3000; i++) {
        S start, s, replay;
        int n = 5 + (int)rng_below(&r, 15);
        if (i % 3)
            n = 9; /* the size that matters most */
        random_position(&start, n, &r, 40);
        s = start;
        struct playout_trace tr;
        tr.n = (int)rng_below(&r, 3); /* appends after what is there */
        int first = tr.n;
        G->mcts->playout(&s, &pr, &tr);
        games++;
        /* Replay: each traced move must be legal for the traced player,
         * after the forced passes. */
        replay = start;
        move_t mv[GAME_MAX_MOVES];
        for (int j = first; j < tr.n; j++) {
            int k = G->legal_moves(&replay, mv);
            if (k == 1 && mv[0] == MOVE_PASS) {
                G->play(&replay, MOVE_PASS);
                k = G->legal_moves(&replay, mv);
            }
            int ok = 0;
            for (int q = 0; q < k; q++)
                ok |= mv[q] == tr.move[j];
            if (!ok || G->to_move(&replay) != tr.player[j] || tr.move[j] == MOVE_PASS) {
                bad_move++;
                break;
            }
            G->play(&replay, tr.move[j]);
            moves++;
        }
        /* Forced passes at the very end leave the same finished game. */
        while (G->legal_moves(&replay, mv) == 1 && mv[0] == MOVE_PASS)
            G->play(&replay, MOVE_PASS);
        S fresh = s;
        separo_rebuild(&fresh);
        int sc[2], sr[2];
        G->score(&s, sc);
        G->score(&replay, sr);
        if (!G->is_over(&s) || !G->is_over(&replay) || fresh.count[0] || fresh.count[1] ||
            memcmp(s.cell, replay.cell, sizeof s.cell) || memcmp(s.roots, replay.roots, sizeof s.roots) ||
            sc[0] != sr[0] || sc[1] != sr[1] || sc[0] != regions_over(&s, SEP_RED, 4) ||
            sc[1] != regions_over(&s, SEP_BLUE, 4))
            bad_end++;
        if (tr.n > PLAYOUT_TRACE_MAX || (tr.n == first && !G->is_over(&start)))
            bad_trace++;
    }
    CHECK(bad_move == 0, "%d of %d playouts played a move the interface does not list", bad_move,
          games);
    CHECK(bad_end == 0, "%d of %d playouts did not end in the replayed, finished game", bad_end,
          games);
    CHECK(bad_trace == 0, "%d traces wrong", bad_trace);
    CHECK(moves > games * 5, "playouts too short to test: %d moves in %d games", moves, games);
    printf("playouts: %d games, %d moves replayed\n", games, moves);
}

/* ---- the policy's move distribution -------------------------------------- */

/* Exact probabilities of separo_policy_move for each of the mover's n
 * legal moves, from plain definitions: a closing move adds a face (flood
 * fill); the policy takes up to SEP_OWN_TRIES uniform draws, the first
 * closing one is played, else the last draw (a uniform non-closing move). */
static void policy_model(const S *s, const move_t *mv, int n, double *prob)
{
    int good[GAME_MAX_MOVES], g = 0;
    for (int i = 0; i < n; i++)
        g += good[i] = plain_faces(s, mv[i]) > 0;
    double miss = pow(1.0 - (double)g / n, SEP_OWN_TRIES);
    for (int i = 0; i < n; i++)
        prob[i] = good[i] ? (1.0 - miss) / g : miss / (n - g);
}

/* Draws the policy's move `draws` times and compares each move's count
 * with the model: within 5 standard deviations (plus 2). Returns the
 * number of moves out of bounds. */
static int policy_matches(const S *s, struct rng *r, int draws, const char *what)
{
    move_t mv[GAME_MAX_MOVES];
    int n = G->legal_moves(s, mv), bad = 0;
    static double prob[GAME_MAX_MOVES];
    static int count[GAME_MAX_MOVES];
    policy_model(s, mv, n, prob);
    memset(count, 0, sizeof count);
    for (int d = 0; d < draws; d++) {
        int m = separo_policy_move(s, r), i = 0;
        while (i < n && mv[i] != m)
            i++;
        if (i == n)
            return n + 1; /* not a legal move at all */
        count[i]++;
    }
    for (int i = 0; i < n; i++) {
        double e = draws * prob[i], sd = sqrt(e * (1.0 - prob[i]));
        if (fabs(count[i] - e) > 5 * sd + 2) {
            char buf[32];
            G->format_move(s, mv[i], buf, sizeof buf);
            fprintf(stderr, "%s: %s drawn %d times, expected %.1f\n", what, buf, count[i], e);
            bad++;
        }
    }
    return bad;
}

/* Hand-built: Red's stones d4 and f5 joined to the left and right borders,
 * so that d4-e5-f5 and f5-e4-d4 cut the board in two. Red's other closing
 * moves are the few that reach the border; Red must pick a closing move
 * with probability 1 - (1 - g/n)^SEP_OWN_TRIES (g of n moves closing). */
static void test_policy_hand(void)
{
    S s;
    struct rng r;
    rng_seed(&r, 31);
    separo_clear(&s, 9);
    const int path[][2] = { { 0, 3 }, { 1, 3 }, { 2, 4 }, { 3, 3 } };  /* a4 b4 c5 d4 */
    const int path2[][2] = { { 8, 4 }, { 7, 4 }, { 6, 5 }, { 5, 4 } }; /* i5 h5 g6 f5 */
    for (int i = 0; i < 4; i++) {
        separo_put_stone(&s, path[i][0], path[i][1], SEP_RED);
        separo_put_stone(&s, path2[i][0], path2[i][1], SEP_RED);
        if (i) {
            separo_put_root(&s, path[i - 1][0], path[i - 1][1], path[i][0], path[i][1]);
            separo_put_root(&s, path2[i - 1][0], path2[i - 1][1], path2[i][0], path2[i][1]);
        }
    }
    separo_put_stone(&s, 4, 0, SEP_BLUE); /* e1: Blue has moves too */
    separo_rebuild(&s);
    s.handmade = 0; /* joined to the border, as in play */
    move_t mv[GAME_MAX_MOVES], a, b;
    int n = G->legal_moves(&s, mv), closing = 0, isclosing[GAME_MAX_MOVES];
    CHECK(G->parse_move(&s, "d4-e5-f5", &a) == 0 && G->parse_move(&s, "f5-e4-d4", &b) == 0, "parse");
    for (int i = 0; i < n; i++)
        closing += isclosing[i] = plain_faces(&s, mv[i]) > 0;
    CHECK(closing >= 2 && closing <= n / 3 && plain_faces(&s, a) == 1 && plain_faces(&s, b) == 1,
          "hand position: %d closing moves of %d", closing, n);
    int sc0[2], sc[2];
    S t = s;
    G->score(&s, sc0);
    G->play(&t, a);
    G->score(&t, sc);
    CHECK(sc0[0] == 1 && sc[0] == 2, "d4-e5-f5 cuts the board in two (%d -> %d)", sc0[0], sc[0]);
    const int draws = 40000;
    int hits = 0, hits_ab = 0;
    for (int d = 0; d < draws; d++) {
        int m = separo_policy_move(&s, &r), i = 0;
        while (i < n && mv[i] != m)
            i++;
        hits += i < n && isclosing[i];
        hits_ab += m == a || m == b;
    }
    double p = 1.0 - pow(1.0 - (double)closing / n, SEP_OWN_TRIES), sd = sqrt(draws * p * (1 - p));
    double pab = p * 2 / closing, sdab = sqrt(draws * pab * (1 - pab));
    CHECK(fabs(hits_ab - draws * pab) < 5 * sdab, "d4-e5-f5 or f5-e4-d4 drawn %d of %d, expected %.0f",
          hits_ab, draws, draws * pab);
    CHECK(fabs(hits - draws * p) < 5 * sd, "closing moves drawn %d of %d, expected %.0f (n=%d)",
          hits, draws, draws * p, n);
    CHECK(policy_matches(&s, &r, draws, "hand position") == 0, "hand position distribution");
    /* Blue, to move in the same position, has no closing move: uniform. */
    s.side = 1;
    n = G->legal_moves(&s, mv);
    closing = 0;
    for (int i = 0; i < n; i++)
        closing += plain_faces(&s, mv[i]) > 0;
    CHECK(closing == 0 && n >= 4, "Blue: %d closing moves of %d", closing, n);
    CHECK(policy_matches(&s, &r, draws, "hand position, Blue") == 0, "hand position, Blue");
}

/* The same comparison on positions from random games. */
static void test_policy_random(void)
{
    struct rng r, pr;
    rng_seed(&r, 41);
    rng_seed(&pr, 42);
    int bad = 0, tested = 0;
    for (int i = 0; i < 60; i++) {
        S s;
        random_position(&s, i % 4 ? 9 : 7, &r, 50);
        move_t mv[GAME_MAX_MOVES];
        if (G->is_over(&s) || (G->legal_moves(&s, mv) == 1 && mv[0] == MOVE_PASS))
            continue;
        bad += policy_matches(&s, &pr, 20000, "random position") != 0;
        tested++;
    }
    CHECK(bad == 0 && tested > 30, "%d of %d positions: policy distribution off the model", bad,
          tested);
}

int main(void)
{
    test_faces();
    test_faces_hand();
    test_playout_legal();
    test_policy_hand();
    test_policy_random();
    return check_report();
}
