/* The identity of an event: its name, the time control as text, and an id
 * hashed from every setting that decides which games are played and how
 * (game, size, variants, engines, schedule, openings, time control,
 * adjudication). Resume and --merge accept only records of the same id;
 * the shard, -j, outputs and --margin/--timeout do not enter it. */
#ifndef QMATCH_EVENT_H
#define QMATCH_EVENT_H

#include "match.h"
#include "openings.h"
#include "schedule.h"

#include <stddef.h>

/* "none", "0.2" (seconds per move) or "30+1" (per game + increment). */
void event_tc_text(const struct time_control *tc, char *out, size_t cap);
/* Sets cfg->event_id (and a default cfg->event when empty). */
void event_identify(struct match_config *cfg, enum schedule_kind kind,
                    const struct schedule *s, const struct opening_list *ol);

#endif
