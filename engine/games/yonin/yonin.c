/* Yonin: four-player Reversi with territories (RULES.md section 2).
 *
 * Seats A B C D sit clockwise from the top-left quadrant; A and C play
 * black, B and D white. A seat plays an ordinary Othello move for its colour
 * but may not place a disc in the facing seat's quadrant. The position is two
 * bitboards (see bitboard.h: a1 = bit 0, 6x6 uses the top-left corner).
 *
 * Outcome (the value search maximises), once the game is over:
 *   normal game: seat s gets (seats it beats + 0.5 * seats it ties) / 3,
 *                so a clear winner gets 1, a clear last 0, all tied 0.5;
 *   team game:   both members of a team get 1 (win), 0.5 (draw) or 0 (loss)
 *                by team score (discs of the team colour in its two
 *                quadrants). */
#include "yonin.h"

#include "engine/rng.h"
#include "engine/stop.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define G6_A 0x0000000000070707ULL
#define G6_B 0x0000000000383838ULL
#define G6_C 0x0000383838000000ULL
#define G6_D 0x0000070707000000ULL
#define G8_A 0x000000000f0f0f0fULL
#define G8_B 0x00000000f0f0f0f0ULL
#define G8_C 0xf0f0f0f000000000ULL
#define G8_D 0x0f0f0f0f00000000ULL
#define G6_ALL (G6_A | G6_B | G6_C | G6_D)
#define G8_ALL (G8_A | G8_B | G8_C | G8_D)

const struct yn_geometry yn_geo6 = {
    G6_ALL, {G6_A, G6_B, G6_C, G6_D},
    {G6_ALL & ~G6_C, G6_ALL & ~G6_D, G6_ALL & ~G6_A, G6_ALL & ~G6_B},
};
const struct yn_geometry yn_geo8 = {
    G8_ALL, {G8_A, G8_B, G8_C, G8_D},
    {G8_ALL & ~G8_C, G8_ALL & ~G8_D, G8_ALL & ~G8_A, G8_ALL & ~G8_B},
};

static const struct yn_geometry *geo_of(const struct yonin *y)
{
    return yn_geo(y->size);
}

/* Zobrist keys, computed at compile time by the splitmix64 finaliser so the
 * table is static const data. Index: colour * 64 + square for discs, then
 * 128 + seat to move (132 = game over), 133 = 6x6 board, 134 = team game. */
#define ZM1(z) (((z) ^ ((z) >> 30)) * 0xbf58476d1ce4e5b9ULL)
#define ZM2(z) (((z) ^ ((z) >> 27)) * 0x94d049bb133111ebULL)
#define ZM3(z) ((z) ^ ((z) >> 31))
#define ZK(i) ZM3(ZM2(ZM1(0x2545f4914f6cdd1dULL + ((uint64_t)(i) + 1) * 0x9e3779b97f4a7c15ULL)))
#define ZK4(i) ZK(i), ZK((i) + 1), ZK((i) + 2), ZK((i) + 3)
#define ZK16(i) ZK4(i), ZK4((i) + 4), ZK4((i) + 8), ZK4((i) + 12)
#define ZK64(i) ZK16(i), ZK16((i) + 16), ZK16((i) + 32), ZK16((i) + 48)
#define Z_MOVER 128
#define Z_SIZE6 133
#define Z_TEAM 134
static const uint64_t zobrist[136] = {ZK64(0), ZK64(64), ZK4(128), ZK4(132)};

static int seat_score(const struct yonin *y, int s)
{
    return yn_seat_score(geo_of(y), y->disc, s);
}

/* ---- interface ---- */

static bool yonin_size_ok(int n)
{
    return n == 6 || n == 8;
}

static void yonin_init(void *st, const struct game_options *opt)
{
    struct yonin *y = st;
    memset(y, 0, sizeof *y);
    y->size = (int8_t)(opt->size == 6 ? 6 : 8);
    y->flags = (uint8_t)(opt->flags & YONIN_TEAM);
    int h = y->size / 2; /* centre squares: (h-1,h-1) A, (h-1,h) B, ... */
    y->disc[0] = 1ULL << ((h - 1) * 8 + h - 1) | 1ULL << (h * 8 + h);
    y->disc[1] = 1ULL << ((h - 1) * 8 + h) | 1ULL << (h * 8 + h - 1);
    y->mover = 0;
}

static int yonin_to_move(const void *st)
{
    return ((const struct yonin *)st)->mover;
}

static bool yonin_is_over(const void *st)
{
    return ((const struct yonin *)st)->mover < 0;
}

