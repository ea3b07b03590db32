/* A file of exact values of Othello positions, so that measuring one
 * evaluation after another solves each position once (measure.c): text,
 * one position a line, "P O VALUE" with P and O the discs of the side to
 * move and of the other side as 16 hex digits, VALUE its exact final
 * margin for the side to move. */
#ifndef QUARTET_TRAIN_EXACT_CACHE_H
#define QUARTET_TRAIN_EXACT_CACHE_H

#include "engine/games/bitboard.h"

#include <stdbool.h>
#include <stddef.h>

struct exact_entry {
    bb_t P, O;
    int value;
};

struct exact_cache {
    struct exact_entry *v;  /* sorted by (P, O) after exact_cache_load */
    size_t n, cap;
};

/* Reads path into c (a missing file is an empty cache). 0, or -1 with the
 * reason (file and line) in err. */
int exact_cache_load(struct exact_cache *c, const char *path, char *err, size_t cap);
/* The value of (P, O); false when the cache does not hold it. */
bool exact_cache_find(const struct exact_cache *c, bb_t P, bb_t O, int *value);
/* Appends the entries add[0..n) to path. 0, or -1. */
int exact_cache_append(const char *path, const struct exact_entry *add, size_t n);
void exact_cache_free(struct exact_cache *c);

#endif
