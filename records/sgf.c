/* SGF records (Othello GM[2], Torus Hex GM[11]): a collection of game
 * trees, one game each, moves in B[]/W[] with points as two letters
 * ("fe" = f5), "" a pass and "swap-pieces" the swap. Setup properties are
 * taken to be the game's own start (quartet-match writes only that);
 * variations are refused. */
#include "records/record.h"
#include "records/strict.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sgf {
    const char *s;
    int line;
    char *err;
    size_t cap;
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

static int property(struct sgf *p, struct rec_game *g, const char *id, const char *v)
{
    int n;
    if (strcmp(id, "B") == 0 || strcmp(id, "W") == 0)
        return sgf_move(p, g, v);
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
    struct sgf p = {text, 1, err, cap};
    for (skip_ws(&p); *p.s; skip_ws(&p)) {
        if (*p.s != '(')
            return fail(&p, "'(' expected");
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
