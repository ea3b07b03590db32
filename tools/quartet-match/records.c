/* Writers of the three record formats. */
#include "records.h"
#include "records/textclean.h"
#include "records/ggf.h"
#include "records/write.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

void record_move_texts(const struct match_config *cfg, const struct game_record *rec,
                       char (*text)[16])
{
    const struct game *g = cfg->g;
    unsigned char *st = malloc(g->state_size);
    if (!st)
        abort();
    g->init(st, &cfg->gopt);
    for (int i = 0; i < rec->nplies; i++) {
        if (rec->moves[i] == MOVE_PASS)
            snprintf(text[i], 16, "pass");
        else
            g->format_move(st, rec->moves[i], text[i], 16);
        g->play(st, rec->moves[i]);
    }
    free(st);
}

bool is_othello(const struct game *g)
{
    return strcmp(g->name, "Othello") == 0;
}

/* The transcript from move texts. */
static void transcript_of(char (*mv)[16], int n, char *out, size_t cap)
{
    size_t k = 0;
    for (int i = 0; i < n; i++) {
        if (strcmp(mv[i], "pass") == 0)
            continue;
        for (const char *c = mv[i]; *c && k + 1 < cap; c++)
            out[k++] = (char)tolower((unsigned char)*c);
    }
    if (cap)
        out[k] = '\0';
}

void record_transcript(const struct match_config *cfg, const struct game_record *rec, char *out,
                       size_t cap)
{
    char (*mv)[16] = malloc(sizeof(char[16]) * (size_t)(rec->nplies + 1));
    if (!mv)
        abort();
    record_move_texts(cfg, rec, mv);
    transcript_of(mv, rec->nplies, out, cap);
    free(mv);
}

/* A move's time as the records write it: milliseconds, so that the JSON
 * line's "move_times" and the GGF record hold the same number (resume
 * writes a GGF game from its JSON line). */
static double ms(double seconds)
{
    return round(seconds * 1000) / 1000;
}

int write_jsonl(FILE *f, const struct match_config *cfg, const struct opening_list *ol,
                const struct game_record *rec)
{
    char (*mv)[16] = malloc(sizeof(char[16]) * (size_t)(rec->nplies + 1));
    if (!mv)
        abort();
    record_move_texts(cfg, rec, mv);
    int n = rec->nseats;
    fprintf(f, "{\"game\":%d,\"name\":", rec->id);
    put_json_string(f, cfg->g->name);
    fprintf(f, ",\"size\":%d,\"variants\":", cfg->gopt.size);
    put_json_string(f, cfg->variant_words);
    fputs(",\"seats\":[", f);
    for (int s = 0; s < n; s++) {
        fputs(s ? "," : "", f);
        put_json_string(f, seat_name(cfg->g, s));
    }
    fputs("],\"engines\":[", f);
    for (int s = 0; s < n; s++) {
        fputs(s ? "," : "", f);
        put_json_string(f, cfg->eng[rec->engine[s]].name);
    }
    fputs("],\"opening\":", f);
    put_json_string(f, rec->opening >= 0 && ol ? ol->v[rec->opening].text : "");
    fprintf(f, ",\"opening_index\":%d,\"opening_plies\":%d,\"moves\":[", rec->opening,
            rec->opening_plies);
    for (int i = 0; i < rec->nplies; i++) {
        fputs(i ? "," : "", f);
        put_json_string(f, mv[i]);
    }
    fputs("]", f);
    if (is_othello(cfg->g)) {
        char *tr = malloc((size_t)rec->nplies * 4 + 1);
        if (!tr)
            abort();
        transcript_of(mv, rec->nplies, tr, (size_t)rec->nplies * 4 + 1);
        fputs(",\"transcript\":", f);
        put_json_string(f, tr);
        free(tr);
        fputs(",\"move_times\":[", f);
        for (int i = 0; i < rec->nplies; i++)
            fprintf(f, "%s%.3f", i ? "," : "", ms(rec->move_time[i]));
        fputs("]", f);
    }
    fputs(",\"result\":", f);
    put_json_string(f, rec->result);
    fputs(",\"scores\":[", f);
    for (int s = 0; s < n; s++)
        fprintf(f, "%s%d", s ? "," : "", rec->scores[s]);
    fputs("],\"points\":[", f);
    for (int s = 0; s < n; s++)
        fprintf(f, "%s%g", s ? "," : "", rec->points[s]);
    fputs("],\"ranks\":[", f);
    for (int s = 0; s < n; s++)
        fprintf(f, "%s%d", s ? "," : "", rec->rank[s]);
    fputs("],\"reason\":", f);
    put_json_string(f, rec->reason);
    fputs(",\"forfeit\":", f);
    if (rec->forfeit >= 0)
        put_json_string(f, seat_name(cfg->g, rec->forfeit));
    else
        fputs("null", f);
    fputs(",\"times\":[", f);
    for (int s = 0; s < n; s++)
        fprintf(f, "%s%.3f", s ? "," : "", rec->time[s]);
    fputs("],\"genmoves\":[", f);
    for (int s = 0; s < n; s++)
        fprintf(f, "%s%d", s ? "," : "", rec->genmoves[s]);
    fputs("],\"disagreement\":", f);
    if (rec->disagree[0])
        put_json_string(f, rec->disagree);
    else
        fputs("null", f);
    /* The event: resume and --merge accept only lines of the same event. */
    fputs(",\"event\":", f);
    put_json_string(f, cfg->event);
    fputs(",\"event_id\":", f);
    put_json_string(f, cfg->event_id);
    fputs(",\"date\":", f);
    put_json_string(f, rec->date);
    fputs(",\"time_control\":", f);
    put_json_string(f, cfg->tc_text);
    fprintf(f, ",\"schedule_games\":%d,\"engine_index\":[", cfg->schedule_games);
    for (int s = 0; s < n; s++)
        fprintf(f, "%s%d", s ? "," : "", rec->engine[s]);
    fputs("]}\n", f);
    free(mv);
    return flushed(f);
}

