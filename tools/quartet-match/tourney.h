/* A tournament run: worker threads each owning one game slot take the
 * next game of the schedule (skipping games already recorded and those of
 * other shards), write its records, keep the standings, show progress,
 * stop on an SPRT verdict, and print the tables at the end. */
#ifndef QMATCH_TOURNEY_H
#define QMATCH_TOURNEY_H

#include "crosstable.h"
#include "match.h"
#include "openings.h"
#include "schedule.h"
#include "stats.h"

#include <stdio.h>

struct outputs {
    FILE *jsonl, *records, *sgf_file, *ggf;
    const char *sgf_dir;      /* one file per game when set */
    const char *jsonl_path, *records_path, *sgf_path, *ggf_path; /* for messages */
};

struct tourney_options {
    int games;                /* 0: rounds × openings × assignments */
    int rounds;
    int concurrency;
    bool progress;            /* live line on stderr */
    struct sprt sprt;
    enum schedule_kind kind;
    int shard, nshards;       /* play games k with k % nshards == shard - 1 */
};

/* Plays the games of s not marked in done (NULL: none done) and prints
 * the tables of st (holding the done games already) on out. Returns 0,
 * 1 when interrupted, or 2 when a record could not be written. */
int tourney_run(const struct match_config *cfg, const struct opening_list *ol,
                const struct schedule *s, const struct tourney_options *to,
                const struct outputs *outp, const bool *done, struct standings *st, FILE *out);

#endif
