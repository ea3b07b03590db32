/* Seatings and the game-by-game schedule. */
#include "schedule.h"

#include <string.h>
#include <strings.h>

int schedule_kind_parse(const char *word, enum schedule_kind *k)
{
    if (!strcasecmp(word, "round-robin") || !strcasecmp(word, "roundrobin") ||
        !strcasecmp(word, "rr"))
        *k = SCHED_ROUND_ROBIN;
    else if (!strcasecmp(word, "gauntlet"))
        *k = SCHED_GAUNTLET;
    else
        return -1;
    return 0;
}

const char *schedule_kind_name(enum schedule_kind k)
{
    return k == SCHED_GAUNTLET ? "gauntlet" : "round-robin";
}

/* Yonin: the engines repeated to the seats, in every distinct rotation. */
static void seat_rotations(struct schedule *s, int n, int np)
{
    if (n == np && np == 4) {
        /* Four engines: all 24 seatings, so each sits in every seat and
         * opposite every other one (in Yonin, sharing its colour) equally
         * often; rotations alone would always pair the same engines. */
        for (int p = 0; p < 24; p++) {
            int a[4] = {0, 1, 2, 3}, f = p;
            for (int i = 0; i < 3; i++) {
                int k = i + f % (4 - i), x = a[i];
                f /= 4 - i;
                a[i] = a[k];
                a[k] = x;
            }
            memcpy(s->assign[s->nassign++], a, sizeof a);
        }
        return;
    }
    for (int r = 0; r < np; r++) {
        int a[GAME_MAX_PLAYERS] = {0};
        for (int i = 0; i < np; i++)
            a[i] = ((i - r + np) % np) % n;
        bool dup = false;
        for (int k = 0; k < s->nassign && !dup; k++)
            dup = memcmp(s->assign[k], a, sizeof(int) * (size_t)np) == 0;
        if (!dup)
            memcpy(s->assign[s->nassign++], a, sizeof a);
    }
}

void schedule_seatings(struct schedule *s, const struct match_config *cfg,
                       enum schedule_kind kind)
{
    int n = cfg->nengines;
    s->nassign = 0;
    if (cfg->g->num_players != 2) {
        seat_rotations(s, n, cfg->g->num_players);
        return;
    }
    /* Each pairing twice in a row, colours swapped, so both games of a
     * pair share an opening. */
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            if (kind == SCHED_GAUNTLET && i != 0)
                continue;
            s->assign[s->nassign][0] = i;
            s->assign[s->nassign++][1] = j;
            s->assign[s->nassign][0] = j;
            s->assign[s->nassign++][1] = i;
        }
}

void schedule_make(struct schedule *s, const struct match_config *cfg, enum schedule_kind kind,
                   int nopenings, int games, int rounds)
{
    schedule_seatings(s, cfg, kind);
    s->nopenings = nopenings;
    s->total = games > 0 ? games : rounds * s->nassign * (nopenings > 0 ? nopenings : 1);
}

void schedule_game(const struct schedule *s, int k, int *engine, int *opening)
{
    memcpy(engine, s->assign[k % s->nassign], sizeof(int) * GAME_MAX_PLAYERS);
    *opening = s->nopenings ? (k / s->nassign) % s->nopenings : -1;
}
