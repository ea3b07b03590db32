/* The writers of quartet-match's records (records/match.h): one per
 * format, each field in the format's own syntax and escapes
 * (records/textclean.h, records/ggf.h). */
#include "records/match.h"
#include "records/ggf.h"
#include "records/textclean.h"
#include "records/write.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* 0 when everything written to f reached the system, else -1 with errno
 * set (a full disk, a closed pipe): the runner must not play on as if
 * the game were recorded. */
static int flushed(FILE *f)
{
    if (fflush(f) != 0)
        return -1;
    if (ferror(f)) {
        errno = EIO;
        return -1;
    }
    return 0;
}

int rec_match_sgf_game(const char *game)
{
    return strcmp(game, "Othello") == 0 || strcmp(game, "TorusHex") == 0;
}

int rec_match_ggf_game(const char *game)
{
    return strcmp(game, "Othello") == 0;
}

/* Othello's transcript: every disc move's square in lower case, run
 * together ("f5d6c3"); passes are not written (the rules imply them). */
static void transcript(FILE *f, const struct rec_match *m)
{
    fputc('"', f);
    for (int i = 0; i < m->nmoves; i++)
        if (strcmp(m->moves[i], "pass") != 0)
            for (const char *c = m->moves[i]; *c; c++)
                fputc(tolower((unsigned char)*c), f);
    fputc('"', f);
}

/* A move's time as the records write it: milliseconds, so that the JSON
 * line's "move_times" and the GGF record hold the same number (resume
 * writes a GGF game from its JSON line). */
static double ms(double seconds)
{
    return round(seconds * 1000) / 1000;
}

/* "key":"value" after a comma. */
static void json_field(FILE *f, const char *key, const char *value)
{
    fprintf(f, ",\"%s\":", key);
    put_json_string(f, value);
}

static void json_names(FILE *f, const char *key, const char (*v)[64], int n)
{
    fprintf(f, ",\"%s\":[", key);
    for (int s = 0; s < n; s++) {
        fputs(s ? "," : "", f);
        put_json_string(f, v[s]);
    }
    fputc(']', f);
}

static void json_ints(FILE *f, const char *key, const int *v, int n)
{
    fprintf(f, ",\"%s\":[", key);
    for (int s = 0; s < n; s++)
        fprintf(f, "%s%d", s ? "," : "", v[s]);
    fputc(']', f);
}

static void write_jsonl(FILE *f, const struct rec_match *m)
{
    int n = m->nseats;
    fprintf(f, "{\"game\":%d", m->id);
    json_field(f, "name", m->game);
    fprintf(f, ",\"size\":%d", m->size);
    json_field(f, "variants", m->variants);
    fputs(",\"seats\":[", f);
    for (int s = 0; s < n; s++) {
        fputs(s ? "," : "", f);
        put_json_string(f, m->seats[s]);
    }
    fputc(']', f);
    json_names(f, "engines", m->engines, n);
    json_field(f, "opening", m->opening);
    fprintf(f, ",\"opening_index\":%d,\"opening_plies\":%d,\"moves\":[", m->opening_index,
            m->opening_plies);
    for (int i = 0; i < m->nmoves; i++) {
        fputs(i ? "," : "", f);
        put_json_string(f, m->moves[i]);
    }
    fputs("]", f);
    if (rec_match_ggf_game(m->game)) {
        fputs(",\"transcript\":", f);
        transcript(f, m);
        fputs(",\"move_times\":[", f);
        for (int i = 0; i < m->nmoves; i++)
            fprintf(f, "%s%.3f", i ? "," : "", ms(m->move_time[i]));
        fputs("]", f);
    }
    json_field(f, "result", m->result);
    json_ints(f, "scores", m->scores, n);
    fputs(",\"points\":[", f);
    for (int s = 0; s < n; s++)
        fprintf(f, "%s%g", s ? "," : "", m->points[s]);
    fputc(']', f);
    json_ints(f, "ranks", m->ranks, n);
    json_field(f, "reason", m->reason);
    fputs(",\"forfeit\":", f);
    if (m->forfeit[0])
        put_json_string(f, m->forfeit);
    else
        fputs("null", f);
    fputs(",\"times\":[", f);
    for (int s = 0; s < n; s++)
        fprintf(f, "%s%.3f", s ? "," : "", m->times[s]);
    fputc(']', f);
    json_ints(f, "genmoves", m->genmoves, n);
    fputs(",\"disagreement\":", f);
    if (m->disagreement[0])
        put_json_string(f, m->disagreement);
    else
        fputs("null", f);
    /* The event: resume and --merge accept only lines of the same event. */
    json_field(f, "event", m->event);
    json_field(f, "event_id", m->event_id);
    json_field(f, "date", m->date);
    json_field(f, "time_control", m->time_control);
    fprintf(f, ",\"schedule_games\":%d", m->schedule_games);
    json_ints(f, "engine_index", m->engine_index, n);
    fputs("}\n", f);
}

