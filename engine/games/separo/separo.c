/* Separo rules core: incremental move generation, play, perft, random
 * playouts, hashing and the `separo_game` table (RULES.md section 3).
 *
 * Each stone keeps the byte of its 8 candidate moves in its owner's bitset.
 * Legality only ever changes near the three points a move touches, and
 * apart from the moves of new stones it can only be lost (points fill up,
 * root masks only grow), so play() clears a few bits and computes the
 * moves of the new stones instead of rescanning the board. */
#include "separo.h"
#include "engine/game.h"
#include "engine/rng.h"
#include "engine/stop.h"

#include <pthread.h>
#include <string.h>

/* Directions E W S N NW NE SW SE (enum order in separo.h). */
const int8_t separo_dx[8] = { 1, -1, 0, 0, -1, 1, -1, 1 };
const int8_t separo_dy[8] = { 0, 0, 1, -1, -1, -1, 1, 1 };
static const uint8_t OPP[8] = { SEP_W, SEP_E, SEP_N, SEP_S, SEP_SE, SEP_SW, SEP_NE, SEP_NW };

#define B(d) (1u << (d))
/* Angle rule: roots d, d' out of a point conflict when
 * |dx - d'x| + |dy - d'y| <= 1, i.e. they coincide or meet at 45 degrees. */
static const uint8_t CONF[8] = {
    [SEP_E] = B(SEP_E) | B(SEP_NE) | B(SEP_SE),
    [SEP_W] = B(SEP_W) | B(SEP_NW) | B(SEP_SW),
    [SEP_S] = B(SEP_S) | B(SEP_SW) | B(SEP_SE),
    [SEP_N] = B(SEP_N) | B(SEP_NW) | B(SEP_NE),
    [SEP_NW] = B(SEP_NW) | B(SEP_W) | B(SEP_N),
    [SEP_NE] = B(SEP_NE) | B(SEP_E) | B(SEP_N),
    [SEP_SW] = B(SEP_SW) | B(SEP_W) | B(SEP_S),
    [SEP_SE] = B(SEP_SE) | B(SEP_E) | B(SEP_S),
};


typedef struct separo_state S;

/* ---- move bits ---------------------------------------------------------- */

static inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }

/* Move bits that a new root towards d rules out: ARR_BAD[d] for moves that
 * would end on that point, DEP_BAD[d] for moves that start there (the
 * angle rule with the arriving orthogonal root, resp. the departing
 * diagonal). Derived from CONF; the unit test checks legality from scratch. */
static const uint8_t ARR_BAD[8] = { 0x11, 0x44, 0x0a, 0xa0, 0xe4, 0xb1, 0x4e, 0x1b };
static const uint8_t DEP_BAD[8] = { 0xcc, 0x33, 0xf0, 0x0f, 0x03, 0x0c, 0x30, 0xc0 };

/* Clears the move bits `bits` of point p in player o's set. Harmless (and
 * branch-free) when p is not o's stone: its bits are all zero then. */
static inline void clear_bits(S *s, int o, int p, unsigned bits)
{
    uint64_t *w = &s->legal[o][p >> 3];
    uint64_t hit = *w & ((uint64_t)bits << ((p & 7) * 8));
    *w ^= hit;
    s->count[o] = (int16_t)(s->count[o] - popcount64(hit));
}

static inline void set_bits(S *s, int o, int p, unsigned bits)
{
    s->legal[o][p >> 3] |= (uint64_t)bits << ((p & 7) * 8);
    s->count[o] = (int16_t)(s->count[o] + popcount64(bits));
}

/* Whether move k from p (a stone of colour col) is legal right now. */
static inline unsigned move_ok(const S *s, int p, int k, int col)
{
    int d = separo_mdiag[k], o = separo_morth[k];
    int p2 = p + s->dof[d], p3 = p2 + s->dof[o];
    unsigned c3 = s->cell[p3];
    return (s->cell[p2] == SEP_EMPTY) & !(s->roots[p] & CONF[d]) &
           ((c3 == SEP_EMPTY) | ((c3 == (unsigned)col) & !(s->roots[p3] & CONF[OPP[o]])));
}

