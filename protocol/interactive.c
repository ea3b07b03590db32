/* Readline front end. Readline's completion callbacks take no context
 * argument, so the session and the generator's position live in file
 * statics; they are only touched from the main thread, which reads input
 * here itself (no reader thread in interactive use). */
#include "protocol/interactive.h"

#include "engine/clock.h"
#include "protocol/analyze.h"
#include "protocol/commands.h"
#include "protocol/runner.h"

#include <errno.h>
#include <poll.h>
#include <readline/history.h>
#include <readline/readline.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static struct session *completion_session;
static const struct runner *signal_source;

enum word_kind { WORD_COMMAND, WORD_GAME, WORD_PLAYER_TYPE, WORD_SEAT, WORD_NONE };

static enum word_kind completion_kind;
static int completion_index;

/* The i-th candidate of the current kind, NULL past the end. */
static const char *candidate(int i)
{
    const struct game *g = completion_session ? completion_session->game : NULL;
    switch (completion_kind) {
    case WORD_COMMAND:
        return command_name(i);
    case WORD_GAME:
        return game_registry[i] ? game_registry[i]->name : NULL;
    case WORD_PLAYER_TYPE:
        return player_registry[i] ? player_registry[i]->name : NULL;
    case WORD_SEAT:
        return g && i < g->num_players ? g->player_names[i][0] : NULL;
    default:
        return NULL;
    }
}

static char *generator(const char *text, int state)
{
    if (state == 0)
        completion_index = 0;
    size_t n = strlen(text);
    const char *c;
    while ((c = candidate(completion_index++)) != NULL)
        if (strncasecmp(c, text, n) == 0)
            return strdup(c);
    return NULL;
}

/* Decides what to complete from the command word before the cursor. */
static char **complete(const char *text, int start, int end)
{
    (void)end;
    rl_attempted_completion_over = 1;   /* never fall back to file names */
    char first[64] = "";
    sscanf(rl_line_buffer, "%63s", first);
    const char *p = rl_line_buffer;
    while (*p == ' ')
        p++;
    if (p - rl_line_buffer >= start)
        completion_kind = WORD_COMMAND;
    else if (strcmp(first, "set_game") == 0)
        completion_kind = WORD_GAME;
    else if (strcmp(first, "set_player") == 0)
        completion_kind = WORD_PLAYER_TYPE;
    else if (strcmp(first, "play") == 0 || strcmp(first, "genmove") == 0 ||
             strcmp(first, "reg_genmove") == 0 ||
             strcmp(first, "legal_moves") == 0 ||
             strcmp(first, "time_left") == 0)
        completion_kind = WORD_SEAT;
    else
        completion_kind = WORD_NONE;
    return rl_completion_matches(text, generator);
}

/* poll()'s timeout until a running analyze's cap, which it applies when
 * due (the stream's end is printed over the prompt, then it is redrawn). */
static int cap_timeout(void)
{
    double d = analysis_deadline(completion_session);
    if (d <= 0)
        return -1;
    double left = d - clock_now();
    if (left > 0)
        return left > 1 ? 1000 : (int)(left * 1000) + 1;
    analysis_cap(completion_session, stdout);
    rl_forced_update_display();
    return -1;
}

/* Readline's input: a SIGINT at the prompt ends the line as end of input
 * does (the loop then sees the signal), with the terminal restored by
 * readline itself. poll() always wakes up for a signal. */
static int get_key(FILE *in)
{
    int fd = fileno(in);
    for (;;) {
        if (runner_sigint_pending(signal_source))
            return EOF;
        struct pollfd p = {.fd = fd, .events = POLLIN};
        int k = poll(&p, 1, cap_timeout());
        if (k == 0)
            continue;   /* look at the cap again */
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return EOF;
        }
        unsigned char c;
        ssize_t n = read(fd, &c, 1);
        if (n == 1)
            return c;
        if (n < 0 && errno == EINTR)
            continue;
        return EOF;
    }
}

void interactive_init(struct session *s, const struct runner *r)
{
    completion_session = s;
    signal_source = r;
    rl_readline_name = "quartet";
    rl_attempted_completion_function = complete;
    /* SIGINT is the runner's: it stops the running command. */
    rl_catch_signals = 0;
    rl_getc_function = get_key;
}

char *interactive_read(void)
{
    char *line = readline(isatty(STDOUT_FILENO) ? "quartet> " : "");
    if (line && line[strspn(line, " \t")] != '\0')
        add_history(line);
    return line;
}
