/* GGF game records: the Generic Game Format of the Generic Game Server,
 * which NBoard, Edax and the GGS archives use for Othello. One game is
 * `(;GM[Othello]PC[..]...BO[8 ... *]B[F5//0.01]W[D6]...;)`. This file knows
 * the format, not a game's rules: moves stay text for the caller's game to
 * parse, the board stays GGF's squares. Read strictly (a truncated or
 * malformed game is refused with a message), written so that reading the
 * text back gives the same game: a round trip is exact. */
#ifndef QUARTET_RECORDS_GGF_H
#define QUARTET_RECORDS_GGF_H

#include <stdbool.h>
#include <stddef.h>

#define GGF_MAX_MOVES 256     /* moves and passes of one game */
#define GGF_MAX_PROPS 32      /* header properties kept, in order */
#define GGF_MAX_VALUE 256     /* bytes of one property value, NUL included */
#define GGF_MAX_SQUARES 256   /* BO's squares (16x16) */

/* One move: GGF's `B[MOVE/EVAL/TIME]`, eval and time optional. */
struct ggf_move {
    char color;               /* 'B' or 'W' */
    char text[16];            /* as written, e.g. "F5", "PA" (a pass) */
    bool has_eval, has_time;
    double eval;              /* the mover's evaluation, as written */
    double seconds;           /* the time the move took */
};

/* A property other than BO and the moves, e.g. {"PB", "Edax"}. */
struct ggf_prop {
    char key[4];              /* upper-case letters, e.g. "PB", "TI" */
    char value[GGF_MAX_VALUE];/* unescaped */
};

/* A whole game; fixed size, copies with memcpy. */
struct ggf_game {
    int nprops;
    struct ggf_prop props[GGF_MAX_PROPS];
    int size;                 /* BO's board size; 0: no BO (the normal start) */
    char board[GGF_MAX_SQUARES + 1]; /* BO's squares row by row, a1 first:
                                        '*' black, 'O' white, '-' empty */
    char to_move;             /* BO's side to move: '*' or 'O' */
    int nmoves;
    struct ggf_move moves[GGF_MAX_MOVES];
};

/* Reads one game from text[0..len): leading white space, then `(;` to
 * `;)`. Returns 0 and sets *used to the bytes consumed (the game and the
 * white space before it), or -1 with a message in err and *used set to
 * the offset the error is at (len when the text ends too soon), *g left
 * as it was. Never reads past len; text need not end in NUL. */
int ggf_read(const char *text, size_t len, size_t *used, struct ggf_game *g,
             char *err, size_t cap);

/* Writes g as one line (no newline); returns the full length like
 * snprintf (writes what fits in cap). Values are escaped so that ggf_read
 * gives back g: `\` and `]` are written `\\` and `\]`, and bytes below 32
 * or 127 become spaces (GGF has no way to carry them). */
int ggf_write(const struct ggf_game *g, char *out, size_t cap);

/* A property's value, or NULL when g has none of that key. */
const char *ggf_get(const struct ggf_game *g, const char *key);

/* Sets (replacing or appending) a property; -1 when the key is not 1-3
 * upper-case letters, is BO, B or W (they have fields of their own), the
 * value does not fit, or the table is full. Control bytes in the value
 * are stored as spaces, as ggf_write would write them. */
int ggf_set(struct ggf_game *g, const char *key, const char *value);

/* Appends a move; -1 when the text is empty, too long, has '/', ']',
 * white space or a control byte, the colour is not 'B' or 'W', an eval or
 * time given is not finite, or the game is full. eval and seconds are
 * written only when has_eval / has_time. */
int ggf_add_move(struct ggf_game *g, const struct ggf_move *m);

/* True when a and b are the same game: the same properties in the same
 * order, board, side to move and moves (an eval or time compared only
 * where it is present). Round-trip checks use it. */
bool ggf_same(const struct ggf_game *a, const struct ggf_game *b);

#endif
