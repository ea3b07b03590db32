/* A fake GTP engine for quartet-match's tests: plays deterministic
 * pseudo-random legal moves of any game through engine/game.h (chosen from
 * the seed and the position, so a game depends only on its opening and
 * seats) and misbehaves on request at its Nth genmove of a game. With
 * --game NAME it plays that game only, as another author's one-game
 * engine would (no set_game); --no-known-command leaves known_command out,
 * so the runner must read list_commands. Hostile modes for the records and
 * the process handling: --evil puts line breaks, ']', '\\', forged record
 * lines and bytes that are not UTF-8 in its name, version, '?' answers and
 * final_score; --ignore-term outlives EOF and SIGTERM, --ignore-quit
 * answers quit and stays; --flood-stderr N
 * writes N bytes to stderr at start; --log-time-left FILE notes each
 * time_left it gets. */
#include "engine/game.h"
#include "engine/rng.h"

#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

struct fake {
    const struct game *g;
    struct game_options o;
    unsigned char st[65536];
    uint64_t seed;
    int genmoves;              /* genmoves this game */
    int illegal_at, garbage_at, refuse_at, crash_at, hang_at, pass_at, resign_at;
    double slow;
    bool wrong_score, no_set_game, no_known_command, armed, evil, ignore_quit;
    const char *name;
    const char *once;
    const char *time_left_log;
};

/* What --evil answers: each tries to forge a record line or field, close
 * an SGF value, or break UTF-8 (a stray continuation byte, an overlong
 * '/', a surrogate, a cut-off sequence, an escape sequence). */
#define EVIL_NAME "Evil]\\\nResult: W+64\n[Game 99]\n\xff\xc0\xaf"
#define EVIL_VERSION "6.6\x01\xed\xa0\x80\xe2\x82"
#define EVIL_REFUSAL "no move\nResult: W+64\n[Game 99]\nReason: normal\n\\]) \x1b[31m\xfe\x80"
#define EVIL_SCORE "W+99\n[Game 99]\n\xff"

static void reply(const char *fmt, const char *arg)
{
    fputs("= ", stdout);
    printf(fmt, arg);
    fputs("\n\n", stdout);
    fflush(stdout);
}

static void fail(const char *msg)
{
    printf("? %s\n\n", msg);
    fflush(stdout);
}

static void new_game(struct fake *f)
{
    f->g->init(f->st, &f->o);
    f->genmoves = 0;
}

/* With --once FILE the fault happens only while FILE does not exist, and
 * creates it: the restarted engine then plays normally. */
static bool misbehave(const struct fake *f, int at)
{
    if (!f->armed || at <= 0 || f->genmoves != at)
        return false;
    if (f->once) {
        FILE *t = fopen(f->once, "w");
        if (t)
            fclose(t);
    }
    return true;
}

static void genmove(struct fake *f)
{
    f->genmoves++;
    if (f->slow > 0)
        usleep((useconds_t)(f->slow * 1e6));
    if (misbehave(f, f->crash_at))
        exit(3);
    if (misbehave(f, f->hang_at))
        for (;;)
            pause();
    if (misbehave(f, f->garbage_at)) {
        fputs("hello there\n\n", stdout);
        fflush(stdout);
        return;
    }
    if (misbehave(f, f->refuse_at)) {
        fail(f->evil ? EVIL_REFUSAL : "cannot think now");
        return;
    }
    if (misbehave(f, f->resign_at)) {
        reply("%s", "resign");
        return;
    }
    const struct game *g = f->g;
    move_t mv[GAME_MAX_MOVES];
    int n = g->legal_moves(f->st, mv);
    if (n == 0) {
        reply("%s", "pass");
        return;
    }
    if (misbehave(f, f->pass_at)) {
        reply("%s", "pass");
        return;
    }
    char text[32];
    if (misbehave(f, f->illegal_at)) {
        /* A well-formed move that is not legal: an occupied or unreachable
         * point found by trying every parse of "a1".."s19". */
        for (int c = 0; c < 19; c++)
            for (int r = 1; r <= 19; r++) {
                move_t m;
                char t[8];
                snprintf(t, sizeof t, "%c%d", 'a' + c, r);
                if (g->parse_move(f->st, t, &m) == 0 && !game_is_legal(g, f->st, m)) {
                    reply("%s", t);
                    return;
                }
            }
    }
    struct rng r;
    rng_seed(&r, f->seed ^ g->hash(f->st));
    move_t m = mv[rng_below(&r, (uint32_t)n)];
    if (m == MOVE_PASS)
        snprintf(text, sizeof text, "pass");
    else
        g->format_move(f->st, m, text, sizeof text);
    g->play(f->st, m);
    reply("%s", text);
}

