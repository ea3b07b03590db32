/* quartet-stats against second implementations: the tool's JSON for fixed
 * seeds is compared with the same random games replayed here, once with a
 * plain array Othello written below and once through the game interface,
 * the statistics computed another way (every turn's count stored, two-pass
 * variance, ranks and wins from the scores rather than the outcomes). */
#include "check.h"
#include "engine/game.h"
#include "engine/rng.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- what the tool does with its seed (documented in the README) ---- */

static uint64_t game_seed(uint64_t seed, uint64_t index)
{
    uint64_t x = index;
    uint64_t k = rng_splitmix(&x) ^ seed;
    return rng_splitmix(&k);
}

/* ---- reference statistics from stored values ---- */

struct vec {
    long n, cap;
    int *v;
};

static void push(struct vec *a, int x)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 4096;
        a->v = realloc(a->v, (size_t)a->cap * sizeof *a->v);
        if (!a->v)
            abort();
    }
    a->v[a->n++] = x;
}

static double vmean(const struct vec *a)
{
    double s = 0;
    for (long i = 0; i < a->n; i++)
        s += a->v[i];
    return a->n ? s / (double)a->n : 0;
}

static double vvar(const struct vec *a)
{
    double m = vmean(a), s = 0;
    for (long i = 0; i < a->n; i++)
        s += (a->v[i] - m) * (a->v[i] - m);
    return a->n ? s / (double)a->n : 0;
}

static int vmin(const struct vec *a)
{
    int m = a->v[0];
    for (long i = 1; i < a->n; i++)
        m = a->v[i] < m ? a->v[i] : m;
    return m;
}

static int vmax(const struct vec *a)
{
    int m = a->v[0];
    for (long i = 1; i < a->n; i++)
        m = a->v[i] > m ? a->v[i] : m;
    return m;
}

struct ref {
    int np;
    bool team;
    struct vec turn_moves, turn_moves_wm, len, len_np;
    long wins[4], draws, rank_sum[4], facing_n[4], facing_rank[4];
};

/* A finished game's scores (team game: each seat its team's score). */
static void ref_result(struct ref *r, const int *score)
{
    int np = r->np, top = score[0], at_top = 0;
    for (int s = 1; s < np; s++)
        top = score[s] > top ? score[s] : top;
    for (int s = 0; s < np; s++)
        at_top += score[s] == top;
    int rank[4];
    for (int s = 0; s < np; s++) {
        int better = 0;
        for (int o = 0; o < np; o++)
            better += score[o] > score[s];
        rank[s] = 1 + (r->team ? better / 2 : better);
        r->rank_sum[s] += rank[s];
    }
    int winners = r->team ? 2 : 1;
    if (at_top == winners) {
        for (int s = 0; s < np; s++)
            r->wins[s] += score[s] == top;
    } else {
        r->draws++;
    }
    if (np == 4 && !r->team)
        for (int s = 0; s < 4; s++)
            if (score[(s + 2) % 4] == top) {
                r->facing_n[s]++;
                r->facing_rank[s] += rank[s];
            }
}

static void ref_free(struct ref *r)
{
    free(r->turn_moves.v);
    free(r->turn_moves_wm.v);
    free(r->len.v);
    free(r->len_np.v);
}

/* ---- a plain Othello on a char array ---- */

struct plain {
    int n;
    char b[8][8]; /* 0 empty, 1 black, 2 white */
};

static const int DIR[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

static int flips_dir(const struct plain *p, int c, int r, int who, int d)
{
    int k = 0, x = c + DIR[d][0], y = r + DIR[d][1];
    while (x >= 0 && y >= 0 && x < p->n && y < p->n && p->b[y][x] == 3 - who) {
        k++;
        x += DIR[d][0];
        y += DIR[d][1];
    }
    if (x >= 0 && y >= 0 && x < p->n && y < p->n && p->b[y][x] == who)
        return k;
    return 0;
}

/* Moves of `who` in row-major order, as cell indexes r * n + c. */
static int plain_moves(const struct plain *p, int who, int *out)
{
    int k = 0;
    for (int r = 0; r < p->n; r++)
        for (int c = 0; c < p->n; c++) {
            if (p->b[r][c])
                continue;
            for (int d = 0; d < 8; d++)
                if (flips_dir(p, c, r, who, d)) {
                    out[k++] = r * p->n + c;
                    break;
                }
        }
    return k;
}

static void plain_play(struct plain *p, int cell, int who)
{
    int c = cell % p->n, r = cell / p->n;
    for (int d = 0; d < 8; d++) {
        int k = flips_dir(p, c, r, who, d);
        for (int i = 1; i <= k; i++)
            p->b[r + i * DIR[d][1]][c + i * DIR[d][0]] = (char)who;
    }
    p->b[r][c] = (char)who;
}

static void plain_games(struct ref *r, int n, long games, uint64_t seed)
{
    memset(r, 0, sizeof *r);
    r->np = 2;
    for (long i = 0; i < games; i++) {
        struct rng g;
        rng_seed(&g, game_seed(seed, (uint64_t)i));
        rng_next(&g); /* the two seats' player seeds */
        rng_next(&g);
        struct plain p = {.n = n};
        int h = n / 2;
        p.b[h - 1][h - 1] = p.b[h][h] = 2;
        p.b[h][h - 1] = p.b[h - 1][h] = 1;
        int who = 1, plies = 0, passes = 0, mv[64];
        for (;;) {
            int k = plain_moves(&p, who, mv);
            if (!k) {
                if (!plain_moves(&p, 3 - who, mv))
                    break; /* nobody can move */
                push(&r->turn_moves, 0);
                plies++;
                passes++;
                who = 3 - who;
                continue;
            }
            push(&r->turn_moves, k);
            push(&r->turn_moves_wm, k);
            plain_play(&p, mv[rng_below(&g, (uint32_t)k)], who);
            plies++;
            who = 3 - who;
        }
        push(&r->len, plies);
        push(&r->len_np, plies - passes);
        int score[2] = {0, 0};
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++)
                if (p.b[y][x])
                    score[p.b[y][x] - 1]++;
        ref_result(r, score);
    }
}

