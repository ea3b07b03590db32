/* play_sequence: a written move list split into moves, checked on a copy
 * of the position, then committed move by move (see sequence.h). */
#include "protocol/sequence.h"

#include "engine/stop.h"
#include "records/transcript.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The moves of st, and whether the only one is a forced pass. */
static bool pass_forced(const struct game *g, const void *st)
{
    move_t moves[GAME_MAX_MOVES];
    return g->legal_moves(st, moves) == 1 && moves[0] == MOVE_PASS;
}

bool sequence_step(const struct game *g, void *st, move_t m, char *why,
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
static void refuse(struct text *out, int n, const char *t, size_t len,
                   const char *why)
{
    text_printf(out, "move %d (", n);
    text_append(out, t, len > 40 ? 40 : len);
    text_printf(out, "%s) is illegal: %s", len > 40 ? "..." : "", why);
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

/* Reads and checks every move on a copy of the position; the moves go
 * into *list. False with the answer in out at the first bad one. */
static bool read_moves(struct session *s, int argc, char **argv,
                       move_t **list, int *n, struct text *out)
{
    const struct game *g = s->game;
    unsigned char *work = malloc(g->state_size);
    int cap = 0;
    bool ok = work != NULL;
    if (!ok)
        text_puts(out, "out of memory");
    else
        memcpy(work, s->state, g->state_size);
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
            if (stop_requested(s->stop)) {
                text_puts(out, "interrupted");
                ok = false;
            } else if (r == TRANSCRIPT_BAD) {
                snprintf(why, sizeof why, "not a move on this %s board",
                         g->name);
                refuse(out, *n + 1, t, len, why);
                ok = false;
            } else if (!sequence_step(g, work, m, why, sizeof why)) {
                refuse(out, *n + 1, t, len, why);
                ok = false;
            } else if (!push(list, n, &cap, m)) {
                text_puts(out, "out of memory");
                ok = false;
            }
        }
    }
    if (ok && *n == 0) {
        text_puts(out, "syntax error: no moves");
        ok = false;
    }
    free(work);
    return ok;
}

bool cmd_play_sequence(struct session *s, int argc, char **argv,
                       struct text *out)
{
    const struct game *g = s->game;
    move_t *list = NULL;
    int n = 0;
    bool ok = read_moves(s, argc, argv, &list, &n, out);
    /* All moves are legal: one undo entry per written move, its forced
     * passes with it, as `play` would leave them. */
    char why[128];
    for (int i = 0; ok && i < n; i++) {
        memcpy(s->scratch, s->state, g->state_size);
        if (!sequence_step(g, s->scratch, list[i], why, sizeof why) ||
            session_commit(s) != 0) {
            while (i-- > 0)
                session_undo(s);
            text_puts(out, "out of memory");
            ok = false;
        }
    }
    free(list);
    return ok;
}
