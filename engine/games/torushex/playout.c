/* Torus Hex knowledge for Monte-Carlo tree search (struct game_mcts): the
 * policy playout (random fill with the bridge-save reply, one winner pass
 * at the end, AMAF trace), priors from the connection values, and the
 * root tactics (win at once, else block). */
#include "engine/game.h"
#include "engine/rng.h"
#include "torushex.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

/* The reply that keeps a bridge: the opponent's last stone took one of two
 * empty cells shared by two stones of the mover; around that stone those
 * stones are ring neighbours k and k+2 and the other shared cell is k+1.
 * The answer depends only on the six neighbours' contents, so a table
 * indexed by them (two bits each) holds it: ring index + 1, or 0 when no
 * bridge was broken. One table per mover colour. */
static uint8_t save_table[2][1 << 12];
static pthread_once_t save_once = PTHREAD_ONCE_INIT;

static void save_build(void)
{
    for (int mover = TH_BLACK; mover <= TH_WHITE; mover++)
        for (int code = 0; code < 1 << 12; code++) {
            int v[6], answer = 0;
            for (int k = 0; k < 6; k++)
                v[k] = (code >> (2 * k)) & 3;
            for (int k = 5; k >= 0; k--)
                if (v[k] == mover && v[(k + 2) % 6] == mover && v[(k + 1) % 6] == TH_EMPTY)
                    answer = (k + 1) % 6 + 1;
            save_table[mover - 1][code] = (uint8_t)answer;
        }
}

/* The cell that saves the mover's bridge broken by the stone whose ring is
 * `around`, or -1. */
static inline int bridge_save(const uint8_t *cell, const int16_t *around, const uint8_t *table)
{
    int code = cell[around[0]] | cell[around[1]] << 2 | cell[around[2]] << 4 |
               cell[around[3]] << 6 | cell[around[4]] << 8 | cell[around[5]] << 10;
    int k = table[code];
    return k ? around[k - 1] : -1;
}

static void trace_add(struct playout_trace *t, int move, int colour)
{
    if (t && t->n < PLAYOUT_TRACE_MAX) {
        t->move[t->n] = move;
        t->player[t->n] = (int8_t)(colour - 1);
        t->n++;
    }
}

/* Fills the empty cells in random order, alternating colours from the
 * side to move, except that a stone breaking a bridge is answered in the
 * bridge's other cell. The winner of the full board is the winner of the
 * game played move by move (the first winning loop can never be met by
 * one of the other side), so one pass at the end decides it. */
static void th_policy_playout(void *st, struct rng *rg, struct playout_trace *trace)
{
    struct th_state *s = st;
    if (s->winner)
        return;
    int n = s->n, nn = n * n, e = 0;
    int16_t empty[TH_CELLS], pos[TH_CELLS];
    if (th_swap_ok(s) && rng_below(rg, (uint32_t)(nn - s->stones + 1)) == 0) {
        trace_add(trace, th_swap_move(s), s->turn);
        th_do_swap(s);
    }
    for (int i = 0; i < nn; i++)
        if (!s->cell[i]) {
            pos[i] = (int16_t)e;
            empty[e++] = (int16_t)i;
        }
    const int16_t *ring = th_ring(n);
    pthread_once(&save_once, save_build);
    uint8_t *cell = s->cell;
    uint64_t h = s->hash;
    int colour = s->turn, last = s->last;
    for (int k = 0; k < e; k++) {
        int save = last >= 0 ? bridge_save(cell, ring + last * 6, save_table[colour - 1]) : -1;
        int j = save >= 0 ? pos[save] : k + (int)rng_below(rg, (uint32_t)(e - k));
        int16_t t = empty[j];
        empty[j] = empty[k];
        pos[empty[k]] = (int16_t)j;
        empty[k] = t;
        cell[t] = (uint8_t)colour;
        h ^= th_key(t, colour);
        trace_add(trace, t, colour);
        last = t;
        colour = TH_BLACK + TH_WHITE - colour;
    }
    if (e & 1)
        h ^= TH_KEY_WHITE_TO_MOVE;
    s->turn = (uint8_t)colour;
    s->hash = h;
    s->last = (int16_t)last;
    s->plies = (uint16_t)(s->plies + e);
    s->stones = (uint16_t)nn;
    s->winner = (uint8_t)th_full_board_winner(s);
    s->class_known = 0;
}

/* The cells where a stone of `colour` wins at once. */
static int winning_cells(const struct th_state *s, int colour, move_t *out)
{
    int nn = s->n * s->n, k = 0;
    for (int i = 0; i < nn; i++)
        if (!s->cell[i] && th_wins_at(s, i, colour))
            out[k++] = i;
    return k;
}

/* A single stone blocks nothing but its own cell, so the blocks of the
 * opponent's immediate wins are exactly those cells (several of them: the
 * game is lost, and the search picks the best loser). */
static int th_forced_moves(const void *st, move_t *out)
{
    const struct th_state *s = st;
    if (s->winner)
        return 0;
    int k = winning_cells(s, s->turn, out);
    return k ? k : winning_cells(s, TH_BLACK + TH_WHITE - s->turn, out);
}

/* Prior weight in virtual visits and the value scale (points at which a
 * cell's prior is 0.5 + 0.45 tanh 1). Measured at --tc 0.2, 11x11, one
 * thread: weight 20 beat no priors 39-21, 40 beat 20 38-22, 80 beat 40
 * 74-46 over 120 games, 160 against 80 was even; the scale (15, 30, 60)
 * made no clear difference. */
#define PRIOR_WEIGHT 80.0f
#define PRIOR_SCALE 30.0f

/* Connection values as virtual results: a strong cell starts as a
 * likely win, a cell doing nothing for either side near even. */
static void th_priors(const void *st, const move_t *moves, int n, float *value, float *weight)
{
    const struct th_state *s = st;
    int points[TH_CELLS], nn = s->n * s->n;
    th_connect_values(s, points);
    for (int i = 0; i < n; i++) {
        if (moves[i] < 0 || moves[i] >= nn)
            continue; /* swap: no opinion */
        value[i] = 0.5f + 0.45f * tanhf((float)points[moves[i]] / PRIOR_SCALE);
        weight[i] = PRIOR_WEIGHT;
    }
}

const struct game_mcts torushex_mcts = {
    .playout = th_policy_playout,
    .amaf = true,
    .priors = th_priors,
    .forced_moves = th_forced_moves,
};
