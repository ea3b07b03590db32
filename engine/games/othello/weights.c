/* The pattern weights file (data/othello.weights): writing, checked
 * loading, and where the shipped file is found.
 *
 * Format, all integers little-endian:
 *   0  "QOTW"            magic
 *   4  u32 version       1
 *   8  u32 phase size    OTH_PHASE_SIZE (the table layout it was made for);
 *                        OTH_PHASE_SIZE_V1, the layout before the count
 *                        tables, still loads (those tables 0) and is
 *                        written when every later entry is 0
 *  12  u32 nphase        1..60 (distinct tables: phases with equal
 *                        tables are written as one)
 *  16  u8 phase[61]      phase of each number of empties, then 3 zero bytes
 *  80  u32 payload bytes
 *  84  payload           for each phase, the canonical entries in table
 *                        order as int16; the value -32768 is never a weight
 *                        and starts a run of zeros: it is followed by a
 *                        u16 run length (1..65535)
 *  ..  u32 checksum      FNV-1a of every byte before it
 * Symmetric entries are not stored: loading copies them from their
 * canonical entry. */
#include "datapath.h"
#include "patterns.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HEADER 84
#define MAX_FILE (64u << 20)
#define ZERO_RUN (-32768)

static uint32_t fnv1a(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

static uint32_t get32(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
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

/* Appends one u16/int16 to buf (NULL: only counts). */
static void put16(uint8_t *buf, size_t *n, unsigned v)
{
    if (buf)
        buf[*n] = (uint8_t)v, buf[*n + 1] = (uint8_t)(v >> 8);
    *n += 2;
}

/* Encodes the first size canonical entries of the nkeep phases keep[]
 * into buf (NULL: only counts); returns the payload size. Zero runs may
 * cross phases. */
static size_t encode(const struct oth_weights *w, uint32_t size, const int *keep, int nkeep,
                     uint8_t *buf)
{
    size_t n = 0;
    unsigned run = 0;
    for (int k = 0; k < nkeep; k++) {
        const int16_t *t = w->w + (size_t)keep[k] * OTH_PHASE_SIZE;
        for (uint32_t e = 0; e < size; e++) {
            if (oth_pattern_canon(e) != e)
                continue;
            int v = t[e] == ZERO_RUN ? ZERO_RUN + 1 : t[e];
            if (v == 0 && run < 65535) {
                run++;
                continue;
            }
            if (run) {
                put16(buf, &n, 0x8000u);
                put16(buf, &n, run);
            }
            run = v == 0;
            if (v)
                put16(buf, &n, (unsigned)v & 0xffffu);
        }
    }
    if (run) {
        put16(buf, &n, 0x8000u);
        put16(buf, &n, run);
    }
    return n;
}

/* The distinct tables of w: keep[] lists one phase of each, and map[]
 * gives each phase its table's place in keep. A refit of the endgame
 * alone leaves the midgame's empty counts with copies of a few tables,
 * which the file stores once. */
static int distinct(const struct oth_weights *w, int *keep, uint8_t *map)
{
    int n = 0;
    for (int ph = 0; ph < w->nphase; ph++) {
        int k = 0;
        while (k < n && memcmp(w->w + (size_t)keep[k] * OTH_PHASE_SIZE,
                               w->w + (size_t)ph * OTH_PHASE_SIZE,
                               OTH_PHASE_SIZE * sizeof *w->w) != 0)
            k++;
        if (k == n)
            keep[n++] = ph;
        map[ph] = (uint8_t)k;
    }
    return n;
}

/* Whether every entry past the first layout is 0 in the kept tables. */
static bool first_layout_only(const struct oth_weights *w, const int *keep, int nkeep)
{
    for (int k = 0; k < nkeep; k++) {
        const int16_t *t = w->w + (size_t)keep[k] * OTH_PHASE_SIZE;
        for (uint32_t e = OTH_PHASE_SIZE_V1; e < OTH_PHASE_SIZE; e++)
            if (t[e])
                return false;
    }
    return true;
}

int oth_weights_save(const struct oth_weights *w, const char *path,
                     char *err, size_t cap)
{
    int keep[OTH_MAX_PHASES];
    uint8_t map[OTH_MAX_PHASES];
    int nkeep = distinct(w, keep, map);
    /* Weights whose later tables are all 0 (loaded from a file of the
     * first layout, or refitted from one with no iterations) are written
     * in the first layout: the same values, which the engine then reads
     * over the first layout's instances only. Decided by the numbers, not
     * by where the weights came from, so nothing fitted is dropped. */
    uint32_t layout = first_layout_only(w, keep, nkeep) ? OTH_PHASE_SIZE_V1 : OTH_PHASE_SIZE;
    size_t payload = encode(w, layout, keep, nkeep, NULL);
    size_t size = HEADER + payload + 4;
    uint8_t *buf = calloc(1, size);
    if (!buf) {
        fail(err, cap, "out of memory");
        return -1;
    }
    memcpy(buf, "QOTW", 4);
    put32(buf + 4, 1);
    put32(buf + 8, layout);
    put32(buf + 12, (uint32_t)nkeep);
    for (int e = 0; e <= 60; e++)
        buf[16 + e] = map[w->phase[e]];
    put32(buf + 80, (uint32_t)payload);
    encode(w, layout, keep, nkeep, buf + HEADER);
    put32(buf + HEADER + payload, fnv1a(buf, HEADER + payload));
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

/* Decodes the payload, phases of size entries each (a prefix of the
 * layout), into w; -1 if it is malformed. */
static int decode(struct oth_weights *w, uint32_t size, const uint8_t *p, size_t n)
{
    size_t at = 0;
    uint32_t run = 0;
    for (int ph = 0; ph < w->nphase; ph++) {
        int16_t *t = w->w + (size_t)ph * OTH_PHASE_SIZE;
        for (uint32_t e = 0; e < size; e++) {
            if (oth_pattern_canon(e) != e)
                continue;
            if (run) {
                run--;
                continue; /* calloc'd: already zero */
            }
            if (at + 2 > n)
                return -1;
            int v = (int16_t)(p[at] | p[at + 1] << 8);
            at += 2;
            if (v != ZERO_RUN) {
                t[e] = (int16_t)v;
                continue;
            }
            if (at + 2 > n)
                return -1;
            run = p[at] | (uint32_t)p[at + 1] << 8;
            at += 2;
            if (run == 0)
                return -1;
            run--;
        }
        oth_weights_symmetrize(w, ph);
    }
    return run == 0 && at == n ? 0 : -1;
}

static struct oth_weights *parse(const uint8_t *buf, size_t size,
                                 const char *path, char *err, size_t cap)
{
    if (size < HEADER + 4 || memcmp(buf, "QOTW", 4) != 0) {
        fail(err, cap, "%s: not an Othello weights file", path);
        return NULL;
    }
    uint32_t layout = get32(buf + 8);
    if (get32(buf + 4) != 1 || (layout != OTH_PHASE_SIZE && layout != OTH_PHASE_SIZE_V1)) {
        fail(err, cap, "%s: unsupported version or pattern layout", path);
        return NULL;
    }
    uint32_t nphase = get32(buf + 12), payload = get32(buf + 80);
    if (payload != size - HEADER - 4) {
        fail(err, cap, "%s: truncated or padded (payload %u, file %zu bytes)",
             path, payload, size);
        return NULL;
    }
    if (get32(buf + HEADER + payload) != fnv1a(buf, HEADER + payload)) {
        fail(err, cap, "%s: checksum mismatch (corrupt file)", path);
        return NULL;
    }
    int bad = nphase < 1 || nphase > OTH_MAX_PHASES;
    for (int e = 0; e <= 60 && !bad; e++)
        bad = buf[16 + e] >= nphase;
    struct oth_weights *w = bad ? NULL : oth_weights_new((int)nphase, buf + 16);
    if (!bad && !w) {
        fail(err, cap, "%s: out of memory", path);
        return NULL;
    }
    if (w && layout == OTH_PHASE_SIZE_V1)
        w->ninst = OTH_PAT_INSTANCES_V1;
    if (bad || decode(w, layout, buf + HEADER, payload) != 0) {
        oth_weights_free(w);
        fail(err, cap, "%s: malformed weights", path);
        return NULL;
    }
    return w;
}

struct oth_weights *oth_weights_load(const char *path, char *err, size_t cap)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fail(err, cap, "%s: %s", path, strerror(errno));
        return NULL;
    }
    uint8_t *buf = malloc(MAX_FILE + 1);
    size_t size = buf ? fread(buf, 1, MAX_FILE + 1, f) : 0;
    int rerr = ferror(f);
    fclose(f);
    struct oth_weights *w = NULL;
    if (!buf)
        fail(err, cap, "out of memory");
    else if (rerr)
        fail(err, cap, "%s: read error", path);
    else if (size > MAX_FILE)
        fail(err, cap, "%s: too large for a weights file", path);
    else
        w = parse(buf, size, path, err, cap);
    free(buf);
    return w;
}

/* The same table for every empty count, however the phases are shared. */
bool oth_weights_same(const struct oth_weights *a, const struct oth_weights *b)
{
    for (int e = 0; e <= 60; e++)
        if (memcmp(a->w + (size_t)a->phase[e] * OTH_PHASE_SIZE,
                   b->w + (size_t)b->phase[e] * OTH_PHASE_SIZE,
                   OTH_PHASE_SIZE * sizeof *a->w) != 0)
            return false;
    return true;
}

int oth_weights_default_path(char *buf, size_t cap)
{
    return oth_data_path("othello.weights", buf, cap);
}

int oth_order_weights_default_path(char *buf, size_t cap)
{
    return oth_data_path("othello-order.weights", buf, cap);
}
