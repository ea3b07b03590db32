/* GGF records (Othello): games read by protocol/ggf.c, one after another,
 * each made a rec_game. quartet-match's own fields (GN, EV, QI, QS, QE,
 * QR, GC) are used when there; a GGF file of NBoard or GGS without them
 * is read as far as it carries a game: its BO start (a set-up position
 * when it is not the normal start), its moves (a pass put in where one
 * colour moves twice), its players and its result from RE. */
#include "records/record.h"
#include "records/strict.h"
#include "records/ggf.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The line (from 1) of byte at; at a file's end after a newline, the last
 * line with text (where a cut file stopped). */
static int line_at(const char *text, size_t at)
{
    int line = 1;
    for (size_t i = 0; i < at; i++)
        line += text[i] == '\n';
    if (at > 0 && !text[at] && text[at - 1] == '\n')
        line--;
    return line;
}

/* RE ("+18.00", "-4:t", "0.00:s") as the other records write a result
 * ("B+18", "W+T", "0"); false when RE is not of that form. */
static bool result_of_re(const char *re, char *out, size_t cap, char *flag)
{
    const char *p = re;
    int sign = 0;
    if (*p == '+' || *p == '-')
        sign = *p++ == '-' ? -1 : 1;
    if (!isdigit((unsigned char)*p))
        return false;
    char *end;
    double v = strtod(p, &end);
    if (end == p || v > 1e6)
        return false;
    *flag = 0;
    if (*end == ':') {
        *flag = end[1];
        if (!strchr("trs", *flag) || !*flag || end[2])
            return false;
    } else if (*end)
        return false;
    if (sign < 0)
        v = -v;
    char side = v > 0 ? 'B' : 'W';
    if (v == 0)
        snprintf(out, cap, "0");
    else if (*flag == 't' || *flag == 'r')
        snprintf(out, cap, "%c+%c", side, *flag == 't' ? 'T' : 'R');
    else
        snprintf(out, cap, "%c+%g", side, v < 0 ? -v : v);
    return true;
}

/* The game's result: quartet-match's QR (which RE must agree with), or
 * what RE says. */
static const char *take_result(const struct ggf_game *gg, struct rec_game *g)
{
    const char *re = ggf_get(gg, "RE"), *qr = ggf_get(gg, "QR");
    char from_re[32] = "", flag = 0;
    bool re_ok = re && result_of_re(re, from_re, sizeof from_re, &flag);
    if (!qr) {
        rec_copy(g->result, sizeof g->result, re_ok ? from_re : re ? re : "",
                 strlen(re_ok ? from_re : re ? re : ""));
        return NULL;
    }
    rec_copy(g->result, sizeof g->result, qr, strlen(qr));
    if (!re_ok)
        return "RE missing or not a GGF result beside QR";
    /* A forfeit (QR X+F) is written as a resignation: GGF has no flag. */
    size_t n = strlen(qr);
    bool forfeit = n == 3 && qr[1] == '+' && qr[2] == 'F';
    if (forfeit ? !(flag == 'r' && from_re[0] == qr[0]) : strcmp(from_re, qr) != 0)
        return "RE and QR disagree";
    return NULL;
}

/* The normal start of an n x n Othello board in GGF's squares. */
static bool is_normal_start(const struct ggf_game *gg)
{
    int n = gg->size;
    if (n % 2 || gg->to_move != '*')
        return false;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            bool centre = (r == n / 2 - 1 || r == n / 2) && (c == n / 2 - 1 || c == n / 2);
            char want = !centre ? '-' : r == c ? 'O' : '*';
            if (gg->board[r * n + c] != want)
                return false;
        }
    return true;
}

/* TY: the board size, and "r" for GGS's random starts (their BO says
 * where the game starts); another game type is not Othello as Quartet
 * plays it. */
static const char *take_type(const struct ggf_game *gg, struct rec_game *g)
{
    const char *ty = ggf_get(gg, "TY");
    int size = 0;
    if (ty) {
        size_t d = strspn(ty, "0123456789");
        if (!d || (ty[d] && strcmp(ty + d, "r") != 0) ||
            !strict_int_text(ty, d, 1, RECORD_MAX_SIZE, &size))
            return "TY is not a board size (a game type Quartet does not play)";
    }
    if (gg->size && size && gg->size != size)
        return "TY and BO give two board sizes";
    g->size = gg->size ? gg->size : size;
    return NULL;
}

/* QE's engine indices, black's then white's: "0,1". */
static bool engine_indices(const char *v, int *out)
{
    const char *comma = strchr(v, ',');
    return comma && strict_int_text(v, (size_t)(comma - v), 0, RECORD_MAX_GAME, &out[0]) &&
           strict_int_text(comma + 1, strlen(comma + 1), 0, RECORD_MAX_GAME, &out[1]);
}

