/* The writers of write.h: the fields a rec_game holds, in each format's
 * own syntax and escapes (records/textclean.h). */
#include "records/write.h"
#include "records/ggf.h"
#include "records/strict.h"
#include "records/textclean.h"
#include "records/verdict.h"
#include "engine/game.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* s as a JSON string, each control character as U+FFFD: what the
 * JSONL reader makes of one (records/jsonl.c); cut (between characters)
 * to the cap bytes of the field it is read into, so that the text reads
 * back and writes again the same. */
static void json_text(FILE *out, const char *s, size_t cap)
{
    char buf[1024];
    size_t k = 0;
    for (; *s && k + 4 < sizeof buf; s++) {
        unsigned char u = (unsigned char)*s;
        if (u < 0x20 || u == 0x7f) {
            memcpy(buf + k, "\xef\xbf\xbd", 3);
            k += 3;
        } else
            buf[k++] = *s;
    }
    buf[utf8_cut(buf, k < cap ? k : cap - 1)] = '\0';
    put_json_string(out, buf);
}

static void write_jsonl(const struct rec_game *g, FILE *out)
{
    fprintf(out, "{\"game\":%d,\"name\":", g->id);
    json_text(out, g->game, sizeof g->game);
    fprintf(out, ",\"size\":%d,\"variants\":", g->size);
    json_text(out, g->variants, sizeof g->variants);
    fputs(",\"engines\":[", out);
    for (int i = 0; i < g->nplayers; i++) {
        fputs(i ? "," : "", out);
        json_text(out, g->players[i], sizeof g->players[i]);
    }
    fputs("],\"moves\":[", out);
    for (int i = 0; i < g->nmoves; i++) {
        fputs(i ? "," : "", out);
        json_text(out, g->moves[i], sizeof g->moves[i]);
    }
    fputs("],\"result\":", out);
    json_text(out, g->result, sizeof g->result);
    fputs(",\"reason\":", out);
    json_text(out, g->reason, sizeof g->reason);
    fputs("}\n", out);
}

static void write_text(const struct rec_game *g, FILE *out)
{
    static const char seats[] = "abcd";
    fprintf(out, "[Game %d]\nGame: ", g->id);
    put_text_value(out, g->game);
    fprintf(out, "\nSize: %d\n", g->size);
    if (g->variants[0]) {
        fputs("Variants: ", out);
        put_text_value(out, g->variants);
        fputc('\n', out);
    }
    for (int i = 0; i < g->nplayers; i++) {
        fprintf(out, "Seat %c: ", seats[i]);
        put_text_value(out, g->players[i]);
        fputc('\n', out);
    }
    fputs("Moves:", out);
    for (int i = 0; i < g->nmoves; i++)
        fprintf(out, " %s", g->moves[i]);
    fputs("\nResult: ", out);
    put_text_value(out, g->result);
    fputs("\nReason: ", out);
    put_text_value(out, g->reason);
    fputs("\n\n", out);
}

int rec_sgf_point(const char *m, char *out, size_t cap)
{
    if (strcmp(m, "pass") == 0)
        return snprintf(out, cap, "%s", ""), 0;
    if (strcmp(m, "swap") == 0)
        return snprintf(out, cap, "swap-pieces"), 0;
    char col = m[0];
    int row = atoi(m + 1);
    if (col < 'a' || col > 'z' || row < 1 || row > 26 || strspn(m + 1, "0123456789") !=
        strlen(m + 1))
        return -1;
    snprintf(out, cap, "%c%c", col, 'a' + row - 1);
    return 0;
}

/* Whether SGF carries g's set-up start: an Othello board SGF has points
 * for, with a stone on it (with none, the reader takes the game's start). */
static bool sgf_setup_ok(const struct rec_game *g, int gm)
{
    int n = g->size, stones = 0;
    if (gm != 2 || n < 1 || n > 26 || strlen(g->setup) != (size_t)n * (size_t)n)
        return false;
    for (const char *c = g->setup; *c; c++)
        stones += *c == 'X' || *c == 'O';
    return stones > 0;
}

