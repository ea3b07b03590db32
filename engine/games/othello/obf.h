/* The .obf test-position format of the FFO endgame suites: 64 squares a1..h8
 * (X black, O white, - empty), the side to move, then "SQ:+N;" pairs, every
 * move's exact margin, best first. Used by the benchmark and the tests. */
#ifndef QUARTET_OTHELLO_OBF_H
#define QUARTET_OTHELLO_OBF_H

#include "engine/games/bitboard.h"

/* P/O: the discs of the side to move and of the other side; *margin: the
 * best margin; *bestset: every move reaching it. -1 on a malformed line. */
int oth_parse_obf(const char *line, bb_t *P, bb_t *O, int *margin, bb_t *bestset);

#endif
