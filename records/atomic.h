/* A record file written whole or not at all: the new text goes to a
 * temporary file beside it, which replaces the file (rename) only when
 * everything was written; a failure leaves the file as it was and no
 * temporary file behind. */
#ifndef QUARTET_RECORDS_ATOMIC_H
#define QUARTET_RECORDS_ATOMIC_H

#include <stddef.h>
#include <stdio.h>

struct atomic_file {
    FILE *f;                  /* write the new text here */
    char path[4096], tmp[4096 + 16];
};

/* Starts the new text of path with its first `keep` bytes (the part of
 * the old file to keep; keep is NULL or keep_len 0 for none). Returns 0,
 * or -1 with the reason in err (nothing left behind). */
int atomic_open(struct atomic_file *a, const char *path, const char *keep, size_t keep_len,
                char *err, size_t cap);
/* Writes it out and puts it in place; -1 with the reason in err, the old
 * file then unchanged. */
int atomic_commit(struct atomic_file *a, char *err, size_t cap);
/* Drops the new text: the old file stays. */
void atomic_abort(struct atomic_file *a);

#endif
