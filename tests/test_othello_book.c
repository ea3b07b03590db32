/* The opening book (engine/games/othello/book.c) and its use by the
 * alphabeta player: canonical forms and lookup under the 8 symmetries
 * against a plain square-by-square implementation written here, a save and
 * load round trip, every kind of damaged file refused with a message, book
 * moves illegal in the actual position ignored, genmove playing the book
 * (and not with no_book), seeds breaking ties, analyze reporting the book. */
#include "check.h"

#include "engine/games/othello/book.h"
#include "engine/games/othello/eval.h"
#include "engine/games/othello/othello.h"
#include "engine/player.h"
#include "engine/rng.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- plain symmetries: row and column arithmetic ---- */

/* Symmetry s on square (r, c): transpose if s & 4, then mirror the
 * columns if s & 1, then the rows if s & 2 (the engine's numbering). */
static int plain_sq(int s, int sq)
{
    int r = sq / 8, c = sq % 8;
    if (s & 4) {
        int t = r;
        r = c;
        c = t;
    }
    if (s & 1)
        c = 7 - c;
    if (s & 2)
        r = 7 - r;
    return r * 8 + c;
}

static bb_t plain_bb(int s, bb_t b)
{
    bb_t out = 0;
    for (int sq = 0; sq < 64; sq++)
        if (b >> sq & 1)
            out |= 1ULL << plain_sq(s, sq);
    return out;
}

static bool less(bb_t P1, bb_t O1, bb_t P2, bb_t O2)
{
    return P1 < P2 || (P1 == P2 && O1 < O2);
}

/* The first symmetry giving the least (P, O). */
static int plain_canon(bb_t P, bb_t O, bb_t *cP, bb_t *cO)
{
    int best = 0;
    *cP = P;
    *cO = O;
    for (int s = 1; s < 8; s++) {
        bb_t p = plain_bb(s, P), o = plain_bb(s, O);
        if (less(p, o, *cP, *cO))
            best = s, *cP = p, *cO = o;
    }
    return best;
}

/* Legal moves, square by square and ray by ray. */
static bb_t plain_moves(bb_t P, bb_t O)
{
    bb_t out = 0;
    for (int sq = 0; sq < 64; sq++) {
        if ((P | O) >> sq & 1)
            continue;
        for (int dr = -1; dr <= 1; dr++)
            for (int dc = -1; dc <= 1; dc++) {
                int r = sq / 8 + dr, c = sq % 8 + dc, n = 0;
                while (r >= 0 && r < 8 && c >= 0 && c < 8 && (O >> (r * 8 + c) & 1))
                    r += dr, c += dc, n++;
                if (n && r >= 0 && r < 8 && c >= 0 && c < 8 && (P >> (r * 8 + c) & 1))
                    out |= 1ULL << sq;
            }
    }
    return out;
}

static const bb_t START_P = 0x0000000810000000ULL, START_O = 0x0000001008000000ULL;

static bool random_position(struct rng *r, int plies, bb_t *P, bb_t *O)
{
    bb_t p = START_P, o = START_O;
    for (int i = 0; i < plies; i++) {
        bb_t m = plain_moves(p, o);
        if (!m)
            return false;
        int k = (int)rng_below(r, (uint32_t)bb_popcount(m));
        while (k--)
            m &= m - 1;
        int sq = bb_first(m);
        bb_t f = bb_flips(p, o, sq);
        bb_t t = p | f | 1ULL << sq;
        p = o & ~f;
        o = t;
    }
    *P = p;
    *O = o;
    return plain_moves(p, o) != 0;
}

