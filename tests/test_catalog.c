/* list_catalog against the commands it describes, run in-process through
 * command_run: the games in list_games order; every size it lists
 * `boardsize` accepts and no other; `set_game` starts at its default size
 * and accepts its variants; its seats are the game's player names in
 * turn order; of every player `list_players` names, `set_player` accepts
 * exactly those it lists, and `set_player default` makes its
 * default_player. And the command changes nothing: the game, options,
 * position, undo stack and player are the same afterwards. */
#include "check.h"
#include "engine/game.h"
#include "engine/player.h"
#include "protocol/commands.h"
#include "protocol/gtp.h"
#include "protocol/session.h"
#include "protocol/text.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static struct text out;

/* Runs one command line (split at spaces); true on '='. */
static bool run(struct session *s, const char *line)
{
    char buf[512], *argv[GTP_MAX_ARGS], *save = NULL;
    snprintf(buf, sizeof buf, "%s", line);
    char *name = strtok_r(buf, " ", &save);
    int argc = 0;
    for (char *w; (w = strtok_r(NULL, " ", &save)) != NULL;)
        if (argc < GTP_MAX_ARGS)
            argv[argc++] = w;
    return command_run(s, name, argc, argv, &out);
}

/* The value of `key=` in a catalog line, copied into val ("" if absent). */
static bool value(const char *line, const char *key, char *val, size_t cap)
{
    char k[32];
    snprintf(k, sizeof k, " %s=", key);
    const char *p = strstr(line, k);
    val[0] = '\0';
    if (!p)
        return false;
    p += strlen(k);
    snprintf(val, cap, "%.*s", (int)strcspn(p, " "), p);
    return true;
}

/* True when word is one of the comma-separated items of list. */
static bool listed(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, ",");
        if (k == n && strncmp(p, word, n) == 0)
            return true;
        p += k + (p[k] == ',');
    }
    return false;
}

static void check_game(struct session *s, const struct game *g, const char *line)
{
    char sizes[256], def[16], variants[128], seats[64], players[256], dplayer[32], cmd[96];
    CHECK(strncmp(line, g->name, strlen(g->name)) == 0 && line[strlen(g->name)] == ' ',
          "line of %s starts with its name: %s", g->name, line);
    CHECK(value(line, "sizes", sizes, sizeof sizes) && value(line, "default", def, sizeof def) &&
              value(line, "variants", variants, sizeof variants) &&
              value(line, "seats", seats, sizeof seats) &&
              value(line, "players", players, sizeof players) &&
              value(line, "default_player", dplayer, sizeof dplayer),
          "%s: every key present: %s", g->name, line);

    snprintf(cmd, sizeof cmd, "set_game %s", g->name);
    CHECK(run(s, cmd), "%s: set_game", g->name);
    for (int n = 1; n <= 64; n++) {
        char num[16];
        snprintf(num, sizeof num, "%d", n);
        snprintf(cmd, sizeof cmd, "boardsize %d", n);
        CHECK(run(s, cmd) == listed(sizes, num), "%s: boardsize %d %s, sizes=%s",
              g->name, n, listed(sizes, num) ? "refused" : "accepted", sizes);
    }
    snprintf(cmd, sizeof cmd, "set_game %s", g->name);
    CHECK(run(s, cmd) && s->opt.size == atoi(def), "%s: set_game starts at %s",
          g->name, def);
    char v[128];
    snprintf(v, sizeof v, "%s", variants);
    for (char *save = NULL, *w = strtok_r(v, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        snprintf(cmd, sizeof cmd, "set_game %s %s", g->name, w);
        CHECK(run(s, cmd), "%s: variant %s refused", g->name, w);
    }
    int k = 0;
    snprintf(v, sizeof v, "%s", seats);
    for (char *save = NULL, *w = strtok_r(v, ",", &save); w; w = strtok_r(NULL, ",", &save), k++)
        CHECK(game_player_index(g, w) == k, "%s: seat %d is %s", g->name, k, w);
    CHECK(k == g->num_players, "%s: %d seats listed", g->name, k);

    snprintf(cmd, sizeof cmd, "set_game %s", g->name);
    run(s, cmd);
    for (int i = 0; player_registry[i]; i++) {
        const char *name = player_registry[i]->name;
        snprintf(cmd, sizeof cmd, "set_player %s", name);
        CHECK(run(s, cmd) == listed(players, name), "%s: set_player %s %s, players=%s",
              g->name, name, listed(players, name) ? "refused" : "accepted", players);
    }
    CHECK(run(s, "set_player default") && s->ptype && strcmp(s->ptype->name, dplayer) == 0,
          "%s: set_player default makes %s, not %s", g->name,
          s->ptype ? s->ptype->name : "none", dplayer);
}

/* What list_catalog must leave as it was. */
struct snapshot {
    const struct game *game;
    struct game_options opt;
    unsigned char state[4096], undo[4096];
    int undo_len;
    const struct player_type *chosen, *ptype;
    void *player;
};

static void take(const struct session *s, struct snapshot *p)
{
    memset(p, 0, sizeof *p);
    p->game = s->game;
    p->opt = s->opt;
    memcpy(p->state, s->state, s->game->state_size);
    p->undo_len = s->undo_len;
    memcpy(p->undo, s->undo, (size_t)s->undo_len * s->game->state_size);
    p->chosen = s->chosen;
    p->ptype = s->ptype;
    p->player = s->player;
}

static void test_unchanged(struct session *s)
{
    run(s, "set_game Yonin team");
    run(s, "boardsize 6");
    run(s, "set_player paranoid");
    CHECK(run(s, "play a d2"), "a move to take back");
    if (s->game->state_size > sizeof ((struct snapshot *)0)->state) {
        CHECK(false, "the snapshot cannot hold a Yonin state");
        return;
    }
    struct snapshot before, after;
    take(s, &before);
    CHECK(run(s, "list_catalog"), "list_catalog answers");
    take(s, &after);
    CHECK(memcmp(&before, &after, sizeof before) == 0,
          "list_catalog changed the session");
}

int main(void)
{
    struct player_options po;
    player_options_default(&po);
    po.hash_mb = 1;
    po.tree_mb = 1;
    po.threads = 1;
    po.eval_file = "/nonexistent/the-simple-evaluation-will-do";
    struct session s;
    session_init(&s, NULL, &po);
    struct game_options opt = {.size = game_registry[0]->default_size};
    text_init(&out);
    CHECK(session_new_game(&s, game_registry[0], &opt) == 0, "a session");

    test_unchanged(&s);
    CHECK(run(&s, "list_catalog"), "list_catalog");
    char *cat = strdup(text_str(&out));
    int i = 0;
    for (char *save = NULL, *line = strtok_r(cat, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save), i++) {
        CHECK(game_registry[i] != NULL, "more lines than games: %s", line);
        if (game_registry[i])
            check_game(&s, game_registry[i], line);
    }
    CHECK(game_registry[i] == NULL, "%d lines for more games", i);
    CHECK(!run(&s, "list_catalog x") && strstr(text_str(&out), "syntax error"),
          "an argument is refused");
    free(cat);
    text_free(&out);
    session_free(&s);
    return check_report();
}
