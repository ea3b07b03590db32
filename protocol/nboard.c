/* NBoard protocol: the command loop, and the commands that set up the
 * position (set game, move) or answer at once (nboard, set depth, set
 * contempt, ping, learn, nodestats). Any line stops a running search
 * (runner_set_any_line_stops), as NBoard expects of `ping`. Bad input
 * gets a `status` line saying why, and changes nothing. */
#include "protocol/nboard.h"

#include "protocol/args.h"
#include "records/ggf.h"
#include "records/record.h"
#include "records/replay.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void nboard_line(struct nboard *nb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(nb->out, fmt, ap);
    va_end(ap);
    fputc('\n', nb->out);
    fflush(nb->out);
}

void nboard_error(struct nboard *nb, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* One line whatever the input held. */
    for (char *c = msg; *c; c++)
        if ((unsigned char)*c < 32 || *c == 127)
            *c = ' ';
    nboard_line(nb, "status Quartet: %s", msg);
    if (nb->s->popt.verbose > 0)
        fprintf(stderr, "nboard: %s\n", msg);
}

int nboard_mover(const struct nboard *nb, int k)
{
    return (nb->first_mover + k) % nb->s->game->num_players;
}

void nboard_format_move(const struct game *g, const void *st, move_t m,
                        char *buf, size_t cap)
{
    if (m == MOVE_PASS) {
        snprintf(buf, cap, "PA");
        return;
    }
    if (g->format_move(st, m, buf, cap) < 0)
        snprintf(buf, cap, "?");
    for (char *c = buf; *c; c++)
        *c = (char)toupper((unsigned char)*c);
}

/* A quoted word of bad input, shortened and made printable. */
static const char *shown(const char *w, char *buf, size_t cap)
{
    snprintf(buf, cap, "%.40s%s", w, strlen(w) > 40 ? "..." : "");
    return buf;
}

/* NBoard's move text: "PA" is a pass, anything else the game's own. */
static int parse_move(const struct game *g, const void *st, const char *text, move_t *m)
{
    if (strcasecmp(text, "PA") == 0)
        return g->parse_move(st, "pass", m);
    return g->parse_move(st, text, m);
}

/* Plays text in st if it is a legal move there; else a reason in err. */
static int play_text(const struct game *g, void *st, const char *text,
                     char *err, size_t cap)
{
    char w[64];
    move_t m;
    if (g->is_over(st)) {
        snprintf(err, cap, "the game is over: no move '%s'", shown(text, w, sizeof w));
        return -1;
    }
    if (parse_move(g, st, text, &m) != 0) {
        snprintf(err, cap, "'%s' is not a move", shown(text, w, sizeof w));
        return -1;
    }
    if (!game_is_legal(g, st, m)) {
        snprintf(err, cap, "illegal move '%s' for %s", shown(text, w, sizeof w),
                 game_player_name(g, g->to_move(st)));
        return -1;
    }
    g->play(st, m);
    return 0;
}

/* ---- set game ---- */

/* GGF's TI main time, "[[H:]M:]S" before any '/' (GGS writes e.g.
 * "15:00" or "05:00//02:00"; the increments after it are not used), in
 * seconds; 0 when absent or unreadable. */
static double ggf_clock(const char *ti)
{
    double total = 0, part = 0;
    bool digit = false;
    for (; ti && *ti && *ti != '/'; ti++) {
        if (*ti >= '0' && *ti <= '9') {
            part = part * 10 + (*ti - '0');
            digit = true;
        } else if (*ti == ':' && digit) {
            total = (total + part) * 60;
            part = 0;
            digit = false;
        } else {
            return 0;
        }
    }
    return digit && total + part < 1e7 ? total + part : 0;
}

/* The clock of a GGF game: TI's main time, and the time each side's
 * moves took (their /TIME fields). Only the clock: the game itself is
 * read by records/ (below), and a text this does not parse leaves the
 * clock at zero. */
static void ggf_clocks(struct nboard *nb, const char *text)
{
    struct ggf_game *gg = malloc(sizeof *gg);
    size_t used;
    nb->clock_main = 0;
    memset(nb->clock_used, 0, sizeof nb->clock_used);
    if (gg && ggf_read(text, strlen(text), &used, gg, NULL, 0) == 0) {
        nb->clock_main = ggf_clock(ggf_get(gg, "TI"));
        for (int i = 0; i < gg->nmoves; i++)
            if (gg->moves[i].has_time && gg->moves[i].seconds > 0)
                nb->clock_used[gg->moves[i].color == 'W' ? 1 : 0] += gg->moves[i].seconds;
    }
    free(gg);
}

/* The one game of a `set game` line, read and replayed by records/ as
 * every reader of records reads it (the same verdict as quartet-render,
 * quartet-match --check and the page): -1 with the reason in err. */
