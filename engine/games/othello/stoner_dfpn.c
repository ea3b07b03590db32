/* The stoner prover: depth-first proof-number search (df-pn, with the
 * 1+epsilon threshold trick) over the attacker-OR / receiver-AND tree,
 * then the exact proof length by a bounded minimax over proven nodes.
 * Othello positions never repeat (every move adds a disc; two passes end
 * the game), so the search graph is acyclic and df-pn needs no cycle
 * handling; transpositions only make proof numbers overestimates. */
#include "stoner.h"
#include "engine/stop.h"

#include <stdlib.h>
#include <string.h>

#define PN_INF UINT32_MAX
#define DIST_INF 1000
#define MAX_CHILDREN 34 /* at most 33 legal Othello moves, or one pass */

enum { OPEN, WIN, LOSS };

/* A position of the proof: who is to move, and whether the attacker has
 * already played the trigger square (the receiver's corner moves stop
 * being escapes from then on). */
struct node {
    bb_t a, r;
    uint8_t att;    /* the attacker is to move */
    uint8_t trig;   /* the attacker has played the trigger square */
    int8_t trigger; /* the trigger square, -1 none */
};

struct tt_entry {
    bb_t a, r;
    uint32_t pn, dn;
    uint32_t work;   /* expansions spent below; deeper work is kept */
    uint16_t flags;  /* node_flags(); 0: unused */
};

/* Bounds on the proof length: lo <= length <= hi (hi DIST_INF unknown). */
struct dist_entry {
    bb_t a, r;
    uint16_t lo, hi;
    uint16_t flags;
};

struct stoner_prover {
    struct tt_entry *tt;
    size_t tt_mask;          /* entries - 1; buckets are entry pairs */
    struct dist_entry *dm;
    size_t dm_mask;
    const volatile int *stop;
    int stopped;
    int check_in;            /* calls until the stop flag is read again */
    uint64_t nodes;
};

static size_t pow2_below(size_t n)
{
    size_t p = 1;
    while (p * 2 <= n)
        p *= 2;
    return p;
}

struct stoner_prover *stoner_prover_new(size_t tt_bytes)
{
    if (tt_bytes < (1u << 20))
        tt_bytes = 1u << 20;
    struct stoner_prover *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    size_t n = pow2_below(tt_bytes / 4 * 3 / sizeof(struct tt_entry));
    size_t m = pow2_below(tt_bytes / 4 / sizeof(struct dist_entry));
    /* A bucket (two entries) is one cache line. */
    p->tt = aligned_alloc(64, n * sizeof *p->tt);
    p->dm = calloc(m, sizeof *p->dm);
    if (!p->tt || !p->dm) {
        stoner_prover_free(p);
        return NULL;
    }
    memset(p->tt, 0, n * sizeof *p->tt);
    p->tt_mask = n - 1;
    p->dm_mask = m - 1;
    return p;
}

void stoner_prover_free(struct stoner_prover *p)
{
    if (!p)
        return;
    free(p->tt);
    free(p->dm);
    free(p);
}

/* Everything but the discs that decides a node's value. Entries stay
 * valid from one proof to the next, so a prover keeps its tables. */
static uint16_t node_flags(const struct node *n)
{
    return (uint16_t)(1 + n->att + 2 * n->trig + 4 * (n->trig ? 0 : n->trigger + 1));
}

static uint64_t node_hash(const struct node *n)
{
    uint64_t h = n->a * 0x9e3779b97f4a7c15ULL;
    h ^= (n->r + node_flags(n)) * 0xc2b2ae3d27d4eb4fULL;
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ULL;
    return h ^ (h >> 29);
}

static bool same(const struct node *n, bb_t a, bb_t r, uint16_t flags)
{
    return a == n->a && r == n->r && flags == node_flags(n);
}

static struct tt_entry *tt_find(struct stoner_prover *p, const struct node *n)
{
    size_t i = node_hash(n) & p->tt_mask & ~(size_t)1;
    for (int k = 0; k < 2; k++)
        if (same(n, p->tt[i + k].a, p->tt[i + k].r, p->tt[i + k].flags))
            return &p->tt[i + k];
    return NULL;
}

