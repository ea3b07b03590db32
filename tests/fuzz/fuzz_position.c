/* libFuzzer target: each game's set_position. Input: a game (among those
 * with set_position), size and variant bytes and a few random plies for
 * the position it replaces, then "BOARD SIDE" (split at the first space).
 * A rejected text leaves the state byte for byte as it was and explains
 * why; an accepted one is a position every other function can use. */
#include "tests/fuzz/fuzz.h"

#include <stdlib.h>
#include <string.h>

static bool has_set_position(const struct game *g) { return g->set_position != NULL; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fuzz_input in = {data, size, 0};
    const struct game *g = fuzz_game(&in, has_set_position);
    if (!g)
        return 0;
    struct game_options opt = fuzz_game_options(g, &in);
    unsigned char *st = malloc(g->state_size), *before = malloc(g->state_size);
    if (!st || !before)
        abort();
    g->init(st, &opt);
    fuzz_play_some(g, st, &in);
    memcpy(before, st, g->state_size);

    char *board = fuzz_rest(&in);
    char *side = strchr(board, ' ');
    if (side)
        *side++ = '\0';
    else
        side = board + strlen(board);   /* "": no side given */
    char err[256];
    memset(err, 0x55, sizeof err);
    if (g->set_position(st, board, side, err, sizeof err) != 0) {
        FUZZ_CHECK(memcmp(st, before, g->state_size) == 0,
                   "%s: a rejected set_position changed the state", g->name);
        FUZZ_CHECK(memchr(err, '\0', sizeof err) && err[0] != '\0',
                   "%s: a rejected set_position gives no message", g->name);
    } else {
        fuzz_check_position(g, st);
        /* Play on: every position reached must be as sound. */
        fuzz_play_some(g, st, &(struct fuzz_input){(const uint8_t *)"\x08\x01", 2, 0});
        fuzz_check_position(g, st);
    }
    free(board);
    free(st);
    free(before);
    return 0;
}
