/* The phase layout of new weights: N equal spans of empty counts, each
 * split by the parity of the empties when asked, started from the tables
 * of other weights (the phase those weights use at the same empties). */
#include "train.h"

#include <string.h>

/* Whose move the last square falls to depends on the parity of the
 * empties; a phase of several counts cannot see it, a parity split can. */
static int phase_of(int e, int nspan, bool parity)
{
    int span = e > 0 ? (e - 1) * nspan / 60 : 0;
    return parity ? 2 * span + (e & 1) : span;
}

struct oth_weights *weights_shaped(const struct oth_weights *init, int nspan, bool parity)
{
    uint8_t map[61];
    int nphase = parity ? 2 * nspan : nspan;
    if (nspan < 1 || nphase > OTH_MAX_PHASES)
        return NULL;
    for (int e = 0; e <= 60; e++)
        map[e] = (uint8_t)phase_of(e, nspan, parity);
    struct oth_weights *w = oth_weights_new(nphase, map);
    if (!w || !init)
        return w;
    /* Each new phase starts from init's table at its first empty count;
     * a phase no count reaches (none here) would stay zero. */
    bool done[OTH_MAX_PHASES] = {false};
    for (int e = 0; e <= 60; e++) {
        int ph = w->phase[e];
        if (done[ph])
            continue;
        done[ph] = true;
        memcpy(w->w + (size_t)ph * OTH_PHASE_SIZE,
               init->w + (size_t)init->phase[e] * OTH_PHASE_SIZE,
               OTH_PHASE_SIZE * sizeof *w->w);
    }
    return w;
}