static int read_game(const struct game *g, const char *text, struct replay *rp, int *size,
                     char *err, size_t cap)
{
    struct rec_file f = {0};
    int rc = -1;
    if (rec_format_of(text) == REC_EMPTY)
        snprintf(err, cap, "bad GGF game: no game (a GGF game starts with '(;')");
    else if (rec_format_of(text) != REC_GGF)
        snprintf(err, cap, "bad GGF game: a GGF game starts with '(;'");
    else if (rec_parse_all(text, strlen(text), &f, err, cap) != 0 || f.n == 0)
        snprintf(err, cap, "bad GGF game: a GGF game starts with '(;'");
    else if (f.n > 1)
        snprintf(err, cap, "text after the GGF game");
    else if (f.games[0].why[0])
        snprintf(err, cap, "bad GGF game: %s", f.games[0].why);
    else if (game_find(f.games[0].game) != g)
        snprintf(err, cap, "bad GGF game: GM[%s] is not %s", f.games[0].game, g->name);
    else {
        char why[256];
        if (replay_game(&f.games[0], rp, why, sizeof why) != 0)
            snprintf(err, cap, "bad GGF game: %s", why);
        else {
            *size = f.games[0].size ? f.games[0].size : g->default_size;
            rc = 0;
        }
    }
    rec_free(&f);
    return rc;
}

static void cmd_set_game(struct nboard *nb, const char *text)
{
    struct session *s = nb->s;
    const struct game *g = s->game;
    struct replay rp;
    char err[400];
    int size = 0;
    if (read_game(g, text, &rp, &size, err, sizeof err) != 0) {
        nboard_error(nb, "%s; position unchanged", err);
        return;
    }
    const void *start = replay_state(&rp, 0);
    s->opt.size = size;
    if (session_set_position(s, start) != 0) {
        nboard_error(nb, "cannot make the player for this game");
    } else {
        nb->first_mover = g->is_over(start) ? 0 : g->to_move(start);
        ggf_clocks(nb, text);
        /* Replays what records/ accepted: every move is legal. */
        for (int i = 0; i < rp.nplies; i++) {
            memcpy(s->scratch, s->state, g->state_size);
            g->play(s->scratch, rp.moves[i]);
            if (session_commit(s) != 0) {
                nboard_error(nb, "out of memory after %d moves", i);
                break;
            }
        }
        nb->hint_fresh = false;
    }
    replay_free(&rp);
}

/* ---- the other commands ---- */

/* `move F5/EVAL/TIME`: eval and time may be blank or left out. */
static void cmd_move(struct nboard *nb, char *arg)
{
    struct session *s = nb->s;
    char err[300], whole[64];
    double v, took = 0;
    shown(arg, whole, sizeof whole);
    char *slash = strchr(arg, '/');
    if (slash) {
        *slash = '\0';
        char *eval = slash + 1, *time = strchr(eval, '/');
        if (time)
            *time++ = '\0';
        if ((*eval && args_double(eval, &v) != ARGS_OK) ||
            (time && *time && args_double(time, &took) != ARGS_OK) ||
            (time && strchr(time, '/'))) {
            nboard_error(nb, "move: expected MOVE/EVAL/TIME, not '%s'; position unchanged",
                         whole);
            return;
        }
    }
    if (!*arg) {
        nboard_error(nb, "move needs a move, e.g. 'move F5' or 'move PA'");
        return;
    }
    memcpy(s->scratch, s->state, s->game->state_size);
    int mover = s->game->to_move(s->state);
    if (play_text(s->game, s->scratch, arg, err, sizeof err) != 0) {
        nboard_error(nb, "%s; position unchanged", err);
        return;
    }
    if (session_commit(s) != 0) {
        nboard_error(nb, "out of memory; position unchanged");
        return;
    }
    if (mover >= 0 && took > 0 && took < 1e7)
        nb->clock_used[mover] += took;
}

static void cmd_set_depth(struct nboard *nb, const char *arg)
{
    struct session *s = nb->s;
    long long d;
    char w[64];
    if (args_int(arg, 1, 60, &d) != ARGS_OK) {
        nboard_error(nb, "set depth needs a depth from 1 to 60, not '%s'", shown(arg, w, sizeof w));
        return;
    }
    int old_depth = s->popt.depth, old_exact = s->popt.exact_empties;
    s->popt.depth = (int)d;
    s->popt.exact_empties = player_level_exact_empties((int)d);
    if (session_set_player(s, s->chosen) != 0) {
        s->popt.depth = old_depth;
        s->popt.exact_empties = old_exact;
        session_set_player(s, s->chosen);
        nboard_error(nb, "cannot make a player of depth %lld", d);
        return;
    }
    nb->depth = (int)d;
    nboard_line(nb, "set myname Quartet%d", nb->depth);
}

