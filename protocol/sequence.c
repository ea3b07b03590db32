/* play_sequence: a written move list split into moves, checked on a copy
 * of the position, then committed move by move (see sequence.h). */
#include "protocol/sequence.h"

#include "engine/stop.h"
#include "records/transcript.h"

#include <stdlib.h>
#include <string.h>

/* An interrupt or the time cap stops the reading; the end of input does
 * not: the work is bounded by the one line, and a script that pipes a
 * record in to check it ends its input right after (doc/protocol.md). */
static bool stopped(void *ctx)
{
    int why = stop_value(((struct session *)ctx)->stop);
    return why != STOP_NONE && why != STOP_END_OF_INPUT;
}

/* Reads and checks every move on a copy of the position (records'
 * transcript reader); false with the answer in out at the first bad one. */
static bool read_moves(struct session *s, int argc, char **argv, move_t **list, int *n,
                       struct text *out)
{
    char why[200];
    if (transcript_read(s->game, s->state, argc, argv, list, n, stopped, s, why,
                        sizeof why) != 0) {
        text_puts(out, why);
        return false;
    }
    return true;
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
        if (!transcript_step(g, s->scratch, list[i], why, sizeof why) ||
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
