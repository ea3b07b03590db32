/* A written move list split into a game's moves: commas between items,
 * or coordinates back to back (a transcript, f5d6c3), read through the
 * game's parse_move, so it serves any game (play_sequence, openings files). */
#ifndef QUARTET_RECORDS_TRANSCRIPT_H
#define QUARTET_RECORDS_TRANSCRIPT_H

#include "engine/game.h"

#include <stdbool.h>
#include <stddef.h>

enum transcript_item {
    TRANSCRIPT_END,    /* nothing left in the word */
    TRANSCRIPT_MOVE,   /* *m is the next written move */
    TRANSCRIPT_BAD,    /* the text at *text is no move of this game */
};

/* Reads the next move of `word` (one argument, no spaces) from *p on.
 * Commas separate moves; between them an item is a move parse_move takes
 * whole (a1-b2, swap, pass), `pa` (a pass), or a transcript: coordinates
 * written letters-then-digits back to back (f5d6, A10b3) with `pa` or
 * `pass` for passes. The written text of the move is *text (len bytes);
 * st is the position the move is for (parse_move may need it). */
enum transcript_item transcript_next(const struct game *g, const void *st,
                                     const char *word, const char **p, move_t *m,
                                     const char **text, size_t *len);

/* The n moves run together as a transcript ("f5d6pac3"), each as
 * format_move writes it from st (which gives the board), a pass as `pa`:
 * what transcript_next reads back. Returns its length, or -1 when a move
 * has no text or it does not fit in cap bytes (buf then ""). */
int transcript_write(const struct game *g, const void *st, const move_t *moves, int n,
                     char *buf, size_t cap);

/* Plays m in st under play's turn rule: a pass only where it is forced,
 * any other move after the forced passes of the seats before its mover.
 * Returns true, or false with why m is illegal here in why (st then
 * unchanged). */
bool transcript_step(const struct game *g, void *st, move_t m, char *why, size_t cap);

/* Reads the words (argc of them, as play_sequence gets them) as moves
 * from st, checking each on a copy: the moves into *list (malloc'd, *n of
 * them, the written moves only; transcript_step puts forced passes back).
 * stop(ctx), when given, is asked before each move. Returns 0, or -1 with
 * the reason in why: "move N (TEXT) is illegal: WHY", "syntax error: no
 * moves", "interrupted", "out of memory". */
int transcript_read(const struct game *g, const void *st, int argc, char **argv,
                    move_t **list, int *n, bool (*stop)(void *), void *ctx, char *why,
                    size_t cap);

#endif