static void tt_store(struct stoner_prover *p, const struct node *n,
                     uint32_t pn, uint32_t dn, uint64_t work)
{
    size_t i = node_hash(n) & p->tt_mask & ~(size_t)1;
    struct tt_entry *e = tt_find(p, n);
    if (!e) /* replace the entry that cost less to compute */
        e = p->tt[i].work <= p->tt[i + 1].work ? &p->tt[i] : &p->tt[i + 1];
    e->a = n->a;
    e->r = n->r;
    e->flags = node_flags(n);
    e->pn = pn;
    e->dn = dn;
    e->work = work > UINT32_MAX ? UINT32_MAX : (uint32_t)work;
}

/* Settles what the rules of the proof decide at once: WIN (the attacker
 * is to move with a corner move), LOSS (an escape: a corner move for the
 * receiver before the trigger, the game over, or both bottom corners taken
 * so that the attacker can never move there); else OPEN with the mover's
 * moves in *moves (0: a forced pass). */
static int status(const struct node *n, bb_t *moves)
{
    bb_t mine = n->att ? n->a : n->r, theirs = n->att ? n->r : n->a;
    bb_t m = bb_moves(mine, theirs);
    if ((m & STONER_CORNERS) && (n->att || !n->trig))
        return n->att ? WIN : LOSS;
    if (((n->a | n->r) & STONER_CORNERS) == STONER_CORNERS
        || (!m && !bb_moves(theirs, mine)))
        return LOSS;
    *moves = m;
    return OPEN;
}

static int children(const struct node *n,
                    bb_t moves, struct node *c, int *sq)
{
    if (!moves) {
        c[0] = *n;
        c[0].att ^= 1;
        sq[0] = STONER_PASS;
        return 1;
    }
    int k = 0;
    for (; moves; moves &= moves - 1, k++) {
        int s = bb_first(moves);
        bb_t b = 1ULL << s;
        if (n->att) {
            bb_t f = bb_flips(n->a, n->r, s);
            c[k].a = n->a | f | b;
            c[k].r = n->r & ~f;
            c[k].trig = n->trig | (s == n->trigger);
        } else {
            bb_t f = bb_flips(n->r, n->a, s);
            c[k].r = n->r | f | b;
            c[k].a = n->a & ~f;
            c[k].trig = n->trig;
        }
        c[k].att = !n->att;
        c[k].trigger = n->trigger;
        sq[k] = s;
    }
    return k;
}

static uint32_t sat_add(uint32_t x, uint32_t y)
{
    uint64_t s = (uint64_t)x + y;
    return s >= PN_INF ? PN_INF - 1 : (uint32_t)s;
}

/* Threshold for the best child given the second best value v2 (1+eps
 * trick: a little slack so that the search does not flip between two
 * near-equal children). */
static uint32_t next_threshold(uint32_t th, uint32_t v2)
{
    uint64_t t = v2 == PN_INF ? PN_INF : (uint64_t)v2 + v2 / 4 + 1;
    return t < th ? (uint32_t)t : th;
}

/* Proof and disproof numbers of a child seen for the first time. */
static void first_numbers(struct stoner_prover *p, const struct node *c,
                          uint32_t *pn, uint32_t *dn)
{
    struct tt_entry *e = tt_find(p, c);
    if (e) {
        *pn = e->pn;
        *dn = e->dn;
        return;
    }
    bb_t moves = 0;
    int st = status(c, &moves);
    if (st == WIN) {
        *pn = 0;
        *dn = PN_INF;
    } else if (st == LOSS) {
        *pn = PN_INF;
        *dn = 0;
    } else { /* the mover's mobility: more choices, harder to refute */
        uint32_t k = moves ? (uint32_t)bb_popcount(moves) : 1;
        *pn = c->att ? 1 : k;
        *dn = c->att ? k : 1;
    }
}

/* Reads the stop flag every 1024 calls. */
static bool should_stop(struct stoner_prover *p)
{
    if (!p->stopped && p->stop && --p->check_in <= 0) {
        p->check_in = 1024;
        p->stopped = stop_requested(p->stop);
    }
    return p->stopped;
}

/* Searches below n until its proof number reaches thpn or its disproof
 * number thdn; stores and returns both. */
