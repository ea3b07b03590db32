/* Whole games between the two front ends of one binary ($QUARTET): one
 * process speaks NBoard (`--protocol nboard`), the other GTP. They take
 * turns choosing moves (NBoard's `go`, GTP's `genmove`), each move is
 * played on the other side, and before every move a probe square (legal
 * or not, a pass now and then) is offered to both: NBoard's `move` and
 * GTP's `legal_moves` must agree on it. At the end both must say the game
 * is over with the same discs (GTP's `score`, NBoard's `analyze` line of
 * the last position). Standard and set-up starts, 8x8, 6x6 and 4x4.
 * `test_nboard_games --transcript FILE [--depth N]` also writes the
 * NBoard side of the first game (sent "> ", received "< ") to FILE. */
#include "check.h"
#include "engine_pipe.h"

#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <unistd.h>

#define LINE 8192

struct side {
    struct engine e;
    FILE *log;      /* NBoard transcript, or NULL */
    int pings;
};

static const char *engine_path(void)
{
    const char *p = getenv("QUARTET");
    return p && *p ? p : "bin/quartet";
}

static void say(struct side *s, const char *fmt, ...)
{
    char buf[LINE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    fprintf(s->e.in, "%s\n", buf);
    fflush(s->e.in);
    if (s->log)
        fprintf(s->log, "> %s\n", buf);
}

/* One line without its newline; false at the end of the output. */
static bool hear(struct side *s, char *buf)
{
    if (!fgets(buf, LINE, s->e.out))
        return false;
    buf[strcspn(buf, "\r\n")] = '\0';
    if (s->log)
        fprintf(s->log, "< %s\n", buf);
    return true;
}

/* GTP: one response, "=..." or "?...", its lines joined by spaces. */
static bool gtp(struct side *g, char *resp, const char *fmt, ...)
{
    char cmd[LINE], line[LINE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    say(g, "%s", cmd);
    resp[0] = '\0';
    while (hear(g, line) && line[0]) {
        if (resp[0])
            strcat(resp, " ");
        strncat(resp, line, LINE - strlen(resp) - 2);
    }
    return resp[0] == '=';
}

/* NBoard: pings and reads up to the pong; true when no error status came
 * before it (an error is a "status Quartet: ..." line). Lines starting
 * with `want` are copied into got. */
static bool nb_sync(struct side *n, const char *want, char *got)
{
    char line[LINE], pong[32];
    bool clean = true;
    snprintf(pong, sizeof pong, "pong %d", ++n->pings);
    say(n, "ping %d", n->pings);
    if (got)
        got[0] = '\0';
    while (hear(n, line)) {
        if (strcmp(line, pong) == 0)
            return clean;
        if (strncmp(line, "status Quartet: ", 16) == 0 &&
            strncmp(line, "status Quartet: depth", 21) != 0)
            clean = false;
        if (want && got && strncmp(line, want, strlen(want)) == 0)
            strcpy(got, line);
    }
    CHECK(false, "the NBoard side ended");
    return false;
}

/* NBoard's go, waited for as NBoard waits (a line sent during the search
 * would stop it): the `===` line into got, or "" when an error status
 * came instead (a finished game). */
static void nb_go(struct side *n, char *got)
{
    char line[LINE];
    say(n, "go");
    got[0] = '\0';
    while (hear(n, line)) {
        if (strncmp(line, "=== ", 4) == 0) {
            strcpy(got, line);
            break;
        }
        if (strncmp(line, "status Quartet: ", 16) == 0 &&
            strncmp(line, "status Quartet: depth", 21) != 0)
            break;
    }
    nb_sync(n, NULL, NULL);
}

/* A game in the making, as GGF, and the moves for GTP. */
struct game {
    int size;
    char board[65];      /* set_position's letters: X, O, - */
    char side;           /* 'X' or 'O' to move at the start */
    bool setup;          /* a BO start, not the standard one */
    char moves[200][4];
    int nmoves;
    char color;          /* 'B' or 'W' to move now */
};

static void ggf(const struct game *g, char *out, size_t cap)
{
    int len = snprintf(out, cap, "(;GM[Othello]PC[test]PB[a]PW[b]TY[%d]", g->size);
    if (g->setup) {
        len += snprintf(out + len, cap - (size_t)len, "BO[%d ", g->size);
        for (int i = 0; i < g->size * g->size; i++)
            out[len++] = g->board[i] == 'X' ? '*' : g->board[i] == 'O' ? 'O' : '-';
        len += snprintf(out + len, cap - (size_t)len, " %c]", g->side == 'X' ? '*' : 'O');
    }
    char c = g->side == 'X' ? 'B' : 'W';
    for (int i = 0; i < g->nmoves; i++) {
        len += snprintf(out + len, cap - (size_t)len, "%c[%s//0.01]", c, g->moves[i]);
        c = c == 'B' ? 'W' : 'B';
    }
    snprintf(out + len, cap - (size_t)len, ";)");
}

/* GTP's word for a move, NBoard's upper case with PA for a pass. */
static void to_gtp(const char *nb, char *out)
{
    if (strcasecmp(nb, "PA") == 0)
        strcpy(out, "pass");
    else
        for (size_t i = 0; i < 3; i++)
            out[i] = (char)(nb[i] >= 'A' && nb[i] <= 'Z' ? nb[i] - 'A' + 'a' : nb[i]);
}

static void to_nb(const char *gtpm, char *out)
{
    if (strcasecmp(gtpm, "pass") == 0) {
        strcpy(out, "PA");
        return;
    }
    for (size_t i = 0; i < 3; i++)
        out[i] = (char)(gtpm[i] >= 'a' && gtpm[i] <= 'z' ? gtpm[i] - 'a' + 'A' : gtpm[i]);
}

/* Is `m` (GTP's word) among GTP's legal moves now? */
static bool gtp_legal(struct side *g, const char *m)
{
    char resp[LINE];
    gtp(g, resp, "legal_moves");
    for (char *w = strtok(resp + 1, " "); w; w = strtok(NULL, " "))
        if (strcasecmp(w, m) == 0)
            return true;
    return false;
}

static unsigned long rnd = 12345;
static int next_rand(int n)
{
    rnd = rnd * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int)((rnd >> 33) % (unsigned long)n);
}

/* Probes one square (or a pass) on both sides; NBoard's position is set
 * back by resending the game, as NBoard itself does. */
static void probe(struct side *n, struct side *g, const struct game *gm, const char *tag)
{
    char nbm[4], gm_w[8] = {0}, text[LINE];
    if (next_rand(8) == 0) {
        strcpy(nbm, "PA");
    } else {
        nbm[0] = (char)('A' + next_rand(gm->size));
        nbm[1] = (char)('1' + next_rand(gm->size));
        nbm[2] = '\0';
    }
    to_gtp(nbm, gm_w);
    bool gl = gtp_legal(g, gm_w);
    say(n, "move %s", nbm);
    bool nl = nb_sync(n, NULL, NULL);
    CHECK(gl == nl, "%s: probe %s: GTP says %s, NBoard %s", tag, nbm,
          gl ? "legal" : "illegal", nl ? "legal" : "illegal");
    ggf(gm, text, sizeof text);
    say(n, "set game %s", text);
    CHECK(nb_sync(n, NULL, NULL), "%s: set game refused", tag);
}

static void play_game(struct side *n, struct side *g, struct game *gm, const char *tag,
                      bool probes)
{
    char text[LINE], resp[LINE], got[LINE];
    if (!gm->setup)
        gm->side = 'X';
    gtp(g, resp, "boardsize %d", gm->size);
    gtp(g, resp, "clear_board");
    if (gm->setup)
        CHECK(gtp(g, resp, "set_position %s %s", gm->board, gm->side == 'X' ? "black" : "white"),
              "%s: set_position: %s", tag, resp);
    gm->nmoves = 0;
    gm->color = gm->side == 'X' ? 'B' : 'W';
    ggf(gm, text, sizeof text);
    say(n, "set game %s", text);
    CHECK(nb_sync(n, NULL, NULL), "%s: set game refused", tag);
    for (int ply = 0; ply < 130; ply++) {
        gtp(g, resp, "score");
        bool over = strstr(resp, "over") != NULL;
        got[0] = '\0';
        if (over || ply % 2 == 0)
            nb_go(n, got);
        if (over) {
            CHECK(got[0] == '\0', "%s: GTP says over, NBoard answers go: %s", tag, got);
            break;
        }
        if (probes)
            probe(n, g, gm, tag);
        char nbm[4] = {0}, gtpm[8] = {0};
        const char *color = gm->color == 'B' ? "black" : "white";
        if (ply % 2 == 0) {
            /* NBoard chooses: "=== F5/EVAL/TIME". */
            CHECK(strncmp(got, "=== ", 4) == 0, "%s: ply %d: no move from go", tag, ply);
            if (strncmp(got, "=== ", 4) != 0)
                return;
            snprintf(nbm, sizeof nbm, "%.*s", (int)strcspn(got + 4, "/"), got + 4);
            to_gtp(nbm, gtpm);
            CHECK(gtp(g, resp, "play %s %s", color, gtpm), "%s: ply %d: GTP refuses %s: %s",
                  tag, ply, gtpm, resp);
            say(n, "move %s//0.01", nbm);
        } else {
            CHECK(gtp(g, resp, "genmove %s", color), "%s: genmove: %s", tag, resp);
            snprintf(gtpm, sizeof gtpm, "%.7s", resp + 2);
            to_nb(gtpm, nbm);
            say(n, "move %s", nbm);
        }
        CHECK(nb_sync(n, NULL, NULL), "%s: ply %d: NBoard refuses %s", tag, ply, nbm);
        snprintf(gm->moves[gm->nmoves++], 4, "%s", nbm);
        gm->color = gm->color == 'B' ? 'W' : 'B';
    }
    /* The same result on both sides: GTP's final_score, NBoard's value
     * of the last position (for Black). */
    gtp(g, resp, "score");
    int black = -1, white = -1;
    sscanf(resp, "= black %d white %d", &black, &white);
    CHECK(strstr(resp, "over") != NULL, "%s: GTP: not over: %s", tag, resp);
    char result[LINE];
    gtp(g, result, "final_score");
    double margin = atof(result + 3);
    if (result[2] == 'W')
        margin = -margin;
    say(n, "analyze");
    char want[64];
    snprintf(want, sizeof want, "analysis %d ", gm->nmoves);
    /* The last position comes first (no search): wait for it, then the
     * ping stops the rest. */
    got[0] = '\0';
    while (hear(n, got) && strncmp(got, want, strlen(want)) != 0)
        ;
    nb_sync(n, NULL, NULL);
    double v = -999;
    sscanf(got + strlen(want), "%lf", &v);
    CHECK(v == margin, "%s: NBoard's final value %s, GTP's %s", tag, got, result);
    printf("%s: %d moves, black %d white %d, %s\n", tag, gm->nmoves, black, white, result + 2);
}

static int start(struct side *s, const char *const *flags)
{
    memset(s, 0, sizeof *s);
    return engine_start(&s->e, engine_path(), flags);
}

static void stop(struct side *s)
{
    fprintf(s->e.in, "quit\n");
    fclose(s->e.in);
    fclose(s->e.out);
    int st;
    waitpid(s->e.pid, &st, 0);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "engine exit status %d", st);
}

