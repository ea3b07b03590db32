/* The opening book file (data/othello.book): writing, checked loading,
 * the process-wide shared copy, and lookup under the 8 symmetries.
 *
 * Format, all integers little-endian:
 *   0  "QOTB"            magic
 *   4  u32 version       1
 *   8  u32 entries       N (1..OTH_BOOK_MAX_ENTRIES)
 *  12  u32 moves         M, the move records of all entries together
 *  16  N entries, in increasing (P, O) order (P compared first), each
 *        u64 P, u64 O    the position in canonical form (oth_book_canon),
 *                        P the discs of the side to move, a1 = bit 0
 *        u8 depth        search depth of the values (1..60)
 *        u8 nmoves       1..OTH_BOOK_MAX_MOVES
 *        u16 0
 *        nmoves moves    u8 square (0..63, empty in the position), u8 0,
 *                        i16 value for the side to move in 1/128 disc
 *                        (within +-64 discs); squares distinct
 *  ..  u32 checksum      FNV-1a of every byte before it
 * The file is 16 + 20 N + 4 M + 4 bytes. Loading checks every field;
 * legality of a move is checked at lookup, in the actual position. */
#include "datapath.h"
#include "book.h"

#include "eval.h"
#include "patterns.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HEADER 16
#define ENTRY 20
#define MOVE 4
#define OTH_BOOK_MAX_ENTRIES (1u << 22)
#define MAX_FILE (256u << 20)
#define CENTER 0x0000001818000000ULL

struct book_key {
    bb_t P, O;
    uint32_t first;     /* index of its first move in moves[] */
    uint8_t depth, nmoves;
};

struct oth_book {
    struct book_key *e;
    struct oth_book_move *moves;
    size_t n, nmoves;
};

