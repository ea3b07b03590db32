/* GGF records (Othello): games read by records/ggf.c, one after another,
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

/* A property's value as a message may show it: printable ASCII of at most
 * 24 bytes (anything else is not echoed, so that every reader writes the
 * same message). */
static bool showable(const char *v)
{
    size_t n = 0;
    for (; v[n]; n++)
        if (v[n] < 32 || v[n] > 126 || n >= 24)
            return false;
    return true;
}

/* A decimal number as GGF writes margins and komi: an optional sign,
 * digits, optionally a point and digits; nothing else (no hex, no
 * exponent, no trailing text). The end of it, or NULL. */
static const char *decimal(const char *s, double *v)
{
    const char *p = s + (*s == '+' || *s == '-');
    size_t d = strspn(p, "0123456789");
    if (d == 0 || d > 6)
        return NULL;
    p += d;
    if (*p == '.') {
        size_t f = strspn(p + 1, "0123456789");
        if (f == 0 || f > 6)
            return NULL;
        p += 1 + f;
    }
    char buf[24];
    memcpy(buf, s, (size_t)(p - s));
    buf[p - s] = '\0';
    *v = strtod(buf, NULL);
    return p;
}

/* RE ("+18.00", "-4:t", "0.00:s") as the other records write a result
 * ("B+18", "W+T", "0"); false when RE is not of that form. */
