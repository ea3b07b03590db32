/* quartet-train label-games (label_games.h): the source read once into
 * the schedule (each qualifying game's recorded plies, passes put back by
 * replaying them through records' transcript reader), then each game
 * finished by the solver on the runner's threads (runner.c). */
#include "label_games.h"
#include "runner.h"
#include "selfplay.h"
#include "engine/games/othello/othello.h"
#include "records/games_line.h"
#include "records/transcript.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

enum { QUALIFIES, CUT, ILLEGAL };

/* Replays the transcript word into st (the plies kept up to the first
 * position with at most `exact` empties, or the whole game if it ends
 * before) and all into all (every ply, for the hash). */
static int replay(const char *word, int exact, struct sp_start *st, struct sp_start *all)
{
    const struct game *g = &othello_game;
    struct game_options o = {.size = 8};
    struct othello s;
    g->init(&s, &o);
    const char *at = word, *text;
    size_t tlen;
    move_t m;
    enum transcript_item r;
    char why[160];
    st->n = all->n = 0;
    st->exact = -1;
    for (;;) {
        int empties = 64 - bb_popcount(s.disc[0] | s.disc[1]);
        if (st->exact < 0 && (empties <= exact || s.over)) {
            st->exact = empties;
            memcpy(st->sq, all->sq, (size_t)all->n);
            st->n = all->n;
        }
        r = transcript_next(g, &s, word, &at, &m, &text, &tlen);
        if (r != TRANSCRIPT_MOVE)
            break;
        /* A move where the player to move has none: transcript_step puts
         * the forced pass back first. */
        bool pass = m != MOVE_PASS && !bb_moves(s.disc[s.side], s.disc[!s.side]);
        if (all->n >= SP_MAX_PLIES - 1 || s.over
            || !transcript_step(g, &s, m, why, sizeof why))
            return ILLEGAL;
        if (pass)
            all->sq[all->n++] = -1;
        all->sq[all->n++] = m == MOVE_PASS ? -1 : (int8_t)m;
    }
    if (r != TRANSCRIPT_END || all->n == 0)
        return ILLEGAL;
    return st->exact >= 0 ? QUALIFIES : CUT;
}

static void hash_plies(uint32_t *h, const struct sp_start *all)
{
    for (int i = 0; i < all->n; i++)
        *h = (*h ^ (uint8_t)all->sq[i]) * 16777619u;
    *h = (*h ^ 0xffu) * 16777619u;
}

static int push_start(struct lg_source *src, size_t *room, const struct sp_start *st)
{
    if (src->n == *room) {
        *room = *room ? 2 * *room : 1024;
        struct sp_start *v = realloc(src->start, *room * sizeof *v);
        if (!v)
            return -1;
        src->start = v;
    }
    src->start[src->n++] = *st;
    return 0;
}

int lg_source_load(const char *path, int exact, int year_min, int year_max,
                   struct lg_source *src, char *err, size_t cap)
{
    memset(src, 0, sizeof *src);
    src->hash = 2166136261u;
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, cap, "%.400s: cannot open", path);
        return -1;
    }
    char *line = NULL;
    size_t lcap = 0, room = 0;
    ssize_t len;
    int rc = 0;
    while (rc == 0 && (len = getline(&line, &lcap, f)) >= 0) {
        long year;
        char *word;
        src->lines++;
        if (memchr(line, '\0', (size_t)len)) {
            snprintf(err, cap, "%.400s:%ld: a NUL byte in the line", path, src->lines);
            rc = -1;
            break;
        }
        if (games_line_split(line, &year, &word) != 0)
            continue;
        if (!games_line_year_kept(year, year_min, year_max)) {
            src->other_years++;
            continue;
        }
        struct sp_start st, all;
        int q = word ? replay(word, exact, &st, &all) : ILLEGAL;
        src->cut += q == CUT;
        src->illegal += q == ILLEGAL;
        if (q != QUALIFIES)
            continue;
        hash_plies(&src->hash, &all);
        if (push_start(src, &room, &st) != 0) {
            snprintf(err, cap, "out of memory");
            rc = -1;
        }
    }
    free(line);
    if (ferror(f) && rc == 0) {
        snprintf(err, cap, "%.400s: cannot read", path);
        rc = -1;
    }
    fclose(f);
    if (rc != 0)
        lg_source_free(src);
    return rc;
}

void lg_source_free(struct lg_source *src)
{
    free(src->start);
    src->start = NULL;
    src->n = 0;
}

/* Game `index`: the kept plies of its record, then the solver to the
 * end, as selfplay finishes its games (sp_finish). */
static void play_game(const void *ctx, struct oth_search *s, int index, struct sp_game *g)
{
    const struct lg_source *src = ctx;
    const struct sp_start *st = &src->start[index];
    memset(g, 0, sizeof *g);
    g->index = index;
    g->exact = st->exact;
    bb_t P = TRAIN_START_BLACK, O = TRAIN_START_WHITE;
    int side = 0;
    for (int i = 0; i < st->n; i++) {
        g->sq[g->n++] = st->sq[i];
        if (st->sq[i] >= 0)
            train_play(&P, &O, st->sq[i]);
        else {
            bb_t t = P; P = O; O = t;
        }
        side ^= 1;
    }
    g->opening = g->n;
    sp_finish(s, g, P, O, side, st->exact, 1, false);
}

static void format_header(const struct lg_opts *o, const struct lg_source *src, int games,
                          char *h, size_t cap)
{
    const char *slash = strrchr(o->in, '/');
    char years[32] = "all";
    if (o->year_max)
        snprintf(years, sizeof years, "%d-%d", o->year_min, o->year_max);
    int n = snprintf(h, cap,
                     "# quartet-train label-games 1 games=%d exact=%d years=%s "
                     "source=%.200s:%zu:%08x",
                     games, o->exact, years, slash ? slash + 1 : o->in, src->n, src->hash);
    if (o->shard_n > 1 && n > 0 && (size_t)n < cap)
        snprintf(h + n, cap - (size_t)n, " shard=%d/%d", o->shard_k, o->shard_n);
}

int label_games_run(const struct lg_opts *o)
{
    char err[512], header[SP_HEADER_MAX];
    struct lg_source src;
    if (lg_source_load(o->in, o->exact, o->year_min, o->year_max, &src, err, sizeof err)) {
        fprintf(stderr, "quartet-train: %s\n", err);
        return -1;
    }
    int games = o->games && (size_t)o->games < src.n ? o->games : (int)src.n;
    printf("label-games: %s: %zu games qualify; left out: %ld cut off before %d empties, "
           "%ld illegal, %ld of other years; schedule %d games\n", o->in, src.n, src.cut,
           o->exact, src.illegal, src.other_years, games);
    fflush(stdout);
    if (games == 0) {
        fprintf(stderr, "quartet-train: %s: no game qualifies\n", o->in);
        lg_source_free(&src);
        return -1;
    }
    format_header(o, &src, games, header, sizeof header);
    struct sp_sched sched = {.games = games, .shard_k = o->shard_k, .shard_n = o->shard_n,
                             .start = src.start, .nstart = src.n, .opening_is_start = true};
    struct sp_job j = {
        .name = "label-games", .out = o->out, .header = header, .sched = &sched,
        .weights = o->weights, .threads = o->threads, .hash_mb = o->hash_mb,
        .quiet = o->quiet, .per_game = true, .play = play_game, .ctx = &src,
    };
    int rc = sp_job_run(&j);
    lg_source_free(&src);
    return rc;
}
