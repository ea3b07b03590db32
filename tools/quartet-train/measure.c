/* quartet-train measure: how far the engine's depth-D value is from the
 * exact one, by empties and side to move, over the positions of games.
 * The depth value is the one NBoard's `hint 1` shows at `set depth D`
 * (protocol/nboard_think.c): the alphabeta player made as its hint player
 * is (analyze mode: depth 0, no fixed solve, the book, the weights), its
 * genmove stopped at the first report of depth D (or, under the endgame
 * rule of `set depth`, once exact), the best line's value. One search
 * thread and a table cleared for each position, as `set game` clears the
 * hint player's: the figures do not depend on --threads, which only
 * shares the positions out. The exact value: oth_solve, what `solve`
 * runs (engine/games/othello/solve.c). */
#include "measure.h"
#include "exact_cache.h"
#include "parallel.h"

#include "engine/clock.h"
#include "engine/game.h"
#include "engine/games/othello/othello.h"
#include "engine/games/othello/search.h"
#include "engine/player.h"
#include "records/games_line.h"
#include "records/transcript.h"
#include "train.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PREFIX_CAP 200   /* 60 moves and the passes, two letters each */
#define MAX_PLIES 130
#define REFUSALS_SHOWN 5

struct mpos {
    struct othello st;
    long line;             /* of the input file */
    int ply;               /* moves made, passes counted */
    int empties, side;     /* side: 0 Black, 1 White to move */
    char prefix[PREFIX_CAP];
    double value;          /* depth D, in discs for the side to move */
    int exact;
    bool cached;           /* the exact value came from --exact-file */
    bool book;             /* the value is the opening book's */
    bool ok;
};

struct mset {
    struct mpos *v;
    size_t n, cap;
};

struct counts {
    long games, refused, outside, passes;
};

static int mset_push(struct mset *s, const struct mpos *p)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 1024;
        struct mpos *v = realloc(s->v, cap * sizeof *v);
        if (!v)
            return -1;
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n++] = *p;
    return 0;
}

static bool pass_forced(const struct game *g, const void *st)
{
    move_t moves[GAME_MAX_MOVES];
    return g->legal_moves(st, moves) == 1 && moves[0] == MOVE_PASS;
}

/* The positions of one game with empties in range, the forced passes put
 * back; those where the side to move must pass are only counted. */
static int take_game(const struct measure_opts *o, char *text, long line, struct mset *s,
                     struct counts *c, char *why, size_t cap)
{
    const struct game *g = &othello_game;
    struct othello start, st;
    g->init(&start, &(struct game_options){.size = 8});
    move_t *list = NULL, played[MAX_PLIES];
    int k = 0, n = 0, rc = 0;
    if (transcript_read(g, &start, 1, &text, &list, &k, NULL, NULL, why, cap) != 0)
        return -1;
    st = start;
    for (int i = 0; rc == 0 && n < MAX_PLIES;) {
        int e = bb_popcount(st.board & ~(st.disc[0] | st.disc[1]));
        if (!g->is_over(&st) && e >= o->empties_min && e <= o->empties_max) {
            if (pass_forced(g, &st)) {
                c->passes++;
            } else {
                struct mpos p = {.st = st, .line = line, .ply = n, .empties = e,
                                 .side = st.side};
                if (transcript_write(g, &start, played, n, p.prefix, sizeof p.prefix) < 0)
                    p.prefix[0] = '\0';
                if (mset_push(s, &p) != 0) {
                    snprintf(why, cap, "out of memory");
                    rc = -1;
                }
            }
        }
        if (i == k)
            break;
        move_t m = list[i] != MOVE_PASS && pass_forced(g, &st) ? MOVE_PASS : list[i++];
        played[n++] = m;
        g->play(&st, m);
    }
    free(list);
    return rc;
}

