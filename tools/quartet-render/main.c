/* quartet-render: pictures of games recorded by quartet-match. Reads a
 * record file (JSON Lines, SGF, GGF, text or a transcript), replays one game through the
 * engine library and writes SVG drawn by the game's own svg hook: the
 * final position, any ply, one file per ply, or an overview sheet. */
#include "render.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum mode { FINAL, PLY, EVERY_PLY, SHEET, LIST };

struct opts {
    enum mode mode;
    const char *record, *output, *dir;
    int game;          /* -1: the first */
    int ply, every, columns;
    bool legal;
};

static void usage(FILE *f)
{
    fputs("usage: quartet-render [options] RECORD\n"
          "Draws a recorded game (JSON Lines, SGF, GGF, text or transcript) as SVG.\n"
          "  -g, --game N        the game numbered N in the file (default: the first)\n"
          "  -l, --list          list the games in the file\n"
          "  -f, --final         the final position (the default)\n"
          "  -p, --ply N         the position after N plies (0: the start)\n"
          "  -a, --all DIR       one SVG per ply into DIR: ply-000.svg (the start),\n"
          "                      ply-001.svg, ...\n"
          "  -s, --sheet         an overview sheet: the positions after every K plies\n"
          "  -k, --every K       plies between the boards of a sheet (default: about\n"
          "                      twelve boards)\n"
          "  -c, --columns C     boards per row of a sheet (default 4)\n"
          "      --legal         mark the legal moves of the player to move\n"
          "  -o, --output FILE   write to FILE instead of standard output\n"
          "  -h, --help\n"
          "Exit status: 0, or 2 on bad options, an unreadable or malformed record,\n"
          "or a move the game does not allow.\n",
          f);
}

static void die(const char *fmt, const char *arg)
{
    fputs("quartet-render: ", stderr);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    exit(2);
}

static int int_arg(const char *flag, const char *v, int lo, int hi)
{
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (end == v || *end || errno || x < lo || x > hi) {
        fprintf(stderr, "quartet-render: bad value '%s' for %s (a whole number from %d to %d)\n",
                v, flag, lo, hi);
        exit(2);
    }
    return (int)x;
}

static void parse_args(int argc, char **argv, struct opts *o)
{
    static const struct option longs[] = {
        {"game", required_argument, NULL, 'g'},  {"list", no_argument, NULL, 'l'},
        {"final", no_argument, NULL, 'f'},       {"ply", required_argument, NULL, 'p'},
        {"all", required_argument, NULL, 'a'},   {"sheet", no_argument, NULL, 's'},
        {"every", required_argument, NULL, 'k'}, {"columns", required_argument, NULL, 'c'},
        {"legal", no_argument, NULL, 'L'},       {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},        {NULL, 0, NULL, 0},
    };
    *o = (struct opts){.mode = FINAL, .game = -1, .columns = 4};
    int c, modes = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":g:lfp:a:sk:c:o:h", longs, NULL)) != -1) {
        switch (c) {
        case 'g': o->game = int_arg("--game", optarg, 0, 1000000000); break;
        case 'l': o->mode = LIST, modes++; break;
        case 'f': o->mode = FINAL, modes++; break;
        case 'p': o->mode = PLY, modes++, o->ply = int_arg("--ply", optarg, 0, 1000000); break;
        case 'a': o->mode = EVERY_PLY, modes++, o->dir = optarg; break;
        case 's': o->mode = SHEET, modes++; break;
        case 'k': o->every = int_arg("--every", optarg, 1, 1000000); break;
        case 'c': o->columns = int_arg("--columns", optarg, 1, 100); break;
        case 'L': o->legal = true; break;
        case 'o': o->output = optarg; break;
        case 'h': usage(stdout); exit(0);
        case ':': die("option %s needs a value", argv[optind - 1]); break;
        default: die("unknown option %s (see --help)", argv[optind - 1]);
        }
    }
    if (modes > 1)
        die("%s", "choose one of --list, --final, --ply, --all, --sheet");
    if (optind != argc - 1)
        die("%s", optind < argc ? "one record file only (see --help)" : "no record file (see --help)");
    o->record = argv[optind];
}