static void play(struct fake *f, const char *who, const char *mtext)
{
    const struct game *g = f->g;
    int p = game_player_index(g, who);
    move_t m;
    if (p < 0 || p != g->to_move(f->st)) {
        fail("illegal move: wrong player");
        return;
    }
    if (strcasecmp(mtext, "pass") == 0)
        m = MOVE_PASS;
    else if (g->parse_move(f->st, mtext, &m) != 0) {
        fail("syntax error");
        return;
    }
    if (!game_is_legal(g, f->st, m)) {
        fail("illegal move");
        return;
    }
    g->play(f->st, m);
    reply("%s", "");
}

static void command(struct fake *f, int argc, char **argv)
{
    const char *c = argv[0];
    if (!strcmp(c, "name"))
        reply("%s", f->evil ? EVIL_NAME : f->name);
    else if (!strcmp(c, "version") || !strcmp(c, "protocol_version"))
        reply("%s", !strcmp(c, "version") ? (f->evil ? EVIL_VERSION : "1.0") : "2");
    else if (!strcmp(c, "list_commands"))
        reply("%s", f->no_set_game ? "name\nversion\nknown_command\nlist_commands\nboardsize\n"
                                     "clear_board\nplay\ngenmove\nfinal_score\nquit"
                                   : "name\nversion\nknown_command\nlist_commands\nset_game\n"
                                     "boardsize\nclear_board\nplay\ngenmove\nfinal_score\n"
                                     "time_settings\ntime_left\nquit");
    else if (!strcmp(c, "known_command") && !f->no_known_command)
        reply("%s", argc > 1 && (strcmp(argv[1], "set_game") || !f->no_set_game) &&
                            (!strcmp(argv[1], "set_game") || !strcmp(argv[1], "final_score") ||
                             !strcmp(argv[1], "time_settings") || !strcmp(argv[1], "time_left"))
                        ? "true" : "false");
    else if (!strcmp(c, "set_game") && !f->no_set_game && argc > 1) {
        const struct game *g = game_find(argv[1]);
        if (!g || g->state_size > sizeof f->st) {
            fail("unknown game");
            return;
        }
        f->g = g;
        f->o = (struct game_options){.size = g->default_size};
        for (int i = 2; i < argc; i++)
            for (int k = 0; k < GAME_MAX_VARIANTS && g->variants[k].name; k++)
                if (!strcasecmp(g->variants[k].name, argv[i]))
                    f->o.flags |= g->variants[k].flag;
        new_game(f);
        reply("%s", "");
    } else if (!strcmp(c, "boardsize") && argc > 1) {
        int n = atoi(argv[1]);
        if (!f->g->size_ok(n)) {
            fail("unacceptable size");
            return;
        }
        f->o.size = n;
        new_game(f);
        reply("%s", "");
    } else if (!strcmp(c, "clear_board")) {
        new_game(f);
        reply("%s", "");
    } else if (!strcmp(c, "play") && argc > 2)
        play(f, argv[1], argv[2]);
    else if (!strcmp(c, "genmove"))
        genmove(f);
    else if (!strcmp(c, "final_score")) {
        char buf[32];
        if (!f->g->is_over(f->st)) {
            fail("game is not over");
            return;
        }
        f->g->format_result(f->st, buf, sizeof buf);
        reply("%s", f->wrong_score ? (f->evil ? EVIL_SCORE : "W+99") : buf);
    } else if (!strcmp(c, "time_left") && f->time_left_log) {
        FILE *l = fopen(f->time_left_log, "a");
        if (l) {
            fprintf(l, "%s %s %s\n", argc > 1 ? argv[1] : "", argc > 2 ? argv[2] : "",
                    argc > 3 ? argv[3] : "");
            fclose(l);
        }
        reply("%s", "");
    } else if (!strcmp(c, "time_settings") || !strcmp(c, "time_left") || !strcmp(c, "komi"))
        reply("%s", "");
    else if (!strcmp(c, "quit")) {
        reply("%s", "");
        if (!f->ignore_quit)
            exit(0);
    } else
        fail("unknown command");
}

