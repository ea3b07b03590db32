/* Separo's picture (the svg hook of game.h): the lattice, each root as a
 * line between its two points, the stones, each colour's scoring regions
 * numbered (regions.c labels them), the last move's two roots highlighted,
 * optionally the stones that have moves, and the region counts below. */
#include "separo.h"
#include "engine/game.h"
#include "engine/svg.h"

#include <stdio.h>

static const char *const COLOUR[4] = {NULL, "red", "blue", NULL};
static const char *const ROOT_STROKE[4] = {NULL, "#b3261e", "#1d4f9e", NULL};

static double cell_size(int n)
{
    double c = 440.0 / (n - 1);
    return c > 80 ? 80 : c < 30 ? 30 : c;
}

static void point_name(const struct separo_state *s, int p, char *buf, size_t cap)
{
    svg_point_name(buf, cap, separo_x(s, p), separo_y(s, p));
}

static void lattice(struct svg_out *o, const struct svg_grid *g)
{
    double span = (g->n - 1) * g->cell;
    svg_put(o, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"#f1e6c8\" "
               "stroke=\"#8c7a50\" stroke-width=\"2\"/>\n<path d=\"",
            g->x0, g->y0, span, span);
    for (int i = 1; i < g->n - 1; i++)
        svg_put(o, "M%g %gh%gM%g %gv%g", g->x0, g->y0 + i * g->cell, span,
                g->x0 + i * g->cell, g->y0, span);
    svg_put(o, "\" stroke=\"#c7b58a\" stroke-width=\"1\" fill=\"none\"/>\n");
}

/* Invisible hit areas, one per lattice point: what a client clicks. */
static void points(struct svg_out *o, const struct svg_grid *g)
{
    for (int i = 0; i < g->n * g->n; i++) {
        double x, y;
        char name[16];
        svg_grid_xy(g, i % g->n, i / g->n, &x, &y);
        svg_point_name(name, sizeof name, i % g->n, i / g->n);
        svg_put(o, "<circle class=\"q-point\" data-point=\"%s\" cx=\"%g\" cy=\"%g\" r=\"%g\" "
                   "fill=\"#fff\" fill-opacity=\"0\"/>\n",
                name, x, y, g->cell * 0.45);
    }
}

/* Every root once, from the point that owns it (the left end of a
 * horizontal root, the upper end of the others). */
static void roots(struct svg_out *o, const struct separo_state *s, const struct svg_grid *g)
{
    static const int owned[4] = {SEP_E, SEP_S, SEP_SE, SEP_SW};
    for (int i = 0; i < g->n * g->n; i++) {
        int x = i % g->n, y = i / g->n, p = separo_index(s, x, y), c = s->cell[p];
        for (int k = 0; k < 4; k++) {
            int d = owned[k];
            if ((c != SEP_RED && c != SEP_BLUE) || !(s->roots[p] >> d & 1))
                continue;
            double x1, y1, x2, y2;
            char a[16], b[16];
            svg_grid_xy(g, x, y, &x1, &y1);
            svg_grid_xy(g, x + separo_dx[d], y + separo_dy[d], &x2, &y2);
            svg_point_name(a, sizeof a, x, y);
            svg_point_name(b, sizeof b, x + separo_dx[d], y + separo_dy[d]);
            svg_put(o, "<line class=\"q-root\" data-color=\"%s\" data-root=\"%s-%s\" x1=\"%g\" "
                       "y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"%s\" stroke-width=\"%g\" "
                       "stroke-linecap=\"round\"/>\n",
                    COLOUR[c], a, b, x1, y1, x2, y2, ROOT_STROKE[c], g->cell * 0.13);
        }
    }
}

/* Centre of triangle t (k: N E S W of its cell), in cell units. */
static void tri_centre(int cn, int t, double *x, double *y)
{
    static const double dx[4] = {0.5, 5.0 / 6, 0.5, 1.0 / 6}, dy[4] = {1.0 / 6, 0.5, 5.0 / 6, 0.5};
    int cell = t / 4;
    *x = cell % cn + dx[t % 4];
    *y = cell / cn + dy[t % 4];
}

static bool whole_cell(const int16_t *label, int cell, int r)
{
    const int16_t *q = label + cell * 4;
    return q[0] == r && q[1] == r && q[2] == r && q[3] == r;
}

/* The spot of region r nearest to (cx, cy): the centre of one of its whole
 * cells, or with cells false of one of its triangles; false if none. */
static bool nearest_spot(const int16_t *label, int cn, int r, bool cells, double cx, double cy,
                         double *x, double *y)
{
    double best = -1, tx, ty;
    for (int t = 0; t < cn * cn * 4; t++) {
        if (label[t] != r || (cells && (t % 4 || !whole_cell(label, t / 4, r))))
            continue;
        if (cells)
            tx = t / 4 % cn + 0.5, ty = t / 4 / cn + 0.5;
        else
            tri_centre(cn, t, &tx, &ty);
        double d = (tx - cx) * (tx - cx) + (ty - cy) * (ty - cy);
        if (best < 0 || d < best)
            best = d, *x = tx, *y = ty;
    }
    return best >= 0;
}

/* Where to write region r's number: near its centre of mass, in a whole
 * cell of the region if it has one (in cell units). */
static void region_spot(const int16_t *label, int cn, int r, double *x, double *y)
{
    double sx = 0, sy = 0, tx, ty;
    int count = 0;
    for (int t = 0; t < cn * cn * 4; t++)
        if (label[t] == r) {
            tri_centre(cn, t, &tx, &ty);
            sx += tx, sy += ty, count++;
        }
    if (!nearest_spot(label, cn, r, true, sx / count, sy / count, x, y))
        nearest_spot(label, cn, r, false, sx / count, sy / count, x, y);
}

