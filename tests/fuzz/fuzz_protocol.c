/* libFuzzer target: the GTP loop in-process. The input is a command
 * stream; each line goes through dispatch_line() as bin/quartet's piped
 * loop sends it (an analyze is stopped by the next line), starting from
 * Othello with fast players, and every response is checked:
 *  - a blank line gets no response, any other line exactly one;
 *  - it starts with = or ? and the line's id, is printable ASCII, ends
 *    with one empty line and has no empty line inside;
 *  - an error has a message and leaves the game, its options, the
 *    position and the undo stack as they were;
 *  - no response admits an internal error.
 * A fresh session per input: nothing carries over between inputs.
 * QUARTET_FUZZ_ECHO=1 in the environment prints each response on stderr,
 * to read the transcript of a saved crash. */
#include "tests/fuzz/fuzz.h"

#include "protocol/analyze.h"
#include "protocol/args.h"
#include "protocol/dispatch.h"
#include "protocol/gtp.h"
#include "protocol/session.h"
#include "protocol/text.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the response to a line must look like, from parsing a copy. */
struct expect {
    enum gtp_parse kind;
    bool too_long;
    bool has_id;
    char id[GTP_MAX_ID + 1];
    char name[32];
};

/* A game's extension commands (Othello's solve, stoner) are refused
 * before they start only from 36 empties on: too slow for fuzzing. The
 * empties are the squares nobody's score counts (discs, in Othello). */
static bool game_command_too_slow(const struct session *s, const char *name, int argc)
{
    const struct game *g = s->game;
    for (const struct game_command *c = g->commands; c && c->name; c++) {
        if (strcmp(c->name, name) != 0)
            continue;
        if (argc < c->min_args || argc > c->max_args)
            return false;   /* answered by a usage message */
        int score[GAME_MAX_PLAYERS] = {0}, taken = 0;
        g->score(s->state, score);
        for (int p = 0; p < g->num_players; p++)
            taken += score[p];
        return s->opt.size * s->opt.size - taken > FUZZ_MAX_EMPTIES;
    }
    return false;
}

/* perft counts the last ply in bulk, so its cost is about n^(depth-1)
 * legal-move generations for n moves a position (361 on Torus Hex 19x19). */
static bool perft_too_slow(const struct session *s, long long depth)
{
    if (depth > FUZZ_MAX_PERFT)
        return true;
    move_t *moves = malloc(sizeof *moves * GAME_MAX_MOVES);
    if (!moves)
        abort();
    long long n = s->game->legal_moves(s->state, moves), cost = 1;
    free(moves);
    for (long long d = 1; d < depth; d++)
        cost *= n > 0 ? n : 1;
    return cost > FUZZ_MAX_PERFT_NODES;
}

/* Parses a copy of the line as dispatch_line will; false for a line the
 * fuzzer must not run because it would take seconds (deep perft, solve). */
static bool expect_of(const struct session *s, const char *line, size_t len,
                      struct expect *e)
{
    char *copy = malloc(len + 1);
    if (!copy)
        abort();
    memcpy(copy, line, len);
    copy[len] = '\0';
    gtp_preprocess(copy, len);
    struct gtp_command cmd;
    e->kind = gtp_parse(copy, &cmd);
    e->has_id = cmd.has_id;
    memcpy(e->id, cmd.id, sizeof e->id);
    snprintf(e->name, sizeof e->name, "%s", cmd.name ? cmd.name : "");
    bool run = true;
    long long depth;
    if (e->kind == GTP_COMMAND && strcmp(cmd.name, "perft") == 0 && cmd.argc == 1 &&
        args_int(cmd.argv[0], 0, LLONG_MAX, &depth) == ARGS_OK && perft_too_slow(s, depth))
        run = false;
    if (e->kind == GTP_COMMAND && game_command_too_slow(s, cmd.name, cmd.argc))
        run = false;
    free(copy);
    return run;
}

/* The undoable part of a session, to compare before and after an error. */
struct snapshot {
    const struct game *game;
    struct game_options opt;
    int undo_len;
    unsigned char *state;
};

