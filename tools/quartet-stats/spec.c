/* quartet-stats: parsing --players (one spec for every seat, or one per
 * seat: NAME, NAME:DEPTH or NAME:pPLAYOUTS) into per-seat players. */
#include "stats.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A positive decimal number no larger than max; -1 when it is not one. */
static long positive(const char *s, long max)
{
    if (!isdigit((unsigned char)*s))
        return -1;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (*end || errno || v < 1 || v > max)
        return -1;
    return v;
}

static int parse_item(const struct game *g, const char *item,
                      struct seat_spec *s, char *err, size_t cap)
{
    memset(s, 0, sizeof *s);
    size_t len = strlen(item);
    if (len == 0 || len >= sizeof s->text) {
        snprintf(err, cap, "bad player spec '%s'", item);
        return -1;
    }
    memcpy(s->text, item, len + 1);
    char name[sizeof s->text];
    memcpy(name, item, len + 1);
    char *colon = strchr(name, ':');
    if (colon) {
        *colon = 0;
        const char *arg = colon + 1;
        if (*arg == 'p' || *arg == 'P') {
            s->playouts = positive(arg + 1, 1000000000L);
            if (s->playouts < 0) {
                snprintf(err, cap, "bad playout budget in '%s' (want NAME:pN, N >= 1)", item);
                return -1;
            }
        } else {
            s->depth = (int)positive(arg, 64);
            if (s->depth < 0) {
                snprintf(err, cap, "bad depth in '%s' (want NAME:DEPTH, 1..64)", item);
                return -1;
            }
        }
    }
    const struct player_type *pt = player_find(name);
    if (!pt) {
        snprintf(err, cap, "unknown player '%s' (players:", name);
        for (int i = 0; player_registry[i]; i++) {
            size_t used = strlen(err);
            snprintf(err + used, cap - used, " %s", player_registry[i]->name);
        }
        size_t used = strlen(err);
        snprintf(err + used, cap - used, ")");
        return -1;
    }
    if (!player_supports(pt, g)) {
        snprintf(err, cap, "player '%s' does not play %s", pt->name, g->name);
        return -1;
    }
    /* The uniform random player is played here, without the interface:
     * the legal moves are generated every ply anyway to be counted. */
    if (strcasecmp(pt->name, "random") == 0) {
        if (colon) {
            snprintf(err, cap, "'random' takes no depth or playouts ('%s')", item);
            return -1;
        }
        pt = NULL;
    }
    s->pt = pt;
    return 0;
}

int spec_parse(struct stats_config *c, const char *text, char *err, size_t cap)
{
    const struct game *g = c->g;
    char buf[512];
    if (strlen(text) >= sizeof buf) {
        snprintf(err, cap, "--players: spec too long");
        return -1;
    }
    strcpy(buf, text);
    int n = 0;
    /* strtok_r would skip empty items; walk the commas by hand instead. */
    char *item = buf;
    for (;;) {
        char *comma = strchr(item, ',');
        if (comma)
            *comma = 0;
        if (n == g->num_players) {
            snprintf(err, cap, "--players: %s has %d seats; give one spec or %d",
                     g->name, g->num_players, g->num_players);
            return -1;
        }
        if (parse_item(g, item, &c->seat[n], err, cap) < 0)
            return -1;
        n++;
        if (!comma)
            break;
        item = comma + 1;
    }
    if (n == 1)
        for (int s = 1; s < g->num_players; s++)
            c->seat[s] = c->seat[0];
    else if (n != g->num_players) {
        snprintf(err, cap, "--players: %s has %d seats; give one spec or %d",
                 g->name, g->num_players, g->num_players);
        return -1;
    }
    return 0;
}
