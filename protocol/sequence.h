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

enum seq_next {
    SEQ_END,    /* nothing left in the word */
    SEQ_MOVE,   /* *m is the next written move */
    SEQ_BAD,    /* the text at *text is no move of this game */
};

/* Reads the next move of `word` (one argument, no spaces) from *p on.
 * Commas separate moves; between them an item is a move parse_move takes
 * whole (a1-b2, swap, pass), `pa` (a pass), or a transcript: coordinates
 * written letters-then-digits back to back (f5d6, A10b3) with `pa` or
 * `pass` for passes. The written text of the move is *text (len bytes);
 * st is the position the move is for (parse_move may need it). */
enum seq_next sequence_next(const struct game *g, const void *st,
                            const char *word, const char **p, move_t *m,
                            const char **text, size_t *len);

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
