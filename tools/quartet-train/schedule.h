/* The schedule of a games-file run (schedule.c): which game indexes a
 * file may hold, and how each game must start. Resuming (runner.c) and
 * `merge` check every line of a file against it, so that a shard cannot
 * carry a game of another run, another shard or another start.
 *   selfplay:    games 0..N-1 of the header; game i starts with opening
 *                i mod COUNT (OPENING at least its plies) and its solver
 *                starts at the header's exact.
 *   label-games: game i starts with the recorded plies kept of the i-th
 *                qualifying source game (OPENING exactly those) and its
 *                solver starts at the empties reached there. */
#ifndef QUARTET_TRAIN_SCHEDULE_H
#define QUARTET_TRAIN_SCHEDULE_H

#include "games.h"

/* The plies a game must start with. */
struct sp_start {
    int n;
    int8_t sq[SP_MAX_PLIES];    /* square, -1 a pass */
    int exact;                  /* the EXACT its line must have */
};

struct sp_sched {
    int games;                  /* indexes 0..games-1 */
    int shard_k, shard_n;       /* a shard holds index % n == k-1 only */
    const struct sp_start *start; /* game i starts with start[i % nstart] */
    size_t nstart;
    bool opening_is_start;      /* OPENING == start's plies (else >=) */
};

/* games=N and shard=K/N (1/1 without) of a header into s. 0, or -1 with
 * the reason in err. */
int sp_sched_header(const char *header, struct sp_sched *s, char *err, size_t cap);
/* 0 when g may be a line of s's file, else -1 and why. */
int sp_sched_check(const struct sp_sched *s, const struct sp_game *g, char *why, size_t cap);
/* Checks every game of f (read from path) against s, and that an index
 * held twice is the same line twice. 0, or -1 with "path:line: why". */
int sp_sched_check_file(const struct sp_sched *s, const char *path, const struct sp_file *f,
                        char *err, size_t cap);

#endif
