/* egaroucid.cpp: engine.h on top of Egaroucid for Web's search, compiled
 * against its source outside this repository (see build.sh): sets up its
 * tables, converts the board, and asks ai() for a move at the level. */
#include <cstdint>
#include <cstdio>

/* Written for WebAssembly, where uint64_t is unsigned long long, the source
 * calls max(1ULL, a uint64_t); on LP64 Linux that pair needs this overload
 * (found next to std::max through its `using namespace std`). */
inline unsigned long long max(unsigned long long a, unsigned long b)
{
    return a > b ? a : b;
}

#include "web/ai.hpp"

#include "engine.h"

/* Egaroucid numbers squares from h8 = 0 to a1 = 63, the reverse of ours. */
static uint64_t reverse_bits(uint64_t x)
{
    uint64_t r = 0;
    for (int k = 0; k < 64; k++)
        r |= (x >> k & 1) << (63 - k);
    return r;
}

int engine_max_level(void)
{
    return N_LEVEL - 1;
}

int engine_start(const struct engine_options *o, char *err, size_t cap)
{
    (void)o;
    (void)err, (void)cap;
    /* Its logs go to cout: send them to stderr (the GTP layer also keeps
     * the process's stdout away from the channel). */
    std::cout.rdbuf(std::cerr.rdbuf());
    board_init();
    mobility_init();
    stability_init();
    parent_transpose_table.first_init();
    child_transpose_table.first_init();
    evaluate_init();
    book_init();
    return 0;
}

int engine_choose(uint64_t mine, uint64_t theirs, const struct engine_options *o)
{
    Board b;
    b.player = reverse_bits(mine);
    b.opponent = reverse_bits(theirs);
    /* As the web page asks: book allowed, one thread, no log. */
    Search_result r = ai(b, o->level, o->book, false, false);
    if (r.policy < 0 || r.policy > 63)
        return -1;
    return 63 - r.policy;
}

const char *engine_name(void)
{
    return "Egaroucid for Web";
}

void engine_version(const struct engine_options *o, char *buf, size_t cap)
{
#ifdef EGAROUCID_SOURCE
    const char *src = EGAROUCID_SOURCE;
#else
    const char *src = "unknown source";
#endif
    snprintf(buf, cap, "level %d, book %s (%s)", o->level, o->book ? "on" : "off", src);
}
