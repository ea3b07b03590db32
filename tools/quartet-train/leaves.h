/* quartet-train leaves (leaves.c): the positions a depth-D search of each
 * root takes its values from, the end of every root move's principal
 * variation, written unlabelled in the positions-file format (train.h)
 * for `label` to solve. */
#ifndef QUARTET_TRAIN_LEAVES_H
#define QUARTET_TRAIN_LEAVES_H

#include "engine/games/othello/eval.h"

#include <stdint.h>

struct posset;

struct leaves_opts {
    const char *out;             /* the leaves, written whole */
    int depth;                   /* the search's depth, D moves to a leaf */
    long positions;              /* roots searched, drawn by seed; 0: all */
    int moves;                   /* the best this many root moves; 0: all */
    uint64_t seed;
    int threads, hash_mb;
};

/* 0, or -1 with the reason on stderr. w: the evaluation searched with;
 * roots: the positions searched from (--in's files, joined). */
int leaves_run(const struct leaves_opts *o, const struct oth_weights *w,
               const struct posset *roots);

#endif