static uint32_t fnv1a(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

static void put(uint8_t *p, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

static uint64_t get(const uint8_t *p, int bytes)
{
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static void fail(char *err, size_t cap, const char *fmt, ...)
{
    if (!err || !cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
}

/* oth_sym(inverse[s], oth_sym(s, b)) == b: of the transposing symmetries,
 * mirror-after-transpose and flip-after-transpose undo each other. */
static const int inverse[8] = {0, 1, 2, 3, 4, 6, 5, 7};

int oth_book_unsym_sq(int s, int sq)
{
    return bb_first(oth_sym(inverse[s & 7], 1ULL << sq));
}

static int key_cmp(bb_t P1, bb_t O1, bb_t P2, bb_t O2)
{
    if (P1 != P2)
        return P1 < P2 ? -1 : 1;
    return O1 < O2 ? -1 : O1 > O2;
}

int oth_book_canon(bb_t P, bb_t O, bb_t *cP, bb_t *cO)
{
    int best = 0;
    bb_t bp = P, bo = O;
    for (int s = 1; s < 8; s++) {
        bb_t p = oth_sym(s, P), o = oth_sym(s, O);
        if (key_cmp(p, o, bp, bo) < 0)
            best = s, bp = p, bo = o;
    }
    *cP = bp;
    *cO = bo;
    return best;
}

/* ---- writing ---- */

static int entry_cmp(const void *a, const void *b)
{
    const struct oth_book_entry *x = *(const struct oth_book_entry *const *)a;
    const struct oth_book_entry *y = *(const struct oth_book_entry *const *)b;
    return key_cmp(x->P, x->O, y->P, y->O);
}

int oth_book_save(const struct oth_book_entry *e, size_t n, const char *path,
                  char *err, size_t cap)
{
    size_t moves = 0;
    for (size_t i = 0; i < n; i++)
        moves += (size_t)e[i].nmoves;
    size_t size = HEADER + ENTRY * n + MOVE * moves + 4;
    uint8_t *buf = calloc(1, size);
    const struct oth_book_entry **order = malloc((n + 1) * sizeof *order);
    if (!buf || !order) {
        free(buf);
        free(order);
        fail(err, cap, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        order[i] = &e[i];
    qsort(order, n, sizeof *order, entry_cmp);
    memcpy(buf, "QOTB", 4);
    put(buf + 4, 1, 4);
    put(buf + 8, n, 4);
    put(buf + 12, moves, 4);
    uint8_t *p = buf + HEADER;
    for (size_t i = 0; i < n; i++) {
        const struct oth_book_entry *x = order[i];
        put(p, x->P, 8);
        put(p + 8, x->O, 8);
        p[16] = (uint8_t)x->depth;
        p[17] = (uint8_t)x->nmoves;
        p += ENTRY;
        for (int m = 0; m < x->nmoves; m++, p += MOVE) {
            p[0] = (uint8_t)x->m[m].sq;
            put(p + 2, (uint16_t)(int16_t)x->m[m].value, 2);
        }
    }
    put(p, fnv1a(buf, size - 4), 4);
    free(order);
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(buf, 1, size, f) == size;
    if (f && fclose(f) != 0)
        ok = 0;
    free(buf);
    if (!ok) {
        fail(err, cap, "%s: cannot write: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* ---- loading ---- */

void oth_book_free(struct oth_book *b)
{
    if (!b)
        return;
    free(b->e);
    free(b->moves);
    free(b);
}

size_t oth_book_size(const struct oth_book *b) { return b ? b->n : 0; }

void oth_book_entry_at(const struct oth_book *b, size_t i, struct oth_book_entry *e)
{
    const struct book_key *k = &b->e[i];
    *e = (struct oth_book_entry){.P = k->P, .O = k->O, .depth = k->depth, .nmoves = k->nmoves};
    memcpy(e->m, b->moves + k->first, k->nmoves * sizeof *e->m);
}

/* Checks one entry at p (ENTRY bytes, then its moves) against the one
 * before it; NULL if sound, else what is wrong. */
static const char *check_entry(const uint8_t *p, const struct book_key *prev)
{
    bb_t P = get(p, 8), O = get(p + 8, 8), cp, co;
    if ((P & O) || (~(P | O) & CENTER))
        return "not an Othello position";
    oth_book_canon(P, O, &cp, &co);
    if (cp != P || co != O)
        return "position not in canonical form";
    if (prev && key_cmp(prev->P, prev->O, P, O) >= 0)
        return "entries out of order or repeated";
    if (p[16] < 1 || p[16] > 60 || p[17] < 1 || p[17] > OTH_BOOK_MAX_MOVES || get(p + 18, 2))
        return "bad depth or move count";
    bb_t seen = 0;
    for (int m = 0; m < p[17]; m++) {
        const uint8_t *q = p + ENTRY + MOVE * m;
        int v = (int16_t)get(q + 2, 2);
        if (q[0] > 63 || q[1] || ((P | O | seen) >> q[0] & 1))
            return "bad move square";
        if (v < -OTH_EVAL_MAX || v > OTH_EVAL_MAX)
            return "move value out of range";
        seen |= 1ULL << q[0];
    }
    return NULL;
}

static struct oth_book *parse(const uint8_t *buf, size_t size, const char *path,
                              char *err, size_t cap)
{
    if (size < HEADER + 4 || memcmp(buf, "QOTB", 4) != 0) {
        fail(err, cap, "%s: not an Othello book file", path);
        return NULL;
    }
    if (get(buf + 4, 4) != 1) {
        fail(err, cap, "%s: unsupported book version %u", path, (unsigned)get(buf + 4, 4));
        return NULL;
    }
    uint64_t n = get(buf + 8, 4), moves = get(buf + 12, 4);
    if (n < 1 || n > OTH_BOOK_MAX_ENTRIES || moves > n * OTH_BOOK_MAX_MOVES
        || HEADER + ENTRY * n + MOVE * moves + 4 != size) {
        fail(err, cap, "%s: truncated or padded (%llu entries, %llu moves, file %zu bytes)",
             path, (unsigned long long)n, (unsigned long long)moves, size);
        return NULL;
    }
    if (get(buf + size - 4, 4) != fnv1a(buf, size - 4)) {
        fail(err, cap, "%s: checksum mismatch (corrupt file)", path);
        return NULL;
    }
    struct oth_book *b = calloc(1, sizeof *b);
    if (b) {
        b->e = malloc(n * sizeof *b->e);
        b->moves = malloc((moves + 1) * sizeof *b->moves);
    }
    if (!b || !b->e || !b->moves) {
        oth_book_free(b);
        fail(err, cap, "%s: out of memory", path);
        return NULL;
    }
    size_t at = HEADER, end = size - 4;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = buf + at;
        const char *why = NULL;
        if (end - at < ENTRY || end - at - ENTRY < MOVE * (size_t)p[17])
            why = "entries overrun the moves count";
        if (!why)
            why = check_entry(p, i ? &b->e[i - 1] : NULL);
        if (why) {
            fail(err, cap, "%s: malformed book: entry %zu: %s", path, i, why);
            oth_book_free(b);
            return NULL;
        }
        struct book_key *k = &b->e[i];
        *k = (struct book_key){get(p, 8), get(p + 8, 8), (uint32_t)b->nmoves, p[16], p[17]};
        for (int m = 0; m < k->nmoves; m++) {
            const uint8_t *q = p + ENTRY + MOVE * m;
            b->moves[b->nmoves++] = (struct oth_book_move){q[0], (int16_t)get(q + 2, 2)};
        }
        at += ENTRY + MOVE * (size_t)k->nmoves;
        b->n++;
    }
    if (at != end) {
        fail(err, cap, "%s: malformed book: the moves count disagrees with the entries", path);
        oth_book_free(b);
        return NULL;
    }
    return b;
}

struct oth_book *oth_book_load(const char *path, char *err, size_t cap)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fail(err, cap, "%s: %s", path, strerror(errno));
        return NULL;
    }
    size_t size = 0, room = 1 << 16;
    uint8_t *buf = malloc(room);
    while (buf && !ferror(f) && !feof(f) && size <= MAX_FILE) {
        if (size == room) {
            uint8_t *nb = realloc(buf, room * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            room *= 2;
        }
        size += fread(buf + size, 1, room - size, f);
    }
    int rerr = ferror(f);
    fclose(f);
    struct oth_book *b = NULL;
    if (!buf)
        fail(err, cap, "out of memory");
    else if (rerr)
        fail(err, cap, "%s: read error", path);
    else if (size > MAX_FILE)
        fail(err, cap, "%s: too large for a book file", path);
    else
        b = parse(buf, size, path, err, cap);
    free(buf);
    return b;
}

/* ---- the shared copy ---- */

/* Every book this process loaded (or failed to), by path: books are data
 * like the weights, read-only once loaded and kept to the end. */
struct shared {
    struct shared *next;
    struct oth_book *book;
    char err[512];
    char path[];
};
static struct shared *loaded;
static pthread_mutex_t loaded_lock = PTHREAD_MUTEX_INITIALIZER;

const struct oth_book *oth_book_shared(const char *path, char *err, size_t cap)
{
    pthread_mutex_lock(&loaded_lock);
    struct shared *s = loaded;
    while (s && strcmp(s->path, path) != 0)
        s = s->next;
    if (!s && (s = calloc(1, sizeof *s + strlen(path) + 1)) != NULL) {
        strcpy(s->path, path);
        s->book = oth_book_load(path, s->err, sizeof s->err);
        s->next = loaded;
        loaded = s;
    }
    pthread_mutex_unlock(&loaded_lock);
    if (!s)
        fail(err, cap, "out of memory");
    else if (!s->book)
        fail(err, cap, "%s", s->err);
    return s ? s->book : NULL;
}

int oth_book_default_path(char *buf, size_t cap)
{
    return oth_data_path("othello.book", buf, cap);
}

/* ---- lookup ---- */

static const struct book_key *find(const struct oth_book *b, bb_t P, bb_t O)
{
    size_t lo = 0, hi = b->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = key_cmp(b->e[mid].P, b->e[mid].O, P, O);
        if (c == 0)
            return &b->e[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

int oth_book_lookup(const struct oth_book *b, bb_t P, bb_t O,
                    struct oth_book_move *out, int cap, int *depth)
{
    bb_t cP, cO;
    int s = oth_book_canon(P, O, &cP, &cO);
    const struct book_key *k = b ? find(b, cP, cO) : NULL;
    if (!k)
        return 0;
    bb_t legal = bb_moves(P, O);
    int n = 0;
    for (int i = 0; i < k->nmoves && n < cap; i++) {
        struct oth_book_move m = b->moves[k->first + i];
        m.sq = oth_book_unsym_sq(s, m.sq);
        if (!(legal >> m.sq & 1))
            continue; /* a damaged or foreign book: never play it */
        int j = n++;
        for (; j > 0 && (out[j - 1].value < m.value
                         || (out[j - 1].value == m.value && out[j - 1].sq > m.sq)); j--)
            out[j] = out[j - 1];
        out[j] = m;
    }
    if (depth)
        *depth = k->depth;
    return n;
}

int oth_book_line(const struct oth_book *b, bb_t P, bb_t O, int first,
                  int *pv, int cap)
{
    int n = 0;
    for (int sq = first; n < cap && sq >= 0 && (bb_moves(P, O) >> sq & 1);) {
        pv[n++] = sq;
        bb_t f = bb_flips(P, O, sq);
        bb_t nP = O & ~f;
        O = P | f | 1ULL << sq;
        P = nP;
        struct oth_book_move m[OTH_BOOK_MAX_MOVES];
        sq = oth_book_lookup(b, P, O, m, OTH_BOOK_MAX_MOVES, NULL) > 0 ? m[0].sq : -1;
    }
    return n;
}
