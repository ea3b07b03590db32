/* Torus Hex internals shared by the rules (torushex.c), the Monte-Carlo
 * knowledge (playout.c), the connection values
 * (connect.c) and the heuristic player: the state struct and the
 * few rule functions they need. Nothing outside engine/games/torushex/
 * includes it; everyone else goes through struct game. */
#ifndef QUARTET_TORUSHEX_H
#define QUARTET_TORUSHEX_H

#include <stddef.h>
#include <stdint.h>

#define TH_MIN 3
#define TH_MAX 19
#define TH_CELLS (TH_MAX * TH_MAX)
#define TH_SWAP 1u

enum { TH_EMPTY = 0, TH_BLACK = 1, TH_WHITE = 2 };

/* Loop classes of one group: rank 0, rank 1 along the primitive class
 * (p, q) (a connected set of cells on the torus that holds a loop of class
 * k*v also holds one of class v), or rank 2 (loops in every class). */
struct th_lat {
    int8_t rank, p, q;
};

struct th_state {
    uint64_t hash;            /* stones, side to move, size and variant */
    uint8_t n, flags;
    uint8_t turn;             /* TH_BLACK or TH_WHITE: the colour to move */
    uint8_t winner;           /* TH_EMPTY while the game goes on */
    int8_t win_p, win_q;      /* class of the winning loop, normalised */
    uint8_t class_known;      /* 0 after a playout: computed when shown */
    uint8_t pad;
    uint16_t plies;           /* moves played, swap included */
    uint16_t stones;
    int16_t last;             /* cell of the last stone placed; -1: none
                               * (start, or just after a swap) */
    uint8_t cell[TH_CELLS];   /* index r * n + c */
    int16_t parent[TH_CELLS]; /* parent cell, or -(group size) at a root */
    /* Lift offset from the parent, in wraps. Offsets follow spanning-tree
     * paths of at most n*n - 1 steps, so they stay within about n + 1. */
    int8_t ox[TH_CELLS], oy[TH_CELLS];
    struct th_lat lat[TH_CELLS]; /* meaningful at roots only */
};

/* Zobrist keys come from a fixed mixing function instead of a table:
 * constant, thread-safe and cheap enough (a few cycles per stone). */
static inline uint64_t th_mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* Zobrist key of a stone. */
static inline uint64_t th_key(int cell, int colour)
{
    return th_mix((uint64_t)cell * 4 + (uint64_t)colour);
}
#define TH_KEY_WHITE_TO_MOVE 0x6a09e667f3bcc909ULL

/* The move code of `swap` (one past the last cell). */
static inline int th_swap_move(const struct th_state *s)
{
    return s->n * s->n;
}

/* May the player to move answer `swap` now? */
static inline int th_swap_ok(const struct th_state *s)
{
    return (s->flags & TH_SWAP) && s->plies == 1 && !s->winner;
}

/* Plays `swap` (White takes over Black's only stone). */
void th_do_swap(struct th_state *s);

/* Root of x's group without changing the state; *ax, *ay get x's lift
 * offset, in wraps, from the root's lift. */
int th_root(const struct th_state *s, int x, int *ax, int *ay);

/* Would a stone of `colour` on the empty cell i complete a winning loop? */
int th_wins_at(const struct th_state *s, int i, int colour);

/* Exact board scan: does `colour` hold a winning loop? Sets its class. */
int th_scan_wins(const struct th_state *s, int colour, int *wp, int *wq);

/* A shortest closed walk of a winning class in colour's stones (loop.c):
 * its cells, each adjacent to the next and the last to the first, into
 * cells (cap entries); returns the length, 0 when colour has no winning
 * loop. Cells may repeat, as the rules allow. */
int th_winning_loop(const struct th_state *s, int colour, int16_t *cells, int cap);

/* The svg hook (svg.c). */
struct game_svg_options;
int th_svg(const void *st, const struct game_svg_options *opt, char *buf, size_t cap);

/* Winner of a full board (one pass; cheap bit-parallel crossings first). */
int th_full_board_winner(const struct th_state *s);

/* Each cell's six neighbours in cyclic order around it, for board size n:
 * entry [i * 6 + k]; neighbours k and k+1 (mod 6) touch each other. The
 * directions in th_step terms are 0, 4, 3, 1, 5, 2. */
const int16_t *th_ring(int n);

/* Connection value of each empty cell for the player to move
 * (connect.c): what a stone there adds to the mover's groups
 * (reach along the winning axis, joins, bridges) plus, as a block, what it
 * would add to the opponent's. value[i] is set for every empty cell i;
 * higher is better; the scale is arbitrary (tens for good cells). */
void th_connect_values(const struct th_state *s, int *value);

/* The Monte-Carlo hooks (playout.c). */
struct game_mcts;
extern const struct game_mcts torushex_mcts;

#endif
