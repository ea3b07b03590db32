/* NBoard protocol: go, hint and analyze. A search runs in a worker thread
 * with a stop flag of its own, which this thread sets when the runner's
 * flag is set (a new line came in) and which the reports set once the
 * wanted depth is reached; the reports become `search`/`book` lines and
 * `status` lines while it thinks. */
#include "protocol/nboard.h"

#include "engine/clock.h"
#include "engine/stop.h"

#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define STATUS_INTERVAL 1.0   /* seconds between progress status lines */

enum think_mode { THINK_GO, THINK_HINT, THINK_ANALYZE };

/* One search and what its reports left. */
struct think {
    struct nboard *nb;
    const struct game *g;
    enum think_mode mode;
    const unsigned char *root;  /* the position searched */
    unsigned char *walk;        /* scratch for principal variations */
    bool pass_first;            /* root came after a forced pass: lines
                                   start with PA, values turn sign */
    volatile int stop;
    volatile int done;
    /* hint: stop at depth `depth`, or only once exact with to_end. */
    int depth;
    bool to_end;
    double seconds;             /* go: the budget; 0: none */
    int want;                   /* lines per report (hint) */
    const move_t *exclude;      /* moves left out of the lines (hint) */
    int nexclude;
    int shown_depth;            /* the depth of the last lines; -1: none */
    bool shown_exact;
    double next_status;
    /* The book's moves, when the report came from the book. */
    int nbook;
    move_t book[SEARCH_MAX_CANDIDATES];
    struct search_report last;  /* the book's report, or the first of the
                                   deepest depth; count 0: none */
    long nodes;                 /* of the last report */
    double elapsed;
    const struct player_type *pt;
    void *player;
    struct search_limits lim;
    move_t chosen;
};

static bool excluded(const struct think *t, move_t m)
{
    for (int i = 0; i < t->nexclude; i++)
        if (t->exclude[i] == m)
            return true;
    return false;
}

/* The variation as one word, "F5D6C3", played out on a copy so that every
 * move is written in its own position; it ends at the first move that is
 * not legal there. */
static void pv_word(struct think *t, const struct search_candidate *c, char *buf, size_t cap)
{
    const struct game *g = t->g;
    size_t len = 0;
    buf[0] = '\0';
    if (t->pass_first)
        len = (size_t)snprintf(buf, cap, "PA");
    memcpy(t->walk, t->root, g->state_size);
    int n = c->pv_len > 0 ? c->pv_len : 1;
    for (int i = 0; i < n && i < SEARCH_MAX_PV && len + 8 < cap; i++) {
        move_t m = c->pv_len > 0 ? c->pv[i] : c->move;
        if (!game_is_legal(g, t->walk, m))
            break;
        nboard_format_move(g, t->walk, m, buf + len, cap - len);
        len += strlen(buf + len);
        g->play(t->walk, m);
    }
}

/* `search PV EVAL 0 DEPTH` or `book PV EVAL 0 DEPTH`: the eval in discs
 * for the side to move, the depth "100%" once exact (the spec's code of
 * an exact solve). A book's game count is not known: 0. */
static void put_line(struct think *t, const struct search_report *r,
                     const struct search_candidate *c)
{
    char pv[SEARCH_MAX_PV * 8 + 8], depth[16];
    pv_word(t, c, pv, sizeof pv);
    double v = t->pass_first ? -c->score : c->score;
    if (r->exact && !c->book)
        snprintf(depth, sizeof depth, "100%%");
    else
        snprintf(depth, sizeof depth, "%d", r->depth);
    nboard_line(t->nb, "%s %s %.2f 0 %s", c->book ? "book" : "search", pv, v, depth);
}

/* The lines of one report: hint's best `want` moves (not excluded), go's
 * best move; each depth once. */
static void show(struct think *t, const struct search_report *r)
{
    /* Reports between iterations repeat the last one's values. */
    if (r->depth == t->shown_depth && r->exact == t->shown_exact)
        return;
    t->shown_depth = r->depth;
    t->shown_exact = r->exact;
    t->last = *r;
    if (t->mode == THINK_ANALYZE)
        return;
    int want = t->mode == THINK_HINT ? t->want : 1;
    for (int i = 0, shown = 0; i < r->count && shown < want; i++) {
        const struct search_candidate *c = &r->cand[i];
        if (!c->has_score || excluded(t, c->move) || !game_is_legal(t->g, t->root, c->move))
            continue;
        put_line(t, r, c);
        shown++;
    }
}