/* An Othello set-up start as SGF's AB and AW (the stones, from a1 row
 * by row, as the page writes them) and PL. */
static void sgf_setup(const struct rec_game *g, FILE *out)
{
    int n = g->size;
    for (int k = 0; k < 2; k++) {
        const char colour = k ? 'O' : 'X';
        bool any = false;
        for (int i = 0; i < n * n; i++)
            if (g->setup[i] == colour) {
                fprintf(out, "%s[%c%c]", any ? "" : k ? "AW" : "AB", 'a' + i % n, 'a' + i / n);
                any = true;
            }
    }
    fprintf(out, "PL[%c]", g->setup_side == 'O' ? 'W' : 'B');
}

static int write_sgf(const struct rec_game *g, FILE *out)
{
    int gm = strcasecmp(g->game, "Othello") == 0 ? 2 : strcasecmp(g->game, "TorusHex") == 0 ? 11
                                                                                           : 0;
    if (!gm || g->variants[0] || g->nplayers > 2 || (g->setup[0] && !sgf_setup_ok(g, gm)))
        return -1;
    char p[16];
    for (int i = 0; i < g->nmoves; i++)
        if (rec_sgf_point(g->moves[i], p, sizeof p) != 0)
            return -1;
    int first = g->setup[0] && g->setup_side == 'O';
    fprintf(out, "(;FF[4]CA[UTF-8]GM[%d]SZ[%d]", gm, g->size);
    if (g->setup[0])
        sgf_setup(g, out);
    /* Both players always: the reader gives a game two (empty if unnamed). */
    for (int i = 0; i < 2; i++) {
        fputs(i ? "PW[" : "PB[", out);
        put_sgf_value(out, i < g->nplayers ? g->players[i] : "", false);
        fputc(']', out);
    }
    fprintf(out, "GN[game %d]RE[", g->id);
    put_sgf_value(out, g->result, false);
    fputs("]GC[", out);
    put_sgf_value(out, g->reason, true);
    fputs("]\n", out);
    for (int i = 0; i < g->nmoves; i++) {
        rec_sgf_point(g->moves[i], p, sizeof p);
        fprintf(out, ";%c[%s]", (i + first) % 2 ? 'W' : 'B', p);
    }
    fputs(")\n", out);
    return 0;
}

/* A result as GGF's RE: black's margin ("B+16" -> "+16"); time and
 * resignation with GGF's flags. */
static int ggf_result(const char *r, char *out, size_t cap)
{
    if (!r[0])
        return 1;   /* none */
    if (strcmp(r, "0") == 0 || strcmp(r, "?") == 0)
        return snprintf(out, cap, "%s", r), 0;
    if ((r[0] != 'B' && r[0] != 'W') || r[1] != '+')
        return -1;
    char sign = r[0] == 'B' ? '+' : '-';
    if (strcmp(r + 2, "T") == 0 || strcmp(r + 2, "R") == 0)
        return snprintf(out, cap, "%c1:%c", sign, r[2] == 'T' ? 't' : 'r'), 0;
    size_t d = strspn(r + 2, "0123456789.");
    if (d == 0 || r[2 + d])
        return -1;
    snprintf(out, cap, "%c%.30s", sign, r + 2);
    return 0;
}

