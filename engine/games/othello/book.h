/* The Othello opening book (data/othello.book): positions of the first
 * plies with the value of their moves from deep searches, keyed by the
 * canonical form of the position under the 8 symmetries of the board.
 * tools/quartet-train builds it (`quartet-train book`); the alphabeta
 * player plays from it and analyze shows it. 8x8 only. The file format is
 * documented in book.c and doc/othello.md. */
#ifndef QUARTET_OTHELLO_BOOK_H
#define QUARTET_OTHELLO_BOOK_H

#include "engine/games/bitboard.h"

#include <stddef.h>
#include <stdint.h>

#define OTH_BOOK_MAX_MOVES 32   /* moves of one entry (Othello openings: < 20) */

struct oth_book; /* a loaded book; read-only once loaded */

/* One move of an entry: the square (in the entry's orientation) and its
 * value for the side to move in eval units (OTH_EVAL_UNIT per disc). */
struct oth_book_move {
    int sq;
    int value;
};

/* One position as the builder writes it: P to move, in canonical form
 * (oth_book_canon), depth the search depth of its values. */
struct oth_book_entry {
    bb_t P, O;
    int depth;
    int nmoves;
    struct oth_book_move m[OTH_BOOK_MAX_MOVES];
};

/* Reads and checks a book; NULL with a message in err when the file is
 * missing, truncated, corrupt or malformed. */
struct oth_book *oth_book_load(const char *path, char *err, size_t cap);
void oth_book_free(struct oth_book *b);
/* The book at path, loaded once per process and shared read-only by every
 * player and thread; it lives until the process ends. A failure is also
 * remembered, so that the message can be given once (err gets it again). */
const struct oth_book *oth_book_shared(const char *path, char *err, size_t cap);
/* Writes entries (canonical, any order, keys distinct) to path; -1 with a
 * message in err on failure. */
int oth_book_save(const struct oth_book_entry *e, size_t n, const char *path,
                  char *err, size_t cap);
/* Where the shipped book is looked for: next to the binary
 * (../share/quartet/, ../data/), then the source tree's data/. Writes the
 * first existing path into buf; -1 when none exists. */
int oth_book_default_path(char *buf, size_t cap);

size_t oth_book_size(const struct oth_book *b);   /* entries */
/* Entry i (0 <= i < oth_book_size) in key order, as stored. */
void oth_book_entry_at(const struct oth_book *b, size_t i, struct oth_book_entry *e);

/* The canonical form of (P, O): the least (P, O) pair, P compared first,
 * over the 8 symmetries. Returns the symmetry s (oth_sym's numbering)
 * with oth_sym(s, P), oth_sym(s, O) canonical. */
int oth_book_canon(bb_t P, bb_t O, bb_t *cP, bb_t *cO);
/* The square of the actual position that square sq of the symmetric
 * image (oth_sym(s, ...)) comes from. */
int oth_book_unsym_sq(int s, int sq);

/* The book moves of (P to move, O) that are legal there, best first (ties
 * by square), squares mapped back to this orientation. Returns how many
 * (at most cap; 0 when the position is not in the book), *depth the
 * search depth of the values. */
int oth_book_lookup(const struct oth_book *b, bb_t P, bb_t O,
                    struct oth_book_move *out, int cap, int *depth);
/* The book's line from (P to move, O) starting with square first: first,
 * then the best book move of each position while there is one (no passes).
 * Writes at most cap squares into pv; returns how many. */
int oth_book_line(const struct oth_book *b, bb_t P, bb_t O, int first,
                  int *pv, int cap);

#endif
