/* The self-play games file (games.h): one game a line written and read
 * back, each line checked by replaying it, and the games expanded into
 * the labelled positions the fitter reads. */
#include "games.h"
#include "records/strict.h"
#include "engine/games/othello/othello.h"
#include "records/transcript.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>


static void fail(char *err, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
}

/* Othello's 8x8 start, which the records' transcript reader and writer
 * take the board's size from. */
static const struct game *othello_8(struct othello *st)
{
    const struct game *g = game_find("Othello");
    struct game_options o = {.size = 8};
    g->init(st, &o);
    return g;
}

size_t sp_format(const struct sp_game *g, char *buf, size_t cap)
{
    /* The transcript through records/ (transcript_write: f5d6, `pa` a pass). */
    struct othello st;
    const struct game *rules = othello_8(&st);
    move_t moves[SP_MAX_PLIES];
    char mv[4 * SP_MAX_PLIES + 1];
    for (int i = 0; i < g->n; i++)
        moves[i] = g->sq[i] < 0 ? MOVE_PASS : g->sq[i];
    if (transcript_write(rules, &st, moves, g->n, mv, sizeof mv) < 0)
        mv[0] = '\0';
    size_t n = (size_t)snprintf(buf, cap, "%d %d %s", g->index, g->opening, mv);
    n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, " %d %d", g->margin, g->exact);
    for (int i = 0; i < g->nvalues && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%c%d", i ? ',' : ' ', (int)g->value[i]);
    n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, "\n");
    return n < cap ? n : cap - 1;
}

/* A decimal integer in [lo, hi] at *p, moving *p past it: records'
 * strict numbers (no sign but '-', no leading zero, no wrap). */
static int read_int(const char **p, long lo, long hi, int *out)
{
    long v;
    const char *end = strict_long(*p, lo, hi, &v);
    if (!end)
        return -1;
    *p = end;
    *out = (int)v;
    return 0;
}

static int read_space(const char **p)
{
    if (**p != ' ')
        return -1;
    (*p)++;
    return 0;
}

/* The transcript at *p (f5d6c3, `pa` a pass), read by records/'s
 * transcript reader (transcript_next); its legality is replay's. */
static int read_moves(const char **p, struct sp_game *g)
{
    g->n = 0;
    size_t len = strcspn(*p, " ");
    char word[4 * SP_MAX_PLIES + 1];
    if (len == 0 || len >= sizeof word)
        return -1;
    memcpy(word, *p, len);
    word[len] = '\0';
    struct othello st;
    const struct game *rules = othello_8(&st);
    const char *at = word, *text;
    size_t tlen;
    move_t m;
    enum transcript_item r;
    while ((r = transcript_next(rules, &st, word, &at, &m, &text, &tlen)) == TRANSCRIPT_MOVE) {
        if (g->n >= SP_MAX_PLIES)
            return -1;
        g->sq[g->n++] = (int8_t)(m == MOVE_PASS ? -1 : m);
    }
    *p += len;
    return r == TRANSCRIPT_END && g->n > 0 ? 0 : -1;
}

/* Replays g: legal moves, a finished game, its margin; counts the
 * positions the search moved in. */
