/* Internals shared by the Yonin searches (search.c, maxn_search.c,
 * coalition_search.c): move ordering and the node stepping helpers. */
#ifndef QUARTET_YONIN_SEARCH_INT_H
#define QUARTET_YONIN_SEARCH_INT_H

#include "search.h"
#include "tt.h"

/* Orders the squares of `moves` for `seat`: the table's move first, then
 * by history and the static square order. Returns the count. */
int yn_order_moves(const struct yn_search *s, bb_t moves, int seat, int tt_move,
                   int8_t *out);

/* Follows the table's best moves from a position to fill a variation. */
int yn_tt_pv(const struct yn_search *s, bb_t disc[2], int seat, unsigned salt,
             move_t *pv, int cap);

/* Fills every completed root move's variation from the table. */
void yn_root_pvs(const struct yn_search *s, const struct yonin *y, unsigned salt,
                 struct yn_root *r);

/* Credits a move that was best or cut off; the seat's table halves before
 * it can overflow (long analyze runs). */
static inline void yn_history_add(struct yn_search *s, int seat, int sq, int amount)
{
    int *h = s->history[seat];
    h[sq] += amount < 4096 ? amount : 4096; /* exact searches have no depth */
    if (h[sq] > 1 << 20)
        for (int k = 0; k < 64; k++)
            h[k] /= 2;
}

static inline void yn_count_node(struct yn_search *s)
{
    if ((++s->nodes & 511) == 0)
        yn_search_poll(s);
}

#endif