/* Each colour's scoring regions, numbered 1..k in its colour (Red's a
 * little up and left of the spot, Blue's down and right). */
static void regions(struct svg_out *o, const struct separo_state *s, const struct svg_grid *g)
{
    int16_t label[4 * (SEP_MAX_SIZE - 1) * (SEP_MAX_SIZE - 1)];
    int cn = g->n - 1;
    for (int col = SEP_RED; col <= SEP_BLUE; col++) {
        int k = separo_region_labels(s, col, label);
        double shift = (col == SEP_RED ? -0.2 : 0.2) * g->cell, size = g->cell * 0.36;
        for (int r = 1; r <= k; r++) {
            double x = 0, y = 0;
            region_spot(label, cn, r, &x, &y);
            svg_put(o, "<text class=\"q-region\" data-color=\"%s\" x=\"%g\" y=\"%g\" "
                       "font-size=\"%g\" font-weight=\"bold\" text-anchor=\"middle\" "
                       "fill=\"%s\" stroke=\"#f7f3ea\" stroke-width=\"%g\" paint-order=\"stroke\">"
                       "%d</text>\n",
                    COLOUR[col], g->x0 + x * g->cell + shift, g->y0 + y * g->cell + shift +
                    size * 0.35, size, ROOT_STROKE[col], size * 0.22, r);
        }
    }
}

/* The last move's two roots under a glow, s1 - s2 - s3. */
static void last_move(struct svg_out *o, const struct separo_state *s, const struct svg_grid *g,
                      move_t m)
{
    if (m < 0 || m >= SEP_NP * 8)
        return;
    int p[3];
    double x[3], y[3];
    separo_move_points(s, m, &p[0], &p[1], &p[2]);
    for (int i = 0; i < 3; i++) {
        if (s->cell[p[i]] == SEP_OFF)
            return;
        svg_grid_xy(g, separo_x(s, p[i]), separo_y(s, p[i]), &x[i], &y[i]);
    }
    char name[16];
    point_name(s, p[1], name, sizeof name);
    svg_put(o, "<path class=\"q-last\" data-point=\"%s\" d=\"M%g %gL%g %gL%g %g\" fill=\"none\" "
               "stroke=\"#ffb300\" stroke-opacity=\"0.7\" stroke-width=\"%g\" "
               "stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n",
            name, x[0], y[0], x[1], y[1], x[2], y[2], g->cell * 0.38);
}

static void stones_and_marks(struct svg_out *o, const struct separo_state *s,
                             const struct svg_grid *g, bool legal)
{
    const char *stone[SEP_MAX_SIZE * SEP_MAX_SIZE];
    bool mark[SEP_MAX_SIZE * SEP_MAX_SIZE] = {0};
    int me = s->side;
    for (int i = 0; i < g->n * g->n; i++) {
        int p = separo_index(s, i % g->n, i / g->n);
        stone[i] = COLOUR[s->cell[p]];
        /* A stone's 8 move bits are byte p of its owner's bitset. */
        mark[i] = legal && s->cell[p] == me + 1 &&
                  (s->legal[me][p >> 3] >> ((p & 7) * 8) & 0xff);
    }
    svg_grid_stones(o, g, stone, 0.3);
    svg_grid_legal(o, g, mark, 0.1);
}

static const char *note_text(const int *sc, bool over, bool must_pass, int side)
{
    if (over)
        return sc[0] > sc[1] ? "Red wins" : sc[1] > sc[0] ? "Blue wins" : "Draw";
    if (must_pass)
        return side ? "Blue must pass" : "Red must pass";
    return "";
}

int separo_svg(const void *st, const struct game_svg_options *opt, char *buf, size_t cap)
{
    const struct separo_state *s = st;
    int n = s->size, sc[2];
    bool over = s->count[0] == 0 && s->count[1] == 0;
    double cell = cell_size(n), gap = cell * 0.3 + 13, margin = gap + 14;
    struct svg_grid g = {n, margin, margin, cell, 0};
    double side = 2 * margin + (n - 1) * cell;
    separo_regions2(s, sc);
    const char *mover = over ? "" : s->side ? "blue" : "red";
    char title[96];
    snprintf(title, sizeof title, "Separo %dx%d: regions red %d, blue %d%s%s", n, n, sc[0],
             sc[1], over ? ", game over" : ", to move: ", mover);

    struct svg_out o;
    svg_init(&o, buf, cap);
    svg_open(&o, &(struct svg_doc){"Separo", n, mover, side, side + SVG_STATUS_HEIGHT, title,
                                   "#f7f3ea"});
    lattice(&o, &g);
    points(&o, &g);
    svg_layer_open(&o);
    last_move(&o, s, &g, opt->last);
    roots(&o, s, &g);
    stones_and_marks(&o, s, &g, opt->legal && !over);
    regions(&o, s, &g);
    svg_grid_labels(&o, &g, gap);
    struct svg_badge badges[2] = {
        {"red", NULL, "Red", sc[0], !over && s->side == 0},
        {"blue", NULL, "Blue", sc[1], !over && s->side == 1},
    };
    svg_status(&o, margin - 20, side - 6, (n - 1) * cell + 40, badges, 2,
               note_text(sc, over, !over && s->count[s->side] == 0, s->side));
    svg_layer_close(&o);
    svg_close(&o);
    return svg_length(&o);
}
