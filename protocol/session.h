/* The engine state the protocol commands act on: the current game, its
 * options and position, the undo stack, the player and the clock. */
#ifndef QUARTET_SESSION_H
#define QUARTET_SESSION_H

#include "engine/game.h"
#include "engine/player.h"
#include "engine/timectl.h"

#include <stdbool.h>

struct session {
    const struct game *game;
    struct game_options opt;
    unsigned char *state;      /* current position (game->state_size) */
    unsigned char *scratch;    /* a trial position for the turn rule */
    unsigned char *undo;       /* stack of positions, undo_len entries */
    int undo_len, undo_cap;

    const struct player_type *chosen; /* --player / set_player; NULL: default */
    const struct player_type *ptype;  /* the player of this game: chosen if
                                         it plays the game, else the game's
                                         default (player_default) */
    void *player;              /* ptype's player for this game, or NULL */
    struct player_options popt;
    /* What the game's extension commands keep between commands (engine/
     * game.h game_command.run; Othello: the solver's table). Freed with
     * game->commands_free when the session ends or changes game; kept
     * across new games, set_position and undo of the same game. */
    void *commands_ctx;

    struct time_control tc;
    bool tc_set;               /* time_settings given: restart clocks per game */
    double tc_main, tc_byo;
    int tc_stones;

    /* Set by the analyze command for the loop to start (analyze.c). */
    bool analyze_request;
    double analyze_interval;   /* seconds between info lines */
    struct analysis *analysis; /* the one running, or NULL */

    /* The running command's stop flag, polled by perft, the games'
     * commands and genmove's player; NULL: nothing can stop a command
     * (the in-process fuzz target). Its value says why (stop_reason). */
    const volatile int *stop;
    double max_command_time;   /* --max-command-time; 0: no cap */

    /* The picture the last svg_diff answered (its lines joined by '\n',
     * no final newline), the base of the next svg_diff's patch; NULL
     * before the first. Heap memory of the session, freed by
     * session_free; kept across games, since a patch may cross them. */
    char *picture;
    size_t picture_len;

    bool quit;
};

/* Why the running command was asked to stop. */
enum stop_reason {
    STOP_NONE = 0,
    STOP_INTERRUPT,   /* a `# interrupt` line (GoGui) */
    STOP_SIGINT,
    STOP_TIME_LIMIT,  /* --max-command-time ran out */
    STOP_END_OF_INPUT, /* the input ended (or the terminal hung up) */
};

/* All fields zero/NULL; then session_new_game. pt: the chosen player, or
 * NULL for each game's default. */
void session_init(struct session *s, const struct player_type *pt,
                  const struct player_options *po);
void session_free(struct session *s);

/* Starts a new game (also for clear_board and boardsize): new position,
 * empty undo stack, fresh clocks, a new player (of the same game: the
 * player reset, where its type can). Returns -1 when out of memory,
 * leaving the session as it was. */
int session_new_game(struct session *s, const struct game *g,
                     const struct game_options *opt);

/* Chooses the player (NULL: the game's default) and recreates it; -1 on
 * failure, -2 when pt cannot play the current game (nothing changes). */
int session_set_player(struct session *s, const struct player_type *pt);

/* Replaces the current position (set_position): empty undo stack, fresh
 * clocks, the player reset or recreated so it forgets the old game. */
int session_set_position(struct session *s, const void *st);

/* The turn rule: copies the position into s->scratch and plays the forced
 * passes of the seats before `player`. Returns true when `player` is then
 * on turn in s->scratch (false: game over or someone has a real choice). */
bool session_reach(struct session *s, int player);

/* Commits s->scratch (after the caller played its move there) as the new
 * position, pushing the old one for undo. -1 when out of memory. */
int session_commit(struct session *s);

/* Takes back the last commit; -1 at the start of the game. */
int session_undo(struct session *s);

/* The move of the last commit (play or genmove), for pictures: MOVE_NONE
 * at the start of a game or after set_position. */
move_t session_last_move(struct session *s);

#endif
