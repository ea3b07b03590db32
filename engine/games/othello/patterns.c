/* Pattern geometry for the 8x8 evaluation: the board symmetries, the
 * instances of each pattern, table indexes of a position (by pext of the
 * transformed board and a binary-to-ternary table), canonical entries. */
#include "patterns.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

/* Base squares: a1 is bit 0, h1 bit 7, a2 bit 8. */
static struct oth_pattern_def defs[OTH_NPAT] = {
    {"edge+2X", 0x42ffULL, 10, 0, 0, {0}},
    {"corner3x3", 0x070707ULL, 9, 59049, 0, {0}},
    {"corner2x5", 0x1f1fULL, 10, 78732, 0, {0}},
    {"line2", 0xff00ULL, 8, 137781, 0, {0}},
    {"line3", 0xff0000ULL, 8, 144342, 0, {0}},
    {"line4", 0xff000000ULL, 8, 150903, 0, {0}},
    {"diag8", 0x8040201008040201ULL, 8, 157464, 0, {0}},
    {"diag7", 0x0080402010080402ULL, 7, 164025, 0, {0}},
    {"diag6", 0x0000804020100804ULL, 6, 166212, 0, {0}},
    {"diag5", 0x0000008040201008ULL, 5, 166941, 0, {0}},
    {"diag4", 0x0000000080402010ULL, 4, 167184, 0, {0}},
    {"triangle", 0x000000000103070fULL, 10, OTH_OFF_BIG, 0, {0}},
    {"corner+block", 0x3cbdULL, 10, OTH_OFF_BIG + 59049, 0, {0}},
    {"cross", 0xc0e0703ULL, 10, OTH_OFF_BIG + 2 * 59049, 0, {0}},
};

/* Every instance: the symmetry whose transformed board it is read on. */
struct inst {
    bb_t base;
    uint32_t offset;
    int sym;
#ifndef __BMI2__
    /* Without pext: the base's non-empty rows, each row's mask and where
     * its bits go (see extract). */
    int nrows;
    uint8_t row[8], mask[8], shift[8];
#endif
};
static struct inst insts[OTH_PAT_INSTANCES];
static uint16_t tern[1024];   /* binary digits -> the same digits base 3 */
/* pw[q][i]: the power of 3 of square q's digit in instance i, 0 when the
 * instance does not read q (for oth_pattern_kid_sum). */
static uint32_t pw[64][OTH_EVAL_KID_LANES] __attribute__((aligned(64)));
static uint64_t lanes[64];    /* bit i: instance i holds the square */
static uint32_t offsets[OTH_EVAL_KID_LANES]; /* each instance's first entry */
_Static_assert(OTH_PAT_INSTANCES < 64, "a bit of lanes[] per instance, and a mask");
static uint32_t *canon;       /* OTH_PHASE_SIZE entries */
static pthread_once_t once = PTHREAD_ONCE_INIT;