/* ---- the same games through the game interface ---- */

static void interface_games(struct ref *r, const struct game *g, int size,
                            uint32_t flags, bool team, long games, uint64_t seed)
{
    memset(r, 0, sizeof *r);
    r->np = g->num_players;
    r->team = team;
    struct game_options o = {.size = size, .flags = flags};
    unsigned char *st = malloc(g->state_size);
    move_t *mv = malloc(GAME_MAX_MOVES * sizeof *mv);
    for (long i = 0; i < games; i++) {
        struct rng rg;
        rng_seed(&rg, game_seed(seed, (uint64_t)i));
        for (int s = 0; s < g->num_players; s++)
            rng_next(&rg);
        g->init(st, &o);
        int plies = 0, passes = 0;
        while (g->to_move(st) >= 0) {
            int k = g->legal_moves(st, mv);
            if (k == 1 && mv[0] == MOVE_PASS) {
                push(&r->turn_moves, 0);
                g->play(st, MOVE_PASS);
                passes++;
            } else {
                push(&r->turn_moves, k);
                push(&r->turn_moves_wm, k);
                g->play(st, mv[rng_below(&rg, (uint32_t)k)]);
            }
            plies++;
        }
        push(&r->len, plies);
        push(&r->len_np, plies - passes);
        int score[4];
        g->score(st, score);
        if (team) {
            int ac = score[0] + score[2], bd = score[1] + score[3];
            score[0] = score[2] = ac;
            score[1] = score[3] = bd;
        }
        ref_result(r, score);
    }
    free(st);
    free(mv);
}

/* ---- the tool's JSON ---- */

