/* Standings of a tournament: per-engine W/D/L, points and ranks, per-seat
 * figures (Yonin), the result of every pairing, and the printed tables
 * (ranking with Elo ± 95%, crosstable, pairings, head-to-head SPRT). The
 * match and --merge print through the same code, so they agree. */
#ifndef QMATCH_CROSSTABLE_H
#define QMATCH_CROSSTABLE_H

#include "match.h"
#include "idmap.h"
#include "stats.h"

#include <stdio.h>

struct tally {
    struct wdl r;             /* this engine's results against the field */
    double points, rank_sum;
    int games;
};

struct seat_tally {
    int games;
    double rank_sum, score_sum, points;
};

struct standings {
    const struct game *g;
    int nengines;
    char name[MAX_ENGINES][64];
    struct tally eng[MAX_ENGINES];
    struct seat_tally seat[GAME_MAX_PLAYERS];
    struct wdl pair[MAX_ENGINES][MAX_ENGINES]; /* row engine against column (2 players) */
    /* Two engines, two players: the schedule plays games 2m+1 and 2m+2
     * on one opening, colours swapped; the pairs both of whose games are
     * in, by engine 0's points, and each pair seen by m + 1: 1 + twice
     * engine 0's points in the game in first, or PAIR_DONE. */
    struct penta pairs;
    struct idmap half;
};

void standings_init(struct standings *t, const struct match_config *cfg);
void standings_add(struct standings *t, const struct game_record *rec);
void standings_free(struct standings *t); /* what standings_add allocated */
/* Whether a two-engine event's SPRT counts pairs (two players) rather
 * than games (Yonin's seatings are no pairs), and its verdict. */
bool standings_by_pairs(const struct standings *t);
int standings_sprt_decide(const struct standings *t, const struct sprt *sp);
double standings_sprt_llr(const struct standings *t, const struct sprt *sp);
/* The tables; sp (may be NULL) adds the SPRT line to a two-engine match. */
void standings_print(const struct standings *t, FILE *out, const struct sprt *sp);
/* Prints score, Elo ± interval (and SPRT when on) for counts. */
void print_wdl_summary(FILE *out, const char *label, struct wdl r, const struct sprt *sp);
/* The same for pairs: their counts, score, Elo ± interval, SPRT. */
void print_pairs_summary(FILE *out, struct penta p, const struct sprt *sp);

#endif
