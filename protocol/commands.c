/* The command handlers and the table that lists them. Handlers check
 * their arguments fully before touching the session, so a failed command
 * leaves the game exactly as it was. */
#include "protocol/commands.h"

#include "engine/clock.h"
#include "engine/stop.h"
#include "protocol/args.h"
#include "protocol/catalog.h"
#include "protocol/game_commands.h"
#include "protocol/gtp.h"
#include "protocol/picture.h"
#include "protocol/sequence.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Echoes a user's word in a message, shortened (gtp_respond sanitises). */
static void put_word(struct text *out, const char *w)
{
    size_t n = strlen(w);
    text_puts(out, "'");
    text_append(out, w, n > 40 ? 40 : n);
    text_puts(out, n > 40 ? "...'" : "'");
}

/* Appends the output of a game's formatting function, whatever its size. */
static void put_formatted(struct text *out, const void *st,
                          int (*fn)(const void *, char *, size_t))
{
    char small[512];
    int n = fn(st, small, sizeof small);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        text_append(out, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big)
        return;
    fn(st, big, (size_t)n + 1);
    text_append(out, big, (size_t)n);
    free(big);
}

static void put_move(struct text *out, const struct game *g, const void *st,
                     move_t m)
{
    char buf[64];
    if (g->format_move(st, m, buf, sizeof buf) < 0)
        snprintf(buf, sizeof buf, "?");
    text_puts(out, buf);
}

/* Player argument: any of the game's names for a seat. */
static bool parse_player(const struct session *s, const char *w, int *p,
                         struct text *out)
{
    *p = game_player_index(s->game, w);
    if (*p >= 0)
        return true;
    text_puts(out, "syntax error: unknown player ");
    put_word(out, w);
    text_puts(out, " (");
    for (int i = 0; i < s->game->num_players; i++)
        text_printf(out, "%s%s", i ? ", " : "", game_player_name(s->game, i));
    text_puts(out, ")");
    return false;
}

static bool parse_move(const struct session *s, const char *w, move_t *m,
                       struct text *out)
{
    if (s->game->parse_move(s->state, w, m) == 0)
        return true;
    text_puts(out, "syntax error: invalid move ");
    put_word(out, w);
    return false;
}

/* Why `player` cannot move now (after session_reach said no). */
static void not_on_turn(const struct session *s, int player, struct text *out)
{
    const struct game *g = s->game;
    int tm = g->to_move(s->state);
    if (tm < 0) {
        text_puts(out, "illegal move: the game is over");
        return;
    }
    text_printf(out, "illegal move: not %s's turn (%s to move)",
                game_player_name(g, player), game_player_name(g, tm));
}

/* ---- standard GTP: administration ---- */

static bool cmd_protocol_version(struct session *s, int argc, char **argv,
                                 struct text *out)
{
    (void)s, (void)argc, (void)argv;
    text_puts(out, "2");
    return true;
}

static bool cmd_name(struct session *s, int argc, char **argv, struct text *out)
{
    (void)s, (void)argc, (void)argv;
    text_puts(out, QUARTET_NAME);
    return true;
}

static bool cmd_version(struct session *s, int argc, char **argv,
                        struct text *out)
{
    (void)s, (void)argc, (void)argv;
    text_puts(out, QUARTET_VERSION);
    return true;
}

static bool cmd_known_command(struct session *s, int argc, char **argv,
                              struct text *out)
{
    (void)s, (void)argc;
    bool known = command_find(argv[0]) || game_command_find(argv[0]);
    text_puts(out, known ? "true" : "false");
    return true;
}

static bool cmd_list_commands(struct session *s, int argc, char **argv,
                              struct text *out)
{
    (void)s, (void)argc, (void)argv;
    const char *name;
    for (int i = 0; (name = command_name(i)) != NULL; i++)
        text_printf(out, "%s%s", i ? "\n" : "", name);
    return true;
}

