/* standin.c: a stand-in engine behind tools/egaroucid-web/engine.h, so that
 * tests/egaroucid_gtp.sh checks the wrapper's GTP layer without Egaroucid's
 * source. STANDIN=first (default) plays the lowest legal square, random a
 * seeded pseudo-random legal one (STANDIN_SEED), illegal an occupied
 * square, to see the layer refuse it. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/egaroucid-web/board.h"
#include "tools/egaroucid-web/engine.h"

static const char *mode = "first";
static uint64_t seed = 1;

int engine_max_level(void)
{
    return 60;
}

int engine_start(const struct engine_options *o, char *err, size_t cap)
{
    (void)o;
    const char *m = getenv("STANDIN");
    const char *s = getenv("STANDIN_SEED");
    if (m)
        mode = m;
    if (s)
        seed = strtoull(s, NULL, 10) * 0x9e3779b97f4a7c15ULL + 1;   /* never 0 */
    if (strcmp(mode, "first") && strcmp(mode, "random") && strcmp(mode, "illegal")) {
        snprintf(err, cap, "STANDIN must be first, random or illegal");
        return -1;
    }
    /* What Egaroucid does: chatter on stdout, which must not reach GTP. */
    printf("stand-in ready\n");
    fflush(stdout);
    return 0;
}

static uint64_t next_random(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
}

int engine_choose(uint64_t mine, uint64_t theirs, const struct engine_options *o)
{
    (void)o;
    struct board b = {{mine, theirs}, BLACK};
    uint64_t legal = board_legal(&b);
    int squares[64], n = 0;
    for (int sq = 0; sq < 64; sq++)
        if (legal >> sq & 1)
            squares[n++] = sq;
    printf("stand-in thinking\n");
    fflush(stdout);
    if (!strcmp(mode, "illegal"))
        return 27;   /* d4: occupied from the start on */
    if (!strcmp(mode, "random"))
        return squares[next_random() % (uint64_t)n];
    return squares[0];
}

const char *engine_name(void)
{
    return "stand-in";
}

void engine_version(const struct engine_options *o, char *buf, size_t cap)
{
    snprintf(buf, cap, "level %d, book %s", o->level, o->book ? "on" : "off");
}