static uint32_t plain_fnv(const unsigned char *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

static char tmpdir[] = "/tmp/quartet-book-XXXXXX";

static const char *tmp_path(const char *name)
{
    static char buf[8][256];
    static int k;
    char *b = buf[k++ & 7];
    snprintf(b, 256, "%s/%s", tmpdir, name);
    return b;
}

/* ---- a book of random positions ---- */

#define NPOS 300
static struct oth_book_entry book[NPOS];
static int nbook;

/* Up to 6 legal moves of each canonical position, random values (some
 * equal, to test the order of ties). */
static void make_book(struct rng *r)
{
    nbook = 0;
    for (int tries = 0; nbook < NPOS && tries < 10 * NPOS; tries++) {
        bb_t P, O, cP, cO;
        if (!random_position(r, tries == 0 ? 0 : 1 + (int)rng_below(r, 30), &P, &O))
            continue;
        plain_canon(P, O, &cP, &cO);
        bool dup = false;
        for (int i = 0; i < nbook && !dup; i++)
            dup = book[i].P == cP && book[i].O == cO;
        if (dup)
            continue;
        struct oth_book_entry *e = &book[nbook++];
        *e = (struct oth_book_entry){.P = cP, .O = cO, .depth = 1 + (int)rng_below(r, 20)};
        for (bb_t m = plain_moves(cP, cO); m && e->nmoves < 6; m &= m - 1)
            e->m[e->nmoves++] = (struct oth_book_move){
                bb_first(m), ((int)rng_below(r, 9) - 4) * 100};
    }
}

/* What lookup must give for the actual position (P, O): the entry's moves
 * brought back through the symmetry that makes it canonical, best first,
 * ties by square. */
static int expected(const struct oth_book_entry *e, bb_t P, bb_t O, struct oth_book_move *out)
{
    bb_t cP, cO;
    int s = plain_canon(P, O, &cP, &cO), n = 0;
    for (int i = 0; i < e->nmoves; i++) {
        int a = 0;
        while (plain_sq(s, a) != e->m[i].sq)
            a++;
        struct oth_book_move m = {a, e->m[i].value};
        int j = n++;
        for (; j > 0 && (out[j - 1].value < m.value
                         || (out[j - 1].value == m.value && out[j - 1].sq > m.sq)); j--)
            out[j] = out[j - 1];
        out[j] = m;
    }
    return n;
}

static void test_canon(struct rng *r)
{
    int bad = 0, badsq = 0;
    for (int i = 0; i < 2000; i++) {
        bb_t P, O, a, b, c, d;
        if (!random_position(r, (int)rng_below(r, 40), &P, &O))
            continue;
        int s = oth_book_canon(P, O, &a, &b), t = plain_canon(P, O, &c, &d);
        bad += a != c || b != d || s != t;
        for (int sq = 0; sq < 64; sq++)
            badsq += oth_book_unsym_sq(i & 7, plain_sq(i & 7, sq)) != sq;
    }
    CHECK(bad == 0, "%d canonical forms differ from the plain ones", bad);
    CHECK(badsq == 0, "%d squares not mapped back", badsq);
}

static void test_round_trip_and_symmetries(struct rng *r)
{
    make_book(r);
    char err[512] = "";
    CHECK(oth_book_save(book, (size_t)nbook, tmp_path("a.book"), err, sizeof err) == 0,
          "save: %s", err);
    struct oth_book *b = oth_book_load(tmp_path("a.book"), err, sizeof err);
    CHECK(b && oth_book_size(b) == (size_t)nbook, "load: %s", b ? "wrong size" : err);
    if (!b)
        return;
    int wrong = 0, checked = 0;
    for (int i = 0; i < nbook; i++)
        for (int s = 0; s < 8; s++) {
            bb_t P = plain_bb(s, book[i].P), O = plain_bb(s, book[i].O);
            struct oth_book_move got[OTH_BOOK_MAX_MOVES], want[OTH_BOOK_MAX_MOVES];
            int depth = -1, n = oth_book_lookup(b, P, O, got, OTH_BOOK_MAX_MOVES, &depth);
            int k = expected(&book[i], P, O, want);
            bool same = n == k && depth == book[i].depth;
            for (int j = 0; same && j < n; j++)
                same = got[j].sq == want[j].sq && got[j].value == want[j].value;
            wrong += !same;
            checked++;
        }
    CHECK(wrong == 0, "%d of %d lookups under the 8 symmetries differ", wrong, checked);
    /* A position not in the book (a book of one entry). */
    struct oth_book_move m[OTH_BOOK_MAX_MOVES];
    oth_book_free(b);
    CHECK(oth_book_save(book + 1, 1, tmp_path("one.book"), err, sizeof err) == 0, "save one");
    b = oth_book_load(tmp_path("one.book"), err, sizeof err);
    CHECK(b && oth_book_lookup(b, book[0].P, book[0].O, m, OTH_BOOK_MAX_MOVES, NULL) == 0,
          "a position not in the book has no moves");
    oth_book_free(b);
    /* The order of the entries given does not change the file. */
    struct oth_book_entry *rev = malloc(sizeof book);
    for (int i = 0; rev && i < nbook; i++)
        rev[i] = book[nbook - 1 - i];
    CHECK(rev && oth_book_save(rev, (size_t)nbook, tmp_path("b.book"), err, sizeof err) == 0,
          "save reversed");
    free(rev);
    FILE *f1 = fopen(tmp_path("a.book"), "rb"), *f2 = fopen(tmp_path("b.book"), "rb");
    int c1 = 0, c2 = 0;
    while (f1 && f2 && (c1 = fgetc(f1)) == (c2 = fgetc(f2)) && c1 != EOF)
        ;
    CHECK(f1 && f2 && c1 == EOF && c2 == EOF, "same file whatever the order");
    if (f1)
        fclose(f1);
    if (f2)
        fclose(f2);
}

/* ---- damaged files ---- */

static unsigned char *read_all(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = malloc(1 << 20);
    *n = f && buf ? fread(buf, 1, 1 << 20, f) : 0;
    if (f)
        fclose(f);
    return buf;
}

static void write_all(const char *path, const unsigned char *p, size_t n, bool fix_sum)
{
    unsigned char *q = malloc(n + 1);
    memcpy(q, p, n);
    if (fix_sum && n >= 4) {
        uint32_t h = plain_fnv(q, n - 4);
        for (int i = 0; i < 4; i++)
            q[n - 4 + i] = (unsigned char)(h >> 8 * i);
    }
    FILE *f = fopen(path, "wb");
    if (f) {
        fwrite(q, 1, n, f);
        fclose(f);
    }
    free(q);
}

/* Loading path fails, with a message containing want. */
static void refused(const char *what, const char *want)
{
    char err[512] = "";
    struct oth_book *b = oth_book_load(tmp_path("bad.book"), err, sizeof err);
    CHECK(!b && strstr(err, want), "%s: %s (wanted '%s')", what, b ? "accepted" : err, want);
    oth_book_free(b);
}

static void test_corrupt(void)
{
    size_t n;
    unsigned char *good = read_all(tmp_path("a.book"), &n);
    CHECK(n > 100, "book file read");
    if (n <= 100)
        return;
    int took = 0;
    char err[512];
    for (size_t len = 0; len < n; len += len < 64 ? 1 : 37) {
        write_all(tmp_path("bad.book"), good, len, false);
        err[0] = '\0';
        struct oth_book *b = oth_book_load(tmp_path("bad.book"), err, sizeof err);
        took += b != NULL || err[0] == '\0';
        oth_book_free(b);
    }
    CHECK(took == 0, "%d truncated files accepted or refused without a message", took);
    write_all(tmp_path("bad.book"), good, n - 1, false);
    refused("truncated", "truncated");
    unsigned char *bad = malloc(2 * n + 8);
    memcpy(bad, good, n);
    bad[n / 2] ^= 0x10;
    write_all(tmp_path("bad.book"), bad, n, false);
    refused("a flipped bit", "checksum");
    memcpy(bad, good, n);
    bad[0] = 'X';
    write_all(tmp_path("bad.book"), bad, n, true);
    refused("magic", "not an Othello book");
    memcpy(bad, good, n);
    bad[4] = 2;
    write_all(tmp_path("bad.book"), bad, n, true);
    refused("version", "unsupported book version");
    /* Well-formed bytes, valid checksum, wrong content. The first entry
     * starts at 16: P, O, depth, nmoves, 0, then its moves. */
    size_t len1 = 20 + 4 * (size_t)good[16 + 17], len2 = 20 + 4 * (size_t)good[16 + len1 + 17];
    memcpy(bad, good, n); /* the first two entries swapped */
    memcpy(bad + 16, good + 16 + len1, len2);
    memcpy(bad + 16 + len2, good + 16, len1);
    write_all(tmp_path("bad.book"), bad, n, true);
    refused("entries out of order", "out of order or repeated");
    memcpy(bad, good, n); /* the first entry twice, the second dropped */
    memcpy(bad + 16 + len1, good + 16, len1);
    memmove(bad + 16 + 2 * len1, good + 16 + len1 + len2, n - 16 - len1 - len2);
    size_t dn = n - len2 + len1;
    uint32_t moves = (uint32_t)(good[12] | good[13] << 8) - good[16 + len1 + 17] + good[16 + 17];
    bad[12] = (unsigned char)moves;
    bad[13] = (unsigned char)(moves >> 8);
    write_all(tmp_path("bad.book"), bad, dn, true);
    refused("a repeated entry", "out of order or repeated");
    /* A book of one entry, turned by a symmetry out of canonical form. */
    size_t n1;
    unsigned char *one = read_all(tmp_path("one.book"), &n1);
    bb_t P = 0, O = 0;
    for (int i = 7; i >= 0; i--)
        P = P << 8 | one[16 + i], O = O << 8 | one[24 + i];
    int t = 1;
    while (t < 7 && plain_bb(t, P) == P && plain_bb(t, O) == O)
        t++;
    for (int i = 0; i < 8; i++) {
        one[16 + i] = (unsigned char)(plain_bb(t, P) >> 8 * i);
        one[24 + i] = (unsigned char)(plain_bb(t, O) >> 8 * i);
    }
    write_all(tmp_path("bad.book"), one, n1, true);
    refused("not canonical", "not in canonical form");
    free(one);
    memcpy(bad, good, n);
    bad[16 + 20] = 27; /* d4: occupied */
    write_all(tmp_path("bad.book"), bad, n, true);
    refused("a move on a disc", "bad move square");
    memcpy(bad, good, n);
    bad[16 + 16] = 0; /* depth 0 */
    write_all(tmp_path("bad.book"), bad, n, true);
    refused("depth 0", "malformed");
    memcpy(bad, good, n);
    bad[16 + 20 + 3] = 0x7f; /* value +127.99 discs */
    write_all(tmp_path("bad.book"), bad, n, true);
    refused("a value out of range", "out of range");
    memcpy(bad, good, n);
    bad[12]++; /* one more move than the entries hold */
    memcpy(bad + n, "\0\0\0\0", 4);
    write_all(tmp_path("bad.book"), bad, n + 4, true);
    refused("moves count", "malformed");
    /* Random damage with a valid checksum: refused with a message, or
     * loaded with every looked-up move legal. */
    struct rng r;
    rng_seed(&r, 7);
    int silent = 0, illegal = 0;
    for (int i = 0; i < 400; i++) {
        memcpy(bad, good, n);
        for (int k = 0; k < 1 + i % 4; k++)
            bad[rng_below(&r, (uint32_t)n - 4)] ^= (unsigned char)(1 + rng_below(&r, 255));
        write_all(tmp_path("bad.book"), bad, n, true);
        err[0] = '\0';
        struct oth_book *b = oth_book_load(tmp_path("bad.book"), err, sizeof err);
        silent += !b && err[0] == '\0';
        for (size_t e = 0; b && e < oth_book_size(b); e++) {
            struct oth_book_entry x;
            struct oth_book_move m[OTH_BOOK_MAX_MOVES];
            oth_book_entry_at(b, e, &x);
            int k = oth_book_lookup(b, x.P, x.O, m, OTH_BOOK_MAX_MOVES, NULL);
            for (int j = 0; j < k; j++)
                illegal += !(plain_moves(x.P, x.O) >> m[j].sq & 1);
        }
        oth_book_free(b);
    }
    CHECK(silent == 0 && illegal == 0, "random damage: %d silent refusals, %d illegal moves",
          silent, illegal);
    free(bad);
    free(good);
    err[0] = '\0';
    CHECK(!oth_book_load(tmp_path("missing.book"), err, sizeof err) && strstr(err, "No such"),
          "a missing file: %s", err);
    char err2[512] = "";
    CHECK(!oth_book_shared(tmp_path("missing.book"), err, sizeof err)
          && !oth_book_shared(tmp_path("missing.book"), err2, sizeof err2) && !strcmp(err, err2),
          "shared: the failure is remembered with its message");
}

/* ---- legality ---- */

static void test_legality(void)
{
    /* The start position with two empty squares that bracket nothing (a1,
     * h8) among its book moves, valued above the legal one. */
    bb_t cP, cO;
    plain_canon(START_P, START_O, &cP, &cO);
    bb_t legal = plain_moves(cP, cO);
    struct oth_book_entry e = {.P = cP, .O = cO, .depth = 5};
    e.m[e.nmoves++] = (struct oth_book_move){0, 900};          /* a1: illegal */
    e.m[e.nmoves++] = (struct oth_book_move){bb_first(legal), 100};
    e.m[e.nmoves++] = (struct oth_book_move){63, 800};         /* h8: illegal */
    char err[512];
    CHECK(oth_book_save(&e, 1, tmp_path("illegal.book"), err, sizeof err) == 0, "save");
    struct oth_book *b = oth_book_load(tmp_path("illegal.book"), err, sizeof err);
    CHECK(b != NULL, "a book with illegal moves still loads: %s", err);
    struct oth_book_move m[OTH_BOOK_MAX_MOVES];
    int n = b ? oth_book_lookup(b, cP, cO, m, OTH_BOOK_MAX_MOVES, NULL) : 0;
    CHECK(n == 1 && m[0].sq == bb_first(legal) && m[0].value == 100,
          "only the legal move: %d moves, first %d", n, n ? m[0].sq : -1);
    oth_book_free(b);
}

/* ---- the player ---- */

static const struct player_type *ab(void) { return player_find("alphabeta"); }

static void *make_player(const char *book_file, bool no_book, uint64_t seed)
{
    struct player_options o;
    player_options_default(&o);
    o.threads = 1;
    o.hash_mb = 4;
    o.depth = 2;
    o.seed = seed;
    o.book_file = book_file;
    o.no_book = no_book;
    return ab()->create(&othello_game, &o);
}

static move_t genmove(void *p, bb_t P, bb_t O, int side)
{
    struct othello s;
    struct game_options go = {8, 0};
    othello_game.init(&s, &go);
    s.disc[side] = P;
    s.disc[!side] = O;
    s.side = (uint8_t)side;
    othello_update_over(&s);
    struct search_limits lim = {0};
    return ab()->genmove(p, &s, &lim);
}

struct reports {
    int calls;
    struct search_report last;
};

static void on_report(void *ctx, const struct search_report *r)
{
    struct reports *x = ctx;
    x->calls++;
    x->last = *r;
}

static void test_player(void)
{
    /* After f5 (black), white to move: a book that prefers the move the
     * depth-2 search would not play. */
    bb_t P = START_O & ~(1ULL << 36), O = START_P | 1ULL << 36 | 1ULL << 37; /* f5 flips e5 */
    void *plain = make_player(NULL, true, 1);
    move_t searched = genmove(plain, P, O, 1);
    bb_t legal = plain_moves(P, O);
    CHECK(legal >> searched & 1, "the search plays a legal move");
    int other = bb_first(legal & ~(1ULL << searched));
    bb_t cP, cO;
    int s = plain_canon(P, O, &cP, &cO);
    struct oth_book_entry e = {.P = cP, .O = cO, .depth = 7};
    e.m[e.nmoves++] = (struct oth_book_move){plain_sq(s, other), 300};
    e.m[e.nmoves++] = (struct oth_book_move){plain_sq(s, searched), -200};
    char err[512];
    CHECK(oth_book_save(&e, 1, tmp_path("p.book"), err, sizeof err) == 0, "save");
    void *booked = make_player(tmp_path("p.book"), false, 1);
    void *off = make_player(tmp_path("p.book"), true, 1);
    CHECK(genmove(booked, P, O, 1) == other, "genmove plays the book move %d", other);
    CHECK(genmove(off, P, O, 1) == searched, "no_book: genmove searches (%d)", searched);
    /* Under a symmetry of the board the mapped move. */
    int t = 5;
    move_t m = genmove(booked, plain_bb(t, P), plain_bb(t, O), 1);
    CHECK(m == plain_sq(t, other), "symmetric position: %d, wanted %d", m, plain_sq(t, other));

    /* analyze: the book's moves, marked, with their values and depth. */
    struct reports rep = {0};
    volatile int stop = 1;
    struct search_limits lim = {.stop = &stop, .report = on_report, .report_ctx = &rep};
    struct othello st;
    struct game_options go = {8, 0};
    othello_game.init(&st, &go);
    st.disc[1] = P;
    st.disc[0] = O;
    st.side = 1;
    struct player_options ao;
    player_options_default(&ao);
    ao.threads = 1;
    ao.hash_mb = 4;
    ao.book_file = tmp_path("p.book");
    void *an = ab()->create(&othello_game, &ao);
    move_t am = ab()->genmove(an, &st, &lim);
    const struct search_report *r = &rep.last;
    CHECK(am == other && rep.calls >= 1 && r->count == 2 && r->depth == 7
          && r->cand[0].book && r->cand[1].book && r->cand[0].move == other
          && r->cand[0].score == 300.0 / OTH_EVAL_UNIT && r->cand[1].move == searched
          && r->cand[1].score == -200.0 / OTH_EVAL_UNIT && r->cand[0].pv[0] == other,
          "analyze reports the book: %d reports, %d candidates, depth %d", rep.calls,
          r->count, r->depth);
    ab()->destroy(an);

    /* Ties: the seed picks, and equal seeds pick alike. */
    e.m[1].value = 300;
    CHECK(oth_book_save(&e, 1, tmp_path("tie.book"), err, sizeof err) == 0, "save");
    int seen[64] = {0}, replay_bad = 0;
    for (uint64_t seed = 1; seed <= 16; seed++) {
        void *a = make_player(tmp_path("tie.book"), false, seed);
        void *b = make_player(tmp_path("tie.book"), false, seed);
        move_t x = genmove(a, P, O, 1), y = genmove(b, P, O, 1);
        replay_bad += x != y;
        if (x >= 0 && x < 64)
            seen[x]++;
        ab()->destroy(a);
        ab()->destroy(b);
    }
    CHECK(replay_bad == 0, "equal seeds chose differently %d times", replay_bad);
    CHECK(seen[other] > 0 && seen[searched] > 0 && seen[other] + seen[searched] == 16,
          "ties: both moves chosen over 16 seeds (%d, %d)", seen[other], seen[searched]);

    /* Only illegal moves: the position counts as out of the book. */
    void *ill = make_player(tmp_path("illegal.book"), false, 1);
    bb_t sP = START_P, sO = START_O;
    move_t im = genmove(ill, sP, sO, 0);
    CHECK(plain_moves(sP, sO) >> im & 1 && im != 0 && im != 63, "illegal book moves never played");
    ab()->destroy(ill);
    ab()->destroy(plain);
    ab()->destroy(booked);
    ab()->destroy(off);
}

int main(void)
{
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    struct rng r;
    rng_seed(&r, 14);
    test_canon(&r);
    test_round_trip_and_symmetries(&r);
    test_corrupt();
    test_legality();
    test_player();
    const char *names[] = {"a.book", "b.book", "one.book", "bad.book", "illegal.book",
                           "p.book", "tie.book"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        unlink(tmp_path(names[i]));
    rmdir(tmpdir);
    return check_report();
}
