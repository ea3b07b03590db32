/* The schedule of a tournament: which engines sit where and which opening
 * is played in game k. Two-player games pair engines round-robin (every
 * pairing) or as a gauntlet (the first engine against each of the rest);
 * each pairing plays two games in a row on one opening, colours swapped.
 * Yonin seats its engines in every distinct rotation (all 24 seatings with
 * four engines). --shard K/N keeps the games k with k % N == K-1. */
#ifndef QMATCH_SCHEDULE_H
#define QMATCH_SCHEDULE_H

#include "match.h"

#define MAX_ASSIGN (MAX_ENGINES * (MAX_ENGINES - 1))

enum schedule_kind { SCHED_ROUND_ROBIN, SCHED_GAUNTLET };

struct schedule {
    int nassign;              /* seatings per opening */
    int assign[MAX_ASSIGN][GAME_MAX_PLAYERS];
    int nopenings;            /* 0: no openings */
    int total;                /* games in the whole schedule */
};

/* "round-robin" or "gauntlet"; returns 0, or -1 for an unknown word. */
int schedule_kind_parse(const char *word, enum schedule_kind *k);
const char *schedule_kind_name(enum schedule_kind k);
/* Fills the seatings for cfg's game and engines. */
void schedule_seatings(struct schedule *s, const struct match_config *cfg,
                       enum schedule_kind kind);
/* Seatings, then the total: games if > 0, else rounds × seatings × openings. */
void schedule_make(struct schedule *s, const struct match_config *cfg, enum schedule_kind kind,
                   int nopenings, int games, int rounds);
/* Game k (0-based): engine index per seat and the opening (-1: none). */
void schedule_game(const struct schedule *s, int k, int *engine, int *opening);
/* Whether game k belongs to shard (1-based) of nshards. */
static inline int schedule_in_shard(int k, int shard, int nshards)
{
    return nshards <= 1 || k % nshards == shard - 1;
}

#endif
