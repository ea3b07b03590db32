/* Tallies of finished games and the tables printed from them. */
#include "crosstable.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PAIR_DONE 0xff

void standings_init(struct standings *t, const struct match_config *cfg)
{
    memset(t, 0, sizeof *t);
    t->g = cfg->g;
    t->nengines = cfg->nengines;
    for (int e = 0; e < cfg->nengines; e++)
        snprintf(t->name[e], sizeof t->name[e], "%s", cfg->eng[e].name);
}

static void count(struct wdl *r, double pts)
{
    if (pts > 0.5 + 1e-9)
        r->w++;
    else if (pts < 0.5 - 1e-9)
        r->l++;
    else
        r->d++;
}

static void add_to_pair(struct standings *t, const struct game_record *rec);

void standings_add(struct standings *t, const struct game_record *rec)
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
    for (int e = 0; e < t->nengines; e++) {
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
        count(&ta->r, pts);
    }
    if (n == 2 && rec->engine[0] != rec->engine[1]) {
        count(&t->pair[rec->engine[0]][rec->engine[1]], rec->points[0]);
        count(&t->pair[rec->engine[1]][rec->engine[0]], rec->points[1]);
        add_to_pair(t, rec);
    }
}

void standings_free(struct standings *t)
{
    idmap_free(&t->half);
}

/* Game rec of engines 0 and 1 into its pair: the first of the two waits
 * in the map, the second completes the pair. */
static void add_to_pair(struct standings *t, const struct game_record *rec)
{
    double p = rec->points[rec->engine[0] == 0 ? 0 : 1];
    /* Readers refuse such points: never index by them. */
    if (rec->id < 1 || rec->engine[0] + rec->engine[1] != 1 || !(p >= 0 && p <= 1))
        return;
    uint32_t k = (uint32_t)(rec->id - 1) / 2 + 1;
    int mine = (int)(2 * p + 0.5); /* 0, 1, 2 */
    unsigned state = idmap_get(&t->half, k);
    if (!state)
        idmap_put(&t->half, k, 1 + (unsigned)mine);
    else if (state != PAIR_DONE) {
        t->pairs.n[state - 1 + (unsigned)mine]++;
        idmap_put(&t->half, k, PAIR_DONE);
    }
}

bool standings_by_pairs(const struct standings *t)
{
    return t->nengines == 2 && t->g->num_players == 2;
}

double standings_sprt_llr(const struct standings *t, const struct sprt *sp)
{
    return standings_by_pairs(t) ? sprt_llr_pairs(sp, t->pairs) : sprt_llr(sp, t->eng[0].r);
}

int standings_sprt_decide(const struct standings *t, const struct sprt *sp)
{
    return sprt_verdict(sp, standings_sprt_llr(t, sp));
}

static void print_elo(FILE *out, struct elo_estimate e)
{
    if (e.finite)
        fprintf(out, ", Elo %+.2f +/- %.2f\n", e.elo, e.margin);
    else
        fprintf(out, ", Elo %s\n", e.n ? (e.score >= 1 ? "+inf" : "-inf") : "n/a");
}

static void print_sprt(FILE *out, const struct sprt *sp, double llr, const char *of)
{
    double lo, hi;
    sprt_bounds(sp, &lo, &hi);
    int v = sprt_verdict(sp, llr);
    fprintf(out, "SPRT (elo0=%g, elo1=%g, alpha=%g, beta=%g) %s: LLR %.3f, bounds [%.3f, %.3f]: %s\n",
            sp->elo0, sp->elo1, sp->alpha, sp->beta, of, llr, lo, hi,
            v > 0 ? "H1 accepted" : v < 0 ? "H0 accepted" : "no decision");
}

void print_wdl_summary(FILE *out, const char *label, struct wdl r, const struct sprt *sp)
{
    struct elo_estimate e = elo_estimate(r);
    fprintf(out, "%s: %g games, +%g =%g -%g, score %.2f%%", label, e.n, r.w, r.d, r.l,
            100 * e.score);
    print_elo(out, e);
    if (sp && sp->on)
        print_sprt(out, sp, sprt_llr(sp, r), "on games");
}

void print_pairs_summary(FILE *out, struct penta p, const struct sprt *sp)
{
    struct elo_estimate e = elo_estimate_pairs(p);
    fprintf(out, "pairs: %g, by points 0/0.5/1/1.5/2: %g %g %g %g %g, score %.2f%%", e.n / 2,
            p.n[0], p.n[1], p.n[2], p.n[3], p.n[4], 100 * e.score);
    print_elo(out, e);
    if (sp && sp->on)
        print_sprt(out, sp, sprt_llr_pairs(sp, p), "on pairs");
}

