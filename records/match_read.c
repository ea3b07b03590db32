/* quartet-match's JSON line back into a rec_match (records/match.h), with
 * the records' one JSON lexer (records/json.h). Numbers out of their
 * ranges are refused, not wrapped into an int. */
#include "records/json.h"
#include "records/match.h"
#include "records/match_keys.h"
#include "records/strict.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each key's rule is in records/match_keys.c, which the record reader
 * (records/jsonl.c) checks with too; keys quartet-match does not write
 * are skipped. */
static bool member(struct json_cursor *c, void *ctx, const char *key)
{
    const struct rec_key *k = rec_key_find(key);
    return k ? rec_key_read(c, k, ctx) : json_skip(c, 0);
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