static void on_report(void *ctx, const struct search_report *r)
{
    struct think *t = ctx;
    if (stop_requested(&t->stop) || r->count <= 0)
        return;   /* stopping: nothing more for this search */
    t->nodes = r->nodes;
    t->elapsed = r->elapsed;
    if (r->cand[0].book) {
        t->last = *r;
        t->nbook = r->count;
        for (int i = 0; i < r->count; i++)
            t->book[i] = r->cand[i].move;
        if (t->mode == THINK_HINT) {
            show(t, r);
            __atomic_store_n(&t->stop, 1, __ATOMIC_RELAXED);   /* the book is all */
        }
        return;
    }
    show(t, r);
    double now = clock_now();
    if (t->mode != THINK_ANALYZE && now >= t->next_status) {
        t->next_status = now + STATUS_INTERVAL;
        nboard_line(t->nb, "status Quartet: depth %s%d, %ld nodes, %.1f s",
                    r->exact ? "exact " : "", r->depth, r->nodes, r->elapsed);
    }
    if (t->mode == THINK_HINT && (r->exact || (!t->to_end && r->depth >= t->depth)))
        __atomic_store_n(&t->stop, 1, __ATOMIC_RELAXED);
}

static void *think_main(void *arg)
{
    struct think *t = arg;
    t->chosen = t->pt->genmove(t->player, t->root, &t->lim);
    __atomic_store_n(&t->done, 1, __ATOMIC_RELEASE);
    return NULL;
}

/* Runs the search of t to its end, or until a new line stops it. */
static void think_run(struct think *t)
{
    struct nboard *nb = t->nb;
    t->lim = (struct search_limits){
        .seconds = t->seconds,
        .playouts = 0,
        .stop = &t->stop,
        .report = on_report,
        .report_ctx = t,
        .report_interval = 0.25,
    };
    t->shown_depth = -1;
    t->last.count = 0;
    t->nodes = 0;
    t->elapsed = 0;
    t->next_status = clock_now() + STATUS_INTERVAL;
    if (stop_requested(nb->s->stop))
        t->stop = 1;
    pthread_t th;
    if (pthread_create(&th, NULL, think_main, t) != 0) {
        think_main(t);   /* no thread: unstoppable, but answered */
    } else {
        while (!__atomic_load_n(&t->done, __ATOMIC_ACQUIRE)) {
            if (stop_requested(nb->s->stop))
                __atomic_store_n(&t->stop, 1, __ATOMIC_RELAXED);
            nanosleep(&(struct timespec){0, 1000000}, NULL);
        }
        pthread_join(th, NULL);
    }
    nb->last_nodes = t->nodes;
    nb->last_seconds = t->elapsed;
}

static bool think_init(struct think *t, struct nboard *nb, enum think_mode mode,
                       const unsigned char *root)
{
    memset(t, 0, sizeof *t);
    t->nb = nb;
    t->g = nb->s->game;
    t->mode = mode;
    t->root = root;
    t->walk = malloc(t->g->state_size);
    return t->walk != NULL;
}

static void put_nodestats(struct nboard *nb)
{
    nboard_line(nb, "nodestats %lld %.2f", nb->last_nodes, nb->last_seconds);
}

/* ---- go ---- */

/* The time go may spend when the game has a clock (GGF's TI): what the
 * mover has left shared out over its remaining moves as GTP's clock does
 * (engine/timectl.c); 0, no limit but the depth, without a clock. */
static double go_budget(const struct nboard *nb)
{
    const struct session *s = nb->s;
    const struct game *g = s->game;
    int p = g->to_move(s->state);
    if (nb->clock_main <= 0 || p < 0)
        return 0;
    struct time_control tc;
    timectl_init(&tc);
    timectl_settings(&tc, nb->clock_main, 0, 0);
    double left = nb->clock_main - nb->clock_used[p];
    timectl_left(&tc, p, left > 0 ? left : 0, 0);
    double b = timectl_budget(&tc, p, s->popt.time_per_move,
                              g->moves_left ? g->moves_left(s->state) : 0);
    return b > 0.001 ? b : 0.001;
}

