/* Yonin search context: creation, per-position set-up, the time and stop
 * poll, move ordering and variations read back from the table. */
#include "search_int.h"

#include "engine/clock.h"
#include "engine/stop.h"

#include <stdlib.h>
#include <string.h>

struct yn_search *yn_search_new(int hash_mb)
{
    struct yn_search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->tt = calloc(1, sizeof *s->tt);
    if (!s->tt || yn_tt_init(s->tt, hash_mb) != 0) {
        free(s->tt);
        free(s);
        return NULL;
    }
    return s;
}

void yn_search_free(struct yn_search *s)
{
    if (!s)
        return;
    yn_tt_free(s->tt);
    free(s->tt);
    free(s);
}

/* Static order: corners first, then edges and the inner ring, the squares
 * beside a corner (X and C squares) last: they give corners away. */
static int square_prio(int size, int sq)
{
    int r = sq / 8, c = sq % 8, last = size - 1;
    bool edge_r = r == 0 || r == last, edge_c = c == 0 || c == last;
    bool near_r = r <= 1 || r >= last - 1, near_c = c <= 1 || c >= last - 1;
    if (edge_r && edge_c)
        return 50;
    if (near_r && near_c)
        return 0;  /* X-square or C-square */
    if (edge_r || edge_c)
        return 30;
    return 20;
}

void yn_search_begin(struct yn_search *s, const struct yonin *y)
{
    s->size = y->size;
    s->g = yn_geo(y->size);
    s->team = (y->flags & YONIN_TEAM) != 0;
    s->nodes = 0;
    s->aborted = false;
    for (int sq = 0; sq < 64; sq++)
        s->prio[sq] = square_prio(y->size, sq);
    /* Old history still orders well but must not drown new cutoffs. */
    for (int k = 0; k < NSEATS; k++)
        for (int sq = 0; sq < 64; sq++)
            s->history[k][sq] /= 4;
}

void yn_search_poll(struct yn_search *s)
{
    if (stop_requested(s->stop) || (s->deadline > 0 && clock_now() >= s->deadline))
        s->aborted = true;
}

int yn_order_moves(const struct yn_search *s, bb_t moves, int seat, int tt_move,
                   int8_t *out)
{
    int key[64], n = 0;
    for (; moves; moves &= moves - 1) {
        int sq = bb_first(moves);
        int k = sq == tt_move ? 1 << 30 : s->history[seat][sq] * 64 + s->prio[sq];
        int i = n++;
        for (; i > 0 && key[i - 1] < k; i--) { /* insertion, best first */
            key[i] = key[i - 1];
            out[i] = out[i - 1];
        }
        key[i] = k;
        out[i] = (int8_t)sq;
    }
    return n;
}

int yn_tt_pv(const struct yn_search *s, bb_t disc[2], int seat, unsigned salt,
             move_t *pv, int cap)
{
    int n = 0;
    while (n < cap) {
        if (yn_nobody_moves(s->g, disc[0], disc[1]))
            break;
        bb_t m = yn_seat_moves(s->g, disc[0], disc[1], seat);
        if (!m) {
            pv[n++] = MOVE_PASS;
        } else {
            uint64_t key = yn_tt_key(disc, seat, salt);
            const struct yn_tt_entry *e = yn_tt_slot(s->tt, key);
            if (e->key != key || e->move < 0 || !(m & (1ULL << e->move)))
                break;
            pv[n++] = e->move;
            yn_put_disc(disc, seat & 1, e->move);
        }
        seat = (seat + 1) & 3;
    }
    /* Trailing passes say nothing. */
    while (n > 0 && pv[n - 1] == MOVE_PASS)
        n--;
    return n;
}

void yn_root_pvs(const struct yn_search *s, const struct yonin *y, unsigned salt,
                 struct yn_root *r)
{
    for (int i = 0; i < r->n; i++) {
        bb_t d[2] = {y->disc[0], y->disc[1]};
        if (r->move[i] != MOVE_PASS)
            yn_put_disc(d, y->mover & 1, r->move[i]);
        r->pv[i][0] = r->move[i];
        r->pv_len[i] = 1 + yn_tt_pv(s, d, (y->mover + 1) & 3, salt, r->pv[i] + 1,
                                    YN_PV_MAX - 1);
    }
}