static bool cmd_help(struct session *s, int argc, char **argv, struct text *out)
{
    (void)s;
    for (int i = 0; command_table[i].name; i++) {
        const struct command *c = &command_table[i];
        if (argc == 1 && strcmp(c->name, argv[0]) != 0)
            continue;
        text_printf(out, "%s%s%s%s - %s", out->len ? "\n" : "", c->name,
                    c->usage[0] ? " " : "", c->usage, c->help);
    }
    const struct game_command *gc;
    for (int i = 0; (gc = game_command_at(i)) != NULL; i++) {
        if (argc == 1 && strcmp(gc->name, argv[0]) != 0)
            continue;
        text_printf(out, "%s%s%s%s - %s", out->len ? "\n" : "", gc->name,
                    gc->usage[0] ? " " : "", gc->usage, gc->doc);
    }
    if (argc == 1 && out->len == 0) {
        text_puts(out, "unknown command");
        return false;
    }
    return true;
}

static bool cmd_quit(struct session *s, int argc, char **argv, struct text *out)
{
    (void)argc, (void)argv;
    (void)out;
    s->quit = true;
    return true;
}

/* ---- standard GTP: setting up ---- */

static bool new_game(struct session *s, const struct game *g,
                     const struct game_options *opt, struct text *out)
{
    if (session_new_game(s, g, opt) == 0)
        return true;
    text_puts(out, "cannot start the game (out of memory or no player)");
    return false;
}

static bool cmd_boardsize(struct session *s, int argc, char **argv,
                          struct text *out)
{
    const struct game *g = s->game;
    long long n[2] = {0, 0};
    for (int i = 0; i < argc; i++) {
        enum args_status r = args_int(argv[i], LLONG_MIN, LLONG_MAX, &n[i]);
        if (r == ARGS_SYNTAX) {
            text_puts(out, "syntax error: size must be a number");
            return false;
        }
        if (r == ARGS_RANGE)
            n[i] = -1;   /* overflowing: certainly unacceptable */
    }
    if ((argc == 2 && n[1] != n[0]) || !catalog_size_ok(g, n[0])) {
        text_puts(out, "unacceptable size");
        return false;
    }
    struct game_options opt = s->opt;
    opt.size = (int)n[0];
    return new_game(s, g, &opt, out);
}

static bool cmd_clear_board(struct session *s, int argc, char **argv,
                            struct text *out)
{
    (void)argc, (void)argv;
    struct game_options opt = s->opt;
    return new_game(s, s->game, &opt, out);
}

static bool cmd_komi(struct session *s, int argc, char **argv, struct text *out)
{
    (void)s, (void)argc;
    double k;
    if (args_double(argv[0], &k) != ARGS_OK) {
        text_puts(out, "syntax error: komi must be a number");
        return false;
    }
    return true;   /* none of the games has komi */
}

static bool cmd_list_games(struct session *s, int argc, char **argv,
                           struct text *out)
{
    (void)s, (void)argc, (void)argv;
    for (int i = 0; game_registry[i]; i++)
        text_printf(out, "%s%s", i ? "\n" : "", game_registry[i]->name);
    return true;
}

static bool cmd_set_game(struct session *s, int argc, char **argv,
                         struct text *out)
{
    const struct game *g = game_find(argv[0]);
    if (!g) {
        text_puts(out, "unknown game ");
        put_word(out, argv[0]);
        text_puts(out, " (see list_games)");
        return false;
    }
    struct game_options opt = {.size = g->default_size, .flags = 0};
    for (int i = 1; i < argc; i++) {
        const struct game_variant *v = game_variant_find(g, argv[i]);
        if (!v) {
            text_printf(out, "unknown variant ");
            put_word(out, argv[i]);
            text_printf(out, " for %s ", g->name);
            if (!g->variants[0].name)
                text_puts(out, "(it has none)");
            for (int v = 0; v < GAME_MAX_VARIANTS && g->variants[v].name; v++)
                text_printf(out, "%s%s", v ? ", " : "(", g->variants[v].name);
            if (g->variants[0].name)
                text_puts(out, ")");
            return false;
        }
        /* Said twice is a mistake in what the controller meant. */
        if (opt.flags & v->flag) {
            text_printf(out, "repeated variant '%s' for %s", v->name, g->name);
            return false;
        }
        opt.flags |= v->flag;
    }
    return new_game(s, g, &opt, out);
}

/* ---- standard GTP: playing ---- */

static bool cmd_play(struct session *s, int argc, char **argv, struct text *out)
{
    (void)argc;
    const struct game *g = s->game;
    int p;
    move_t m;
    if (!parse_player(s, argv[0], &p, out) || !parse_move(s, argv[1], &m, out))
        return false;
    if (!session_reach(s, p)) {
        not_on_turn(s, p, out);
        return false;
    }
    if (!game_is_legal(g, s->scratch, m)) {
        text_puts(out, "illegal move");
        return false;
    }
    g->play(s->scratch, m);
    if (session_commit(s) != 0) {
        text_puts(out, "out of memory");
        return false;
    }
    return true;
}

