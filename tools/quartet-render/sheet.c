/* The overview sheet of one game: a header naming the game, then the
 * boards after every k plies (and the last), each scaled into a tile of
 * the grid with a caption. Each board is the game's own SVG, nested. */
#include "render.h"
#include "engine/svg.h"

#include <stdlib.h>
#include <string.h>

#define TILE_W 280.0
#define GAP 18.0
#define CAPTION 24.0
#define HEADER 46.0

/* The picture's own size, from the width="" and height="" of its root. */
static void picture_size(const char *svg, double *w, double *h)
{
    const char *a = strstr(svg, " width=\""), *b = strstr(svg, " height=\"");
    *w = a ? atof(a + 8) : 0;
    *h = b ? atof(b + 9) : 0;
    if (*w <= 0 || *h <= 0)
        *w = *h = 100;
}

static void caption(const struct replay *rp, int ply, char *buf, size_t cap)
{
    if (ply == 0) {
        snprintf(buf, cap, "start");
        return;
    }
    char mv[64];
    rp->g->format_move(replay_state(rp, ply - 1), rp->moves[ply - 1], mv, sizeof mv);
    snprintf(buf, cap, "after %d: %s", ply, mv);
}

/* svg_text straight to a file: measured first, then written. */
static int put_text(FILE *out, double x, double y, double size, const char *text)
{
    struct svg_out o;
    svg_init(&o, NULL, 0);
    svg_text(&o, x, y, size, "middle", "#222", text);
    char *buf = malloc(o.len + 1);
    if (!buf)
        return -1;
    svg_init(&o, buf, o.len + 1);
    svg_text(&o, x, y, size, "middle", "#222", text);
    fputs(buf, out);
    free(buf);
    return 0;
}

static int header(FILE *out, const struct rec_game *r, const struct replay *rp, double width)
{
    char text[400];
    size_t k = (size_t)snprintf(text, sizeof text, "%s, game %d:", rp->g->name, r->id);
    for (int i = 0; i < r->nplayers && i < rp->g->num_players && k < sizeof text; i++)
        k += (size_t)snprintf(text + k, sizeof text - k, "%s %s (%s)", i ? " vs" : "",
                              r->players[i], game_player_name(rp->g, i));
    if (k < sizeof text)
        snprintf(text + k, sizeof text - k, ", %d plies%s%s", rp->nplies,
                 r->result[0] ? ", result " : "", r->result);
    return put_text(out, width / 2, 28, 17, text);
}

int render_sheet(FILE *out, const struct rec_game *r, const struct replay *rp, int k,
                 int columns, bool legal)
{
    int tiles = rp->nplies / k + 1 + (rp->nplies % k != 0);
    int rows = (tiles + columns - 1) / columns, cols = tiles < columns ? tiles : columns;
    char *first = render_ply(rp, 0, legal);
    if (!first)
        return -1;
    double w, h;
    picture_size(first, &w, &h);
    free(first);
    double scale = TILE_W / w, tile_h = h * scale;
    double width = cols * TILE_W + (cols + 1) * GAP;
    double height = HEADER + rows * (tile_h + CAPTION + GAP) + GAP / 2;

    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %g %g\" width=\"%g\" "
                 "height=\"%g\" font-family=\"sans-serif\">\n<rect width=\"%g\" height=\"%g\" "
                 "fill=\"#fbfaf6\"/>\n",
            width, height, width, height, width, height);
    for (int t = 0; t < tiles; t++) {
        int ply = t * k < rp->nplies ? t * k : rp->nplies;
        double x = GAP + (t % columns) * (TILE_W + GAP);
        double y = HEADER + (t / columns) * (tile_h + CAPTION + GAP);
        char *svg = render_ply(rp, ply, legal), text[96];
        if (!svg)
            return -1;
        fprintf(out, "<g transform=\"translate(%g %g) scale(%.5g)\">\n%s</g>\n", x, y, scale, svg);
        free(svg);
        caption(rp, ply, text, sizeof text);
        if (put_text(out, x + TILE_W / 2, y + tile_h + 17, 14, text) != 0)
            return -1;
    }
    if (header(out, r, rp, width) != 0)
        return -1;
    fputs("</svg>\n", out);
    return 0;
}