static double per_game(const struct tally *t)
{
    return t->games ? t->points / t->games : 0;
}

/* Engines by points per game, best first; ties keep the given order. */
static void rank_order(const struct standings *t, int *order)
{
    for (int e = 0; e < t->nengines; e++)
        order[e] = e;
    for (int i = 1; i < t->nengines; i++)
        for (int j = i; j > 0 && per_game(&t->eng[order[j]]) > per_game(&t->eng[order[j - 1]]);
             j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
}

static void print_ranking(const struct standings *t, const int *order, FILE *out)
{
    bool multi = t->g->num_players > 2;
    fprintf(out, "%-4s %-20s %6s %6s %6s %6s %7s %9s %8s%s\n", "Rank", "Name", "Games", "W", "D",
            "L", "Score", "Elo", "+/-95%", multi ? "  AvgRank" : "");
    for (int i = 0; i < t->nengines; i++) {
        const struct tally *ta = &t->eng[order[i]];
        struct elo_estimate e = elo_estimate(ta->r);
        char elo[32] = "n/a", mg[32] = "n/a";
        if (e.finite) {
            snprintf(elo, sizeof elo, "%+.1f", e.elo);
            snprintf(mg, sizeof mg, isinf(e.margin) ? "inf" : "%.1f", e.margin);
        }
        fprintf(out, "%4d %-20s %6d %6g %6g %6g %6.1f%% %9s %8s", i + 1, t->name[order[i]],
                ta->games, ta->r.w, ta->r.d, ta->r.l, 100 * per_game(ta), elo, mg);
        if (multi)
            fprintf(out, "  %7.2f", ta->games ? ta->rank_sum / ta->games : 0.0);
        fputc('\n', out);
    }
}

static void print_seats(const struct standings *t, FILE *out)
{
    fprintf(out, "\n%-6s %6s %8s %9s %7s\n", "Seat", "Games", "AvgRank", "AvgScore", "Points");
    for (int s = 0; s < t->g->num_players; s++) {
        const struct seat_tally *st = &t->seat[s];
        double g = st->games ? st->games : 1;
        fprintf(out, "%-6s %6d %8.2f %9.2f %6.1f%%\n", seat_name(t->g, s), st->games,
                st->rank_sum / g, st->score_sum / g, 100 * st->points / g);
    }
}

/* Rows and columns in rank order; a cell is the row engine's points out
 * of the games of that pairing. */
static void print_crosstable(const struct standings *t, const int *order, FILE *out)
{
    fprintf(out, "\nCrosstable (points of the row engine against the column engine / games)\n");
    fprintf(out, "%-4s %-20s", "", "");
    for (int j = 0; j < t->nengines; j++)
        fprintf(out, " %9d", j + 1);
    fputc('\n', out);
    for (int i = 0; i < t->nengines; i++) {
        fprintf(out, "%4d %-20s", i + 1, t->name[order[i]]);
        for (int j = 0; j < t->nengines; j++) {
            const struct wdl *r = &t->pair[order[i]][order[j]];
            double g = r->w + r->d + r->l;
            char cell[32] = "-";
            if (i != j && g > 0)
                snprintf(cell, sizeof cell, "%g/%g", r->w + r->d / 2, g);
            else if (i != j)
                snprintf(cell, sizeof cell, ".");
            fprintf(out, " %9s", cell);
        }
        fputc('\n', out);
    }
    fprintf(out, "\nPairings\n");
    for (int i = 0; i < t->nengines; i++)
        for (int j = i + 1; j < t->nengines; j++) {
            const struct wdl *r = &t->pair[order[i]][order[j]];
            if (r->w + r->d + r->l == 0)
                continue;
            char label[160];
            snprintf(label, sizeof label, "%s vs %s", t->name[order[i]], t->name[order[j]]);
            print_wdl_summary(out, label, *r, NULL);
        }
}

void standings_print(const struct standings *t, FILE *out, const struct sprt *sp)
{
    int order[MAX_ENGINES];
    rank_order(t, order);
    print_ranking(t, order, out);
    if (t->g->num_players > 2)
        print_seats(t, out);
    else if (t->nengines > 2)
        print_crosstable(t, order, out);
    if (t->nengines == 2) {
        char label[200];
        bool pairs = standings_by_pairs(t);
        snprintf(label, sizeof label, "\n%s vs %s", t->name[0], t->name[1]);
        print_wdl_summary(out, label, t->eng[0].r, pairs ? NULL : sp);
        if (pairs)
            print_pairs_summary(out, t->pairs, sp);
    }
}
