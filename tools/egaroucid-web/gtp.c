/* gtp.c: a GTP version 2 front for an Othello engine behind engine.h (the
 * Egaroucid for Web sparring partner): flags, the command loop, and its own
 * copy of the game, so that every move in or out is checked here. */
#define _POSIX_C_SOURCE 200809L   /* dup, fdopen, strcasecmp */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "board.h"
#include "engine.h"

#define LINE_MAX_LEN 4096
#define MAX_ARGS 8
#define MAX_HISTORY 200   /* a game has at most 60 moves and 60 passes */

struct gtp {
    struct board board;
    struct board history[MAX_HISTORY];   /* the positions before each commit */
    int nhistory;
    struct engine_options opt;
    FILE *out;   /* the GTP channel: the process's stdout before main moved it */
    int quit;
};

/* A reply under construction: the text after "= " or "? ". */
struct reply {
    char text[256];
};

static int fail(struct reply *r, const char *msg)
{
    snprintf(r->text, sizeof r->text, "%s", msg);
    return 0;
}

static int parse_colour(const char *s, int *c)
{
    char low[8];
    size_t n = strlen(s);
    if (n >= sizeof low)
        return -1;
    for (size_t i = 0; i <= n; i++)
        low[i] = (char)tolower((unsigned char)s[i]);
    if (!strcmp(low, "b") || !strcmp(low, "black"))
        *c = BLACK;
    else if (!strcmp(low, "w") || !strcmp(low, "white"))
        *c = WHITE;
    else
        return -1;
    return 0;
}

static int parse_move(const char *s, int *sq)
{
    if (!strcasecmp(s, "pass")) {
        *sq = PASS;
        return 0;
    }
    int col = tolower((unsigned char)s[0]) - 'a';
    if (strlen(s) != 2 || col < 0 || col > 7 || s[1] < '1' || s[1] > '8')
        return -1;
    *sq = (s[1] - '1') * 8 + col;
    return 0;
}

static void put_move(char *buf, size_t cap, int sq)
{
    if (sq == PASS)
        snprintf(buf, cap, "pass");
    else
        snprintf(buf, cap, "%c%c", 'a' + sq % 8, '1' + sq / 8);
}

static const char *colour_name(int c)
{
    return c == BLACK ? "black" : "white";
}

/* The position where colour c is to move: the present one, or after the
 * forced pass of the other side. 0 when c cannot move now (message in r). */
static int reach(const struct gtp *g, int c, struct board *b, struct reply *r)
{
    *b = g->board;
    if (board_is_over(b))
        return fail(r, "illegal move: the game is over");
    if (b->to_move != c && board_legal(b) == 0)
        board_play(b, PASS);
    if (b->to_move != c) {
        snprintf(r->text, sizeof r->text, "illegal move: not %s's turn (%s to move)",
                 colour_name(c), colour_name(b->to_move));
        return 0;
    }
    return 1;
}

/* Makes b (reached from the present position) the present position. */
static int commit(struct gtp *g, const struct board *b, struct reply *r)
{
    if (g->nhistory == MAX_HISTORY)
        return fail(r, "history full");
    g->history[g->nhistory++] = g->board;
    g->board = *b;
    return 1;
}

/* ---- the commands: each returns 1 (success, r holds the answer) or 0 ---- */

typedef int (*handler)(struct gtp *g, int argc, char **argv, struct reply *r);

static int cmd_protocol_version(struct gtp *g, int argc, char **argv, struct reply *r)
{
    (void)g, (void)argc, (void)argv;
    snprintf(r->text, sizeof r->text, "2");
    return 1;
}

static int cmd_name(struct gtp *g, int argc, char **argv, struct reply *r)
{
    (void)g, (void)argc, (void)argv;
    snprintf(r->text, sizeof r->text, "%s", engine_name());
    return 1;
}

