/* Writers of the three record formats. */
#include "records.h"

#include <stdlib.h>
#include <string.h>

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

static void put_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

void write_jsonl(FILE *f, const struct match_config *cfg, const struct opening_list *ol,
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
    fflush(f);
    free(mv);
}

void write_text_record(FILE *f, const struct match_config *cfg, const struct game_record *rec)
{
    char (*mv)[16] = malloc(sizeof(char[16]) * (size_t)(rec->nplies + 1));
    if (!mv)
        abort();
    record_move_texts(cfg, rec, mv);
    fprintf(f, "[Game %d]\nGame: %s\nSize: %d\n", rec->id, cfg->g->name, cfg->gopt.size);
    if (cfg->variant_words[0])
        fprintf(f, "Variants: %s\n", cfg->variant_words);
    fprintf(f, "Event: %s\nDate: %s\nTimeControl: %s\n", cfg->event, rec->date, cfg->tc_text);
    for (int s = 0; s < rec->nseats; s++)
        fprintf(f, "Seat %s: %s\n", seat_name(cfg->g, s), cfg->eng[rec->engine[s]].name);
    fprintf(f, "Opening: %d\nMoves:", rec->opening_plies);
    for (int i = 0; i < rec->nplies; i++)
        fprintf(f, " %s", mv[i]);
    fprintf(f, "\nResult: %s\nReason: %s\n\n", rec->result, rec->reason);
    fflush(f);
    free(mv);
}

bool sgf_supported(const struct game *g)
{
    return strcmp(g->name, "Othello") == 0 || strcmp(g->name, "TorusHex") == 0;
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

/* SGF text values escape ']' and '\'. */
static void sgf_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == ']' || *s == '\\')
            fputc('\\', f);
        fputc(*s, f);
    }
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

void write_sgf(FILE *f, const struct match_config *cfg, const struct game_record *rec)
{
    char (*mv)[16] = malloc(sizeof(char[16]) * (size_t)(rec->nplies + 1));
    if (!mv)
        abort();
    record_move_texts(cfg, rec, mv);
    bool hex = strcmp(cfg->g->name, "TorusHex") == 0;
    fprintf(f, "(;FF[4]CA[UTF-8]AP[quartet-match]GM[%d]SZ[%d]", hex ? 11 : 2, cfg->gopt.size);
    if (cfg->variant_words[0])
        fprintf(f, "QV[%s]", cfg->variant_words);
    fputs("EV[", f);
    sgf_text(f, cfg->event);
    fprintf(f, "]DT[%s]", rec->date);
    sgf_time_control(f, &cfg->tc);
    if (!hex)
        othello_setup(f, cfg->gopt.size);
    fputs("PB[", f);
    sgf_text(f, cfg->eng[rec->engine[0]].name);
    fputs("]PW[", f);
    sgf_text(f, cfg->eng[rec->engine[1]].name);
    fprintf(f, "]GN[game %d]RE[%s]GC[", rec->id, rec->result);
    sgf_text(f, rec->reason);
    fputs("]\n", f);
    for (int i = 0; i < rec->nplies; i++) {
        char pt[16];
        sgf_point(mv[i], pt, sizeof pt);
        /* Moves alternate B, W in both games (passes included). */
        fprintf(f, ";%c[%s]", i % 2 ? 'W' : 'B', pt);
        if (i % 12 == 11)
            fputc('\n', f);
    }
    fputs(")\n", f);
    fflush(f);
    free(mv);
}
