/* quartet-match's JSON keys and the rule of each one's value, in one
 * table: resume and --merge (records/match_read.c) read a line's values
 * into a rec_match with it, and the record reader (records/jsonl.c) checks
 * the same keys with it, so a line one refuses the other refuses too, for
 * the same reason (issue 49). web/records-read.js mirrors the table. */
#ifndef QUARTET_RECORDS_MATCH_KEYS_H
#define QUARTET_RECORDS_MATCH_KEYS_H

#include "records/json.h"
#include "records/match.h"

enum rec_key_kind { REC_KEY_TEXT, REC_KEY_TEXT_OR_NULL, REC_KEY_INT, REC_KEY_NUMBER };

struct rec_key {
    const char *key;
    enum rec_key_kind kind;
    int max;            /* 0: one value; else an array of at most max */
    size_t off;         /* the field in struct rec_match */
    size_t cap;         /* texts: bytes each */
    long lo, hi;        /* whole numbers, and numbers with a why: the range */
    const char *why;    /* the reason when out of range (numbers: NULL, any) */
    size_t count;       /* arrays: the field counting them, or REC_KEY_UNCOUNTED */
};

#define REC_KEY_UNCOUNTED ((size_t)-1)

/* The rule of key, or NULL when quartet-match writes no such key. */
const struct rec_key *rec_key_find(const char *key);
/* The value at the cursor by k's rule, into m; m NULL only checks it. */
bool rec_key_read(struct json_cursor *c, const struct rec_key *k, struct rec_match *m);

#endif
