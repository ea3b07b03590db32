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

/* Plays m in st under play's turn rule: a pass only where it is forced,
 * any other move after the forced passes of the seats before its mover.
 * Returns true, or false with why m is illegal here in why (st then
 * unchanged). */
bool sequence_step(const struct game *g, void *st, move_t m, char *why,
                   size_t cap);

/* The command: `play_sequence MOVES...`. */
bool cmd_play_sequence(struct session *s, int argc, char **argv,
                       struct text *out);

#endif
