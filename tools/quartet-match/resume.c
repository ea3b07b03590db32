/* JSON lines back in (read by records/match_read.c): repair of a
 * cut-off last line, resume. */
#include "resume.h"
#include "records/match.h"
#include "records/record.h"
#include "records/strict.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

_Static_assert(REC_MATCH_MAX_PLIES == MAX_PLIES && REC_MAX_SEATS == GAME_MAX_PLAYERS &&
                   REC_MOVE_LEN == 16, "a JSON line's game fits a line_game");

/* g from the line's m (what resume and --merge use of it). */
static void line_game_of(const struct rec_match *m, struct line_game *g)
{
    struct game_record *r = &g->rec;
    r->id = m->id;
    r->nseats = m->nseats;
    for (int s = 0; s < m->nseats; s++) {
        r->engine[s] = m->engine_index[s];
        r->scores[s] = m->scores[s];
        r->rank[s] = m->ranks[s];
        r->points[s] = m->points[s];
        memcpy(g->names[s], m->engines[s], sizeof g->names[s]);
    }
    memcpy(r->result, m->result, sizeof r->result);
    memcpy(r->reason, m->reason, sizeof r->reason);
    memcpy(r->date, m->date, sizeof r->date);
    r->opening_plies = m->opening_plies;
    memcpy(r->move_time, m->move_time, sizeof r->move_time);
    memcpy(g->game, m->game, sizeof g->game);
    memcpy(g->event, m->event, sizeof g->event);
    memcpy(g->event_id, m->event_id, sizeof g->event_id);
    g->schedule_games = m->schedule_games;
    g->nmoves = m->nmoves;
    memcpy(g->moves, m->moves, sizeof g->moves);
}

/* -1 with the message in err when the records' JSONL reader (what
 * --check and quartet-render read with) refuses a game of the text: resume
 * and --merge take no line it refuses. Text that is not UTF-8 is left to
 * the line by line check, which names the line. */
static int records_refuse(const char *text, size_t len, const char *path, char *err, size_t cap)
{
    if (utf8_valid_prefix(text, len) < len)
        return 0;
    struct rec_file f = {0};
    char why[256] = "";
    int rc = rec_read_jsonl(text, &f, why, sizeof why) == 0 ? 0 : -1;
    for (int i = 0; rc == 0 && i < f.n; i++)
        if (f.games[i].why[0]) {
            const char *w = f.games[i].why;
            /* The reader says "line N: why"; the file and line go first here. */
            if (strncmp(w, "line ", 5) == 0 && strstr(w, ": "))
                w = strstr(w, ": ") + 2;
            snprintf(err, cap, "%s:%d: not a JSON line of quartet-match: %s", path,
                     f.games[i].line, w);
            rc = -1;
        }
    if (rc != 0 && why[0])
        snprintf(err, cap, "%s: %s", path, why);
    rec_free(&f);
    return rc;
}

char *records_file_read(const char *path, size_t *len)
{
    char msg[512]; /* errno tells the callers why */
    return rec_file_text(path, len, msg, sizeof msg);
}

int jsonl_read(const char *path, bool repair,
               int (*each)(const struct line_game *, void *, char *, size_t), void *ctx,
               char *err, size_t cap)
{
    size_t len;
    char *all = records_file_read(path, &len);
    if (!all) {
        if (errno == ENOENT)
            return 0;
        snprintf(err, cap, "%s: %s", path, strerror(errno));
        return -1;
    }
    /* A crash while a line was being written leaves it without its '\n'. */
    char *last = memrchr(all, '\n', len);
    size_t whole = last ? (size_t)(last - all) + 1 : 0;
    if (whole < len) {
        if (repair && truncate(path, (off_t)whole) != 0) {
            snprintf(err, cap, "%s: cannot cut the partial last line: %s", path, strerror(errno));
            free(all);
            return -1;
        }
        fprintf(stderr, "quartet-match: %s: partial last line (%zu bytes, a game cut off by a "
                        "crash) %s\n", path, len - whole, repair ? "dropped" : "skipped");
        all[whole] = '\0';
    }
    if (records_refuse(all, whole, path, err, cap) != 0) {
        free(all);
        return -1;
    }
    struct line_game *g = malloc(sizeof *g);
    struct rec_match *m = malloc(sizeof *m);
    if (!g || !m)
        abort();
    int games = 0, ln = 0, rc = 0;
    for (char *line = all, *next; line < all + whole; line = next) {
        next = (char *)memchr(line, '\n', (size_t)(all + whole - line)) + 1;
        next[-1] = '\0';
        ln++;
        /* Strict readers (Python's json) refuse such lines: so does this. */
        if (utf8_valid_prefix(line, (size_t)(next - 1 - line)) < (size_t)(next - 1 - line)) {
            snprintf(err, cap, "%s:%d: not valid UTF-8 (or a NUL byte)", path, ln);
            rc = -1;
            break;
        }
        if (!line[strspn(line, " \t\r")])
            continue;
        memset(m, 0, sizeof *m);
        for (int s = 0; s < REC_MAX_SEATS; s++)
            m->engine_index[s] = -1;
        char why[160];
        if (rec_match_read_jsonl(line, m, why, sizeof why) != 0) {
            snprintf(err, cap, "%s:%d: not a JSON line of quartet-match: %s", path, ln, why);
            rc = -1;
            break;
        }
        memset(g, 0, sizeof *g);
        line_game_of(m, g);
        if (!g->event_id[0] || g->rec.id <= 0 || g->rec.nseats <= 0 || g->rec.engine[0] < 0) {
            snprintf(err, cap, "%s:%d: no event_id, game number or engine_index: a record "
                     "of an older quartet-match", path, ln);
            rc = -1;
            break;
        }
        for (int s = 0; s < g->rec.nseats; s++)
            if (g->rec.engine[s] < 0 || g->rec.engine[s] >= MAX_ENGINES) {
                snprintf(err, cap, "%s:%d: bad engine_index", path, ln);
                rc = -1;
            }
        if (rc || (rc = each(g, ctx, err, cap)) != 0)
            break;
        games++;
    }
    free(m);
    free(g);
    free(all);
    return rc ? -1 : games;
}

struct resume_ctx {
    const struct match_config *cfg;
    const char *path;
    int total;
    bool *done;
    struct standings *st;
};

static int resume_one(const struct line_game *g, void *ctx, char *err, size_t cap)
{
    struct resume_ctx *c = ctx;
    if (strcmp(g->event_id, c->cfg->event_id) != 0) {
        snprintf(err, cap,
                 "%s holds games of event '%s' (id %s), but this command's event is '%s' "
                 "(id %s): its game, engines, schedule, openings, time control or "
                 "adjudication differ. Give the same settings to resume, or another --jsonl "
                 "file to start afresh", c->path, g->event, g->event_id, c->cfg->event,
                 c->cfg->event_id);
        return -1;
    }
    int k = g->rec.id - 1;
    if (k >= c->total) {
        snprintf(err, cap, "%s: game %d is beyond this schedule's %d games", c->path,
                 g->rec.id, c->total);
        return -1;
    }
    if (c->done[k]) {
        fprintf(stderr, "quartet-match: %s: game %d recorded twice; counted once\n", c->path,
                g->rec.id);
        return 0;
    }
    c->done[k] = true;
    standings_add(c->st, &g->rec);
    return 0;
}

int resume_load(const char *path, const struct match_config *cfg, int total, bool *done,
                struct standings *st, char *err, size_t cap)
{
    struct resume_ctx c = {cfg, path, total, done, st};
    return jsonl_read(path, true, resume_one, &c, err, cap);
}
