/* libFuzzer target: each game's move parser. Input: a game, size and
 * variant byte, a few random plies (count and seed bytes), then the move
 * text. A text that parses must format to a canonical text that parses
 * back to the same move; game_is_legal and play must cope with any parsed
 * move; every legal move of the position must round-trip too. */
#include "tests/fuzz/fuzz.h"

#include <stdlib.h>
#include <string.h>

static void check_text(const struct game *g, const void *st, const char *text)
{
    move_t m = MOVE_NONE;
    if (g->parse_move(st, text, &m) != 0)
        return;
    char canon[64], again[64];
    int len = g->format_move(st, m, canon, sizeof canon);
    FUZZ_CHECK(len > 0 && (size_t)len < sizeof canon && strcmp(canon, "?") != 0,
               "%s: '%s' parses to %d, which formats to '%s'", g->name, text, (int)m, canon);
    move_t back = MOVE_NONE;
    FUZZ_CHECK(g->parse_move(st, canon, &back) == 0 && back == m,
               "%s: '%s' parses to %d, formats to '%s', which parses to %d",
               g->name, text, (int)m, canon, (int)back);
    g->format_move(st, back, again, sizeof again);
    FUZZ_CHECK(strcmp(canon, again) == 0, "%s: '%s' formats as '%s', then '%s'",
               g->name, text, canon, again);
    if (!game_is_legal(g, st, m))
        return;
    unsigned char *child = malloc(g->state_size);
    if (!child)
        abort();
    memcpy(child, st, g->state_size);
    g->play(child, m);
    fuzz_check_legal_moves(g, child);
    free(child);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fuzz_input in = {data, size, 0};
    const struct game *g = fuzz_game(&in, NULL);
    struct game_options opt = fuzz_game_options(g, &in);
    unsigned char *st = malloc(g->state_size);
    if (!st)
        abort();
    g->init(st, &opt);
    fuzz_play_some(g, st, &in);
    fuzz_check_legal_moves(g, st);
    char *text = fuzz_rest(&in);
    check_text(g, st, text);
    free(text);
    free(st);
    return 0;
}
