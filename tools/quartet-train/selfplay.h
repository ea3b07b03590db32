/* quartet-train selfplay (selfplay.c), label-games (label_games.c) and
 * merge (merge.c): games finished by the exact solver, a line a game. */
#ifndef QUARTET_TRAIN_SELFPLAY_H
#define QUARTET_TRAIN_SELFPLAY_H

#include "games.h"
#include "openings.h"
#include "schedule.h"
#include "engine/games/othello/search.h"

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
/* Plays g on from (P, O), side (0 Black, 1 White) to move, to the end:
 * depth-`depth` searches above `exact` empties (their values kept when
 * search_labels), the exact solver from there; sets g's margin. */
void sp_finish(struct oth_search *s, struct sp_game *g, bb_t P, bb_t O, int side, int exact,
               int depth, bool search_labels);
/* The starts of a selfplay schedule: opening i, solver at exact
 * (malloc'd, ops->n of them). 0 or -1. */
int selfplay_starts(const struct openings *ops, int exact, struct sp_start **out);

/* Writes the games of the files in[] (shards of one run) to out, in
 * index order, each once, every line checked against the run's schedule
 * (selfplay: with the openings file, `openings` or the shipped one;
 * label-games: with the source file `source`, required). Written whole
 * or not at all. 0 or -1. */
int selfplay_merge(const char *out, char *const *in, int nin, const char *openings,
                   const char *source);

#endif
