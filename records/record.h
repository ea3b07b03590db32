/* Game records in every format (JSON Lines, SGF, GGF, the text record,
 * transcripts), read into one plain form: the game, its size and
 * variants, its start, the players, the moves as text, the result. The
 * records library's core (records/): every tool and front end reads
 * records through it, so the same bytes get the same verdict everywhere
 * (records/verdict.h, tests/records/README.md). */
#ifndef QUARTET_RECORDS_RECORD_H
#define QUARTET_RECORDS_RECORD_H

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
    /* quartet-match's points per seat (JSON lines), which its tables
     * count: npoints 0 when the record has none. */
    double points[REC_MAX_SEATS];
    int npoints;
    /* A komi (GGF's KM of a TY with k): added to black's disc margin. */
    int has_komi;
    double komi;
    /* Why the game is refused ("" when it is not): the game parsed as far
     * as its record goes, but is no game Quartet reads (rec_parse_all). */
    char why[200];
};

struct rec_file {
    int n, cap;
    struct rec_game *games;
};

/* A record file's format, told by its first character other than white
 * space: '{' JSON Lines, '(' SGF or GGF -- GGF when the first property is
 * GM with a name, not a number -- a count then '(' a GGS match line (GGF),
 * '[' text, a letter a transcript ("Othello 8 f5d6c3"). */
enum rec_format { REC_EMPTY, REC_JSONL, REC_SGF, REC_GGF, REC_TEXT, REC_TRANSCRIPT, REC_UNKNOWN };
enum rec_format rec_format_of(const char *text);

/* Reads every game of the file at path, in the format rec_format_of
 * tells. Returns 0, or -1 with a message naming the file and line in err
 * (rec_parse's, the first refused game). */
int rec_read(const char *path, struct rec_file *f, char *err, size_t cap);
void rec_free(struct rec_file *f);

/* The whole file at path, '\0'-ended, its length in *len; NULL with a
 * message in err (naming the file: a folder, unreadable, too large) and
 * errno set. */
char *rec_file_text(const char *path, size_t *len, char *err, size_t cap);
/* Reads the len bytes of text (a record file, any of the formats) into f,
 * every game: a game that is refused is kept with its reason in why, and
 * reading goes on after it where the format allows (tests/records/README.md
 * says where). Returns 0, or -1 with the reason in err when the file as a
 * whole is no record (not UTF-8, a NUL byte, no known format). */
int rec_parse_all(const char *text, size_t len, struct rec_file *f, char *err, size_t cap);
/* rec_parse_all, then -1 with "line N: why" in err at the first refused
 * game, keeping in f only the whole games read before it. */
int rec_parse(const char *text, size_t len, struct rec_file *f, char *err, size_t cap);
/* Refuses g: its reason (printf-style) into g->why, the first one kept. */
void rec_refuse(struct rec_game *g, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Helpers for the format readers (record.c). */
struct rec_game *rec_new_game(struct rec_file *f, int line);
/* Drops the last game (one cut off by an error). */
void rec_drop_last(struct rec_file *f);
int rec_add_move(struct rec_game *g, const char *text, size_t len);
void rec_copy(char *dst, size_t cap, const char *src, size_t len);

/* The formats: each reads the whole text of a file into f (text is valid
 * UTF-8 without NUL bytes; rec_parse_all checks that first). A game that
 * is not one Quartet reads is refused (rec_refuse) and reading goes on;
 * -1 with "line N: why" in err when the text cannot be read further. */
int rec_read_jsonl(const char *text, struct rec_file *f, char *err, size_t cap);
int rec_read_sgf(const char *text, struct rec_file *f, char *err, size_t cap);
int rec_read_text(const char *text, struct rec_file *f, char *err, size_t cap);
int rec_read_ggf(const char *text, struct rec_file *f, char *err, size_t cap);
/* Transcripts: one game a line, "GAME SIZE MOVES..." (records/transcript.c). */
int rec_read_transcript(const char *text, struct rec_file *f, char *err, size_t cap);

/* Whether g's transcript (if it has one) agrees with its moves: the disc
 * moves in lower case run together, passes left out. Returns 0, or -1
 * with the first difference in err. */
int rec_check_transcript(const struct rec_game *g, char *err, size_t cap);

#endif
