/* A plain second Othello for the tests that check quartet-train's
 * positions from outside (a 64-square array, no bitboards, so that it
 * shares nothing with the engine it checks), and a plain reader of the
 * positions file they read back. */
#ifndef QUARTET_TESTS_PLAIN_OTHELLO_H
#define QUARTET_TESTS_PLAIN_OTHELLO_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* b[sq]: 0 empty, 1 the mover's, 2 the other's. */
struct board {
    int8_t b[64];
};

static inline int flips_dir(const struct board *x, int sq, int dr, int dc, int *out)
{
    int r = sq / 8 + dr, c = sq % 8 + dc, n = 0;
    while (r >= 0 && r < 8 && c >= 0 && c < 8 && x->b[r * 8 + c] == 2) {
        out[n++] = r * 8 + c;
        r += dr;
        c += dc;
    }
    if (n && r >= 0 && r < 8 && c >= 0 && c < 8 && x->b[r * 8 + c] == 1)
        return n;
    return 0;
}

static inline int legal(const struct board *x, int sq)
{
    int tmp[8];
    if (x->b[sq])
        return 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++)
            if ((dr || dc) && flips_dir(x, sq, dr, dc, tmp))
                return 1;
    return 0;
}

static inline int any_move(const struct board *x)
{
    for (int sq = 0; sq < 64; sq++)
        if (legal(x, sq))
            return 1;
    return 0;
}

/* Plays sq for the mover; the result is seen from the other side. */
static inline struct board play(const struct board *x, int sq)
{
    struct board y = *x;
    int fl[8];
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            int n = (dr || dc) ? flips_dir(x, sq, dr, dc, fl) : 0;
            for (int i = 0; i < n; i++)
                y.b[fl[i]] = 1;
        }
    y.b[sq] = 1;
    for (int i = 0; i < 64; i++)
        y.b[i] = y.b[i] ? (int8_t)(3 - y.b[i]) : 0;
    return y;
}

static inline struct board pass(const struct board *x)
{
    struct board y = *x;
    for (int i = 0; i < 64; i++)
        y.b[i] = y.b[i] ? (int8_t)(3 - y.b[i]) : 0;
    return y;
}

static inline int empties(const struct board *x)
{
    int n = 0;
    for (int i = 0; i < 64; i++)
        n += !x->b[i];
    return n;
}

struct pos {
    uint64_t P, O;
};

static inline struct pos to_pos(const struct board *x)
{
    struct pos p = {0, 0};
    for (int i = 0; i < 64; i++) {
        if (x->b[i] == 1)
            p.P |= 1ULL << i;
        if (x->b[i] == 2)
            p.O |= 1ULL << i;
    }
    return p;
}

static inline struct board from_pos(struct pos p)
{
    struct board x = {{0}};
    for (int s = 0; s < 64; s++)
        x.b[s] = (int8_t)(p.P >> s & 1 ? 1 : p.O >> s & 1 ? 2 : 0);
    return x;
}

static inline int same_pos(struct pos a, const struct board *x)
{
    struct pos b = to_pos(x);
    return a.P == b.P && a.O == b.O;
}

/* Some sequence of exactly k moves (passes where forced, not counted)
 * leads from x to p. */
static inline int reaches(const struct board *x, int k, struct pos p)
{
    struct board y = *x;
    if (!any_move(&y)) {
        y = pass(&y);
        if (!any_move(&y))
            return 0;
    }
    if (k == 0)
        return same_pos(p, &y);
    for (int sq = 0; sq < 64; sq++)
        if (legal(&y, sq)) {
            struct board z = play(&y, sq);
            if (reaches(&z, k - 1, p))
                return 1;
        }
    return 0;
}

static inline int popc(uint64_t x)
{
    return __builtin_popcountll(x);
}

/* The plain reader: "QOTP", version 1, a count, 24-byte records (P, O,
 * then the label, 0 for none; *labelled, when asked, whether any has
 * one). -1 when malformed. */
static inline long read_file(const char *path, struct pos *v, long cap, int *labelled)
{
    FILE *f = fopen(path, "rb");
    unsigned char h[16], r[24];
    long n = -1;
    int lab = 0;
    if (f && fread(h, 1, 16, f) == 16 && !memcmp(h, "QOTP\1\0\0\0", 8)) {
        uint64_t cnt;
        memcpy(&cnt, h + 8, 8);
        for (n = 0; n < (long)cnt && n < cap && fread(r, 1, 24, f) == 24; n++) {
            memcpy(&v[n].P, r, 8);
            memcpy(&v[n].O, r + 8, 8);
            for (int i = 16; i < 24; i++)
                lab |= r[i] != 0;
        }
        if (n != (long)cnt || fread(r, 1, 1, f) != 0)
            n = -1;
    }
    if (f)
        fclose(f);
    if (labelled)
        *labelled = lab;
    return n;
}

#endif