static void list_games(const struct rec_file *f, FILE *out)
{
    for (int i = 0; i < f->n; i++) {
        const struct rec_game *g = &f->games[i];
        fprintf(out, "game %d: %s", g->id, g->game);
        if (g->size)
            fprintf(out, " %dx%d", g->size, g->size);
        if (g->variants[0])
            fprintf(out, " %s", g->variants);
        fprintf(out, ", %d plies", g->nmoves);
        for (int p = 0; p < g->nplayers; p++)
            fprintf(out, "%s%s", p ? " vs " : ", ", g->players[p]);
        fprintf(out, "%s%s\n", g->result[0] ? ", result " : "", g->result);
    }
}

static const struct rec_game *choose(const struct rec_file *f, int id)
{
    if (id < 0)
        return &f->games[0];
    for (int i = 0; i < f->n; i++)
        if (f->games[i].id == id)
            return &f->games[i];
    char num[16];
    snprintf(num, sizeof num, "%d", id);
    die("no game %s in the record (see --list)", num);
    return NULL;
}

static int write_ply(const struct replay *rp, int ply, bool legal, const char *path)
{
    char *svg = render_ply(rp, ply, legal);
    FILE *f = path ? fopen(path, "w") : stdout;
    if (!svg || !f) {
        free(svg);
        die("cannot write %s", path ? path : "the picture");
    }
    fputs(svg, f);
    free(svg);
    if ((path ? fclose(f) : fflush(f)) != 0)
        die("cannot write %s", path ? path : "standard output");
    return 0;
}

static void every_ply(const struct replay *rp, const char *dir, bool legal)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        die("cannot create directory %s", dir);
    int digits = rp->nplies >= 1000 ? 4 : 3;
    for (int ply = 0; ply <= rp->nplies; ply++) {
        char path[4096];
        if (snprintf(path, sizeof path, "%s/ply-%0*d.svg", dir, digits, ply) >= (int)sizeof path)
            die("directory name too long: %s", dir);
        write_ply(rp, ply, legal, path);
    }
}

static void sheet(const struct rec_game *r, const struct replay *rp, const struct opts *o)
{
    int k = o->every ? o->every : (rp->nplies + 11) / 12;
    FILE *f = o->output ? fopen(o->output, "w") : stdout;
    if (!f)
        die("cannot write %s", o->output);
    if (render_sheet(f, r, rp, k < 1 ? 1 : k, o->columns, o->legal) != 0)
        die("%s", "out of memory");
    if ((o->output ? fclose(f) : fflush(f)) != 0)
        die("cannot write %s", o->output ? o->output : "standard output");
}

int main(int argc, char **argv)
{
    struct opts o;
    struct rec_file f;
    struct replay rp;
    char err[512];
    parse_args(argc, argv, &o);
    if (rec_read(o.record, &f, err, sizeof err) != 0)
        die("%s", err);
    if (o.mode == LIST) {
        list_games(&f, stdout);
        rec_free(&f);
        return 0;
    }
    const struct rec_game *r = choose(&f, o.game);
    char why[400];
    if (replay_game(r, &rp, why, sizeof why) != 0) {
        snprintf(err, sizeof err, "game %d: %s", r->id, why);
        die("%s", err);
    }
    if (o.mode == PLY && o.ply > rp.nplies) {
        fprintf(stderr, "quartet-render: game %d has only %d plies\n", r->id, rp.nplies);
        exit(2);
    }
    if (o.mode == EVERY_PLY)
        every_ply(&rp, o.dir, o.legal);
    else if (o.mode == SHEET)
        sheet(r, &rp, &o);
    else
        write_ply(&rp, o.mode == PLY ? o.ply : rp.nplies, o.legal, o.output);
    replay_free(&rp);
    rec_free(&f);
    return 0;
}