static int replay(const struct sp_game *g, char *err, size_t cap)
{
    bb_t P = TRAIN_START_BLACK, O = TRAIN_START_WHITE;
    int side = 0, searched = 0;
    for (int i = 0; i < g->n; i++) {
        bb_t m = bb_moves(P, O);
        if (g->sq[i] < 0) {
            if (m || !bb_moves(O, P)) {
                fail(err, cap, "ply %d: a pass where %s", i + 1,
                     m ? "a move was possible" : "the game was over");
                return -1;
            }
        } else {
            if (!(m >> g->sq[i] & 1)) {
                fail(err, cap, "ply %d: an illegal move", i + 1);
                return -1;
            }
            searched += i >= g->opening && 64 - bb_popcount(P | O) > g->exact;
            train_play(&P, &O, g->sq[i]);
            side ^= 1;
            continue;
        }
        bb_t t = P; P = O; O = t;
        side ^= 1;
    }
    if (bb_moves(P, O) || bb_moves(O, P)) {
        fail(err, cap, "the game is not over after its last move");
        return -1;
    }
    int mine = bb_popcount(P), theirs = bb_popcount(O), empty = 64 - mine - theirs;
    int margin = mine - theirs + (mine > theirs ? empty : mine < theirs ? -empty : 0);
    if ((side ? -margin : margin) != g->margin) {
        fail(err, cap, "margin %d, but the final board gives %d", g->margin,
             side ? -margin : margin);
        return -1;
    }
    if (g->nvalues && g->nvalues != searched) {
        fail(err, cap, "%d values for %d searched moves", g->nvalues, searched);
        return -1;
    }
    return 0;
}

int sp_parse(const char *line, struct sp_game *g, char *err, size_t cap)
{
    const char *p = line;
    memset(g, 0, sizeof *g);
    if (read_int(&p, 0, 1000000000, &g->index) || read_space(&p)
        || read_int(&p, 0, SP_MAX_PLIES, &g->opening) || read_space(&p)) {
        fail(err, cap, "expected INDEX OPENING at the start");
        return -1;
    }
    if (read_moves(&p, g) || read_space(&p)) {
        fail(err, cap, "bad moves (a1-h8 or pa, back to back)");
        return -1;
    }
    if (read_int(&p, -64, 64, &g->margin) || read_space(&p)
        || read_int(&p, 0, 60, &g->exact)) {
        fail(err, cap, "expected MARGIN EXACT after the moves");
        return -1;
    }
    if (*p == ' ') {
        p++;
        for (;;) {
            int v;
            if (g->nvalues >= SP_MAX_PLIES || read_int(&p, -OTH_EVAL_MAX, OTH_EVAL_MAX, &v)) {
                fail(err, cap, "bad search values");
                return -1;
            }
            g->value[g->nvalues++] = v;
            if (*p != ',')
                break;
            p++;
        }
    }
    if (*p) {
        fail(err, cap, "unexpected text at the end");
        return -1;
    }
    if (g->opening > g->n) {
        fail(err, cap, "opening longer than the game");
        return -1;
    }
    return replay(g, err, cap);
}

void sp_file_free(struct sp_file *f)
{
    free(f->g);
    memset(f, 0, sizeof *f);
}

static int push_game(struct sp_file *f, const struct sp_game *g)
{
    if (f->n == f->cap) {
        size_t cap = f->cap ? 2 * f->cap : 1024;
        struct sp_game *v = realloc(f->g, cap * sizeof *v);
        if (!v)
            return -1;
        f->g = v;
        f->cap = cap;
    }
    f->g[f->n++] = *g;
    return 0;
}

/* Reads the lines of buf (size bytes, NUL-terminated at size). */
static int read_lines(char *buf, size_t size, struct sp_file *f, char *err, size_t cap)
{
    char *line = buf;
    int no = 0;
    while ((size_t)(line - buf) < size) {
        char *nl = strchr(line, '\n');
        no++;
        if (!nl) { /* a torn last line: the writer stopped inside it */
            f->torn = true;
            break;
        }
        *nl = '\0';
        f->keep = nl + 1 - buf;
        if (no == 1) {
            if ((strncmp(line, "# quartet-train selfplay 1 ", 27) != 0
                 && strncmp(line, "# quartet-train label-games 1 ", 30) != 0)
                || strlen(line) >= sizeof f->header) {
                fail(err, cap, "line 1: not a quartet-train selfplay or label-games file");
                return -1;
            }
            strcpy(f->header, line);
        } else {
            struct sp_game g;
            char why[160];
            if (sp_parse(line, &g, why, sizeof why) != 0) {
                fail(err, cap, "line %d: %s", no, why);
                return -1;
            }
            g.line = no;
            if (push_game(f, &g) != 0) {
                fail(err, cap, "out of memory");
                return -1;
            }
        }
        line = nl + 1;
    }
    return 0;
}

