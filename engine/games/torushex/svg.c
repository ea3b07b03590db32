/* Torus Hex's picture (the svg hook of game.h): the rhombus of hexagons
 * with a margin of faded copies of the cells across both seams (so a
 * group that wraps is seen whole), both axes labelled, the stones, the last
 * move, optionally the empty cells as legal moves, and once the game is won
 * the winning loop drawn through its cells (loop.c finds one). */
#include "torushex.h"
#include "geom.h"
#include "engine/game.h"
#include "engine/svg.h"

#include <math.h>
#include <stdio.h>

/* Pointy-top hexagons of radius R and width w = sqrt(3) R; row r + 1 is
 * shifted half a cell right, so (c, r + 1) touches (c, r) and (c + 1, r). */
struct hexes {
    int n;
    double R, w, x0, y0;
};

static const int DC[TH_DIRS] = {1, -1, 0, 0, 1, -1}, DR[TH_DIRS] = {0, 0, 1, -1, -1, 1};
/* The first corner of the side facing direction d (corners clockwise from
 * the top). */
static const int SIDE[TH_DIRS] = {1, 4, 2, 5, 0, 3};
static const char *const COLOUR[3] = {NULL, "black", "white"};

static void centre(const struct hexes *h, double c, double r, double *x, double *y)
{
    *x = h->x0 + (c + r / 2) * h->w;
    *y = h->y0 + r * 1.5 * h->R;
}

static void corner(const struct hexes *h, double x, double y, int k, double *cx, double *cy)
{
    double a = (-90 + 60 * k) * M_PI / 180;
    *cx = x + h->R * cos(a);
    *cy = y + h->R * sin(a);
}

static bool on_board(const struct hexes *h, int c, int r)
{
    return c >= 0 && c < h->n && r >= 0 && r < h->n;
}

static int wrap(int v, int n)
{
    return (v % n + n) % n;
}

/* One hexagon: a q-point on the board, a faded copy in the margin. A copy
 * names the cell it copies (q-copy, data-copy-of), so a client can take a
 * click on it for that cell; it has no data-point, so it is no point. */
static void cell_shape(struct svg_out *o, const struct hexes *h, int c, int r)
{
    double x, y;
    char name[16];
    centre(h, c, r, &x, &y);
    svg_point_name(name, sizeof name, wrap(c, h->n), wrap(r, h->n));
    if (on_board(h, c, r))
        svg_put(o, "<polygon class=\"q-point\" data-point=\"%s\" points=\"", name);
    else
        svg_put(o, "<polygon class=\"q-copy\" data-copy-of=\"%s\" opacity=\"0.45\" points=\"", name);
    for (int k = 0; k < 6; k++) {
        double px, py;
        corner(h, x, y, k, &px, &py);
        svg_put(o, "%s%.1f,%.1f", k ? " " : "", px, py);
    }
    svg_put(o, "\" fill=\"#ecdfbf\" stroke=\"#a8936a\" stroke-width=\"1\"/>\n");
}

static void stone_at(struct svg_out *o, const struct th_state *s, const struct hexes *h, int c,
                     int r)
{
    int colour = s->cell[wrap(r, h->n) * h->n + wrap(c, h->n)];
    if (!colour)
        return;
    double x, y;
    centre(h, c, r, &x, &y);
    if (on_board(h, c, r)) {
        char name[16];
        svg_point_name(name, sizeof name, c, r);
        svg_stone(o, x, y, h->R * 0.68, COLOUR[colour], name);
    } else {
        svg_ghost_stone(o, x, y, h->R * 0.68, COLOUR[colour]);
    }
}

/* The board's outline: every side of a board cell that faces the margin. */
static void seams(struct svg_out *o, const struct hexes *h)
{
    svg_put(o, "<path d=\"");
    for (int r = 0; r < h->n; r++)
        for (int c = 0; c < h->n; c++)
            for (int d = 0; d < TH_DIRS; d++) {
                if (on_board(h, c + DC[d], r + DR[d]))
                    continue;
                double x, y, x1, y1, x2, y2;
                centre(h, c, r, &x, &y);
                corner(h, x, y, SIDE[d], &x1, &y1);
                corner(h, x, y, (SIDE[d] + 1) % 6, &x2, &y2);
                svg_put(o, "M%.1f %.1fL%.1f %.1f", x1, y1, x2, y2);
            }
    svg_put(o, "\" stroke=\"#5b4a2c\" stroke-width=\"3\" stroke-linecap=\"round\" "
               "fill=\"none\"/>\n");
}

/* The winning loop: each step from a cell's centre towards the next cell;
 * a step across a seam is drawn on both sides, into the margin copies. */