/* Chooses the move of player p in s->scratch (already reached); the only
 * legal move is taken without asking the player. */
static bool choose(struct session *s, int p, bool charge_clock, move_t *m,
                   struct text *out)
{
    const struct game *g = s->game;
    move_t moves[GAME_MAX_MOVES];
    int n = g->legal_moves(s->scratch, moves);
    if (n == 1) {
        *m = moves[0];
        return true;
    }
    if (!s->player) {
        text_puts(out, "no player to generate moves");
        return false;
    }
    int left = g->moves_left ? g->moves_left(s->scratch) : 0;
    /* Stopped (interrupt, SIGINT, time cap), the player answers with the
     * best move it has found so far, or any legal move. */
    struct search_limits lim = {
        .seconds = timectl_budget(&s->tc, p, s->popt.time_per_move, left),
        .clock = timectl_clock(&s->tc, p),
        .playouts = s->popt.playouts,
        .stop = s->stop,
    };
    double t0 = clock_now();
    *m = s->ptype->genmove(s->player, s->scratch, &lim);
    if (charge_clock)
        timectl_spent(&s->tc, p, clock_now() - t0);
    if (!game_is_legal(g, s->scratch, *m)) {
        text_puts(out, "internal error: the player chose an illegal move");
        return false;
    }
    return true;
}

static bool genmove(struct session *s, char **argv, bool commit,
                    struct text *out)
{
    const struct game *g = s->game;
    int p;
    if (!parse_player(s, argv[0], &p, out))
        return false;
    if (g->is_over(s->state)) {
        text_puts(out, "pass");
        return true;
    }
    if (!session_reach(s, p)) {
        not_on_turn(s, p, out);
        return false;
    }
    move_t m;
    if (!choose(s, p, commit, &m, out))
        return false;
    put_move(out, g, s->scratch, m);
    g->play(s->scratch, m);
    if (commit && session_commit(s) != 0) {
        text_clear(out);
        text_puts(out, "out of memory");
        return false;
    }
    return true;
}

static bool cmd_genmove(struct session *s, int argc, char **argv,
                        struct text *out)
{
    (void)argc;
    return genmove(s, argv, true, out);
}

static bool cmd_reg_genmove(struct session *s, int argc, char **argv,
                            struct text *out)
{
    (void)argc;
    return genmove(s, argv, false, out);
}

static bool cmd_undo(struct session *s, int argc, char **argv, struct text *out)
{
    (void)argc, (void)argv;
    if (session_undo(s) == 0)
        return true;
    text_puts(out, "cannot undo");
    return false;
}

static bool cmd_showboard(struct session *s, int argc, char **argv,
                          struct text *out)
{
    (void)argc, (void)argv;
    text_puts(out, "\n");   /* the board starts on the line after "=" */
    put_formatted(out, s->state, s->game->show);
    return true;
}

static bool cmd_final_score(struct session *s, int argc, char **argv,
                            struct text *out)
{
    (void)argc, (void)argv;
    if (!s->game->is_over(s->state)) {
        text_puts(out, "game is not over");
        return false;
    }
    put_formatted(out, s->state, s->game->format_result);
    return true;
}

/* ---- standard GTP: time ---- */

static bool cmd_time_settings(struct session *s, int argc, char **argv,
                              struct text *out)
{
    (void)argc;
    double main_time, byo_time;
    long long stones;
    if (args_double(argv[0], &main_time) != ARGS_OK ||
        args_double(argv[1], &byo_time) != ARGS_OK ||
        args_int(argv[2], 0, INT_MAX, &stones) != ARGS_OK ||
        main_time < 0 || byo_time < 0) {
        text_puts(out, "syntax error: expected non-negative main time, "
                       "byo-yomi time and stones");
        return false;
    }
    if (timectl_settings(&s->tc, main_time, byo_time, (int)stones) != 0) {
        text_puts(out, "syntax error: negative time");
        return false;
    }
    s->tc_set = true;
    s->tc_main = main_time;
    s->tc_byo = byo_time;
    s->tc_stones = (int)stones;
    return true;
}

