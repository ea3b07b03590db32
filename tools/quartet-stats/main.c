/* quartet-stats: command-line flags, then play the games and print the
 * report (statistics of any game between random or search players). */
#include "stats.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
    fputs(
        "usage: quartet-stats [options]\n"
        "Plays games between chosen players and reports moves per turn, game\n"
        "lengths, win rates and ranks.\n"
        "  -g, --game NAME[,VARIANT...]  Othello (default), Yonin, Separo, TorusHex;\n"
        "                                e.g. yonin,team\n"
        "  -s, --size N                  board size (default: the game's own)\n"
        "  -n, --games K                 games to play (default 1000)\n"
        "  -p, --players SPEC            one spec for every seat, or one per seat in\n"
        "                                seat order, comma-separated; each NAME,\n"
        "                                NAME:DEPTH or NAME:pPLAYOUTS (default random)\n"
        "      --seed S                  seed; equal seeds give equal output (default 1)\n"
        "  -t, --threads T               threads sharing the games (default 1); the\n"
        "                                result does not depend on T\n"
        "      --json                    one JSON object instead of text\n"
        "      --time SECONDS            per move for a search player given without\n"
        "                                depth or playouts (default 0.1; such results\n"
        "                                depend on timing and are not reproducible)\n"
        "      --max-time SECONDS        safety bound per move with a depth or\n"
        "                                playout budget (default 600)\n"
        "      --hash MB                 search players' table size (default 16)\n"
        "      --tree-mb MB              search players' tree bound (default 256)\n"
        "  -h, --help\n",
        f);
}

static void die(const char *fmt, const char *arg)
{
    fputs("quartet-stats: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\n(quartet-stats --help lists the options)\n", stderr);
    exit(2);
}

/* A whole decimal number in [lo, hi]. */
static unsigned long long int_arg(const char *flag, const char *v,
                                  unsigned long long lo, unsigned long long hi)
{
    char *end;
    errno = 0;
    if (!isdigit((unsigned char)*v))
        die("bad value for %s (want a whole number)", flag);
    unsigned long long x = strtoull(v, &end, 10);
    if (*end || errno || x < lo || x > hi)
        die("bad value for %s (out of range)", flag);
    return x;
}

static double num_arg(const char *flag, const char *v, double lo, double hi)
{
    char *end;
    errno = 0;
    double d = strtod(v, &end);
    if (end == v || *end || errno || !(d >= lo && d <= hi))
        die("bad value for %s", flag);
    return d;
}

/* NAME[,VARIANT...] into the game and its variant flags. */
static void parse_game(struct stats_config *c, const char *text)
{
    char buf[128];
    if (strlen(text) >= sizeof buf)
        die("bad game '%s'", text);
    strcpy(buf, text);
    char *comma = strchr(buf, ',');
    if (comma)
        *comma = 0;
    c->g = game_find(buf);
    if (!c->g)
        die("unknown game '%s' (games: Othello, Yonin, Separo, TorusHex)", buf);
    while (comma) {
        char *word = comma + 1;
        comma = strchr(word, ',');
        if (comma)
            *comma = 0;
        const struct game_variant *v = game_variant_find(c->g, word);
        if (!v)
            die("unknown variant '%s'", word);
        if (c->gopt.flags & v->flag)
            die("repeated variant '%s'", v->name);
        c->gopt.flags |= v->flag;
        c->team |= strcmp(v->name, "team") == 0;
        size_t used = strlen(c->variants);
        snprintf(c->variants + used, sizeof c->variants - used, "%s%s",
                 used ? "," : "", v->name);
    }
}

/* The value of a flag: "--flag=value" or the next argument. */
static const char *value(int argc, char **argv, int *i, const char *eq)
{
    if (eq)
        return eq + 1;
    if (*i + 1 >= argc)
        die("%s needs a value", argv[*i]);
    return argv[++*i];
}

int main(int argc, char **argv)
{
    struct stats_config c = {
        .games = 1000, .seed = 1, .threads = 1, .move_time = 0.1,
        .max_time = 600, .hash_mb = 16, .tree_mb = 256,
    };
    const char *game = "othello", *players = "random";
    int size = 0;
    for (int i = 1; i < argc; i++) {
        char flag[32];
        const char *a = argv[i], *eq = NULL;
        if (strncmp(a, "--", 2) == 0 && (eq = strchr(a, '=')) != NULL) {
            size_t n = (size_t)(eq - a);
            if (n >= sizeof flag)
                die("unknown option '%s'", a);
            memcpy(flag, a, n);
            flag[n] = 0;
            a = flag;
        }
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--json") && !eq) {
            c.json = true;
        } else if (!strcmp(a, "-g") || !strcmp(a, "--game")) {
            game = value(argc, argv, &i, eq);
        } else if (!strcmp(a, "-s") || !strcmp(a, "--size")) {
            size = (int)int_arg("--size", value(argc, argv, &i, eq), 1, 1000);
        } else if (!strcmp(a, "-n") || !strcmp(a, "--games")) {
            c.games = (long)int_arg("--games", value(argc, argv, &i, eq), 1, 1000000000000ULL);
        } else if (!strcmp(a, "-p") || !strcmp(a, "--players")) {
            players = value(argc, argv, &i, eq);
        } else if (!strcmp(a, "--seed")) {
            c.seed = int_arg("--seed", value(argc, argv, &i, eq), 0, UINT64_MAX);
        } else if (!strcmp(a, "-t") || !strcmp(a, "--threads")) {
            c.threads = (int)int_arg("--threads", value(argc, argv, &i, eq), 1, 256);
        } else if (!strcmp(a, "--time")) {
            c.move_time = num_arg("--time", value(argc, argv, &i, eq), 0.001, 3600);
        } else if (!strcmp(a, "--max-time")) {
            c.max_time = num_arg("--max-time", value(argc, argv, &i, eq), 0.001, 1e6);
        } else if (!strcmp(a, "--hash")) {
            c.hash_mb = (int)int_arg("--hash", value(argc, argv, &i, eq), 1, 65536);
        } else if (!strcmp(a, "--tree-mb")) {
            c.tree_mb = (int)int_arg("--tree-mb", value(argc, argv, &i, eq), 1, 65536);
        } else {
            die("unknown option '%s'", argv[i]);
        }
    }
    parse_game(&c, game);
    c.gopt.size = size ? size : c.g->default_size;
    if (c.gopt.size < c.g->min_size || c.gopt.size > c.g->max_size || !c.g->size_ok(c.gopt.size)) {
        char msg[96];
        snprintf(msg, sizeof msg, "%d", c.gopt.size);
        fprintf(stderr, "quartet-stats: %s cannot be played on size %s (sizes %d..%d)\n",
                c.g->name, msg, c.g->min_size, c.g->max_size);
        return 2;
    }
    char err[512];
    if (spec_parse(&c, players, err, sizeof err) < 0) {
        fprintf(stderr, "quartet-stats: %s\n", err);
        return 2;
    }
    struct stats_acc acc;
    if (stats_run(&c, &acc, err, sizeof err) < 0) {
        fprintf(stderr, "quartet-stats: %s\n", err);
        return 1;
    }
    if (c.json)
        report_json(&c, &acc);
    else
        report_text(&c, &acc);
    return fflush(stdout) == 0 ? 0 : 1;
}