static unsigned moves_from(const S *s, int p)
{
    unsigned bits = 0;
    int col = s->cell[p];
    for (int k = 0; k < 8; k++)
        bits |= move_ok(s, p, k, col) << k;
    return bits;
}

/* A stone now stands on c: no move of either player may pass through it. */
static inline void block_through(S *s, int c)
{
    for (int i = 0; i < 4; i++) {
        int t = c - s->dof[SEP_NW + i];
        clear_bits(s, 0, t, 3u << (2 * i));
        clear_bits(s, 1, t, 3u << (2 * i));
    }
}

/* Drops the moves of player o listed in `bad` that would end on c. */
static inline void drop_arrivals(S *s, int o, int c, unsigned bad)
{
    for (; bad; bad &= bad - 1) {
        int k = __builtin_ctz(bad);
        clear_bits(s, o, c - s->dof[separo_mdiag[k]] - s->dof[separo_morth[k]], 1u << k);
    }
}

void separo_move_points(const S *s, int m, int *p1, int *p2, int *p3)
{
    int k = m & 7;
    *p1 = m >> 3;
    *p2 = *p1 + s->dof[separo_mdiag[k]];
    *p3 = *p2 + s->dof[separo_morth[k]];
}

int separo_move_code(const S *s, int p1, int p2, int p3)
{
    for (int k = 0; k < 8; k++)
        if (p2 == p1 + s->dof[separo_mdiag[k]] && p3 == p2 + s->dof[separo_morth[k]])
            return p1 * 8 + k;
    return -1;
}

/* Plays move m for the side to move (m legal). Only legality near p1, p2,
 * p3 changes; apart from the new stones' own moves it can only be lost. */
static inline void apply(S *s, int m)
{
    int k = m & 7, p1 = m >> 3, d = separo_mdiag[k], o = separo_morth[k];
    int p2 = p1 + s->dof[d], p3 = p2 + s->dof[o];
    int me = s->side, op = me ^ 1, col = me + 1;
    int fresh = s->cell[p3] == SEP_EMPTY;

    s->cell[p2] = (uint8_t)col;
    s->cell[p3] = (uint8_t)col;
    s->roots[p1] |= (uint8_t)B(d);
    s->roots[p2] = (uint8_t)(B(OPP[d]) | B(o));
    s->roots[p3] |= (uint8_t)B(OPP[o]);
    /* A surviving arrival bit keeps an empty middle point, so each new
     * root only has to veto the arrivals and departures it conflicts with. */
    block_through(s, p2);
    drop_arrivals(s, me, p1, ARR_BAD[d]);
    drop_arrivals(s, op, p2, 0xff);
    drop_arrivals(s, me, p2, ARR_BAD[OPP[d]]);
    drop_arrivals(s, me, p3, ARR_BAD[OPP[o]]);
    if (fresh) {
        block_through(s, p3);
        drop_arrivals(s, op, p3, 0xff);
        set_bits(s, me, p3, moves_from(s, p3));
    } else {
        clear_bits(s, me, p3, DEP_BAD[OPP[o]]);
    }
    set_bits(s, me, p2, moves_from(s, p2));
    s->side = (uint8_t)op;
}

void separo_apply(S *s, int m) { apply(s, m); }

/* ---- positions ---------------------------------------------------------- */

void separo_clear(S *s, int size)
{
    memset(s, 0, sizeof *s);
    s->size = (uint8_t)size;
    s->stride = (uint8_t)(size + 2);
    for (int d = 0; d < 8; d++)
        s->dof[d] = (int16_t)(separo_dy[d] * s->stride + separo_dx[d]);
    memset(s->cell, SEP_OFF, sizeof s->cell);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            s->cell[separo_index(s, x, y)] = SEP_EMPTY;
    s->handmade = 1;
}

