/* Othello (Reversi), RULES.md section 1, on 4x4, 6x6 and 8x8 boards.
 * A state is two bitboards (see bitboard.h) plus the side to move; whether
 * the game is over is settled in play() so that to_move/is_over are O(1).
 * The fast paths (perft, random playout) work on bare (P, O) pairs. */
#include "othello.h"
#include "position.h"
#include "solve.h"
#include "engine/rng.h"
#include "engine/stop.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

/* Zobrist keys: 64 black squares, 64 white squares, white to move, board
 * size. Generated once from a splitmix64 sequence seeded with "Othello". */
static const uint64_t zobrist[130] = {
    0x08b1c82b1878b480ULL, 0x9bc6747b7fb20ad7ULL, 0xac0083e0467c6985ULL,
    0x45f80d09b665fb84ULL, 0x8cb78e64f40efe78ULL, 0x61945d91d4bcd1c0ULL,
    0x4336b7bed24f34b3ULL, 0x72be534398518f62ULL, 0x3bce8d8197b8f07eULL,
    0xeb163bdcde5986cdULL, 0x2fe0d1bd436c4b4cULL, 0x0afb9d8e7469330aULL,
    0x80c0fc920476160aULL, 0x541ffac6ed23f1d6ULL, 0x893d4f74cf2d38c9ULL,
    0x7313d67ef6f66da6ULL, 0x8a0ccc5699857210ULL, 0x999ddc9dd6808d63ULL,
    0xa65ac9a3ae505ac3ULL, 0xae3fd2abb1d6f191ULL, 0x98837cebbeeed360ULL,
    0x255918545b5126e1ULL, 0x4dcc56369a3ee699ULL, 0x0a61b3988e49a830ULL,
    0x5360daa61499f251ULL, 0x6a1dede4b0a20be3ULL, 0x05e0517f0f758087ULL,
    0xa2fe4306016be1c2ULL, 0xa0b4c15b5679545cULL, 0xb84eb39de3f6c7b4ULL,
    0xbbd802809d47235bULL, 0xda0533b89bd5e96dULL, 0x0e4203061cde9b2dULL,
    0xa4304c2894dc6078ULL, 0x2edc84232f4863bdULL, 0x33d76c460f589da8ULL,
    0x4b0f757f4d9e735dULL, 0x99afa41ae09028b3ULL, 0x1d98c7adabdefc5cULL,
    0x36a27f3e71e94760ULL, 0xf147102b1a28c0a8ULL, 0x7e755d1189b84b70ULL,
    0x3328bd1ad2e2a606ULL, 0xec16da3d03a2922bULL, 0x97c61e3037d6375dULL,
    0x47cd7da9799620a0ULL, 0x5a9ca1261c133003ULL, 0x8b53509e5370f98fULL,
    0xc69f4e1b186edcd5ULL, 0x02d75474483ff22aULL, 0x14d6ea74f8879a97ULL,
    0x401aadb2921a1fcdULL, 0xd436e919224330b6ULL, 0xf65f0e9e246d442dULL,
    0x853befcaedbd0120ULL, 0x5995ab4940e2809bULL, 0x273803ae92e9a023ULL,
    0x1c203509955cb55cULL, 0x52841da7edd053deULL, 0xd23b758f9fa3a584ULL,
    0x42ed3f12a3fb12cbULL, 0x134e985c0da930f7ULL, 0xf85c992c12f23a2eULL,
    0xb442811196903848ULL, 0xf1ff39d0c5c0140eULL, 0x1a627d7c363698baULL,
    0x36a8f1e339dbb936ULL, 0x69962d6bcc7892beULL, 0x88fb71053f365831ULL,
    0x5729391c122b5c55ULL, 0xd1df891878091082ULL, 0x242dfe3d08318ba3ULL,
    0x5905127d9d658da8ULL, 0xec8ea438d043eef3ULL, 0x2424cc65727590e8ULL,
    0x35f2c1749cf360a6ULL, 0x6ba7a037e8fc6d32ULL, 0x1e1119b355f20963ULL,
    0x481c6388839580f3ULL, 0xec99f1e1b89804e2ULL, 0x5ce4275892b3271aULL,
    0xc15dc275de1bad7dULL, 0xbf9ec637b3dfe529ULL, 0xdbc0215479f2a9aaULL,
    0x7f7d31e793f9dbebULL, 0x17ff51d4fb0222dfULL, 0x4a26b61a0ffa2afdULL,
    0x4febb55c46921b28ULL, 0xae4dd0ed1ef92e12ULL, 0x2c895d3e7b198a70ULL,
    0xc7a203cd42be295eULL, 0x42b2928b57b57620ULL, 0xa0ad8536df741f5aULL,
    0x2e5d4622e51f6d6aULL, 0x449c4b78036f5670ULL, 0x8136d19131d44cddULL,
    0xc564dcd012f03d71ULL, 0xdf035b2d12b2084fULL, 0x9a3b6a4f9098063eULL,
    0x02dc7fa59076db3cULL, 0xa0d52fa246d8a7acULL, 0x270c96f4153053e4ULL,
    0x2db5ebca9d60e56bULL, 0x8c9fbc5ffeeea512ULL, 0xd72874bfe87ba992ULL,
    0xe74a54cc3e809b1aULL, 0xace3c27d56d73a7eULL, 0x8bb3b477aca43104ULL,
    0x28935732f700a0aaULL, 0x4c29cdcd74ede751ULL, 0x4de71fe2d5878123ULL,
    0xc1ec786c9faeb1b0ULL, 0xbcf4c26a1116b00aULL, 0x00b5a4602a71197dULL,
    0xb9f7db9b7584fdffULL, 0x61a8b24dd8f22785ULL, 0xb4ef18751203d845ULL,
    0xe81ff3861702cd64ULL, 0xb7b115e98ee876cfULL, 0xe14ac77808fe9c95ULL,
    0x33c81f355ccf82dbULL, 0x9040a589c20546f2ULL, 0x3f90f62d6e805874ULL,
    0x86051e7a892a48bbULL, 0x9700054271d5c7c5ULL, 0xe979686ed4370780ULL,
    0x07cc8b1304bddfbdULL, 0x79ef9805461a7772ULL, 0x8c5ba978d920ce86ULL,
    0x04b17c51b8be34b6ULL,
};

