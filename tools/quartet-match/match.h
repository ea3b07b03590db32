/* quartet-match's shared types: engines, time control, the configuration of
 * one match, openings and the record of one game. */
#ifndef QMATCH_MATCH_H
#define QMATCH_MATCH_H

#include "engine/game.h"
#include "proc.h"

#include <stdbool.h>

#define MAX_ENGINES 32      /* a round-robin of 32 plays 496 pairings */
#define MAX_INIT_CMDS 16      /* extra GTP commands per engine (engine file) */
#define MAX_PLIES 2048        /* longer than any game of any size */
#define MAX_OPENING_PLIES 128

struct engine_spec {
    char name[64];            /* display name */
    char cmd[1024];           /* command line */
    char dir[512];            /* working directory ("" : the runner's) */
    int ninit;
    char init[MAX_INIT_CMDS][256]; /* GTP commands sent after each start */
    char ident[160];          /* "name version" as the engine reports it */
    bool knows_set_game, knows_time_settings, knows_time_left, knows_final_score;
};

enum tc_mode { TC_NONE, TC_MOVE, TC_GAME };

struct time_control {
    enum tc_mode mode;
    double move;              /* TC_MOVE: seconds per move */
    double base, inc;         /* TC_GAME: seconds per game, increment per move */
    double margin;            /* forfeit only beyond the limit plus this */
    double timeout;           /* TC_NONE: genmove limit; every other command */
};

struct match_config {
    const struct game *g;
    struct game_options gopt;
    char variant_words[64];   /* for set_game, e.g. "team" */
    int nengines;
    struct engine_spec eng[MAX_ENGINES];
    struct time_control tc;
    int errfd;                /* engines' stderr (-1: /dev/null) */
    struct errcap *errcap;    /* per engine: the cap on errfd (NULL with errfd -1) */
    bool query_score;         /* ask engines for final_score and compare */
    int adjudicate_empties;   /* Othello: solve exactly at this many empties (0 off) */
    int solve_threads;        /* threads of one adjudication solve */
    int max_moves;            /* plies after which the game is a draw (0 off) */
    char event[128];          /* event name (SGF EV, records) */
    char event_id[17];        /* hash of the event's settings, 16 hex digits */
    int schedule_games;       /* games in the whole schedule (all shards) */
    char tc_text[64];         /* time control as --tc spells it: "none", "0.2", "30+1" */
    const volatile sig_atomic_t *stop;
};

struct opening {
    int n;
    move_t moves[MAX_OPENING_PLIES]; /* forced passes included */
    char text[1024];          /* as written in the file (moves only) */
    uint64_t key;             /* position hash after the opening */
    /* The balance note of a line ("# d18 -1"): the search depth and the
     * value in discs for the first player; valued false when absent. */
    bool valued;
    int depth, value;
};

struct game_record {
    int id;                   /* 1-based game number in the schedule */
    int opening;              /* index into the openings, -1: none */
    int nseats;
    int engine[GAME_MAX_PLAYERS];    /* engine index per seat */
    int nplies, opening_plies;
    move_t moves[MAX_PLIES];
    double move_time[MAX_PLIES]; /* seconds each ply's genmove took (0: an opening
                                    ply, a forced pass); GGF's move times */
    int scores[GAME_MAX_PLAYERS];
    double points[GAME_MAX_PLAYERS]; /* 1 win, 0.5 draw, 0 loss (Yonin: outcome) */
    int rank[GAME_MAX_PLAYERS];      /* 1 = best; equal results share */
    char result[32];          /* "B+4", "W+T", "A+3", "C-F", ... */
    char reason[200];         /* "normal" or what went wrong */
    int forfeit;              /* seat that lost by a fault, -1: none */
    double time[GAME_MAX_PLAYERS];   /* seconds spent in genmove per seat */
    int genmoves[GAME_MAX_PLAYERS];
    char disagree[200];       /* engines' final_score differing from ours */
    char date[11];            /* YYYY-MM-DD (UTC) when the game ended */
};

/* The processes of one game slot: one per engine and copy (an engine in
 * two Yonin seats runs twice). */
struct slot {
    struct proc proc[MAX_ENGINES][GAME_MAX_PLAYERS];
};

/* GTP name for a seat: black/white in two-player games, a-d in Yonin. */
const char *seat_name(const struct game *g, int seat);
void slot_init(struct slot *s, const volatile sig_atomic_t *stop);
void slot_close(struct slot *s);
/* Plays one game; returns 0 when rec holds a finished game (ended or
 * forfeited), -1 when interrupted. */
int play_game(const struct match_config *cfg, struct slot *slot,
              const struct opening *op, struct game_record *rec);
/* Fills points/rank/result of a finished game from its final position. */
void record_final(const struct game *g, const void *st, struct game_record *rec);
/* Fills points/rank/result when seat `loser` lost by a fault of kind
 * 'F' (forfeit), 'T' (time) or 'R' (resignation). */
void record_forfeit(const struct game *g, const void *st, struct game_record *rec,
                    int loser, char kind, bool teams);
/* Seconds sent in time_left: floor, but 1 while 0 < left < 1. */
int time_left_seconds(double left);
/* Yonin team game: partners share results. */
bool is_team_game(const struct game *g, uint32_t flags);

#endif