static int cmd_version(struct gtp *g, int argc, char **argv, struct reply *r)
{
    (void)argc, (void)argv;
    engine_version(&g->opt, r->text, sizeof r->text);
    return 1;
}

static int cmd_known_command(struct gtp *g, int argc, char **argv, struct reply *r);
static int cmd_list_commands(struct gtp *g, int argc, char **argv, struct reply *r);

static int cmd_quit(struct gtp *g, int argc, char **argv, struct reply *r)
{
    (void)argc, (void)argv, (void)r;
    g->quit = 1;
    return 1;
}

static int cmd_boardsize(struct gtp *g, int argc, char **argv, struct reply *r)
{
    (void)argc;
    if (strcmp(argv[0], "8") != 0)
        return fail(r, "unacceptable size");
    board_start(&g->board);
    g->nhistory = 0;
    return 1;
}

static int cmd_clear_board(struct gtp *g, int argc, char **argv, struct reply *r)
{
    (void)argc, (void)argv, (void)r;
    board_start(&g->board);
    g->nhistory = 0;
    return 1;
}

/* komi, time_settings, time_left: the engine plays at a fixed level. */
static int cmd_ignored(struct gtp *g, int argc, char **argv, struct reply *r)
{
    (void)g, (void)argv, (void)r;
    for (int i = 0; i < argc; i++) {
        char *end;
        errno = 0;
        strtod(argv[i], &end);
        if (*end || end == argv[i] || errno)
            return fail(r, "syntax error: a number expected");
    }
    return 1;
}

static int cmd_time_left(struct gtp *g, int argc, char **argv, struct reply *r)
{
    int c;
    if (parse_colour(argv[0], &c) != 0)
        return fail(r, "syntax error: invalid color");
    return cmd_ignored(g, argc - 1, argv + 1, r);
}

static int cmd_play(struct gtp *g, int argc, char **argv, struct reply *r)
{
    (void)argc;
    int c, sq;
    struct board b;
    if (parse_colour(argv[0], &c) != 0)
        return fail(r, "syntax error: invalid color");
    if (parse_move(argv[1], &sq) != 0)
        return fail(r, "syntax error: invalid move");
    if (!reach(g, c, &b, r))
        return 0;
    if (!board_is_legal(&b, sq))
        return fail(r, "illegal move");
    board_play(&b, sq);
    return commit(g, &b, r);
}