static int yonin_legal_moves(const void *st, move_t *out)
{
    const struct yonin *y = st;
    if (y->mover < 0)
        return 0;
    bb_t m = yn_seat_moves(geo_of(y), y->disc[0], y->disc[1], y->mover);
    if (!m) {
        out[0] = MOVE_PASS;
        return 1;
    }
    return bb_squares(m, out);
}

static void yonin_play(void *st, move_t mv)
{
    struct yonin *y = st;
    int s = y->mover;
    if (s < 0)
        return;
    y->mover = (int8_t)((s + 1) & 3);
    if (mv == MOVE_PASS)
        return; /* position unchanged, so someone can still move */
    yn_put_disc(y->disc, s & 1, mv);
    if (yn_nobody_moves(geo_of(y), y->disc[0], y->disc[1]))
        y->mover = -1;
}

static void yonin_score(const void *st, int *out)
{
    for (int s = 0; s < NSEATS; s++)
        out[s] = seat_score(st, s);
}

/* Team scores: [0] A+C (black), [1] B+D (white). */
static void team_scores(const struct yonin *y, int t[2])
{
    t[0] = seat_score(y, 0) + seat_score(y, 2);
    t[1] = seat_score(y, 1) + seat_score(y, 3);
}

static void yonin_outcome(const void *st, double *out)
{
    const struct yonin *y = st;
    if (y->flags & YONIN_TEAM) {
        int t[2];
        team_scores(y, t);
        double black = t[0] > t[1] ? 1.0 : t[0] < t[1] ? 0.0 : 0.5;
        out[0] = out[2] = black;
        out[1] = out[3] = 1.0 - black;
        return;
    }
    int sc[NSEATS];
    yonin_score(st, sc);
    for (int s = 0; s < NSEATS; s++) {
        double v = 0;
        for (int o = 0; o < NSEATS; o++)
            if (o != s)
                v += sc[s] > sc[o] ? 1.0 : sc[s] == sc[o] ? 0.5 : 0.0;
        out[s] = v / 3;
    }
}

/* "a1".."h8" (any case) or "pass"; a digit run longer than one is never a
 * row here, which also keeps overlong numbers out. */
static int yonin_parse_move(const void *st, const char *text, move_t *m)
{
    const struct yonin *y = st;
    if (strcasecmp(text, "pass") == 0) {
        *m = MOVE_PASS;
        return 0;
    }
    if (strlen(text) != 2)
        return -1;
    int col = tolower((unsigned char)text[0]) - 'a';
    int row = text[1] - '1';
    if (col < 0 || col >= y->size || row < 0 || row >= y->size)
        return -1;
    *m = row * 8 + col;
    return 0;
}

static int yonin_format_move(const void *st, move_t m, char *buf, size_t cap)
{
    (void)st;
    if (m == MOVE_PASS)
        return snprintf(buf, cap, "pass");
    if (m < 0 || m >= 64)
        return snprintf(buf, cap, "?");
    return snprintf(buf, cap, "%c%d", 'a' + m % 8, m / 8 + 1);
}

/* Appends to buf like snprintf, tracking the total length. */
#define APPEND(...)                                                        \
    do {                                                                   \
        int k_ = snprintf(buf + (len < (int)cap ? len : (int)cap),         \
                          len < (int)cap ? cap - (size_t)len : 0,          \
                          __VA_ARGS__);                                    \
        if (k_ > 0)                                                        \
            len += k_;                                                     \
    } while (0)

static int yonin_format_score(const void *st, char *buf, size_t cap)
{
    const struct yonin *y = st;
    int sc[NSEATS], len = 0;
    yonin_score(st, sc);
    APPEND("a %d b %d c %d d %d", sc[0], sc[1], sc[2], sc[3]);
    if (y->flags & YONIN_TEAM) {
        int t[2];
        team_scores(y, t);
        APPEND(" ac %d bd %d", t[0], t[1]);
    }
    APPEND(" %s", y->mover < 0 ? "over" : "playing");
    return len;
}

static int yonin_format_result(const void *st, char *buf, size_t cap)
{
    const struct yonin *y = st;
    if (y->flags & YONIN_TEAM) {
        int t[2];
        team_scores(y, t);
        if (t[0] == t[1])
            return snprintf(buf, cap, "0");
        return snprintf(buf, cap, "%s+%d", t[0] > t[1] ? "AC" : "BD",
                        t[0] > t[1] ? t[0] - t[1] : t[1] - t[0]);
    }
    int sc[NSEATS], best = 0;
    yonin_score(st, sc);
    for (int s = 1; s < NSEATS; s++)
        if (sc[s] > sc[best])
            best = s;
    int second = -1;
    for (int s = 0; s < NSEATS; s++)
        if (s != best && sc[s] > second)
            second = sc[s];
    if (second == sc[best])
        return snprintf(buf, cap, "0");
    return snprintf(buf, cap, "%c+%d", 'A' + best, sc[best] - second);
}

