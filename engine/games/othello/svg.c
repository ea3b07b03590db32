/* Othello's picture (the svg hook of game.h): the green board with its
 * coordinates, the discs, the last move, optionally the legal moves, and
 * the disc count under the board. */
#include "othello.h"
#include "engine/svg.h"

#include <stdio.h>

#define CELL 52.0
#define MARGIN 30.0

/* The four dots of the 8x8 board, on the crossings around the centre. */
static void star_points(struct svg_out *o, const struct svg_grid *g)
{
    if (g->n != 8)
        return;
    for (int k = 0; k < 4; k++)
        svg_put(o, "<circle cx=\"%g\" cy=\"%g\" r=\"4\" fill=\"#123b22\"/>\n",
                g->x0 + (k & 1 ? 6 : 2) * g->cell, g->y0 + (k & 2 ? 6 : 2) * g->cell);
}

static const char *result_note(int black, int white, bool over)
{
    if (!over)
        return "";
    return black > white ? "Black wins" : white > black ? "White wins" : "Draw";
}

int othello_svg(const void *st, const struct game_svg_options *opt, char *buf, size_t cap)
{
    const struct othello *s = st;
    int n = s->size, black = bb_popcount(s->disc[0]), white = bb_popcount(s->disc[1]);
    const char *fill[64], *stone[64] = {0};
    bool legal[64] = {0};
    bb_t moves = othello_moves(s->disc[s->side], s->disc[!s->side], s->board);
    for (int i = 0; i < n * n; i++) {
        int sq = (i / n) * 8 + i % n;
        fill[i] = "#2f7d4f";
        stone[i] = s->disc[0] >> sq & 1 ? "black" : s->disc[1] >> sq & 1 ? "white" : NULL;
        legal[i] = opt->legal && !s->over && (moves >> sq & 1);
    }
    const char *mover = s->over ? "" : s->side ? "white" : "black";
    char title[64];
    snprintf(title, sizeof title, "Othello %dx%d: black %d, white %d%s%s", n, n, black, white,
             s->over ? ", game over" : ", to move: ", mover);
    struct svg_badge badges[2] = {
        {"black", NULL, "Black", black, !s->over && s->side == 0},
        {"white", NULL, "White", white, !s->over && s->side == 1},
    };
    bool last_ok = opt->last >= 0 && opt->last < 64 && (s->board >> opt->last & 1);
    struct svg_square_board b = {
        "Othello", mover, title, n, CELL, MARGIN, "#1d5233", "#1b4a2e", fill, stone, legal,
        last_ok ? opt->last / 8 * n + opt->last % 8 : -1, star_points, badges, 2,
        result_note(black, white, s->over),
    };
    return svg_square_board(&b, buf, cap);
}
