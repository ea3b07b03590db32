/* Shared by the libFuzzer targets (tests/fuzz/fuzz_*.c): engine options
 * that keep one input to milliseconds, choosing a game, its options and a
 * position from input bytes, and the checks every target makes. */
#ifndef QUARTET_FUZZ_H
#define QUARTET_FUZZ_H

#include "engine/game.h"
#include "engine/player.h"

#include <stddef.h>
#include <stdint.h>

/* Caps that keep one input to milliseconds; the protocol target skips a
 * line that would go past them (see doc/fuzzing.md). */
#define FUZZ_MAX_PERFT 3      /* perft depth */
#define FUZZ_MAX_PERFT_NODES 2000 /* interior positions of that perft */
#define FUZZ_MAX_EMPTIES 12   /* empties for a game's extension commands */

/* Stops the run with a message: libFuzzer reports the input and saves it. */
#define FUZZ_CHECK(cond, ...)                                            \
    do {                                                                 \
        if (!(cond))                                                     \
            fuzz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__);           \
    } while (0)
_Noreturn void fuzz_fail(const char *file, int line, const char *cond,
                         const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Fast players: tiny playout and depth budgets, one thread, 1 MB tables. */
void fuzz_player_options(struct player_options *o);

/* Reads the input a byte at a time; past its end every byte is 0. */
struct fuzz_input {
    const uint8_t *data;
    size_t size, at;
};
uint8_t fuzz_byte(struct fuzz_input *in);
/* The rest of the input as a NUL-terminated string (malloc'd; NUL bytes
 * inside end it early, as they would a C string). */
char *fuzz_rest(struct fuzz_input *in);

/* A game of the registry, an accepted size and a set of its variants,
 * each chosen by one input byte. `filter`, when set, limits the games. */
const struct game *fuzz_game(struct fuzz_input *in,
                             bool (*filter)(const struct game *g));
struct game_options fuzz_game_options(const struct game *g,
                                      struct fuzz_input *in);

/* Plays up to (byte % 64) plies of moves chosen by the next byte (a seed);
 * stops early when the game ends. */
void fuzz_play_some(const struct game *g, void *st, struct fuzz_input *in);

/* Every legal move formats to printable lower-case text that parses back
 * to the same move, and game_is_legal agrees with legal_moves. Returns the
 * number of legal moves. */
int fuzz_check_legal_moves(const struct game *g, const void *st);

/* Touches everything that reads a position (to_move, legal moves and
 * their text, score, show, format_score, hash, perft 1, the result once
 * over) and checks they agree with one another. */
void fuzz_check_position(const struct game *g, const void *st);

#endif
