/* quartet-train measure: the depth-D value the engine shows in NBoard
 * mode (`set depth D`, `hint 1`) against the exact value, over the
 * positions of expert games (measure.c). */
#ifndef QUARTET_TRAIN_MEASURE_H
#define QUARTET_TRAIN_MEASURE_H

#include <stdbool.h>
#include <stdint.h>

struct measure_opts {
    const char *in;            /* games: WTHOR lines or bare transcripts */
    const char *weights;       /* play weights; NULL: the shipped ones */
    int year_min, year_max;    /* WTHOR lines outside are left out; 0-0: all */
    int empties_min, empties_max;
    int depth;                 /* NBoard's `set depth` */
    long positions;            /* at most this many, sampled; 0: all */
    uint64_t seed;             /* of the sample */
    int threads;               /* positions searched at once */
    int hash_mb;               /* each table; 0: the engine's 64 */
    bool list;                 /* one line per position before the table */
    const char *exact_file;    /* exact values read, and the new ones added */
    const char *save;          /* positions file of the measured positions, exact labels */
};

int measure_run(const struct measure_opts *o);

#endif