static int write_ggf(const struct rec_game *g, FILE *out)
{
    if (strcasecmp(g->game, "Othello") != 0 || g->variants[0] || g->nplayers > 2)
        return -1;
    struct ggf_game *gg = calloc(1, sizeof *gg);
    char v[64];
    int rc = gg ? 0 : -1;
    if (rc == 0) {
        ggf_set(gg, "GM", "Othello");
        for (int i = 0; i < g->nplayers; i++)
            if (g->players[i][0])
                ggf_set(gg, i ? "PW" : "PB", g->players[i]);
        int r = ggf_result(g->result, v, sizeof v);
        if (r < 0)
            rc = -1;
        else if (r == 0)
            ggf_set(gg, "RE", v);
        snprintf(v, sizeof v, "%d%s", g->size ? g->size : 8, g->has_komi ? "k" : "");
        ggf_set(gg, "TY", v);
        snprintf(v, sizeof v, "%d", g->id);
        ggf_set(gg, "GN", v);
        if (g->has_komi) {
            rec_format_number(g->komi, v, sizeof v);
            ggf_set(gg, "KM", v);
        }
        if (g->reason[0])
            ggf_set(gg, "GC", g->reason);
    }
    char next = 'B';
    if (rc == 0 && g->setup[0]) {
        size_t n = strlen(g->setup);
        int size = 1;
        while ((size_t)(size * size) < n)
            size++;
        gg->size = size;
        for (size_t i = 0; i < n; i++)
            gg->board[i] = g->setup[i] == 'X' ? '*' : g->setup[i];
        gg->board[n] = '\0';
        gg->to_move = g->setup_side == 'X' ? '*' : 'O';
        next = g->setup_side == 'X' ? 'B' : 'W';
    }
    for (int i = 0; rc == 0 && i < g->nmoves; i++) {
        struct ggf_move m = {.color = next};
        snprintf(m.text, sizeof m.text, "%s", strcmp(g->moves[i], "pass") ? g->moves[i] : "PA");
        if (ggf_add_move(gg, &m) != 0)
            rc = -1;
        next = next == 'B' ? 'W' : 'B';
    }
    if (rc == 0) {
        int n = ggf_write(gg, NULL, 0);
        char *buf = malloc((size_t)n + 1);
        if (!buf)
            rc = -1;
        else {
            ggf_write(gg, buf, (size_t)n + 1);
            fprintf(out, "%s\n", buf);
            free(buf);
        }
    }
    free(gg);
    return rc;
}

static int write_transcript(const struct rec_game *g, FILE *out)
{
    /* A transcript is the moves alone (at least one): no result, players
     * or variants. */
    if (g->variants[0] || g->setup[0] || g->has_komi || g->result[0] || g->nmoves == 0)
        return -1;
    fprintf(out, "%s %d", g->game, g->size);
    for (int i = 0; i < g->nmoves; i++)
        fprintf(out, " %s", g->moves[i]);
    fputc('\n', out);
    return 0;
}

static int write_format(const struct rec_game *g, enum rec_format fmt, FILE *out)
{
    /* Only GGF carries a komi, only GGF and SGF (Othello's AB, AW, PL) a
     * set-up start. */
    if (fmt != REC_GGF && (g->has_komi || (g->setup[0] && fmt != REC_SGF)))
        return -1;
    switch (fmt) {
    case REC_JSONL:
        write_jsonl(g, out);
        return 0;
    case REC_TEXT:
        write_text(g, out);
        return 0;
    case REC_SGF:
        return write_sgf(g, out);
    case REC_GGF:
        return write_ggf(g, out);
    case REC_TRANSCRIPT:
        return write_transcript(g, out);
    default:
        return -1;
    }
}

int rec_write(const struct rec_game *game, enum rec_format fmt, FILE *out)
{
    /* What is written is the game's canonical form: a size the record
     * left out is the game's own, moves are in lower case (as every
     * reader takes them, and GGF's gives them). */
    struct rec_game copy = *game;
    const struct game *rules = game_find(game->game);
    if (!copy.size && rules)
        copy.size = rules->default_size;
    copy.moves = malloc(sizeof *copy.moves * (size_t)(game->nmoves + 1));
    if (!copy.moves)
        return -1;
    for (int i = 0; i < game->nmoves; i++)
        for (int k = 0; k < REC_MOVE_LEN; k++)
            copy.moves[i][k] = (char)tolower((unsigned char)game->moves[i][k]);
    int rc = write_format(&copy, fmt, out);
    free(copy.moves);
    return rc;
}
