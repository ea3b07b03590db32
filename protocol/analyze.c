/* analyze: a worker thread runs the session's player with no budget but a
 * stop flag; each report is one line of `info move ... pv ...` entries,
 * best first, in the format Leela Zero and KataGo made common. */
#include "protocol/analyze.h"

#include "engine/clock.h"
#include "engine/stop.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct analysis {
    pthread_t thread;
    volatile int stop;
    const struct game *game;
    const struct player_type *ptype;
    void *player;
    unsigned char *root;       /* the position analysed */
    unsigned char *walk;       /* scratch for printing principal variations */
    FILE *out;
    struct search_limits lim;
    double deadline;           /* clock_now seconds; 0: no cap */
};

static void put_move(FILE *out, const struct game *g, const void *st, move_t m)
{
    char buf[64];
    if (g->format_move(st, m, buf, sizeof buf) < 0)
        snprintf(buf, sizeof buf, "?");
    fputs(buf, out);
}

/* The principal variation, played out on a copy so that every move is
 * formatted in its own position; it ends at the first move not legal. */
static void put_pv(struct analysis *a, const struct search_candidate *c)
{
    const struct game *g = a->game;
    memcpy(a->walk, a->root, g->state_size);
    fputs(" pv", a->out);
    int n = c->pv_len > 0 ? c->pv_len : 1;
    for (int i = 0; i < n && i < SEARCH_MAX_PV; i++) {
        move_t m = c->pv_len > 0 ? c->pv[i] : c->move;
        if (!game_is_legal(g, a->walk, m))
            break;
        fputc(' ', a->out);
        put_move(a->out, g, a->walk, m);
        g->play(a->walk, m);
    }
}

static void report(void *ctx, const struct search_report *r)
{
    struct analysis *a = ctx;
    if (stop_requested(&a->stop) || r->count <= 0)
        return;   /* the response may already be closed */
    for (int i = 0; i < r->count && i < SEARCH_MAX_CANDIDATES; i++) {
        const struct search_candidate *c = &r->cand[i];
        if (!game_is_legal(a->game, a->root, c->move))
            continue;
        fputs(i ? " info move " : "info move ", a->out);
        put_move(a->out, a->game, a->root, c->move);
        fprintf(a->out, " visits %ld winrate %.4f", c->visits, c->winrate);
        if (c->has_score)
            fprintf(a->out, " scoreLead %.2f", c->score);
        /* One token, so key-value parsers of the line stay in step. */
        for (int v = 0; v < c->nvalues && v < GAME_MAX_PLAYERS; v++)
            fprintf(a->out, "%s%.4f", v ? "," : " values ", c->values[v]);
        if (r->depth > 0)
            fprintf(a->out, " depth %d", r->depth);
        if (c->book)
            fputs(" source book", a->out);
        fprintf(a->out, " order %d", i);
        put_pv(a, c);
    }
    fputc('\n', a->out);
    fflush(a->out);
}

static void *run(void *arg)
{
    struct analysis *a = arg;
    a->ptype->genmove(a->player, a->root, &a->lim);
    return NULL;
}

static void free_analysis(struct analysis *a)
{
    free(a->root);
    free(a->walk);
    free(a);
}

void analysis_start(struct session *s, const struct gtp_command *cmd, FILE *out)
{
    s->analyze_request = false;
    const struct game *g = s->game;
    struct analysis *a = calloc(1, sizeof *a);
    if (a) {
        a->root = malloc(g->state_size);
        a->walk = malloc(g->state_size);
    }
    if (!a || !a->root || !a->walk) {
        if (a)
            free_analysis(a);
        gtp_respond(out, cmd, false, "out of memory");
        return;
    }
    /* The position after the forced passes that cmd_analyze checked. */
    memcpy(a->root, s->scratch, g->state_size);
    a->game = g;
    a->ptype = s->ptype;
    a->player = s->player;
    a->out = out;
    a->deadline = s->max_command_time > 0 ? clock_now() + s->max_command_time : 0;
    a->lim = (struct search_limits){
        .seconds = 0,
        .playouts = 0,
        .stop = &a->stop,
        .report = report,
        .report_ctx = a,
        .report_interval = s->analyze_interval,
    };
    fputc('=', out);
    if (cmd->has_id)
        fputs(cmd->id, out);
    fputc('\n', out);
    fflush(out);
    if (pthread_create(&a->thread, NULL, run, a) != 0) {
        fputs("\n", out);   /* an empty analysis, properly ended */
        fflush(out);
        free_analysis(a);
        return;
    }
    s->analysis = a;
}

void analysis_stop(struct session *s, FILE *out)
{
    struct analysis *a = s->analysis;
    if (!a)
        return;
    __atomic_store_n(&a->stop, 1, __ATOMIC_RELAXED);
    pthread_join(a->thread, NULL);
    s->analysis = NULL;
    fputs("\n", out);
    fflush(out);
    free_analysis(a);
}

void analysis_cap(struct session *s, FILE *out)
{
    if (!s->analysis)
        return;
    analysis_stop(s, out);   /* first: no info line comes after the note */
    if (s->popt.verbose > 0)
        fprintf(stderr, "analyze: ended by the command time limit (%g s)\n",
                s->max_command_time);
}

double analysis_deadline(const struct session *s)
{
    return s->analysis ? s->analysis->deadline : 0;
}
