/* The game interface: every game is one `struct game`, a table of constants
 * and functions over an opaque, fixed-size state that copies with memcpy.
 * Protocol, players and tools reach games only through this header. */
#ifndef QUARTET_GAME_H
#define QUARTET_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct rng;
struct player_options;
struct game_mcts;

#define GAME_MAX_PLAYERS 4
/* Upper bound on legal moves of any game at any size (Separo 19x19: at most
 * 8 moves per stone, 361 points). Callers size move arrays with it. */
#define GAME_MAX_MOVES 4096
#define GAME_MAX_NAMES 6      /* names per player, canonical first */
#define GAME_MAX_VARIANTS 4

typedef int32_t move_t;
#define MOVE_PASS ((move_t)-1)
#define MOVE_NONE ((move_t)-2)

/* A variant is a word after the game name in `set_game` (`team`, `swap`);
 * init() receives the OR of the selected flags. */
struct game_variant {
    const char *name;
    uint32_t flag;
    const char *doc;
};

struct game_options {
    int size;        /* board size, already checked with size_ok() */
    uint32_t flags;  /* OR of game_variant flags */
};

/* Options of a picture (struct game's svg hook). */
struct game_svg_options {
    bool legal;     /* mark the legal moves of the player to move */
    /* The move that led to this position, drawn as class q-last, or
     * MOVE_NONE when there is none or the caller does not know it. States
     * do not keep their history (equal positions are equal states), so
     * the caller passes it: the protocol takes it from its undo stack,
     * quartet-render from the record. A game whose state does record its
     * last move may draw that one when given MOVE_NONE. */
    move_t last;
};

/* A game-specific extension command (Othello's `solve`, ...). The protocol
 * lists every game's commands and dispatches them on the current position;
 * a command never changes the position. */
struct game_command {
    const char *name;
    int min_args, max_args;
    const char *usage;               /* e.g. "[EMPTIES]" */
    const char *doc;                 /* one line for `help` */
    /* Writes the response (or, returning -1, the error message) into out.
     * opt carries the engine options (threads, hash size, ...); stop, when
     * set by another thread, asks a long computation to give up (-1).
     * ctx: what the game's commands keep from one command to the next
     * (Othello: the solver's table), owned by the caller's session: *ctx
     * is NULL at first, a command may set it, and the caller hands it to
     * the game's commands_free when the session ends or changes game. It
     * holds what makes later commands faster, never what changes answers.
     * ctx itself may be NULL: nothing is kept (a one-off call). */
    int (*run)(const void *st, int argc, char **argv,
               const struct player_options *opt, const volatile int *stop,
               void **ctx, char *out, size_t cap);
};

struct game {
    const char *name;                  /* canonical, e.g. "Othello" */
    const char *aliases[4];            /* NULL-terminated, e.g. "Reversi" */
    int min_size, max_size, default_size;
    int num_players;                   /* seats in turn order */
    /* Per player its accepted names, canonical (lower case) first, NULL end. */
    const char *player_names[GAME_MAX_PLAYERS][GAME_MAX_NAMES];
    struct game_variant variants[GAME_MAX_VARIANTS]; /* name NULL ends */
    size_t state_size;                 /* bytes of one state; constant */

    bool (*size_ok)(int size);         /* e.g. Othello: even sizes only */
    void (*init)(void *st, const struct game_options *opt);

    /* Player to move, or -1 once the game is over. */
    int (*to_move)(const void *st);
    /* Legal moves of the player to move into out (GAME_MAX_MOVES long);
     * returns the count. A forced pass is the single move MOVE_PASS; a
     * finished game has no moves (returns 0). */
    int (*legal_moves)(const void *st, move_t *out);
    /* Plays a move that legal_moves listed; anything else is undefined. */
    void (*play)(void *st, move_t m);
    bool (*is_over)(const void *st);
    /* Current per-player scores (discs, regions, 1 for a Hex winner). */
    void (*score)(const void *st, int *out);
    /* Per-player result in [0,1] for search; meaningful once over
     * (1 win, 0.5 draw, 0 loss; n-player games document their scale). */
    void (*outcome)(const void *st, double *out);

    /* Text <-> move. parse_move returns 0 and sets *m when the text is a
     * well-formed move for this board (legality is not checked), -1 when
     * it is not. format_move writes the canonical lower-case form. */
    int (*parse_move)(const void *st, const char *text, move_t *m);
    int (*format_move)(const void *st, move_t m, char *buf, size_t cap);
    /* Readable board for showboard; returns length like snprintf. */
    int (*show)(const void *st, char *buf, size_t cap);
    /* The `score` extension line, e.g. "black 30 white 34 playing". */
    int (*format_score)(const void *st, char *buf, size_t cap);
    /* The final_score text, e.g. "B+4"; only called once over. */
    int (*format_result)(const void *st, char *buf, size_t cap);
    uint64_t (*hash)(const void *st);