void nboard_go(struct nboard *nb)
{
    struct session *s = nb->s;
    const struct game *g = s->game;
    move_t moves[GAME_MAX_MOVES];
    if (g->is_over(s->state)) {
        nboard_error(nb, "the game is over: no move to choose");
        return;
    }
    if (g->legal_moves(s->state, moves) == 1 && moves[0] == MOVE_PASS) {
        nboard_line(nb, "=== PA");
        return;
    }
    if (!s->player) {
        nboard_error(nb, "no player for %s", g->name);
        return;
    }
    struct think t;
    if (!think_init(&t, nb, THINK_GO, s->state)) {
        nboard_error(nb, "out of memory");
        return;
    }
    nboard_line(nb, "status Quartet is thinking");
    t.pt = s->ptype;
    t.player = s->player;
    t.seconds = go_budget(nb);
    double t0 = clock_now();
    think_run(&t);
    double secs = clock_now() - t0;
    move_t m = t.chosen;
    if (!game_is_legal(g, s->state, m))
        m = moves[0];
    char mv[16], eval[32] = "";
    nboard_format_move(g, s->state, m, mv, sizeof mv);
    for (int i = 0; i < t.last.count; i++)
        if (t.last.cand[i].move == m && t.last.cand[i].has_score)
            snprintf(eval, sizeof eval, "%.2f", t.last.cand[i].score);
    put_nodestats(nb);
    nboard_line(nb, "=== %s/%s/%.2f", mv, eval, secs);
    free(t.walk);
}

/* ---- hint ---- */

static void *hint_player(struct nboard *nb, bool book)
{
    struct session *s = nb->s;
    void **slot = book ? &nb->hint_player : &nb->hint_nobook;
    if (!*slot && s->ptype) {
        struct player_options o = s->popt;
        o.depth = 0;             /* analyze mode: every move ranked */
        o.exact_empties = -1;
        o.no_book = o.no_book || !book;
        *slot = s->ptype->create(s->game, &o);
    }
    return *slot;
}

void nboard_forget_hint(struct nboard *nb)
{
    const struct player_type *pt = nb->s->ptype;
    if (pt) {
        if (nb->hint_player)
            pt->destroy(nb->hint_player);
        if (nb->hint_nobook)
            pt->destroy(nb->hint_nobook);
    }
    nb->hint_player = nb->hint_nobook = NULL;
}

/* A new game set: the hint players forget the old one (their tables), so
 * that hints depend on the position, not on the hints before. */
static void hint_refresh(struct nboard *nb)
{
    const struct player_type *pt = nb->s->ptype;
    if (nb->hint_fresh)
        return;
    nb->hint_fresh = true;
    if (pt && pt->reset) {
        if (nb->hint_player)
            pt->reset(nb->hint_player);
        if (nb->hint_nobook)
            pt->reset(nb->hint_nobook);
    } else {
        nboard_forget_hint(nb);
    }
}

