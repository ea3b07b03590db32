/* Writing SVG pictures of positions: a bounded writer that counts like
 * snprintf, escaped text, the root element, coordinate labels, stones and
 * marks on a square grid, and the status bar under a board. The games'
 * svg hooks (engine/games/NAME/svg.c) are built from these, so all four
 * pictures share one look and follow the conventions of game.h. */
#ifndef QUARTET_SVG_H
#define QUARTET_SVG_H

#include <stdbool.h>
#include <stddef.h>

/* Output: writes what fits in cap (always NUL-terminated when cap > 0)
 * and counts the full length, so a caller can retry with a larger buffer. */
struct svg_out {
    char *buf;
    size_t cap, len;
};

void svg_init(struct svg_out *o, char *buf, size_t cap);
/* Markup, printf-style. Only for text the program made itself. */
void svg_put(struct svg_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Text from outside (names, records) for element content or an attribute
 * value: & < > " ' escaped, anything but printable ASCII becomes '?'. */
void svg_escape(struct svg_out *o, const char *s);
/* The total length, as the hooks return it. */
int svg_length(const struct svg_out *o);

/* "e5": column letter and 1-based row number (RULES.md notation). */
void svg_point_name(char *buf, size_t cap, int col, int row);

/* The root element: data-game, data-size, data-to-move ("" once over),
 * viewBox and size in pixels, a <title>, the background. */
struct svg_doc {
    const char *game;      /* canonical game name */
    int size;
    const char *to_move;   /* canonical player name, or "" */
    double width, height;
    const char *title;     /* plain text, escaped here */
    const char *background;
};
void svg_open(struct svg_out *o, const struct svg_doc *d);
void svg_close(struct svg_out *o);

/* One line of escaped text; anchor "start", "middle" or "end". */
void svg_text(struct svg_out *o, double x, double y, double size, const char *anchor,
              const char *fill, const char *text);

/* Labels a b c ... (letters) or 1 2 3 ... at (x + i dx, y + i dy). */
void svg_axis(struct svg_out *o, int n, bool letters, double x, double y, double dx,
              double dy, double size);

/* A stone of colour "black", "white", "red" or "blue" (class q-stone). */
void svg_stone(struct svg_out *o, double cx, double cy, double r, const char *colour,
               const char *point);
/* A faded copy of a stone (Torus Hex margin): no class, not counted. */
void svg_ghost_stone(struct svg_out *o, double cx, double cy, double r, const char *colour);
/* A legal-move dot (class q-legal) and the last-move mark (class q-last). */
void svg_legal_mark(struct svg_out *o, double cx, double cy, double r, const char *point);
void svg_last_mark(struct svg_out *o, double cx, double cy, double r, const char *point,
                   bool ring);

/* A square grid: points at (x0 + (col + off) * cell, y0 + (row + off) *
 * cell); off is 0.5 for squares (Othello) and 0 for line crossings. */
struct svg_grid {
    int n;
    double x0, y0, cell, off;
};
void svg_grid_xy(const struct svg_grid *g, int col, int row, double *x, double *y);
/* The squares as q-point rects (fill[i] for square i = row * n + col),
 * with grid lines of colour `line`. */
void svg_grid_squares(struct svg_out *o, const struct svg_grid *g, const char *const *fill,
                      const char *line);
/* Letters above and below, numbers left and right of the grid. */
void svg_grid_labels(struct svg_out *o, const struct svg_grid *g, double gap);
/* For each point i = row * n + col with stone[i] non-NULL, a stone of that
 * colour; r is the radius as a fraction of the cell. */
void svg_grid_stones(struct svg_out *o, const struct svg_grid *g, const char *const *stone,
                     double r);
/* The last-move mark on point i (a dot, or a ring around a stone). */
void svg_grid_last(struct svg_out *o, const struct svg_grid *g, int i, bool ring);
/* Legal-move dots on the points i with mark[i]. */
void svg_grid_legal(struct svg_out *o, const struct svg_grid *g, const bool *mark, double r);

/* Decorations drawn between svg_layer_open and svg_layer_close let clicks
 * through to the q-point elements below them. */
void svg_layer_open(struct svg_out *o);
void svg_layer_close(struct svg_out *o);

/* The status bar under a board: one badge per player (its stone, name and
 * score; the player to move framed) and a note at the right. */
struct svg_badge {
    const char *colour;    /* stone colour, as svg_stone */
    const char *tint;      /* a swatch behind the stone (territory), or NULL */
    const char *label;     /* e.g. "Black", "A" */
    int score;             /* < 0: none shown */
    bool to_move;
};
#define SVG_STATUS_HEIGHT 44.0
void svg_status(struct svg_out *o, double x, double y, double width,
                const struct svg_badge *b, int n, const char *note);

/* A whole board of squares (Othello, Yonin): the frame, the squares, the
 * game's decorations, labels, discs, legal dots, the last move and the
 * status bar. Arrays are per square i = row * n + col. */
struct svg_square_board {
    const char *game, *to_move, *title;
    int n;
    double cell, margin;
    const char *frame, *line;      /* colours of the frame and grid lines */
    const char *const *fill;       /* each square's colour */
    const char *const *stone;      /* each square's stone colour, or NULL */
    const bool *legal;             /* legal-move dots */
    int last;                      /* the last move's square, or -1 */
    void (*decorate)(struct svg_out *o, const struct svg_grid *g); /* or NULL */
    const struct svg_badge *badges;
    int nbadges;
    const char *note;
};
int svg_square_board(const struct svg_square_board *b, char *buf, size_t cap);

#endif
