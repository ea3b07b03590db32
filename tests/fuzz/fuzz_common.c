/* What the fuzz targets share: fast engine options, input bytes to a
 * game, its options and a position, and the position checks. */
#include "tests/fuzz/fuzz.h"

#include "engine/rng.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fuzz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
{
    fprintf(stderr, "%s:%d: check failed: %s\n  ", file, line, cond);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

void fuzz_player_options(struct player_options *o)
{
    player_options_default(o);
    o->time_per_move = 0.01;
    o->playouts = 32;     /* Monte-Carlo players stop here, clocks or not */
    o->depth = 2;         /* alphabeta, maxn, paranoid */
    o->threads = 1;
    o->hash_mb = 1;
    o->tree_mb = 1;
    o->seed = 1;
    /* The simple evaluation, so that what an input does never depends on
     * which data files sit next to the binary (a fuzz build has none).
     * Cost is no longer the reason: the weights load once per process
     * (eval.h). A path that cannot exist says so once on stderr. */
    o->eval_file = "/nonexistent/fuzzing-uses-the-simple-evaluation";
    o->order_eval_file = "/nonexistent/and-so-does-the-solver";
}

uint8_t fuzz_byte(struct fuzz_input *in)
{
    return in->at < in->size ? in->data[in->at++] : 0;
}

char *fuzz_rest(struct fuzz_input *in)
{
    size_t n = in->size - in->at;
    char *s = malloc(n + 1);
    if (!s)
        abort();
    memcpy(s, in->data + in->at, n);
    s[n] = '\0';
    in->at = in->size;
    return s;
}

const struct game *fuzz_game(struct fuzz_input *in,
                             bool (*filter)(const struct game *g))
{
    const struct game *games[64];
    int n = 0;
    for (int i = 0; game_registry[i] && n < 64; i++)
        if (!filter || filter(game_registry[i]))
            games[n++] = game_registry[i];
    uint8_t b = fuzz_byte(in);
    return n ? games[b % n] : NULL;
}

struct game_options fuzz_game_options(const struct game *g, struct fuzz_input *in)
{
    int sizes[64], n = 0;
    for (int k = g->min_size; k <= g->max_size && n < 64; k++)
        if (g->size_ok(k))
            sizes[n++] = k;
    uint8_t b = fuzz_byte(in), v = fuzz_byte(in);
    struct game_options opt = {.size = n ? sizes[b % n] : g->default_size};
    for (int i = 0; i < GAME_MAX_VARIANTS && g->variants[i].name; i++)
        if (v >> i & 1)
            opt.flags |= g->variants[i].flag;
    return opt;
}

void fuzz_play_some(const struct game *g, void *st, struct fuzz_input *in)
{
    int plies = fuzz_byte(in) % 64;
    struct rng r;
    rng_seed(&r, fuzz_byte(in));
    move_t moves[GAME_MAX_MOVES];
    for (int i = 0; i < plies && !g->is_over(st); i++) {
        int n = g->legal_moves(st, moves);
        FUZZ_CHECK(n > 0, "%s: a game not over has no legal move", g->name);
        g->play(st, moves[rng_below(&r, (uint32_t)n)]);
    }
}

int fuzz_check_legal_moves(const struct game *g, const void *st)
{
    static move_t moves[GAME_MAX_MOVES];
    int n = g->legal_moves(st, moves);
    FUZZ_CHECK(n >= 0 && n <= GAME_MAX_MOVES, "%s: %d legal moves", g->name, n);
    for (int i = 0; i < n; i++) {
        char text[64];
        int len = g->format_move(st, moves[i], text, sizeof text);
        FUZZ_CHECK(len > 0 && (size_t)len < sizeof text, "%s: move %d formats to %d chars",
                   g->name, (int)moves[i], len);
        for (int k = 0; k < len; k++)
            FUZZ_CHECK(isgraph((unsigned char)text[k]) && !isupper((unsigned char)text[k]),
                       "%s: move text '%s' is not printable lower case", g->name, text);
        move_t back = MOVE_NONE;
        FUZZ_CHECK(g->parse_move(st, text, &back) == 0 && back == moves[i],
                   "%s: legal move %d formats to '%s', which parses to %d",
                   g->name, (int)moves[i], text, (int)back);
        FUZZ_CHECK(game_is_legal(g, st, moves[i]), "%s: listed move not legal", g->name);
    }
    return n;
}

/* A formatting function writes like snprintf: the same length whatever
 * the room, always NUL-terminated, never past cap. */
static void check_format(const struct game *g, const void *st, const char *what,
                         int (*fn)(const void *, char *, size_t))
{
    char small[8];
    int n = fn(st, small, sizeof small);
    FUZZ_CHECK(n >= 0 && memchr(small, '\0', sizeof small), "%s: %s into 8 bytes", g->name, what);
    char *big = malloc((size_t)n + 1);
    if (!big)
        abort();
    int m = fn(st, big, (size_t)n + 1);
    FUZZ_CHECK(m == n && strlen(big) == (size_t)n, "%s: %s says %d chars, then %d (%zu)",
               g->name, what, n, m, strlen(big));
    free(big);
}

/* perft written plainly here, to check the games' fast ones against. */
static uint64_t plain_perft(const struct game *g, const void *st, int depth)
{
    if (depth == 0 || g->is_over(st))
        return 1;
    move_t *moves = malloc(sizeof *moves * GAME_MAX_MOVES);
    unsigned char *child = malloc(g->state_size);
    if (!moves || !child)
        abort();
    int n = g->legal_moves(st, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        memcpy(child, st, g->state_size);
        g->play(child, moves[i]);
        total += plain_perft(g, child, depth - 1);
    }
    free(moves);
    free(child);
    return total;
}

void fuzz_check_position(const struct game *g, const void *st)
{
    int tm = g->to_move(st);
    bool over = g->is_over(st);
    int n = fuzz_check_legal_moves(g, st);
    FUZZ_CHECK(over == (tm < 0), "%s: is_over %d but to_move %d", g->name, over, tm);
    FUZZ_CHECK(tm < g->num_players, "%s: to_move %d", g->name, tm);
    FUZZ_CHECK(over ? n == 0 : n > 0, "%s: over %d with %d legal moves", g->name, over, n);

    int score[GAME_MAX_PLAYERS];
    g->score(st, score);
    check_format(g, st, "show", g->show);
    check_format(g, st, "format_score", g->format_score);
    if (over) {
        check_format(g, st, "format_result", g->format_result);
        double res[GAME_MAX_PLAYERS];
        g->outcome(st, res);
        for (int p = 0; p < g->num_players; p++)
            FUZZ_CHECK(isfinite(res[p]) && res[p] >= 0 && res[p] <= 1,
                       "%s: outcome %g for player %d", g->name, res[p], p);
    }

    unsigned char *copy = malloc(g->state_size);
    if (!copy)
        abort();
    memcpy(copy, st, g->state_size);
    FUZZ_CHECK(g->hash(copy) == g->hash(st), "%s: a copy hashes differently", g->name);
    /* Depth 2 only where it stays cheap (Separo 19x19 has thousands). */
    for (int d = 0; d <= (n <= 100 ? 2 : 1); d++) {
        uint64_t fast = game_perft(g, st, d), plain = plain_perft(g, st, d);
        FUZZ_CHECK(fast == plain, "%s: perft %d gives %llu, plainly %llu", g->name, d,
                   (unsigned long long)fast, (unsigned long long)plain);
    }
    if (!over) {
        struct rng r;
        rng_seed(&r, g->hash(st));
        game_random_playout(g, copy, &r);
        FUZZ_CHECK(g->is_over(copy), "%s: a random playout ends before the game", g->name);
    }
    free(copy);
}
