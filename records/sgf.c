/* SGF records (Othello GM[2], Torus Hex GM[11]): a collection of game
 * trees, one game each, moves in B[]/W[] with points as two letters
 * ("fe" = f5), "" a pass and "swap-pieces" the swap; variations are
 * refused. Othello's set-up before the first move (AB, AW black and
 * white stones, AE emptied points, PL the side to move: the page writes
 * it for a game from a set-up position) is the start, read strictly:
 * points on the board, none twice; a set-up that is the game's own start
 * with black to move (as quartet-match and the page write every Othello
 * game) is the standard start. */
#include "records/record.h"
#include "records/strict.h"
#include "engine/game.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SGF_SIDE 26   /* points are two letters a-z */

struct sgf {
    const char *s;
    int line;
    char *err;
    size_t cap;
    /* The set-up read so far: per point 0, 'X', 'O' or '-' (AE). */
    char stone[SGF_SIDE][SGF_SIDE];
    bool stones;                     /* an AB or AW */
    char pl;                         /* PL's 'X' or 'O', 0 none */
    char first;                      /* the first move's colour, 0 none */
    int setup_line;                  /* where the set-up was, 0 none */
};

static void skip_ws(struct sgf *p)
{
    for (; isspace((unsigned char)*p->s); p->s++)
        p->line += *p->s == '\n';
}

static int fail(struct sgf *p, const char *why)
{
    /* At the end of a file cut after a newline, the line it stopped at is
     * the last one with text. */
    int line = p->line - (!*p->s && p->s[-1] == '\n');
    snprintf(p->err, p->cap, "line %d: SGF does not parse: %s", line, why);
    return -1;
}

/* One [value] (p->s at '['), unescaped into out. */
static int value(struct sgf *p, char *out, size_t cap)
{
    size_t k = 0;
    for (p->s++; *p->s != ']'; p->s++) {
        if (*p->s == '\\' && p->s[1])
            p->s++;
        if (!*p->s)
            return fail(p, "unterminated value");
        p->line += *p->s == '\n';
        if (k + 1 < cap)
            out[k++] = *p->s;
    }
    p->s++;
    out[k] = '\0';
    return 0;
}

/* "fe" -> "f5"; "" -> "pass"; "swap-pieces" -> "swap". */
static int sgf_move(struct sgf *p, struct rec_game *g, const char *v)
{
    char m[REC_MOVE_LEN];
    if (!v[0])
        snprintf(m, sizeof m, "pass");
    else if (strcmp(v, "swap-pieces") == 0)
        snprintf(m, sizeof m, "swap");
    else if (strlen(v) == 2 && islower((unsigned char)v[0]) && islower((unsigned char)v[1]))
        snprintf(m, sizeof m, "%c%d", v[0], v[1] - 'a' + 1);
    else
        return fail(p, "bad move point");
    return rec_add_move(g, m, strlen(m)) == 0 ? 0 : fail(p, "out of memory");
}

/* One AB, AW or AE point (a refusal of g when it is none, or said twice). */
static void setup_point(struct sgf *p, struct rec_game *g, const char *id, const char *v)
{
    char what = id[1] == 'B' ? 'X' : id[1] == 'W' ? 'O' : '-';
    if (g->nmoves > 0) {
        rec_refuse(g, "line %d: %s after the first move: only a set-up before it is read",
                   p->line, id);
        return;
    }
    p->setup_line = p->line;
    p->stones = p->stones || what != '-';
    /* a-z by range, not islower: the point indexes stone[][]. */
    if (strlen(v) != 2 || v[0] < 'a' || v[0] > 'z' || v[1] < 'a' || v[1] > 'z') {
        rec_refuse(g, "line %d: bad set-up point in %s (two letters a-z, as \"fe\")", p->line, id);
        return;
    }
    char *at = &p->stone[v[1] - 'a'][v[0] - 'a'];
    if (*at)
        rec_refuse(g, "line %d: the set-up gives the point %s twice", p->line, v);
    *at = what;
}

static void setup_side(struct sgf *p, struct rec_game *g, const char *v)
{
    if (g->nmoves > 0) {
        rec_refuse(g, "line %d: PL after the first move: only a set-up before it is read", p->line);
        return;
    }
    if (p->pl || (strcmp(v, "B") != 0 && strcmp(v, "W") != 0)) {
        rec_refuse(g, "line %d: PL must be given once, B or W", p->line);
        return;
    }
    p->setup_line = p->line;
    p->pl = v[0] == 'B' ? 'X' : 'O';
}

/* The set-up read into g's start: the stones of AB and AW on an empty
 * board (or the game's start when there are none), AE's points emptied;
 * the side PL gives, else the first move's, else black. */
