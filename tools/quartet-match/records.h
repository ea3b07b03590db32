/* Game records out: one JSON object per line (JSON Lines), SGF for
 * Othello (GM[2]) and Torus Hex (GM[11]), GGF for Othello, and the plain
 * text record for all four games (formats in doc/tournaments.md), each
 * written by the records library's one writer (records/match.h). */
#ifndef QMATCH_RECORDS_H
#define QMATCH_RECORDS_H

#include "match.h"
#include "openings.h"

#include <stdio.h>

/* Canonical text of every move of rec (forced passes "pass"), replayed
 * from the start; text[i] holds up to 16 bytes. */
void record_move_texts(const struct match_config *cfg, const struct game_record *rec,
                       char (*text)[16]);
/* The writers return 0, or -1 with errno set when f could not take the
 * record (everything is flushed before they return). */
int write_jsonl(FILE *f, const struct match_config *cfg, const struct opening_list *ol,
                const struct game_record *rec);
int write_text_record(FILE *f, const struct match_config *cfg, const struct game_record *rec);
/* Whether the game has an SGF game number (Othello, Torus Hex). */
bool sgf_supported(const struct game *g);
int write_sgf(FILE *f, const struct match_config *cfg, const struct game_record *rec);
/* Othello's records carry a transcript and GGF: whether cfg's game is Othello. */
bool is_othello(const struct game *g);
/* One GGF game on one line (Othello only; doc/tournaments.md, "GGF"). */
int write_ggf(FILE *f, const struct match_config *cfg, const struct game_record *rec);
/* Whether --sgf PATH names one file (ends in .sgf) rather than a directory. */
bool sgf_path_is_file(const char *path);
/* The file of game id in an --sgf directory: DIR/game-NNNN.sgf. */
void sgf_game_path(char *out, size_t cap, const char *dir, int id);

#endif