void nboard_hint(struct nboard *nb, int n)
{
    struct session *s = nb->s;
    const struct game *g = s->game;
    move_t moves[GAME_MAX_MOVES];
    if (g->is_over(s->state)) {
        nboard_line(nb, "status");   /* nothing to hint */
        return;
    }
    unsigned char *root = malloc(g->state_size);
    struct think t;
    if (!root || !think_init(&t, nb, THINK_HINT, root)) {
        free(root);
        nboard_error(nb, "out of memory");
        return;
    }
    memcpy(root, s->state, g->state_size);
    int k = g->legal_moves(root, moves);
    if (k == 1 && moves[0] == MOVE_PASS) {
        g->play(root, MOVE_PASS);   /* the lines say PA first */
        t.pass_first = true;
        n = 1;
        k = g->legal_moves(root, moves);
    }
    if (n > k)
        n = k;
    if (n > SEARCH_MAX_CANDIDATES)
        n = SEARCH_MAX_CANDIDATES;
    hint_refresh(nb);
    nboard_line(nb, "status Quartet is thinking");
    t.pt = s->ptype;
    t.player = hint_player(nb, true);
    t.depth = nb->depth;
    /* The endgame rule of `set depth`: deepen to the end once the game is
     * that short (moves_left counts one side's moves). */
    t.to_end = g->moves_left && 2 * g->moves_left(root) <= player_level_exact_empties(nb->depth);
    t.want = n;
    if (!t.player) {
        nboard_error(nb, "no player for %s", g->name);
    } else if (!g->is_over(root)) {
        think_run(&t);
        /* Fewer book moves than asked: the search gives the others. */
        int nbook = t.nbook < n ? t.nbook : n;
        if (nbook > 0 && nbook < n && !stop_requested(s->stop) &&
            (t.player = hint_player(nb, false)) != NULL) {
            move_t book[SEARCH_MAX_CANDIDATES];
            memcpy(book, t.book, sizeof book);
            t.exclude = book;
            t.nexclude = t.nbook;
            t.want = n - nbook;
            t.nbook = 0;
            t.stop = 0;
            t.done = 0;
            think_run(&t);
        }
    }
    put_nodestats(nb);
    nboard_line(nb, "status");
    free(t.walk);
    free(root);
}

/* ---- analyze ---- */

/* The value of a finished game for the seat `mover`, as the game scores
 * it (its GTP result, "B+16" — Othello gives the empty squares to the
 * winner, as the solver's values do), else the disc lead. */
static double final_value(const struct game *g, const void *st, int mover)
{
    char res[64] = "";
    int sc[GAME_MAX_PLAYERS] = {0};
    double lead;
    g->score(st, sc);
    lead = (double)sc[0] - (double)sc[1];
    if (g->format_result && g->format_result(st, res, sizeof res) > 0) {
        char *end;
        const char *first = game_player_name(g, 0);
        if (res[0] == '0' && res[1] == '\0') {
            lead = 0;
        } else if (res[1] == '+' && first) {
            double n = strtod(res + 2, &end);
            if (end != res + 2 && *end == '\0')
                lead = toupper((unsigned char)res[0]) == toupper((unsigned char)first[0]) ? n : -n;
        }
    }
    return mover == 0 ? lead : -lead;
}

void nboard_analyze(struct nboard *nb)
{
    struct session *s = nb->s;
    const struct game *g = s->game;
    size_t sz = g->state_size;
    int last = s->undo_len;
    double *value = malloc(((size_t)last + 1) * sizeof *value);
    bool *known = calloc((size_t)last + 1, sizeof *known);
    struct think t;
    if (!value || !known || !think_init(&t, nb, THINK_ANALYZE, s->state)) {
        free(value);
        free(known);
        nboard_error(nb, "out of memory");
        return;
    }
    nboard_line(nb, "status Quartet is analyzing");
    move_t moves[GAME_MAX_MOVES];
    /* From the end back: a forced move's value is the next position's. */
    for (int k = last; k >= 0 && !stop_requested(s->stop); k--) {
        const unsigned char *st = k == last ? s->state : s->undo + (size_t)k * sz;
        int mover = nboard_mover(nb, k);
        if (g->is_over(st)) {
            value[k] = final_value(g, st, mover);
            known[k] = true;
        } else if (s->player && !(g->legal_moves(st, moves) == 1 && moves[0] == MOVE_PASS)) {
            t.root = st;
            t.pt = s->ptype;
            t.player = s->player;
            t.stop = 0;
            t.done = 0;
            think_run(&t);
            if (stop_requested(s->stop))
                break;
            if (t.last.count > 0 && t.last.cand[0].has_score) {
                value[k] = t.last.cand[0].score;
                known[k] = true;
            }
        }
        if (!known[k] && k < last && known[k + 1]) {
            value[k] = -value[k + 1];
            known[k] = true;
        }
        /* For Black, as NBoard plots it beside the game's own evals. */
        if (known[k])
            nboard_line(nb, "analysis %d %.2f", k, mover == 0 ? value[k] : -value[k]);
    }
    nboard_line(nb, "status");
    free(t.walk);
    free(value);
    free(known);
}
