/* Worker threads, progress, SPRT stop and the end of a tournament. */
#include "tourney.h"
#include "records.h"
#include "engine/clock.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tourney {
    const struct match_config *cfg;
    const struct opening_list *ol;
    const struct schedule *s;
    const struct tourney_options *to;
    const struct outputs *outp;
    const bool *done_before;
    struct standings *st;
    int next;                 /* schedule index to look at next */
    int todo, done, before;   /* games to play now, played now, recorded before */
    bool stop_new;
    bool write_failed;        /* a record could not be written: no more games */
    int sprt_verdict;
    double start;
    char kill_stage[16];      /* test hook: stage and game, "" when off */
    int kill_game;
    pthread_mutex_t lock;
};

static void format_duration(double s, char *buf, size_t cap)
{
    long v = (long)(s + 0.5);
    snprintf(buf, cap, "%ld:%02ld:%02ld", v / 3600, v / 60 % 60, v % 60);
}

static void show_progress(struct tourney *t)
{
    struct wdl r = t->st->eng[0].r;
    struct elo_estimate e = elo_estimate(r);
    double el = clock_now() - t->start;
    char left[32];
    format_duration(t->done ? el / t->done * (t->todo - t->done) : 0, left, sizeof left);
    fprintf(stderr, "\r%d/%d  %s +%g =%g -%g  %.1f%%", t->before + t->done,
            t->before + t->todo, t->st->name[0], r.w, r.d, r.l, 100 * e.score);
    if (e.finite)
        fprintf(stderr, "  Elo %+.0f ±%.0f", e.elo, e.margin);
    if (t->to->sprt.on && t->cfg->nengines == 2)
        fprintf(stderr, "  LLR %.2f", standings_sprt_llr(t->st, &t->to->sprt));
    fprintf(stderr, "  left %s   ", left);
    fflush(stderr);
}

/* The test hook QUARTET_MATCH_TEST_KILL=STAGE:N (doc/tournaments.md):
 * the runner kills itself once game N's record of that stage is out. */
static void test_kill(const struct tourney *t, const char *stage, int id)
{
    if (t->kill_stage[0] && t->kill_game == id && strcmp(t->kill_stage, stage) == 0)
        raise(SIGKILL);
}

/* A record that could not be written stops the event: games played on
 * would be in no file. Resume repairs what the failed write left. */
static bool write_failed(struct tourney *t, const char *path, int id)
{
    fprintf(stderr, "quartet-match: cannot write game %d to %s: %s; no more games are started\n",
            id, path, strerror(errno));
    t->write_failed = t->stop_new = true;
    return false;
}

/* Whether every record of the game was written. */
static bool write_outputs(struct tourney *t, const struct game_record *rec)
{
    const struct outputs *o = t->outp;
    if (o->jsonl && write_jsonl(o->jsonl, t->cfg, t->ol, rec) != 0)
        return write_failed(t, o->jsonl_path, rec->id);
    test_kill(t, "after-jsonl", rec->id);
    if (o->records && write_text_record(o->records, t->cfg, rec) != 0)
        return write_failed(t, o->records_path, rec->id);
    test_kill(t, "after-text", rec->id);
    if (o->sgf_file && write_sgf(o->sgf_file, t->cfg, rec) != 0)
        return write_failed(t, o->sgf_path, rec->id);
    if (o->sgf_dir) {
        char path[4096];
        sgf_game_path(path, sizeof path, o->sgf_dir, rec->id);
        FILE *f = fopen(path, "we");
        if (!f)
            return write_failed(t, path, rec->id);
        int bad = write_sgf(f, t->cfg, rec);
        if (fclose(f) != 0 || bad)
            return write_failed(t, path, rec->id);
    }
    test_kill(t, "after-sgf", rec->id);
    if (o->ggf && write_ggf(o->ggf, t->cfg, rec) != 0)
        return write_failed(t, o->ggf_path, rec->id);
    return true;
}

/* Whether game k is to be played in this run. */
static bool wanted(const struct tourney *t, int k)
{
    return schedule_in_shard(k, t->to->shard, t->to->nshards) &&
           !(t->done_before && t->done_before[k]);
}