static char *run_tool(const char *args)
{
    const char *bin = getenv("BIN");
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s/quartet-stats %s --json", bin ? bin : "bin", args);
    FILE *f = popen(cmd, "r");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t k;
    while (buf && (k = fread(buf + n, 1, cap - 1 - n, f)) > 0)
        n += k;
    int rc = pclose(f);
    if (!buf || rc != 0 || n == 0) {
        fprintf(stderr, "'%s' failed (status %d)\n", cmd, rc);
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    return buf;
}

/* The number after "key": at the top level, or inside "key":{...} after
 * "seat": when seat is given; NAN when absent. */
static double jnum(const char *js, const char *key, const char *seat)
{
    char pat[80];
    snprintf(pat, sizeof pat, seat ? "\"%s\":{" : "\"%s\":", key);
    const char *p = strstr(js, pat);
    if (!p)
        return NAN;
    p += strlen(pat);
    if (seat) {
        const char *end = strchr(p, '}');
        snprintf(pat, sizeof pat, "\"%s\":", seat);
        p = strstr(p, pat);
        if (!p || !end || p > end)
            return NAN;
        p += strlen(pat);
    }
    char *e;
    double v = strtod(p, &e);
    return e == p ? NAN : v;
}

static void near(const char *what, const char *key, double tool, double want)
{
    CHECK(fabs(tool - want) <= 2e-6 * (1 + fabs(want)), "%s %s: tool %.6f, replay %.6f",
          what, key, tool, want);
}

/* Every statistic of the tool against the replay. */
static void compare(const char *what, const char *js, const struct ref *r,
                    const struct game *g, long games)
{
    CHECK(jnum(js, "games", NULL) == (double)games, "%s games", what);
    CHECK(jnum(js, "turns", NULL) == (double)r->turn_moves.n, "%s turns: %.0f vs %ld", what,
          jnum(js, "turns", NULL), r->turn_moves.n);
    CHECK(jnum(js, "turns_with_move", NULL) == (double)r->turn_moves_wm.n, "%s turns_with_move",
          what);
    near(what, "moves_per_turn_mean", jnum(js, "moves_per_turn_mean", NULL), vmean(&r->turn_moves));
    near(what, "moves_per_turn_var", jnum(js, "moves_per_turn_var", NULL), vvar(&r->turn_moves));
    near(what, "moves_per_turn_with_move_mean", jnum(js, "moves_per_turn_with_move_mean", NULL),
         vmean(&r->turn_moves_wm));
    near(what, "moves_per_turn_with_move_var", jnum(js, "moves_per_turn_with_move_var", NULL),
         vvar(&r->turn_moves_wm));
    near(what, "length_with_passes_mean", jnum(js, "length_with_passes_mean", NULL), vmean(&r->len));
    near(what, "length_with_passes_var", jnum(js, "length_with_passes_var", NULL), vvar(&r->len));
    CHECK(jnum(js, "length_with_passes_min", NULL) == vmin(&r->len), "%s min length", what);
    CHECK(jnum(js, "length_with_passes_max", NULL) == vmax(&r->len), "%s max length", what);
    near(what, "length_without_passes_mean", jnum(js, "length_without_passes_mean", NULL),
         vmean(&r->len_np));
    CHECK(jnum(js, "length_without_passes_min", NULL) == vmin(&r->len_np), "%s min length np", what);
    CHECK(jnum(js, "length_without_passes_max", NULL) == vmax(&r->len_np), "%s max length np", what);
    near(what, "first_player_win_rate", jnum(js, "first_player_win_rate", NULL),
         (double)r->wins[0] / (double)games);
    CHECK(jnum(js, "draws", NULL) == (double)r->draws, "%s draws: tool %.0f, replay %ld", what,
          jnum(js, "draws", NULL), r->draws);
    for (int s = 0; s < r->np; s++) {
        const char *seat = g->player_names[s][0];
        CHECK(jnum(js, "wins", seat) == (double)r->wins[s], "%s wins of %s: tool %.0f, replay %ld",
              what, seat, jnum(js, "wins", seat), r->wins[s]);
        near(what, "win_rate", jnum(js, "win_rate", seat), (double)r->wins[s] / (double)games);
        near(what, "average_rank", jnum(js, "average_rank", seat),
             (double)r->rank_sum[s] / (double)games);
        if (r->np == 4 && !r->team) {
            CHECK(jnum(js, "facing_first_games", seat) == (double)r->facing_n[s],
                  "%s facing games of %s", what, seat);
            near(what, "rank_when_facing_first", jnum(js, "rank_when_facing_first", seat),
                 (double)r->facing_rank[s] / (double)r->facing_n[s]);
        }
    }
    if (r->np == 4 && !r->team)
        CHECK(strstr(js, "\"rank_when_facing_first\":{") != NULL, "%s has facing ranks", what);
    else
        CHECK(strstr(js, "rank_when_facing_first") == NULL, "%s has no facing ranks", what);
}

static void plain_case(int n, long games, uint64_t seed)
{
    char args[128], what[64];
    snprintf(args, sizeof args, "-g othello -s %d -n %ld --seed %llu -p random", n, games,
             (unsigned long long)seed);
    snprintf(what, sizeof what, "plain othello %dx%d", n, n);
    char *js = run_tool(args);
    CHECK(js != NULL, "%s: tool ran", what);
    if (!js)
        return;
    struct ref r;
    plain_games(&r, n, games, seed);
    compare(what, js, &r, game_find("othello"), games);
    ref_free(&r);
    free(js);
}

static void interface_case(const char *game, int size, const char *variant, long games,
                           uint64_t seed, int threads)
{
    const struct game *g = game_find(game);
    uint32_t flags = 0;
    bool team = false;
    for (int v = 0; variant && g->variants[v].name; v++)
        if (strcmp(g->variants[v].name, variant) == 0) {
            flags = g->variants[v].flag;
            team = strcmp(variant, "team") == 0;
        }
    char args[160], what[64];
    snprintf(args, sizeof args, "-g %s%s%s -s %d -n %ld --seed %llu -t %d", game,
             variant ? "," : "", variant ? variant : "", size, games,
             (unsigned long long)seed, threads);
    snprintf(what, sizeof what, "%s%s %d", game, variant ? " team" : "", size);
    char *js = run_tool(args);
    CHECK(js != NULL, "%s: tool ran", what);
    if (!js)
        return;
    struct ref r;
    interface_games(&r, g, size, flags, team, games, seed);
    compare(what, js, &r, g, games);
    ref_free(&r);
    free(js);
}

int main(void)
{
    plain_case(8, 400, 11);
    plain_case(6, 400, 5);
    plain_case(4, 200, 3);
    interface_case("othello", 8, NULL, 300, 2, 2);
    interface_case("yonin", 8, NULL, 300, 7, 1);
    interface_case("yonin", 6, NULL, 300, 8, 3);
    interface_case("yonin", 8, "team", 300, 9, 2);
    interface_case("separo", 7, NULL, 200, 4, 1);
    interface_case("torushex", 5, NULL, 300, 6, 2);
    interface_case("torushex", 4, "swap", 300, 6, 1);
    return check_report();
}
