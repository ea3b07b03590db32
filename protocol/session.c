/* Session state and the turn rule shared by play, genmove and legal_moves. */
#include "protocol/session.h"

#include <stdlib.h>
#include <string.h>

void session_init(struct session *s, const struct player_type *pt,
                  const struct player_options *po)
{
    memset(s, 0, sizeof *s);
    s->chosen = pt;
    s->popt = *po;
    timectl_init(&s->tc);
}

static void destroy_player(struct session *s)
{
    if (s->player && s->ptype)
        s->ptype->destroy(s->player);
    s->player = NULL;
}

/* The commands' kept data belongs to the game that made it. */
static void free_commands_ctx(struct session *s)
{
    if (s->commands_ctx && s->game && s->game->commands_free)
        s->game->commands_free(s->commands_ctx);
    s->commands_ctx = NULL;
}

void session_free(struct session *s)
{
    free_commands_ctx(s);
    destroy_player(s);
    free(s->state);
    free(s->scratch);
    free(s->undo);
    free(s->picture);
    s->state = s->scratch = s->undo = NULL;
    s->picture = NULL;
}

/* A player is tied to one game; it starts clean with each new game, so
 * that any state it keeps (trees, tables) is forgotten: rebuilt, or with
 * same_game reset where its type can (keeping costly memory). */
static int create_player(struct session *s, bool same_game)
{
    const struct player_type *pt = NULL;
    if (s->game)
        pt = s->chosen && player_supports(s->chosen, s->game)
                 ? s->chosen : player_default(s->game);
    if (same_game && s->player && pt == s->ptype && pt->reset) {
        pt->reset(s->player);
        return 0;
    }
    destroy_player(s);
    s->ptype = pt;
    if (!pt)
        return 0;
    s->player = pt->create(s->game, &s->popt);
    return s->player ? 0 : -1;
}

int session_new_game(struct session *s, const struct game *g,
                     const struct game_options *opt)
{
    unsigned char *st = malloc(g->state_size);
    unsigned char *sc = malloc(g->state_size);
    if (!st || !sc) {
        free(st);
        free(sc);
        return -1;
    }
    g->init(st, opt);
    bool same_game = g == s->game;
    if (!same_game)
        free_commands_ctx(s);
    free(s->state);
    free(s->scratch);
    free(s->undo);
    s->undo = NULL;
    s->undo_len = s->undo_cap = 0;
    s->state = st;
    s->scratch = sc;
    s->game = g;
    s->opt = *opt;
    timectl_init(&s->tc);
    if (s->tc_set)
        timectl_settings(&s->tc, s->tc_main, s->tc_byo, s->tc_stones);
    return create_player(s, same_game);
}

int session_set_player(struct session *s, const struct player_type *pt)
{
    if (pt && s->game && !player_supports(pt, s->game))
        return -2;
    const struct player_type *old = s->chosen;
    s->chosen = pt;
    if (create_player(s, false) == 0)
        return 0;
    s->chosen = old;
    create_player(s, false);
    return -1;
}

int session_set_position(struct session *s, const void *st)
{
    size_t sz = s->game->state_size;
    memcpy(s->state, st, sz);
    s->undo_len = 0;
    timectl_init(&s->tc);
    if (s->tc_set)
        timectl_settings(&s->tc, s->tc_main, s->tc_byo, s->tc_stones);
    return create_player(s, true);
}

bool session_reach(struct session *s, int player)
{
    const struct game *g = s->game;
    memcpy(s->scratch, s->state, g->state_size);
    move_t moves[GAME_MAX_MOVES];
    /* At most one pass per other seat: after that the turn is back. */
    for (int k = 0; k < g->num_players; k++) {
        int tm = g->to_move(s->scratch);
        if (tm < 0 || tm == player)
            break;
        int n = g->legal_moves(s->scratch, moves);
        if (n != 1 || moves[0] != MOVE_PASS)
            break;
        g->play(s->scratch, MOVE_PASS);
    }
    return g->to_move(s->scratch) == player;
}

int session_commit(struct session *s)
{
    size_t sz = s->game->state_size;
    if (s->undo_len == s->undo_cap) {
        int cap = s->undo_cap ? 2 * s->undo_cap : 64;
        unsigned char *u = realloc(s->undo, (size_t)cap * sz);
        if (!u)
            return -1;
        s->undo = u;
        s->undo_cap = cap;
    }
    memcpy(s->undo + (size_t)s->undo_len * sz, s->state, sz);
    s->undo_len++;
    memcpy(s->state, s->scratch, sz);
    return 0;
}

int session_undo(struct session *s)
{
    if (s->undo_len == 0)
        return -1;
    size_t sz = s->game->state_size;
    s->undo_len--;
    memcpy(s->state, s->undo + (size_t)s->undo_len * sz, sz);
    return 0;
}

/* The move among the legal moves of `from` that gives `to`, or MOVE_NONE;
 * trial is scratch space of one state. */
static move_t move_between(const struct game *g, const unsigned char *from,
                           const unsigned char *to, unsigned char *trial)
{
    move_t moves[GAME_MAX_MOVES];
    int n = g->legal_moves(from, moves);
    for (int i = 0; i < n; i++) {
        memcpy(trial, from, g->state_size);
        g->play(trial, moves[i]);
        if (memcmp(trial, to, g->state_size) == 0)
            return moves[i];
    }
    return MOVE_NONE;
}

/* The session keeps positions, not moves: the last move is the one that,
 * after the forced passes session_reach inserts, turns the previous
 * position into the current one (play() is deterministic on plain
 * structs, so equal positions are equal bytes). */
move_t session_last_move(struct session *s)
{
    const struct game *g = s->game;
    if (s->undo_len == 0)
        return MOVE_NONE;
    size_t sz = g->state_size;
    unsigned char *trial = malloc(sz);
    if (!trial)
        return MOVE_NONE;
    memcpy(s->scratch, s->undo + (size_t)(s->undo_len - 1) * sz, sz);
    move_t m = MOVE_NONE;
    for (int k = 0; k <= g->num_players && m == MOVE_NONE; k++) {
        m = move_between(g, s->scratch, s->state, trial);
        if (m == MOVE_NONE && !game_is_legal(g, s->scratch, MOVE_PASS))
            break;
        if (m == MOVE_NONE) /* a forced pass came first */
            g->play(s->scratch, MOVE_PASS);
    }
    free(trial);
    return m;
}