int main(int argc, char **argv)
{
    static struct fake f;
    f.g = game_find("Othello");
    f.o = (struct game_options){.size = 8};
    f.name = "Fake";
    const char *log = NULL;
    bool ignore_term = false;
    long flood = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : "0";
        if (!strcmp(a, "--wrong-score"))
            f.wrong_score = true;
        else if (!strcmp(a, "--no-set-game"))
            f.no_set_game = true;
        else if (!strcmp(a, "--no-known-command"))
            f.no_known_command = true;
        else if (!strcmp(a, "--evil"))
            f.evil = true;
        else if (!strcmp(a, "--ignore-term"))
            ignore_term = true;
        else if (!strcmp(a, "--ignore-quit"))
            f.ignore_quit = true;
        else {
            i++;
            if (!strcmp(a, "--seed"))
                f.seed = strtoull(v, NULL, 10);
            else if (!strcmp(a, "--game")) {
                f.g = game_find(v);
                if (!f.g || f.g->state_size > sizeof f.st) {
                    fprintf(stderr, "fake_engine: unknown game %s\n", v);
                    return 2;
                }
                f.o = (struct game_options){.size = f.g->default_size};
                f.no_set_game = true;
            } else if (!strcmp(a, "--name"))
                f.name = v;
            else if (!strcmp(a, "--illegal-at"))
                f.illegal_at = atoi(v);
            else if (!strcmp(a, "--garbage-at"))
                f.garbage_at = atoi(v);
            else if (!strcmp(a, "--refuse-at"))
                f.refuse_at = atoi(v);
            else if (!strcmp(a, "--crash-at"))
                f.crash_at = atoi(v);
            else if (!strcmp(a, "--hang-at"))
                f.hang_at = atoi(v);
            else if (!strcmp(a, "--pass-at"))
                f.pass_at = atoi(v);
            else if (!strcmp(a, "--resign-at"))
                f.resign_at = atoi(v);
            else if (!strcmp(a, "--slow"))
                f.slow = atof(v);
            else if (!strcmp(a, "--once"))
                f.once = v;
            else if (!strcmp(a, "--log"))
                log = v;  /* one line per start */
            else if (!strcmp(a, "--log-time-left"))
                f.time_left_log = v;
            else if (!strcmp(a, "--flood-stderr"))
                flood = strtol(v, NULL, 10);
            else {
                fprintf(stderr, "fake_engine: unknown flag %s\n", a);
                return 2;
            }
        }
    }
    f.armed = true;
    if (f.once) {
        FILE *t = fopen(f.once, "r");
        if (t) {
            fclose(t);
            f.armed = false;
        }
    }
    if (log) {
        FILE *l = fopen(log, "a");
        if (l) {
            fprintf(l, "start %ld\n", (long)getpid());
            fclose(l);
        }
    }
    if (ignore_term) {
        signal(SIGTERM, SIG_IGN);
        signal(SIGHUP, SIG_IGN);
        signal(SIGINT, SIG_IGN);
    }
    for (long k = 0; k < flood; k += 64)
        fputs("fake_engine: a line of stderr noise, flooding the runner's file\n", stderr);
    new_game(&f);
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        char *argvv[16];
        int n = 0;
        for (char *save, *t = strtok_r(line, " \t\r\n", &save); t && n < 16;
             t = strtok_r(NULL, " \t\r\n", &save))
            argvv[n++] = t;
        if (n)
            command(&f, n, argvv);
    }
    while (ignore_term) /* as a hung engine does: its stdin is gone, it stays */
        pause();
    return 0;
}