int main(int argc, char **argv)
{
    const char *transcript = NULL;
    const char *depth = "2";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--transcript") == 0)
            transcript = argv[i + 1];
        else if (strcmp(argv[i], "--depth") == 0)
            depth = argv[i + 1];
    }
    signal(SIGPIPE, SIG_IGN);
    alarm(600);   /* a hung engine fails the test instead of hanging it */
    static const char *const nb_flags[] = {"--protocol", "nboard", "--threads", "1",
                                           "--no-book", NULL};
    static const char *const gtp_flags[] = {"--threads", "1", "--depth", "2",
                                            "--no-book", NULL};
    struct side n, g;
    if (start(&n, nb_flags) != 0 || start(&g, gtp_flags) != 0) {
        CHECK(false, "cannot start %s", engine_path());
        return check_report();
    }
    char resp[LINE];
    if (transcript)
        n.log = fopen(transcript, "w");
    say(&n, "nboard 2");
    say(&n, "set depth %s", depth);
    gtp(&g, resp, "set_game othello");

    struct game games[] = {
        {.size = 8},
        /* The cross start, White to move. */
        {.size = 8, .setup = true, .side = 'O',
         .board = "---------------------------OO------XX---------------------------"},
        /* A middle game with a lone corner and holes. */
        {.size = 8, .setup = true, .side = 'X',
         .board = "O-------" "--OXX---" "--XXO---" "-XXOOO--" "--OXXO--" "---X----"
                  "--------" "--------"},
        {.size = 6},
        {.size = 6, .setup = true, .side = 'O', .board = "------" "--X---" "--XXO-"
                                                          "--OXX-" "---O--" "------"},
        {.size = 4},
        /* Black must pass at once (a pass position as the start). */
        {.size = 4, .setup = true, .side = 'X', .board = "O---" "-X--" "----" "----"},
    };
    char tag[32];
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        snprintf(tag, sizeof tag, "game %zu (%dx%d%s)", i + 1, games[i].size, games[i].size,
                 games[i].setup ? ", set up" : "");
        play_game(&n, &g, &games[i], tag, !transcript || i > 0);
        if (n.log) {
            fclose(n.log);
            n.log = NULL;
        }
    }
    stop(&n);
    stop(&g);
    return check_report();
}