/* Board with a '|' column and a '-' row between the quadrants and the seat
 * letter of each quadrant in the margins, e.g. on 6x6:
 *       a b c   d e f
 *   A 1 . . . | . . . 1 B
 *     2 . . X | O . . 2
 *     ...                                  */
static int yonin_show(const void *st, char *buf, size_t cap)
{
    const struct yonin *y = st;
    int n = y->size, h = n / 2, len = 0;
    if (cap)
        buf[0] = '\0';
    APPEND("     ");
    for (int c = 0; c < n; c++)
        APPEND("%s%c", c == h ? "   " : c ? " " : "", 'a' + c);
    for (int r = 0; r < n; r++) {
        if (r == h) {
            APPEND("\n     ");
            for (int c = 0; c < n; c++)
                APPEND("%s", c == h ? "-+--" : c ? "--" : "-");
        }
        char left = r == 0 ? 'A' : r == h ? 'D' : ' ';
        char right = r == 0 ? 'B' : r == h ? 'C' : ' ';
        APPEND("\n %c %d ", left, r + 1);
        for (int c = 0; c < n; c++) {
            bb_t b = 1ULL << (r * 8 + c);
            char ch = (y->disc[0] & b) ? 'X' : (y->disc[1] & b) ? 'O' : '.';
            APPEND("%s%c", c == h ? " | " : c ? " " : "", ch);
        }
        APPEND(" %d", r + 1);
        if (right != ' ')
            APPEND(" %c", right);
    }
    if (y->mover < 0)
        APPEND("\n game over");
    else
        APPEND("\n to move: %c (%s)", 'a' + y->mover,
               (y->mover & 1) ? "white O" : "black X");
    APPEND("\n score: ");
    len += yonin_format_score(st, buf + (len < (int)cap ? len : (int)cap),
                              len < (int)cap ? cap - (size_t)len : 0);
    return len;
}

static uint64_t yonin_hash(const void *st)
{
    const struct yonin *y = st;
    uint64_t h = zobrist[Z_MOVER + (y->mover < 0 ? 4 : y->mover)];
    if (y->size == 6)
        h ^= zobrist[Z_SIZE6];
    if (y->flags & YONIN_TEAM)
        h ^= zobrist[Z_TEAM];
    for (int c = 0; c < 2; c++)
        for (bb_t b = y->disc[c]; b; b &= b - 1)
            h ^= zobrist[c * 64 + bb_first(b)];
    return h;
}

/* ---- fast paths ---- */

/* Perft below a position not known to be finished, depth >= 1. `passes`
 * counts the seats just before this one that had no move on this same
 * position: when it reaches 3 and this seat cannot move either, nobody can,
 * and the finished game is one leaf. Otherwise a seat without a move makes
 * the single forced pass. The last ply is counted in bulk. */
static uint64_t perft_node(const struct yn_geometry *g, bb_t black, bb_t white,
                           int seat, int depth, int passes, const volatile int *stop)
{
    if (depth >= STOP_PERFT_DEPTH && stop_requested(stop))
        return 0;
    bb_t m = yn_seat_moves(g, black, white, seat);
    if (!m) {
        if (passes == 3 || depth == 1)
            return 1;
        return perft_node(g, black, white, (seat + 1) & 3, depth - 1, passes + 1, stop);
    }
    if (depth == 1)
        return (uint64_t)bb_popcount(m);
    uint64_t total = 0;
    int c = seat & 1, next = (seat + 1) & 3;
    for (; m; m &= m - 1) {
        bb_t d[2] = {black, white};
        yn_put_disc(d, c, bb_first(m));
        if (depth == 2) {
            bb_t cm = yn_seat_moves(g, d[0], d[1], next);
            total += cm ? (uint64_t)bb_popcount(cm) : 1;
        } else {
            total += perft_node(g, d[0], d[1], next, depth - 1, 0, stop);
        }
    }
    return total;
}

static uint64_t yonin_perft(const void *st, int depth, const volatile int *stop)
{
    const struct yonin *y = st;
    if (depth < 0)
        return 0;
    if (depth == 0 || y->mover < 0)
        return 1;
    return perft_node(geo_of(y), y->disc[0], y->disc[1], y->mover, depth, 0, stop);
}

