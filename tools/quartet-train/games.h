/* quartet-train's self-play games file: one finished game a line, its
 * moves and its exact result, written by `selfplay`, read back by the
 * resume, `merge` and `expand` (the labelled positions the fitter reads).
 *
 * The file, text:
 *   # quartet-train selfplay 1 seed=S games=N depth=D exact=E random=A-B
 *     labels=result|search openings=NAME:COUNT:HASH shard=K/N
 * or, for expert games finished by the solver (label_games.c),
 *   # quartet-train label-games 1 games=N exact=E years=A-B
 *     source=NAME:COUNT:HASH shard=K/N
 *   INDEX OPENING MOVES MARGIN EXACT [VALUES]
 * (the header is one line). INDEX: the game's number in the schedule,
 * 0..N-1; OPENING: how many of the moves came from the openings file and
 * the random plies after it; MOVES: the transcript (f5d6c3..., `pa` a
 * pass) to the end of the game, written and split by records/transcript.h; MARGIN: Black's final disc margin (empty
 * squares to the winner); EXACT: the empties at which the solver took
 * over, so every position from there on lies on a perfectly played line
 * and the margin is its exact value; VALUES (labels=search only): the
 * search value of each position the search moved in, in 1/128 disc for
 * the player to move, comma-separated. */
#ifndef QUARTET_TRAIN_GAMES_H
#define QUARTET_TRAIN_GAMES_H

#include "train.h"

#include <stdio.h>

#define SP_MAX_PLIES 80     /* 60 moves and the passes between them */
#define SP_HEADER_MAX 512

struct sp_game {
    int index;
    int opening;                /* plies not chosen by the search */
    int n;                      /* plies, passes included */
    int8_t sq[SP_MAX_PLIES];    /* square, -1 a pass */
    int margin;                 /* Black's final margin */
    int exact;                  /* the solver's first empties */
    int nvalues;                /* labels=search: one per searched move */
    int32_t value[SP_MAX_PLIES];
    int line;                   /* the file line it was read from (sp_read) */
};

/* Writes g as one line (with its newline) into buf; its length. */
size_t sp_format(const struct sp_game *g, char *buf, size_t cap);
/* Reads one line (no newline) into g and checks it by replaying it: the
 * moves legal, the game over after the last one, the margin that of the
 * final board, the values one per position the search moved in.
 * 0, or -1 with the reason in err. */
int sp_parse(const char *line, struct sp_game *g, char *err, size_t cap);

/* A games file read whole: its header and games (in file order). */
struct sp_file {
    char header[SP_HEADER_MAX];
    struct sp_game *g;
    size_t n, cap;
    long keep;      /* bytes up to the end of the last whole line */
    bool torn;      /* the file ended inside a line (cut off at keep) */
};

/* Reads path. A last line without its newline (the writer was stopped) is
 * left out and reported through torn/keep; any other bad line fails with
 * its line number in err. 0, or -1. */
int sp_read(const char *path, struct sp_file *f, char *err, size_t cap);
void sp_file_free(struct sp_file *f);
/* Whether a and b are the same game line (where they were read aside). */
bool sp_same(const struct sp_game *a, const struct sp_game *b);
/* The header without its shard field, to compare runs. */
void sp_header_run(const char *header, char *out, size_t cap);

/* The positions of the games (every position with a move to make),
 * labelled for the player to move: the final margin (LABEL_EXACT from
 * the solver's empties on, LABEL_RESULT before), or with search labels
 * the search values (LABEL_SEARCH) before the solver's empties. */
int sp_expand(const struct sp_file *f, bool search_labels, int play_depth,
              struct posset *out);

#endif
