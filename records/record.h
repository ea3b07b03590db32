/* Game records as quartet-match writes them (JSON Lines, SGF, GGF, the
 * text record), read back into one plain form: the game, its size and
 * variants, the players and the moves as text. */
#ifndef QRENDER_RECORD_H
#define QRENDER_RECORD_H

#include <stddef.h>

#define REC_MOVE_LEN 16
#define REC_MAX_SEATS 4
#define REC_MAX_SETUP 257   /* a set-up start's squares (16x16), NUL included */
#define REC_MAX_TRANSCRIPT 1024

struct rec_game {
    int id;                          /* its number in the file */
    int line;                        /* where it starts, for messages */
    char game[32];                   /* game name as recorded */
    int size;                        /* 0: not recorded */
    char variants[64];
    char players[REC_MAX_SEATS][64]; /* engine per seat, in seat order */
    int nplayers;
    char result[32];
    char reason[200];                /* why it ended, as recorded */
    int nmoves, cap;
    char (*moves)[REC_MOVE_LEN];
    /* A set-up start (GGF's BO when it is not the game's own start): the
     * squares row by row, 'X' black, 'O' white, '-' empty; "" none. */
    char setup[REC_MAX_SETUP];
    char setup_side;                 /* 'X' or 'O' to move first */
    /* Othello's transcript field, when the record has one ("f5d6c3"). */
    char transcript[REC_MAX_TRANSCRIPT];
    int has_transcript;
    int numbered;                    /* the record gives id (GGF's GN), not its place */
    /* quartet-match's event, which --merge needs (GGF's EV, QI, QS, QE;
     * doc/tournaments.md): "" and 0 when the game does not carry them. */
    char event[128];
    char event_id[17];               /* 16 hex digits */
    int schedule_games;              /* games in the event's whole schedule */
    int engine_index[REC_MAX_SEATS]; /* per seat, the engine's place in the event */
    int nengine_index;
};

struct rec_file {
    int n, cap;
    struct rec_game *games;
};

/* A record file's format, told by its first character other than white
 * space: '{' JSON Lines, '(' SGF or GGF -- GGF when the first property is
 * GM with a name, not a number -- '[' text. */
enum rec_format { REC_EMPTY, REC_JSONL, REC_SGF, REC_GGF, REC_TEXT, REC_UNKNOWN };
enum rec_format rec_format_of(const char *text);

/* Reads every game of the file at path, in the format rec_format_of
 * tells. Returns 0, or -1 with a message naming the file and line in err. */
int rec_read(const char *path, struct rec_file *f, char *err, size_t cap);
void rec_free(struct rec_file *f);

/* The whole file at path, '\0'-ended, its length in *len; NULL with a
 * message in err (naming the file: a folder, unreadable, too large) and
 * errno set. */
char *rec_file_text(const char *path, size_t *len, char *err, size_t cap);
/* Reads the len bytes of text (a record file, any of the three formats)
 * into f. Returns 0, or -1 with "line N: why" in err, keeping in f the
 * whole games read before the line that failed. */
int rec_parse(const char *text, size_t len, struct rec_file *f, char *err, size_t cap);

/* Helpers for the format readers (record.c). */
struct rec_game *rec_new_game(struct rec_file *f, int line);
/* Drops the last game (one cut off by an error). */
void rec_drop_last(struct rec_file *f);
int rec_add_move(struct rec_game *g, const char *text, size_t len);
void rec_copy(char *dst, size_t cap, const char *src, size_t len);

/* The three formats: each reads the whole text of a file into f (text is
 * valid UTF-8 without NUL bytes; rec_parse checks that first). */
int rec_read_jsonl(const char *text, struct rec_file *f, char *err, size_t cap);
int rec_read_sgf(const char *text, struct rec_file *f, char *err, size_t cap);
int rec_read_text(const char *text, struct rec_file *f, char *err, size_t cap);
int rec_read_ggf(const char *text, struct rec_file *f, char *err, size_t cap);

/* Whether g's transcript (if it has one) agrees with its moves: the disc
 * moves in lower case run together, passes left out. Returns 0, or -1
 * with the first difference in err. */
int rec_check_transcript(const struct rec_game *g, char *err, size_t cap);

#endif