static bool cmd_time_left(struct session *s, int argc, char **argv,
                          struct text *out)
{
    (void)argc;
    int p;
    double t;
    long long stones;
    if (!parse_player(s, argv[0], &p, out))
        return false;
    if (args_double(argv[1], &t) != ARGS_OK || t < 0 ||
        args_int(argv[2], 0, INT_MAX, &stones) != ARGS_OK) {
        text_puts(out, "syntax error: expected non-negative time and stones");
        return false;
    }
    if (timectl_left(&s->tc, p, t, (int)stones) != 0) {
        text_puts(out, "syntax error: negative time");
        return false;
    }
    return true;
}

/* ---- extensions ---- */

static bool cmd_score(struct session *s, int argc, char **argv, struct text *out)
{
    (void)argc, (void)argv;
    put_formatted(out, s->state, s->game->format_score);
    return true;
}

static bool cmd_legal_moves(struct session *s, int argc, char **argv,
                            struct text *out)
{
    const struct game *g = s->game;
    int p = g->to_move(s->state);
    if (argc == 1 && !parse_player(s, argv[0], &p, out))
        return false;
    if (p < 0 || !session_reach(s, p))
        return true;   /* play would accept nothing: an empty list */
    move_t moves[GAME_MAX_MOVES];
    int n = g->legal_moves(s->scratch, moves);
    for (int i = 0; i < n; i++) {
        if (i)
            text_puts(out, " ");
        put_move(out, g, s->scratch, moves[i]);
    }
    return true;
}

static bool cmd_perft(struct session *s, int argc, char **argv,
                      struct text *out)
{
    (void)argc;
    long long d;
    if (args_int(argv[0], 0, COMMANDS_MAX_PERFT, &d) != ARGS_OK) {
        text_printf(out, "syntax error: depth must be a number from 0 to %d",
                    COMMANDS_MAX_PERFT);
        return false;
    }
    uint64_t n;
    if (game_perft_stop(s->game, s->state, (int)d, s->stop, &n) != 0) {
        text_puts(out, "interrupted");
        return false;
    }
    text_printf(out, "%llu", (unsigned long long)n);
    return true;
}

/* GoGui lists this to learn that `# interrupt` works (protocol/runner.c);
 * sent as a command it has nothing to do. */
static bool cmd_gogui_interrupt(struct session *s, int argc, char **argv,
                                struct text *out)
{
    (void)s, (void)argc, (void)argv, (void)out;
    return true;
}

static bool cmd_list_players(struct session *s, int argc, char **argv,
                             struct text *out)
{
    (void)s, (void)argc, (void)argv;
    for (int i = 0; player_registry[i]; i++)
        text_printf(out, "%s%s", i ? "\n" : "", player_registry[i]->name);
    return true;
}

static bool cmd_set_player(struct session *s, int argc, char **argv,
                           struct text *out)
{
    (void)argc;
    const struct player_type *pt = NULL;
    if (strcasecmp(argv[0], "default") != 0 && !(pt = player_find(argv[0]))) {
        text_puts(out, "unknown player ");
        put_word(out, argv[0]);
        text_puts(out, " (see list_players)");
        return false;
    }
    int r = session_set_player(s, pt);
    if (r == -2) {
        text_printf(out, "player %s does not play %s", pt->name, s->game->name);
        return false;
    }
    if (r != 0) {
        text_puts(out, "cannot create that player for this game");
        return false;
    }
    return true;
}

/* The board text is n*n squares, so its length gives the size the game
 * switches to (clear_board then starts a game of that size). */
static bool cmd_set_position(struct session *s, int argc, char **argv,
                             struct text *out)
{
    (void)argc;
    const struct game *g = s->game;
    if (!g->set_position) {
        text_printf(out, "set_position is not available for %s", g->name);
        return false;
    }
    size_t len = strlen(argv[0]);
    int n = 1;
    while ((size_t)n * (size_t)n < len)
        n++;
    if ((size_t)n * (size_t)n != len || !catalog_size_ok(g, n)) {
        text_printf(out, "syntax error: the board must have n*n squares for a "
                    "size n that %s allows", g->name);
        return false;
    }
    char err[256] = "invalid position";
    memcpy(s->scratch, s->state, g->state_size);
    if (g->set_position(s->scratch, argv[0], argv[1], err, sizeof err) != 0) {
        err[sizeof err - 1] = '\0';
        text_puts(out, err);
        return false;
    }
    s->opt.size = n;
    if (session_set_position(s, s->scratch) != 0) {
        text_puts(out, "cannot create the player for this position");
        return false;
    }
    return true;
}

