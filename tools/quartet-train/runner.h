/* The run of a games file (runner.c), shared by `selfplay` and
 * `label-games`: the shard's games not yet in the file played on T
 * threads, each written as one line when done; a file stopped at any
 * point is resumed (a torn last line cut off, every kept line checked
 * against the schedule), a file of another run refused. */
#ifndef QUARTET_TRAIN_RUNNER_H
#define QUARTET_TRAIN_RUNNER_H

#include "games.h"
#include "schedule.h"
#include "engine/games/othello/search.h"

#include <stdbool.h>

struct sp_job {
    const char *name;           /* the command, for the progress and end lines */
    const char *out;            /* the games file (appended to: resumed) */
    const char *header;         /* the run's header line */
    const struct sp_sched *sched; /* games, shard, starts */
    const char *weights;        /* the searches' weights; NULL: the shipped */
    int threads, hash_mb;
    bool quiet;                 /* no progress line */
    bool per_game;              /* the end line also gives CPU seconds a game */
    /* Plays game index with s (cleared before each game) into g. */
    void (*play)(const void *ctx, struct oth_search *s, int index, struct sp_game *g);
    const void *ctx;
};

/* Plays the shard's games that j->out does not hold yet. 0 or -1. */
int sp_job_run(const struct sp_job *j);

#endif
