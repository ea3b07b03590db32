/* The NBoard protocol front end (`quartet --protocol nboard`): the second
 * front end over the same session and players as GTP, speaking version 2
 * of the protocol of the NBoard GUI (doc/protocol.md). nboard.c reads the
 * commands and keeps the position; nboard_think.c runs go, hint and
 * analyze. */
#ifndef QUARTET_NBOARD_H
#define QUARTET_NBOARD_H

#include "protocol/runner.h"
#include "protocol/session.h"

#include <stdbool.h>
#include <stdio.h>

#define NBOARD_DEFAULT_DEPTH 12   /* until `set depth` (or --depth) */

struct nboard {
    struct session *s;
    struct runner *r;
    FILE *out;
    int version;               /* from `nboard N`; 0 before it */
    int depth;                 /* `set depth`: midgame depth */
    int contempt;              /* `set contempt`, centi-discs, kept only */
    /* The side to move at the start of the game set (seat), so that the
     * mover of every position is known, passes included. */
    int first_mover;
    /* Players of hint: with the book (analyze mode, depth 0) and without,
     * made when first needed; their tables are cleared after `set game`
     * (not after `move`: the next position profits from them). */
    void *hint_player, *hint_nobook;
    bool hint_fresh;           /* cleared since the last `set game` */
    /* The game's clock: GGF's TI main time (0: none) and the seconds each
     * seat's moves took (GGF's MOVE//SECONDS, `move`'s TIME). */
    double clock_main;
    double clock_used[GAME_MAX_PLAYERS];
    long long last_nodes;      /* the last search's, for `nodestats` */
    double last_seconds;
};

/* Reads NBoard commands from the runner until the input ends or `quit`;
 * answers on out. r must have been made with a reader. */
void nboard_run(struct session *s, struct runner *r, FILE *out);

/* One protocol line: the text, a newline, and a flush (NBoard reads a
 * pipe). */
void nboard_line(struct nboard *nb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* A bad command: a `status` line saying why (the state is unchanged). */
void nboard_error(struct nboard *nb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The seat to move at position k of the game (k moves made), passes
 * counted: the seats alternate. */
int nboard_mover(const struct nboard *nb, int k);

/* A move as NBoard writes it: upper case, a pass "PA". */
void nboard_format_move(const struct game *g, const void *st, move_t m,
                        char *buf, size_t cap);

/* go, hint N, analyze (nboard_think.c). */
void nboard_go(struct nboard *nb);
void nboard_hint(struct nboard *nb, int n);
void nboard_analyze(struct nboard *nb);
/* Frees the hint players (at the end). */
void nboard_forget_hint(struct nboard *nb);

#endif