bb_t othello_board_mask(int n)
{
    bb_t row = (1ULL << n) - 1, m = 0;
    for (int r = 0; r < n; r++)
        m |= row << (8 * r);
    return m;
}

static bool oth_size_ok(int n)
{
    return n >= 4 && n <= 8 && n % 2 == 0;
}

/* Settles `over` after a change: the game ends when neither side can move.
 * A finished game keeps side 0, so that equal end positions are equal
 * states with equal hashes however they were reached. */
void othello_update_over(struct othello *s)
{
    bb_t P = s->disc[s->side], O = s->disc[!s->side];
    s->over = !othello_moves(P, O, s->board) && !othello_moves(O, P, s->board);
    if (s->over)
        s->side = 0;
}

static void oth_init(void *st, const struct game_options *opt)
{
    struct othello *s = st;
    int n = oth_size_ok(opt->size) ? opt->size : 8;
    int c = n / 2 - 1; /* row and column of the top-left centre square */
    memset(s, 0, sizeof *s);
    s->size = (uint8_t)n;
    s->board = othello_board_mask(n);
    /* White on the main diagonal of the centre (d4, e5 on 8x8). */
    s->disc[1] = (1ULL << (c * 8 + c)) | (1ULL << ((c + 1) * 8 + c + 1));
    s->disc[0] = (1ULL << ((c + 1) * 8 + c)) | (1ULL << (c * 8 + c + 1));
    othello_update_over(s);
}

static int oth_to_move(const void *st)
{
    const struct othello *s = st;
    return s->over ? -1 : s->side;
}

static bool oth_is_over(const void *st)
{
    return ((const struct othello *)st)->over;
}

static int oth_legal_moves(const void *st, move_t *out)
{
    const struct othello *s = st;
    if (s->over)
        return 0;
    bb_t m = othello_moves(s->disc[s->side], s->disc[!s->side], s->board);
    if (!m) {
        out[0] = MOVE_PASS;
        return 1;
    }
    return bb_squares(m, out);
}

static void oth_play(void *st, move_t m)
{
    struct othello *s = st;
    if (m != MOVE_PASS) {
        bb_t P = s->disc[s->side], O = s->disc[!s->side];
        bb_t f = bb_flips(P, O, m);
        s->disc[s->side] = P | f | (1ULL << m);
        s->disc[!s->side] = O & ~f;
    }
    s->side ^= 1;
    othello_update_over(s);
}

