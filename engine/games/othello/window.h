/* The solver's aspiration window at the root (endgame.c): where it starts
 * and how it moves after a search fails outside it, such that the re-
 * searches always end, even where the value depends on the window. */
#ifndef QUARTET_OTHELLO_WINDOW_H
#define QUARTET_OTHELLO_WINDOW_H

#include <stdbool.h>

struct oth_window {
    int lo, hi;              /* the next search's window */
    bool low, high;          /* a search failed low, high */
};

/* guess +- width within (alpha, beta); all of it if that is empty. */
static inline struct oth_window oth_window_start(int guess, int width, int alpha, int beta)
{
    struct oth_window w = {guess - width > alpha ? guess - width : alpha,
                           guess + width < beta ? guess + width : beta, false, false};
    if (w.lo >= w.hi)
        w.lo = alpha, w.hi = beta;
    return w;
}

/* After a search within w returned v: false if v is the value, true with
 * w moved towards the side v fell on. The selective passes' values depend
 * on the window (ProbCut, bounds the threads left in the table), so a
 * search may fail high just after failing low, and back: once it has
 * failed on both sides the window is all of (alpha, beta), where no
 * search can fail, so at most three searches are made. Before, a window
 * moving back and forth held both threads of FFO #51 at its root for
 * minutes. */
static inline bool oth_window_next(struct oth_window *w, int v, int alpha, int beta)
{
    if (v <= w->lo && w->lo > alpha) {
        w->low = true;
        w->hi = w->high ? beta : v + 1;
        w->lo = alpha;
        return true;
    }
    if (v >= w->hi && w->hi < beta) {
        w->high = true;
        w->lo = w->low ? alpha : v - 1;
        w->hi = beta;
        return true;
    }
    return false;
}

#endif
