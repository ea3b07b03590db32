/* One position of a replayed game as the game draws it. */
#include "render.h"

#include <stdlib.h>

char *render_ply(const struct replay *rp, int ply, bool legal)
{
    struct game_svg_options opt = {legal, ply > 0 ? rp->moves[ply - 1] : MOVE_NONE};
    const void *st = replay_state(rp, ply);
    int n = rp->g->svg(st, &opt, NULL, 0);
    char *buf = n > 0 ? malloc((size_t)n + 1) : NULL;
    if (buf)
        rp->g->svg(st, &opt, buf, (size_t)n + 1);
    return buf;
}
