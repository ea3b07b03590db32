/* Othello internals shared by the files of this folder (rules, search,
 * evaluation, solver, stoner proofs) and by tools and tests that work on
 * bare bitboards. Everything else reaches Othello through engine/game.h. */
#ifndef QUARTET_OTHELLO_H
#define QUARTET_OTHELLO_H

#include "engine/game.h"
#include "engine/games/bitboard.h"

#include <stdbool.h>
#include <stdint.h>

/* The state behind othello_game: a1 is bit 0 (top left), h8 bit 63; boards
 * smaller than 8x8 use the top-left n x n corner of the bitboard. */
struct othello {
    bb_t disc[2];      /* black, white */
    bb_t board;        /* the squares of the n x n board */
    uint8_t size;
    uint8_t side;      /* 0 black, 1 white: the player to move */
    uint8_t over;      /* neither side can move */
    uint8_t pad[5];
};

extern const struct game othello_game;
extern const struct game_command othello_commands[]; /* commands.c */

/* The svg hook (svg.c). */
int othello_svg(const void *st, const struct game_svg_options *opt, char *buf, size_t cap);

/* The squares of an n x n board. */
bb_t othello_board_mask(int n);

/* Legal moves of P against O on `board`. */
BB_INLINE bb_t othello_moves(bb_t P, bb_t O, bb_t board)
{
    return bb_moves(P, O) & board;
}

/* Settles s->over (and the side-0 convention of finished games) after the
 * discs or the side to move changed. */
void othello_update_over(struct othello *s);

#endif
