/* Openings: move sequences read from a file (one per line, moves separated
 * by spaces or commas, or run together as a transcript like f5d6c3; '#'
 * comments; a line's "# d18 -1" notes the depth and value of its balance
 * search), or generated as random legal moves, optionally kept only when
 * a quick flat-mc search finds the first player's chances near even, or
 * when the game's own search at a fixed depth finds its value near 0. */
#ifndef QMATCH_OPENINGS_H
#define QMATCH_OPENINGS_H

#include "match.h"

#include <signal.h>
#include <stdbool.h>
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
    /* Balance by search (--balance-search): the game's default player at
     * a fixed depth keeps an opening whose value for the first player,
     * rounded to a whole unit (Othello: discs), is within +-margin. */
    int search_depth;     /* 0: off (the playouts check applies) */
    int margin;
    int prefilter_depth;  /* a shallower search first (0: none) that */
    int prefilter_slack;  /* drops values beyond margin + slack */
    int threads;          /* of each search (1) */
    const char *eval;     /* the searches' evaluation file (NULL: default) */
    long max_tries;       /* random openings drawn at most; 0: 2000 x count + 10000 */
    bool symmetric;       /* a position and its mirror images are one */
    const volatile sig_atomic_t *stop;  /* set: stop after this search */
    void (*kept)(void *ctx, const struct opening *op); /* each one kept */
    void *kept_ctx;
};

/* What a generation did, for the file's header. */
struct opening_gen_stats {
    long tries;           /* random openings drawn */
    long distinct;        /* new positions among them */
    long prefiltered;     /* passed the shallow search */
    long searched;        /* searched at the full depth */
    long kept;
};

/* Appends count distinct generated openings; returns how many were made
 * (fewer if too many tries fail or stop is set), or -1 with a message
 * when the search cannot run. stats may be NULL. */
int openings_generate(const struct game *g, const struct game_options *o,
                      const struct opening_gen *gen, int count, struct opening_list *l,
                      struct opening_gen_stats *stats, char *err, size_t cap);
/* The smallest hash of the position after op and of its mirror images
 * reached by replaying the mirrored moves (letters-then-digits boards of
 * two-player games whose start the mirror keeps: Othello's half-turn and
 * diagonal mirrors); op->key for other games. */
uint64_t opening_sym_key(const struct game *g, const struct game_options *o,
                         const struct opening *op);
/* How many distinct positions l holds (symmetric: mirror images as one). */
int openings_count_distinct(const struct game *g, const struct game_options *o,
                            const struct opening_list *l, bool symmetric);
/* Estimate of the first player's result after op: the value of the best
 * move of `player` (a player type, e.g. flat-mc or mcts; one thread). */
double opening_balance(const struct game *g, const struct game_options *o,
                       const struct opening *op, const char *player, long playouts,
                       uint64_t seed);
void openings_free(struct opening_list *l);

#endif
