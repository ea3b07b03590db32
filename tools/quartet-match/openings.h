/* Openings: move sequences read from a file (one per line, moves separated
 * by spaces or commas, '#' comments), or generated as random legal moves,
 * optionally kept only when a quick flat-mc search finds the first player's
 * chances near even. */
#ifndef QMATCH_OPENINGS_H
#define QMATCH_OPENINGS_H

#include "match.h"

#include <stdint.h>
#include <stdio.h>

struct opening_list {
    int n, cap;
    struct opening *v;
};

/* Replays text (moves in the game's notation) from the start; forced
 * passes may be omitted. Returns 0, or -1 with a message in err. */
int opening_parse(const struct game *g, const struct game_options *o, const char *text,
                  struct opening *op, char *err, size_t cap);
/* Reads a file; returns 0, or -1 with a message (file:line) in err. */
int openings_read(const struct game *g, const struct game_options *o, const char *path,
                  struct opening_list *l, char *err, size_t cap);

struct opening_gen {
    int plies;            /* random moves from the start */
    long playouts;        /* balance check budget; 0: no check */
    const char *player;   /* the player type that checks it (flat-mc) */
    double tolerance;     /* keep when |p(first player wins) - 0.5| <= this */
    uint64_t seed;
};

/* Appends count distinct generated openings; returns how many were made
 * (fewer if too many tries fail). */
int openings_generate(const struct game *g, const struct game_options *o,
                      const struct opening_gen *gen, int count, struct opening_list *l);
/* Estimate of the first player's result after op: the value of the best
 * move of `player` (a player type, e.g. flat-mc or mcts; one thread). */
double opening_balance(const struct game *g, const struct game_options *o,
                       const struct opening *op, const char *player, long playouts,
                       uint64_t seed);
void openings_free(struct opening_list *l);

#endif