static bb_t mirror_cols(bb_t b)
{
    b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
    b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
    return ((b >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((b & 0x0f0f0f0f0f0f0f0fULL) << 4);
}

/* (row, col) -> (col, row) by three delta swaps. */
static bb_t transpose(bb_t b)
{
    bb_t t;
    t = 0x0f0f0f0f00000000ULL & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    t = 0x3333000033330000ULL & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    t = 0x5500550055005500ULL & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    return b;
}

/* The 8 images of b, in oth_sym's order, sharing the work. */
static inline void all_syms(bb_t b, bb_t *out)
{
    bb_t t = transpose(b);
    out[0] = b;
    out[1] = mirror_cols(b);
    out[2] = __builtin_bswap64(b);
    out[3] = __builtin_bswap64(out[1]);
    out[4] = t;
    out[5] = mirror_cols(t);
    out[6] = __builtin_bswap64(t);
    out[7] = __builtin_bswap64(out[5]);
}

bb_t oth_sym(int s, bb_t b)
{
    if (s & 4)
        b = transpose(b);
    if (s & 1)
        b = mirror_cols(b);
    if (s & 2)
        b = __builtin_bswap64(b);
    return b;
}

#ifdef __BMI2__
static inline uint32_t extract(bb_t b, const struct inst *in)
{
    return (uint32_t)_pext_u64(b, in->base);
}
#else
/* pext8[m][x]: the bits of byte x under mask m, packed. A pattern's bits
 * are gathered row by row through it. */
static uint8_t pext8[256][256];

static void init_pext8(void)
{
    for (int m = 0; m < 256; m++)
        for (int x = 0; x < 256; x++) {
            int r = 0, k = 0;
            for (int i = 0; i < 8; i++)
                if (m >> i & 1)
                    r |= (x >> i & 1) << k++;
            pext8[m][x] = (uint8_t)r;
        }
}

static void init_rows(struct inst *in)
{
    int shift = 0;
    in->nrows = 0;
    for (int r = 0; r < 8; r++) {
        uint8_t m = (uint8_t)(in->base >> 8 * r);
        if (!m)
            continue;
        in->row[in->nrows] = (uint8_t)r;
        in->mask[in->nrows] = m;
        in->shift[in->nrows++] = (uint8_t)shift;
        shift += bb_popcount(m);
    }
}

static inline uint32_t extract(bb_t b, const struct inst *in)
{
    uint32_t r = 0;
    for (int k = 0; k < in->nrows; k++)
        r |= (uint32_t)pext8[in->mask[k]][(uint8_t)(b >> 8 * in->row[k])]
           << in->shift[k];
    return r;
}
#endif

/* Rank of square q among the squares of base. */
static int rank_in(bb_t base, int q)
{
    return bb_popcount(base & ((1ULL << q) - 1));
}

/* The index of pattern d read after symmetry g of its own base. */
static uint32_t permute(const struct oth_pattern_def *d, int g, uint32_t idx)
{
    uint32_t out = 0;
    bb_t m = d->base;
    for (int k = 0; m; m &= m - 1, k++) {
        uint32_t digit = idx % 3;
        idx /= 3;
        int to = bb_first(oth_sym(g, m & -m));
        uint32_t p = 1;
        for (int r = rank_in(d->base, to); r > 0; r--)
            p *= 3;
        out += digit * p;
    }
    return out;
}

static void init_canon(void)
{
    canon = malloc(OTH_PHASE_SIZE * sizeof *canon);
    if (!canon)
        abort(); /* 670 KB at start-up: nothing sensible to do without it */
    for (uint32_t e = 0; e < OTH_PHASE_SIZE; e++)
        canon[e] = e;
    for (int p = 0; p < OTH_NPAT; p++) {
        const struct oth_pattern_def *d = &defs[p];
        uint32_t size = 1;
        for (int k = 0; k < d->n; k++)
            size *= 3;
        for (int g = 1; g < 8; g++) {
            if (oth_sym(g, d->base) != d->base)
                continue;
            for (uint32_t i = 0; i < size; i++) {
                uint32_t j = permute(d, g, i);
                if (j < canon[d->offset + i] - d->offset)
                    canon[d->offset + i] = d->offset + j;
            }
        }
    }
}

/* Square q is read by instance i (symmetry s of base) as the digit of
 * its image under s. */
static void init_powers(int i, int s, bb_t base)
{
    for (int q = 0; q < 64; q++) {
        bb_t img = oth_sym(s, 1ULL << q);
        uint32_t p = 0;
        if (img & base) {
            p = 1;
            for (int r = rank_in(base, bb_first(img)); r > 0; r--)
                p *= 3;
        }
        pw[q][i] = p;
        if (p)
            lanes[q] |= 1ULL << i;
    }
}

static void init(void)
{
#ifndef __BMI2__
    init_pext8();
#endif
    for (int b = 0; b < 1024; b++) {
        int t = 0;
        for (int k = 9; k >= 0; k--)
            t = t * 3 + ((b >> k) & 1);
        tern[b] = (uint16_t)t;
    }
    int n = 0;
    for (int p = 0; p < OTH_NPAT; p++) {
        struct oth_pattern_def *d = &defs[p];
        bb_t seen[8];
        d->ninst = 0;
        for (int s = 0; s < 8; s++) {
            /* The squares read: those that symmetry s carries onto base. */
            bb_t set = 0;
            for (int q = 0; q < 64; q++)
                if (oth_sym(s, 1ULL << q) & d->base)
                    set |= 1ULL << q;
            int dup = 0;
            for (int i = 0; i < d->ninst; i++)
                dup |= seen[i] == set;
            if (dup)
                continue;
            seen[d->ninst] = set;
            d->sym[d->ninst++] = (uint8_t)s;
            insts[n] = (struct inst){.base = d->base, .offset = d->offset, .sym = s};
            offsets[n] = d->offset;
#ifndef __BMI2__
            init_rows(&insts[n]);
#endif
            init_powers(n, s, d->base);
            n++;
        }
    }
    init_canon();
}

void oth_patterns_init(void)
{
    pthread_once(&once, init);
}

const struct oth_pattern_def *oth_pattern_defs(void)
{
    oth_patterns_init();
    return defs;
}

static inline int mobility_entry(bb_t P, bb_t O)
{
    int m = bb_popcount(bb_moves(P, O));
    return m < OTH_MOB_N ? m : OTH_MOB_N - 1;
}

/* The count features of a position, P to move with moves mp: the mover's
 * discs, and the quadrants' parity: how many quadrants hold an odd number
 * of empties, and in how many of those the mover can play (the last move
 * of a region goes to whoever moves first in an odd one). Neither is a
 * sum over squares that the patterns could learn; each is one entry of
 * its own table. (Potential mobility was tried too: 0.02 disc less
 * held-out error for two more neighbour sets an evaluation.) */
static inline void count_entries(bb_t P, bb_t O, bb_t mp, uint32_t *out)
{
    static const bb_t quad[4] = {0x0f0f0f0fULL, 0xf0f0f0f0ULL, 0x0f0f0f0fULL << 32,
                                 0xf0f0f0f0ULL << 32};
    bb_t e = ~(P | O);
    int odd = 0, mine = 0;
    for (int q = 0; q < 4; q++)
        if (bb_popcount(e & quad[q]) & 1) {
            odd++;
            mine += (mp & quad[q]) != 0;
        }
    out[0] = OTH_OFF_DISC + (uint32_t)bb_popcount(P);
    out[1] = OTH_OFF_PAR + (uint32_t)(odd * 5 + mine);
}

static inline int count_sum(const int16_t *t, bb_t P, bb_t O, bb_t mp)
{
    uint32_t c[2];
    count_entries(P, O, mp, c);
    return t[c[0]] + t[c[1]];
}

/* The table entry of instance i for boards whose images are ps, os. */
static inline uint32_t entry(int i, const bb_t *ps, const bb_t *os)
{
    const struct inst *in = &insts[i];
    return in->offset + tern[extract(ps[in->sym], in)]
         + 2u * tern[extract(os[in->sym], in)];
}

void oth_pattern_raw(bb_t P, bb_t O, uint32_t *out)
{
    bb_t ps[8], os[8];
    all_syms(P, ps);
    all_syms(O, os);
    for (int i = 0; i < OTH_PAT_INSTANCES; i++)
        out[i] = entry(i, ps, os);
    bb_t mp = bb_moves(P, O);
    int m = bb_popcount(mp);
    out[OTH_PAT_INSTANCES] = OTH_OFF_MOB_P + (uint32_t)(m < OTH_MOB_N ? m : OTH_MOB_N - 1);
    out[OTH_PAT_INSTANCES + 1] = OTH_OFF_MOB_O + (uint32_t)mobility_entry(O, P);
    out[OTH_PAT_INSTANCES + 2] = OTH_OFF_BIAS;
    count_entries(P, O, mp, out + OTH_PAT_INSTANCES + 3);
}

int oth_pattern_sum(const int16_t *t, int n, bb_t P, bb_t O)
{
    bb_t ps[8], os[8];
    all_syms(P, ps);
    all_syms(O, os);
    bb_t mp = bb_moves(P, O);
    int m = bb_popcount(mp);
    int sum = t[OTH_OFF_MOB_P + (m < OTH_MOB_N ? m : OTH_MOB_N - 1)]
            + t[OTH_OFF_MOB_O + mobility_entry(O, P)] + t[OTH_OFF_BIAS];
    if (n == OTH_PAT_INSTANCES)
        sum += count_sum(t, P, O, mp);
    for (int i = 0; i < n; i++)
        sum += t[entry(i, ps, os)];
    return sum;
}

void oth_pattern_kids_base(bb_t P, bb_t O, uint32_t *base)
{
    uint32_t raw[OTH_NFEAT];
    oth_pattern_raw(O, P, raw);
    memcpy(base, raw, OTH_PAT_INSTANCES * sizeof *raw);
    memset(base + OTH_PAT_INSTANCES, 0, (OTH_EVAL_KID_LANES - OTH_PAT_INSTANCES) * sizeof *raw);
}

void oth_pattern_digits(bb_t P, bb_t O, uint32_t *a, uint32_t *z)
{
    bb_t ps[8], os[8];
    all_syms(P, ps);
    all_syms(O, os);
    for (int i = 0; i < OTH_PAT_INSTANCES; i++) {
        a[i] = tern[extract(ps[insts[i].sym], &insts[i])];
        z[i] = tern[extract(os[insts[i].sym], &insts[i])];
    }
    for (int i = OTH_PAT_INSTANCES; i < OTH_EVAL_KID_LANES; i++)
        a[i] = z[i] = 0;
}

/* Whole rows of lanes, as in kid_entries: the compiler adds them a vector
 * at a time. */
void oth_pattern_digits_child(const uint32_t *a, const uint32_t *z, bb_t f, int sq,
                              uint32_t *ca, uint32_t *cz)
{
    for (int i = 0; i < OTH_EVAL_KID_LANES; i++) {
        ca[i] = z[i];
        cz[i] = a[i] + pw[sq][i];
    }
    for (; f; f &= f - 1) {
        const uint32_t *p = pw[bb_first(f)];
        for (int i = 0; i < OTH_EVAL_KID_LANES; i++) {
            ca[i] -= p[i];
            cz[i] += p[i];
        }
    }
}

void oth_pattern_digits_base(const uint32_t *a, const uint32_t *z, uint32_t *base)
{
    for (int i = 0; i < OTH_EVAL_KID_LANES; i++)
        base[i] = offsets[i] + z[i] + 2 * a[i];
}

/* The child's entries e from the base (see patterns.h); returns the lanes
 * of the instances the move changes. */
static inline uint64_t kid_entries(const uint32_t *base, bb_t f, int sq, uint32_t *e)
{
    uint64_t touched = lanes[sq];
    /* Whole rows of lanes: the compiler adds them a vector at a time. */
    for (int i = 0; i < OTH_EVAL_KID_LANES; i++)
        e[i] = base[i] + 2 * pw[sq][i];
    for (; f; f &= f - 1) {
        int q = bb_first(f);
        const uint32_t *p = pw[q];
        touched |= lanes[q];
        for (int i = 0; i < OTH_EVAL_KID_LANES; i++)
            e[i] += p[i];
    }
    return touched;
}

/* The child's mobility, bias and (all n instances read) count entries. */
static inline int kid_rest(const int16_t *t, int n, bb_t P2, bb_t O2, bb_t moves2)
{
    int m = bb_popcount(moves2);
    int sum = t[OTH_OFF_MOB_P + (m < OTH_MOB_N ? m : OTH_MOB_N - 1)]
            + t[OTH_OFF_MOB_O + mobility_entry(O2, P2)] + t[OTH_OFF_BIAS];
    return n == OTH_PAT_INSTANCES ? sum + count_sum(t, P2, O2, moves2) : sum;
}

int oth_pattern_kid_sum(const int16_t *t, int n, const uint32_t *base, bb_t f, int sq,
                        bb_t P2, bb_t O2, bb_t moves2)
{
    uint32_t e[OTH_EVAL_KID_LANES];
    kid_entries(base, f, sq, e);
    int sum = kid_rest(t, n, P2, O2, moves2);
    for (int i = 0; i < n; i++)
        sum += t[e[i]];
    return sum;
}

int oth_pattern_kids_values(const int16_t *t, int n, const uint32_t *base, int16_t *bval)
{
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += bval[i] = t[base[i]];
    return sum;
}

int oth_pattern_kid_delta(const int16_t *t, int n, const uint32_t *base, const int16_t *bval,
                          int bsum, bb_t f, int sq, bb_t P2, bb_t O2, bb_t moves2)
{
    uint32_t e[OTH_EVAL_KID_LANES];
    uint64_t touched = kid_entries(base, f, sq, e) & ((1ULL << n) - 1);
    int sum = bsum + kid_rest(t, n, P2, O2, moves2);
    for (; touched; touched &= touched - 1) {
        int i = bb_first(touched);
        sum += t[e[i]] - bval[i];
    }
    return sum;
}

void oth_pattern_features(bb_t P, bb_t O, uint32_t *out)
{
    oth_patterns_init();
    oth_pattern_raw(P, O, out);
    for (int i = 0; i < OTH_NFEAT; i++)
        out[i] = canon[out[i]];
}

uint32_t oth_pattern_canon(uint32_t e)
{
    oth_patterns_init();
    return e < OTH_PHASE_SIZE ? canon[e] : e;
}

void oth_weights_symmetrize(struct oth_weights *w, int ph)
{
    oth_patterns_init();
    int16_t *t = w->w + (size_t)ph * OTH_PHASE_SIZE;
    for (uint32_t e = 0; e < OTH_PHASE_SIZE; e++)
        t[e] = t[canon[e]];
}

struct oth_weights *oth_weights_new(int nphase, const uint8_t *phase)
{
    oth_patterns_init();
    if (nphase < 1 || nphase > OTH_MAX_PHASES)
        return NULL;
    struct oth_weights *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->nphase = nphase;
    w->ninst = OTH_PAT_INSTANCES;
    for (int e = 0; e <= 60; e++) {
        int p = phase ? phase[e] : (e > 0 ? (e - 1) * nphase / 60 : 0);
        w->phase[e] = (uint8_t)(p < nphase ? p : nphase - 1);
    }
    w->w = calloc((size_t)nphase * OTH_PHASE_SIZE, sizeof *w->w);
    if (!w->w) {
        free(w);
        return NULL;
    }
    return w;
}

void oth_weights_free(struct oth_weights *w)
{
    if (w) {
        free(w->w);
        free(w);
    }
}