static void take_setup(struct sgf *p, struct rec_game *g)
{
    if (!p->setup_line || g->why[0])
        return;
    const struct game *rules = game_find(g->game);
    if (!rules || strcmp(rules->name, "Othello") != 0) {
        rec_refuse(g, "line %d: a set-up (AB, AW, AE, PL) is read only for Othello", p->setup_line);
        return;
    }
    int n = g->size ? g->size : rules->default_size;
    if (n * n >= REC_MAX_SETUP || n < 2 || n % 2) {
        rec_refuse(g, "line %d: no set-up on a %dx%d board", p->setup_line, n, n);
        return;
    }
    char side = p->pl ? p->pl : p->first == 'W' ? 'O' : 'X';
    if (p->pl && p->first && (p->first == 'B') != (p->pl == 'X')) {
        rec_refuse(g, "line %d: PL[%c] but the first move is %s's", p->setup_line,
                   p->pl == 'X' ? 'B' : 'W', p->first == 'B' ? "black" : "white");
        return;
    }
    char sq[REC_MAX_SETUP], start[REC_MAX_SETUP];
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            bool centre = (r == n / 2 - 1 || r == n / 2) && (c == n / 2 - 1 || c == n / 2);
            start[r * n + c] = !centre ? '-' : r == c ? 'O' : 'X';
            sq[r * n + c] = p->stones ? '-' : start[r * n + c];
        }
    for (int r = 0; r < SGF_SIDE; r++)
        for (int c = 0; c < SGF_SIDE; c++) {
            if (!p->stone[r][c])
                continue;
            if (r >= n || c >= n) {
                rec_refuse(g, "line %d: the set-up point %c%c is off the %dx%d board",
                           p->setup_line, 'a' + c, 'a' + r, n, n);
                return;
            }
            sq[r * n + c] = p->stone[r][c];
        }
    sq[n * n] = start[n * n] = '\0';
    if (side == 'X' && strcmp(sq, start) == 0)
        return; /* the game's own start */
    memcpy(g->setup, sq, (size_t)n * (size_t)n + 1);
    g->setup_side = side;
}

static int property(struct sgf *p, struct rec_game *g, const char *id, const char *v)
{
    int n;
    if (strcmp(id, "B") == 0 || strcmp(id, "W") == 0) {
        if (!p->first)
            p->first = id[0];
        return sgf_move(p, g, v);
    }
    if (strcmp(id, "AB") == 0 || strcmp(id, "AW") == 0 || strcmp(id, "AE") == 0) {
        setup_point(p, g, id, v);
        return 0;
    }
    if (strcmp(id, "PL") == 0) {
        setup_side(p, g, v);
        return 0;
    }
    if (strcmp(id, "GM") == 0) {
        if (!strict_int_text(v, strlen(v), 1, 99, &n) || (n != 2 && n != 11))
            rec_refuse(g, "line %d: GM is neither Othello (2) nor Torus Hex (11)", p->line);
        else
            snprintf(g->game, sizeof g->game, "%s", n == 2 ? "Othello" : "TorusHex");
    } else if (strcmp(id, "SZ") == 0) {
        if (!strict_int_text(v, strlen(v), 1, RECORD_MAX_SIZE, &g->size))
            rec_refuse(g, "line %d: SZ out of range (1 to 99)", p->line);
    } else if (strcmp(id, "QV") == 0)
        rec_copy(g->variants, sizeof g->variants, v, strlen(v));
    else if (strcmp(id, "RE") == 0)
        rec_copy(g->result, sizeof g->result, v, strlen(v));
    else if (strcmp(id, "GC") == 0)
        rec_copy(g->reason, sizeof g->reason, v, strlen(v));
    else if (strcmp(id, "GN") == 0 && strncmp(v, "game ", 5) == 0) {
        if (!strict_int_text(v + 5, strlen(v + 5), 1, RECORD_MAX_GAME, &g->id))
            rec_refuse(g, "line %d: game number in GN out of range (1 to 10^9)", p->line);
    } else if (strcmp(id, "PB") == 0 || strcmp(id, "PW") == 0) {
        rec_copy(g->players[id[1] == 'W'], sizeof g->players[0], v, strlen(v));
        g->nplayers = 2;
    }
    return 0;
}

/* One game tree, p->s just after its '('. */
static int tree(struct sgf *p, struct rec_game *g)
{
    char id[16] = "", v[256];
    for (;;) {
        skip_ws(p);
        char ch = *p->s;
        if (ch == ')') {
            p->s++;
            take_setup(p, g);
            return 0;
        }
        if (ch == '\0')
            return fail(p, "unterminated game tree");
        if (ch == '(')
            return fail(p, "variations are not supported");
        if (ch == ';') {
            p->s++;
        } else if (isupper((unsigned char)ch)) {
            size_t k = 0;
            for (; isupper((unsigned char)*p->s); p->s++)
                if (k + 1 < sizeof id)
                    id[k++] = *p->s;
            id[k] = '\0';
        } else if (ch == '[') {
            if (!id[0])
                return fail(p, "value without a property");
            if (value(p, v, sizeof v) != 0 || property(p, g, id, v) != 0)
                return -1;
        } else {
            return fail(p, "unexpected character");
        }
    }
}

int rec_read_sgf(const char *text, struct rec_file *f, char *err, size_t cap)
{
    struct sgf p = {.s = text, .line = 1, .err = err, .cap = cap};
    for (skip_ws(&p); *p.s; skip_ws(&p)) {
        if (*p.s != '(')
            return fail(&p, "'(' expected");
        /* Each game its own set-up. */
        memset(p.stone, 0, sizeof p.stone);
        p.stones = false;
        p.pl = p.first = 0;
        p.setup_line = 0;
        struct rec_game *g = rec_new_game(f, p.line);
        if (!g)
            return fail(&p, "out of memory");
        p.s++;
        if (tree(&p, g) != 0) {
            rec_drop_last(f);
            return -1;
        }
    }
    return 0;
}