static void oth_score(const void *st, int *out)
{
    const struct othello *s = st;
    out[0] = bb_popcount(s->disc[0]);
    out[1] = bb_popcount(s->disc[1]);
}

static void oth_outcome(const void *st, double *out)
{
    int sc[2];
    oth_score(st, sc);
    out[0] = sc[0] > sc[1] ? 1.0 : sc[0] < sc[1] ? 0.0 : 0.5;
    out[1] = 1.0 - out[0];
}

/* "pass", or a column letter and a row number 1..n without leading zero. */
static int oth_parse_move(const void *st, const char *text, move_t *m)
{
    const struct othello *s = st;
    if (strcasecmp(text, "pass") == 0) {
        *m = MOVE_PASS;
        return 0;
    }
    int n = s->size;
    char c = text[0];
    int col = c >= 'a' && c <= 'z' ? c - 'a' : c >= 'A' && c <= 'Z' ? c - 'A' : -1;
    if (col < 0 || col >= n || text[1] < '1' || text[1] > '9')
        return -1;
    int row = text[1] - '1';
    if (text[2] != '\0') /* two-digit rows never fit a board of at most 8 */
        return -1;
    if (row >= n)
        return -1;
    *m = row * 8 + col;
    return 0;
}

static int oth_format_move(const void *st, move_t m, char *buf, size_t cap)
{
    const struct othello *s = st;
    if (m == MOVE_PASS)
        return snprintf(buf, cap, "pass");
    if (m < 0 || m >= 64 || !(s->board >> m & 1))
        return snprintf(buf, cap, "?");
    return snprintf(buf, cap, "%c%d", 'a' + m % 8, m / 8 + 1);
}

/* Appends to buf like snprintf, keeping the running total. */
static void put(char *buf, size_t cap, int *len, const char *fmt, int a, int b)
{
    size_t at = (size_t)*len < cap ? (size_t)*len : cap;
    /* Measuring (no buffer) says so to snprintf outright: gcc -O3 warns
     * of a null destination with a nonzero size otherwise. */
    int k = buf ? snprintf(buf + at, cap - at, fmt, a, b) : snprintf(NULL, 0, fmt, a, b);
    if (k > 0)
        *len += k;
}

static int oth_show(const void *st, char *buf, size_t cap)
{
    const struct othello *s = st;
    int n = s->size, len = 0, sc[2];
    oth_score(st, sc);
    put(buf, cap, &len, "  ", 0, 0);
    for (int c = 0; c < n; c++)
        put(buf, cap, &len, " %c", 'a' + c, 0);
    for (int r = 0; r < n; r++) {
        put(buf, cap, &len, "\n%2d", r + 1, 0);
        for (int c = 0; c < n; c++) {
            int sq = r * 8 + c;
            char ch = s->disc[0] >> sq & 1 ? 'X' : s->disc[1] >> sq & 1 ? 'O' : '.';
            put(buf, cap, &len, " %c", ch, 0);
        }
    }
    if (s->over)
        put(buf, cap, &len, "\ngame over; black (X) %d white (O) %d", sc[0], sc[1]);
    else
        put(buf, cap, &len, s->side ? "\nwhite (O) to move; black (X) %d white (O) %d"
                                    : "\nblack (X) to move; black (X) %d white (O) %d",
            sc[0], sc[1]);
    return len;
}

static int oth_format_score(const void *st, char *buf, size_t cap)
{
    const struct othello *s = st;
    int sc[2];
    oth_score(st, sc);
    return snprintf(buf, cap, "black %d white %d %s", sc[0], sc[1],
                    s->over ? "over" : "playing");
}

/* World championship margin: the empty squares go to the winner. */
static int oth_format_result(const void *st, char *buf, size_t cap)
{
    const struct othello *s = st;
    int sc[2];
    oth_score(st, sc);
    int empty = s->size * s->size - sc[0] - sc[1];
    if (sc[0] == sc[1])
        return snprintf(buf, cap, "0");
    if (sc[0] > sc[1])
        return snprintf(buf, cap, "B+%d", sc[0] + empty - sc[1]);
    return snprintf(buf, cap, "W+%d", sc[1] + empty - sc[0]);
}

static uint64_t oth_hash(const void *st)
{
    const struct othello *s = st;
    uint64_t h = zobrist[129] * s->size;
    for (int p = 0; p < 2; p++)
        for (bb_t b = s->disc[p]; b; b &= b - 1)
            h ^= zobrist[p * 64 + bb_first(b)];
    return s->side ? h ^ zobrist[128] : h;
}

