/* Tournament schedule, worker threads, tallies, progress and tables. */
#include "tourney.h"
#include "records.h"
#include "engine/clock.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct tally {
    struct wdl r;             /* this engine's results against the field */
    double points, rank_sum;
    int games;
};

struct seat_tally {
    int games;
    double rank_sum, score_sum, points;
};

struct tourney {
    const struct match_config *cfg;
    const struct opening_list *ol;
    const struct tourney_options *to;
    const struct outputs *outp;
    int nassign;
    int assign[64][GAME_MAX_PLAYERS];
    int total, next, done;
    bool stop_new;
    int sprt_verdict;
    double start;
    pthread_mutex_t lock;
    struct tally eng[MAX_ENGINES];
    struct seat_tally seat[GAME_MAX_PLAYERS];
};

static void make_assignments(struct tourney *t);

/* Two-player games: every ordered pair of engines (colours both ways).
 * Yonin: the engines repeated to four seats, in every distinct rotation. */
int tourney_assignments(const struct match_config *cfg)
{
    struct tourney *t = calloc(1, sizeof *t);
    if (!t)
        abort();
    t->cfg = cfg;
    make_assignments(t);
    int n = t->nassign;
    free(t);
    return n;
}

static void make_assignments(struct tourney *t)
{
    const struct match_config *cfg = t->cfg;
    int n = cfg->nengines;
    t->nassign = 0;
    if (cfg->g->num_players == 2) {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (i != j && t->nassign < 64) {
                    t->assign[t->nassign][0] = i;
                    t->assign[t->nassign++][1] = j;
                }
        return;
    }
    int np = cfg->g->num_players;
    if (n == np && np == 4) {
        /* Four engines: all 24 seatings, so each sits in every seat and
         * opposite every other one (in Yonin, sharing its colour) equally
         * often; rotations alone would always pair the same engines. */
        for (int p = 0; p < 24; p++) {
            int a[4] = {0, 1, 2, 3}, f = p;
            for (int s = 0; s < 3; s++) {
                int k = s + f % (4 - s), x = a[s];
                f /= 4 - s;
                a[s] = a[k];
                a[k] = x;
            }
            memcpy(t->assign[t->nassign++], a, sizeof a);
        }
        return;
    }
    for (int r = 0; r < np; r++) {
        int a[GAME_MAX_PLAYERS];
        for (int s = 0; s < np; s++)
            a[s] = ((s - r + np) % np) % n;
        bool dup = false;
        for (int k = 0; k < t->nassign && !dup; k++)
            dup = memcmp(t->assign[k], a, sizeof(int) * (size_t)np) == 0;
        if (!dup)
            memcpy(t->assign[t->nassign++], a, sizeof a);
    }
}

static void format_duration(double s, char *buf, size_t cap)
{
    long v = (long)(s + 0.5);
    snprintf(buf, cap, "%ld:%02ld:%02ld", v / 3600, v / 60 % 60, v % 60);
}

static void show_progress(struct tourney *t)
{
    struct wdl r = t->eng[0].r;
    struct elo_estimate e = elo_estimate(r);
    double el = clock_now() - t->start;
    char left[32];
    format_duration(t->done ? el / t->done * (t->total - t->done) : 0, left, sizeof left);
    fprintf(stderr, "\r%d/%d  %s +%g =%g -%g  %.1f%%", t->done, t->total, t->cfg->eng[0].name,
            r.w, r.d, r.l, 100 * e.score);
    if (e.finite)
        fprintf(stderr, "  Elo %+.0f ±%.0f", e.elo, e.margin);
    fprintf(stderr, "  left %s   ", left);
    fflush(stderr);
}

static void write_outputs(struct tourney *t, const struct game_record *rec)
{
    const struct outputs *o = t->outp;
    if (o->jsonl)
        write_jsonl(o->jsonl, t->cfg, t->ol, rec);
    if (o->records)
        write_text_record(o->records, t->cfg, rec);
    if (o->sgf_file)
        write_sgf(o->sgf_file, t->cfg, rec);
    if (o->sgf_dir) {
        char path[4096];
        snprintf(path, sizeof path, "%s/game-%04d.sgf", o->sgf_dir, rec->id);
        FILE *f = fopen(path, "w");
        if (f) {
            write_sgf(f, t->cfg, rec);
            fclose(f);
        } else
            perror(path);
    }
}

