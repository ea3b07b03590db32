/* The table of match_keys.h. */
#include "records/match_keys.h"
#include "records/strict.h"

#include <stddef.h>
#include <string.h>

#define BIG 1000000000L
#define AT(f) offsetof(struct rec_match, f)
#define CAP(f) sizeof(((struct rec_match *)0)->f)
#define TEXT(k, f) {k, REC_KEY_TEXT, 0, AT(f), CAP(f), 0, 0, NULL, REC_KEY_UNCOUNTED}
#define INT(k, f, lo, hi, why) {k, REC_KEY_INT, 0, AT(f), 0, lo, hi, why, REC_KEY_UNCOUNTED}
#define INTS(k, f) {k, REC_KEY_INT, REC_MAX_SEATS, AT(f), 0, -BIG, BIG, "number out of range", \
                    REC_KEY_UNCOUNTED}
#define NUMBERS(k, f, max) {k, REC_KEY_NUMBER, max, AT(f), 0, 0, 0, NULL, REC_KEY_UNCOUNTED}

static const struct rec_key keys[] = {
    INT("game", id, 1, RECORD_MAX_GAME, "game number out of range (1 to 10^9)"),
    TEXT("name", game),
    INT("size", size, 1, RECORD_MAX_SIZE, "size out of range (1 to 99)"),
    TEXT("variants", variants),
    TEXT("opening", opening),
    TEXT("result", result),
    TEXT("reason", reason),
    TEXT("event", event),
    TEXT("event_id", event_id),
    TEXT("date", date),
    TEXT("time_control", time_control),
    {"forfeit", REC_KEY_TEXT_OR_NULL, 0, AT(forfeit), CAP(forfeit), 0, 0, NULL, REC_KEY_UNCOUNTED},
    {"disagreement", REC_KEY_TEXT_OR_NULL, 0, AT(disagreement), CAP(disagreement), 0, 0, NULL,
     REC_KEY_UNCOUNTED},
    INT("schedule_games", schedule_games, 1, RECORD_MAX_GAME, "schedule_games out of range"),
    INT("opening_index", opening_index, -1, BIG, "opening_index out of range"),
    INT("opening_plies", opening_plies, 0, REC_MATCH_MAX_PLIES, "opening_plies out of range"),
    {"seats", REC_KEY_TEXT, REC_MAX_SEATS, AT(seats), CAP(seats[0]), 0, 0, NULL, REC_KEY_UNCOUNTED},
    {"engines", REC_KEY_TEXT, REC_MAX_SEATS, AT(engines), CAP(engines[0]), 0, 0, NULL, AT(nseats)},
    {"moves", REC_KEY_TEXT, REC_MATCH_MAX_PLIES, AT(moves), CAP(moves[0]), 0, 0, NULL, AT(nmoves)},
    NUMBERS("move_times", move_time, REC_MATCH_MAX_PLIES),
    INTS("engine_index", engine_index),
    INTS("scores", scores),
    INTS("ranks", ranks),
    INTS("genmoves", genmoves),
    /* A seat's share of one game: tables and pairs count it so. */
    {"points", REC_KEY_NUMBER, REC_MAX_SEATS, AT(points), 0, 0, 1, "points out of range (0 to 1)",
     REC_KEY_UNCOUNTED},
    NUMBERS("times", times, REC_MAX_SEATS),
};

const struct rec_key *rec_key_find(const char *key)
{
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (!strcmp(key, keys[i].key))
            return &keys[i];
    return NULL;
}

/* One value by k's kind into at (NULL: checked, not kept). */
static bool value(struct json_cursor *c, const struct rec_key *k, char *at)
{
    switch (k->kind) {
    case REC_KEY_TEXT:
        return json_string(c, at, at ? k->cap : 0);
    case REC_KEY_TEXT_OR_NULL:
        return json_string_or_null(c, at, at ? k->cap : 0);
    case REC_KEY_INT: {
        int x;
        if (!json_int(c, &x, k->lo, k->hi, k->why))
            return false;
        if (at)
            memcpy(at, &x, sizeof x);
        return true;
    }
    case REC_KEY_NUMBER: {
        double x;
        if (!json_number(c, &x))
            return false;
        if (k->why && !(x >= (double)k->lo && x <= (double)k->hi))
            return json_fail(c, k->why);
        if (at)
            memcpy(at, &x, sizeof x);
        return true;
    }
    }
    return json_fail(c, "bad syntax");
}

static size_t item_size(const struct rec_key *k)
{
    return k->kind == REC_KEY_INT ? sizeof(int) : k->kind == REC_KEY_NUMBER ? sizeof(double) : k->cap;
}

struct list {
    const struct rec_key *k;
    char *v;            /* the first element's place, or NULL */
    int n;
};

static bool item(struct json_cursor *c, void *ctx, const char *key)
{
    (void)key;
    struct list *l = ctx;
    if (l->n >= l->k->max)
        return json_fail(c, "too many elements");
    char *at = l->v ? l->v + (size_t)l->n * item_size(l->k) : NULL;
    l->n++;
    return value(c, l->k, at);
}

bool rec_key_read(struct json_cursor *c, const struct rec_key *k, struct rec_match *m)
{
    char *field = m ? (char *)m + k->off : NULL;
    if (!k->max)
        return value(c, k, field);
    struct list l = {k, field, 0};
    bool ok = json_array(c, item, &l);
    if (m && k->count != REC_KEY_UNCOUNTED)
        memcpy((char *)m + k->count, &l.n, sizeof l.n);
    return ok;
}