/* One "Key: value" line of the text record, the value escaped. */
static void text_field(FILE *f, const char *key, const char *value)
{
    fprintf(f, "%s: ", key);
    put_text_value(f, value);
    fputc('\n', f);
}

static void write_text(FILE *f, const struct rec_match *m)
{
    fprintf(f, "[Game %d]\n", m->id);
    text_field(f, "Game", m->game);
    fprintf(f, "Size: %d\n", m->size);
    if (m->variants[0])
        text_field(f, "Variants", m->variants);
    text_field(f, "Event", m->event);
    text_field(f, "Date", m->date);
    text_field(f, "TimeControl", m->time_control);
    for (int s = 0; s < m->nseats; s++) {
        char key[32];
        snprintf(key, sizeof key, "Seat %s", m->seats[s]);
        text_field(f, key, m->engines[s]);
    }
    fprintf(f, "Opening: %d\nMoves:", m->opening_plies);
    for (int i = 0; i < m->nmoves; i++)
        fprintf(f, " %s", m->moves[i]);
    fputc('\n', f);
    if (rec_match_ggf_game(m->game)) {
        fputs("Transcript: ", f);
        for (int i = 0; i < m->nmoves; i++)
            if (strcmp(m->moves[i], "pass") != 0)
                for (const char *c = m->moves[i]; *c; c++)
                    fputc(tolower((unsigned char)*c), f);
        fputc('\n', f);
    }
    text_field(f, "Result", m->result);
    text_field(f, "Reason", m->reason);
    fputc('\n', f);
}

/* ID[value] with the value escaped; text: an SGF Text (newlines kept). */
static void sgf_prop(FILE *f, const char *id, const char *value, bool text)
{
    fprintf(f, "%s[", id);
    put_sgf_value(f, value, text);
    fputc(']', f);
}

/* TM is the time for the game in seconds; OT says how time is added (the
 * increment), or the per-move limit when there is no time for the game. */
static void sgf_time_control(FILE *f, const struct rec_clock *tc)
{
    if (tc->mode == REC_CLOCK_GAME)
        fprintf(f, "TM[%g]OT[%g s increment per move]", tc->base, tc->inc);
    else if (tc->mode == REC_CLOCK_MOVE)
        fprintf(f, "OT[%g s per move]", tc->move);
    else
        fprintf(f, "OT[no time control; %g s limit per move]", tc->timeout);
}

/* The Othello start position as setup stones, as Othello SGF viewers
 * expect: white on the centre's main diagonal (d4, e5 on 8x8), black on
 * the other (e4, d5); black moves first. */
static void othello_setup(FILE *f, int n)
{
    char a = (char)('a' + n / 2 - 1), b = (char)(a + 1);
    fprintf(f, "AB[%c%c][%c%c]AW[%c%c][%c%c]PL[B]", b, a, a, b, a, a, b, b);
}

static void write_sgf(FILE *f, const struct rec_match *m)
{
    bool hex = strcmp(m->game, "TorusHex") == 0;
    fprintf(f, "(;FF[4]CA[UTF-8]AP[quartet-match]GM[%d]SZ[%d]", hex ? 11 : 2, m->size);
    if (m->variants[0])
        sgf_prop(f, "QV", m->variants, false);
    sgf_prop(f, "EV", m->event, false);
    sgf_prop(f, "DT", m->date, false);
    sgf_time_control(f, &m->clock);
    if (!hex)
        othello_setup(f, m->size);
    sgf_prop(f, "PB", m->engines[0], false);
    sgf_prop(f, "PW", m->engines[1], false);
    fprintf(f, "GN[game %d]", m->id);
    sgf_prop(f, "RE", m->result, false);
    sgf_prop(f, "GC", m->reason, true);
    fputc('\n', f);
    for (int i = 0; i < m->nmoves; i++) {
        char pt[16] = "";
        rec_sgf_point(m->moves[i], pt, sizeof pt);
        /* Moves alternate B, W in both games (passes included). */
        fprintf(f, ";%c[%s]", i % 2 ? 'W' : 'B', pt);
        if (i % 12 == 11)
            fputc('\n', f);
    }
    fputs(")\n", f);
}

/* Seconds in GGS's clock notation, "M:SS" (fractions kept: "0:00.2"). */
static void clock_text(double s, char *out, size_t cap)
{
    int m = (int)(s / 60);
    double r = s - 60.0 * m;
    char sec[32];
    snprintf(sec, sizeof sec, "%g", r);
    snprintf(out, cap, "%d:%s%s", m, r < 10 ? "0" : "", sec);
}

/* TI: GGS's "time/increment" for a game clock; a time per move is a
 * clock of nothing with that increment; no time control, no TI. */
static void ggf_time(struct ggf_game *gg, const struct rec_clock *tc)
{
    char a[40], b[40], ti[96];
    if (tc->mode == REC_CLOCK_NONE)
        return;
    clock_text(tc->mode == REC_CLOCK_GAME ? tc->base : 0, a, sizeof a);
    clock_text(tc->mode == REC_CLOCK_GAME ? tc->inc : tc->move, b, sizeof b);
    snprintf(ti, sizeof ti, "%s/%s", a, b);
    ggf_set(gg, "TI", ti);
}

