/* Terminal input through GNU readline: history and tab completion of
 * command names, game names, player (strategy) names and seat names. */
#ifndef QUARTET_INTERACTIVE_H
#define QUARTET_INTERACTIVE_H

#include "protocol/session.h"

/* Sets up completion; s supplies the current game's seat names. */
void interactive_init(const struct session *s);
/* One line (malloc'd, no newline; the caller frees) or NULL at the end. */
char *interactive_read(void);

#endif