static void snap(const struct session *s, struct snapshot *x)
{
    x->game = s->game;
    x->opt = s->opt;
    x->undo_len = s->undo_len;
    x->state = malloc(s->game->state_size);
    if (!x->state)
        abort();
    memcpy(x->state, s->state, s->game->state_size);
}

static void check_unchanged(const struct session *s, const struct snapshot *x,
                            const char *resp)
{
    FUZZ_CHECK(s->game == x->game && s->opt.size == x->opt.size &&
               s->opt.flags == x->opt.flags && s->undo_len == x->undo_len &&
               memcmp(s->state, x->state, s->game->state_size) == 0,
               "an error changed the session: %s", resp);
}

static void check_response(const struct expect *e, const char *r, size_t n)
{
    if (e->kind == GTP_BLANK && !e->too_long) {
        FUZZ_CHECK(n == 0, "a blank line got a response: %.*s", (int)n, r);
        return;
    }
    FUZZ_CHECK(n >= 3 && (r[0] == '=' || r[0] == '?'), "response '%.*s'", (int)n, r);
    FUZZ_CHECK(r[n - 1] == '\n' && r[n - 2] == '\n', "unterminated response '%.*s'", (int)n, r);
    const char *end = strstr(r, "\n\n");
    FUZZ_CHECK(end == r + n - 2, "an empty line inside '%.*s'", (int)n, r);
    for (size_t i = 0; i < n; i++)
        FUZZ_CHECK(r[i] == '\n' || (r[i] >= 32 && r[i] < 127),
                   "byte %d in response '%.*s'", r[i], (int)n, r);
    size_t idlen = 0;
    if (e->has_id && !e->too_long && e->kind != GTP_BAD_ID) {
        idlen = strlen(e->id);
        FUZZ_CHECK(strncmp(r + 1, e->id, idlen) == 0, "id %s not in '%.*s'", e->id, (int)n, r);
    }
    char after = r[1 + idlen];
    FUZZ_CHECK(after == ' ' || after == '\n', "no separator after the id in '%.*s'", (int)n, r);
    if (r[0] == '?')
        FUZZ_CHECK(after == ' ' && n > idlen + 4, "an error without a message: '%.*s'", (int)n, r);
    FUZZ_CHECK(!strstr(r, "internal error"), "'%s': %.*s", e->name, (int)n, r);
}

/* One line through dispatch_line, with its response checked. */
static void run_line(struct session *s, struct text *out, char *line, size_t len,
                     bool too_long)
{
    struct expect e = {.too_long = too_long};
    if (!too_long && !expect_of(s, line, len, &e))
        return;
    char *resp = NULL;
    size_t rlen = 0;
    FILE *f = open_memstream(&resp, &rlen);
    if (!f)
        abort();
    struct snapshot before;
    snap(s, &before);
    if (too_long)
        gtp_respond(f, NULL, false, "line too long");   /* as main.c does */
    else
        dispatch_line(s, line, len, out, f);
    analysis_stop(s, f);   /* any next line stops it; stop it at once */
    fclose(f);
    static int echo = -1;
    if (echo < 0)
        echo = getenv("QUARTET_FUZZ_ECHO") != NULL;
    if (echo)
        fprintf(stderr, "%s", resp);
    check_response(&e, resp, rlen);
    if (rlen > 0 && resp[0] == '?')
        check_unchanged(s, &before, resp);
    free(before.state);
    free(resp);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char *buf;
    if (!buf && !(buf = malloc(GTP_MAX_LINE + 1)))
        abort();
    if (size == 0)
        return 0;
    struct player_options popt;
    fuzz_player_options(&popt);
    struct session s;
    session_init(&s, NULL, &popt);
    const struct game *g = game_find("Othello");
    struct game_options opt = {.size = g->default_size};
    if (session_new_game(&s, g, &opt) != 0)
        abort();
    struct text out;
    text_init(&out);
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in)
        abort();
    size_t len;
    enum gtp_read r;
    while (!s.quit && (r = gtp_read_line(in, buf, GTP_MAX_LINE + 1, &len)) != GTP_EOF)
        run_line(&s, &out, buf, len, r == GTP_TOO_LONG);
    fclose(in);
    text_free(&out);
    session_free(&s);
    return 0;
}
