/* quartet-match's own record of one game, every field its records carry
 * (doc/tournaments.md), and the one writer of each format it writes:
 * JSON Lines, the text record, SGF, GGF. quartet-match fills a rec_match
 * and writes it here; rec_match_read_jsonl reads its JSON line back (resume,
 * --merge, tests/records_match.sh), so writing what was read gives the
 * same bytes. */
#ifndef QUARTET_RECORDS_MATCH_H
#define QUARTET_RECORDS_MATCH_H

#include "records/record.h"

#include <stdio.h>

#define REC_MATCH_MAX_PLIES 2048

/* The time control, for SGF's TM/OT and GGF's TI. */
enum rec_clock_mode { REC_CLOCK_NONE, REC_CLOCK_MOVE, REC_CLOCK_GAME };
struct rec_clock {
    enum rec_clock_mode mode;
    double move;          /* MOVE: seconds per move */
    double base, inc;     /* GAME: seconds per game, increment per move */
    double timeout;       /* NONE: the limit per move */
};

struct rec_match {
    int id;                                   /* game number in the schedule */
    char game[32];                            /* "Othello", "TorusHex", ... */
    int size;
    char variants[64];
    int nseats;
    char seats[REC_MAX_SEATS][16];            /* "black", "white"; "a".."d" */
    char engines[REC_MAX_SEATS][64];          /* engine name per seat */
    int engine_index[REC_MAX_SEATS];          /* its place in the event */
    char opening[1024];                       /* the opening line, "" none */
    int opening_index, opening_plies;
    int nmoves;
    char moves[REC_MATCH_MAX_PLIES][REC_MOVE_LEN]; /* forced passes "pass" */
    double move_time[REC_MATCH_MAX_PLIES];    /* seconds; 0 opening, pass */
    char result[32];
    int scores[REC_MAX_SEATS];
    double points[REC_MAX_SEATS];
    int ranks[REC_MAX_SEATS];
    char reason[200];
    char forfeit[16];                         /* seat name, "" none */
    double times[REC_MAX_SEATS];
    int genmoves[REC_MAX_SEATS];
    char disagreement[200];                   /* "" none */
    char event[128];
    char event_id[17];
    char date[11];
    char time_control[64];                    /* as --tc spells it */
    struct rec_clock clock;
    int schedule_games;
};

/* Writes m in fmt (REC_JSONL, REC_TEXT, REC_SGF or REC_GGF) to out, then
 * flushes: 0, or -1 with errno set when out did not take it all, or when
 * the format has no place for the game (SGF: Othello and TorusHex; GGF:
 * Othello). */
int rec_match_write(const struct rec_match *m, enum rec_format fmt, FILE *out);
/* Whether SGF / GGF can carry a game of this name. */
int rec_match_sgf_game(const char *game);
int rec_match_ggf_game(const char *game);
/* A time control as --tc spells it ("none", "0.2", "30+1") into c, with
 * timeout the limit when there is none: 0, or -1 when it is no such text. */
int rec_clock_parse(const char *text, double timeout, struct rec_clock *c);

/* Reads one JSON line of quartet-match (without its newline) into m:
 * 0, or -1 with the reason in err. Fields not in the line are left as m
 * had them; other keys are skipped. The same lexer (records/json.c) reads
 * every JSON line of the records (records/jsonl.c). */
int rec_match_read_jsonl(const char *line, struct rec_match *m, char *err, size_t cap);

#endif
