/* Stoners: the three edge-trap shapes, the proof search that settles
 * whether a stoner-like position wins the attacker a bottom corner, and the
 * enumeration of stoner-like lines from a start position. Shapes and the
 * `stoner` command: stoner.c; the prover: stoner_dfpn.c; the enumeration:
 * stoner_enum.c. All work on bare 8x8 bitboards (a1 bit 0, h8 bit 63). */
#ifndef QUARTET_OTHELLO_STONER_H
#define QUARTET_OTHELLO_STONER_H

#include "engine/games/bitboard.h"
#include "engine/player.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { STONER_BLACK4, STONER_B3W1, STONER_BLACK3, STONER_SHAPES };
enum { STONER_CANONICAL, STONER_MIRROR, STONER_ORIENTS };

extern const char *const stoner_shape_names[STONER_SHAPES];
extern const char *const stoner_orient_names[STONER_ORIENTS];

#define STONER_A8 56
#define STONER_H8 63
#define STONER_CORNERS ((1ULL << STONER_A8) | (1ULL << STONER_H8))
#define STONER_NEVER 99 /* stoner_needed: no shape can still arise */

/* One shape in one orientation, as square sets. */
struct stoner_pattern {
    bb_t attacker, receiver, empty;
    int trigger;   /* the empty square the attacker springs the trap on */
};

/* The pattern of shape in orient (a constant table). */
const struct stoner_pattern *stoner_pattern(int shape, int orient);

struct stoner_match {
    int shape, orient, trigger;
};

/* Does the position match a shape with A the attacker's discs and R the
 * receiver's? At most one shape and orientation can match. */
bool stoner_match(bb_t A, bb_t R, struct stoner_match *m);

/* Fewest empty squares that must still be filled (by any colour) before
 * some shape can match, given the occupied squares; STONER_NEVER when
 * every shape needs a square empty that is already taken. */
int stoner_needed(bb_t occupied);

/* Squares a next move may take without making every shape unreachable
 * within `left` plies after it (left >= 0): all squares when some shape
 * needs fewer than left + 1 more discs, else only the squares that the
 * shapes needing exactly left + 1 still lack. */
bb_t stoner_useful(bb_t occupied, int left);

/* ---- The proof search (stoner_dfpn.c) ---- */

enum { STONER_PROVEN, STONER_DISPROVEN, STONER_STOPPED };

#define STONER_PV_MAX 64
#define STONER_PASS (-1)

struct stoner_result {
    int status;            /* STONER_PROVEN, _DISPROVEN or _STOPPED */
    /* Proven: the plies (forced passes included) from the position to the
     * first position where the attacker, to move, has a legal move on a8
     * or h8, with the attacker choosing the shortest win and the receiver
     * the longest resistance; pv holds one such line and corner the
     * corner then available. Disproven: escape is a receiver move (or
     * STONER_PASS) that defeats the trap, -2 when the position is already
     * lost for the attacker (the game is over). */
    int length;
    int pv_len;
    int pv[STONER_PV_MAX];
    int corner;
    int escape;
    uint64_t nodes;        /* df-pn expansions */
};

struct stoner_prover;

/* A prover with tables of about tt_bytes in all (min 1 MiB). They are
 * kept from one proof to the next: what they hold stays true. */
struct stoner_prover *stoner_prover_new(size_t tt_bytes);
void stoner_prover_free(struct stoner_prover *p);

/* Settles the position with the receiver R to move against the attacker
 * A, the attacker not yet having played `trigger` (a square, or -1 when
 * there is none: the receiver's corner moves then never count as an
 * escape). The attacker wins on reaching a position where it is to move
 * with a legal move on a8 or h8; the receiver escapes if, before the
 * attacker has played the trigger square, it is to move with a legal move
 * on a8 or h8, or if the game ends first. Passes follow the rules. No
 * depth limit. Returns res->status; STONER_STOPPED only when *stop was
 * set (stop may be NULL). */
int stoner_prove(struct stoner_prover *p, bb_t A, bb_t R, int trigger,
                 const volatile int *stop, struct stoner_result *res);

/* ---- Enumeration of stoner-like lines (stoner_enum.c) ---- */

#define STONER_MAX_DEPTH 40

/* One stoner-like line: the plies (squares, STONER_PASS for a forced
 * pass) from the start and the position it ends in. */
struct stoner_line {
    int depth;
    int8_t moves[STONER_MAX_DEPTH];
    bb_t attacker, receiver;   /* after the line; the receiver is to move */
    struct stoner_match match;
};

/* Called for every stoner-like line of length min_depth..max_depth found
 * below a start position, in no fixed order, by the enumerating threads
 * concurrently; thread (0 .. threads-1) tells which one is calling. */
typedef void (*stoner_line_fn)(void *ctx, int thread,
                               const struct stoner_line *line);

struct stoner_enum {
    bb_t P, O;                  /* start position, P to move */
    int min_depth, max_depth;   /* line lengths to report (>= 1) */
    int threads;                /* >= 1 */
    int split_depth;            /* plies walked before threads share the
                                   work; 0: the default (6) */
    stoner_line_fn found;
    void *ctx;
    /* Progress, read by other threads while the enumeration runs. */
    volatile long tasks_total, tasks_done;
    uint64_t nodes;             /* positions visited (when done) */
};

/* Enumerates every line of legal plies from the start (a forced pass is
 * a ply; the last ply must be a move) whose every position, the last
 * included, gives the player to move no legal move on a8 or h8, and whose
 * last position matches a shape with the last mover as attacker. Subtrees
 * are skipped only when a shape can no longer be completed in the plies
 * left or when the corner condition already fails. Returns 0, or -1 when
 * memory ran out. */
int stoner_enumerate(struct stoner_enum *e);

/* The `stoner` extension command (stoner.c), listed in commands.c. The
 * attacker is the player not to move (it made the last ply). Answers, on
 * one line:
 *   none                                  no shape (or the game is over)
 *   SHAPE ORIENT attacker=C not-stoner-like corner SQ
 *                                         the receiver can already take SQ
 *   SHAPE ORIENT attacker=C proven N pv M1 .. MN corner SQ
 *                                         N plies to a corner move SQ for
 *                                         the attacker; the pv alternates
 *                                         receiver, attacker, ... (M2 is the
 *                                         attacker's first forcing move)
 *   SHAPE ORIENT attacker=C disproven escape M   (M: a move, pass or end)
 * SHAPE: black-4, black-3-white-1 or black-3; ORIENT: canonical (corner
 * h8) or mirror (corner a8); C: black or white. Boards other than 8x8
 * are refused. */
int stoner_command(const void *st, int argc, char **argv,
                   const struct player_options *opt, const volatile int *stop,
                   void **ctx, char *out, size_t cap);

#endif
