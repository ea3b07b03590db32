/* Stoner shapes: the pattern table, matching, how many discs a shape still
 * lacks (the enumeration's pruning), and the `stoner` extension command. */
#include "stoner.h"
#include "othello.h"

#include <stdio.h>
#include <string.h>

const char *const stoner_shape_names[STONER_SHAPES] = {
    "black-4", "black-3-white-1", "black-3",
};
const char *const stoner_orient_names[STONER_ORIENTS] = {"canonical", "mirror"};

/* Squares of the canonical orientation (a1 = 0, h8 = 63). */
enum {
    D4 = 27, E5 = 36, G6 = 46, H6 = 47, F6 = 45, G7 = 54,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
};

#define BIT(sq) (1ULL << (sq))
#define SAME(sq) (sq)
#define MIR(sq) (((sq) & 56) | (7 - ((sq) & 7))) /* left-right mirror */
#define DIAG(M) (BIT(M(D4)) | BIT(M(E5)) | BIT(M(F6)) | BIT(M(G7)))
#define EDGE(M) (BIT(M(B8)) | BIT(M(C8)) | BIT(M(D8)))
#define CORNERS(M) (BIT(M(A8)) | BIT(M(G8)) | BIT(M(H8)))

/* The table of the issue, one row per shape, in both orientations. */
#define PATTERNS(M) {                                                     \
    {DIAG(M), EDGE(M) | BIT(M(E8)) | BIT(M(G6)),                          \
     CORNERS(M) | BIT(M(F8)), M(F8)},                                     \
    {DIAG(M) | BIT(M(F8)), EDGE(M) | BIT(M(G6)),                          \
     CORNERS(M) | BIT(M(E8)), M(E8)},                                     \
    {DIAG(M), EDGE(M) | BIT(M(H6)),                                       \
     CORNERS(M) | BIT(M(E8)) | BIT(M(F8)), M(E8)},                        \
}

static const struct stoner_pattern patterns[STONER_ORIENTS][STONER_SHAPES] = {
    PATTERNS(SAME), PATTERNS(MIR),
};

const struct stoner_pattern *stoner_pattern(int shape, int orient)
{
    return &patterns[orient][shape];
}

bool stoner_match(bb_t A, bb_t R, struct stoner_match *m)
{
    bb_t occ = A | R;
    for (int o = 0; o < STONER_ORIENTS; o++)
        for (int s = 0; s < STONER_SHAPES; s++) {
            const struct stoner_pattern *p = &patterns[o][s];
            if ((A & p->attacker) == p->attacker
                && (R & p->receiver) == p->receiver && !(occ & p->empty)) {
                m->shape = s;
                m->orient = o;
                m->trigger = p->trigger;
                return true;
            }
        }
    return false;
}

int stoner_needed(bb_t occupied)
{
    int best = STONER_NEVER;
    for (int o = 0; o < STONER_ORIENTS; o++)
        for (int s = 0; s < STONER_SHAPES; s++) {
            const struct stoner_pattern *p = &patterns[o][s];
            if (occupied & p->empty)
                continue; /* discs never leave a square */
            int need = bb_popcount((p->attacker | p->receiver) & ~occupied);
            if (need < best)
                best = need;
        }
    return best;
}

bb_t stoner_useful(bb_t occupied, int left)
{
    bb_t useful = 0;
    for (int o = 0; o < STONER_ORIENTS; o++)
        for (int s = 0; s < STONER_SHAPES; s++) {
            const struct stoner_pattern *p = &patterns[o][s];
            if (occupied & p->empty)
                continue;
            bb_t lack = (p->attacker | p->receiver) & ~occupied;
            int need = bb_popcount(lack);
            if (need <= left)
                return ~0ULL;
            if (need == left + 1)
                useful |= lack;
        }
    return useful;
}

/* ---- the `stoner` command ---- */

static int put_square(char *buf, size_t cap, int sq)
{
    if (sq == STONER_PASS)
        return snprintf(buf, cap, "pass");
    return snprintf(buf, cap, "%c%d", 'a' + sq % 8, sq / 8 + 1);
}

/* Appends to out (cap bytes), keeping *len. */
static void add(char *out, size_t cap, size_t *len, const char *text)
{
    size_t n = strlen(text);
    if (*len + n + 1 > cap)
        n = *len + 1 < cap ? cap - *len - 1 : 0;
    memcpy(out + *len, text, n);
    *len += n;
    out[*len] = '\0';
}

int stoner_command(const void *st, int argc, char **argv,
                   const struct player_options *opt, const volatile int *stop,
                   void **ctx, char *out, size_t cap)
{
    (void)argc;
    (void)argv;
    (void)ctx; /* keeps nothing: each proof is small */
    const struct othello *s = st;
    if (s->size != 8) {
        snprintf(out, cap, "stoner needs an 8x8 board");
        return -1;
    }
    struct stoner_match m;
    /* The attacker made the last ply: it is the player not to move. */
    bb_t A = s->disc[!s->side], R = s->disc[s->side];
    if (s->over || !stoner_match(A, R, &m)) {
        snprintf(out, cap, "none");
        return 0;
    }
    char word[64];
    size_t len = 0;
    out[0] = '\0';
    snprintf(word, sizeof word, "%s %s attacker=%s", stoner_shape_names[m.shape],
             stoner_orient_names[m.orient], s->side ? "black" : "white");
    add(out, cap, &len, word);
    bb_t corner = othello_moves(R, A, s->board) & STONER_CORNERS;
    if (corner) {
        add(out, cap, &len, " not-stoner-like corner ");
        put_square(word, sizeof word, bb_first(corner));
        add(out, cap, &len, word);
        return 0;
    }
    int mb = opt && opt->hash_mb > 0 ? opt->hash_mb : 64;
    struct stoner_prover *p = stoner_prover_new((size_t)mb << 20);
    if (!p) {
        snprintf(out, cap, "out of memory");
        return -1;
    }
    struct stoner_result r;
    stoner_prove(p, A, R, m.trigger, stop, &r);
    stoner_prover_free(p);
    if (r.status == STONER_STOPPED) {
        snprintf(out, cap, "interrupted");
        return -1;
    }
    if (r.status == STONER_DISPROVEN) {
        add(out, cap, &len, " disproven escape ");
        if (r.escape == -2)
            add(out, cap, &len, "end");
        else {
            put_square(word, sizeof word, r.escape);
            add(out, cap, &len, word);
        }
        return 0;
    }
    snprintf(word, sizeof word, " proven %d pv", r.length);
    add(out, cap, &len, word);
    for (int i = 0; i < r.pv_len; i++) {
        word[0] = ' ';
        put_square(word + 1, sizeof word - 1, r.pv[i]);
        add(out, cap, &len, word);
    }
    add(out, cap, &len, " corner ");
    put_square(word, sizeof word, r.corner);
    add(out, cap, &len, word);
    return 0;
}
