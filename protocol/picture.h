/* Pictures of the position for clients: the game's drawing as one text,
 * and svg_diff, which answers it as a line patch against the picture the
 * session sent before (doc/protocol.md). */
#ifndef QUARTET_PICTURE_H
#define QUARTET_PICTURE_H

#include "protocol/session.h"
#include "protocol/text.h"

#include <stdbool.h>
#include <stddef.h>

/* The current position drawn by the game's svg hook (which the caller
 * checked is there), with the last move marked and, when legal, the
 * legal moves: a malloc'd NUL-terminated text without the final newline,
 * its length in *len. NULL when out of memory. */
char *picture_draw(struct session *s, bool legal, size_t *len);

/* The svg_diff command (a command_fn): `svg_diff [legal] [full]`. */
bool picture_svg_diff(struct session *s, int argc, char **argv,
                      struct text *out);

#endif
