/* quartet-stats: the run configuration, the per-seat players and the
 * statistics accumulator shared by the tool's files. */
#ifndef QUARTET_STATS_H
#define QUARTET_STATS_H

#include "engine/game.h"
#include "engine/player.h"

#include <stdbool.h>
#include <stdint.h>

/* One seat's player as written in --players: `random` (played here, straight
 * from legal_moves), or a registered player with an optional fixed depth or
 * playout budget. */
struct seat_spec {
    char text[48];                 /* as the user wrote it, for the report */
    const struct player_type *pt;  /* NULL: the built-in uniform random */
    int depth;                     /* 0: none */
    long playouts;                 /* 0: none */
};

struct stats_config {
    const struct game *g;
    struct game_options gopt;
    char variants[64];             /* selected variant words, "" for none */
    bool team;                     /* the `team` variant: seats play as teams */
    long games;
    uint64_t seed;
    int threads;
    struct seat_spec seat[GAME_MAX_PLAYERS];
    double move_time;   /* seconds per move for a search player with neither
                           depth nor playouts (results then depend on timing) */
    double max_time;    /* safety bound per move for depth/playout players */
    int hash_mb, tree_mb;
    bool json;
};

/* Sums over games; all integers, so merging threads' sums in any order gives
 * exactly the same result whatever the number of threads. */
struct stats_acc {
    uint64_t games;
    uint64_t turns, moves, moves_sq;          /* every turn; a pass counts 0 */
    uint64_t turns_wm, moves_wm, moves_wm_sq; /* turns with at least one move */
    uint64_t len, len_sq, len_min, len_max;   /* plies, passes included */
    uint64_t lnp, lnp_sq, lnp_min, lnp_max;   /* plies without passes */
    uint64_t draws;                           /* games nobody won outright */
    uint64_t wins[GAME_MAX_PLAYERS];          /* outcome 1: beat every seat */
    uint64_t shared[GAME_MAX_PLAYERS];        /* first place shared, no win */
    uint64_t rank_sum[GAME_MAX_PLAYERS];
    int64_t score_sum[GAME_MAX_PLAYERS];
    uint64_t facing_first[GAME_MAX_PLAYERS];  /* games the facing seat topped */
    uint64_t facing_rank_sum[GAME_MAX_PLAYERS];
};

/* spec.c */
int spec_parse(struct stats_config *c, const char *text, char *err, size_t cap);

/* run.c: plays every game; 0, or -1 with a message in err. */
int stats_run(const struct stats_config *c, struct stats_acc *out,
              char *err, size_t cap);
void stats_acc_init(struct stats_acc *a);
void stats_acc_merge(struct stats_acc *into, const struct stats_acc *from);
/* Ranks, wins and facing statistics of one finished game. */
void stats_add_result(struct stats_acc *a, const struct game *g, bool team,
                      const void *st);

/* report.c */
void report_text(const struct stats_config *c, const struct stats_acc *a);
void report_json(const struct stats_config *c, const struct stats_acc *a);
bool stats_has_facing(const struct stats_config *c);

#endif