/* RE from black's view, as GGF has it: the disc margin ("+4.00"), and
 * for a game lost by a fault the whole board to the winner with ":t"
 * (time) or ":r" (a resignation, or a forfeit, which GGF has no flag
 * for; QR keeps quartet-match's own result). */
static void ggf_result(struct ggf_game *gg, const char *result, int squares)
{
    char re[40];
    size_t n = strlen(result);
    if (n == 3 && result[1] == '+' && strchr("TRF", result[2]))
        snprintf(re, sizeof re, "%+d.00:%c", result[0] == 'B' ? squares : -squares,
                 result[2] == 'T' ? 't' : 'r');
    else if ((result[0] == 'B' || result[0] == 'W') && result[1] == '+')
        snprintf(re, sizeof re, "%+d.00", (result[0] == 'B' ? 1 : -1) * atoi(result + 2));
    else
        snprintf(re, sizeof re, "+0.00");
    ggf_set(gg, "RE", re);
}

/* GGF's board: '*' black, 'O' white, '-' empty; Othello's start. */
static void ggf_start(struct ggf_game *gg, int n)
{
    memset(gg->board, '-', (size_t)(n * n));
    gg->board[n * n] = '\0';
    int a = n / 2 - 1, b = n / 2;
    gg->board[a * n + a] = gg->board[b * n + b] = 'O';
    gg->board[a * n + b] = gg->board[b * n + a] = '*';
    gg->size = n;
    gg->to_move = '*';
}

static int write_ggf(FILE *f, const struct rec_match *m)
{
    struct ggf_game *gg = calloc(1, sizeof *gg);
    if (!gg)
        return -1;
    char num[32];
    ggf_set(gg, "GM", "Othello");
    ggf_set(gg, "PC", "quartet-match");
    ggf_set(gg, "DT", m->date);
    ggf_set(gg, "PB", m->engines[0]);
    ggf_set(gg, "PW", m->engines[1]);
    ggf_result(gg, m->result, m->size * m->size);
    ggf_time(gg, &m->clock);
    snprintf(num, sizeof num, "%d", m->size);
    ggf_set(gg, "TY", num);
    /* quartet-match's own fields (doc/tournaments.md): the game number,
     * the event (its name, id and games scheduled, and the engines' places
     * in it: what --merge needs), the result as the other records write
     * it, why it ended. */
    snprintf(num, sizeof num, "%d", m->id);
    ggf_set(gg, "GN", num);
    ggf_set(gg, "EV", m->event);
    ggf_set(gg, "QI", m->event_id);
    snprintf(num, sizeof num, "%d", m->schedule_games);
    ggf_set(gg, "QS", num);
    snprintf(num, sizeof num, "%d,%d", m->engine_index[0], m->engine_index[1]);
    ggf_set(gg, "QE", num);
    ggf_set(gg, "QR", m->result);
    ggf_set(gg, "GC", m->reason);
    ggf_start(gg, m->size);
    for (int i = 0; i < m->nmoves; i++) {
        struct ggf_move mv = {.color = i % 2 ? 'W' : 'B'};
        bool pass = strcmp(m->moves[i], "pass") == 0;
        if (pass)
            snprintf(mv.text, sizeof mv.text, "PA");
        else
            for (int k = 0; m->moves[i][k] && k + 1 < (int)sizeof mv.text; k++)
                mv.text[k] = (char)toupper((unsigned char)m->moves[i][k]);
        /* An engine's move has its time; an opening's and a forced pass
         * (Othello's only passes) have none. */
        if (i >= m->opening_plies && !pass) {
            mv.has_time = true;
            mv.seconds = ms(m->move_time[i]);
        }
        ggf_add_move(gg, &mv);
    }
    int n = ggf_write(gg, NULL, 0);
    char *line = malloc((size_t)n + 1);
    if (line) {
        ggf_write(gg, line, (size_t)n + 1);
        fputs(line, f);
        fputc('\n', f);
        free(line);
    }
    free(gg);
    return line ? 0 : -1;
}

int rec_match_write(const struct rec_match *m, enum rec_format fmt, FILE *out)
{
    if ((fmt == REC_SGF && !rec_match_sgf_game(m->game)) ||
        (fmt == REC_GGF && !rec_match_ggf_game(m->game))) {
        errno = EINVAL;
        return -1;
    }
    switch (fmt) {
    case REC_JSONL:
        write_jsonl(out, m);
        break;
    case REC_TEXT:
        write_text(out, m);
        break;
    case REC_SGF:
        write_sgf(out, m);
        break;
    case REC_GGF:
        if (write_ggf(out, m) != 0)
            return -1;
        break;
    default:
        errno = EINVAL;
        return -1;
    }
    return flushed(out);
}
