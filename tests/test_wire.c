/* Random games over the wire against the real binary ($QUARTET): what
 * `legal_moves` lists is exactly what `play` accepts, a refused move leaves
 * the board unchanged, and `undo` restores the exact earlier board. */
#include "check.h"
#include "engine_pipe.h"
#include "engine/rng.h"

#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Sends one command, returns its response (without the final empty line)
 * in a static buffer; the first character is '=' or '?'. */
static const char *ask(struct engine *e, const char *fmt, const char *a, const char *b)
{
    static char resp[65536];
    char line[4096];
    fprintf(e->in, fmt, a, b);
    fputc('\n', e->in);
    fflush(e->in);
    size_t len = 0;
    resp[0] = 0;
    while (fgets(line, sizeof line, e->out)) {
        if (line[0] == '\n' && len > 0)
            break;
        size_t l = strlen(line);
        if (len + l < sizeof resp) {
            memcpy(resp + len, line, l + 1);
            len += l;
        }
    }
    if (len && resp[len - 1] == '\n')
        resp[len - 1] = 0;
    return resp;
}

struct pool {
    char moves[512][32];
    int n;
};

static void pool_add(struct pool *p, const char *m)
{
    for (int i = 0; i < p->n; i++)
        if (strcmp(p->moves[i], m) == 0)
            return;
    if (p->n < 512)
        snprintf(p->moves[p->n++], sizeof p->moves[0], "%.31s", m);
}

static int split(char *s, char words[][32], int max)
{
    int n = 0;
    for (char *t = strtok(s, " "); t && n < max; t = strtok(NULL, " "))
        snprintf(words[n++], 32, "%.31s", t);
    return n;
}

static void play_games(struct engine *e, const char *game, const char *size,
                       const char *players[], int nplayers, int games, struct rng *r)
{
    int disagree = 0, changed = 0, undo_bad = 0, plies = 0;
    struct pool pool = {0};
    for (int gi = 0; gi < games; gi++) {
        ask(e, "set_game %s%s", game, "");
        ask(e, "boardsize %s%s", size, "");
        char boards[400][2048];
        int depth = 0;
        snprintf(boards[0], sizeof boards[0], "%s", ask(e, "showboard%s%s", "", ""));
        int turn = 0;
        while (depth < 399) {
            /* The mover is the first player, from `turn` on, whom
             * legal_moves offers anything (forced passes in between are
             * played by the engine). */
            char list[65536], words[4096][32];
            int n = 0, mover = -1;
            for (int k = 0; k < nplayers && mover < 0; k++) {
                int t = (turn + k) % nplayers;
                snprintf(list, sizeof list, "%s", ask(e, "legal_moves %s%s", players[t], ""));
                if (list[0] != '=')
                    disagree++;
                n = split(list + 1, words, 4096);
                if (n > 0)
                    mover = t;
            }
            if (mover < 0) {
                /* Nobody can move: the game must be over. */
                if (ask(e, "final_score%s%s", "", "")[0] != '=')
                    disagree++;
                break;
            }
            for (int i = 0; i < n; i++)
                pool_add(&pool, words[i]);
            /* A few moves seen before but not listed now must be refused. */
            for (int k = 0; k < 4 && pool.n; k++) {
                const char *m = pool.moves[rng_below(r, (uint32_t)pool.n)];
                bool listed = false;
                for (int i = 0; i < n; i++)
                    listed |= strcmp(words[i], m) == 0;
                if (listed)
                    continue;
                if (ask(e, "play %s %s", players[mover], m)[0] != '?')
                    disagree++;
                if (strcmp(ask(e, "showboard%s%s", "", ""), boards[depth]) != 0)
                    changed++;
            }
            const char *m = words[rng_below(r, (uint32_t)n)];
            if (ask(e, "play %s %s", players[mover], m)[0] != '=')
                disagree++;
            plies++;
            depth++;
            turn = (mover + 1) % nplayers;
            snprintf(boards[depth], sizeof boards[0], "%s", ask(e, "showboard%s%s", "", ""));
            if (rng_below(r, 8) == 0) {
                int back = 1 + (int)rng_below(r, depth < 3 ? (uint32_t)depth : 3);
                for (int i = 0; i < back; i++)
                    if (ask(e, "undo%s%s", "", "")[0] != '=')
                        undo_bad++;
                depth -= back;
                if (strcmp(ask(e, "showboard%s%s", "", ""), boards[depth]) != 0)
                    undo_bad++;
                turn = 0;
            }
        }
        int u = 0;
        while (ask(e, "undo%s%s", "", "")[0] == '=')
            u++;
        if (u != depth || strcmp(ask(e, "showboard%s%s", "", ""), boards[0]) != 0)
            undo_bad++;
    }
    CHECK(plies > games * 5, "%s %s: %d plies played", game, size, plies);
    CHECK(disagree == 0, "%s %s: legal_moves and play disagree %d times", game, size, disagree);
    CHECK(changed == 0, "%s %s: a refused move changed the board %d times", game, size, changed);
    CHECK(undo_bad == 0, "%s %s: undo failed %d times", game, size, undo_bad);
}

int main(void)
{
    const char *path = getenv("QUARTET");
    struct engine e;
    signal(SIGPIPE, SIG_IGN);
    const char *const flags[] = {"--player", "random", NULL};
    if (!path || engine_start(&e, path, flags) != 0) {
        CHECK(0, "cannot start the engine (QUARTET=%s)", path ? path : "unset");
        return check_report();
    }
    struct rng r;
    rng_seed(&r, 5);
    const char *two[] = {"black", "white"}, *four[] = {"a", "b", "c", "d"};
    play_games(&e, "othello", "8", two, 2, 6, &r);
    play_games(&e, "othello", "4", two, 2, 10, &r);
    play_games(&e, "yonin", "8", four, 4, 4, &r);
    play_games(&e, "yonin", "6", four, 4, 6, &r);
    play_games(&e, "separo", "7", two, 2, 4, &r);
    play_games(&e, "torushex", "5", two, 2, 8, &r);
    play_games(&e, "torushex", "11", two, 2, 2, &r);
    ask(&e, "quit%s%s", "", "");
    fclose(e.in);
    int status = 0;
    waitpid(e.pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "clean exit after quit");
    return check_report();
}
