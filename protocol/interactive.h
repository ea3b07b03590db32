/* Terminal input through GNU readline: history and tab completion of
 * command names, game names, player (strategy) names and seat names. */
#ifndef QUARTET_INTERACTIVE_H
#define QUARTET_INTERACTIVE_H

#include "protocol/runner.h"
#include "protocol/session.h"

/* Sets up completion; s supplies the current game's seat names. A SIGINT
 * at the prompt (r says so) ends interactive_read as end of input does.
 * While the user types, s's running analyze is ended at its cap. */
void interactive_init(struct session *s, const struct runner *r);
/* One line (malloc'd, no newline; the caller frees) or NULL at the end. */
char *interactive_read(void);

#endif