static int oth_moves_left(const void *st)
{
    const struct othello *s = st;
    int empty = bb_popcount(s->board & ~(s->disc[0] | s->disc[1]));
    return (empty + 1) / 2;
}

/* perft below a node whose mover (P) is known to have the moves `moves`;
 * depth >= 2. The last ply is counted in bulk: a child with no move is one
 * leaf whether it passes or the game has ended. */
static uint64_t perft_rec(bb_t P, bb_t O, bb_t board, bb_t moves, int depth,
                          const volatile int *stop)
{
    uint64_t total = 0;
    if (depth >= STOP_PERFT_DEPTH && stop_requested(stop))
        return 0;
    if (!moves) { /* forced pass or game over */
        bb_t om = othello_moves(O, P, board);
        if (!om)
            return 1;
        if (depth == 2)
            return (uint64_t)bb_popcount(om);
        return perft_rec(O, P, board, om, depth - 1, stop);
    }
    if (depth == 2) {
        for (; moves; moves &= moves - 1) {
            int sq = bb_first(moves);
            bb_t f = bb_flips(P, O, sq);
            int n = bb_popcount(othello_moves(O & ~f, P | f | (1ULL << sq), board));
            total += n ? (uint64_t)n : 1;
        }
        return total;
    }
    for (; moves; moves &= moves - 1) {
        int sq = bb_first(moves);
        bb_t f = bb_flips(P, O, sq);
        bb_t np = O & ~f, no = P | f | (1ULL << sq);
        total += perft_rec(np, no, board, othello_moves(np, no, board), depth - 1, stop);
    }
    return total;
}

static uint64_t oth_perft(const void *st, int depth, const volatile int *stop)
{
    const struct othello *s = st;
    if (depth < 0)
        return 0;
    if (depth == 0 || s->over)
        return 1;
    bb_t P = s->disc[s->side], O = s->disc[!s->side];
    bb_t m = othello_moves(P, O, s->board);
    if (depth == 1)
        return m ? (uint64_t)bb_popcount(m) : 1;
    return perft_rec(P, O, s->board, m, depth, stop);
}

/* The k-th (0-based) set bit of b, k < popcount(b). */
static int nth_bit(bb_t b, unsigned k)
{
#ifdef __BMI2__
    return bb_first(_pdep_u64(1ULL << k, b));
#else
    while (k--)
        b &= b - 1;
    return bb_first(b);
#endif
}

static void oth_random_playout(void *st, struct rng *r)
{
    struct othello *s = st;
    if (s->over)
        return;
    bb_t P = s->disc[s->side], O = s->disc[!s->side], board = s->board;
    int side = s->side, passed = 0;
    for (;;) {
        bb_t m = othello_moves(P, O, board);
        if (!m) {
            if (passed)
                break;
            passed = 1;
        } else {
            passed = 0;
            int sq = nth_bit(m, rng_below(r, (uint32_t)bb_popcount(m)));
            bb_t f = bb_flips(P, O, sq);
            P |= f | (1ULL << sq);
            O &= ~f;
        }
        bb_t t = P;
        P = O;
        O = t;
        side ^= 1;
    }
    s->disc[side] = P;
    s->disc[!side] = O;
    s->side = 0; /* as update_over leaves a finished game */
    s->over = 1;
}

const struct game othello_game = {
    .name = "Othello",
    .aliases = {"Reversi", NULL},
    .min_size = 4,
    .max_size = 8,
    .default_size = 8,
    .num_players = 2,
    .player_names = {{"black", "b", NULL}, {"white", "w", NULL}},
    .variants = {{NULL, 0, NULL}},
    .state_size = sizeof(struct othello),
    .size_ok = oth_size_ok,
    .init = oth_init,
    .to_move = oth_to_move,
    .legal_moves = oth_legal_moves,
    .play = oth_play,
    .is_over = oth_is_over,
    .score = oth_score,
    .outcome = oth_outcome,
    .parse_move = oth_parse_move,
    .format_move = oth_format_move,
    .show = oth_show,
    .format_score = oth_format_score,
    .format_result = oth_format_result,
    .hash = oth_hash,
    .perft = oth_perft,
    .random_playout = oth_random_playout,
    .moves_left = oth_moves_left,
    .set_position = othello_set_position,
    .svg = othello_svg,
    .commands = othello_commands,
    .commands_free = othello_commands_free,
};