static void add_result(struct tourney *t, const struct game_record *rec)
{
    int n = rec->nseats;
    for (int s = 0; s < n; s++) {
        struct seat_tally *st = &t->seat[s];
        st->games++;
        st->rank_sum += rec->rank[s];
        st->score_sum += rec->scores[s];
        st->points += rec->points[s];
    }
    /* An engine in several seats counts once per game, its seats averaged. */
    for (int e = 0; e < t->cfg->nengines; e++) {
        double pts = 0, rank = 0;
        int k = 0;
        for (int s = 0; s < n; s++)
            if (rec->engine[s] == e) {
                pts += rec->points[s];
                rank += rec->rank[s];
                k++;
            }
        if (!k)
            continue;
        pts /= k;
        struct tally *ta = &t->eng[e];
        ta->games++;
        ta->points += pts;
        ta->rank_sum += rank / k;
        if (pts > 0.5 + 1e-9)
            ta->r.w++;
        else if (pts < 0.5 - 1e-9)
            ta->r.l++;
        else
            ta->r.d++;
    }
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
        if (t->stop_new || t->next >= t->total || *cfg->stop) {
            pthread_mutex_unlock(&t->lock);
            break;
        }
        int k = t->next++;
        pthread_mutex_unlock(&t->lock);
        memset(rec, 0, sizeof *rec);
        rec->id = k + 1;
        const int *a = t->assign[k % t->nassign];
        memcpy(rec->engine, a, sizeof rec->engine);
        rec->opening = t->ol->n ? (k / t->nassign) % t->ol->n : -1;
        if (play_game(cfg, slot, rec->opening >= 0 ? &t->ol->v[rec->opening] : NULL, rec) != 0)
            break;
        pthread_mutex_lock(&t->lock);
        write_outputs(t, rec);
        add_result(t, rec);
        t->done++;
        if (t->to->sprt.on && cfg->nengines == 2 && !t->sprt_verdict) {
            t->sprt_verdict = sprt_decide(&t->to->sprt, t->eng[0].r);
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

void print_wdl_summary(FILE *out, const char *label, struct wdl r, const struct sprt *sp)
{
    struct elo_estimate e = elo_estimate(r);
    fprintf(out, "%s: %g games, +%g =%g -%g, score %.2f%%", label, e.n, r.w, r.d, r.l,
            100 * e.score);
    if (e.finite)
        fprintf(out, ", Elo %+.2f +/- %.2f\n", e.elo, e.margin);
    else
        fprintf(out, ", Elo %s\n", e.n ? (e.score >= 1 ? "+inf" : "-inf") : "n/a");
    if (sp && sp->on) {
        double lo, hi, llr = sprt_llr(sp, r);
        sprt_bounds(sp, &lo, &hi);
        int v = sprt_decide(sp, r);
        fprintf(out, "SPRT (elo0=%g, elo1=%g, alpha=%g, beta=%g): LLR %.3f, bounds [%.3f, %.3f]: %s\n",
                sp->elo0, sp->elo1, sp->alpha, sp->beta, llr, lo, hi,
                v > 0 ? "H1 accepted" : v < 0 ? "H0 accepted" : "no decision");
    }
}

static void print_tables(struct tourney *t, FILE *out)
{
    const struct match_config *cfg = t->cfg;
    int order[MAX_ENGINES];
    for (int e = 0; e < cfg->nengines; e++)
        order[e] = e;
    for (int i = 1; i < cfg->nengines; i++) /* by points per game, best first */
        for (int j = i; j > 0; j--) {
            struct tally *a = &t->eng[order[j - 1]], *b = &t->eng[order[j]];
            double pa = a->games ? a->points / a->games : 0, pb = b->games ? b->points / b->games : 0;
            if (pb <= pa)
                break;
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    for (int e = 0; e < cfg->nengines; e++)
        fprintf(out, "Engine %-20s %s  [%s]\n", cfg->eng[e].name, cfg->eng[e].ident,
                cfg->eng[e].cmd);
    fputc('\n', out);
    bool multi = cfg->g->num_players > 2;
    fprintf(out, "%-4s %-20s %6s %6s %6s %6s %7s %9s %8s%s\n", "Rank", "Name", "Games", "W", "D",
            "L", "Score", "Elo", "+/-95%", multi ? "  AvgRank" : "");
    for (int i = 0; i < cfg->nengines; i++) {
        struct tally *ta = &t->eng[order[i]];
        struct elo_estimate e = elo_estimate(ta->r);
        char elo[32] = "n/a", mg[32] = "n/a";
        if (e.finite) {
            snprintf(elo, sizeof elo, "%+.1f", e.elo);
            snprintf(mg, sizeof mg, isinf(e.margin) ? "inf" : "%.1f", e.margin);
        }
        fprintf(out, "%4d %-20s %6d %6g %6g %6g %6.1f%% %9s %8s", i + 1, cfg->eng[order[i]].name,
                ta->games, ta->r.w, ta->r.d, ta->r.l,
                ta->games ? 100 * ta->points / ta->games : 0.0, elo, mg);
        if (multi)
            fprintf(out, "  %7.2f", ta->games ? ta->rank_sum / ta->games : 0.0);
        fputc('\n', out);
    }
    if (multi) {
        fprintf(out, "\n%-6s %6s %8s %9s %7s\n", "Seat", "Games", "AvgRank", "AvgScore", "Points");
        for (int s = 0; s < cfg->g->num_players; s++) {
            struct seat_tally *st = &t->seat[s];
            double g = st->games ? st->games : 1;
            fprintf(out, "%-6s %6d %8.2f %9.2f %6.1f%%\n", seat_name(cfg->g, s), st->games,
                    st->rank_sum / g, st->score_sum / g, 100 * st->points / g);
        }
    }
    if (cfg->nengines == 2) {
        char label[200];
        snprintf(label, sizeof label, "\n%s vs %s", cfg->eng[0].name, cfg->eng[1].name);
        print_wdl_summary(out, label, t->eng[0].r, &t->to->sprt);
    }
}

int tourney_run(const struct match_config *cfg, const struct opening_list *ol,
                const struct tourney_options *to, const struct outputs *outp, FILE *out)
{
    struct tourney *t = calloc(1, sizeof *t);
    if (!t)
        abort();
    t->cfg = cfg;
    t->ol = ol;
    t->to = to;
    t->outp = outp;
    make_assignments(t);
    t->total = to->games > 0 ? to->games
                             : to->rounds * t->nassign * (ol->n > 0 ? ol->n : 1);
    t->start = clock_now();
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
    if (interrupted)
        fprintf(out, "Interrupted after %d of %d games.\n", t->done, t->total);
    else if (t->sprt_verdict)
        fprintf(out, "SPRT stopped the match after %d of %d games: %s accepted.\n", t->done,
                t->total, t->sprt_verdict > 0 ? "H1" : "H0");
    print_tables(t, out);
    pthread_mutex_destroy(&t->lock);
    free(t);
    return interrupted;
}