    /* Optional fast paths (NULL when absent); same results as the
     * generic versions built on the functions above. perft gives up,
     * returning 0, soon after *stop (when stop is non-NULL) becomes set. */
    uint64_t (*perft)(const void *st, int depth, const volatile int *stop);
    /* Plays uniformly random legal moves to the end of the game. */
    void (*random_playout)(void *st, struct rng *r);
    /* Rough number of moves the player to move still has to make. */
    int (*moves_left)(const void *st);

    /* Optional: sets up any position from a board text and a side to move
     * (`set_position BOARD SIDE`; the board's length gives the size).
     * Returns 0, or -1 with a message in err and st untouched. */
    int (*set_position)(void *st, const char *board, const char *side,
                        char *err, size_t cap);
    /* Optional: the position as one self-contained SVG document (doc/
     * pictures.md): root <svg> with data-game, data-size, data-to-move
     * and a viewBox; one class="q-point" element with data-point="NAME"
     * per point or cell; class="q-stone" data-color data-point per stone;
     * class="q-legal" marks when opt->legal; class="q-last" for the last
     * move. Printable ASCII only, no blank line, no external resources.
     * Returns the full length like snprintf (writes what fits in cap). */
    int (*svg)(const void *st, const struct game_svg_options *opt,
               char *buf, size_t cap);
    /* Optional extension commands, ended by an entry with name NULL. */
    const struct game_command *commands;
    /* Frees what the commands kept in their ctx (game_command.run); called
     * with a non-NULL ctx only. NULL when the commands keep nothing. */
    void (*commands_free)(void *ctx);
    /* Optional knowledge for Monte-Carlo tree search (below). */
    const struct game_mcts *mcts;
};

/* Moves of one playout, for AMAF/RAVE statistics. */
#define PLAYOUT_TRACE_MAX 512
struct playout_trace {
    int n;
    move_t move[PLAYOUT_TRACE_MAX];
    int8_t player[PLAYOUT_TRACE_MAX];
};

/* Hooks a game may give engine/search/mcts.c; each may be NULL. */
struct game_mcts {
    /* Plays to the end of the game with the game's own playout policy,
     * which may be smarter than uniform. With trace non-NULL it appends the
     * moves played (no passes) and their players, at most
     * PLAYOUT_TRACE_MAX, and the search keeps AMAF/RAVE statistics. */
    void (*playout)(void *st, struct rng *r, struct playout_trace *trace);
    /* True when a move code names the same action in every position (a
     * cell to fill), which AMAF/RAVE statistics need. */
    bool amaf;
    /* Prior knowledge for the n legal moves of a new node: per move an
     * expected result for the mover in [0,1] and its weight in virtual
     * visits (0: no opinion). */
    void (*priors)(const void *st, const move_t *moves, int n,
                   float *value, float *weight);
    /* Tactics at the root: writes the moves the search must choose among
     * (moves that win at once, else the blocks of an immediate win of the
     * opponent) and returns their count; 0 when nothing is forced. */
    int (*forced_moves)(const void *st, move_t *out);
    /* Two-player games with frequent draws: the weight in [0, 1) of the
     * score margin in a playout's reward, blended as weight *
     * (1 + tanh(margin / score_scale)) / 2 with (1 - weight) * outcome, so
     * a search that is winning prefers wins by more than nothing over
     * draws. 0: results only. A game that sets it is won on score (the
     * higher score wins, equal scores draw), so the search takes both the
     * result and the margin from one call of `score`. */
    double score_weight, score_scale;
    /* Spend the whole budget even once the move is settled (the search
     * otherwise stops when the most visited move cannot be overtaken; a
     * proven root still stops): for games where the extra visits, which
     * deepen the subtree the next move reuses, win matches. */
    bool full_budget;
    /* The UCT exploration constant for this game; 0: the search's default
     * (0.03 with RAVE, 0.35 without). `--explore` overrides both. */
    double explore;
    /* Two-player games that often draw: a drawn playout is worth this much
     * less than 1/2 to the side the search plays for (and more to the
     * other), so against a weaker opponent it prefers winning chances to
     * a safe draw. 0: none; `--contempt` overrides it. */
    double contempt;
};

/* Registry (engine/registry.c). */
extern const struct game *const game_registry[];   /* NULL-terminated */
const struct game *game_find(const char *name);    /* name or alias, any case */

/* Helpers built on the interface (engine/game_util.c). */
int game_player_index(const struct game *g, const char *name); /* -1 if none */
/* The variant of g called `word` (any case); NULL if g has none of that name. */
const struct game_variant *game_variant_find(const struct game *g, const char *word);
const char *game_player_name(const struct game *g, int player);
bool game_is_legal(const struct game *g, const void *st, move_t m);
uint64_t game_perft(const struct game *g, const void *st, int depth);
/* The same, stopping soon after *stop becomes set: -1 then (perft is
 * never that large), else 0 and the count in *count. */
int game_perft_stop(const struct game *g, const void *st, int depth,
                    const volatile int *stop, uint64_t *count);
void game_random_playout(const struct game *g, void *st, struct rng *r);

#endif
