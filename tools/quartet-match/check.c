/* --check: every game of a record file (read by the records library,
 * records/, one reader for every tool) replayed through the engine
 * library; a refused game is reported and the check goes on. */
#include "check.h"
#include "adjudicate.h"
#include "match.h"
#include "records/record.h"
#include "records/strict.h"
#include "records/replay.h"
#include "records/verdict.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <strings.h>

static bool is_fault_result(const char *r)
{
    size_t n = strlen(r);
    return n >= 2 && (r[n - 2] == '+' || r[n - 2] == '-') && strchr("FTR", r[n - 1]);
}

static uint32_t variant_flags(const struct game *g, const char *words, bool *ok)
{
    uint32_t f = 0;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", words);
    *ok = true;
    for (char *save, *t = strtok_r(buf, " ,", &save); t; t = strtok_r(NULL, " ,", &save)) {
        int i = 0;
        while (i < GAME_MAX_VARIANTS && g->variants[i].name && strcasecmp(g->variants[i].name, t))
            i++;
        if (i == GAME_MAX_VARIANTS || !g->variants[i].name)
            *ok = false;
        else
            f |= g->variants[i].flag;
    }
    return f;
}

/* Whether reason is fmt (one %d in it) with a plain decimal from 0 to
 * MAX_PLIES for the %d, which goes to *n (sscanf would wrap a long one). */
static bool reason_is(const char *reason, const char *fmt, int *n)
{
    const char *d = strstr(fmt, "%d");
    size_t pre = (size_t)(d - fmt);
    long v;
    if (strncmp(reason, fmt, pre) != 0)
        return false;
    const char *end = strict_long(reason + pre, 0, MAX_PLIES, &v);
    if (!end || strcmp(end, d + 2) != 0)
        return false;
    *n = (int)v;
    return true;
}

/* An unfinished game must carry an adjudication that holds: the exact
 * solve of the last position gives the recorded result (solved again
 * here, up to max_solve empties), or the move cap was reached and the
 * game is a draw. */
static void check_adjudicated(const struct game *g, const struct game_options *o,
                              const void *st, const struct rec_game *p, int max_solve,
                              char *why, size_t cap)
{
    int n;
    char res[32];
    if (reason_is(p->reason, ADJ_SOLVE_REASON, &n)) {
        int e = adjudicate_empties(g, o, st);
        unsigned char *fin = malloc(g->state_size);
        char err[256];
        if (!fin)
            abort();
        if (e != n)
            snprintf(why, cap, "adjudicated at %d empties, but %d are empty", n, e);
        else if (n > max_solve)
            snprintf(why, cap, "adjudicated at %d empties, more than the %d solved here", n,
                     max_solve);
        else if (adjudicate_solve(g, st, 0, fin, err, sizeof err) != 0)
            snprintf(why, cap, "adjudication not checked: %.100s", err);
        else {
            g->format_result(fin, res, sizeof res);
            if (strcasecmp(res, p->result) != 0)
                snprintf(why, cap, "adjudicated %s recorded, the exact solve gives %s",
                         p->result, res);
        }
        free(fin);
    } else if (reason_is(p->reason, ADJ_CAP_REASON, &n)) {
        if (p->nmoves < n)
            snprintf(why, cap, "move cap %d recorded after %d moves", n, p->nmoves);
        else if (strcmp(p->result, "0") != 0)
            snprintf(why, cap, "move cap reached: a draw (0), not %s", p->result);
    } else
        snprintf(why, cap, "game not over after %d moves", p->nmoves);
}

/* The result the replay gives: the game's own, or for a komi game
 * (GGS's KM) black's disc margin minus the komi, as GGF's RE reads. */
static void komi_result(const struct game *g, const void *st, const struct rec_game *p,
                        char *res, size_t cap)
{
    int score[GAME_MAX_PLAYERS];
    g->format_result(st, res, cap);
    if (!p->has_komi || g->num_players != 2)
        return;
    g->score(st, score);
    double v = (double)(score[0] - score[1]) - p->komi;
    /* Empty squares go to the winner, as format_result counts them. */
    int empties = p->size * p->size - score[0] - score[1];
    if (score[0] != score[1])
        v += score[0] > score[1] ? empties : -empties;
    char num[24];
    rec_format_number(v < 0 ? -v : v, num, sizeof num);
    if (v == 0)
        snprintf(res, cap, "0");
    else
        snprintf(res, cap, "%c+%s", v > 0 ? 'B' : 'W', num);
}

/* The points a JSON line must carry for the result the replay agreed
 * with, as the runner gives them (play.c, adjudicate.c): a finished game's
 * outcome; a forfeit or an adjudication of two players, 1 to the winner
 * the result names first (B or W; "0" a draw, 0.5 each). false: no rule
 * (a Yonin forfeit, ranked by the scores at the fault). */
static bool expected_points(const struct game *g, const void *st, const struct rec_game *p,
                            double *pts)
{
    bool fault = is_fault_result(p->result);
    if (g->is_over(st) && !fault) {
        g->outcome(st, pts);
        return true;
    }
    if (strcmp(p->result, "0") == 0) {
        for (int s = 0; s < g->num_players; s++)
            pts[s] = 0.5;
        return true;
    }
    if (g->num_players != 2 || (p->result[0] != 'B' && p->result[0] != 'W'))
        return false;
    pts[0] = p->result[0] == 'B';
    pts[1] = p->result[0] == 'W';
    return true;
}

