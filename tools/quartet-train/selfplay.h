/* quartet-train selfplay and merge (selfplay.c): the self-play games
 * generator and the merge of its shards. */
#ifndef QUARTET_TRAIN_SELFPLAY_H
#define QUARTET_TRAIN_SELFPLAY_H

#include <stdbool.h>
#include <stdint.h>

struct sp_opts {
    const char *out;          /* the games file (appended to: resumed) */
    const char *openings;     /* NULL: the shipped openings/othello-8.txt */
    const char *weights;      /* NULL: the shipped weights */
    int games;                /* the schedule: games 0..games-1 */
    int depth;                /* the search's depth before the solver */
    int exact;                /* the solver plays from this many empties */
    int random_min, random_max; /* random plies after each opening */
    bool search_labels;       /* also write each searched move's value */
    int shard_k, shard_n;     /* play only the games with index % n == k-1 */
    int threads, hash_mb;
    uint64_t seed;
    bool quiet;               /* no progress line */
};

/* Plays the shard's games that o->out does not hold yet. 0 or -1. */
int selfplay_run(const struct sp_opts *o);
/* Writes the games of the files in[] (shards of one run) to out, in
 * index order, each once. 0 or -1. */
int selfplay_merge(const char *out, char *const *in, int nin);

#endif
