/* JSON lines back in: repair of a cut-off last line, resume. */
#include "resume.h"
#include "records/json.h"
#include "records/record.h"
#include "records/strict.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Numbers out of these ranges are refused, not wrapped into an int. */
static const char *int_field(const char *s, int *v)
{
    return json_int(s, 1, RECORD_MAX_GAME, v);
}

static const char *ints_field(const char *s, int *v, int *n)
{
    return json_ints(s, v, GAME_MAX_PLAYERS, n, -1000000000L, 1000000000L);
}

/* A count of plies, 0..MAX_PLIES (resume's repair replays the moves). */
static const char *plies_field(const char *s, int *v)
{
    char *end;
    long x = strtol(s, &end, 10);
    if (end == s || x < 0 || x > MAX_PLIES)
        return NULL;
    *v = (int)x;
    return end;
}

static const char *line_field(const char *key, const char *s, void *ctx)
{
    struct line_game *g = ctx;
    struct game_record *r = &g->rec;
    int n;
    if (!strcmp(key, "game"))
        return int_field(s, &r->id);
    if (!strcmp(key, "name"))
        return json_string(s, g->game, sizeof g->game);
    if (!strcmp(key, "event"))
        return json_string(s, g->event, sizeof g->event);
    if (!strcmp(key, "event_id"))
        return json_string(s, g->event_id, sizeof g->event_id);
    if (!strcmp(key, "result"))
        return json_string(s, r->result, sizeof r->result);
    if (!strcmp(key, "reason"))
        return json_string(s, r->reason, sizeof r->reason);
    if (!strcmp(key, "date"))
        return json_string(s, r->date, sizeof r->date);
    if (!strcmp(key, "schedule_games"))
        return int_field(s, &g->schedule_games);
    if (!strcmp(key, "engines"))
        return json_strings(s, g->names[0], sizeof g->names[0], GAME_MAX_PLAYERS, &r->nseats);
    if (!strcmp(key, "engine_index"))
        return ints_field(s, r->engine, &n);
    if (!strcmp(key, "scores"))
        return ints_field(s, r->scores, &n);
    if (!strcmp(key, "ranks"))
        return ints_field(s, r->rank, &n);
    if (!strcmp(key, "points"))
        return json_numbers(s, r->points, GAME_MAX_PLAYERS, &n);
    if (!strcmp(key, "opening_plies"))
        return plies_field(s, &r->opening_plies);
    if (!strcmp(key, "moves"))
        return json_strings(s, g->moves[0], sizeof g->moves[0], MAX_PLIES, &g->nmoves);
    if (!strcmp(key, "move_times")) /* Othello: for resume's GGF repair */
        return json_numbers(s, r->move_time, MAX_PLIES, &n);
    return json_skip(s, 0);
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
    struct line_game *g = malloc(sizeof *g);
    if (!g)
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
        if (!*json_ws(line))
            continue;
        memset(g, 0, sizeof *g);
        for (int s = 0; s < GAME_MAX_PLAYERS; s++)
            g->rec.engine[s] = -1;
        if (json_object(line, line_field, g) != 0) {
            snprintf(err, cap, "%s:%d: not a JSON line of quartet-match", path, ln);
            rc = -1;
            break;
        }
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