void separo_put_stone(S *s, int x, int y, int col)
{
    s->cell[separo_index(s, x, y)] = (uint8_t)col;
}

void separo_put_root(S *s, int x1, int y1, int x2, int y2)
{
    for (int d = 0; d < 8; d++)
        if (x2 - x1 == separo_dx[d] && y2 - y1 == separo_dy[d]) {
            s->roots[separo_index(s, x1, y1)] |= (uint8_t)B(d);
            s->roots[separo_index(s, x2, y2)] |= (uint8_t)B(OPP[d]);
        }
}

void separo_rebuild(S *s)
{
    memset(s->legal, 0, sizeof s->legal);
    s->count[0] = s->count[1] = 0;
    for (int p = 0; p < SEP_NP; p++)
        if (s->cell[p] == SEP_RED || s->cell[p] == SEP_BLUE)
            set_bits(s, s->cell[p] - 1, p, moves_from(s, p));
}

static bool sep_size_ok(int size)
{
    return size >= SEP_MIN_SIZE && size <= SEP_MAX_SIZE;
}

static void sep_init(void *st, const struct game_options *opt)
{
    S *s = st;
    int n = opt->size;
    separo_clear(s, n);
    separo_put_stone(s, 0, 0, SEP_RED);
    separo_put_stone(s, n - 1, n - 1, SEP_RED);
    separo_put_stone(s, n - 1, 0, SEP_BLUE);
    separo_put_stone(s, 0, n - 1, SEP_BLUE);
    separo_rebuild(s);
    s->handmade = 0; /* from here on every root grows from a corner */
}

static bool sep_is_over(const void *st)
{
    const S *s = st;
    return s->count[0] == 0 && s->count[1] == 0;
}

static int sep_to_move(const void *st)
{
    const S *s = st;
    return sep_is_over(s) ? -1 : s->side;
}

/* Appends the moves in player o's bitset, in increasing code order. */
static int list_moves(const S *s, int o, move_t *out)
{
    int n = 0;
    for (int w = 0; w < SEP_WORDS; w++)
        for (uint64_t b = s->legal[o][w]; b; b &= b - 1)
            out[n++] = (move_t)(w * 64 + __builtin_ctzll(b));
    return n;
}

static int sep_legal_moves(const void *st, move_t *out)
{
    const S *s = st;
    if (sep_is_over(s))
        return 0;
    if (s->count[s->side] == 0) {
        out[0] = MOVE_PASS;
        return 1;
    }
    return list_moves(s, s->side, out);
}

static void sep_play(void *st, move_t m)
{
    S *s = st;
    if (m == MOVE_PASS)
        s->side ^= 1;
    else
        apply(s, m);
}

static void sep_score(const void *st, int *out)
{
    separo_regions2(st, out);
}

static void sep_outcome(const void *st, double *out)
{
    int sc[2];
    sep_score(st, sc);
    out[0] = sc[0] > sc[1] ? 1.0 : sc[0] < sc[1] ? 0.0 : 0.5;
    out[1] = 1.0 - out[0];
}

/* ---- hashing ------------------------------------------------------------ */

/* Keys per colour and point (y * 19 + x): the stone, then the roots that
 * leave it towards E, S, SW and SE (each root is owned by one end). */
static uint64_t zob_keys[2][SEP_MAX_SIZE * SEP_MAX_SIZE][5];
static uint64_t zob_side;
static pthread_once_t zob_once = PTHREAD_ONCE_INIT;

static void zob_init(void)
{
    uint64_t seed = 0x5e9a40c0ffee1234ULL;
    for (int c = 0; c < 2; c++)
        for (int p = 0; p < SEP_MAX_SIZE * SEP_MAX_SIZE; p++)
            for (int j = 0; j < 5; j++)
                zob_keys[c][p][j] = rng_splitmix(&seed);
    zob_side = rng_splitmix(&seed);
}

