/* Shared SVG writing for the games' pictures (see svg.h). Numbers are
 * written with %g to at most five significant digits, enough for boards
 * of a few hundred pixels, and deterministic so pictures can be compared
 * with committed files. */
#include "engine/svg.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void svg_init(struct svg_out *o, char *buf, size_t cap)
{
    o->buf = buf;
    o->cap = buf ? cap : 0;
    o->len = 0;
    if (o->cap)
        buf[0] = '\0';
}

static void put_v(struct svg_out *o, const char *fmt, va_list ap)
{
    size_t at = o->len < o->cap ? o->len : o->cap;
    int k = vsnprintf(o->cap ? o->buf + at : NULL, o->cap - at, fmt, ap);
    if (k > 0)
        o->len += (size_t)k;
}

void svg_put(struct svg_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    put_v(o, fmt, ap);
    va_end(ap);
}

void svg_escape(struct svg_out *o, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '&': svg_put(o, "&amp;"); break;
        case '<': svg_put(o, "&lt;"); break;
        case '>': svg_put(o, "&gt;"); break;
        case '"': svg_put(o, "&quot;"); break;
        case '\'': svg_put(o, "&#39;"); break;
        default: svg_put(o, "%c", c >= 32 && c < 127 ? c : '?');
        }
    }
}

int svg_length(const struct svg_out *o)
{
    return o->len > (size_t)0x7fffffff ? 0x7fffffff : (int)o->len;
}

void svg_point_name(char *buf, size_t cap, int col, int row)
{
    snprintf(buf, cap, "%c%d", 'a' + col, row + 1);
}

void svg_open(struct svg_out *o, const struct svg_doc *d)
{
    svg_put(o, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %g %g\" "
               "width=\"%g\" height=\"%g\" data-game=\"",
            d->width, d->height, d->width, d->height);
    svg_escape(o, d->game);
    svg_put(o, "\" data-size=\"%d\" data-to-move=\"", d->size);
    svg_escape(o, d->to_move);
    svg_put(o, "\" font-family=\"sans-serif\">\n<title>");
    svg_escape(o, d->title);
    svg_put(o, "</title>\n<rect width=\"%g\" height=\"%g\" fill=\"%s\"/>\n", d->width,
            d->height, d->background);
}

void svg_close(struct svg_out *o)
{
    svg_put(o, "</svg>\n");
}

void svg_text(struct svg_out *o, double x, double y, double size, const char *anchor,
              const char *fill, const char *text)
{
    svg_put(o, "<text x=\"%g\" y=\"%g\" font-size=\"%g\" text-anchor=\"%s\" fill=\"%s\">", x,
            y, size, anchor, fill);
    svg_escape(o, text);
    svg_put(o, "</text>\n");
}

void svg_axis(struct svg_out *o, int n, bool letters, double x, double y, double dx,
              double dy, double size)
{
    /* dominant-baseline is not drawn alike everywhere: centre by hand. */
    for (int i = 0; i < n; i++) {
        char t[16];
        if (letters)
            snprintf(t, sizeof t, "%c", 'a' + i);
        else
            snprintf(t, sizeof t, "%d", i + 1);
        svg_text(o, x + i * dx, y + i * dy + 0.35 * size, size, "middle", "#555", t);
    }
}

struct palette {
    const char *name, *fill, *stroke, *shine;
};

static const struct palette PALETTE[] = {
    {"black", "#1e1e1e", "#000", "#fff"},
    {"white", "#f7f7f2", "#444", "#fff"},
    {"red", "#d8413b", "#8a1d19", "#fff"},
    {"blue", "#2d6bcf", "#163b7a", "#fff"},
};

static const struct palette *palette_of(const char *colour)
{
    for (size_t i = 0; i < sizeof PALETTE / sizeof PALETTE[0]; i++)
        if (strcmp(PALETTE[i].name, colour) == 0)
            return &PALETTE[i];
    return &PALETTE[0];
}