static int popcount64(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

static int lowest_square(uint64_t x)
{
    int sq = 0;
    while (!(x >> sq & 1))
        sq++;
    return sq;
}

static int cmd_genmove(struct gtp *g, int argc, char **argv, struct reply *r)
{
    (void)argc;
    int c, sq;
    struct board b;
    if (parse_colour(argv[0], &c) != 0)
        return fail(r, "syntax error: invalid color");
    if (board_is_over(&g->board)) {
        snprintf(r->text, sizeof r->text, "pass");
        return 1;
    }
    if (!reach(g, c, &b, r))
        return 0;
    uint64_t legal = board_legal(&b);
    if (legal == 0)
        sq = PASS;
    else if (popcount64(legal) == 1)
        sq = lowest_square(legal);   /* no need to ask */
    else
        sq = engine_choose(b.disc[c], b.disc[!c], &g->opt);
    if (!board_is_legal(&b, sq)) {
        char m[8];
        put_move(m, sizeof m, sq >= 0 && sq < 64 ? sq : PASS);
        snprintf(r->text, sizeof r->text, "engine chose an illegal move (%s)", m);
        return 0;
    }
    board_play(&b, sq);
    if (!commit(g, &b, r))
        return 0;
    put_move(r->text, sizeof r->text, sq);
    return 1;
}

static int cmd_undo(struct gtp *g, int argc, char **argv, struct reply *r)
{
    (void)argc, (void)argv;
    if (g->nhistory == 0)
        return fail(r, "cannot undo");
    g->board = g->history[--g->nhistory];
    return 1;
}

static int cmd_final_score(struct gtp *g, int argc, char **argv, struct reply *r)
{
    (void)argc, (void)argv;
    const struct board *b = &g->board;
    if (!board_is_over(b))
        return fail(r, "game is not over");
    int black = popcount64(b->disc[BLACK]), white = popcount64(b->disc[WHITE]);
    int empty = 64 - black - white;   /* the empties go to the winner */
    if (black == white)
        snprintf(r->text, sizeof r->text, "0");
    else if (black > white)
        snprintf(r->text, sizeof r->text, "B+%d", black + empty - white);
    else
        snprintf(r->text, sizeof r->text, "W+%d", white + empty - black);
    return 1;
}

static int cmd_showboard(struct gtp *g, int argc, char **argv, struct reply *r)
{
    (void)argc, (void)argv;
    char *p = r->text;
    p += sprintf(p, "\n  a b c d e f g h\n");
    for (int row = 7; row >= 0; row--) {
        p += sprintf(p, "%d", row + 1);
        for (int col = 0; col < 8; col++) {
            uint64_t at = 1ULL << (row * 8 + col);
            p += sprintf(p, " %c", g->board.disc[BLACK] & at ? 'X'
                                   : g->board.disc[WHITE] & at ? 'O' : '.');
        }
        p += sprintf(p, "\n");
    }
    sprintf(p, "%s to move", colour_name(g->board.to_move));
    return 1;
}

static const struct command {
    const char *name;
    handler fn;
    int min_args, max_args;
} commands[] = {
    {"protocol_version", cmd_protocol_version, 0, 0},
    {"name", cmd_name, 0, 0},
    {"version", cmd_version, 0, 0},
    {"known_command", cmd_known_command, 1, 1},
    {"list_commands", cmd_list_commands, 0, 0},
    {"quit", cmd_quit, 0, 0},
    {"boardsize", cmd_boardsize, 1, 1},
    {"clear_board", cmd_clear_board, 0, 0},
    {"komi", cmd_ignored, 1, 1},
    {"play", cmd_play, 2, 2},
    {"genmove", cmd_genmove, 1, 1},
    {"undo", cmd_undo, 0, 0},
    {"final_score", cmd_final_score, 0, 0},
    {"showboard", cmd_showboard, 0, 0},
    {"time_settings", cmd_ignored, 3, 3},
    {"time_left", cmd_time_left, 3, 3},
};
#define NCOMMANDS (int)(sizeof commands / sizeof commands[0])

static const struct command *find_command(const char *name)
{
    for (int i = 0; i < NCOMMANDS; i++)
        if (!strcmp(commands[i].name, name))
            return &commands[i];
    return NULL;
}

static int cmd_known_command(struct gtp *g, int argc, char **argv, struct reply *r)
{
    (void)g, (void)argc;
    snprintf(r->text, sizeof r->text, "%s", find_command(argv[0]) ? "true" : "false");
    return 1;
}

static int cmd_list_commands(struct gtp *g, int argc, char **argv, struct reply *r)
{
    (void)g, (void)argc, (void)argv;
    size_t len = 0;
    r->text[0] = '\0';
    for (int i = 0; i < NCOMMANDS; i++)
        len += (size_t)snprintf(r->text + len, sizeof r->text - len, "%s%s",
                                i ? "\n" : "", commands[i].name);
    return 1;
}

/* ---- the loop ---- */

/* GTP's preprocessing: control characters other than tab and newline go,
 * tabs become spaces, a '#' starts a comment. */
static void clean_line(char *s)
{
    char *w = s;
    for (char *p = s; *p && *p != '#'; p++) {
        unsigned char ch = (unsigned char)*p;
        if (ch == '\t')
            *w++ = ' ';
        else if (ch >= 32 && ch != 127)
            *w++ = (char)ch;
    }
    *w = '\0';
}

static void respond(struct gtp *g, int ok, const char *id, const char *text)
{
    fprintf(g->out, "%c%s%s%s\n\n", ok ? '=' : '?', id, text[0] ? " " : "", text);
    fflush(g->out);
}

static void run_line(struct gtp *g, char *line)
{
    char *argv[MAX_ARGS + 2];
    int argc = 0;
    clean_line(line);
    for (char *t = strtok(line, " "); t; t = strtok(NULL, " "))
        if (argc < MAX_ARGS + 2)
            argv[argc++] = t;
    if (argc == 0)
        return;
    char id[24] = "";
    int first = 0;
    if (isdigit((unsigned char)argv[0][0])) {
        size_t n = strspn(argv[0], "0123456789");
        if (argv[0][n] || n >= sizeof id) {
            respond(g, 0, "", "syntax error: invalid id");
            return;
        }
        memcpy(id, argv[0], n + 1);
        first = 1;
        if (argc == 1) {
            respond(g, 0, id, "syntax error: no command");
            return;
        }
    }
    const struct command *c = find_command(argv[first]);
    int nargs = argc - first - 1;
    struct reply r = {""};
    if (!c) {
        respond(g, 0, id, "unknown command");
        return;
    }
    if (nargs < c->min_args || nargs > c->max_args) {
        respond(g, 0, id, "syntax error: wrong number of arguments");
        return;
    }
    int ok = c->fn(g, nargs, argv + first + 1, &r);
    respond(g, ok, id, r.text);
}

/* Reads lines until quit or the end of input. A line too long for the
 * buffer is read to its end and refused as a whole. */
static void loop(struct gtp *g)
{
    char line[LINE_MAX_LEN];
    while (!g->quit && fgets(line, sizeof line, stdin)) {
        size_t n = strlen(line);
        if (n == sizeof line - 1 && line[n - 1] != '\n') {
            int ch;
            while ((ch = getchar()) != EOF && ch != '\n')
                ;
            respond(g, 0, "", "syntax error: line too long");
            continue;
        }
        run_line(g, line);
    }
}

static void usage(FILE *f)
{
    fprintf(f,
        "usage: egaroucid-gtp [--level N] [--no-book]\n"
        "  A GTP engine for quartet-match: Egaroucid for Web at a fixed level.\n"
        "      --level N   the level, 0 to %d (default 13)\n"
        "      --no-book   never play from the opening book\n"
        "  -h, --help      this text\n",
        engine_max_level());
}

static int parse_flags(int argc, char **argv, struct engine_options *o)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--level") && i + 1 < argc) {
            char *end;
            long v = strtol(argv[++i], &end, 10);
            if (*end || end == argv[i] || v < 0 || v > engine_max_level()) {
                fprintf(stderr, "egaroucid-gtp: --level must be 0 to %d, not '%s'\n",
                        engine_max_level(), argv[i]);
                return 2;
            }
            o->level = (int)v;
        } else if (!strcmp(argv[i], "--no-book")) {
            o->book = false;
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "egaroucid-gtp: unknown or incomplete flag '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    return -1;
}

int main(int argc, char **argv)
{
    static struct gtp g;
    g.opt.level = 13;
    g.opt.book = true;
    int rc = parse_flags(argc, argv, &g.opt);
    if (rc >= 0)
        return rc;
    /* GTP gets the real stdout; anything else the engine prints to stdout
     * goes to stderr, so the channel carries nothing but GTP. */
    int fd = dup(STDOUT_FILENO);
    if (fd < 0 || !(g.out = fdopen(fd, "w")) || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        perror("egaroucid-gtp: stdout");
        return 1;
    }
    char err[256] = "";
    if (engine_start(&g.opt, err, sizeof err) != 0) {
        fprintf(stderr, "egaroucid-gtp: %s\n", err);
        return 1;
    }
    board_start(&g.board);
    loop(&g);
    return 0;
}
