/* The player interface: a named strategy that chooses moves through the
 * game interface. genmove (and later analyze) go through it; a search
 * reports progress through one callback and never prints. */
#ifndef QUARTET_PLAYER_H
#define QUARTET_PLAYER_H

#include "game.h"

#include <stdbool.h>
#include <stdint.h>

struct player_options {
    double time_per_move; /* seconds when no time control is set (default 1) */
    long playouts;        /* playout budget per move; 0: time only */
    int threads;          /* worker threads; 0: all cores */
    uint64_t seed;        /* random seed; equal seeds replay equal games */
    int verbose;          /* diagnostics on stderr when > 0 */
    int hash_mb;          /* transposition table size in MiB (default 64) */
    int depth;            /* fixed search depth; 0: by time */
    int exact_empties;    /* solve exactly from this many empties; -1: auto */
    const char *eval_file;/* evaluation weights; NULL: the default place */
    const char *order_eval_file; /* Othello: the exact solver's move-ordering
                           * weights; NULL: the shipped ones, else eval */
    int tree_mb;          /* search tree memory bound in MiB (default 512) */
    double explore;       /* UCT exploration constant; 0: the player's own */
    double contempt;      /* MCTS, two players: what a draw costs the side it
                           * searches for, in [0, 0.5); < 0: the game's own */
    const char *book_file;/* Othello opening book; NULL: the shipped one */
    bool no_book;         /* Othello: play and analyze without a book */
};

#define SEARCH_MAX_CANDIDATES 16
#define SEARCH_MAX_PV 24

struct search_candidate {
    move_t move;
    long visits;          /* playouts or nodes below this move */
    double winrate;       /* expected result in [0,1] for the mover */
    double score;         /* score lead, when has_score */
    bool has_score;
    bool book;            /* the move and value come from an opening book */
    /* n-player searches: the expected result in [0,1] of every player, in
     * seat order (nvalues = the game's players); nvalues 0: not known. */
    int nvalues;
    double values[GAME_MAX_PLAYERS];
    int pv_len;
    move_t pv[SEARCH_MAX_PV];
};

struct search_report {
    int depth;            /* 0 when the search has no depth */
    bool exact;           /* the scores are final results: the search saw
                           * the end of the game (Othello: solved) */
    long nodes;           /* playouts or nodes so far */
    double elapsed;       /* seconds */
    int count;            /* candidates, best first */
    struct search_candidate cand[SEARCH_MAX_CANDIDATES];
};

typedef void (*search_report_fn)(void *ctx, const struct search_report *rep);

/* What one search may spend and whom it tells. */
struct search_limits {
    double seconds;            /* wall-clock budget; <= 0: no time limit */
    /* Sudden death: what the mover may still spend in the whole game
     * (timectl_clock), for players that share it out themselves instead
     * of taking `seconds`; 0: no such clock. */
    double clock;
    long playouts;             /* 0: no playout limit */
    const volatile int *stop;  /* non-NULL and set: stop as soon as possible */
    search_report_fn report;   /* optional progress callback */
    void *report_ctx;
    double report_interval;    /* seconds between reports */
};

struct player_type {
    const char *name;
    const char *doc;
    /* Optional: false for games this player cannot play (NULL: all). */
    bool (*supports)(const struct game *g);
    /* Creates a player for one game; NULL on failure. */
    void *(*create)(const struct game *g, const struct player_options *opt);
    void (*destroy)(void *p);
    /* Optional: makes p as it was when created, for a new game of the
     * same game, keeping what is costly to make (Othello's table, which
     * it clears). NULL: the session destroys p and creates another. */
    void (*reset)(void *p);
    /* Chooses a move for the player to move in st (game not over). With
     * no time and no playout limit it searches until lim->stop is set
     * (that is how `analyze` runs), reporting through lim->report. */
    move_t (*genmove)(void *p, const void *st, const struct search_limits *lim);
};

extern const struct player_type *const player_registry[]; /* NULL-terminated */
const struct player_type *player_find(const char *name);  /* any case */
/* The strongest player for g (engine/players.c keeps the table). */
const struct player_type *player_default(const struct game *g);
bool player_supports(const struct player_type *pt, const struct game *g);
void player_options_default(struct player_options *o);

/* A depth level's endgame rule (NBoard's `set depth D`, and quartet-train
 * measure, which must value positions as NBoard shows them): solve
 * exactly once this many empties or fewer are left: twice the depth, as
 * Edax's levels do, capped at PLAYER_LEVEL_EXACT_CAP so a solve stays
 * within seconds, and never below the depth itself (a search that deep
 * reaches the end anyway). -1 for depth <= 0 (no level). */
#define PLAYER_LEVEL_EXACT_CAP 20
int player_level_exact_empties(int depth);

#endif
