/* engine.h: what the GTP layer (gtp.c) asks of the engine behind it, so the
 * layer builds and is tested against a stand-in (tests/egaroucid_gtp/) as
 * well as against Egaroucid for Web (egaroucid.cpp). */
#ifndef EGAROUCID_WEB_ENGINE_H
#define EGAROUCID_WEB_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Squares are numbered row * 8 + column from a1 = 0 (b1 = 1, a2 = 8,
 * h8 = 63): bit k of a bitboard is square k. */

struct engine_options {
    int level;   /* the engine's strength setting */
    bool book;   /* whether it may play from its opening book */
};

/* The highest level the engine takes (the lowest is 0). */
int engine_max_level(void);

/* Sets the engine up once, before any move is asked for; 0 on success,
 * otherwise -1 with a message in err. */
int engine_start(const struct engine_options *o, char *err, size_t cap);

/* The move chosen for the side owning `mine` (to move, with at least two
 * legal moves) against `theirs`: a square 0..63. The GTP layer checks it. */
int engine_choose(uint64_t mine, uint64_t theirs, const struct engine_options *o);

/* Text for GTP's name and version. */
const char *engine_name(void);
void engine_version(const struct engine_options *o, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif

#endif