int sp_read(const char *path, struct sp_file *f, char *err, size_t cap)
{
    memset(f, 0, sizeof *f);
    FILE *in = fopen(path, "rb");
    if (!in) {
        fail(err, cap, "%s: %s", path, strerror(errno));
        return -1;
    }
    long len = fseek(in, 0, SEEK_END) == 0 ? ftell(in) : -1;
    char *buf = len >= 0 && fseek(in, 0, SEEK_SET) == 0 ? malloc((size_t)len + 1) : NULL;
    size_t size = buf ? fread(buf, 1, (size_t)len, in) : 0;
    int bad = !buf || ferror(in) || size != (size_t)len;
    fclose(in);
    if (bad) {
        free(buf);
        fail(err, cap, "%s: cannot read", path);
        return -1;
    }
    buf[size] = '\0';
    if (memchr(buf, '\0', size)) {
        free(buf);
        fail(err, cap, "%s: not a text file", path);
        return -1;
    }
    char why[256];
    int rc = read_lines(buf, size, f, why, sizeof why);
    free(buf);
    if (rc != 0) {
        fail(err, cap, "%s: %s", path, why);
        sp_file_free(f);
    }
    return rc;
}

bool sp_same(const struct sp_game *a, const struct sp_game *b)
{
    return a->index == b->index && a->opening == b->opening && a->n == b->n
        && !memcmp(a->sq, b->sq, (size_t)a->n) && a->margin == b->margin
        && a->exact == b->exact && a->nvalues == b->nvalues
        && !memcmp(a->value, b->value, (size_t)a->nvalues * sizeof a->value[0]);
}

void sp_header_run(const char *header, char *out, size_t cap)
{
    snprintf(out, cap, "%s", header);
    char *s = strstr(out, " shard=");
    if (s) {
        char *end = strchr(s + 1, ' ');
        memmove(s, end ? end : s + strlen(s), strlen(end ? end : s + strlen(s)) + 1);
    }
}

/* Appends (P, O) with a label for its player to move. */
static int push_labelled(struct posset *out, bb_t P, bb_t O, int32_t value, int kind,
                         int depth)
{
    if (pos_push(out, P, O) != 0)
        return -1;
    struct pos *p = &out->v[out->n - 1];
    p->value = value;
    p->kind = (uint8_t)kind;
    p->depth = (uint8_t)depth;
    return 0;
}

static int expand_game(const struct sp_game *g, bool search_labels, int play_depth,
                       struct posset *out)
{
    bb_t P = TRAIN_START_BLACK, O = TRAIN_START_WHITE;
    int side = 0, v = 0;
    for (int i = 0; i < g->n; i++) {
        if (g->sq[i] < 0) {
            bb_t t = P; P = O; O = t;
            side ^= 1;
            continue;
        }
        int empties = 64 - bb_popcount(P | O);
        int32_t result = (side ? -g->margin : g->margin) * OTH_EVAL_UNIT;
        int rc;
        if (empties <= g->exact)
            rc = push_labelled(out, P, O, result, LABEL_EXACT, empties);
        else if (i < g->opening || !search_labels || !g->nvalues)
            rc = push_labelled(out, P, O, result, LABEL_RESULT, g->exact);
        else
            rc = push_labelled(out, P, O, g->value[v], LABEL_SEARCH, play_depth);
        v += i >= g->opening && empties > g->exact;
        if (rc != 0)
            return -1;
        train_play(&P, &O, g->sq[i]);
        side ^= 1;
    }
    return 0;
}

int sp_expand(const struct sp_file *f, bool search_labels, int play_depth,
              struct posset *out)
{
    for (size_t i = 0; i < f->n; i++)
        if (expand_game(&f->g[i], search_labels, play_depth, out) != 0)
            return -1;
    return 0;
}
