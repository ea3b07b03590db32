/* Stoner tests: shape matching against a plain table matcher (each shape
 * and orientation, near misses), the df-pn prover against a plain
 * AND/OR search on a board array, the enumeration against a brute force
 * without pruning, and the `stoner` command through othello_game. */
#include "check.h"
#include "engine/games/othello/othello.h"
#include "engine/games/othello/stoner.h"
#include "engine/player.h"
#include "engine/rng.h"

#include <stdlib.h>
#include <string.h>

/* ---- a plain board: cells 0 empty, 1 and 2 the two colours ---- */

struct plain {
    char cell[64];
};

static int sqi(const char *name) { return (name[1] - '1') * 8 + (name[0] - 'a'); }

static const int DR[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
static const int DC[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

/* Discs `me` would flip by playing sq (0: illegal), into out when given. */
static int plain_flips(const struct plain *b, int me, int sq, int *out)
{
    if (b->cell[sq])
        return 0;
    int n = 0;
    for (int d = 0; d < 8; d++) {
        int r = sq / 8 + DR[d], c = sq % 8 + DC[d], run = 0;
        while (r >= 0 && r < 8 && c >= 0 && c < 8 && b->cell[r * 8 + c] == 3 - me) {
            r += DR[d];
            c += DC[d];
            run++;
        }
        if (run && r >= 0 && r < 8 && c >= 0 && c < 8 && b->cell[r * 8 + c] == me)
            for (int k = 1; k <= run; k++) {
                if (out)
                    out[n] = (sq / 8 + DR[d] * k) * 8 + sq % 8 + DC[d] * k;
                n++;
            }
    }
    return n;
}

static int plain_moves(const struct plain *b, int me, int *list)
{
    int n = 0;
    for (int sq = 0; sq < 64; sq++)
        if (plain_flips(b, me, sq, NULL))
            list[n++] = sq;
    return n;
}

static void plain_play(struct plain *b, int me, int sq)
{
    int f[64], n = plain_flips(b, me, sq, f);
    for (int i = 0; i < n; i++)
        b->cell[f[i]] = (char)me;
    b->cell[sq] = (char)me;
}

static bool plain_corner(const struct plain *b, int me)
{
    return plain_flips(b, me, sqi("a8"), NULL) || plain_flips(b, me, sqi("h8"), NULL);
}

static bb_t plain_bits(const struct plain *b, int who)
{
    bb_t m = 0;
    for (int sq = 0; sq < 64; sq++)
        if (b->cell[sq] == who)
            m |= 1ULL << sq;
    return m;
}

static struct plain plain_start(void)
{
    struct plain b;
    memset(&b, 0, sizeof b);
    b.cell[sqi("d4")] = b.cell[sqi("e5")] = 2;
    b.cell[sqi("d5")] = b.cell[sqi("e4")] = 1;
    return b;
}

/* ---- the shapes, written out from the table ---- */

static const char *const T_ATT[3] = {"d4 e5 f6 g7", "d4 e5 f6 g7 f8", "d4 e5 f6 g7"};
static const char *const T_REC[3] = {"b8 c8 d8 e8 g6", "b8 c8 d8 g6", "b8 c8 d8 h6"};
static const char *const T_EMP[3] = {"a8 g8 h8 f8", "a8 g8 h8 e8", "a8 g8 h8 e8 f8"};
static const char *const T_TRIG[3] = {"f8", "e8", "e8"};

/* The squares of a list, left-right mirrored when mirror is set. */
static int squares_of(const char *list, int mirror, int *out)
{
    int n = 0;
    for (const char *s = list; *s; s++) {
        if (*s == ' ')
            continue;
        char name[3] = {mirror ? (char)('a' + 'h' - s[0]) : s[0], s[1], 0};
        out[n++] = sqi(name);
        s++;
    }
    return n;
}

static bool all_are(const struct plain *b, const char *list, int mirror, int v)
{
    int sq[8], n = squares_of(list, mirror, sq);
    for (int i = 0; i < n; i++)
        if (b->cell[sq[i]] != v)
            return false;
    return true;
}

/* Plain matcher: attacker colour att; returns shape*2+orient or -1. */
static int plain_match(const struct plain *b, int att)
{
    int found = -1;
    for (int s = 0; s < 3; s++)
        for (int o = 0; o < 2; o++)
            if (all_are(b, T_ATT[s], o, att) && all_are(b, T_REC[s], o, 3 - att)
                && all_are(b, T_EMP[s], o, 0))
                found = s * 2 + o;
    return found;
}

static int trigger_of(int shape, int orient)
{
    int sq[1];
    squares_of(T_TRIG[shape], orient, sq);
    return sq[0];
}

static int lib_match(const struct plain *b, int att)
{
    struct stoner_match m;
    if (!stoner_match(plain_bits(b, att), plain_bits(b, 3 - att), &m))
        return -1;
    if (m.trigger != trigger_of(m.shape, m.orient))
        return -2;
    return m.shape * 2 + m.orient;
}

/* A board holding exactly one shape (attacker colour att). */
static struct plain shape_board(int shape, int orient, int att)
{
    struct plain b;
    memset(&b, 0, sizeof b);
    int sq[8], n = squares_of(T_ATT[shape], orient, sq);
    for (int i = 0; i < n; i++)
        b.cell[sq[i]] = (char)att;
    n = squares_of(T_REC[shape], orient, sq);
    for (int i = 0; i < n; i++)
        b.cell[sq[i]] = (char)(3 - att);
    return b;
}

static void test_shapes(void)
{
    for (int s = 0; s < 3; s++)
        for (int o = 0; o < 2; o++)
            for (int att = 1; att <= 2; att++) {
                struct plain b = shape_board(s, o, att);
                CHECK(lib_match(&b, att) == s * 2 + o, "shape %d orient %d att %d: %d",
                      s, o, att, lib_match(&b, att));
                CHECK(lib_match(&b, 3 - att) == -1, "colours swapped still match");
                /* Near misses: every square of the pattern, changed. */
                const char *lists[3] = {T_ATT[s], T_REC[s], T_EMP[s]};
                for (int l = 0; l < 3; l++) {
                    int sq[8], n = squares_of(lists[l], o, sq);
                    for (int i = 0; i < n; i++)
                        for (int v = 0; v <= 2; v++) {
                            struct plain c = b;
                            if (c.cell[sq[i]] == v)
                                continue;
                            c.cell[sq[i]] = (char)v;
                            int got = lib_match(&c, att);
                            CHECK(got != s * 2 + o, "near miss %d/%d sq %d -> %d matches",
                                  s, o, sq[i], v);
                            CHECK(got == plain_match(&c, att), "near miss disagrees");
                        }
                }
                /* Squares outside the pattern may hold anything. */
                struct plain c = b;
                c.cell[sqi("a1")] = 1;
                c.cell[sqi("b7")] = o ? (char)att : 2;
                c.cell[sqi("c7")] = 1;
                CHECK(lib_match(&c, att) == s * 2 + o, "outside squares matter");
            }
    /* Random boards near the shapes against the plain matcher. */
    struct rng r;
    rng_seed(&r, 7);
    int agree = 0, matched = 0;
    for (int t = 0; t < 20000; t++) {
        struct plain b = shape_board((int)rng_below(&r, 3), (int)rng_below(&r, 2),
                                     1 + (int)rng_below(&r, 2));
        for (int k = (int)rng_below(&r, 3); k > 0; k--)
            b.cell[rng_below(&r, 64)] = (char)rng_below(&r, 3);
        for (int att = 1; att <= 2; att++) {
            int want = plain_match(&b, att);
            agree += lib_match(&b, att) == want;
            matched += want >= 0;
        }
    }
    CHECK(agree == 40000, "random boards: %d of 40000 agree", agree);
    CHECK(matched > 5000, "random boards: only %d matches", matched);

    /* stoner_needed and stoner_useful against their plain meaning. */
    int bad = 0;
    for (int t = 0; t < 20000; t++) {
        bb_t occ = rng_next(&r) & rng_next(&r) & rng_next(&r);
        int best = STONER_NEVER;
        for (int s = 0; s < 3; s++)
            for (int o = 0; o < 2; o++) {
                int sq[8], n = squares_of(T_EMP[s], o, sq), need = 0, ok = 1;
                for (int i = 0; i < n; i++)
                    ok &= !(occ >> sq[i] & 1);
                n = squares_of(T_ATT[s], o, sq);
                for (int i = 0; i < n; i++)
                    need += !(occ >> sq[i] & 1);
                n = squares_of(T_REC[s], o, sq);
                for (int i = 0; i < n; i++)
                    need += !(occ >> sq[i] & 1);
                if (ok && need < best)
                    best = need;
            }
        bad += stoner_needed(occ) != best;
        int left = (int)rng_below(&r, 8);
        bb_t useful = stoner_useful(occ, left);
        for (int sq = 0; sq < 64; sq++) /* a move off `useful` must leave too much */
            if (!(occ >> sq & 1) && !(useful >> sq & 1))
                bad += stoner_needed(occ | 1ULL << sq) <= left;
    }
    CHECK(bad == 0, "needed/useful: %d disagreements", bad);
}

/* ---- the plain proof search ---- */

static int plain_trigger;

/* 1: the attacker wins within k plies; -1: the receiver escapes within k
 * plies whatever the attacker does; 0: neither is settled within k. */
static int plain_search(struct plain *b, int att, int mover, bool trig, int k)
{
    int list[64], n = plain_moves(b, mover, list), other[64];
    int no = plain_moves(b, 3 - mover, other);
    if (mover == att && plain_corner(b, att))
        return 1;
    if (mover != att && !trig && plain_corner(b, mover))
        return -1;
    if (!n && !no)
        return -1;
    if (k == 0)
        return 0;
    if (!n)
        return plain_search(b, att, 3 - mover, trig, k - 1);
    bool unknown = false;
    for (int i = 0; i < n; i++) {
        struct plain c = *b;
        plain_play(&c, mover, list[i]);
        int v = plain_search(&c, att, 3 - mover, trig || (mover == att && list[i] == plain_trigger), k - 1);
        if (v == (mover == att ? 1 : -1))
            return v;
        unknown |= v == 0;
    }
    return unknown ? 0 : mover == att ? -1 : 1;
}

/* Iterative deepening: *length the first k that wins; returns 1, -1 or 0
 * (unsettled within max plies). */
static int plain_prove(const struct plain *b, int att, int trigger, int max, int *length)
{
    plain_trigger = trigger;
    for (int k = 0; k <= max; k++) {
        struct plain c = *b;
        int v = plain_search(&c, att, 3 - att, trigger < 0, k);
        if (v) {
            *length = k;
            return v;
        }
    }
    return 0;
}

/* Compares the prover with the plain search on one position (receiver to
 * move); max: the plain search's depth limit. Returns 1 when the plain
 * search settled it. */
static int compare_proof(struct stoner_prover *p, const struct plain *b, int att,
                         int trigger, int max, int *proven)
{
    struct stoner_result res;
    stoner_prove(p, plain_bits(b, att), plain_bits(b, 3 - att), trigger, NULL, &res);
    int len = -1, v = plain_prove(b, att, trigger, max, &len);
    if (v == 1) {
        CHECK(res.status == STONER_PROVEN && res.length == len,
              "plain wins in %d, prover status %d length %d", len, res.status, res.length);
        *proven += 1;
    } else if (v == -1) {
        CHECK(res.status == STONER_DISPROVEN, "plain escape, prover status %d length %d",
              res.status, res.length);
    } else {
        CHECK(res.status == STONER_DISPROVEN || res.length > max,
              "plain unsettled within %d, prover length %d", max, res.length);
    }
    if (res.status == STONER_PROVEN) { /* the line it gives wins */
        struct plain c = *b;
        int mover = 3 - att;
        for (int i = 0; i < res.pv_len; i++) {
            int list[64];
            if (res.pv[i] == STONER_PASS)
                CHECK(plain_moves(&c, mover, list) == 0, "pv passes with moves");
            else
                CHECK(plain_flips(&c, mover, res.pv[i], NULL) > 0, "pv move illegal");
            if (res.pv[i] != STONER_PASS)
                plain_play(&c, mover, res.pv[i]);
            mover = 3 - mover;
        }
        CHECK(res.pv_len == res.length && mover == att && plain_corner(&c, att)
                  && plain_flips(&c, att, res.corner, NULL) > 0,
              "pv of %d plies does not end in a corner move", res.pv_len);
    }
    if (res.status == STONER_DISPROVEN && res.escape >= 0) {
        struct plain c = *b;
        CHECK(plain_flips(&c, 3 - att, res.escape, NULL) > 0, "escape illegal");
    }
    return v != 0;
}

static struct plain play_line(const char *line, int *mover)
{
    struct plain b = plain_start();
    int me = 1;
    for (const char *s = line; *s; s += 2) {
        int list[64];
        if (!plain_moves(&b, me, list))
            me = 3 - me;
        plain_play(&b, me, sqi(s));
        me = 3 - me;
    }
    *mover = me;
    return b;
}

/* Stoner-like lines of 12 and 13 plies found by quartet-stoner (inputs
 * only: the expected answers come from the plain search). */
static const char *const LINES[] = {
    "e6d6c5b6c6e7a6f4e8f8g8b7", "e6d6c6f6g6d7e8e7d8c8b8g7",
    "e6d6c7d7c8d8e8b7b8f6g6g7", "e6d6c5b6c6e7e8f8g8e3a6b7",
    "f5f6e6f4c3d7g5h6e7d8c8b8g7", "f5d6c6f6e6b6e7d8d7e8f8g8b7",
    "c4c5d6e7c6b6d7e8b7c7f8g8c8", "d3c5d6e7b6d2c6a6d7e8f8g8b7",
    "c4c5d6e7b6b4c6a6d7e8f8g8b7", "d3c3e6d6d7f6b3d8c8b8g6h6g7",
    "c4c5d6e7c6b6e6f6e8d8f8g8b7", "f5d6c6b6c7d7c5d8e8e7f8g8b7",
    "f5d6c6f6e6d7g6h6c8d8c4b8g7", "e6f4d3c6d6e7f8e8b6g8g4a6b7",
    "f5f6e6d6e7d8e8f7c6b6f8g8b7",
};
#define NLINES (int)(sizeof LINES / sizeof LINES[0])

static void test_prover(void)
{
    struct stoner_prover *p = stoner_prover_new(8u << 20);
    CHECK(p != NULL, "prover");
    if (!p)
        return;
    int settled = 0, proven = 0;
    for (int i = 0; i < NLINES; i++) {
        int mover;
        struct plain b = play_line(LINES[i], &mover);
        int att = 3 - mover, m = plain_match(&b, att);
        CHECK(m >= 0, "line %s is not stoner-like", LINES[i]);
        if (m < 0)
            continue;
        settled += compare_proof(p, &b, att, trigger_of(m / 2, m % 2), 5, &proven);
    }
    CHECK(proven >= 5 && settled >= 10, "stoner lines: %d settled, %d proven", settled, proven);
    /* A raised stop flag ends the proof at once. */
    int mover;
    struct plain b = play_line(LINES[5], &mover);
    static volatile int stop = 1;
    struct stoner_result res;
    CHECK(stoner_prove(p, plain_bits(&b, 3 - mover), plain_bits(&b, mover),
                       sqi("c8"), &stop, &res) == STONER_STOPPED, "stop ignored");
    /* Late positions from random games, searched by the plain side to the
     * end: every one settled, with any trigger square on row 8 or none. */
    struct rng r;
    rng_seed(&r, 11);
    int tried = 0, open = 0;
    proven = 0;
    while (tried < 300) {
        struct plain b = plain_start();
        int me = 1, empties = 60, stop = 7 + (int)rng_below(&r, 3), list[64];
        while (empties > stop) {
            int n = plain_moves(&b, me, list);
            if (!n && !plain_moves(&b, 3 - me, list))
                break;
            if (n) {
                plain_play(&b, me, list[rng_below(&r, (uint32_t)n)]);
                empties--;
            }
            me = 3 - me;
        }
        if (empties != stop)
            continue;
        tried++;
        int att = 3 - me, trigger = (int)rng_below(&r, 9) - 1;
        trigger = trigger < 0 ? -1 : 56 + trigger % 8;
        if (!plain_corner(&b, me) && !plain_corner(&b, att))
            open++;
        int ok = compare_proof(p, &b, att, trigger, 2 * stop + 2, &proven);
        CHECK(ok, "late position not settled by the plain search");
    }
    CHECK(open > 50 && proven > 30, "late positions: %d open, %d proven", open, proven);
    stoner_prover_free(p);
}

/* ---- the enumeration against a brute force ---- */

struct tally {
    long count[STONER_MAX_DEPTH + 1][6];
    uint64_t sum; /* order-free checksum of the lines */
};

static uint64_t line_hash(const int8_t *moves, int n)
{
    uint64_t h = 1469598103934665603ULL;
    for (int i = 0; i < n; i++)
        h = (h ^ (uint8_t)moves[i]) * 1099511628211ULL;
    return h * 0x9e3779b97f4a7c15ULL ^ (uint64_t)n;
}

static void tally_line(void *ctx, int thread, const struct stoner_line *l)
{
    (void)thread;
    struct tally *t = ctx;
    __atomic_fetch_add(&t->count[l->depth][l->match.shape * 2 + l->match.orient], 1,
                       __ATOMIC_RELAXED);
    __atomic_fetch_add(&t->sum, line_hash(l->moves, l->depth), __ATOMIC_RELAXED);
}

/* Every line of exactly `left` more plies (a forced pass is a ply, the
 * game must not end first), conditions checked at every position. */
static void brute(struct plain *b, int me, int k, int lo, int hi, bool moved,
                  int8_t *moves, struct tally *t)
{
    if (plain_corner(b, me))
        return; /* condition (2) fails here, so on every line through here */
    if (moved && k >= lo) {
        int m = plain_match(b, 3 - me);
        if (m >= 0) {
            t->count[k][m]++;
            t->sum += line_hash(moves, k);
        }
    }
    if (k == hi)
        return;
    int list[64], n = plain_moves(b, me, list), other[64];
    if (!n) {
        if (plain_moves(b, 3 - me, other)) {
            moves[k] = STONER_PASS;
            brute(b, 3 - me, k + 1, lo, hi, false, moves, t);
        }
        return;
    }
    for (int i = 0; i < n; i++) {
        struct plain c = *b;
        plain_play(&c, me, list[i]);
        moves[k] = (int8_t)list[i];
        brute(&c, 3 - me, k + 1, lo, hi, true, moves, t);
    }
}

static void compare_enum(const char *prefix, int lo, int hi, int threads, int split)
{
    int me;
    struct plain b = play_line(prefix, &me);
    struct tally want, got;
    memset(&want, 0, sizeof want);
    memset(&got, 0, sizeof got);
    int8_t moves[STONER_MAX_DEPTH];
    brute(&b, me, 0, lo, hi, false, moves, &want);
    struct stoner_enum e = {.P = plain_bits(&b, me), .O = plain_bits(&b, 3 - me),
                            .min_depth = lo, .max_depth = hi, .threads = threads,
                            .split_depth = split, .found = tally_line, .ctx = &got};
    CHECK(stoner_enumerate(&e) == 0, "enumerate");
    long total = 0;
    for (int d = 0; d <= hi; d++)
        for (int m = 0; m < 6; m++) {
            CHECK(got.count[d][m] == want.count[d][m], "%s +%d shape %d orient %d: %ld, brute %ld",
                  prefix, d, m / 2, m % 2, got.count[d][m], want.count[d][m]);
            total += want.count[d][m];
        }
    CHECK(got.sum == want.sum, "%s: the lines differ", prefix);
    CHECK(total > 0 || hi < 12, "%s: no stoner-like lines to compare", prefix);
}

static void test_enumeration(void)
{
    /* From the start: nothing shorter than 12 plies (checked to 8 plies). */
    compare_enum("", 1, 8, 2, 3);
    /* From positions on the way to known stoner-like lines. */
    compare_enum("f5d6c6f6e6b6e7d8", 5, 5, 1, 0);
    compare_enum("f5d6c6f6e6b6e7d8", 1, 5, 2, 2);
    compare_enum("e6d6c6f6g6d7e8", 5, 5, 2, 1);
    compare_enum("c4c5d6e7c6b6d7", 6, 6, 2, 2);
    compare_enum("f5f6e6d6e7d8e8f7", 1, 5, 2, 1);
    compare_enum("d3c3e6d6d7f6g6", 6, 6, 1, 0);
}

/* ---- the command ---- */

static const struct game_command *find_command(const char *name)
{
    for (const struct game_command *c = othello_game.commands; c && c->name; c++)
        if (!strcmp(c->name, name))
            return c;
    return NULL;
}

static void run_command(const char *line, char *out, size_t cap)
{
    struct othello s;
    struct game_options o = {.size = 8};
    othello_game.init(&s, &o);
    for (const char *m = line; *m; m += 2) {
        char sq[3] = {m[0], m[1], 0};
        move_t mv;
        if (othello_game.parse_move(&s, sq, &mv) != 0 || !game_is_legal(&othello_game, &s, mv))
            othello_game.play(&s, MOVE_PASS); /* forced pass */
        othello_game.parse_move(&s, sq, &mv);
        othello_game.play(&s, mv);
    }
    struct player_options opt;
    player_options_default(&opt);
    opt.hash_mb = 4;
    const struct game_command *c = find_command("stoner");
    out[0] = '\0';
    if (c)
        c->run(&s, 0, NULL, &opt, NULL, NULL, out, cap);
}

static bool starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static void test_command(void)
{
    const struct game_command *c = find_command("stoner");
    CHECK(c != NULL, "othello has a stoner command");
    if (!c)
        return;
    char out[4096];
    run_command("", out, sizeof out);
    CHECK(!strcmp(out, "none"), "start: %s", out);
    run_command("e6d6c5b6c6e7a6f4e8f8g8b7", out, sizeof out);
    CHECK(starts(out, "black-3 mirror attacker=white disproven escape "), "%s", out);
    run_command("f5f6e6f4c3d7g5h6e7d8c8b8g7", out, sizeof out);
    CHECK(starts(out, "black-3 canonical attacker=black proven 3 pv ")
              && strstr(out, " corner a8"), "%s", out);
    run_command("c4c5d6e7c6b6d7e8b7c7f8g8c8", out, sizeof out);
    CHECK(starts(out, "black-3-white-1 mirror attacker=black proven 5 pv "), "%s", out);
    /* The shape, but the receiver can take a corner: not stoner-like. */
    struct othello s;
    struct game_options o = {.size = 8};
    othello_game.init(&s, &o);
    struct plain b = shape_board(STONER_BLACK4, STONER_CANONICAL, 2);
    b.cell[sqi("c3")] = 1; /* black h8 takes g7..d4 */
    s.disc[0] = plain_bits(&b, 1);
    s.disc[1] = plain_bits(&b, 2);
    s.side = 0;
    s.over = 0;
    c->run(&s, 0, NULL, NULL, NULL, NULL, out, sizeof out);
    CHECK(!strcmp(out, "black-4 canonical attacker=white not-stoner-like corner h8"), "%s", out);
    s.side = 1; /* now white is the receiver: the shape's colours are wrong */
    c->run(&s, 0, NULL, NULL, NULL, NULL, out, sizeof out);
    CHECK(!strcmp(out, "none"), "%s", out);
    o.size = 6;
    othello_game.init(&s, &o);
    CHECK(c->run(&s, 0, NULL, NULL, NULL, NULL, out, sizeof out) == -1, "6x6 refused");
}

int main(void)
{
    test_shapes();
    test_prover();
    test_enumeration();
    test_command();
    return check_report();
}