static void cmd_set(struct nboard *nb, char *arg)
{
    char *what = arg, *rest = arg + strcspn(arg, " \t");
    if (*rest)
        *rest++ = '\0';
    rest += strspn(rest, " \t");
    char w[64];
    long long n;
    if (strcmp(what, "depth") == 0) {
        cmd_set_depth(nb, rest);
    } else if (strcmp(what, "game") == 0) {
        cmd_set_game(nb, rest);
    } else if (strcmp(what, "contempt") == 0) {
        /* Kept, not used: the alphabeta player values a draw at 0, and the
         * book holds no draws to value otherwise (doc/protocol.md). */
        if (args_int(rest, -6400, 6400, &n) != ARGS_OK)
            nboard_error(nb, "set contempt needs a whole number of centi-discs, not '%s'",
                         shown(rest, w, sizeof w));
        else
            nb->contempt = (int)n;
    } else {
        nboard_error(nb, "unknown setting '%s' (ignored)", shown(what, w, sizeof w));
    }
}

/* One command line (a trailing CR and white space already cut). */
static void run_command(struct nboard *nb, char *line)
{
    char *cmd = line + strspn(line, " \t");
    char *arg = cmd + strcspn(cmd, " \t");
    if (*arg)
        *arg++ = '\0';
    arg += strspn(arg, " \t");
    char w[64];
    long long n;
    if (!*cmd) {
        return;
    } else if (strcmp(cmd, "nboard") == 0) {
        if (args_int(arg, 1, 1000, &n) != ARGS_OK)
            nboard_error(nb, "nboard needs the protocol version, e.g. 'nboard 2'");
        else
            nb->version = (int)n;
    } else if (strcmp(cmd, "set") == 0) {
        cmd_set(nb, arg);
    } else if (strcmp(cmd, "move") == 0) {
        cmd_move(nb, arg);
    } else if (strcmp(cmd, "ping") == 0) {
        /* Any search stopped already: this line stopped it. */
        if (args_int(arg, -2147483647LL - 1, 2147483647LL, &n) != ARGS_OK)
            nboard_error(nb, "ping needs a whole number, not '%s'", shown(arg, w, sizeof w));
        else
            nboard_line(nb, "pong %lld", n);
    } else if (strcmp(cmd, "go") == 0) {
        nboard_go(nb);
    } else if (strcmp(cmd, "hint") == 0) {
        if (args_int(arg, 1, 1000, &n) != ARGS_OK)
            nboard_error(nb, "hint needs a number of moves from 1, not '%s'",
                         shown(arg, w, sizeof w));
        else
            nboard_hint(nb, (int)n);
    } else if (strcmp(cmd, "analyze") == 0) {
        nboard_analyze(nb);
    } else if (strcmp(cmd, "learn") == 0) {
        /* No learning book: the game is not kept (doc/running.md). */
        nboard_line(nb, "learned");
    } else if (strcmp(cmd, "nodestats") == 0) {
        nboard_line(nb, "nodestats %lld %.2f", nb->last_nodes, nb->last_seconds);
    } else if (strcmp(cmd, "quit") == 0) {
        nb->s->quit = true;
    } else {
        nboard_error(nb, "unknown command '%s' (ignored)", shown(cmd, w, sizeof w));
    }
}

void nboard_run(struct session *s, struct runner *r, FILE *out)
{
    struct nboard nb = {.s = s, .r = r, .out = out};
    nb.depth = s->popt.depth > 0 ? s->popt.depth : NBOARD_DEFAULT_DEPTH;
    s->popt.depth = nb.depth;
    if (s->popt.exact_empties < 0)
        s->popt.exact_empties = player_level_exact_empties(nb.depth);
    session_set_player(s, s->chosen);
    nb.first_mover = s->game->is_over(s->state) ? 0 : s->game->to_move(s->state);
    runner_set_any_line_stops(r, true);
    struct runner_line *l;
    enum runner_event e;
    while (!s->quit && !ferror(out) && (e = runner_next(r, 0, &l)) != RUNNER_EOF) {
        if (e == RUNNER_SIGINT)
            break;   /* with nothing running: end, as GTP does */
        if (e != RUNNER_LINE)
            continue;
        if (l->too_long) {
            nboard_error(&nb, "line too long (ignored)");
        } else {
            /* NUL bytes end the line; CR and white space at its end go. */
            l->len = strlen(l->text);
            while (l->len > 0 && isspace((unsigned char)l->text[l->len - 1]))
                l->text[--l->len] = '\0';
            runner_begin(r, l->interrupted);
            run_command(&nb, l->text);
            runner_end(r);
        }
        runner_line_free(l);
    }
    nboard_forget_hint(&nb);
}