static void mid(struct stoner_prover *p, const struct node *n, uint32_t thpn,
                uint32_t thdn, uint32_t *opn, uint32_t *odn)
{
    struct tt_entry *e = tt_find(p, n);
    if (e && (e->pn >= thpn || e->dn >= thdn)) {
        *opn = e->pn;
        *odn = e->dn;
        return;
    }
    p->nodes++;
    uint64_t work0 = p->nodes;
    bb_t moves = 0;
    int st = status(n, &moves);
    if (st != OPEN) {
        *opn = st == WIN ? 0 : PN_INF;
        *odn = st == WIN ? PN_INF : 0;
        tt_store(p, n, *opn, *odn, 1);
        return;
    }
    struct node c[MAX_CHILDREN];
    int sq[MAX_CHILDREN];
    uint32_t cpn[MAX_CHILDREN], cdn[MAX_CHILDREN];
    int k = children(n, moves, c, sq);
    for (int i = 0; i < k; i++) /* the table misses overlap */
        __builtin_prefetch(&p->tt[node_hash(&c[i]) & p->tt_mask & ~(size_t)1]);
    for (int i = 0; i < k; i++)
        first_numbers(p, &c[i], &cpn[i], &cdn[i]);
    /* An OR node (attacker to move) proves by one child, disproves by
     * all; an AND node the other way round. In the loop (x, y) are the
     * numbers (pn, dn) at OR nodes and (dn, pn) at AND nodes. */
    uint32_t *x = n->att ? cpn : cdn, *y = n->att ? cdn : cpn;
    uint32_t thx = n->att ? thpn : thdn, thy = n->att ? thdn : thpn;
    uint32_t vx, vy;
    for (;;) {
        int best = 0;
        uint32_t x2 = PN_INF;
        vx = PN_INF;
        vy = 0;
        for (int i = 0; i < k; i++) {
            if (x[i] < vx) {
                x2 = vx;
                vx = x[i];
                best = i;
            } else if (x[i] < x2) {
                x2 = x[i];
            }
            vy = sat_add(vy, y[i]);
        }
        if (vx == 0)
            vy = PN_INF;
        if (vx >= thx || vy >= thy || should_stop(p))
            break;
        uint64_t ty = (uint64_t)thy - vy + y[best];
        uint32_t cthx = next_threshold(thx, x2);
        uint32_t cthy = ty >= PN_INF ? PN_INF : (uint32_t)ty;
        if (n->att)
            mid(p, &c[best], cthx, cthy, &cpn[best], &cdn[best]);
        else
            mid(p, &c[best], cthy, cthx, &cpn[best], &cdn[best]);
    }
    *opn = n->att ? vx : vy;
    *odn = n->att ? vy : vx;
    tt_store(p, n, *opn, *odn, p->nodes - work0 + 1);
}

/* Proves or disproves n completely (or until stopped). */
static int solve(struct stoner_prover *p, const struct node *n)
{
    uint32_t pn = 1, dn = 1;
    struct tt_entry *e = tt_find(p, n);
    if (e) {
        pn = e->pn;
        dn = e->dn;
    }
    while (pn != 0 && dn != 0 && !p->stopped)
        mid(p, n, PN_INF, PN_INF, &pn, &dn);
    return pn == 0 ? STONER_PROVEN : dn == 0 ? STONER_DISPROVEN : STONER_STOPPED;
}

static struct dist_entry *dm_slot(struct stoner_prover *p, const struct node *n)
{
    return &p->dm[node_hash(n) & p->dm_mask];
}

/* Attacker moves in the order to try them: proven first, then by proof
 * number (the df-pn table's guess of the easiest win). */