/* The k-th (0-based) set bit of b. */
static inline int nth_bit(bb_t b, int k)
{
    while (k--)
        b &= b - 1;
    return bb_first(b);
}

static void yonin_random_playout(void *st, struct rng *r)
{
    struct yonin *y = st;
    if (y->mover < 0)
        return;
    const struct yn_geometry *g = geo_of(y);
    int seat = y->mover, passes = 0;
    for (;;) {
        bb_t m = yn_seat_moves(g, y->disc[0], y->disc[1], seat);
        if (!m) {
            if (++passes == NSEATS)
                break; /* all four seats in a row cannot move: over */
        } else {
            passes = 0;
            int k = (int)rng_below(r, (uint32_t)bb_popcount(m));
            yn_put_disc(y->disc, seat & 1, nth_bit(m, k));
        }
        seat = (seat + 1) & 3;
    }
    y->mover = -1;
}

/* Each seat places at most one disc per round: a quarter of the empties. */
static int yonin_moves_left(const void *st)
{
    const struct yonin *y = st;
    if (y->mover < 0)
        return 0;
    int empty = bb_popcount(geo_of(y)->board & ~(y->disc[0] | y->disc[1]));
    return (empty + 3) / 4;
}

/* set_position: n*n squares a1..h8 row by row (n = 6 or 8), a seat letter
 * for a disc of that seat's colour (A, C black; B, D white; X and O also
 * work), - empty; the seat to move a..d (or 1..4). Any distribution of
 * discs is a position; the game is over when no seat can move. The
 * variant (team) stays the current one. */
static int yonin_set_position(void *st, const char *board, const char *side,
                              char *err, size_t cap)
{
    size_t len = strnlen(board, 65);
    int n = len == 36 ? 6 : len == 64 ? 8 : 0;
    if (!n) {
        snprintf(err, cap, "board must have 36 or 64 squares (6x6 or 8x8)");
        return -1;
    }
    static const char *const seats[NSEATS][2] = {{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "4"}};
    int mover = -1;
    for (int s = 0; s < NSEATS; s++)
        if (strcasecmp(side, seats[s][0]) == 0 || strcmp(side, seats[s][1]) == 0)
            mover = s;
    if (mover < 0) {
        snprintf(err, cap, "seat to move must be A, B, C or D, not '%.20s'", side);
        return -1;
    }
    struct yonin y = *(const struct yonin *)st;
    y.disc[0] = y.disc[1] = 0;
    y.size = (int8_t)n;
    for (int i = 0; i < n * n; i++) {
        int sq = i / n * 8 + i % n, c = toupper((unsigned char)board[i]);
        if (c == 'A' || c == 'C' || c == 'X')
            y.disc[0] |= 1ULL << sq;
        else if (c == 'B' || c == 'D' || c == 'O')
            y.disc[1] |= 1ULL << sq;
        else if (c != '-' && c != '.') {
            snprintf(err, cap, "bad square '%c' in the board (A, B, C, D or -)",
                     isgraph((unsigned char)board[i]) ? board[i] : '?');
            return -1;
        }
    }
    y.mover = yn_nobody_moves(geo_of(&y), y.disc[0], y.disc[1]) ? -1 : (int8_t)mover;
    memcpy(st, &y, sizeof y);
    return 0;
}

const struct game yonin_game = {
    .name = "Yonin",
    .aliases = {NULL},
    .min_size = 6,
    .max_size = 8,
    .default_size = 8,
    .num_players = 4,
    .player_names = {{"a", "1", NULL}, {"b", "2", NULL},
                     {"c", "3", NULL}, {"d", "4", NULL}},
    .variants = {{"team", YONIN_TEAM, "A+C against B+D, team scores"},
                 {NULL, 0, NULL}},
    .state_size = sizeof(struct yonin),
    .size_ok = yonin_size_ok,
    .init = yonin_init,
    .to_move = yonin_to_move,
    .legal_moves = yonin_legal_moves,
    .play = yonin_play,
    .is_over = yonin_is_over,
    .score = yonin_score,
    .outcome = yonin_outcome,
    .parse_move = yonin_parse_move,
    .format_move = yonin_format_move,
    .show = yonin_show,
    .format_score = yonin_format_score,
    .format_result = yonin_format_result,
    .hash = yonin_hash,
    .perft = yonin_perft,
    .random_playout = yonin_random_playout,
    .moves_left = yonin_moves_left,
    .set_position = yonin_set_position,
    .svg = yonin_svg,
    .mcts = &yonin_mcts,
};
