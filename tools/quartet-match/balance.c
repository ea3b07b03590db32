/* An opening's value by the game's own fixed-depth search (balance.h). */
#include "balance.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int balance_search_open(struct balance_search *b, const struct game *g,
                        const struct game_options *o, int depth, int threads,
                        const char *eval, char *err, size_t cap)
{
    memset(b, 0, sizeof *b);
    b->g = g;
    b->gopt = *o;
    b->pt = player_default(g);
    if (g->num_players != 2 || !b->pt) {
        snprintf(err, cap, "--balance-search is for two-player games with a searching player");
        return -1;
    }
    player_options_default(&b->po);
    b->po.depth = depth;
    b->po.threads = threads;
    b->po.eval_file = eval;
    b->po.no_book = true;       /* the search's value, not the book's */
    b->po.exact_empties = -1;   /* the player's rule: solve when empties <= depth */
    b->po.seed = 1;
    b->po.verbose = 0;
    /* Every search clears the table: 64 MiB for each of 2,000 shallow
     * searches (a set's legality check at depth 1) cost more than the
     * searches. From depth 10 up (the prefilter) the table is the
     * player's own default, as the shipped sets were made with. */
    if (depth < 10)
        b->po.hash_mb = 1;
    b->pl = b->pt->create(g, &b->po);
    if (!b->pl) {
        snprintf(err, cap, "cannot create the %s player", b->pt->name);
        return -1;
    }
    return 0;
}

void balance_search_close(struct balance_search *b)
{
    if (b->pl)
        b->pt->destroy(b->pl);
    b->pl = NULL;
}

struct last_score {
    bool any;
    double score;
};

static void keep_score(void *ctx, const struct search_report *rep)
{
    struct last_score *ls = ctx;
    if (rep->count > 0 && rep->cand[0].has_score) {
        ls->any = true;
        ls->score = rep->cand[0].score;
    }
}

/* A fresh player: the table of one search must not change the next one's
 * value (searches at a fixed depth are deterministic from a clear table). */
static int fresh(struct balance_search *b)
{
    if (b->pt->reset) {
        b->pt->reset(b->pl);
        return 0;
    }
    b->pt->destroy(b->pl);
    b->pl = b->pt->create(b->g, &b->po);
    return b->pl ? 0 : -1;
}

/* First player minus second player on the board (a finished game). */
static double final_margin(const struct game *g, const void *st)
{
    int sc[GAME_MAX_PLAYERS] = {0};
    g->score(st, sc);
    return (double)(sc[0] - sc[1]);
}

int balance_search_value(struct balance_search *b, const struct opening *op, double *value)
{
    const struct game *g = b->g;
    unsigned char *st = malloc(g->state_size);
    if (!st)
        abort();
    g->init(st, &b->gopt);
    for (int i = 0; i < op->n; i++)
        g->play(st, op->moves[i]);
    int rc = -1;
    move_t mv[GAME_MAX_MOVES];
    /* A player answers a forced move without searching: the value is the
     * one after it (passes included), up to the end of the game. */
    for (int guard = 0; guard < 4 * MAX_OPENING_PLIES; guard++) {
        if (g->is_over(st)) {
            *value = final_margin(g, st);
            rc = 0;
            break;
        }
        if (g->legal_moves(st, mv) == 1) {
            g->play(st, mv[0]);
            continue;
        }
        if (fresh(b) != 0)
            break;
        struct last_score ls = {0};
        struct search_limits lim = {.report = keep_score, .report_ctx = &ls,
                                    .report_interval = 1e9};
        b->pt->genmove(b->pl, st, &lim);
        if (ls.any) {
            *value = g->to_move(st) == 0 ? ls.score : -ls.score;
            rc = 0;
        }
        break;
    }
    free(st);
    return rc;
}
