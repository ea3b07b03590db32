/* A tournament: the schedule of games (openings × colour assignments or
 * Yonin seat rotations), worker threads each owning one game slot, the
 * running tallies, live progress, SPRT stop and the final tables. */
#ifndef QMATCH_TOURNEY_H
#define QMATCH_TOURNEY_H

#include "match.h"
#include "openings.h"
#include "stats.h"

#include <stdio.h>

struct outputs {
    FILE *jsonl, *records, *sgf_file;
    const char *sgf_dir;      /* one file per game when set */
};

struct tourney_options {
    int games;                /* 0: rounds × openings × assignments */
    int rounds;
    int concurrency;
    bool progress;            /* live line on stderr */
    struct sprt sprt;
};

/* Runs the whole tournament and prints the tables on out. Returns 0, or
 * 1 when interrupted. */
int tourney_run(const struct match_config *cfg, const struct opening_list *ol,
                const struct tourney_options *to, const struct outputs *outp, FILE *out);
/* Colour assignments (Yonin: seat rotations) per opening. */
int tourney_assignments(const struct match_config *cfg);
/* Prints score, Elo ± interval (and SPRT when on) for counts. */
void print_wdl_summary(FILE *out, const char *label, struct wdl r, const struct sprt *sp);

#endif
