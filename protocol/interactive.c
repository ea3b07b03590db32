/* Readline front end. Readline's completion callbacks take no context
 * argument, so the session and the generator's position live in file
 * statics; they are only touched from the single input thread. */
#include "protocol/interactive.h"

#include "protocol/commands.h"

#include <readline/history.h>
#include <readline/readline.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static const struct session *completion_session;

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

void interactive_init(const struct session *s)
{
    completion_session = s;
    rl_readline_name = "quartet";
    rl_attempted_completion_function = complete;
}

char *interactive_read(void)
{
    char *line = readline(isatty(STDOUT_FILENO) ? "quartet> " : "");
    if (line && line[strspn(line, " \t")] != '\0')
        add_history(line);
    return line;
}
