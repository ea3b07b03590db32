/* Reading JSON-lines records back, for resume and --merge: a last line cut
 * off by a crash is dropped (and, for resume, cut from the file), every
 * other line must parse, and each line's event id is checked. */
#ifndef QMATCH_RESUME_H
#define QMATCH_RESUME_H

#include "crosstable.h"
#include "match.h"

#include <stdbool.h>
#include <stddef.h>

/* What a JSON line says about its game. */
struct line_game {
    struct game_record rec;   /* id, nseats, engine, scores, points, rank, result, reason,
                                 date, opening_plies (rec.moves is not filled) */
    char game[32], event[128], event_id[17];
    char names[GAME_MAX_PLAYERS][64];
    int schedule_games;
    int nmoves;
    char moves[MAX_PLIES][16]; /* the move texts, for resume's repair of the records */
};

/* The whole file, '\0'-ended, its length in *len; NULL (errno set) when
 * it cannot be read. */
char *records_file_read(const char *path, size_t *len);

/* Calls each(game, ctx) for every complete line of path; each returns 0 to
 * go on or -1 to stop with its message in err. With repair, a partial last
 * line is cut from the file; without, it is skipped. Both note it on
 * stderr. Returns the number of games, or -1 with a message in err. A
 * missing file has no games (0). */
int jsonl_read(const char *path, bool repair, int (*each)(const struct line_game *, void *, char *,
                                                           size_t),
               void *ctx, char *err, size_t cap);

/* Resume: marks done[k] for each recorded game k+1 of this event (whose
 * schedule has `total` games) and adds it to st. Returns the number of
 * games, or -1 with a message (a file of another event) in err. */
int resume_load(const char *path, const struct match_config *cfg, int total, bool *done,
                struct standings *st, char *err, size_t cap);

#endif