/* analyze's interval in centiseconds, or a message naming the range. */
static bool parse_interval(const char *w, long long *cs, struct text *out)
{
    if (args_int(w, ANALYZE_MIN_INTERVAL, ANALYZE_MAX_INTERVAL, cs) == ARGS_OK)
        return true;
    text_printf(out, "syntax error: analyze interval must be %d to %d centiseconds, not ",
                ANALYZE_MIN_INTERVAL, ANALYZE_MAX_INTERVAL);
    put_word(out, w);
    return false;
}

/* analyze [PLAYER] [INTERVAL]: checks the request; protocol/analyze.c runs
 * it once the "=" line is out, until the next command arrives (or the
 * command time cap ends it). */
static bool cmd_analyze(struct session *s, int argc, char **argv,
                        struct text *out)
{
    int p = -1;
    long long cs = ANALYZE_DEFAULT_INTERVAL;
    double num;
    /* Two words are the player and the interval. A lone word is the
     * player when it names one (Yonin's seats 1-4 are numbers too) or is
     * no number at all; any other number is an interval, in range or not. */
    const char *player = argc == 2 ? argv[0] : NULL, *interval = argc == 2 ? argv[1] : NULL;
    if (argc == 1 && (game_player_index(s->game, argv[0]) >= 0 ||
                      args_double(argv[0], &num) == ARGS_SYNTAX))
        player = argv[0];
    else if (argc == 1)
        interval = argv[0];
    if ((player && !parse_player(s, player, &p, out)) ||
        (interval && !parse_interval(interval, &cs, out)))
        return false;
    s->analyze_request = false;
    if (s->game->is_over(s->state))
        return true;   /* nothing to analyze: an empty success */
    if (p < 0)
        p = s->game->to_move(s->state);
    if (!session_reach(s, p)) {
        not_on_turn(s, p, out);
        return false;
    }
    if (!s->player) {
        text_puts(out, "no player to analyze with");
        return false;
    }
    s->analyze_request = true;
    s->analyze_interval = (double)cs / 100.0;
    return true;
}

/* svg [legal]: the position as one SVG document (the game's svg hook),
 * starting on the "=" line; its lines are never empty, as GTP needs. */
static bool cmd_svg(struct session *s, int argc, char **argv, struct text *out)
{
    const struct game *g = s->game;
    if (argc == 1 && strcmp(argv[0], "legal") != 0) {
        text_puts(out, "syntax error: usage: svg [legal], not ");
        put_word(out, argv[0]);
        return false;
    }
    if (!g->svg) {
        text_printf(out, "svg is not available for %s", g->name);
        return false;
    }
    size_t n;
    char *buf = picture_draw(s, argc == 1, &n);
    if (!buf) {
        text_puts(out, "cannot draw the position");
        return false;
    }
    text_append(out, buf, n);
    free(buf);
    return true;
}

/* command_run hands over at most GTP_MAX_ARGS words. */
_Static_assert(1 + GAME_MAX_VARIANTS <= GTP_MAX_ARGS, "set_game arguments");