static bool result_of_re(const char *re, char *out, size_t cap, char *flag)
{
    double v;
    const char *end = decimal(re, &v);
    if (!end)
        return false;
    *flag = 0;
    if (*end == ':') {
        *flag = end[1];
        if (!*flag || !strchr("trs", *flag) || end[2])
            return false;
    } else if (*end)
        return false;
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
static const char *take_result(const struct ggf_game *gg, struct rec_game *g, char *why,
                               size_t cap)
{
    const char *re = ggf_get(gg, "RE"), *qr = ggf_get(gg, "QR");
    char from_re[32] = "", flag = 0;
    /* NBoard writes RE[?] for a game without a result yet. */
    bool unknown = re && strcmp(re, "?") == 0;
    if (unknown)
        snprintf(from_re, sizeof from_re, "?");
    else if (re && !result_of_re(re, from_re, sizeof from_re, &flag)) {
        if (showable(re))
            snprintf(why, cap, "RE[%s]: not a GGF result (black's margin in decimal: +8.000, "
                     "-4:r)", re);
        else
            snprintf(why, cap, "RE: not a GGF result (black's margin in decimal: +8.000, -4:r)");
        return why;
    }
    if (!qr) {
        rec_copy(g->result, sizeof g->result, from_re, strlen(from_re));
        return NULL;
    }
    rec_copy(g->result, sizeof g->result, qr, strlen(qr));
    if (!re || unknown)
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

/* The board sizes Quartet's Othello plays. */
static bool othello_size(const char *digits, size_t n)
{
    return n == 1 && (digits[0] == '4' || digits[0] == '6' || digits[0] == '8');
}

/* TY as GGS writes it, [s]SIZE[r[N]][k]: s a synchro game (one of a
 * pair; each is an ordinary game), rN a random start (BO gives it), k a
 * komi game (KM). Other flags are rule variants Quartet does not play. */
static const char *take_type(const struct ggf_game *gg, struct rec_game *g, bool *komi,
                             char *why, size_t cap)
{
    const char *ty = ggf_get(gg, "TY");
    char name[40];
    snprintf(name, sizeof name, showable(ty ? ty : "") ? "TY[%s]" : "TY", ty ? ty : "");
    *komi = false;
    int size = 0;
    if (ty) {
        const char *p = ty + (*ty == 's');
        size_t d = strspn(p, "0123456789");
        const char *digits = p;
        bool random = false;
        if (d == 0) {
            snprintf(why, cap, "%s: not a GGS game type ([s]SIZE[rN][k])", name);
            return why;
        }
        for (p += d; *p; p++) {
            if (*p == 'r' && !random) {
                random = true;
                p += strspn(p + 1, "0123456789");
            } else if (*p == 'k' && !*komi) {
                *komi = true;
            } else if (*p == 'a') {
                snprintf(why, cap, "%s: anti-Othello (a) is a rule variant Quartet does not play",
                         name);
                return why;
            } else if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) {
                snprintf(why, cap, "%s: '%c' is a game type flag Quartet does not play", name, *p);
                return why;
            } else {
                snprintf(why, cap, "%s: not a GGS game type ([s]SIZE[rN][k])", name);
                return why;
            }
        }
        if (!othello_size(digits, d)) {
            snprintf(why, cap, "%s: board size %.*s is not one Quartet's Othello plays (4, 6 "
                     "or 8)", name, d > 20 ? 20 : (int)d, digits);
            return why;
        }
        size = digits[0] - '0';
        if (random && !gg->size) {
            snprintf(why, cap, "%s: a random start (r) without its BO", name);
            return why;
        }
    }
    if (gg->size && (gg->size > 8 || gg->size % 2 || gg->size < 4)) {
        snprintf(why, cap, "BO: board size %d is not one Quartet's Othello plays (4, 6 or 8)",
                 gg->size);
        return why;
    }
    if (gg->size && size && gg->size != size) {
        snprintf(why, cap, "%s and BO give two board sizes (%d and %d)", name, size, gg->size);
        return why;
    }
    g->size = gg->size ? gg->size : size;
    return NULL;
}

/* KM, the komi of a komi game: a decimal number of discs. */
static const char *take_komi(const struct ggf_game *gg, struct rec_game *g, bool komi_game,
                             char *why, size_t cap)
{
    const char *km = ggf_get(gg, "KM");
    if (!km) {
        const char *ty = ggf_get(gg, "TY");
        if (komi_game && showable(ty))
            snprintf(why, cap, "TY[%s]: a komi game (k) without its KM", ty);
        else if (komi_game)
            snprintf(why, cap, "TY: a komi game (k) without its KM");
        return komi_game ? why : NULL;
    }
    double v;
    const char *end = decimal(km, &v);
    if (!end || *end || v > 64 || v < -64) {
        if (showable(km))
            snprintf(why, cap, "KM[%s]: not a komi (a decimal number from -64 to 64)", km);
        else
            snprintf(why, cap, "KM: not a komi (a decimal number from -64 to 64)");
        return why;
    }
    g->has_komi = 1;
    g->komi = v;
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

/* gg as a rec_game; the reason it is refused, or NULL. */
static const char *to_record(const struct ggf_game *gg, struct rec_game *g, char *why,
                             size_t cap)
{
    const char *gm = ggf_get(gg, "GM"), *bad;
    bool komi;
    if (!gm || strcasecmp(gm, "Othello") != 0)
        return "not an Othello game (GM[Othello]): GGF is read for Othello only";
    snprintf(g->game, sizeof g->game, "Othello");
    if ((bad = take_type(gg, g, &komi, why, cap)) != NULL ||
        (bad = take_komi(gg, g, komi, why, cap)) != NULL)
        return bad;
    const char *v = ggf_get(gg, "GN");
    if (v && !strict_int_text(v, strlen(v), 1, RECORD_MAX_GAME, &g->id))
        return "game number in GN out of range (1 to 10^9)";
    g->numbered = v != NULL;
    if ((bad = take_event(gg, g)) != NULL)
        return bad;
    for (int s = 0; s < 2; s++) {
        v = ggf_get(gg, s ? "PW" : "PB");
        rec_copy(g->players[s], sizeof g->players[s], v ? v : "", v ? strlen(v) : 0);
    }
    g->nplayers = 2;
    if ((v = ggf_get(gg, "GC")) != NULL)
        rec_copy(g->reason, sizeof g->reason, v, strlen(v));
    if ((bad = take_result(gg, g, why, cap)) != NULL)
        return bad;
    char next = 'B';
    if (gg->size && !is_normal_start(gg)) {
        size_t n = (size_t)gg->size * (size_t)gg->size;
        for (size_t i = 0; i < n; i++)
            g->setup[i] = gg->board[i] == '*' ? 'X' : gg->board[i];
        g->setup[n] = '\0';
        g->setup_side = gg->to_move == '*' ? 'X' : 'O';
        next = gg->to_move == '*' ? 'B' : 'W';
    }
    for (int i = 0; i < gg->nmoves; i++) {
        const struct ggf_move *m = &gg->moves[i];
        /* A colour moving twice: the other passed between (GGS leaves
         * forced passes out of some games); the replay refuses the pass
         * where it was not forced. */
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

/* A GGS match line's count ("2 " before its games): the count, 0 when
 * the text at pos is a game, -1 when it is a bad count. */
static int match_count(const char *text, size_t *pos)
{
    const char *s = text + *pos;
    size_t d = strspn(s, "0123456789");
    if (d == 0)
        return 0;
    int n;
    size_t w = strspn(s + d, " \t");
    if (!strict_int_text(s, d, 1, 99, &n) || w == 0 || s[d + w] != '(')
        return -1;
    *pos += d + w;
    return n;
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
        int line = line_at(text, pos);
        int count = match_count(text, &pos);
        if (count < 0) {
            snprintf(err, cap, "line %d: a GGS match line is a count (1 to 99), a space and "
                     "its games", line);
            rc = -1;
        }
        for (int k = 0; rc == 0 && k < (count ? count : 1); k++) {
            size_t used;
            char msg[200];
            if (k > 0)
                pos += strspn(text + pos, " \t");
            if (k > 0 && (pos >= len || text[pos] != '(')) {
                snprintf(err, cap, "line %d: the match line gives %d games, but has %d", line,
                         count, k);
                rc = -1;
            } else if (ggf_read(text + pos, len - pos, &used, gg, msg, sizeof msg) != 0) {
                /* "GGF, byte N: why": the line is named instead. */
                const char *w = strstr(msg, ": ");
                snprintf(err, cap, "line %d: GGF does not parse: %s", line_at(text, pos + used),
                         w ? w + 2 : msg);
                rc = -1;
            } else {
                struct rec_game *g = rec_new_game(f, line_at(text, pos + strspn(text + pos, " \t\r\n")));
                char why[200];
                const char *bad = g ? to_record(gg, g, why, sizeof why) : "out of memory";
                if (!g) {
                    snprintf(err, cap, "out of memory");
                    rc = -1;
                } else if (bad)
                    rec_refuse(g, "%s", bad);
                pos += used;
            }
        }
        if (rc == 0 && count && text[pos + strspn(text + pos, " \t")] == '(') {
            snprintf(err, cap, "line %d: the match line gives %d games, but has more", line,
                     count);
            rc = -1;
        }
    }
    free(gg);
    return rc;
}
