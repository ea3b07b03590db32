/* Event name, time-control text and the event id. */
#include "event.h"

#include <stdint.h>
#include <string.h>

void event_tc_text(const struct time_control *tc, char *out, size_t cap)
{
    if (tc->mode == TC_MOVE)
        snprintf(out, cap, "%g", tc->move);
    else if (tc->mode == TC_GAME)
        snprintf(out, cap, "%g+%g", tc->base, tc->inc);
    else
        snprintf(out, cap, "none");
}

/* FNV-1a, 64 bits, over the settings as text (fields ended by '\n'). */
static void mix(uint64_t *h, const char *s)
{
    for (; *s; s++)
        *h = (*h ^ (unsigned char)*s) * 1099511628211ULL;
    *h = (*h ^ '\n') * 1099511628211ULL;
}

static void mixf(uint64_t *h, const char *fmt, long long v)
{
    char b[64];
    snprintf(b, sizeof b, fmt, v);
    mix(h, b);
}

void event_identify(struct match_config *cfg, enum schedule_kind kind,
                    const struct schedule *s, const struct opening_list *ol)
{
    if (!cfg->event[0])
        snprintf(cfg->event, sizeof cfg->event, "%s %s", cfg->g->name,
                 cfg->g->num_players == 2 ? schedule_kind_name(kind) : "seat rotation");
    uint64_t h = 14695981039346656037ULL;
    mix(&h, cfg->event);
    mix(&h, cfg->g->name);
    mixf(&h, "size %lld", cfg->gopt.size);
    mix(&h, cfg->variant_words);
    for (int e = 0; e < cfg->nengines; e++) {
        const struct engine_spec *en = &cfg->eng[e];
        mix(&h, en->name);
        mix(&h, en->cmd);
        mix(&h, en->dir);
        for (int i = 0; i < en->ninit; i++)
            mix(&h, en->init[i]);
    }
    mix(&h, schedule_kind_name(kind));
    mixf(&h, "games %lld", s->total);
    for (int i = 0; i < ol->n; i++)
        mix(&h, ol->v[i].text);
    mix(&h, cfg->tc_text);
    mixf(&h, "adjudicate %lld", cfg->adjudicate_empties);
    mixf(&h, "max-moves %lld", cfg->max_moves);
    snprintf(cfg->event_id, sizeof cfg->event_id, "%016llx", (unsigned long long)h);
}