static void *worker(void *arg)
{
    struct tourney *t = arg;
    const struct match_config *cfg = t->cfg;
    struct slot *slot = malloc(sizeof *slot);
    struct game_record *rec = malloc(sizeof *rec);
    if (!slot || !rec)
        abort();
    slot_init(slot, cfg->stop);
    for (;;) {
        pthread_mutex_lock(&t->lock);
        while (t->next < t->s->total && !wanted(t, t->next))
            t->next++;
        if (t->stop_new || t->next >= t->s->total || *cfg->stop) {
            pthread_mutex_unlock(&t->lock);
            break;
        }
        int k = t->next++;
        pthread_mutex_unlock(&t->lock);
        memset(rec, 0, sizeof *rec);
        rec->id = k + 1;
        schedule_game(t->s, k, rec->engine, &rec->opening);
        if (play_game(cfg, slot, rec->opening >= 0 ? &t->ol->v[rec->opening] : NULL, rec) != 0)
            break;
        pthread_mutex_lock(&t->lock);
        if (!write_outputs(t, rec)) {
            pthread_mutex_unlock(&t->lock);
            break;
        }
        standings_add(t->st, rec);
        t->done++;
        if (t->to->sprt.on && cfg->nengines == 2 && !t->sprt_verdict) {
            t->sprt_verdict = standings_sprt_decide(t->st, &t->to->sprt);
            if (t->sprt_verdict)
                t->stop_new = true;
        }
        if (t->to->progress)
            show_progress(t);
        pthread_mutex_unlock(&t->lock);
    }
    slot_close(slot);
    free(slot);
    free(rec);
    return NULL;
}

int tourney_run(const struct match_config *cfg, const struct opening_list *ol,
                const struct schedule *s, const struct tourney_options *to,
                const struct outputs *outp, const bool *done, struct standings *st, FILE *out)
{
    struct tourney *t = calloc(1, sizeof *t);
    if (!t)
        abort();
    *t = (struct tourney){.cfg = cfg, .ol = ol, .s = s, .to = to, .outp = outp,
                          .done_before = done, .st = st};
    for (int k = 0; k < s->total; k++)
        if (schedule_in_shard(k, to->shard, to->nshards))
            *(done && done[k] ? &t->before : &t->todo) += 1;
    if (t->before)
        fprintf(stderr, "quartet-match: resuming: %d games recorded, %d to play\n", t->before,
                t->todo);
    t->start = clock_now();
    const char *hook = getenv("QUARTET_MATCH_TEST_KILL");
    if (hook && sscanf(hook, "%15[a-z-]:%d", t->kill_stage, &t->kill_game) != 2)
        t->kill_stage[0] = '\0';
    pthread_mutex_init(&t->lock, NULL);
    int nth = to->concurrency < 1 ? 1 : to->concurrency > 64 ? 64 : to->concurrency;
    pthread_t th[64];
    int started = 0;
    for (int i = 0; i < nth; i++)
        if (pthread_create(&th[i], NULL, worker, t) == 0)
            started++;
        else
            break;
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    if (to->progress)
        fputc('\n', stderr);
    int interrupted = *cfg->stop ? 1 : 0;
    int all = t->before + t->todo, played = t->before + t->done;
    if (t->write_failed) {
        fprintf(out, "Stopped after %d of %d games: a record could not be written.\n", played,
                all);
        if (outp->jsonl)
            fprintf(out, "Once the file can be written, the same command resumes the event.\n");
    }
    else if (interrupted) {
        fprintf(out, "Interrupted after %d of %d games.\n", played, all);
        if (outp->jsonl)
            fprintf(out, "The same command resumes the event: it plays the other %d.\n",
                     all - played);
    }
    else if (t->sprt_verdict)
        fprintf(out, "SPRT stopped the match after %d of %d games: %s accepted.\n", played, all,
                t->sprt_verdict > 0 ? "H1" : "H0");
    for (int e = 0; e < cfg->nengines; e++)
        fprintf(out, "Engine %-20s %s  [%s]\n", cfg->eng[e].name, cfg->eng[e].ident,
                cfg->eng[e].cmd);
    fputc('\n', out);
    standings_print(st, out, &to->sprt);
    pthread_mutex_destroy(&t->lock);
    int rc = t->write_failed ? 2 : interrupted;
    free(t);
    return rc;
}