static void attacker_order(struct stoner_prover *p, const struct node *c, int k,
                           int *order)
{
    uint32_t key[MAX_CHILDREN];
    for (int i = 0; i < k; i++) {
        struct tt_entry *t = tt_find(p, &c[i]);
        key[i] = t ? t->pn : 1;
        int j = i;
        for (; j > 0 && key[order[j - 1]] > key[i]; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
}

/* The exact proof length of n (attacker shortest, receiver longest) when
 * it is at most bound, else DIST_INF: a plain bounded AND/OR search, so
 * exact whatever the df-pn table holds; the table only orders the
 * attacker's moves and skips those already disproven (they cannot win at
 * any length). Called with bounds 1, 2, 3, ... the first success is the
 * length, and the lower bounds kept in the memo spare the repeats. */
static int dist(struct stoner_prover *p, const struct node *n, int bound)
{
    bb_t moves = 0;
    int st = status(n, &moves);
    if (st == WIN)
        return 0;
    if (st == LOSS || bound <= 0 || should_stop(p))
        return DIST_INF;
    struct dist_entry *e = dm_slot(p, n);
    bool known = same(n, e->a, e->r, e->flags);
    if (known && e->lo > bound)
        return DIST_INF;
    if (known && e->lo == e->hi)
        return e->hi;
    struct node c[MAX_CHILDREN];
    int sq[MAX_CHILDREN];
    int k = children(n, moves, c, sq), result;
    if (n->att) {
        int order[MAX_CHILDREN];
        attacker_order(p, c, k, order);
        result = DIST_INF;
        for (int j = 0; j < k; j++) {
            int i = order[j];
            int limit = (result < bound + 1 ? result - 1 : bound) - 1;
            if (limit < 0)
                break;
            struct tt_entry *t = tt_find(p, &c[i]);
            if (t && t->dn == 0)
                continue; /* disproven: no win at any length */
            int d = dist(p, &c[i], limit);
            if (d != DIST_INF)
                result = d + 1;
        }
    } else {
        result = 0;
        for (int i = 0; i < k && result != DIST_INF; i++) {
            int d = dist(p, &c[i], bound - 1);
            result = d == DIST_INF ? DIST_INF : d + 1 > result ? d + 1 : result;
        }
    }
    if (p->stopped)
        return DIST_INF;
    e = dm_slot(p, n); /* the recursion may have reused the slot */
    if (!same(n, e->a, e->r, e->flags)) {
        e->a = n->a;
        e->r = n->r;
        e->flags = node_flags(n);
        e->lo = 0;
        e->hi = DIST_INF;
    }
    if (result == DIST_INF) {
        if (e->lo < bound + 1)
            e->lo = (uint16_t)(bound + 1);
    } else {
        e->lo = e->hi = (uint16_t)result;
    }
    return result;
}

/* Follows one line of the proof: the receiver resisting longest, the
 * attacker winning fastest. */
static void principal_line(struct stoner_prover *p, struct node n, int length,
                           struct stoner_result *res)
{
    res->pv_len = 0;
    for (int d = length; d > 0 && !p->stopped; d--) {
        bb_t moves = 0;
        status(&n, &moves);
        struct node c[MAX_CHILDREN];
        int sq[MAX_CHILDREN];
        int k = children(&n, moves, c, sq), i;
        for (i = 0; i < k; i++)
            if (dist(p, &c[i], d - 1) == d - 1)
                break;
        if (i == k)
            return; /* cannot happen once the length is exact */
        if (res->pv_len < STONER_PV_MAX)
            res->pv[res->pv_len++] = sq[i];
        n = c[i];
    }
    bb_t corner = bb_moves(n.a, n.r) & STONER_CORNERS;
    res->corner = corner ? bb_first(corner) : -1; /* none when stopped */
}

int stoner_prove(struct stoner_prover *p, bb_t A, bb_t R, int trigger,
                 const volatile int *stop, struct stoner_result *res)
{
    memset(res, 0, sizeof *res);
    p->stop = stop;
    p->stopped = 0;
    p->check_in = 0;
    p->nodes = 0;
    res->escape = -2;
    res->corner = -1;
    if (trigger < -1 || trigger > 63)
        trigger = -1;
    struct node root = {A, R, 0, trigger < 0, (int8_t)trigger};
    res->status = solve(p, &root);
    if (res->status == STONER_DISPROVEN) {
        bb_t moves = 0;
        if (status(&root, &moves) == LOSS) {
            bb_t corner = bb_moves(R, A) & STONER_CORNERS;
            res->escape = corner && !root.trig ? bb_first(corner) : -2;
        } else {
            struct node c[MAX_CHILDREN];
            int sq[MAX_CHILDREN];
            int k = children(&root, moves, c, sq);
            for (int i = 0; i < k && res->escape == -2; i++)
                if (solve(p, &c[i]) == STONER_DISPROVEN)
                    res->escape = sq[i];
        }
    } else if (res->status == STONER_PROVEN) {
        int d = DIST_INF;
        for (int b = 1; b < DIST_INF && d == DIST_INF && !p->stopped; b++)
            d = dist(p, &root, b);
        res->length = d;
        principal_line(p, root, d, res);
    }
    if (p->stopped)
        res->status = STONER_STOPPED;
    res->nodes = p->nodes;
    return res->status;
}
