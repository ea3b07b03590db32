/* Yonin's picture (the svg hook of game.h): the four territories shaded in
 * their seats' colours, the discs, the last move, optionally the legal
 * moves of the seat to move, and the four seats' scores under the board
 * with the seat to move framed. */
#include "yonin.h"
#include "engine/svg.h"

#include <stdio.h>

#define MARGIN 30.0

/* Territory tints, seats A (top left), B, C, D clockwise. */
static const char *const TINT[NSEATS] = {"#e8b4a0", "#a8c6e6", "#ecd68a", "#b3d9a4"};
static const char *const SEAT_LABEL[NSEATS] = {"A", "B", "C", "D"};

static int seat_of_square(int n, int col, int row)
{
    int right = col >= n / 2, low = row >= n / 2;
    return low ? (right ? 2 : 3) : (right ? 1 : 0);
}

/* "A wins", "AC wins", "Tie" once over; the team totals while playing. */
static void note_text(const struct yonin *y, const int *sc, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (y->flags & YONIN_TEAM) {
        int ac = sc[0] + sc[2], bd = sc[1] + sc[3];
        if (y->mover >= 0)
            snprintf(buf, cap, "AC %d  BD %d", ac, bd);
        else if (ac == bd)
            snprintf(buf, cap, "Tie %d-%d", ac, bd);
        else
            snprintf(buf, cap, "%s win %d-%d", ac > bd ? "AC" : "BD", ac > bd ? ac : bd,
                     ac > bd ? bd : ac);
        return;
    }
    if (y->mover >= 0)
        return;
    int best = 0, ties = 0;
    for (int s = 1; s < NSEATS; s++)
        if (sc[s] > sc[best])
            best = s;
    for (int s = 0; s < NSEATS; s++)
        ties += sc[s] == sc[best];
    if (ties > 1)
        snprintf(buf, cap, "Tie");
    else
        snprintf(buf, cap, "%s wins", SEAT_LABEL[best]);
}

/* Thick lines between the territories. */
static void borders(struct svg_out *o, const struct svg_grid *g)
{
    double mid = g->n / 2 * g->cell, end = g->n * g->cell;
    svg_put(o, "<path d=\"M%g %gV%gM%g %gH%g\" stroke=\"#333\" stroke-width=\"3\"/>\n",
            g->x0 + mid, g->y0, g->y0 + end, g->x0, g->y0 + mid, g->x0 + end);
}

int yonin_svg(const void *st, const struct game_svg_options *opt, char *buf, size_t cap)
{
    const struct yonin *y = st;
    const struct yn_geometry *geo = yn_geo(y->size);
    int n = y->size, sc[NSEATS];
    const char *fill[64], *stone[64] = {0};
    bool legal[64] = {0};
    bb_t moves = y->mover >= 0 ? yn_seat_moves(geo, y->disc[0], y->disc[1], y->mover) : 0;
    for (int i = 0; i < n * n; i++) {
        int sq = (i / n) * 8 + i % n;
        fill[i] = TINT[seat_of_square(n, i % n, i / n)];
        stone[i] = y->disc[0] >> sq & 1 ? "black" : y->disc[1] >> sq & 1 ? "white" : NULL;
        legal[i] = opt->legal && (moves >> sq & 1);
    }
    struct svg_badge badges[NSEATS];
    for (int s = 0; s < NSEATS; s++) {
        sc[s] = yn_seat_score(geo, y->disc, s);
        badges[s] = (struct svg_badge){s & 1 ? "white" : "black", TINT[s], SEAT_LABEL[s], sc[s],
                                       y->mover == s};
    }
    const char *mover = y->mover >= 0 ? (const char *[]){"a", "b", "c", "d"}[y->mover] : "";
    char title[96], note[32];
    snprintf(title, sizeof title, "Yonin %dx%d%s: A %d, B %d, C %d, D %d%s%s", n, n,
             y->flags & YONIN_TEAM ? " team" : "", sc[0], sc[1], sc[2], sc[3],
             y->mover < 0 ? ", game over" : ", to move: ", mover);
    note_text(y, sc, note, sizeof note);
    bool last_ok = opt->last >= 0 && opt->last < 64 && (geo->board >> opt->last & 1);
    struct svg_square_board b = {
        "Yonin", mover, title, n, n == 6 ? 66.0 : 52.0 /* room for four seats below */, MARGIN,
        "#4a4a4a", "#7a7a7a", fill, stone, legal, last_ok ? opt->last / 8 * n + opt->last % 8 : -1,
        borders, badges, NSEATS, note,
    };
    return svg_square_board(&b, buf, cap);
}
