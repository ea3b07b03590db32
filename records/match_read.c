/* quartet-match's JSON line back into a rec_match (records/match.h), with
 * the records' one JSON lexer (records/json.h). Numbers out of their
 * ranges are refused, not wrapped into an int. */
#include "records/json.h"
#include "records/match.h"
#include "records/strict.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An array of up to max elements: strings of cap bytes, whole numbers
 * from lo to hi, or numbers. */
struct list {
    int n, max;
    void *v;
    size_t cap;                     /* strings: bytes each */
    long lo, hi;                    /* whole numbers: the range */
};

static bool list_item(struct json_cursor *c, struct list *l)
{
    if (l->n >= l->max)
        return json_fail(c, "too many elements");
    return true;
}

static bool string_item(struct json_cursor *c, void *ctx, const char *key)
{
    (void)key;
    struct list *l = ctx;
    if (!list_item(c, l))
        return false;
    return json_string(c, (char *)l->v + (size_t)l->n++ * l->cap, l->cap);
}

static bool int_item(struct json_cursor *c, void *ctx, const char *key)
{
    (void)key;
    struct list *l = ctx;
    return list_item(c, l) && json_int(c, (int *)l->v + l->n++, l->lo, l->hi,
                                       "number out of range");
}

static bool number_item(struct json_cursor *c, void *ctx, const char *key)
{
    (void)key;
    struct list *l = ctx;
    return list_item(c, l) && json_number(c, (double *)l->v + l->n++);
}

static bool strings(struct json_cursor *c, void *v, size_t cap, int max, int *n)
{
    struct list l = {0, max, v, cap, 0, 0};
    bool ok = json_array(c, string_item, &l);
    if (n)
        *n = l.n;
    return ok;
}

static bool ints(struct json_cursor *c, int *v, int max, long lo, long hi)
{
    struct list l = {0, max, v, 0, lo, hi};
    return json_array(c, int_item, &l);
}

static bool numbers(struct json_cursor *c, double *v, int max)
{
    struct list l = {0, max, v, 0, 0, 0};
    return json_array(c, number_item, &l);
}

#define BIG 1000000000L

static bool member(struct json_cursor *c, void *ctx, const char *key)
{
    struct rec_match *m = ctx;
    static const struct {
        const char *key;
        size_t off, cap;
    } texts[] = {
        {"name", offsetof(struct rec_match, game), sizeof m->game},
        {"variants", offsetof(struct rec_match, variants), sizeof m->variants},
        {"opening", offsetof(struct rec_match, opening), sizeof m->opening},
        {"result", offsetof(struct rec_match, result), sizeof m->result},
        {"reason", offsetof(struct rec_match, reason), sizeof m->reason},
        {"event", offsetof(struct rec_match, event), sizeof m->event},
        {"event_id", offsetof(struct rec_match, event_id), sizeof m->event_id},
        {"date", offsetof(struct rec_match, date), sizeof m->date},
        {"time_control", offsetof(struct rec_match, time_control), sizeof m->time_control},
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        if (!strcmp(key, texts[i].key))
            return json_string(c, (char *)m + texts[i].off, texts[i].cap);
    if (!strcmp(key, "forfeit"))
        return json_string_or_null(c, m->forfeit, sizeof m->forfeit);
    if (!strcmp(key, "disagreement"))
        return json_string_or_null(c, m->disagreement, sizeof m->disagreement);
    if (!strcmp(key, "game"))
        return json_int(c, &m->id, 1, RECORD_MAX_GAME, "game number out of range (1 to 10^9)");
    if (!strcmp(key, "size"))
        return json_int(c, &m->size, 1, RECORD_MAX_SIZE, "size out of range (1 to 99)");
    if (!strcmp(key, "schedule_games"))
        return json_int(c, &m->schedule_games, 1, RECORD_MAX_GAME, "schedule_games out of range");
    if (!strcmp(key, "opening_index"))
        return json_int(c, &m->opening_index, -1, BIG, "opening_index out of range");
    if (!strcmp(key, "opening_plies"))
        return json_int(c, &m->opening_plies, 0, REC_MATCH_MAX_PLIES, "opening_plies out of range");
    if (!strcmp(key, "seats"))
        return strings(c, m->seats, sizeof m->seats[0], REC_MAX_SEATS, NULL);
    if (!strcmp(key, "engines"))
        return strings(c, m->engines, sizeof m->engines[0], REC_MAX_SEATS, &m->nseats);
    if (!strcmp(key, "moves"))
        return strings(c, m->moves, sizeof m->moves[0], REC_MATCH_MAX_PLIES, &m->nmoves);
    if (!strcmp(key, "move_times"))
        return numbers(c, m->move_time, REC_MATCH_MAX_PLIES);
    if (!strcmp(key, "engine_index"))
        return ints(c, m->engine_index, REC_MAX_SEATS, -BIG, BIG);
    if (!strcmp(key, "scores"))
        return ints(c, m->scores, REC_MAX_SEATS, -BIG, BIG);
    if (!strcmp(key, "ranks"))
        return ints(c, m->ranks, REC_MAX_SEATS, -BIG, BIG);
    if (!strcmp(key, "genmoves"))
        return ints(c, m->genmoves, REC_MAX_SEATS, -BIG, BIG);
    if (!strcmp(key, "points"))
        return numbers(c, m->points, REC_MAX_SEATS);
    if (!strcmp(key, "times"))
        return numbers(c, m->times, REC_MAX_SEATS);
    return json_skip(c, 0);
}

int rec_match_read_jsonl(const char *line, struct rec_match *m, char *err, size_t cap)
{
    struct json_cursor c = {line, NULL, true};
    bool ok = json_object(&c, member, m);
    json_ws(&c);
    if (ok && *c.s)
        ok = json_fail(&c, "text after the object");
    if (ok)
        return 0;
    snprintf(err, cap, "JSON does not parse: %s (column %d)", c.why ? c.why : "bad syntax",
             (int)(c.s - line) + 1);
    return -1;
}

int rec_clock_parse(const char *text, double timeout, struct rec_clock *c)
{
    *c = (struct rec_clock){.mode = REC_CLOCK_NONE, .timeout = timeout};
    if (strcmp(text, "none") == 0)
        return 0;
    char *end;
    double a = strtod(text, &end);
    if (end == text || a < 0)
        return -1;
    if (!*end) {
        c->mode = REC_CLOCK_MOVE;
        c->move = a;
        return 0;
    }
    if (*end != '+')
        return -1;
    const char *p = end + 1;
    double b = strtod(p, &end);
    if (end == p || *end || b < 0)
        return -1;
    c->mode = REC_CLOCK_GAME;
    c->base = a;
    c->inc = b;
    return 0;
}
