/* JSON Lines records: one object per line. The records' JSON lexer
 * (records/json.h) takes the keys a picture needs (game, name, size, variants, engines,
 * moves, result; transcript, checked against the moves) and the points --check
 * compares; quartet-match's other keys are checked by their rules
 * (records/match_keys.h) and not kept, and any others skipped, so records with
 * more fields read the same. */
#include "records/json.h"
#include "records/match_keys.h"
#include "records/record.h"
#include "records/strict.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool move_item(struct json_cursor *c, void *ctx, const char *key)
{
    (void)key;
    char m[REC_MOVE_LEN + 1];
    if (!json_string(c, m, sizeof m))
        return false;
    return rec_add_move(ctx, m, strlen(m)) == 0 || json_fail(c, "bad move text");
}

static bool engine_item(struct json_cursor *c, void *ctx, const char *key)
{
    (void)key;
    struct rec_game *g = ctx;
    if (g->nplayers == REC_MAX_SEATS)
        return json_fail(c, "too many engines");
    return json_string(c, g->players[g->nplayers++], sizeof g->players[0]);
}

static bool points_item(struct json_cursor *c, void *ctx, const char *key)
{
    (void)key;
    struct rec_game *g = ctx;
    if (g->npoints == REC_MAX_SEATS)
        return json_fail(c, "too many points");
    return json_number(c, &g->points[g->npoints++]);
}

static bool member(struct json_cursor *c, void *ctx, const char *key)
{
    struct rec_game *g = ctx;
    /* quartet-match's keys first pass its own rule (records/match_keys.c),
     * as resume and --merge read them, so they refuse the same lines. */
    const struct rec_key *k = rec_key_find(key);
    if (k) {
        struct json_cursor t = *c;
        if (!rec_key_read(&t, k, NULL)) {
            *c = t;
            return false;
        }
    }
    if (strcmp(key, "game") == 0)
        return json_int(c, &g->id, 1, RECORD_MAX_GAME, "game number out of range (1 to 10^9)");
    if (strcmp(key, "name") == 0)
        return json_string(c, g->game, sizeof g->game);
    if (strcmp(key, "size") == 0)
        return json_int(c, &g->size, 1, RECORD_MAX_SIZE, "size out of range (1 to 99)");
    if (strcmp(key, "variants") == 0)
        return json_string(c, g->variants, sizeof g->variants);
    if (strcmp(key, "result") == 0)
        return json_string(c, g->result, sizeof g->result);
    if (strcmp(key, "reason") == 0)
        return json_string(c, g->reason, sizeof g->reason);
    if (strcmp(key, "engines") == 0)
        return json_array(c, engine_item, g);
    if (strcmp(key, "points") == 0) {
        g->npoints = 0;
        return json_array(c, points_item, g);
    }
    if (strcmp(key, "moves") == 0)
        return json_array(c, move_item, g);
    if (strcmp(key, "transcript") == 0) {
        if (g->has_transcript)
            return json_fail(c, "a second transcript");
        g->has_transcript = 1;
        char t[REC_MAX_TRANSCRIPT + 1];
        if (!json_string(c, t, sizeof t))
            return false;
        if (strlen(t) >= REC_MAX_TRANSCRIPT)
            return json_fail(c, "transcript too long");
        memcpy(g->transcript, t, strlen(t) + 1);
        return true;
    }
    return json_skip(c, 0);
}

int rec_read_jsonl(const char *text, struct rec_file *f, char *err, size_t cap)
{
    int line = 0;
    for (const char *s = text; *s; line++) {
        const char *end = strchr(s, '\n');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        struct json_cursor c = {s, NULL, false};
        json_ws(&c);
        if (!end && c.s == s + len) { /* blank, but the file ends inside it */
            snprintf(err, cap, "line %d: no newline at its end: the line is cut off", line + 1);
            return -1;
        }
        if (c.s < s + len) { /* not a blank line */
            struct rec_game *g = rec_new_game(f, line + 1);
            if (!g) {
                snprintf(err, cap, "out of memory");
                return -1;
            }
            bool ok = json_object(&c, member, g);
            json_ws(&c);
            if (ok && c.s != s + len)
                ok = json_fail(&c, "text after the object");
            /* The runner ends every line; one without its newline was cut. */
            if (ok && !end)
                ok = json_fail(&c, "no newline at its end: the line is cut off");
            /* A line is a game of its own: a bad one is refused, and the
             * next line is read. */
            char why[120];
            if (ok && rec_check_transcript(g, why, sizeof why) != 0)
                rec_refuse(g, "line %d: %s", line + 1, why);
            if (!ok)
                rec_refuse(g, "line %d: JSON does not parse: %s (column %d)", line + 1, c.why,
                           (int)(c.s - s) + 1);
        }
        s += len + (end != NULL);
    }
    return 0;
}