void svg_stone(struct svg_out *o, double cx, double cy, double r, const char *colour,
               const char *point)
{
    const struct palette *p = palette_of(colour);
    svg_put(o, "<circle class=\"q-stone\" data-color=\"%s\" data-point=\"%s\" cx=\"%g\" "
               "cy=\"%g\" r=\"%g\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%g\"/>\n",
            p->name, point, cx, cy, r, p->fill, p->stroke, r * 0.08);
    /* A soft highlight gives the stone some depth without gradients
     * (gradients need ids, which would clash on an overview sheet). */
    svg_put(o, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"%s\" fill-opacity=\"%s\"/>\n",
            cx - r * 0.3, cy - r * 0.3, r * 0.35, p->shine,
            strcmp(p->name, "white") == 0 ? "0.8" : "0.16");
}

void svg_ghost_stone(struct svg_out *o, double cx, double cy, double r, const char *colour)
{
    const struct palette *p = palette_of(colour);
    svg_put(o, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"%s\" stroke=\"%s\" "
               "stroke-width=\"%g\" opacity=\"0.4\"/>\n",
            cx, cy, r, p->fill, p->stroke, r * 0.08);
}

void svg_legal_mark(struct svg_out *o, double cx, double cy, double r, const char *point)
{
    svg_put(o, "<circle class=\"q-legal\" data-point=\"%s\" cx=\"%g\" cy=\"%g\" r=\"%g\" "
               "fill=\"#000\" fill-opacity=\"0.28\"/>\n",
            point, cx, cy, r);
}

void svg_last_mark(struct svg_out *o, double cx, double cy, double r, const char *point,
                   bool ring)
{
    if (ring)
        svg_put(o, "<circle class=\"q-last\" data-point=\"%s\" cx=\"%g\" cy=\"%g\" r=\"%g\" "
                   "fill=\"none\" stroke=\"#ff8f00\" stroke-width=\"%g\"/>\n",
                point, cx, cy, r, r * 0.18);
    else
        svg_put(o, "<circle class=\"q-last\" data-point=\"%s\" cx=\"%g\" cy=\"%g\" r=\"%g\" "
                   "fill=\"#e53935\"/>\n",
                point, cx, cy, r);
}

void svg_grid_xy(const struct svg_grid *g, int col, int row, double *x, double *y)
{
    *x = g->x0 + (col + g->off) * g->cell;
    *y = g->y0 + (row + g->off) * g->cell;
}

void svg_grid_squares(struct svg_out *o, const struct svg_grid *g, const char *const *fill,
                      const char *line)
{
    for (int i = 0; i < g->n * g->n; i++) {
        char name[16];
        svg_point_name(name, sizeof name, i % g->n, i / g->n);
        svg_put(o, "<rect class=\"q-point\" data-point=\"%s\" x=\"%g\" y=\"%g\" "
                   "width=\"%g\" height=\"%g\" fill=\"%s\" stroke=\"%s\"/>\n",
                name, g->x0 + (i % g->n) * g->cell, g->y0 + (i / g->n) * g->cell, g->cell,
                g->cell, fill[i], line);
    }
}

void svg_grid_labels(struct svg_out *o, const struct svg_grid *g, double gap)
{
    double first_x, first_y, size = 14;
    svg_grid_xy(g, 0, 0, &first_x, &first_y);
    double span = (g->n - 1 + 2 * g->off) * g->cell;
    double top = g->y0 - gap, bottom = g->y0 + span + gap;
    double left = g->x0 - gap, right = g->x0 + span + gap;
    svg_axis(o, g->n, true, first_x, top, g->cell, 0, size);
    svg_axis(o, g->n, true, first_x, bottom, g->cell, 0, size);
    svg_axis(o, g->n, false, left, first_y, 0, g->cell, size);
    svg_axis(o, g->n, false, right, first_y, 0, g->cell, size);
}

/* Point i's centre and name. */
static void grid_point(const struct svg_grid *g, int i, double *x, double *y, char *name)
{
    svg_grid_xy(g, i % g->n, i / g->n, x, y);
    svg_point_name(name, 16, i % g->n, i / g->n);
}

void svg_grid_stones(struct svg_out *o, const struct svg_grid *g, const char *const *stone,
                     double r)
{
    double x, y;
    char name[16];
    for (int i = 0; i < g->n * g->n; i++)
        if (stone[i]) {
            grid_point(g, i, &x, &y, name);
            svg_stone(o, x, y, r * g->cell, stone[i], name);
        }
}