/* quartet-match's event (EV, QI, QS, QE), which --merge needs; each is
 * checked when there, and a game of another program has none. */
static const char *take_event(const struct ggf_game *gg, struct rec_game *g)
{
    const char *v = ggf_get(gg, "EV");
    if (v)
        rec_copy(g->event, sizeof g->event, v, strlen(v));
    if ((v = ggf_get(gg, "QI")) != NULL) {
        if (strlen(v) != 16 || strspn(v, "0123456789abcdef") != 16)
            return "QI is not an event id (16 hex digits)";
        memcpy(g->event_id, v, 17);
    }
    if ((v = ggf_get(gg, "QS")) != NULL &&
        !strict_int_text(v, strlen(v), 1, RECORD_MAX_GAME, &g->schedule_games))
        return "QS is not a number of games (1 to 10^9)";
    if ((v = ggf_get(gg, "QE")) != NULL) {
        if (!engine_indices(v, g->engine_index))
            return "QE is not two engine indices (black's and white's: 0,1)";
        g->nengine_index = 2;
    }
    return NULL;
}

static const char *to_record(const struct ggf_game *gg, struct rec_game *g)
{
    const char *gm = ggf_get(gg, "GM"), *why;
    if (!gm || strcasecmp(gm, "Othello") != 0)
        return "not an Othello game (GM[Othello]): GGF is read for Othello only";
    snprintf(g->game, sizeof g->game, "Othello");
    if ((why = take_type(gg, g)) != NULL)
        return why;
    const char *v = ggf_get(gg, "GN");
    if (v && !strict_int_text(v, strlen(v), 1, RECORD_MAX_GAME, &g->id))
        return "game number in GN out of range (1 to 10^9)";
    g->numbered = v != NULL;
    if ((why = take_event(gg, g)) != NULL)
        return why;
    for (int s = 0; s < 2; s++) {
        v = ggf_get(gg, s ? "PW" : "PB");
        rec_copy(g->players[s], sizeof g->players[s], v ? v : "", v ? strlen(v) : 0);
    }
    g->nplayers = 2;
    if ((v = ggf_get(gg, "GC")) != NULL)
        rec_copy(g->reason, sizeof g->reason, v, strlen(v));
    if ((why = take_result(gg, g)) != NULL)
        return why;
    char next = 'B';
    if (gg->size && !is_normal_start(gg)) {
        size_t n = (size_t)gg->size * (size_t)gg->size;
        if (n >= sizeof g->setup)
            return "BO too large";
        for (size_t i = 0; i < n; i++)
            g->setup[i] = gg->board[i] == '*' ? 'X' : gg->board[i];
        g->setup[n] = '\0';
        g->setup_side = gg->to_move == '*' ? 'X' : 'O';
        next = gg->to_move == '*' ? 'B' : 'W';
    }
    for (int i = 0; i < gg->nmoves; i++) {
        const struct ggf_move *m = &gg->moves[i];
        /* A colour moving twice: the other passed between (GGS leaves
         * forced passes out of some games). */
        if (m->color != next && rec_add_move(g, "pass", 4) != 0)
            return "out of memory";
        char low[REC_MOVE_LEN];
        size_t k = 0;
        for (; m->text[k] && k + 1 < sizeof low; k++)
            low[k] = (char)tolower((unsigned char)m->text[k]);
        low[k] = '\0';
        if (!strcmp(low, "pa") || !strcmp(low, "pass") || !strcmp(low, "ps"))
            snprintf(low, sizeof low, "pass");
        if (rec_add_move(g, low, strlen(low)) != 0)
            return "bad move text";
        next = m->color == 'B' ? 'W' : 'B';
    }
    return NULL;
}

int rec_read_ggf(const char *text, struct rec_file *f, char *err, size_t cap)
{
    size_t len = strlen(text), pos = 0;
    struct ggf_game *gg = malloc(sizeof *gg);
    if (!gg) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    int rc = 0;
    while (rc == 0) {
        pos += strspn(text + pos, " \t\r\n");
        if (pos >= len)
            break;
        size_t used;
        char msg[200];
        int line = line_at(text, pos);
        if (ggf_read(text + pos, len - pos, &used, gg, msg, sizeof msg) != 0) {
            /* "GGF, byte N: why": the line is named instead. */
            const char *why = strstr(msg, ": ");
            snprintf(err, cap, "line %d: GGF does not parse: %s",
                     line_at(text, pos + used), why ? why + 2 : msg);
            rc = -1;
            break;
        }
        struct rec_game *g = rec_new_game(f, line);
        const char *why = g ? to_record(gg, g) : "out of memory";
        if (why) {
            snprintf(err, cap, "line %d: GGF game: %s", line, why);
            if (g)
                rec_drop_last(f);
            rc = -1;
        }
        pos += used;
    }
    free(gg);
    return rc;
}