static uint64_t sep_hash(const void *st)
{
    static const uint8_t owned[4] = { SEP_E, SEP_S, SEP_SW, SEP_SE };
    const S *s = st;
    pthread_once(&zob_once, zob_init);
    uint64_t h = s->side ? zob_side : 0;
    for (int y = 0; y < s->size; y++)
        for (int x = 0; x < s->size; x++) {
            int p = separo_index(s, x, y), c = s->cell[p];
            if (c != SEP_RED && c != SEP_BLUE)
                continue;
            const uint64_t *z = zob_keys[c - 1][y * SEP_MAX_SIZE + x];
            h ^= z[0];
            for (int j = 0; j < 4; j++)
                if (s->roots[p] & B(owned[j]))
                    h ^= z[1 + j];
        }
    return h;
}

/* ---- fast paths --------------------------------------------------------- */

static uint64_t perft_rec(const S *s, int depth, const volatile int *stop)
{
    if (depth == 0 || sep_is_over(s))
        return 1;
    if (depth >= STOP_PERFT_DEPTH && stop_requested(stop))
        return 0;
    int o = s->side;
    S child;
    if (s->count[o] == 0) { /* forced pass: one ply */
        if (depth == 1)
            return 1;
        child = *s;
        child.side ^= 1;
        return perft_rec(&child, depth - 1, stop);
    }
    if (depth == 1)
        return (uint64_t)s->count[o];
    uint64_t total = 0;
    for (int w = 0; w < SEP_WORDS; w++)
        for (uint64_t b = s->legal[o][w]; b; b &= b - 1) {
            child = *s;
            apply(&child, w * 64 + __builtin_ctzll(b));
            total += perft_rec(&child, depth - 1, stop);
        }
    return total;
}

static uint64_t sep_perft(const void *st, int depth, const volatile int *stop)
{
    return depth < 0 ? 0 : perft_rec(st, depth, stop);
}

static void sep_random_playout(void *st, struct rng *r)
{
    S *s = st;
    for (;;) {
        int o = s->side;
        if (s->count[o] == 0) {
            if (s->count[o ^ 1] == 0)
                return;
            s->side ^= 1;
            continue;
        }
        apply(s, separo_nth_move(s, o, rng_below(r, (uint32_t)s->count[o])));
    }
}

/* A move fills one or two points; both sides move in turn until the board
 * is blocked, which random games show happens with roughly a third of the
 * empty points still free. */
static int sep_moves_left(const void *st)
{
    const S *s = st;
    if (sep_is_over(s))
        return 0;
    int empty = 0;
    for (int p = 0; p < SEP_NP; p++)
        empty += s->cell[p] == SEP_EMPTY;
    return empty / 5 + 1;
}

const struct game separo_game = {
    .name = "Separo",
    .aliases = { NULL },
    .min_size = SEP_MIN_SIZE,
    .max_size = SEP_MAX_SIZE,
    .default_size = 9,
    .num_players = 2,
    .player_names = { { "red", "r", "black", "b", NULL },
                      { "blue", "white", "w", NULL } },
    .variants = { { NULL, 0, NULL } },
    .state_size = sizeof(struct separo_state),
    .size_ok = sep_size_ok,
    .init = sep_init,
    .to_move = sep_to_move,
    .legal_moves = sep_legal_moves,
    .play = sep_play,
    .is_over = sep_is_over,
    .score = sep_score,
    .outcome = sep_outcome,
    .parse_move = separo_parse_move,
    .format_move = separo_format_move,
    .show = separo_show,
    .format_score = separo_format_score,
    .format_result = separo_format_result,
    .hash = sep_hash,
    .perft = sep_perft,
    .random_playout = sep_random_playout,
    .moves_left = sep_moves_left,
    .svg = separo_svg,
    .mcts = &separo_mcts,
};
