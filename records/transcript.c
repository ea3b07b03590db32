/* Splitting a written move list (commas, or a transcript such as f5d6c3)
 * into the moves of a game, through its parse_move (see transcript.h). */
#include "records/transcript.h"

#include <stdio.h>
#include <stdlib.h>
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

int transcript_write(const struct game *g, const void *st, const move_t *moves, int n,
                     char *buf, size_t cap)
{
    size_t k = 0;
    if (cap == 0)
        return -1;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        char t[TRANSCRIPT_MAX_TEXT] = "pa";
        int len = moves[i] == MOVE_PASS ? 2 : g->format_move(st, moves[i], t, sizeof t);
        if (len <= 0 || (size_t)len >= sizeof t || t[0] == '?' || k + (size_t)len >= cap) {
            buf[0] = '\0';
            return -1;
        }
        memcpy(buf + k, t, (size_t)len + 1);
        k += (size_t)len;
    }
    return (int)k;
}

/* The moves of st, and whether the only one is a forced pass. */
static bool pass_forced(const struct game *g, const void *st)
{
    move_t moves[GAME_MAX_MOVES];
    return g->legal_moves(st, moves) == 1 && moves[0] == MOVE_PASS;
}

bool transcript_step(const struct game *g, void *st, move_t m, char *why,
                   size_t cap)
{
    if (g->to_move(st) < 0) {
        snprintf(why, cap, "the game is over");
        return false;
    }
    if (m == MOVE_PASS) {
        if (pass_forced(g, st)) {
            g->play(st, MOVE_PASS);
            return true;
        }
        snprintf(why, cap, "%s has a move, so cannot pass",
                 game_player_name(g, g->to_move(st)));
        return false;
    }
    /* As session_reach: at most one forced pass per other seat. The
     * passes are played on a copy, so a refusal leaves st as it was. */
    unsigned char *trial = malloc(g->state_size);
    if (!trial) {
        snprintf(why, cap, "out of memory");
        return false;
    }
    memcpy(trial, st, g->state_size);
    for (int k = 0; k < g->num_players && pass_forced(g, trial); k++)
        g->play(trial, MOVE_PASS);
    int mover = g->to_move(trial);
    bool ok = mover >= 0 && game_is_legal(g, trial, m);
    if (ok) {
        g->play(trial, m);
        memcpy(st, trial, g->state_size);
    } else if (mover < 0) {
        snprintf(why, cap, "the game is over");
    } else {
        snprintf(why, cap, "not a legal move for %s",
                 game_player_name(g, mover));
    }
    free(trial);
    return ok;
}

/* "move N (TEXT) is illegal: WHY", TEXT shortened. */
static void refuse(char *out, size_t cap, int n, const char *t, size_t len, const char *why)
{
    snprintf(out, cap, "move %d (%.*s%s) is illegal: %s", n, (int)(len > 40 ? 40 : len), t,
             len > 40 ? "..." : "", why);
}

/* Appends m to the growing list; false when out of memory. */
static bool push(move_t **list, int *n, int *cap, move_t m)
{
    if (*n == *cap) {
        int c = *cap ? 2 * *cap : 64;
        move_t *l = realloc(*list, (size_t)c * sizeof *l);
        if (!l)
            return false;
        *list = l, *cap = c;
    }
    (*list)[(*n)++] = m;
    return true;
}

int transcript_read(const struct game *g, const void *st, int argc, char **argv,
                    move_t **list, int *n, bool (*stop)(void *), void *ctx, char *out,
                    size_t ocap)
{
    unsigned char *work = malloc(g->state_size);
    int cap = 0;
    bool ok = work != NULL;
    *list = NULL;
    *n = 0;
    if (!ok)
        snprintf(out, ocap, "out of memory");
    else
        memcpy(work, st, g->state_size);
    char why[128];
    for (int a = 0; ok && a < argc; a++) {
        const char *p = argv[a], *t;
        size_t len;
        move_t m;
        enum transcript_item r;
        while (ok && (r = transcript_next(g, work, argv[a], &p, &m, &t, &len)) != TRANSCRIPT_END) {
            /* Each move costs one legal_moves or two: a 64 KiB line holds
             * at most 32K moves, milliseconds in every game, but a stop
             * is honoured all the same, like other commands. */
            if (stop && stop(ctx)) {
                snprintf(out, ocap, "interrupted");
                ok = false;
            } else if (r == TRANSCRIPT_BAD) {
                snprintf(why, sizeof why, "not a move on this %s board", g->name);
                refuse(out, ocap, *n + 1, t, len, why);
                ok = false;
            } else if (!transcript_step(g, work, m, why, sizeof why)) {
                refuse(out, ocap, *n + 1, t, len, why);
                ok = false;
            } else if (!push(list, n, &cap, m)) {
                snprintf(out, ocap, "out of memory");
                ok = false;
            }
        }
    }
    if (ok && *n == 0) {
        snprintf(out, ocap, "syntax error: no moves");
        ok = false;
    }
    free(work);
    if (!ok) {
        free(*list);
        *list = NULL;
        *n = 0;
    }
    return ok ? 0 : -1;
}