static int read_games(const struct measure_opts *o, struct mset *s, struct counts *c)
{
    FILE *f = fopen(o->in, "r");
    if (!f) {
        fprintf(stderr, "quartet-train: %s: cannot open\n", o->in);
        return -1;
    }
    char *buf = NULL, why[300];
    size_t bcap = 0;
    long line = 0;
    int rc = 0;
    while (rc == 0 && getline(&buf, &bcap, f) >= 0) {
        long year;
        char *t;
        line++;
        if (games_line_split(buf, &year, &t) != 0)
            continue;
        if (!games_line_year_kept(year, o->year_min, o->year_max)) {
            c->outside++;
            continue;
        }
        size_t before = s->n;
        if (!t)
            snprintf(why, sizeof why, "its last field is not one word (a transcript)");
        if (t && take_game(o, t, line, s, c, why, sizeof why) == 0) {
            c->games++;
        } else if (!strcmp(why, "out of memory")) {
            fprintf(stderr, "quartet-train: out of memory\n");
            rc = -1;
        } else {
            s->n = before;
            if (c->refused++ < REFUSALS_SHOWN)
                fprintf(stderr, "quartet-train: %s:%ld: game left out: %s\n", o->in, line, why);
        }
    }
    free(buf);
    fclose(f);
    return rc;
}

/* At most o->positions of them, drawn with o->seed, kept in file order. */
static void sample(const struct measure_opts *o, struct mset *s)
{
    if (o->positions <= 0 || s->n <= (size_t)o->positions)
        return;
    uint64_t x = o->seed;
    size_t n = s->n, want = (size_t)o->positions;
    for (size_t i = 0; i < want; i++) {
        x += 0x9e3779b97f4a7c15ULL;   /* splitmix64 */
        uint64_t z = x;
        z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ z >> 27) * 0x94d049bb133111ebULL;
        z ^= z >> 31;
        size_t j = i + (size_t)(z % (n - i));
        struct mpos t = s->v[i];
        s->v[i] = s->v[j];
        s->v[j] = t;
    }
    s->n = want;
    /* Back into file order: (line, ply) is unique. */
    for (size_t i = 1; i < want; i++)
        for (size_t j = i; j > 0 && (s->v[j].line < s->v[j - 1].line
                                     || (s->v[j].line == s->v[j - 1].line
                                         && s->v[j].ply < s->v[j - 1].ply)); j--) {
            struct mpos t = s->v[j];
            s->v[j] = s->v[j - 1];
            s->v[j - 1] = t;
        }
}

/* ---- the values ---- */

/* `set depth D`'s endgame rule, as nboard_think.c reads it: hint deepens
 * to the end where twice the moves left fit the level's exact empties. */
static bool hint_to_end(int depth, const struct othello *st)
{
    return 2 * othello_game.moves_left(st) <= player_level_exact_empties(depth);
}

/* What nboard_think.c's hint reads from the reports: the first line of
 * the report that ends it (the book's, depth D's, or the exact one). */
struct hint {
    int depth;
    bool to_end;
    volatile int stop;
    bool got, exact, book;
    double value;
};

static void on_report(void *ctx, const struct search_report *r)
{
    struct hint *h = ctx;
    if (h->stop || r->count <= 0)
        return;
    bool book = r->cand[0].book;
    if (!book && !r->exact && (h->to_end || r->depth < h->depth))
        return;
    for (int i = 0; i < r->count; i++)
        if (r->cand[i].has_score) {
            h->value = r->cand[i].score;
            h->got = true;
            h->exact = r->exact && !book;
            h->book = book;
            break;
        }
    __atomic_store_n(&h->stop, 1, __ATOMIC_RELAXED);
}

struct work {
    const struct measure_opts *o;
    struct mset *s;
    atomic_size_t next;
    const struct player_type *pt;
    struct player_options popt;
    const struct oth_weights *order;
    struct exact_cache cache;   /* --exact-file, read-only while searching */
    pthread_mutex_t lock;
    double cpu_depth, cpu_exact;
    int failed;
};