static void winning_loop(struct svg_out *o, const struct th_state *s, const struct hexes *h)
{
    int16_t cells[4 * TH_CELLS];
    int n = h->n, len = th_winning_loop(s, s->winner, cells, 4 * TH_CELLS);
    if (!len)
        return;
    svg_put(o, "<path class=\"q-win\" data-color=\"%s\" d=\"", COLOUR[s->winner]);
    for (int i = 0; i < len; i++) {
        int a = cells[i], b = cells[(i + 1) % len];
        for (int d = 0; d < TH_DIRS; d++) {
            int nc, nr, wx, wy;
            th_step(n, a % n, a / n, d, &nc, &nr, &wx, &wy);
            if (nr * n + nc != b)
                continue;
            double x, y, dx = (DC[d] + DR[d] / 2.0) * h->w, dy = DR[d] * 1.5 * h->R;
            centre(h, a % n, a / n, &x, &y);
            svg_put(o, "M%.1f %.1fl%.1f %.1f", x, y, dx, dy);
            if (wx || wy) {
                centre(h, b % n, b / n, &x, &y);
                svg_put(o, "M%.1f %.1fl%.1f %.1f", x - dx, y - dy, dx, dy);
            }
            break;
        }
    }
    svg_put(o, "\" stroke=\"#ff8f00\" stroke-opacity=\"0.85\" stroke-width=\"%.1f\" "
               "stroke-linecap=\"round\" fill=\"none\"/>\n",
            h->R * 0.32);
}

/* The cell of the last move: the caller's, else the state's; after a
 * swap, the one stone on the board. */
static int last_cell(const struct th_state *s, move_t last)
{
    int nn = s->n * s->n;
    if (last == th_swap_move(s))
        for (int i = 0; i < nn; i++)
            if (s->cell[i])
                return i;
    if (last == MOVE_NONE)
        last = s->last;
    return last >= 0 && last < nn && s->cell[last] ? last : -1;
}

static void marks(struct svg_out *o, const struct th_state *s, const struct hexes *h,
                  const struct game_svg_options *opt)
{
    int n = h->n, last = last_cell(s, opt->last);
    for (int i = 0; i < n * n; i++) {
        double x, y;
        char name[16];
        centre(h, i % n, i / n, &x, &y);
        svg_point_name(name, sizeof name, i % n, i / n);
        if (opt->legal && !s->winner && !s->cell[i])
            svg_legal_mark(o, x, y, h->R * 0.2, name);
        if (i == last)
            svg_last_mark(o, x, y, h->R * 0.17, name, false);
    }
}

/* Letters above and below the margin rows, numbers beside the margin
 * columns: each label next to the copies of its column or row. */
static void labels(struct svg_out *o, const struct hexes *h)
{
    int n = h->n;
    double x, y, size = h->R * 0.75 < 14 ? h->R * 0.75 : 14;
    centre(h, 0, -1, &x, &y);
    svg_axis(o, n, true, x, y - 1.45 * h->R, h->w, 0, size);
    centre(h, 0, n, &x, &y);
    svg_axis(o, n, true, x, y + 1.45 * h->R, h->w, 0, size);
    centre(h, -1, 0, &x, &y);
    svg_axis(o, n, false, x - 0.95 * h->w, y, h->w / 2, 1.5 * h->R, size);
    centre(h, n, 0, &x, &y);
    svg_axis(o, n, false, x + 0.95 * h->w, y, h->w / 2, 1.5 * h->R, size);
}

static void status_note(const struct th_state *s, char *buf, size_t cap)
{
    if (s->winner)
        snprintf(buf, cap, "%s wins with a loop", s->winner == TH_BLACK ? "Black" : "White");
    else
        snprintf(buf, cap, "move %d", s->plies + 1);
}

int th_svg(const void *st, const struct game_svg_options *opt, char *buf, size_t cap)
{
    const struct th_state *s = st;
    int n = s->n;
    double R = 640 / ((1.5 * n + 2.5) * sqrt(3.0));
    R = R > 30 ? 30 : R < 11 ? 11 : R;
    struct hexes h = {n, R, sqrt(3.0) * R, 2.5 * sqrt(3.0) * R + 10, 3 * R + 12};
    double width = h.x0 + (1.5 * n + 1) * h.w + 10, board_h = h.y0 + 1.5 * R * n + 1.45 * R + 16;
    const char *mover = s->winner ? "" : COLOUR[s->turn];
    char title[96], note[48];
    snprintf(title, sizeof title, "Torus Hex %dx%d%s%s", n, n,
             s->winner ? ": won by " : ": to move: ", s->winner ? COLOUR[s->winner] : mover);
    status_note(s, note, sizeof note);

    struct svg_out o;
    svg_init(&o, buf, cap);
    svg_open(&o, &(struct svg_doc){"TorusHex", n, mover, width, board_h + SVG_STATUS_HEIGHT,
                                   title, "#f7f3ea"});
    for (int r = -1; r <= n; r++)
        for (int c = -1; c <= n; c++)
            cell_shape(&o, &h, c, r);
    svg_layer_open(&o);
    seams(&o, &h);
    for (int r = -1; r <= n; r++)
        for (int c = -1; c <= n; c++)
            stone_at(&o, s, &h, c, r);
    if (s->winner)
        winning_loop(&o, s, &h);
    marks(&o, s, &h, opt);
    labels(&o, &h);
    struct svg_badge badges[2] = {
        {"black", NULL, "Black", -1, !s->winner && s->turn == TH_BLACK},
        {"white", NULL, "White", -1, !s->winner && s->turn == TH_WHITE},
    };
    svg_status(&o, 16, board_h - 4, width - 32, badges, 2, note);
    svg_layer_close(&o);
    svg_close(&o);
    return svg_length(&o);
}
