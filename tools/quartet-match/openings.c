/* Opening files, the random opening generator and its balance filter. */
#include "openings.h"
#include "engine/player.h"
#include "engine/rng.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static void push(struct opening_list *l, const struct opening *op)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->v = realloc(l->v, (size_t)l->cap * sizeof *l->v);
        if (!l->v)
            abort();
    }
    l->v[l->n++] = *op;
}

void openings_free(struct opening_list *l)
{
    free(l->v);
    *l = (struct opening_list){0};
}

/* Plays forced passes until the player to move has a real move. */
static int play_forced_passes(const struct game *g, void *st, struct opening *op)
{
    move_t mv[GAME_MAX_MOVES];
    while (!g->is_over(st) && g->legal_moves(st, mv) == 1 && mv[0] == MOVE_PASS) {
        if (op->n >= MAX_OPENING_PLIES)
            return -1;
        g->play(st, MOVE_PASS);
        op->moves[op->n++] = MOVE_PASS;
    }
    return 0;
}

int opening_parse(const struct game *g, const struct game_options *o, const char *text,
                  struct opening *op, char *err, size_t cap)
{
    unsigned char *st = malloc(g->state_size);
    if (!st)
        abort();
    g->init(st, o);
    op->n = 0;
    snprintf(op->text, sizeof op->text, "%s", "");
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", text);
    int rc = 0;
    size_t tl = 0;
    for (char *save, *tok = strtok_r(buf, " \t,\r\n", &save); tok;
         tok = strtok_r(NULL, " \t,\r\n", &save)) {
        for (char *c = tok; *c; c++)
            *c = (char)tolower((unsigned char)*c);
        move_t m;
        bool pass = strcmp(tok, "pass") == 0;
        if (!pass && play_forced_passes(g, st, op) != 0) {
            snprintf(err, cap, "opening too long");
            rc = -1;
            break;
        }
        if (pass)
            m = MOVE_PASS;
        else if (g->parse_move(st, tok, &m) != 0) {
            snprintf(err, cap, "not a move: %s", tok);
            rc = -1;
            break;
        }
        if (g->is_over(st) || !game_is_legal(g, st, m)) {
            snprintf(err, cap, "illegal move: %s", tok);
            rc = -1;
            break;
        }
        if (op->n >= MAX_OPENING_PLIES) {
            snprintf(err, cap, "opening too long");
            rc = -1;
            break;
        }
        g->play(st, m);
        op->moves[op->n++] = m;
        int w = snprintf(op->text + tl, sizeof op->text - tl, "%s%s", tl ? " " : "", tok);
        if (w > 0 && (size_t)w < sizeof op->text - tl)
            tl += (size_t)w;
    }
    if (rc == 0 && play_forced_passes(g, st, op) != 0) {
        snprintf(err, cap, "opening too long");
        rc = -1;
    }
    if (rc == 0 && g->is_over(st)) {
        snprintf(err, cap, "the game is over after this opening");
        rc = -1;
    }
    op->key = g->hash(st);
    free(st);
    return rc;
}

int openings_read(const struct game *g, const struct game_options *o, const char *path,
                  struct opening_list *l, char *err, size_t cap)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, cap, "%s: %s", path, strerror(errno));
        return -1;
    }
    char line[4096];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        if (strspn(line, " \t,\r\n") == strlen(line))
            continue;
        struct opening op;
        char why[128];
        if (opening_parse(g, o, line, &op, why, sizeof why) != 0) {
            snprintf(err, cap, "%s:%d: %s", path, lineno, why);
            fclose(f);
            return -1;
        }
        push(l, &op);
    }
    fclose(f);
    if (l->n == 0) {
        snprintf(err, cap, "%s: no openings", path);
        return -1;
    }
    return 0;
}

struct best_seen {
    double winrate;
    bool any;
};

static void keep_report(void *ctx, const struct search_report *rep)
{
    struct best_seen *b = ctx;
    if (rep->count > 0) {
        b->winrate = rep->cand[0].winrate;
        b->any = true;
    }
}

double opening_balance(const struct game *g, const struct game_options *o,
                       const struct opening *op, const char *player, long playouts,
                       uint64_t seed)
{
    unsigned char *st = malloc(g->state_size);
    if (!st)
        abort();
    g->init(st, o);
    for (int i = 0; i < op->n; i++)
        g->play(st, op->moves[i]);
    const struct player_type *pt = player_find(player ? player : "flat-mc");
    struct player_options po;
    player_options_default(&po);
    po.threads = 1;
    po.playouts = playouts;
    po.seed = seed;
    double p = 0.5;
    void *pl = pt ? pt->create(g, &po) : NULL;
    if (pl) {
        struct best_seen b = {0};
        struct search_limits lim = {.playouts = playouts, .report = keep_report,
                                    .report_ctx = &b, .report_interval = 1e9};
        pt->genmove(pl, st, &lim);
        pt->destroy(pl);
        /* The best move's value for the mover; player 0's view of it. */
        if (b.any)
            p = g->to_move(st) == 0 ? b.winrate : 1 - b.winrate;
    }
    free(st);
    return p;
}

static bool already_have(const struct opening_list *l, const struct opening *op)
{
    /* By position: two move orders reaching one position are one opening. */
    for (int i = 0; i < l->n; i++)
        if (l->v[i].key == op->key)
            return true;
    return false;
}

/* One random opening of gen->plies real moves; -1 if the game ended. */
static int random_opening(const struct game *g, const struct game_options *o, int plies,
                          struct rng *r, struct opening *op)
{
    unsigned char *st = malloc(g->state_size);
    if (!st)
        abort();
    g->init(st, o);
    op->n = 0;
    size_t tl = 0;
    op->text[0] = '\0';
    move_t mv[GAME_MAX_MOVES];
    int rc = 0;
    for (int k = 0; k < plies && rc == 0; k++) {
        if (play_forced_passes(g, st, op) != 0 || g->is_over(st) || op->n >= MAX_OPENING_PLIES) {
            rc = -1;
            break;
        }
        int n = g->legal_moves(st, mv);
        move_t m = mv[rng_below(r, (uint32_t)n)];
        char t[32];
        g->format_move(st, m, t, sizeof t);
        g->play(st, m);
        op->moves[op->n++] = m;
        int w = snprintf(op->text + tl, sizeof op->text - tl, "%s%s", tl ? " " : "", t);
        if (w > 0 && (size_t)w < sizeof op->text - tl)
            tl += (size_t)w;
    }
    if (rc == 0 && (play_forced_passes(g, st, op) != 0 || g->is_over(st)))
        rc = -1;
    op->key = g->hash(st);
    free(st);
    return rc;
}

int openings_generate(const struct game *g, const struct game_options *o,
                      const struct opening_gen *gen, int count, struct opening_list *l)
{
    struct rng r;
    rng_seed(&r, gen->seed);
    int made = 0;
    long tries = 0, max_tries = 2000L * count + 10000;
    struct opening_list mine = {0};
    while (made < count && tries++ < max_tries) {
        struct opening op;
        if (random_opening(g, o, gen->plies, &r, &op) != 0 || already_have(&mine, &op))
            continue;
        if (gen->playouts > 0) {
            double p = opening_balance(g, o, &op, gen->player, gen->playouts, rng_next(&r));
            if (p < 0.5 - gen->tolerance || p > 0.5 + gen->tolerance)
                continue;
        }
        push(&mine, &op);
        push(l, &op);
        made++;
    }
    openings_free(&mine);
    return made;
}
