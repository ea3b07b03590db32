/* Pictures (the svg hook of engine/game.h) of all four games over random
 * games: each SVG is well-formed XML (a strict little checker below), has
 * the root attributes, exactly one q-point per point or cell, one q-stone
 * per stone with the colour `show` prints there (so a move changes the
 * picture exactly where it changes the board), q-legal marks equal to
 * legal_moves and a q-last on the last move. Separo's numbered regions
 * equal the score; Torus Hex's winning loop is a closed walk of the
 * winner's stones whose class wins. */
#include "check.h"
#include "engine/game.h"
#include "engine/games/separo/separo.h"
#include "engine/games/torushex/geom.h"
#include "engine/games/torushex/torushex.h"
#include "engine/rng.h"
#include "engine/svg.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---- a strict-enough XML reader ---------------------------------------- */

#define MAX_ELEMS 8000
#define MAX_ATTRS 16

/* An element's name and attributes (values cut to 47 bytes). */
struct elem {
    char tag[16];
    int nattr;
    char name[MAX_ATTRS][16], value[MAX_ATTRS][48];
};

struct xml {
    const char *s;
    const char *err;
    int n;
    struct elem *e;
};

static bool xfail(struct xml *x, const char *why)
{
    if (!x->err)
        x->err = why;
    return false;
}

static bool name_char(char c, bool first)
{
    return isalpha((unsigned char)c) || c == '_' || c == ':' ||
           (!first && (isdigit((unsigned char)c) || c == '-' || c == '.'));
}

static size_t xname(struct xml *x)
{
    size_t k = 0;
    while (name_char(x->s[k], k == 0))
        k++;
    return k;
}

static void xws(struct xml *x)
{
    while (*x->s == ' ' || *x->s == '\n' || *x->s == '\t' || *x->s == '\r')
        x->s++;
}