/* Whether the recorded points (if any) are those of the result. */
static void check_points(const struct game *g, const void *st, const struct rec_game *p,
                         char *why, size_t cap)
{
    double pts[GAME_MAX_PLAYERS];
    if (!p->npoints || !expected_points(g, st, p, pts))
        return;
    /* The runner writes points with %g (1/3 as 0.333333); distinct
     * points differ by a sixth at least. */
    bool same = p->npoints == g->num_players;
    for (int s = 0; s < p->npoints && same; s++)
        same = fabs(p->points[s] - pts[s]) < 1e-4;
    if (same)
        return;
    char rec[64] = "", rep[64] = "";
    for (int s = 0; s < p->npoints; s++)
        snprintf(rec + strlen(rec), sizeof rec - strlen(rec), "%s%g", s ? "," : "", p->points[s]);
    for (int s = 0; s < g->num_players; s++)
        snprintf(rep + strlen(rep), sizeof rep - strlen(rep), "%s%g", s ? "," : "", pts[s]);
    snprintf(why, cap, "points %s recorded, result %s gives %s", rec, p->result, rep);
}

/* Replays p; writes a one-line verdict to out; returns true if it agrees. */
static bool replay(const struct rec_game *p, int max_solve, FILE *out)
{
    const struct game *g = game_find(p->game);
    bool vok = true;
    char why[160] = "";
    struct game_options o = {.size = p->size};
    if (g)
        o.flags = variant_flags(g, p->variants, &vok);
    if (!g || p->size < g->min_size || p->size > g->max_size || !g->size_ok(p->size) || !vok) {
        /* No game to replay: refused as records' replay words it. */
        struct replay rp;
        if (replay_game(p, &rp, why, sizeof why) == 0) {
            replay_free(&rp);
            snprintf(why, sizeof why, "no size recorded");
        }
        fprintf(out, "game %d: refused: %s\n", p->id, why);
        return false;
    }
    uint64_t h = 1469598103934665603ULL; /* FNV-1a over the move texts */
    if (p->setup[0]) {
        /* A set-up start (GGF's BO) is part of what the moves hash names. */
        for (const char *c = p->setup; *c; c++)
            h = (h ^ (unsigned char)*c) * 1099511628211ULL;
        h = (h ^ (unsigned char)p->setup_side) * 1099511628211ULL;
    }
    for (int i = 0; i < p->nmoves; i++) {
        for (const char *c = p->moves[i]; *c; c++)
            h = (h ^ (unsigned char)tolower((unsigned char)*c)) * 1099511628211ULL;
        h = (h ^ ' ') * 1099511628211ULL;
    }
    /* The replay every reader's verdict rests on (records/replay.h). */
    struct replay rp;
    unsigned char *st = malloc(g->state_size);
    if (!st)
        abort();
    if (replay_game(p, &rp, why, sizeof why) == 0) {
        memcpy(st, replay_state(&rp, rp.nplies), g->state_size);
        replay_free(&rp);
    }
    char res[32] = "";
    if (!why[0]) {
        if (is_fault_result(p->result)) {
            if (g->is_over(st))
                snprintf(why, sizeof why, "forfeit %s recorded for a finished game", p->result);
        } else if (!g->is_over(st))
            check_adjudicated(g, &o, st, p, max_solve, why, sizeof why);
        else {
            komi_result(g, st, p, res, sizeof res);
            if (strcasecmp(res, p->result) != 0)
                snprintf(why, sizeof why, "result %s recorded, replay gives %s", p->result, res);
        }
        if (!why[0])
            check_points(g, st, p, why, sizeof why);
    }
    fprintf(out, "game %d %s %d%s%s plies=%d moves=%016llx result=%s %s%s\n", p->id, g->name,
            p->size, p->variants[0] ? " " : "", p->variants, p->nmoves, (unsigned long long)h,
            p->result, why[0] ? "MISMATCH: " : "ok", why);
    free(st);
    return !why[0];
}

int check_text(const char *text, size_t len, const char *path, int max_solve, FILE *out)
{
    struct rec_file f = {0};
    char err[240];
    int rc = rec_parse_all(text, len, &f, err, sizeof err);
    int bad = 0;
    /* Every game is reported: a refused one with its reason, and the
     * check goes on to the next. */
    for (int i = 0; i < f.n; i++) {
        const struct rec_game *p = &f.games[i];
        if (p->why[0]) {
            /* Its line too, where the reason does not name it. */
            if (strncmp(p->why, "line ", 5) != 0 && p->line > 0)
                fprintf(out, "game %d: refused: line %d: %s\n", i + 1, p->line, p->why);
            else
                fprintf(out, "game %d: refused: %s\n", i + 1, p->why);
            bad++;
        } else
            bad += !replay(p, max_solve, out);
    }
    if (rc != 0) {
        fprintf(out, "%s: %s\n", path, err);
        bad++;
    }
    fprintf(out, "%d games checked, %d disagree\n", f.n, bad);
    bool none = rc == 0 && f.n == 0;
    if (none)
        fprintf(stderr, "quartet-match: %s: no game in the file\n", path);
    rec_free(&f);
    return none ? -1 : bad;
}

int check_records(const char *path, FILE *out)
{
    size_t len;
    char err[512];
    char *text = rec_file_text(path, &len, err, sizeof err);
    if (!text) {
        fprintf(stderr, "quartet-match: %s\n", err);
        return -1;
    }
    int r = check_text(text, len, path, ADJ_MAX_EMPTIES, out);
    free(text);
    return r;
}
