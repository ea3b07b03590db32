/* The openings a selfplay run starts its games from (openings.c): one a
 * line, read as quartet-match reads them; game i starts from opening i
 * modulo their count. Read by `selfplay`, and by `merge` to check that
 * each game starts from its opening. */
#ifndef QUARTET_TRAIN_OPENINGS_H
#define QUARTET_TRAIN_OPENINGS_H

#include <stddef.h>
#include <stdint.h>

#define MAX_OPENING 40

struct opening {
    int n;
    int8_t sq[MAX_OPENING];     /* square, -1 a (forced) pass */
};

struct openings {
    struct opening *v;
    size_t n;
    uint32_t hash;              /* FNV-1a over the moves: the header's HASH */
};

/* Reads path (f5 d6, f5,d6 or f5d6 a line; '#' starts a comment). 0, or
 * -1 with the file, line and reason in err (ops then empty). */
int load_openings(const char *path, struct openings *ops, char *err, size_t cap);
/* The openings file selfplay uses without --openings: file, or the
 * shipped data/openings/othello-8.txt found as the engine finds its data
 * (into buf); NULL when there is none. */
const char *openings_file(const char *file, char *buf, size_t cap);

#endif