/* An entity reference at x->s ('&'): the five named ones or &#N; */
static bool entity(struct xml *x)
{
    static const char *const named[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"};
    for (int i = 0; i < 5; i++)
        if (strncmp(x->s, named[i], strlen(named[i])) == 0) {
            x->s += strlen(named[i]);
            return true;
        }
    if (x->s[1] == '#' && isdigit((unsigned char)x->s[2])) {
        x->s += 2;
        while (isdigit((unsigned char)*x->s))
            x->s++;
        if (*x->s++ == ';')
            return true;
    }
    return xfail(x, "bad entity");
}

static bool attribute(struct xml *x, struct elem *e)
{
    size_t k = xname(x);
    if (!k)
        return xfail(x, "attribute name expected");
    char name[16];
    snprintf(name, sizeof name, "%.*s", (int)(k < 15 ? k : 15), x->s);
    x->s += k;
    if (*x->s++ != '=' || (*x->s != '"' && *x->s != '\''))
        return xfail(x, "attribute without =\"value\"");
    char q = *x->s++;
    const char *v = x->s;
    while (*x->s != q) {
        if (!*x->s || *x->s == '<')
            return xfail(x, "bad attribute value");
        if (*x->s != '&')
            x->s++;
        else if (!entity(x))
            return false;
    }
    size_t vlen = (size_t)(x->s - v);
    x->s++;
    for (int i = 0; i < e->nattr; i++)
        if (strcmp(e->name[i], name) == 0)
            return xfail(x, "duplicate attribute");
    if (e->nattr == MAX_ATTRS)
        return xfail(x, "too many attributes");
    snprintf(e->name[e->nattr], sizeof e->name[0], "%.15s", name);
    snprintf(e->value[e->nattr++], sizeof e->value[0], "%.*s", (int)vlen, v);
    return true;
}

static bool element(struct xml *x, int depth);

static bool content(struct xml *x, const char *tag, size_t tlen, int depth)
{
    for (;;) {
        if (*x->s == '\0')
            return xfail(x, "unclosed element");
        if (strncmp(x->s, "</", 2) == 0) {
            x->s += 2;
            if (strncmp(x->s, tag, tlen) != 0 || x->s[tlen] != '>')
                return xfail(x, "mismatched end tag");
            x->s += tlen + 1;
            return true;
        }
        if (strncmp(x->s, "<!--", 4) == 0) {
            const char *end = strstr(x->s + 4, "-->");
            if (!end)
                return xfail(x, "unclosed comment");
            x->s = end + 3;
        } else if (*x->s == '<') {
            if (!element(x, depth + 1))
                return false;
        } else if (*x->s == '&') {
            if (!entity(x))
                return false;
        } else if (*x->s == '>' && x->s[-1] == ']' && x->s[-2] == ']') {
            return xfail(x, "]]> in text");
        } else {
            x->s++;
        }
    }
}

static bool element(struct xml *x, int depth)
{
    if (depth > 64)
        return xfail(x, "nested too deep");
    x->s++; /* '<' */
    size_t k = xname(x);
    if (!k)
        return xfail(x, "element name expected");
    if (x->n == MAX_ELEMS)
        return xfail(x, "too many elements");
    struct elem *e = &x->e[x->n++];
    memset(e, 0, sizeof *e);
    snprintf(e->tag, sizeof e->tag, "%.*s", (int)k, x->s);
    const char *tag = x->s;
    x->s += k;
    for (;;) {
        const char *before = x->s;
        xws(x);
        if (strncmp(x->s, "/>", 2) == 0) {
            x->s += 2;
            return true;
        }
        if (*x->s == '>') {
            x->s++;
            return content(x, tag, k, depth);
        }
        if (x->s == before)
            return xfail(x, "space expected before an attribute");
        if (!attribute(x, e))
            return false;
    }
}

/* Parses a whole document: one root element, nothing but space after. */
static bool xml_parse(struct xml *x, const char *doc)
{
    *x = (struct xml){doc, NULL, 0, x->e};
    if (*x->s != '<')
        return xfail(x, "no root element");
    if (!element(x, 0))
        return false;
    xws(x);
    return *x->s == '\0' || xfail(x, "text after the root element");
}

static const char *attr(const struct elem *e, const char *name)
{
    for (int i = 0; i < e->nattr; i++)
        if (strcmp(e->name[i], name) == 0)
            return e->value[i];
    return NULL;
}

static bool has_class(const struct elem *e, const char *cls)
{
    const char *c = attr(e, "class");
    return c && strcmp(c, cls) == 0;
}

/* Self-test of the checker: it must refuse what is not XML. */
static void test_checker(struct xml *x)
{
    static const char *const bad[] = {
        "<svg><g></svg>", "<svg a=\"1\" a=\"2\"/>", "<svg a=1/>", "<svg>&nbsp;</svg>",
        "<svg/><svg/>", "<svg x=\"<\"/>", "<svg><g></g>", "text", "<svg>a ]]> b</svg>",
        "<svg a=\"1\"b=\"2\"/>",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(!xml_parse(x, bad[i]), "accepted bad XML %s", bad[i]);
    CHECK(xml_parse(x, "<svg a='1' b=\"&lt;&#39;\"><!-- c --><t>x &amp; y</t><g/></svg>\n"),
          "refused good XML: %s", x->err);
}

/* The shared writer: escaping, bounded output, lengths. */
static void test_writer(void)
{
    char buf[256];
    struct svg_out o;
    svg_init(&o, buf, sizeof buf);
    svg_text(&o, 1, 2.5, 14, "middle", "#333", "a<b & \"c\" 'd' \xc3\xa9\t>");
    const char *want = "<text x=\"1\" y=\"2.5\" font-size=\"14\" text-anchor=\"middle\" "
                       "fill=\"#333\">a&lt;b &amp; &quot;c&quot; &#39;d&#39; ??\?&gt;</text>\n";
    CHECK(strcmp(buf, want) == 0 && svg_length(&o) == (int)strlen(want), "svg_text: %s", buf);
    char small[8];
    svg_init(&o, small, sizeof small);
    svg_put(&o, "%s", "0123456789");
    svg_put(&o, "%d", 42);
    CHECK(svg_length(&o) == 12 && strcmp(small, "0123456") == 0, "bounded writer: %d '%s'",
          svg_length(&o), small);
    svg_init(&o, NULL, 0);
    svg_escape(&o, "<&>");
    CHECK(svg_length(&o) == 13, "counting without a buffer: %d", svg_length(&o));
}

/* ---- one picture ------------------------------------------------------- */

struct picture {
    const struct elem *root;
    char stone[TH_CELLS][8];   /* colour per point index, "" none */
    int points, stones, ghosts_with_point;
    bool point_seen[TH_CELLS];
    bool legal[TH_CELLS];
    int nlegal, nlast;
    char last[16];
    int regions[3];            /* Separo: numbered regions per colour */
    int wins;                  /* Torus Hex: q-win paths */
};

static int point_index(const char *name, int n)
{
    int col = name[0] - 'a', row = atoi(name + 1) - 1;
    if (col < 0 || col >= n || row < 0 || row >= n || !isdigit((unsigned char)name[1]))
        return -1;
    return row * n + col;
}

static char *draw(const struct game *g, const void *st, bool legal, move_t last)
{
    struct game_svg_options opt = {legal, last};
    int n = g->svg(st, &opt, NULL, 0);
    char *buf = malloc((size_t)n + 1);
    int again = g->svg(st, &opt, buf, (size_t)n + 1);
    CHECK(again == n && (int)strlen(buf) == n, "svg length %d, then %d, strlen %zu", n, again,
          strlen(buf));
    /* A short buffer: the same length, a terminated prefix. */
    char small[64];
    CHECK(g->svg(st, &opt, small, sizeof small) == n && strlen(small) == sizeof small - 1,
          "truncated output");
    return buf;
}

/* Plain ASCII, no blank line, starts with <svg (GTP framing needs it). */
static void check_text(const char *svg)
{
    bool ascii = true;
    for (const char *c = svg; *c; c++)
        ascii &= (*c >= 32 && *c < 127) || *c == '\n';
    CHECK(ascii, "non-ASCII or control byte in the SVG");
    CHECK(!strstr(svg, "\n\n") && svg[0] == '<', "blank line or bad start");
    CHECK(strncmp(svg, "<svg ", 5) == 0, "does not start with <svg");
}

static void read_picture(struct xml *x, int n, struct picture *p)
{
    memset(p, 0, sizeof *p);
    p->root = &x->e[0];
    for (int i = 1; i < x->n; i++) {
        const struct elem *e = &x->e[i];
        const char *pt = attr(e, "data-point"), *col = attr(e, "data-color");
        int at = pt ? point_index(pt, n) : -1;
        if (has_class(e, "q-point")) {
            p->points++;
            CHECK(at >= 0 && !p->point_seen[at], "q-point %s bad or twice", pt ? pt : "(none)");
            if (at >= 0)
                p->point_seen[at] = true;
        } else if (has_class(e, "q-stone")) {
            p->stones++;
            CHECK(at >= 0 && col && !p->stone[at][0], "q-stone at %s bad or twice",
                  pt ? pt : "(none)");
            if (at >= 0 && col)
                snprintf(p->stone[at], sizeof p->stone[at], "%s", col);
        } else if (has_class(e, "q-legal")) {
            CHECK(at >= 0 && !p->legal[at], "q-legal at %s bad or twice", pt ? pt : "(none)");
            if (at >= 0)
                p->legal[at] = true;
            p->nlegal++;
        } else if (has_class(e, "q-last")) {
            p->nlast++;
            snprintf(p->last, sizeof p->last, "%s", pt ? pt : "");
        } else if (has_class(e, "q-region")) {
            p->regions[col && strcmp(col, "blue") == 0 ? 2 : 1]++;
        } else if (has_class(e, "q-win")) {
            p->wins++;
        } else if (pt) {
            p->ghosts_with_point++;
        }
    }
}

/* ---- the board as `show` prints it (a second path to the stones) ------ */

struct symbols {
    const char *game, *set;   /* stone and empty symbols in show's rows */
    char black, white;        /* show's symbols of the two stone colours */
    const char *bname, *wname;
};

static const struct symbols SYMBOLS[] = {
    {"Othello", "XO.", 'X', 'O', "black", "white"},
    {"Yonin", "XO.", 'X', 'O', "black", "white"},
    {"Separo", "RB+", 'R', 'B', "red", "blue"},
    {"TorusHex", "XO.", 'X', 'O', "black", "white"},
};

/* Colour name per point from show's rows: the lines that begin (after an
 * optional seat letter) with the row number 1..n. */
static void show_board(const struct game *g, const void *st, int n, char (*colour)[8])
{
    const struct symbols *sy = NULL;
    for (size_t i = 0; i < 4; i++)
        if (strcmp(SYMBOLS[i].game, g->name) == 0)
            sy = &SYMBOLS[i];
    int len = g->show(st, NULL, 0);
    char *text = malloc((size_t)len + 1);
    g->show(st, text, (size_t)len + 1);
    int rows = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *c = line + strspn(line, " ");
        if (isupper((unsigned char)c[0]) && c[1] == ' ')
            c += 2 + strspn(c + 2, " ");
        char *end;
        long row = strtol(c, &end, 10);
        if (end == c || *end != ' ' || row < 1 || row > n)
            continue;
        int col = 0;
        for (c = end; *c && col < n; c++)
            if (strchr(sy->set, *c)) {
                int i = (int)(row - 1) * n + col++;
                snprintf(colour[i], 8, "%s",
                         *c == sy->black ? sy->bname : *c == sy->white ? sy->wname : "");
            }
        rows += col == n;
    }
    CHECK(rows == n, "%s: %d rows read from show", g->name, rows);
    free(text);
}

/* ---- checks per position ----------------------------------------------- */

struct ctx {
    struct xml x;
    int checked;
};

static void legal_names(const struct game *g, const void *st, int n, bool *want, int *count)
{
    move_t moves[GAME_MAX_MOVES];
    int k = g->to_move(st) >= 0 ? g->legal_moves(st, moves) : 0;
    memset(want, 0, sizeof(bool) * (size_t)n * (size_t)n);
    *count = 0;
    for (int i = 0; i < k; i++) {
        char buf[64];
        g->format_move(st, moves[i], buf, sizeof buf);
        buf[strcspn(buf, "-")] = '\0'; /* Separo: the stone s1 */
        int at = point_index(buf, n);
        if (at >= 0 && !want[at]) {
            want[at] = true;
            ++*count;
        }
    }
}

/* The point the q-last mark must name: the move's text (Separo: s2). */
static void last_name(const struct game *g, const void *before, move_t m, char *buf)
{
    char text[64];
    g->format_move(before, m, text, sizeof text);
    const char *dash = strchr(text, '-');
    snprintf(buf, 16, "%.*s", dash ? (int)strcspn(dash + 1, "-") : 15, dash ? dash + 1 : text);
}

static void check_position(struct ctx *c, const struct game *g, const void *st, int n,
                           bool legal, const void *before, move_t last, struct picture *p)
{
    char *svg = draw(g, st, legal, last);
    check_text(svg);
    bool ok = xml_parse(&c->x, svg);
    CHECK(ok, "%s: not XML: %s at %.40s", g->name, c->x.err, c->x.s);
    free(svg);
    if (!ok)
        return;
    c->checked++;
    read_picture(&c->x, n, p);
    const struct elem *r = p->root;
    int tm = g->to_move(st);
    char size[8];
    snprintf(size, sizeof size, "%d", n);
    CHECK(!strcmp(r->tag, "svg") && attr(r, "viewBox") && !strcmp(attr(r, "data-game"), g->name) &&
              !strcmp(attr(r, "data-size"), size) &&
              !strcmp(attr(r, "data-to-move"), tm < 0 ? "" : game_player_name(g, tm)),
          "%s: root attributes", g->name);
    CHECK(p->points == n * n && p->ghosts_with_point == 0, "%s: %d q-points for %d points",
          g->name, p->points, n * n);
    char board[TH_CELLS][8] = {{0}};
    show_board(g, st, n, board);
    int same = 0;
    for (int i = 0; i < n * n; i++)
        same += strcmp(board[i], p->stone[i]) == 0;
    CHECK(same == n * n, "%s: stones differ from show at %d points", g->name, n * n - same);
    bool want[TH_CELLS];
    int nwant;
    legal_names(g, st, n, want, &nwant);
    CHECK(legal ? p->nlegal == nwant && !memcmp(want, p->legal, sizeof(bool) * (size_t)(n * n))
                : p->nlegal == 0,
          "%s: %d legal marks, %d legal points", g->name, p->nlegal, nwant);
    if (before && last >= 0) {
        char name[16];
        last_name(g, before, last, name);
        CHECK(p->nlast == 1 && !strcmp(p->last, name), "%s: q-last at '%s', want %s (%d marks)",
              g->name, p->last, name, p->nlast);
    }
}

/* The points whose colour differs between two pictures, and between the
 * two boards show prints: the same set, and not empty after a placement. */
static void check_difference(const struct game *g, const void *before, const void *after, int n,
                             const struct picture *p0, const struct picture *p1, move_t m)
{
    char b0[TH_CELLS][8] = {{0}}, b1[TH_CELLS][8] = {{0}};
    show_board(g, before, n, b0);
    show_board(g, after, n, b1);
    int changed = 0, agree = 0;
    for (int i = 0; i < n * n; i++) {
        bool in_svg = strcmp(p0->stone[i], p1->stone[i]) != 0;
        bool on_board = strcmp(b0[i], b1[i]) != 0;
        changed += in_svg;
        agree += in_svg == on_board;
    }
    CHECK(agree == n * n, "%s: the picture changed where the board did not", g->name);
    CHECK(m == MOVE_PASS || changed > 0 || g->is_over(before), "%s: a move changed nothing",
          g->name);
}

/* Random games: every position drawn and checked, with and without legal
 * marks, and each move's difference. */
static void random_games(struct ctx *c, const char *name, int size, uint32_t flags, int games,
                         uint64_t seed)
{
    const struct game *g = game_find(name);
    struct rng r;
    rng_seed(&r, seed);
    struct game_options opt = {size, flags};
    unsigned char *st = malloc(g->state_size), *prev = malloc(g->state_size);
    struct picture *p0 = malloc(sizeof *p0), *p1 = malloc(sizeof *p1);
    for (int k = 0; k < games; k++) {
        g->init(st, &opt);
        check_position(c, g, st, size, k & 1, NULL, MOVE_NONE, p0);
        move_t moves[GAME_MAX_MOVES];
        for (int ply = 0; !g->is_over(st) && ply < 400; ply++) {
            int nm = g->legal_moves(st, moves);
            move_t m = moves[rng_below(&r, (uint32_t)nm)];
            memcpy(prev, st, g->state_size);
            g->play(st, m);
            check_position(c, g, st, size, (ply + k) % 3 == 0, prev, m, p1);
            check_difference(g, prev, st, size, p0, p1, m);
            if (!strcmp(name, "Separo"))
                CHECK(p1->regions[1] == separo_regions((void *)st, SEP_RED) &&
                          p1->regions[2] == separo_regions((void *)st, SEP_BLUE),
                      "Separo: %d/%d numbered regions, score %d/%d", p1->regions[1],
                      p1->regions[2], separo_regions((void *)st, SEP_RED),
                      separo_regions((void *)st, SEP_BLUE));
            struct picture *t = p0;
            p0 = p1;
            p1 = t;
        }
        if (!strcmp(name, "TorusHex"))
            CHECK(p0->wins == 1, "TorusHex: %d winning loops drawn at the end", p0->wins);
    }
    free(st), free(prev), free(p0), free(p1);
}

/* ---- Separo: labelled regions against the score ----------------------- */

static void separo_labels(void)
{
    struct rng r;
    rng_seed(&r, 77);
    const struct game *g = game_find("Separo");
    struct separo_state s;
    int16_t label[4 * 18 * 18];
    int positions = 0, bad = 0;
    for (int k = 0; k < 300; k++) {
        struct game_options opt = {5 + k % 15, 0};
        g->init(&s, &opt);
        move_t moves[GAME_MAX_MOVES];
        while (!g->is_over(&s)) {
            g->play(&s, moves[rng_below(&r, (uint32_t)g->legal_moves(&s, moves))]);
            for (int col = SEP_RED; col <= SEP_BLUE; col++, positions++) {
                int count = separo_region_labels(&s, col, label), max = 0, n = s.size;
                for (int t = 0; t < 4 * (n - 1) * (n - 1); t++)
                    max = label[t] > max ? label[t] : max;
                bad += count != separo_regions(&s, col) || max != count;
            }
        }
    }
    CHECK(bad == 0, "Separo: labelled regions differ from the score in %d of %d", bad, positions);
}

/* ---- Torus Hex: the winning loop ---------------------------------------- */

static bool class_wins(int colour, int p, int q)
{
    return colour == TH_BLACK ? p != 0 && p * q >= 0 : q != 0 && p * q <= 0;
}

/* Is cells[0..len) a closed walk of colour's stones with a winning class? */
static bool winning_walk(const struct th_state *s, int colour, const int16_t *cells, int len)
{
    int n = s->n, p = 0, q = 0;
    for (int i = 0; i < len; i++) {
        int a = cells[i], b = cells[(i + 1) % len], steps = 0;
        if (s->cell[a] != colour)
            return false;
        for (int d = 0; d < TH_DIRS; d++) {
            int nc, nr, wx, wy;
            th_step(n, a % n, a / n, d, &nc, &nr, &wx, &wy);
            if (nr * n + nc == b)
                p += wx, q += wy, steps++;
        }
        if (steps != 1)
            return false;
    }
    return len >= n && class_wins(colour, p, q);
}

static void torus_loops(void)
{
    struct rng r;
    rng_seed(&r, 99);
    const struct game *g = game_find("TorusHex");
    struct th_state s;
    int16_t cells[4 * TH_CELLS];
    int games = 0, good = 0, loser_has = 0;
    for (int k = 0; k < 400; k++, games++) {
        struct game_options opt = {3 + k % 12, 0};
        g->init(&s, &opt);
        move_t moves[GAME_MAX_MOVES];
        while (!g->is_over(&s))
            g->play(&s, moves[rng_below(&r, (uint32_t)g->legal_moves(&s, moves))]);
        int len = th_winning_loop(&s, s.winner, cells, 4 * TH_CELLS);
        good += len > 0 && winning_walk(&s, s.winner, cells, len);
        loser_has += th_winning_loop(&s, TH_BLACK + TH_WHITE - s.winner, cells, 4 * TH_CELLS) > 0;
    }
    CHECK(good == games, "Torus Hex: %d of %d winning loops are closed winning walks", good, games);
    CHECK(loser_has == 0, "Torus Hex: the loser has a winning loop in %d games", loser_has);
    /* A known loop: Black's row a5..k5 on 11x11 is class (1, 0). */
    struct game_options opt = {11, 0};
    g->init(&s, &opt);
    for (int c = 0; c < 11; c++) {
        g->play(&s, 4 * 11 + c);
        if (!g->is_over(&s))
            g->play(&s, 8 * 11 + (c + 3) % 11);
    }
    int len = th_winning_loop(&s, TH_BLACK, cells, 4 * TH_CELLS);
    CHECK(s.winner == TH_BLACK && len == 11 && winning_walk(&s, TH_BLACK, cells, len),
          "Torus Hex: row loop of %d cells", len);
}

int main(void)
{
    struct ctx c = {.x = {.e = malloc(sizeof(struct elem) * MAX_ELEMS)}};
    test_checker(&c.x);
    test_writer();
    random_games(&c, "Othello", 8, 0, 3, 1);
    random_games(&c, "Othello", 6, 0, 3, 2);
    random_games(&c, "Othello", 4, 0, 4, 3);
    random_games(&c, "Yonin", 8, 0, 3, 4);
    random_games(&c, "Yonin", 6, 1, 3, 5);
    random_games(&c, "Separo", 9, 0, 3, 6);
    random_games(&c, "Separo", 5, 0, 4, 7);
    random_games(&c, "Separo", 13, 0, 1, 8);
    random_games(&c, "TorusHex", 11, 0, 2, 9);
    random_games(&c, "TorusHex", 5, 1, 4, 10);
    random_games(&c, "TorusHex", 3, 0, 4, 11);
    CHECK(c.checked > 1000, "only %d pictures checked", c.checked);
    separo_labels();
    torus_loops();
    free(c.x.e);
    return check_report();
}