void svg_grid_last(struct svg_out *o, const struct svg_grid *g, int i, bool ring)
{
    double x, y;
    char name[16];
    grid_point(g, i, &x, &y, name);
    svg_last_mark(o, x, y, g->cell * (ring ? 0.45 : 0.09), name, ring);
}

void svg_grid_legal(struct svg_out *o, const struct svg_grid *g, const bool *mark, double r)
{
    double x, y;
    char name[16];
    for (int i = 0; i < g->n * g->n; i++)
        if (mark[i]) {
            grid_point(g, i, &x, &y, name);
            svg_legal_mark(o, x, y, r * g->cell, name);
        }
}

int svg_square_board(const struct svg_square_board *b, char *buf, size_t cap)
{
    /* Small boards get larger squares: the status bar needs the width. */
    double cell = b->n * b->cell < 336 ? 336.0 / b->n : b->cell;
    double m = b->margin, span = b->n * cell, side = 2 * m + span;
    struct svg_grid g = {b->n, m, m, cell, 0.5};
    struct svg_out o;
    svg_init(&o, buf, cap);
    svg_open(&o, &(struct svg_doc){b->game, b->n, b->to_move, side, side + SVG_STATUS_HEIGHT,
                                   b->title, "#f4f1ea"});
    svg_put(&o, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" rx=\"6\" fill=\"%s\"/>\n",
            m - 6, m - 6, span + 12, span + 12, b->frame);
    svg_grid_squares(&o, &g, b->fill, b->line);
    svg_layer_open(&o);
    if (b->decorate)
        b->decorate(&o, &g);
    svg_grid_labels(&o, &g, m / 2 + 3);
    svg_grid_stones(&o, &g, b->stone, 0.42);
    svg_grid_legal(&o, &g, b->legal, 0.12);
    if (b->last >= 0)
        svg_grid_last(&o, &g, b->last, false);
    svg_status(&o, m - 6, side - 4, span + 12, b->badges, b->nbadges, b->note);
    svg_layer_close(&o);
    svg_close(&o);
    return svg_length(&o);
}

void svg_layer_open(struct svg_out *o)
{
    svg_put(o, "<g pointer-events=\"none\">\n");
}

void svg_layer_close(struct svg_out *o)
{
    svg_put(o, "</g>\n");
}

static void badge(struct svg_out *o, const struct svg_badge *b, double x, double y,
                  double width)
{
    double cy = y + SVG_STATUS_HEIGHT / 2;
    if (b->to_move)
        svg_put(o, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" rx=\"8\" "
                   "fill=\"#fff8e1\" stroke=\"#ff8f00\" stroke-width=\"2\"/>\n",
                x + 3, y + 5, width - 6, SVG_STATUS_HEIGHT - 10);
    if (b->tint)
        svg_put(o, "<rect x=\"%g\" y=\"%g\" width=\"24\" height=\"24\" rx=\"4\" fill=\"%s\"/>\n",
                x + 10, cy - 12, b->tint);
    const struct palette *p = palette_of(b->colour);
    svg_put(o, "<circle cx=\"%g\" cy=\"%g\" r=\"9\" fill=\"%s\" stroke=\"%s\" "
               "stroke-width=\"1\"/>\n",
            x + 22, cy, p->fill, p->stroke);
    svg_put(o, "<text x=\"%g\" y=\"%g\" font-size=\"15\" fill=\"#222\"%s>", x + 40, cy + 5,
            b->to_move ? " font-weight=\"bold\"" : "");
    svg_escape(o, b->label);
    if (b->score >= 0)
        svg_put(o, " %d", b->score);
    svg_put(o, "</text>\n");
}

void svg_status(struct svg_out *o, double x, double y, double width,
                const struct svg_badge *b, int n, const char *note)
{
    double note_w = note && note[0] ? 7.5 * (double)strlen(note) + 16 : 0;
    double each = (width - note_w) / n;
    if (each > 130)
        each = 130;
    for (int i = 0; i < n; i++)
        badge(o, &b[i], x + i * each, y, each);
    if (note_w > 0)
        svg_text(o, x + width - 6, y + SVG_STATUS_HEIGHT / 2 + 5, 14, "end", "#333", note);
}