const struct command command_table[] = {
    {"protocol_version", cmd_protocol_version, 0, 0, "", "GTP version (2)"},
    {"name", cmd_name, 0, 0, "", "engine name"},
    {"version", cmd_version, 0, 0, "", "engine version"},
    {"known_command", cmd_known_command, 1, 1, "NAME",
     "true if NAME is a command"},
    {"list_commands", cmd_list_commands, 0, 0, "", "all commands"},
    {"help", cmd_help, 0, 1, "[NAME]", "commands with a line of help"},
    {"quit", cmd_quit, 0, 0, "", "exit"},
    {"list_games", cmd_list_games, 0, 0, "", "the games, one a line"},
    {"list_catalog", catalog_list, 0, 0, "",
     "per game, one a line: sizes, default size, variants, seats, players"},
    {"set_game", cmd_set_game, 1, 1 + GAME_MAX_VARIANTS, "NAME [VARIANT...]",
     "new game of NAME at its default size"},
    {"boardsize", cmd_boardsize, 1, 2, "N [N]", "resize and clear the board"},
    {"clear_board", cmd_clear_board, 0, 0, "", "start the game again"},
    {"komi", cmd_komi, 1, 1, "K", "accepted and ignored"},
    {"play", cmd_play, 2, 2, "PLAYER MOVE", "play a move"},
    {"play_sequence", cmd_play_sequence, 1, GTP_MAX_ARGS, "MOVES...",
     "play a move list (f5d6c3, f5 d6 c3 or f5,d6,c3) all or nothing"},
    {"genmove", cmd_genmove, 1, 1, "PLAYER", "choose a move and play it"},
    {"reg_genmove", cmd_reg_genmove, 1, 1, "PLAYER",
     "choose a move without playing it"},
    {"undo", cmd_undo, 0, 0, "", "take back the last play or genmove"},
    {"showboard", cmd_showboard, 0, 0, "", "print the board"},
    {"score", cmd_score, 0, 0, "", "current scores and whether over"},
    {"final_score", cmd_final_score, 0, 0, "", "result of a finished game"},
    {"legal_moves", cmd_legal_moves, 0, 1, "[PLAYER]",
     "moves play would accept now"},
    {"perft", cmd_perft, 1, 1, "DEPTH", "count move sequences of DEPTH plies"},
    {"time_settings", cmd_time_settings, 3, 3, "MAIN BYO STONES",
     "set the clock (seconds; Canadian byo-yomi)"},
    {"time_left", cmd_time_left, 3, 3, "PLAYER TIME STONES",
     "time left for a player"},
    {"list_players", cmd_list_players, 0, 0, "", "the move-choosing players"},
    {"set_player", cmd_set_player, 1, 1, "NAME",
     "choose the player for genmove and analyze (default: the game's own)"},
    {"set_position", cmd_set_position, 2, 2, "BOARD SIDE",
     "set up a position: n*n squares row by row, and the side to move"},
    {"analyze", cmd_analyze, 0, 2, "[PLAYER] [INTERVAL]",
     "stream the best moves every INTERVAL centiseconds until the next command"},
    {"svg", cmd_svg, 0, 1, "[legal]",
     "the position as an SVG picture (legal: mark the legal moves)"},
    {"svg_diff", picture_svg_diff, 0, 2, "[legal] [full]",
     "the svg picture as a line patch against the previous svg_diff's"},
    {"gogui-interrupt", cmd_gogui_interrupt, 0, 0, "",
     "listed to say that a line '# interrupt' stops the running command"},
    {NULL, NULL, 0, 0, NULL, NULL},
};

const char *command_name(int i)
{
    static const int table_len = sizeof command_table / sizeof command_table[0] - 1;
    if (i < table_len)
        return command_table[i].name;
    const struct game_command *gc = game_command_at(i - table_len);
    return gc ? gc->name : NULL;
}

const struct command *command_find(const char *name)
{
    for (int i = 0; command_table[i].name; i++)
        if (strcmp(command_table[i].name, name) == 0)
            return &command_table[i];
    return NULL;
}

/* A command stopped by the time cap or the end of input says so (always
 * false: a failure). */
static bool explain_stop(const struct session *s, struct text *out)
{
    if (strcmp(text_str(out), "interrupted") != 0)
        return false;
    if (stop_value(s->stop) == STOP_TIME_LIMIT)
        text_printf(out, ": command time limit (%g s)", s->max_command_time);
    else if (stop_value(s->stop) == STOP_END_OF_INPUT)
        text_puts(out, ": end of input");
    return false;
}

bool command_run(struct session *s, const char *name, int argc, char **argv,
                 struct text *out)
{
    text_clear(out);
    const struct command *c = command_find(name);
    if (!c && game_command_find(name))
        return (game_command_run(s, name, argc, argv, out) && !out->failed) ||
               explain_stop(s, out);
    if (!c) {
        text_puts(out, "unknown command");
        return false;
    }
    if (argc < c->min_args || argc > c->max_args) {
        text_printf(out, "syntax error: usage: %s%s%s", c->name,
                    c->usage[0] ? " " : "", c->usage);
        return false;
    }
    bool ok = c->fn(s, argc, argv, out);
    if (out->failed) {
        text_clear(out);
        text_puts(out, "out of memory");
        return false;
    }
    return ok || explain_stop(s, out);
}
