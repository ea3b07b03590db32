/* quartet-train label-games (label_games.c): expert games (WTHOR lines
 * or bare transcripts) replayed to the first position with at most E
 * empties and finished there by the exact solver, as selfplay finishes
 * its games, written in the games-file format (games.h). */
#ifndef QUARTET_TRAIN_LABEL_GAMES_H
#define QUARTET_TRAIN_LABEL_GAMES_H

#include "schedule.h"

#include <stdbool.h>
#include <stdint.h>

struct lg_opts {
    const char *in;           /* the expert games */
    const char *out;          /* the games file (appended to: resumed) */
    const char *weights;      /* the solver's search weights; NULL: shipped */
    int games;                /* at most this many qualifying games (0: all) */
    int exact;                /* the solver plays from this many empties */
    int year_min, year_max;   /* year_max 0: every year */
    int shard_k, shard_n;
    int threads, hash_mb;
    bool quiet;
};

/* The qualifying games of a source file: game i of the schedule starts
 * with start[i] (the recorded plies kept, the empties reached there). */
struct lg_source {
    struct sp_start *start;
    size_t n;                 /* qualifying lines */
    uint32_t hash;            /* FNV-1a over their recorded plies */
    long lines, cut, illegal, other_years;
};

/* Reads path: '#' lines and blank lines are comments; other lines are
 * tab-separated with the year first and the transcript last, or a bare
 * transcript (no year: left out when years are asked for). 0, or -1 with
 * the reason in err. */
int lg_source_load(const char *path, int exact, int year_min, int year_max,
                   struct lg_source *src, char *err, size_t cap);
void lg_source_free(struct lg_source *src);

/* Labels the shard's games that o->out does not hold yet. 0 or -1. */
int label_games_run(const struct lg_opts *o);

#endif
