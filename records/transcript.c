/* Splitting a written move list (commas, or a transcript such as f5d6c3)
 * into the moves of a game, through its parse_move (see transcript.h). */
#include "records/transcript.h"

#include <string.h>
#include <strings.h>

/* Longest move text tried with parse_move; longer items are no move. */
#define TRANSCRIPT_MAX_TEXT 64

static bool is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* parse_move on the n bytes at t. */
static bool parse_span(const struct game *g, const void *st, const char *t,
                       size_t n, move_t *m)
{
    char buf[TRANSCRIPT_MAX_TEXT];
    if (n == 0 || n >= sizeof buf)
        return false;
    memcpy(buf, t, n);
    buf[n] = '\0';
    return g->parse_move(st, buf, m) == 0;
}

/* True when the n bytes at t start with the word w, in any case. */
static bool starts_with(const char *t, size_t n, const char *w)
{
    size_t k = strlen(w);
    return n >= k && strncasecmp(t, w, k) == 0;
}

enum transcript_item transcript_next(const struct game *g, const void *st,
                                   const char *word, const char **p, move_t *m,
                                   const char **text, size_t *len)
{
    const char *s = *p;
    while (*s == ',')
        s++;
    *text = s;
    *len = 0;
    if (!*s) {
        *p = s;
        return TRANSCRIPT_END;
    }
    const char *end = s;
    while (*end && *end != ',')
        end++;
    size_t n = (size_t)(end - s);
    bool item_start = s == word || s[-1] == ',';
    /* A whole item first: a move with a '-' or a word (swap) is no
     * transcript, and a lone coordinate reads the same either way. */
    if (parse_span(g, st, s, n, m) || (n == 2 && starts_with(s, n, "pa"))) {
        if (n == 2 && starts_with(s, n, "pa"))
            *m = MOVE_PASS;
        *text = s, *len = n, *p = end;
        return TRANSCRIPT_MOVE;
    }
    /* An item with other characters than letters and digits is no
     * transcript (a1-z9 in Separo): named whole. */
    if (item_start)
        for (const char *c = s; c < end; c++)
            if (!is_letter(*c) && !is_digit(*c)) {
                *text = s, *len = n, *p = end;
                return TRANSCRIPT_BAD;
            }
    /* A transcript: the longest letters-then-digits chunk at s. */
    const char *l = s;
    while (l < end && is_letter(*l))
        l++;
    const char *d = l;
    while (d < end && is_digit(*d))
        d++;
    if (d > l && parse_span(g, st, s, (size_t)(d - s), m)) {
        *text = s, *len = (size_t)(d - s), *p = d;
        return TRANSCRIPT_MOVE;
    }
    /* A pass written into the transcript (pass before pa: "passc3"). */
    size_t k = starts_with(s, (size_t)(l - s), "pass") ? 4
             : starts_with(s, (size_t)(l - s), "pa") ? 2 : 0;
    if (k) {
        *m = MOVE_PASS;
        *text = s, *len = k, *p = s + k;
        return TRANSCRIPT_MOVE;
    }
    /* No move: name the chunk, or the one character that stops it. */
    *text = s;
    *len = d > s ? (size_t)(d - s) : 1;
    *p = end;
    return TRANSCRIPT_BAD;
}
