/* Interrupting the real binary ($QUARTET) through pipes, as GoGui does:
 * each long command (perft in every game, solve, solve_wld, stoner,
 * genmove with each game's default player) stopped by `# interrupt`, by
 * SIGINT and by --max-command-time — its answer, how long the stop took
 * (printed; only a generous bound is asserted), the position unchanged and
 * the next queued command answered — plus SIGINT with nothing running, an
 * interrupt that arrives while the last answer is still being written, and
 * a long piped script whose answers must all come back in order. */
#include "check.h"
#include "engine_pipe.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Far beyond any stop we expect (about a millisecond), far below the
 * natural duration of the commands stopped (minutes or more). */
#define STOP_BOUND 2.0

/* The engine under test, on raw pipes (a response may be waited for with a timeout). */
struct link {
    pid_t pid;
    int in, out;          /* its stdin (we write), its stdout (we read) */
    char buf[1 << 16];
    size_t len;           /* bytes read but not yet returned */
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void pause_s(double s)
{
    struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

static const char *engine_path(void)
{
    const char *p = getenv("QUARTET");
    return p && *p ? p : "bin/quartet";
}

/* Starts the engine with extra flags (NULL-terminated). */
static int start(struct link *e, const char *const *flags)
{
    static const char *const one_thread[] = {"--threads", "1", NULL};
    e->len = 0;
    e->pid = engine_spawn(engine_path(), one_thread, flags, &e->in, &e->out);
    return e->pid < 0 ? -1 : 0;
}

static void say(struct link *e, const char *text)
{
    size_t n = strlen(text), off = 0;
    while (off < n) {
        ssize_t k = write(e->in, text + off, n - off);
        if (k <= 0)
            return;
        off += (size_t)k;
    }
}

/* The next response (its text without the closing empty line) into out,
 * waiting at most `timeout` seconds: its length, or -1 on a timeout or
 * the end of the output. */
static int response(struct link *e, char *out, size_t cap, double timeout)
{
    double end = now() + timeout;
    for (;;) {
        char *stop = NULL;
        for (size_t i = 0; i + 1 < e->len; i++)
            if (e->buf[i] == '\n' && e->buf[i + 1] == '\n') {
                stop = e->buf + i;
                break;
            }
        if (stop) {
            size_t n = (size_t)(stop - e->buf);
            size_t k = n < cap - 1 ? n : cap - 1;
            memcpy(out, e->buf, k);
            out[k] = '\0';
            e->len -= n + 2;
            memmove(e->buf, stop + 2, e->len);
            return (int)k;
        }
        double left = end - now();
        if (left <= 0 || e->len == sizeof e->buf)
            return -1;
        struct pollfd p = {.fd = e->out, .events = POLLIN};
        if (poll(&p, 1, (int)(left * 1000) + 1) <= 0)
            continue;
        ssize_t k = read(e->out, e->buf + e->len, sizeof e->buf - e->len);
        if (k <= 0)
            return -1;
        e->len += (size_t)k;
    }
}

/* Sends one command and returns its response (static; "(none)" on a
 * timeout). */
static const char *ask(struct link *e, const char *cmd)
{
    static char out[1 << 16];
    say(e, cmd);
    say(e, "\n");
    if (response(e, out, sizeof out, 30) < 0)
        snprintf(out, sizeof out, "(none)");
    return out;
}

/* Ends the engine and returns its exit status (-1: killed by us). */
static int finish(struct link *e)
{
    close(e->in);
    double end = now() + 10;
    int st;
    pid_t r;
    while ((r = waitpid(e->pid, &st, WNOHANG)) == 0 && now() < end)
        pause_s(0.01);
    if (r == 0) {
        kill(e->pid, SIGKILL);
        waitpid(e->pid, &st, 0);
        close(e->out);
        return -1;
    }
    close(e->out);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* How one long command is stopped. */
enum how { BY_LINE, BY_SIGINT };

/* Starts `cmd` after `setup` (lines), checks it is still running after a
 * moment, stops it and checks the answer, the latency, the position and
 * the next queued command. want: the expected answer's start. */
static void stop_one(const char *label, const char *const *flags, const char *setup,
                     const char *cmd, const char *want, bool moves, enum how how)
{
    struct link e;
    CHECK(start(&e, flags) == 0, "%s: start", label);
    say(&e, setup);
    char before[4096], board[4096], resp[4096];
    /* Answers to the setup lines: one per non-empty line. */
    for (const char *p = setup; *p; p++)
        if (*p == '\n' && (p == setup || p[-1] != '\n'))
            response(&e, resp, sizeof resp, 30);
    snprintf(before, sizeof before, "%s", ask(&e, "showboard"));
    say(&e, cmd);
    say(&e, "\n");
    pause_s(0.3);
    int early = response(&e, resp, sizeof resp, 0);
    CHECK(early < 0, "%s: still running after 0.3 s (answered '%s')", label, resp);
    double t0 = now();
    if (how == BY_LINE)
        say(&e, "# interrupt\nshowboard\nname\n");
    else
        kill(e.pid, SIGINT);
    int n = response(&e, resp, sizeof resp, 30);
    double dt = now() - t0;
    if (how == BY_SIGINT)
        say(&e, "showboard\nname\n");
    printf("%-44s stopped in %7.2f ms: %.60s\n", label, dt * 1000, n >= 0 ? resp : "(none)");
    CHECK(n >= 0 && strncmp(resp, want, strlen(want)) == 0,
          "%s: answer '%s', want '%s...'", label, n >= 0 ? resp : "(none)", want);
    CHECK(dt < STOP_BOUND, "%s: stopped in %.3f s", label, dt);
    response(&e, board, sizeof board, 30);
    if (moves) {
        /* genmove played one legal move: undo gives the position back. */
        CHECK(strcmp(board, before) != 0, "%s: the move was played", label);
        response(&e, resp, sizeof resp, 30);
        CHECK(strcmp(ask(&e, "undo"), "=") == 0, "%s: undo", label);
        snprintf(board, sizeof board, "%s", ask(&e, "showboard"));
    } else {
        response(&e, resp, sizeof resp, 30);
    }
    CHECK(strcmp(board, before) == 0, "%s: position unchanged:\n%s\nwas\n%s", label, board,
          before);
    if (!moves)
        CHECK(strcmp(resp, "= Quartet") == 0, "%s: next command answered ('%s')", label, resp);
    CHECK(strcmp(ask(&e, "quit"), "=") == 0, "%s: quit", label);
    CHECK(finish(&e) == 0, "%s: exit status", label);
}

/* A 14-ply stoner-like line whose proof runs for minutes (found by
 * proving every 14-ply line with a time limit). */
#define STONER_SETUP "set_game Othello\nplay b f5\nplay w f6\nplay b e6\nplay w f4\nplay b g6\nplay w f7\nplay b e8\nplay w d7\nplay b d6\nplay w g7\nplay b d8\nplay w c8\nplay b b8\nplay w c5\n"

/* A 30-empty Othello position (random play): its solve takes far longer
 * than any test. */
static const char solve_setup[] =
    "set_game Othello\nset_position --XO-X----XOXX----XO-X----XOOOOO-XXOXX-X--XOOX---XXOXO-----O-XO- X\n";

static void test_interrupt_lines(void)
{
    /* Deep perft runs for hours in every game. */
    stop_one("perft 30, Othello, # interrupt", NULL, "set_game Othello\n", "perft 30",
             "? interrupted", false, BY_LINE);
    stop_one("perft 30, Yonin, # interrupt", NULL, "set_game Yonin\n", "perft 30",
             "? interrupted", false, BY_LINE);
    stop_one("perft 30, Separo, # interrupt", NULL, "set_game Separo\n", "perft 30",
             "? interrupted", false, BY_LINE);
    stop_one("perft 30, TorusHex, # interrupt", NULL, "set_game TorusHex\n", "perft 30",
             "? interrupted", false, BY_LINE);
    stop_one("solve, 30 empties, # interrupt", NULL, solve_setup, "solve", "? interrupted",
             false, BY_LINE);
    stop_one("solve_wld, 30 empties, # interrupt", NULL, solve_setup, "solve_wld",
             "? interrupted", false, BY_LINE);
    /* The 6x6 start is accepted (32 empties) and solves for minutes. */
    stop_one("solve, 6x6 start, # interrupt", NULL, "set_game Othello\nboardsize 6\n", "solve",
             "? interrupted", false, BY_LINE);
    stop_one("stoner, # interrupt", NULL, STONER_SETUP, "stoner", "? interrupted", false,
             BY_LINE);
    /* genmove with a 10-minute budget plays at once what it has. */
    static const char *const slow[] = {"--time", "600", NULL};
    /* Without the book: the start position is in it and answers at once. */
    static const char *const slow_search[] = {"--time", "600", "--no-book", NULL};
    stop_one("genmove, Othello (alphabeta), # interrupt", slow_search, "set_game Othello\n",
             "genmove b", "= ", true, BY_LINE);
    stop_one("genmove, Yonin (mcts), # interrupt", slow, "set_game Yonin\n", "genmove a",
             "= ", true, BY_LINE);
    stop_one("genmove, Separo (mcts), # interrupt", slow, "set_game Separo\n", "genmove b",
             "= ", true, BY_LINE);
    stop_one("genmove, TorusHex (mcts), # interrupt", slow, "set_game TorusHex\n",
             "genmove b", "= ", true, BY_LINE);
}

static void test_sigint(void)
{
    stop_one("perft 30, Othello, SIGINT", NULL, "set_game Othello\n", "perft 30",
             "? interrupted", false, BY_SIGINT);
    stop_one("solve, 30 empties, SIGINT", NULL, solve_setup, "solve", "? interrupted", false,
             BY_SIGINT);
    static const char *const slow[] = {"--time", "600", NULL};
    stop_one("genmove, Separo (mcts), SIGINT", slow, "set_game Separo\n", "genmove b", "= ",
             true, BY_SIGINT);

    /* Nothing running: SIGINT ends the engine cleanly (status 0). */
    struct link e;
    CHECK(start(&e, NULL) == 0, "start");
    CHECK(strcmp(ask(&e, "name"), "= Quartet") == 0, "answers before SIGINT");
    double t0 = now();
    kill(e.pid, SIGINT);
    char resp[256];
    CHECK(response(&e, resp, sizeof resp, 5) < 0, "no answer after an idle SIGINT");
    int st;
    pid_t r;
    while ((r = waitpid(e.pid, &st, WNOHANG)) == 0 && now() - t0 < 5)
        pause_s(0.005);
    printf("%-44s exited in %7.2f ms\n", "SIGINT with nothing running", (now() - t0) * 1000);
    CHECK(r == e.pid && WIFEXITED(st) && WEXITSTATUS(st) == 0,
          "idle SIGINT: a clean exit (status %d)", r == e.pid ? st : -1);
    if (r != e.pid) {
        kill(e.pid, SIGKILL);
        waitpid(e.pid, &st, 0);
    }
    close(e.in);
    close(e.out);

    /* A streaming analyze is stopped by SIGINT, and the engine goes on. */
    CHECK(start(&e, NULL) == 0, "start");
    say(&e, "set_game Separo\n");
    response(&e, resp, sizeof resp, 30);
    say(&e, "analyze b 10\n");
    pause_s(0.3);
    kill(e.pid, SIGINT);
    char big[1 << 15];
    int n = response(&e, big, sizeof big, 5);
    CHECK(n > 0 && strncmp(big, "=\ninfo move ", 12) == 0,
          "SIGINT ends analyze's response ('%.40s')", n > 0 ? big : "(none)");
    CHECK(strcmp(ask(&e, "name"), "= Quartet") == 0, "answers after analyze and SIGINT");
    ask(&e, "quit");
    CHECK(finish(&e) == 0, "exit after analyze");
}

static void test_time_cap(void)
{
    static const char *const cap[] = {"--max-command-time", "0.5", NULL};
    struct link e;
    CHECK(start(&e, cap) == 0, "start");
    char resp[4096];
    double t0 = now();
    snprintf(resp, sizeof resp, "%s", ask(&e, "perft 30"));
    double dt = now() - t0;
    printf("%-44s answered in %7.2f ms: %s\n", "perft 30 under --max-command-time 0.5",
           dt * 1000, resp);
    CHECK(strcmp(resp, "? interrupted: command time limit (0.5 s)") == 0, "cap answer '%s'",
          resp);
    CHECK(dt >= 0.45 && dt < 0.5 + STOP_BOUND, "cap after %.3f s", dt);
    CHECK(strcmp(ask(&e, "perft 4"), "= 244") == 0, "a short command under the cap");
    CHECK(strcmp(ask(&e, "quit"), "=") == 0, "quit");
    finish(&e);

    /* genmove under the cap still plays its best move (a searched one:
     * the start position is in the opening book). */
    static const char *const cap_slow[] = {"--max-command-time", "0.5", "--time", "600",
                                           "--no-book", NULL};
    CHECK(start(&e, cap_slow) == 0, "start");
    t0 = now();
    snprintf(resp, sizeof resp, "%s", ask(&e, "genmove b"));
    dt = now() - t0;
    printf("%-44s answered in %7.2f ms: %s\n", "genmove (--time 600) under the 0.5 s cap",
           dt * 1000, resp);
    CHECK(resp[0] == '=' && resp[1] == ' ' && resp[2] >= 'a' && resp[2] <= 'h',
          "capped genmove plays ('%s')", resp);
    CHECK(dt >= 0.45 && dt < 0.5 + STOP_BOUND, "capped genmove after %.3f s", dt);
    const char *b = ask(&e, "showboard");
    CHECK(strstr(b, "white (O) to move") != NULL, "the capped move was played");
    ask(&e, "quit");
    finish(&e);
}

/* `# interrupt` aimed at a command still waiting in the queue stops it as
 * soon as it starts; with nothing to stop it is a comment, no answer. */
static void test_queue(void)
{
    struct link e;
    CHECK(start(&e, NULL) == 0, "start");
    say(&e, "# interrupt\n1 perft 30\n# interrupt\n2 name\n# interrupt\n3 perft 3\n");
    char r1[256], r2[256], r3[256];
    double t0 = now();
    response(&e, r1, sizeof r1, 30);
    response(&e, r2, sizeof r2, 30);
    response(&e, r3, sizeof r3, 30);
    CHECK(strcmp(r1, "?1 interrupted") == 0, "queued perft 30 stopped ('%s')", r1);
    CHECK(strcmp(r2, "=2 Quartet") == 0, "name after it ('%s')", r2);
    /* The interrupt after `name` found it finished or unstoppable. */
    CHECK(strcmp(r3, "=3 56") == 0, "perft 3 untouched ('%s')", r3);
    CHECK(now() - t0 < STOP_BOUND, "all at once");
    const char *l = ask(&e, "list_commands");
    CHECK(strstr(l, "\ngogui-interrupt\n") != NULL, "gogui-interrupt listed");
    CHECK(strcmp(ask(&e, "known_command gogui-interrupt"), "= true") == 0, "known");
    CHECK(strcmp(ask(&e, "gogui-interrupt"), "=") == 0, "as a command: nothing to do");
    ask(&e, "quit");
    CHECK(finish(&e) == 0, "exit");
}

/* Commands queued behind a running one: `# interrupt` stops the one that
 * runs, and the queued ones are then answered, in order, untouched. */
static void test_behind_queue(void)
{
    struct link e;
    CHECK(start(&e, NULL) == 0, "start");
    say(&e, "1 perft 30\n2 perft 3\n3 name\n");
    usleep(200000);   /* perft 30 is running, the others wait */
    double t0 = now();
    say(&e, "# interrupt\n");
    char r1[256], r2[256], r3[256];
    response(&e, r1, sizeof r1, 30);
    double dt = now() - t0;
    response(&e, r2, sizeof r2, 30);
    response(&e, r3, sizeof r3, 30);
    printf("%-44s answered in %7.2f ms: %s\n", "perft 30 with two commands queued", dt * 1000,
           r1);
    CHECK(strcmp(r1, "?1 interrupted") == 0, "the running perft 30 stopped ('%s')", r1);
    CHECK(dt < STOP_BOUND, "stopped in %.3f s", dt);
    CHECK(strcmp(r2, "=2 56") == 0, "the queued perft 3 untouched ('%s')", r2);
    CHECK(strcmp(r3, "=3 Quartet") == 0, "then name ('%s')", r3);
    ask(&e, "quit");
    CHECK(finish(&e) == 0, "exit");
}

/* An `# interrupt` right behind a command stops it even when it arrives
 * while the engine is still writing the previous answer: with its output
 * pipe made small and left unread, the engine is held inside writing an
 * svg picture (about 11 KB) as the next command and its interrupt come
 * in; taken as the finished command's, the interrupt was lost and the
 * perft ran on to the time cap. */
static void test_answer_window(void)
{
    struct link e;
    CHECK(start(&e, (const char *const[]){"--max-command-time", "3", NULL}) == 0, "start");
    int size = fcntl(e.out, F_SETPIPE_SZ, 4096);
    CHECK(size >= 4096 && size < 11000, "output pipe of %d bytes", size);
    say(&e, "svg\n");
    /* A full pipe: the command has run and its answer is being written. */
    int queued = 0;
    for (int i = 0; i < 1000 && queued < size; i++) {
        pause_s(0.01);
        ioctl(e.out, FIONREAD, &queued);
    }
    CHECK(queued >= size, "the engine filled the pipe (%d bytes)", queued);
    say(&e, "perft 30\n# interrupt\n");
    pause_s(0.3);   /* the engine's reader takes both lines */
    static char r1[1 << 15];
    char r2[256];
    CHECK(response(&e, r1, sizeof r1, 30) > 0 && strncmp(r1, "= <svg", 6) == 0,
          "the picture answered in full");
    response(&e, r2, sizeof r2, 30);
    CHECK(strcmp(r2, "? interrupted") == 0, "perft stopped by the interrupt behind it ('%s')",
          r2);
    ask(&e, "quit");
    CHECK(finish(&e) == 0, "exit");
}

/* Appends one response to out (cap bytes), with a newline. */
static void keep(char *out, size_t cap, size_t *used, const char *resp)
{
    size_t n = strlen(resp);
    if (*used + n + 2 < cap) {
        memcpy(out + *used, resp, n);
        *used += n;
        out[(*used)++] = '\n';
        out[*used] = '\0';
    }
}

/* Rounds of quick commands, each round piped at once, with `# interrupt`
 * lines after commands that never stop: every answer, in order, and the
 * same answers as the script without those lines. Each round's last
 * command, perft, does stop at an interrupt, so the next round is sent
 * only once its answers are in: an interrupt line read while perft runs
 * or waits (the reader may be a round ahead of the commands) would be
 * aimed at perft, as it should be (seen once, in a fresh-clone CI run). */
static void run_script(bool with_interrupts, char *out, size_t cap)
{
    struct link e;
    out[0] = '\0';
    if (start(&e, (const char *const[]){"--player", "random", "--seed", "7", NULL}) != 0)
        return;
    static const char *const games[] = {"Othello", "Yonin", "Separo", "TorusHex"};
    static const char *const seats[][2] = {{"b", "w"}, {"a", "b"}, {"b", "w"}, {"b", "w"}};
    size_t used = 0;
    char resp[1 << 14];
    int id = 1, got = 0, in_order = 1;
    for (int round = 0; round < 10; round++) {
        char script[1 << 12];
        size_t len = 0;
        int g = round % 4, first = id;
        len += (size_t)snprintf(script + len, sizeof script - len, "%d set_game %s\n", id++,
                                games[g]);
        for (int k = 0; k < 12; k++) {
            const char *cmds[] = {"genmove %s", "showboard", "legal_moves", "score",
                                  "undo", "genmove %s", "name"};
            char c[64];
            snprintf(c, sizeof c, cmds[k % 7], seats[g][k % 2]);
            len += (size_t)snprintf(script + len, sizeof script - len, "%d %s\n", id++, c);
            if (with_interrupts && k % 3 == 2)
                len += (size_t)snprintf(script + len, sizeof script - len, "# interrupt\n");
        }
        len += (size_t)snprintf(script + len, sizeof script - len, "%d perft 2\n\n", id++);
        say(&e, script);
        for (int k = first; k < id && response(&e, resp, sizeof resp, 30) >= 0; k++) {
            got++;
            in_order &= atoi(resp + 1) == got;
            keep(out, cap, &used, resp);
        }
    }
    char quit[32];
    snprintf(quit, sizeof quit, "%d quit\n", id);
    say(&e, quit);
    if (response(&e, resp, sizeof resp, 30) >= 0) {
        got++;
        in_order &= atoi(resp + 1) == got;
        keep(out, cap, &used, resp);
    }
    CHECK(response(&e, resp, sizeof resp, 1) < 0, "%s: no answer after quit's",
          with_interrupts ? "with" : "without");
    finish(&e);
    CHECK(got == id, "%s: %d answers of %d", with_interrupts ? "with" : "without", got, id);
    CHECK(in_order, "answers in order");
}

static void test_script(void)
{
    static char a[1 << 20], b[1 << 20];
    run_script(true, a, sizeof a);
    run_script(false, b, sizeof b);
    /* On a mismatch, the first answer line that differs, to tell why. */
    size_t at = 0;
    while (a[at] && a[at] == b[at])
        at++;
    while (at > 0 && a[at - 1] != '\n')
        at--;
    CHECK(a[0] && strcmp(a, b) == 0,
          "the same answers with and without interrupt lines (first difference: '%.60s' against '%.60s')",
          a + at, b + at);
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    test_queue();
    test_behind_queue();
    test_answer_window();
    test_script();
    test_interrupt_lines();
    test_sigint();
    test_time_cap();
    return check_report();
}
