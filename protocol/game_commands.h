/* Games' extension commands (engine/game.h struct game_command): named
 * across every registered game, so that list_commands does not change with
 * the game, and run on the current position of the session. */
#ifndef QUARTET_GAME_COMMANDS_H
#define QUARTET_GAME_COMMANDS_H

#include "protocol/session.h"
#include "protocol/text.h"

#include <stdbool.h>

/* The first game's entry of that name, or NULL. */
const struct game_command *game_command_find(const char *name);
/* The i-th distinct extension command over all games; NULL past the end. */
const struct game_command *game_command_at(int i);
/* Runs name on the session's game; false with a message in out when the
 * current game lacks it or it fails. */
bool game_command_run(struct session *s, const char *name, int argc,
                      char **argv, struct text *out);

#endif