static void value_of(struct work *w, void *player, struct oth_search *solver, struct mpos *p,
                     double *cpu_depth, double *cpu_exact)
{
    double t0 = clock_cpu_thread();
    w->pt->reset(player);
    struct hint h = {.depth = w->o->depth, .to_end = hint_to_end(w->o->depth, &p->st)};
    struct search_limits lim = {.stop = &h.stop, .report = on_report, .report_ctx = &h,
                                .report_interval = 0.25};
    w->pt->genmove(player, &p->st, &lim);
    double t1 = clock_cpu_thread();
    bb_t P = p->st.disc[p->st.side], O = p->st.disc[!p->st.side];
    p->cached = exact_cache_find(&w->cache, P, O, &p->exact);
    if (!p->cached) {
        int best;
        oth_search_clear(solver);
        p->exact = oth_solve(solver, P, O, p->st.board, false, &best, NULL);
    }
    *cpu_depth += t1 - t0;
    *cpu_exact += clock_cpu_thread() - t1;
    p->value = h.value;
    p->book = h.book;
    p->ok = h.got;
}

static void *worker(void *arg)
{
    struct work *w = arg;
    void *player = w->pt->create(&othello_game, &w->popt);
    struct oth_search_config c = {
        .hash_mb = w->popt.hash_mb, .threads = 1, .weights = w->order,
        .mpc = oth_mpc_shared(),
    };
    struct oth_search *solver = oth_search_new(&c);
    double cd = 0, ce = 0;
    int failed = !player || !solver;
    for (size_t i; !failed && (i = atomic_fetch_add(&w->next, 1)) < w->s->n;) {
        value_of(w, player, solver, &w->s->v[i], &cd, &ce);
        failed = !w->s->v[i].ok;
    }
    if (player)
        w->pt->destroy(player);
    oth_search_free(solver);
    pthread_mutex_lock(&w->lock);
    w->cpu_depth += cd;
    w->cpu_exact += ce;
    w->failed |= failed;
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

static int values(const struct measure_opts *o, struct mset *s, struct work *w)
{
    w->o = o;
    w->s = s;
    atomic_init(&w->next, 0);
    pthread_mutex_init(&w->lock, NULL);
    w->pt = player_find("alphabeta");
    /* nboard_think.c's hint player: the session's options, depth 0, no
     * fixed solve, the book; one thread (see the top). */
    w->popt = (struct player_options){.time_per_move = 1, .threads = 1, .seed = 1,
                                      .hash_mb = o->hash_mb > 0 ? o->hash_mb : 64,
                                      .depth = 0, .exact_empties = -1,
                                      .eval_file = o->weights};
    char err[512];
    const struct oth_weights *play = oth_weights_shared_default(o->weights, err, sizeof err);
    if (!w->pt || !play) {
        fprintf(stderr, "quartet-train: %s\n", w->pt ? err : "no alphabeta player");
        return -1;
    }
    /* The exact value does not depend on them; the solver's speed does. */
    w->order = oth_order_weights_for(NULL, play, "measure");
    train_parallel(o->threads, worker, w, 0);
    if (w->failed)
        fprintf(stderr, "quartet-train: a search gave no value (out of memory?)\n");
    return w->failed ? -1 : 0;
}

/* ---- the table ---- */

struct cell {
    long n;
    double abs, sum, sq;
};

static void add(struct cell *c, double d)
{
    c->n++;
    c->abs += fabs(d);
    c->sum += d;
    c->sq += d * d;
}

static void row(const char *empties, const char *side, const struct cell *c)
{
    printf("%7s  %-5s  %9ld  %6.2f  %6.2f  %6.2f\n", empties, side, c->n, c->abs / c->n,
           c->sum / c->n, sqrt(c->sq / c->n));
}

static void table(const struct measure_opts *o, const struct mset *s)
{
    static const char *side[2] = {"Black", "White"};
    struct cell by[65][2], total[3];
    memset(by, 0, sizeof by);
    memset(total, 0, sizeof total);
    for (size_t i = 0; i < s->n; i++) {
        const struct mpos *p = &s->v[i];
        double d = p->value - p->exact;
        add(&by[p->empties][p->side], d);
        add(&total[p->side], d);
        add(&total[2], d);
    }
    printf("empties  side   positions     mae    mean     rms\n");
    for (int e = o->empties_min; e <= o->empties_max; e++)
        for (int k = 0; k < 2; k++)
            if (by[e][k].n > 0) {
                char es[8];
                snprintf(es, sizeof es, "%d", e);
                row(es, side[k], &by[e][k]);
            }
    for (int k = 0; k < 2; k++)
        if (total[k].n > 0)
            row("all", side[k], &total[k]);
    if (total[2].n > 0)
        row("all", "both", &total[2]);
}

/* Appends the positions solved in this run to --exact-file. */
static int save_exact(const struct measure_opts *o, const struct mset *s)
{
    if (!o->exact_file)
        return 0;
    struct exact_entry *add = malloc((s->n + 1) * sizeof *add);
    size_t n = 0;
    for (size_t i = 0; add && i < s->n; i++)
        if (!s->v[i].cached) {
            const struct mpos *p = &s->v[i];
            add[n++] = (struct exact_entry){p->st.disc[p->st.side], p->st.disc[!p->st.side],
                                            p->exact};
        }
    int rc = add ? exact_cache_append(o->exact_file, add, n) : -1;
    free(add);
    if (rc != 0)
        fprintf(stderr, "quartet-train: %s: cannot write\n", o->exact_file);
    return rc;
}

/* Writes the measured positions with their exact values as a positions
 * file (--save), so that `calibrate` and `fit` can learn from positions
 * the games reached rather than from a solver's line. */
static int save_positions(const struct measure_opts *o, const struct mset *s)
{
    if (!o->save)
        return 0;
    struct posset ps = {0};
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < s->n; i++) {
        const struct mpos *p = &s->v[i];
        if ((rc = pos_push(&ps, p->st.disc[p->st.side], p->st.disc[!p->st.side])) != 0)
            break;
        struct pos *q = &ps.v[ps.n - 1];
        q->value = p->exact * OTH_EVAL_UNIT;
        q->kind = LABEL_EXACT;
        q->depth = (uint8_t)p->empties;    /* as games.c labels exact positions */
    }
    if (rc == 0)
        rc = pos_save(&ps, o->save);
    if (rc != 0)
        fprintf(stderr, "quartet-train: %s: cannot write\n", o->save);
    pos_free(&ps);
    return rc;
}

