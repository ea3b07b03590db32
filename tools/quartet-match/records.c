/* Writers of the three record formats. */
#include "records.h"
#include "textclean.h"

#include <errno.h>
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
    fputs("],\"result\":", f);
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

void sgf_point(const char *move, char *out, size_t cap)
{
    if (strcmp(move, "pass") == 0) {
        snprintf(out, cap, "%s", "");
        return;
    }
    if (strcmp(move, "swap") == 0) {
        snprintf(out, cap, "swap-pieces");
        return;
    }
    int row = atoi(move + 1);
    snprintf(out, cap, "%c%c", move[0], 'a' + row - 1);
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
        sgf_point(mv[i], pt, sizeof pt);
        /* Moves alternate B, W in both games (passes included). */
        fprintf(f, ";%c[%s]", i % 2 ? 'W' : 'B', pt);
        if (i % 12 == 11)
            fputc('\n', f);
    }
    fputs(")\n", f);
    free(mv);
    return flushed(f);
}
