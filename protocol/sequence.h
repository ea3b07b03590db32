/* play_sequence: a whole written move list (spaces, commas, or a
 * transcript without separators such as f5d6c3) read, checked against
 * the turn rule, then played all at once or not at all. */
#ifndef QUARTET_SEQUENCE_H
#define QUARTET_SEQUENCE_H

#include "engine/game.h"
#include "protocol/session.h"
#include "protocol/text.h"

#include <stdbool.h>
#include <stddef.h>

/* The command: `play_sequence MOVES...`. */
bool cmd_play_sequence(struct session *s, int argc, char **argv,
                       struct text *out);

#endif
