/* The `heuristic` player for Torus Hex: one ply, no search. It wins at
 * once when it can, blocks the opponent's immediate win, and otherwise
 * plays the cell of highest connection value (connect.c), ties
 * broken at random from the seed so that games vary. A baseline to measure
 * the searches against. */
#include "engine/clock.h"
#include "engine/player.h"
#include "engine/rng.h"
#include "torushex.h"
#include "engine/stop.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct heuristic {
    const struct game *g;
    struct rng rng;
};

/* A ranked cell: its value in points and in [0,1] for the mover. */
struct ranked {
    int cell, points;
    double winrate;
};

static bool heuristic_supports(const struct game *g)
{
    return strcmp(g->name, "TorusHex") == 0;
}

static void *heuristic_create(const struct game *g, const struct player_options *o)
{
    if (!heuristic_supports(g))
        return NULL;
    struct heuristic *p = malloc(sizeof *p);
    if (!p)
        return NULL;
    p->g = g;
    rng_seed(&p->rng, o->seed);
    return p;
}

static void heuristic_destroy(void *p) { free(p); }

/* Points mapped into [0,1]; only the order matters to the player. */
static double points_winrate(int points)
{
    return 1.0 / (1.0 + exp(-(double)points / 25.0));
}

/* Every empty cell with its value, best first; equal values in random
 * order. Immediate wins come first, then blocks of the opponent's wins
 * (hopeless, and valued so, when there are several), then the rest. */
static int rank_cells(const struct th_state *s, struct rng *rng, struct ranked *out)
{
    int nn = s->n * s->n, me = s->turn, you = TH_BLACK + TH_WHITE - me, k = 0;
    int value[TH_CELLS], threats = 0;
    uint32_t tiebreak[TH_CELLS];
    th_connect_values(s, value);
    for (int i = 0; i < nn; i++)
        if (!s->cell[i] && th_wins_at(s, i, you))
            threats++;
    for (int i = 0; i < nn; i++) {
        if (s->cell[i])
            continue;
        struct ranked r = { i, value[i], points_winrate(value[i]) };
        if (th_wins_at(s, i, me)) {
            r.points = 1 << 20;
            r.winrate = 1.0;
        } else if (threats && th_wins_at(s, i, you)) {
            r.points = (1 << 19) + value[i];
            r.winrate = threats == 1 ? points_winrate(value[i]) : 0.0;
        } else if (threats) {
            r.winrate = 0.0; /* the opponent wins next move */
        }
        tiebreak[k] = (uint32_t)(rng_next(rng) >> 32);
        out[k++] = r;
    }
    /* Insertion sort: at most 361 cells, once per move. */
    for (int a = 1; a < k; a++) {
        struct ranked r = out[a];
        uint32_t t = tiebreak[a];
        int b = a;
        while (b > 0 && (out[b - 1].points < r.points ||
                         (out[b - 1].points == r.points && tiebreak[b - 1] < t))) {
            out[b] = out[b - 1];
            tiebreak[b] = tiebreak[b - 1];
            b--;
        }
        out[b] = r;
        tiebreak[b] = t;
    }
    return k;
}

static void send_report(const struct search_limits *lim, const struct ranked *r, int k,
                        double start)
{
    struct search_report rep;
    memset(&rep, 0, sizeof rep);
    rep.depth = 1;
    rep.nodes = k;
    rep.elapsed = clock_now() - start;
    for (int i = 0; i < k && i < SEARCH_MAX_CANDIDATES; i++) {
        struct search_candidate *c = &rep.cand[rep.count++];
        c->move = r[i].cell;
        c->visits = 1;
        c->winrate = r[i].winrate;
        c->pv_len = 1;
        c->pv[0] = r[i].cell;
    }
    lim->report(lim->report_ctx, &rep);
}

/* analyze runs a player without limits until told to stop; a one-ply
 * player has nothing more to find, so it repeats its report. */
static void wait_for_stop(const struct search_limits *lim, const struct ranked *r, int k,
                          double start)
{
    double interval = lim->report_interval > 0 ? lim->report_interval : 1.0;
    double next = clock_now() + interval;
    struct timespec nap = { 0, 2000000 };
    while (!stop_requested(lim->stop)) {
        nanosleep(&nap, NULL);
        if (lim->report && clock_now() >= next) {
            send_report(lim, r, k, start);
            next = clock_now() + interval;
        }
    }
}

static move_t heuristic_genmove(void *vp, const void *st, const struct search_limits *lim)
{
    struct heuristic *p = vp;
    const struct th_state *s = st;
    double start = clock_now();
    struct ranked r[TH_CELLS];
    if (s->winner)
        return MOVE_PASS;
    int k = rank_cells(s, &p->rng, r);
    if (k == 0)
        return MOVE_PASS; /* unreachable: a full board has a winner */
    if (lim && lim->report)
        send_report(lim, r, k, start);
    if (lim && lim->stop && lim->seconds <= 0 && lim->playouts <= 0)
        wait_for_stop(lim, r, k, start);
    return r[0].cell;
}

const struct player_type torushex_heuristic_player = {
    .name = "heuristic",
    .doc = "Torus Hex one-ply connection heuristic: wins at once, blocks, else the best-connected cell",
    .supports = heuristic_supports,
    .create = heuristic_create,
    .destroy = heuristic_destroy,
    .genmove = heuristic_genmove,
};
