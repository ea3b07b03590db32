/* quartet-train sample (sample.c): positions of expert games for the
 * solver to label, as the experts reached them or a few random moves off
 * their line, written unlabelled in the positions-file format (train.h). */
#ifndef QUARTET_TRAIN_SAMPLE_H
#define QUARTET_TRAIN_SAMPLE_H

#include <stdint.h>

struct sample_opts {
    const char *in;              /* the games: WTHOR lines or transcripts */
    const char *out;             /* the positions file, written whole */
    int year_min, year_max;      /* year_max 0: every year */
    int empties_min, empties_max;
    int dev_min, dev_max;        /* random moves off the line; 0-0: none */
    int per_game;                /* positions a game when deviating */
    uint64_t seed;
};

/* 0, or -1 with the reason on stderr. */
int sample_run(const struct sample_opts *o);

#endif
