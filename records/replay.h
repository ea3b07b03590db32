/* A record's game replayed through the engine library (engine/game.h):
 * the game by name, its size and variants, its start, every move parsed
 * and checked legal. What every reader's verdict on a game rests on. */
#ifndef QUARTET_RECORDS_REPLAY_H
#define QUARTET_RECORDS_REPLAY_H

#include "engine/game.h"
#include "records/record.h"

#include <stddef.h>

struct replay {
    const struct game *g;
    int nplies;
    move_t *moves;            /* nplies moves */
    unsigned char *states;    /* nplies + 1 positions, the start first */
};

/* Replays r, checking every move; -1 with the reason in err (the game's
 * number not included: "move 12 (c4) is illegal"). */
int replay_game(const struct rec_game *r, struct replay *rp, char *err, size_t cap);
void replay_free(struct replay *rp);
const void *replay_state(const struct replay *rp, int ply);

#endif
