/* Separo knowledge for Monte-Carlo tree search: the policy playout behind
 * `separo_game.mcts` (RULES.md section 3 for the rules it plays by).
 *
 * A region appears only when a move closes a cycle of the mover's roots.
 * By Euler's formula (see separo_regions.c) a move adds
 *     dF = new roots off the border + new crossings - newly touched inner points
 * faces, an O(1) count; the regions that score grow by at most dF, and by
 * exactly dF unless a new face is a small one (about 70% of closing moves
 * in random games gain a region). The playout leans on that bound:
 *   1. a few uniform samples of the mover's moves; the first that closes a
 *      cycle is played;
 *   2. else a few samples of the opponent's moves; the first that would
 *      close a cycle is blocked, by a move putting a stone on its middle
 *      point or its fresh end point, when the mover has one;
 *   3. else a uniform move.
 * Sampling keeps the randomness and costs little where nothing is found. */
#include "separo.h"
#include "../game.h"
#include "../rng.h"

#include <pthread.h>
#include <stdlib.h>

typedef struct separo_state S;

#define B(d) (1u << (d))

/* Samples per ply for steps 1 and 2 (see the top comment). */
struct sep_policy {
    int own_tries, block_tries, exact;
};

static struct sep_policy policy = { SEP_OWN_TRIES, SEP_BLOCK_TRIES, 0 };
static pthread_once_t policy_once = PTHREAD_ONCE_INIT;

/* TEMPORARY (match experiments): QUARTET_SEP_POLICY="own,block". */
static void policy_init(void)
{
    const char *e = getenv("QUARTET_SEP_POLICY");
    if (e) {
        char *end;
        policy.own_tries = (int)strtol(e, &end, 10);
        if (*end == ',')
            policy.block_tries = (int)strtol(end + 1, &end, 10);
        if (*end == ',')
            policy.exact = (int)strtol(end + 1, NULL, 10);
    }
}

/* Writes the moves of player o that put a stone on the empty point c
 * (as middle point or as end point) and returns their count (<= 16). */
static int moves_onto(const S *s, int o, int c, int *out)
{
    int n = 0;
    for (int k = 0; k < 8; k++) {
        int mid = c - s->dof[separo_mdiag[k]], end = mid - s->dof[separo_morth[k]];
        if ((s->legal[o][mid >> 3] >> ((mid & 7) * 8 + k)) & 1)
            out[n++] = mid * 8 + k;
        if ((s->legal[o][end >> 3] >> ((end & 7) * 8 + k)) & 1)
            out[n++] = end * 8 + k;
    }
    return n;
}

static inline int uniform_move(const S *s, int o, struct rng *r)
{
    return separo_nth_move(s, o, rng_below(r, (uint32_t)s->count[o]));
}

/* A move that blocks a cycle the opponent could close, or -1. */
static int block_move(const S *s, struct rng *r, int tries)
{
    int me = s->side, op = me ^ 1;
    if (s->count[op] == 0)
        return -1;
    for (int t = 0; t < tries; t++) {
        int m = uniform_move(s, op, r);
        if (separo_move_faces(s, m, op + 1) <= 0)
            continue;
        int p1, p2, p3, cand[32], n;
        separo_move_points(s, m, &p1, &p2, &p3);
        n = moves_onto(s, me, p2, cand);
        if (s->cell[p3] == SEP_EMPTY)
            n += moves_onto(s, me, p3, cand + n);
        if (n)
            return cand[rng_below(r, (uint32_t)n)];
    }
    return -1;
}

/* EXPERIMENT: whether m really gains the mover a region. */
static int gains(const S *s, int m)
{
    if (!policy.exact)
        return separo_move_faces(s, m, s->side + 1) > 0;
    return separo_move_gain(s, m, s->side + 1) > 0;
}

/* The policy's move for the side to move (which has a move). */
int separo_policy_move(const S *s, struct rng *r)
{
    pthread_once(&policy_once, policy_init);
    int me = s->side, m = uniform_move(s, me, r);
    for (int t = 1; t < policy.own_tries && !gains(s, m); t++)
        m = uniform_move(s, me, r);
    if (policy.block_tries && separo_move_faces(s, m, me + 1) <= 0) {
        int b = block_move(s, r, policy.block_tries);
        if (b >= 0)
            m = b;
    }
    return m;
}

static void sep_policy_playout(void *st, struct rng *r, struct playout_trace *trace)
{
    S *s = st;
    for (;;) {
        int o = s->side;
        if (s->count[o] == 0) {
            if (s->count[o ^ 1] == 0)
                return;
            s->side ^= 1;
            continue;
        }
        int m = separo_policy_move(s, r);
        if (trace && trace->n < PLAYOUT_TRACE_MAX) {
            trace->move[trace->n] = m;
            trace->player[trace->n++] = (int8_t)o;
        }
        separo_apply(s, m);
    }
}

const struct game_mcts separo_mcts = {
    .playout = sep_policy_playout,
    .amaf = true,
    .priors = NULL,
    .forced_moves = NULL,
};