int measure_run(const struct measure_opts *o)
{
    struct mset s = {0};
    struct counts c = {0};
    struct work w = {0};
    double wall = clock_now();
    if (read_games(o, &s, &c) != 0) {
        free(s.v);
        return -1;
    }
    size_t found = s.n;
    sample(o, &s);
    char err[512];
    if (o->exact_file && exact_cache_load(&w.cache, o->exact_file, err, sizeof err) != 0) {
        fprintf(stderr, "quartet-train: %s\n", err);
        free(s.v);
        return -1;
    }
    if (s.n > 0 && (values(o, &s, &w) != 0 || save_exact(o, &s) != 0
                   || save_positions(o, &s) != 0)) {
        exact_cache_free(&w.cache);
        free(s.v);
        return -1;
    }
    exact_cache_free(&w.cache);
    wall = clock_now() - wall;
    printf("measure: %ld games (%ld refused, %ld outside --years), %zu positions at %d-%d "
           "empties (%ld more with a forced pass, left out), %zu measured\n",
           c.games, c.refused, c.outside, found, o->empties_min, o->empties_max, c.passes, s.n);
    printf("value: NBoard's hint at set depth %d (weights %s) minus the exact value, "
           "discs for the side to move\n", o->depth, o->weights ? o->weights : "shipped");
    if (o->list)
        for (size_t i = 0; i < s.n; i++) {
            const struct mpos *p = &s.v[i];
            printf("position %ld %d %d %s %s %.7f %+d%s\n", p->line, p->ply, p->empties,
                   p->side ? "White" : "Black", p->prefix, p->value, p->exact,
                   p->book ? " book" : "");
        }
    table(o, &s);
    size_t solved = 0;
    for (size_t i = 0; i < s.n; i++)
        solved += !s.v[i].cached;
    if (s.n > 0)
        printf("cpu: depth-%d values %.1f s (%.1f ms a position), exact values %.1f s "
               "(%zu solved, %.1f ms each; %zu from --exact-file); %d threads, %.1f s wall\n",
               o->depth, w.cpu_depth, 1e3 * w.cpu_depth / (double)s.n, w.cpu_exact, solved,
               solved ? 1e3 * w.cpu_exact / (double)solved : 0.0, s.n - solved, o->threads,
               wall);
    free(s.v);
    return 0;
}