/* One "Key: value" line of the text record, the value escaped. */
static void text_field(FILE *f, const char *key, const char *value)
{
    fprintf(f, "%s: ", key);
    put_text_value(f, value);
    fputc('\n', f);
}

int write_text_record(FILE *f, const struct match_config *cfg, const struct game_record *rec)
{
    char (*mv)[16] = malloc(sizeof(char[16]) * (size_t)(rec->nplies + 1));
    if (!mv)
        abort();
    record_move_texts(cfg, rec, mv);
    fprintf(f, "[Game %d]\n", rec->id);
    text_field(f, "Game", cfg->g->name);
    fprintf(f, "Size: %d\n", cfg->gopt.size);
    if (cfg->variant_words[0])
        text_field(f, "Variants", cfg->variant_words);
    text_field(f, "Event", cfg->event);
    text_field(f, "Date", rec->date);
    text_field(f, "TimeControl", cfg->tc_text);
    for (int s = 0; s < rec->nseats; s++) {
        char key[32];
        snprintf(key, sizeof key, "Seat %s", seat_name(cfg->g, s));
        text_field(f, key, cfg->eng[rec->engine[s]].name);
    }
    fprintf(f, "Opening: %d\nMoves:", rec->opening_plies);
    for (int i = 0; i < rec->nplies; i++)
        fprintf(f, " %s", mv[i]);
    fputc('\n', f);
    if (is_othello(cfg->g)) {
        char *tr = malloc((size_t)rec->nplies * 4 + 1);
        if (!tr)
            abort();
        transcript_of(mv, rec->nplies, tr, (size_t)rec->nplies * 4 + 1);
        fprintf(f, "Transcript: %s\n", tr);
        free(tr);
    }
    text_field(f, "Result", rec->result);
    text_field(f, "Reason", rec->reason);
    fputc('\n', f);
    free(mv);
    return flushed(f);
}

bool sgf_supported(const struct game *g)
{
    return strcmp(g->name, "Othello") == 0 || strcmp(g->name, "TorusHex") == 0;
}

bool sgf_path_is_file(const char *path)
{
    size_t n = strlen(path);
    return n > 4 && strcasecmp(path + n - 4, ".sgf") == 0;
}

