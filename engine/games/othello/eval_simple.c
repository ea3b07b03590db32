/* The simple Othello evaluation: mobility, potential mobility, corners,
 * squares next to empty corners and corner-anchored edge runs, for any
 * board size; the fallback when no pattern weights are loaded. */
#include "eval.h"
#include "othello.h"

/* Weights in 1/OTH_EVAL_UNIT of a disc, set by hand. */
enum {
    W_MOBILITY = 48,   /* per move more than the opponent */
    W_POTENTIAL = 16,  /* per empty square next to an opponent disc */
    W_CORNER = 420,
    W_XSQUARE = 160,   /* diagonal neighbour of an empty corner */
    W_CSQUARE = 40,    /* edge neighbour of an empty corner */
    W_EDGE_RUN = 70,   /* disc in a run along an edge from an own corner */
};

/* Empty squares next to a disc of X. */
static bb_t neighbours(bb_t X)
{
    return ((X << 1) & BB_NOT_A) | ((X >> 1) & BB_NOT_H) | (X << 8) | (X >> 8)
         | ((X << 9) & BB_NOT_A) | ((X >> 9) & BB_NOT_H)
         | ((X << 7) & BB_NOT_H) | ((X >> 7) & BB_NOT_A);
}

/* Discs of X in the run starting at corner sq and stepping by `step` for
 * n - 1 squares (an edge). */
static int edge_run(bb_t X, int sq, int step, int n)
{
    int k = 0;
    for (int i = 0; i < n && (X >> (sq + i * step) & 1); i++)
        k++;
    return k;
}

/* Corner terms for the corner at sq whose edge neighbours are sq+dx and
 * sq+dy and diagonal neighbour sq+dx+dy, from X's point of view. */
static int corner_terms(bb_t X, bb_t Y, int sq, int dx, int dy, int n)
{
    bb_t c = 1ULL << sq;
    if (X & c)
        return W_CORNER + W_EDGE_RUN * (edge_run(X, sq, dx, n) + edge_run(X, sq, dy, n) - 2);
    if (Y & c)
        return 0;
    int v = 0;
    if (X >> (sq + dx + dy) & 1)
        v -= W_XSQUARE;
    v -= W_CSQUARE * ((int)(X >> (sq + dx) & 1) + (int)(X >> (sq + dy) & 1));
    return v;
}

static int side_terms(bb_t X, bb_t Y, int n)
{
    int e = n - 1, r = 8 * (n - 1);
    return corner_terms(X, Y, 0, 1, 8, n) + corner_terms(X, Y, e, -1, 8, n)
         + corner_terms(X, Y, r, 1, -8, n) + corner_terms(X, Y, r + e, -1, -8, n);
}

int oth_eval_simple(bb_t P, bb_t O, bb_t board)
{
    int n = bb_popcount(board & 0xff);
    if (n < 4)
        return 0;
    bb_t empty = board & ~(P | O);
    int mob = bb_popcount(othello_moves(P, O, board)) - bb_popcount(othello_moves(O, P, board));
    int pot = bb_popcount(neighbours(O) & empty) - bb_popcount(neighbours(P) & empty);
    int v = W_MOBILITY * mob + W_POTENTIAL * pot + side_terms(P, O, n) - side_terms(O, P, n);
    if (v > OTH_EVAL_MAX - 1)
        v = OTH_EVAL_MAX - 1;
    if (v < -(OTH_EVAL_MAX - 1))
        v = -(OTH_EVAL_MAX - 1);
    return v;
}
