/* GGF records back in for --merge, read by the records library's reader
 * (one reader for every tool) and made the line_game of the game's JSON line. */
#include "ggflines.h"
#include "records/record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Points and ranks of a two-player game from its result as the records
 * write it ("B+4", "W+T", "0"); false for a result that names no winner
 * and is no draw (NBoard's "?"). The scores (discs) are left at 0: GGF
 * does not give them, and the tables of a two-player game do not use them. */
static bool points_of(const char *result, struct game_record *r)
{
    if (strcmp(result, "0") == 0) {
        r->points[0] = r->points[1] = 0.5;
    } else if ((result[0] == 'B' || result[0] == 'W') && result[1] == '+') {
        r->points[0] = result[0] == 'B';
        r->points[1] = result[0] == 'W';
    } else
        return false;
    for (int s = 0; s < 2; s++)
        r->rank[s] = 1 + (r->points[1 - s] > r->points[s]);
    return true;
}

/* The fields of quartet-match a game lacks ("QI, QE"), "" when none. */
static void missing_fields(const struct rec_game *p, char *out, size_t cap)
{
    const char *name[4] = {"GN", "QI", "QS", "QE"};
    bool lacks[4] = {!p->numbered, !p->event_id[0], !p->schedule_games, !p->nengine_index};
    size_t k = 0;
    out[0] = '\0';
    for (int i = 0; i < 4; i++)
        if (lacks[i])
            k += (size_t)snprintf(out + k, cap - k, "%s%s", k ? ", " : "", name[i]);
}

/* g as a JSON line of quartet-match gives it; -1 with why. */
static int to_line(const struct rec_game *p, struct line_game *g, char *why, size_t cap)
{
    char lacks[32];
    missing_fields(p, lacks, sizeof lacks);
    if (lacks[0]) {
        snprintf(why, cap, "GGF game without %s: a merge needs the game number (GN), event "
                 "id (QI), games scheduled (QS) and engine indices (QE) that quartet-match "
                 "--ggf writes; GGF of NBoard, GGS or an older quartet-match lacks them", lacks);
        return -1;
    }
    if (p->nmoves > MAX_PLIES) {
        snprintf(why, cap, "%d moves, more than a game of quartet-match has", p->nmoves);
        return -1;
    }
    memset(g, 0, sizeof *g);
    struct game_record *r = &g->rec;
    r->id = p->id;
    r->nseats = 2;
    for (int s = 0; s < 2; s++) {
        r->engine[s] = p->engine_index[s];
        if (r->engine[s] >= MAX_ENGINES) {
            snprintf(why, cap, "QE names engine %d, beyond the %d of an event", r->engine[s],
                     MAX_ENGINES);
            return -1;
        }
        snprintf(g->names[s], sizeof g->names[s], "%s", p->players[s]);
    }
    snprintf(r->result, sizeof r->result, "%s", p->result);
    if (!points_of(r->result, r)) {
        snprintf(why, cap, "result '%s' is neither a win nor a draw", p->result);
        return -1;
    }
    snprintf(r->reason, sizeof r->reason, "%s", p->reason);
    snprintf(g->game, sizeof g->game, "%s", p->game);
    snprintf(g->event, sizeof g->event, "%s", p->event);
    snprintf(g->event_id, sizeof g->event_id, "%s", p->event_id);
    g->schedule_games = p->schedule_games;
    g->nmoves = p->nmoves;
    for (int i = 0; i < p->nmoves; i++)
        snprintf(g->moves[i], sizeof g->moves[i], "%s", p->moves[i]);
    return 0;
}

int ggf_lines_read(const char *path, char *text, size_t len,
                   int (*each)(const struct line_game *, void *, char *, size_t), void *ctx,
                   char *err, size_t cap)
{
    /* As with JSON lines: a crash while a game was being written leaves
     * its line without the '\n'. */
    char *last = memrchr(text, '\n', len);
    size_t whole = last ? (size_t)(last - text) + 1 : 0;
    if (whole < len) {
        fprintf(stderr, "quartet-match: %s: partial last line (%zu bytes, a game cut off by a "
                        "crash) skipped\n", path, len - whole);
        text[whole] = '\0';
    }
    struct rec_file f = {0};
    char why[400];
    int rc = rec_parse(text, whole, &f, why, sizeof why);
    if (rc != 0)
        snprintf(err, cap, "%s: %s", path, why);
    struct line_game *g = malloc(sizeof *g);
    if (!g)
        abort();
    int games = 0;
    for (int i = 0; i < f.n && rc == 0; i++) {
        if (to_line(&f.games[i], g, why, sizeof why) != 0) {
            snprintf(err, cap, "%s:%d: %s", path, f.games[i].line, why);
            rc = -1;
        } else if ((rc = each(g, ctx, err, cap)) == 0)
            games++;
    }
    free(g);
    rec_free(&f);
    return rc ? -1 : games;
}