void sgf_game_path(char *out, size_t cap, const char *dir, int id)
{
    snprintf(out, cap, "%s/game-%04d.sgf", dir, id);
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
static void sgf_time_control(FILE *f, const struct time_control *tc)
{
    if (tc->mode == TC_GAME)
        fprintf(f, "TM[%g]OT[%g s increment per move]", tc->base, tc->inc);
    else if (tc->mode == TC_MOVE)
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

int write_sgf(FILE *f, const struct match_config *cfg, const struct game_record *rec)
{
    char (*mv)[16] = malloc(sizeof(char[16]) * (size_t)(rec->nplies + 1));
    if (!mv)
        abort();
    record_move_texts(cfg, rec, mv);
    bool hex = strcmp(cfg->g->name, "TorusHex") == 0;
    fprintf(f, "(;FF[4]CA[UTF-8]AP[quartet-match]GM[%d]SZ[%d]", hex ? 11 : 2, cfg->gopt.size);
    if (cfg->variant_words[0])
        sgf_prop(f, "QV", cfg->variant_words, false);
    sgf_prop(f, "EV", cfg->event, false);
    sgf_prop(f, "DT", rec->date, false);
    sgf_time_control(f, &cfg->tc);
    if (!hex)
        othello_setup(f, cfg->gopt.size);
    sgf_prop(f, "PB", cfg->eng[rec->engine[0]].name, false);
    sgf_prop(f, "PW", cfg->eng[rec->engine[1]].name, false);
    fprintf(f, "GN[game %d]", rec->id);
    sgf_prop(f, "RE", rec->result, false);
    sgf_prop(f, "GC", rec->reason, true);
    fputc('\n', f);
    for (int i = 0; i < rec->nplies; i++) {
        char pt[16];
        rec_sgf_point(mv[i], pt, sizeof pt);
        /* Moves alternate B, W in both games (passes included). */
        fprintf(f, ";%c[%s]", i % 2 ? 'W' : 'B', pt);
        if (i % 12 == 11)
            fputc('\n', f);
    }
    fputs(")\n", f);
    free(mv);
    return flushed(f);
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
static void ggf_time(struct ggf_game *gg, const struct time_control *tc)
{
    char a[40], b[40], ti[96];
    if (tc->mode == TC_NONE)
        return;
    clock_text(tc->mode == TC_GAME ? tc->base : 0, a, sizeof a);
    clock_text(tc->mode == TC_GAME ? tc->inc : tc->move, b, sizeof b);
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

/* GGF's board: '*' black, 'O' white, '-' empty. */
static void ggf_start(struct ggf_game *gg, const struct match_config *cfg)
{
    int n = cfg->gopt.size;
    memset(gg->board, '-', (size_t)(n * n));
    gg->board[n * n] = '\0';
    int a = n / 2 - 1, b = n / 2;
    gg->board[a * n + a] = gg->board[b * n + b] = 'O';
    gg->board[a * n + b] = gg->board[b * n + a] = '*';
    gg->size = n;
    gg->to_move = '*';
}

int write_ggf(FILE *f, const struct match_config *cfg, const struct game_record *rec)
{
    struct ggf_game *gg = calloc(1, sizeof *gg);
    char (*mv)[16] = malloc(sizeof(char[16]) * (size_t)(rec->nplies + 1));
    if (!gg || !mv)
        abort();
    record_move_texts(cfg, rec, mv);
    char num[32];
    ggf_set(gg, "GM", "Othello");
    ggf_set(gg, "PC", "quartet-match");
    ggf_set(gg, "DT", rec->date);
    ggf_set(gg, "PB", cfg->eng[rec->engine[0]].name);
    ggf_set(gg, "PW", cfg->eng[rec->engine[1]].name);
    ggf_result(gg, rec->result, cfg->gopt.size * cfg->gopt.size);
    ggf_time(gg, &cfg->tc);
    snprintf(num, sizeof num, "%d", cfg->gopt.size);
    ggf_set(gg, "TY", num);
    /* quartet-match's own fields (doc/tournaments.md): the game number,
     * the event (its name, id and games scheduled, and the engines' places
     * in it: what --merge needs), the result as the other records write
     * it, why it ended. */
    snprintf(num, sizeof num, "%d", rec->id);
    ggf_set(gg, "GN", num);
    ggf_set(gg, "EV", cfg->event);
    ggf_set(gg, "QI", cfg->event_id);
    snprintf(num, sizeof num, "%d", cfg->schedule_games);
    ggf_set(gg, "QS", num);
    snprintf(num, sizeof num, "%d,%d", rec->engine[0], rec->engine[1]);
    ggf_set(gg, "QE", num);
    ggf_set(gg, "QR", rec->result);
    ggf_set(gg, "GC", rec->reason);
    ggf_start(gg, cfg);
    for (int i = 0; i < rec->nplies; i++) {
        struct ggf_move m = {.color = i % 2 ? 'W' : 'B'};
        if (strcmp(mv[i], "pass") == 0)
            snprintf(m.text, sizeof m.text, "PA");
        else
            for (int k = 0; mv[i][k] && k + 1 < (int)sizeof m.text; k++)
                m.text[k] = (char)toupper((unsigned char)mv[i][k]);
        /* An engine's move has its time; an opening's and a forced pass
         * have none. */
        if (i >= rec->opening_plies && rec->moves[i] != MOVE_PASS) {
            m.has_time = true;
            m.seconds = ms(rec->move_time[i]);
        }
        ggf_add_move(gg, &m);
    }
    int n = ggf_write(gg, NULL, 0);
    char *line = malloc((size_t)n + 1);
    if (!line)
        abort();
    ggf_write(gg, line, (size_t)n + 1);
    fputs(line, f);
    fputc('\n', f);
    free(line);
    free(mv);
    free(gg);
    return flushed(f);
}
