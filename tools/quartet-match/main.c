/* quartet-match: command-line flags, engine probing, and the five modes
 * (play a tournament, --generate-openings, --check FILE, --stats W,D,L,
 * --merge FILE...). */
#include "adjudicate.h"
#include "engine/games/othello/datapath.h"
#include "check.h"
#include "crosstable.h"
#include "engine/player.h"
#include "enginefile.h"
#include "event.h"
#include "match.h"
#include "merge.h"
#include "openings.h"
#include "openmode.h"
#include "records.h"
#include "repair.h"
#include "resume.h"
#include "schedule.h"
#include "stats.h"
#include "records/textclean.h"
#include "tourney.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

static void usage(FILE *f)
{
    fputs(
        "usage: quartet-match [options] --engine CMD --engine CMD ...\n"
        "       quartet-match --merge FILE.jsonl...\n"
        "Engines\n"
        "  -e, --engine CMD          an engine command line; or 'name=NAME cmd=CMD'\n"
        "      --name NAME           display name of the engine given last\n"
        "      --engines FILE        engines from a file: [NAME] sections with cmd =, dir =, init =\n"
        "Game and schedule\n"
        "  -g, --game NAME[,VAR...]  Othello (default), Yonin, Separo, TorusHex; e.g. yonin,team\n"
        "      --variant WORD        a game variant (repeatable)\n"
        "  -s, --size N              board size (default: the game's own)\n"
        "  -t, --tournament KIND     round-robin (default: every pairing) or gauntlet (the\n"
        "                            first engine against each of the rest); two-player games\n"
        "      --games N             games to play (default: rounds x openings x colours)\n"
        "      --games-per-pairing N games of each pairing (two-player games)\n"
        "      --rounds N            times through every opening and colour assignment (1)\n"
        "  -j, --concurrency N       games in parallel (1)\n"
        "      --shard K/N           play only the K-th of N slices of the schedule\n"
        "      --event NAME          the event's name (records; default: game and schedule)\n"
        "Time\n"
        "      --tc SPEC             SECONDS per move, MAIN+INC per game, or none (default)\n"
        "      --margin SECONDS      time beyond the limit before a forfeit (1.0)\n"
        "      --timeout SECONDS     limit for other commands, and genmove without --tc (30)\n"
        "Adjudication\n"
        "      --adjudicate-empties N  Othello: solve exactly at N empties (at most 24)\n"
        "      --max-moves N         a game still running after N plies is a draw\n"
        "Openings\n"
        "      --openings FILE       one opening per line: moves separated by spaces/commas,\n"
        "                            or a transcript (f5d6c3, pa a pass); 'none': the start.\n"
        "                            Othello 8x8 without it: data/openings/othello-8.txt,\n"
        "                            one opening per round in file order\n"
        "      --random-openings N   generate openings of N random plies\n"
        "      --balance PLAYOUTS    playouts to check an opening's balance (1000; 0 off)\n"
        "      --balance-player NAME the player that checks it: flat-mc (default), mcts, ...\n"
        "      --tolerance T         keep openings with first-player estimate within 0.5+-T (0.1)\n"
        "      --seed N              seed for generated openings (1)\n"
        "      --generate-openings N write N openings (--random-openings plies) to --output\n"
        "      --output FILE         for --generate-openings (default stdout)\n"
        "      --balance-search DEPTH  keep openings the game's own search at DEPTH values\n"
        "                            within +-margin (Othello: alphabeta; instead of --balance)\n"
        "      --balance-margin N    that margin in discs (2)\n"
        "      --balance-prefilter D a D-ply search first drops values beyond margin+3 (10; 0 off)\n"
        "      --balance-threads N   threads of each search (1)\n"
        "      --balance-eval FILE   Othello: the weights of those searches (default:\n"
        "                            the shipped play evaluation)\n"
        "      --max-tries N         random openings drawn at most (2000 x count + 10000)\n"
        "      --balance-report DEPTH  search the --openings (or default) set at DEPTH and\n"
        "                            print each value, mean |value|, the share beyond +-4\n"
        "      --balance-sample N    only N openings spread over the file (0: all)\n"
        "Records and output\n"
        "      --jsonl FILE          one JSON object per game; an existing file of the same\n"
        "                            event is resumed (only missing games are played)\n"
        "      --records FILE        text game records (all games)\n"
        "      --sgf FILE.sgf|DIR    SGF records (Othello, Torus Hex)\n"
        "      --ggf FILE            GGF records, one game a line (Othello)\n"
        "      --sprt SPEC           elo0=0,elo1=10,alpha=0.05,beta=0.05: stop when decided\n"
        "      --engine-stderr FILE  append engines' stderr to FILE (default /dev/null)\n"
        "      --engine-stderr-max MB  keep at most MB megabytes (10^6 bytes) of each\n"
        "                            engine's stderr in that file (default 10)\n"
        "      --no-final-score      do not ask engines for final_score\n"
        "      --quiet               no progress line\n"
        "Other modes\n"
        "      --check FILE          replay records (JSONL, SGF, GGF or text) and compare\n"
        "      --stats W,D,L         print score, Elo +- 95% and SPRT for these counts;\n"
        "                            five counts: pairs scoring 0, 1/2, 1, 3/2, 2 points\n"
        "      --merge FILE...       one table from JSONL files of one event (shards);\n"
        "                            an --sprt before it adds the test's verdict\n"
        "  -h, --help\n",
        f);
}

static void die(const char *fmt, const char *arg)
{
    fputs("quartet-match: ", stderr);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    exit(2);
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

static void parse_tc(struct time_control *tc, const char *v)
{
    if (strcasecmp(v, "none") == 0) {
        tc->mode = TC_NONE;
        return;
    }
    const char *plus = strchr(v, '+');
    if (!plus) {
        tc->mode = TC_MOVE;
        tc->move = num_arg("--tc", v, 0.001, 1e6);
        return;
    }
    char main_part[64];
    snprintf(main_part, sizeof main_part, "%.*s", (int)(plus - v), v);
    tc->mode = TC_GAME;
    tc->base = num_arg("--tc", main_part, 0.001, 1e7);
    tc->inc = num_arg("--tc", plus + 1, 0, 1e6);
}

static void add_engine(struct match_config *cfg, const char *v)
{
    if (cfg->nengines >= MAX_ENGINES)
        die("too many engines (at most %s)", "32");
    struct engine_spec *e = &cfg->eng[cfg->nengines++];
    memset(e, 0, sizeof *e);
    if (strncmp(v, "name=", 5) == 0) {
        const char *sp = strstr(v, " cmd=");
        if (!sp)
            die("--engine 'name=NAME cmd=CMD' expected, got: %s", v);
        snprintf(e->name, sizeof e->name, "%.*s", (int)(sp - v - 5), v + 5);
        v = sp + 5;
    } else if (strncmp(v, "cmd=", 4) == 0)
        v += 4;
    if (strlen(v) >= sizeof e->cmd)
        die("engine command too long: %s", v);
    snprintf(e->cmd, sizeof e->cmd, "%s", v);
}

static bool probe_bool(struct proc *p, double timeout, const char *cmd)
{
    char out[256];
    return proc_command(p, timeout, out, sizeof out, "known_command %s", cmd) == GTP_OK &&
           strcmp(out, "true") == 0;
}

/* Whether word is one of the lines of list. */
static bool listed(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *l = list; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
        if (strncmp(l, word, n) == 0 && (l[n] == '\n' || l[n] == '\0' || l[n] == ' '))
            return true;
    return false;
}

/* What the engine supports: by known_command, or by list_commands for an
 * engine that lacks known_command. */
static void probe_commands(struct proc *p, double timeout, struct engine_spec *e)
{
    char out[64];
    if (proc_command(p, timeout, out, sizeof out, "known_command name") == GTP_OK) {
        e->knows_set_game = probe_bool(p, timeout, "set_game");
        e->knows_time_settings = probe_bool(p, timeout, "time_settings");
        e->knows_time_left = probe_bool(p, timeout, "time_left");
        e->knows_final_score = probe_bool(p, timeout, "final_score");
        return;
    }
    char *list = malloc(PROC_BUF);
    if (!list)
        abort();
    if (proc_command(p, timeout, list, PROC_BUF, "list_commands") != GTP_OK)
        list[0] = '\0';
    e->knows_set_game = listed(list, "set_game");
    e->knows_time_settings = listed(list, "time_settings");
    e->knows_time_left = listed(list, "time_left");
    e->knows_final_score = listed(list, "final_score");
    free(list);
}

/* An engine without set_game is taken to play the game the user named;
 * it must at least take that game's board size. Returns 0, or -1 with a
 * message. */
static int probe_game(struct proc *p, const struct match_config *cfg, struct engine_spec *e,
                      char *err, size_t cap)
{
    char out[256];
    if (e->knows_set_game)
        return 0;
    enum gtp_status r = proc_command(p, cfg->tc.timeout, out, sizeof out, "boardsize %d",
                                     cfg->gopt.size);
    if (r == GTP_OK)
        return 0;
    snprintf(err, cap, "engine '%s' (%s) has no set_game command, so it is taken to play %s, "
             "but it refuses boardsize %d (%s%s%.80s): it cannot play this game",
             e->cmd, e->ident, cfg->g->name, cfg->gopt.size, gtp_status_text(r),
             out[0] ? ": " : "", out);
    return -1;
}

/* Sends the engine file's init commands; each must be accepted. */
static int probe_init(struct proc *p, const struct match_config *cfg,
                      const struct engine_spec *e, char *err, size_t cap)
{
    char out[256];
    for (int i = 0; i < e->ninit; i++) {
        enum gtp_status r = proc_command(p, cfg->tc.timeout, out, sizeof out, "%s", e->init[i]);
        if (r != GTP_OK) {
            snprintf(err, cap, "engine %s refuses its init command '%.100s' (%s%s%.80s)",
                     e->name[0] ? e->name : e->cmd, e->init[i], gtp_status_text(r),
                     out[0] ? ": " : "", out);
            return -1;
        }
    }
    return 0;
}

/* Starts each engine once to learn its name and what it supports. */
static void probe_engines(struct match_config *cfg)
{
    for (int i = 0; i < cfg->nengines; i++) {
        struct engine_spec *e = &cfg->eng[i];
        struct proc p = {.to_fd = -1, .from_fd = -1, .err_fd = -1, .stop = cfg->stop};
        char err[768], name[128] = "", ver[128] = "";
        if (proc_start(&p, e->cmd, e->dir, cfg->errcap ? &cfg->errcap[i] : NULL, err,
                       sizeof err) != 0)
            die("%s", err);
        enum gtp_status r = proc_command(&p, cfg->tc.timeout, name, sizeof name, "name");
        if (r != GTP_OK) {
            proc_kill(&p);
            snprintf(err, sizeof err, "engine '%s' does not answer GTP 'name' (%s)", e->cmd,
                     gtp_status_text(r));
            die("%s", err);
        }
        proc_command(&p, cfg->tc.timeout, ver, sizeof ver, "version");
        snprintf(e->ident, sizeof e->ident, "%s%s%s", name, ver[0] ? " " : "", ver);
        probe_commands(&p, cfg->tc.timeout, e);
        if (probe_init(&p, cfg, e, err, sizeof err) != 0 ||
            probe_game(&p, cfg, e, err, sizeof err) != 0) {
            proc_kill(&p);
            /* It quotes the engine: no control bytes reach the terminal. */
            text_clean(err, sizeof err, err, true);
            die("%s", err);
        }
        proc_stop(&p, 2.0);
        if (!e->name[0])
            snprintf(e->name, sizeof e->name, "%.50s", name[0] ? name : "engine");
        /* Names reach every record and table: one line of valid UTF-8. */
        text_clean(e->name, sizeof e->name, e->name, true);
        text_clean(e->ident, sizeof e->ident, e->ident, true);
    }
    /* Equal display names get a number so the tables tell them apart. */
    for (int i = 1; i < cfg->nengines; i++)
        for (int j = 0; j < i; j++)
            if (strcmp(cfg->eng[i].name, cfg->eng[j].name) == 0) {
                char n[64];
                snprintf(n, sizeof n, "%.50s#%d", cfg->eng[i].name, i + 1);
                text_clean(cfg->eng[i].name, sizeof cfg->eng[i].name, n, true);
                break;
            }
}

static void add_variant(struct match_config *cfg, const char *w)
{
    const struct game *g = cfg->g;
    for (int i = 0; i < GAME_MAX_VARIANTS && g->variants[i].name; i++)
        if (strcasecmp(g->variants[i].name, w) == 0) {
            /* the engine refuses "set_game yonin team team": every game
               would fail to start, so refuse the repeat here */
            if (cfg->gopt.flags & g->variants[i].flag)
                die("repeated variant: %s", w);
            cfg->gopt.flags |= g->variants[i].flag;
            size_t n = strlen(cfg->variant_words);
            snprintf(cfg->variant_words + n, sizeof cfg->variant_words - n, "%s%s",
                     n ? " " : "", g->variants[i].name);
            return;
        }
    die("unknown variant: %s", w);
}

/* W,D,L: games; five counts: pairs by points 0, 1/2, 1, 3/2, 2. */
static int stats_mode(const char *v, const struct sprt *sp)
{
    double c[5];
    int end = 0, k = sscanf(v, "%lf,%lf,%lf%n,%lf,%lf%n", &c[0], &c[1], &c[2], &end, &c[3],
                            &c[4], &end);
    bool bad = (k != 3 && k != 5) || v[end] != '\0';
    for (int i = 0; i < k && !bad; i++)
        bad = !(c[i] >= 0 && c[i] < 1e12);
    if (bad)
        die("--stats W,D,L or five pair counts P0,P1,P2,P3,P4 expected, got %s", v);
    if (k == 5)
        print_pairs_summary(stdout, (struct penta){{c[0], c[1], c[2], c[3], c[4]}}, sp);
    else
        print_wdl_summary(stdout, "result", (struct wdl){c[0], c[1], c[2]}, sp);
    return 0;
}

/* Returns 0, or -1 with a message when a file's last bytes were lost. */
static int close_outputs(struct outputs *o)
{
    FILE *f[4] = {o->jsonl, o->records, o->sgf_file, o->ggf};
    const char *path[4] = {o->jsonl_path, o->records_path, o->sgf_path, o->ggf_path};
    int rc = 0;
    for (int i = 0; i < 4; i++)
        if (f[i] && fclose(f[i]) != 0) {
            fprintf(stderr, "quartet-match: cannot write %s: %s\n", path[i], strerror(errno));
            rc = -1;
        }
    return rc;
}

/* Opens the record files, appending when a run is resumed. Returns 0, or
 * -1 with a message on stderr. Close-on-exec ("e"): an engine that got
 * their descriptors could write into the records. */
static int open_outputs(struct outputs *o, const char *jsonl, const char *records,
                        const char *sgf, const char *ggf, bool append)
{
    const char *mode = append ? "ae" : "we", *bad = NULL;
    o->jsonl_path = jsonl;
    o->records_path = records;
    o->sgf_path = sgf;
    o->ggf_path = ggf;
    if (jsonl && !(o->jsonl = fopen(jsonl, mode)))
        bad = jsonl;
    else if (records && !(o->records = fopen(records, mode)))
        bad = records;
    else if (ggf && !(o->ggf = fopen(ggf, mode)))
        bad = ggf;
    else if (sgf) {
        if (sgf_path_is_file(sgf)) {
            if (!(o->sgf_file = fopen(sgf, mode)))
                bad = sgf;
        } else if (mkdir(sgf, 0755) != 0 && errno != EEXIST)
            bad = sgf;
        else
            o->sgf_dir = sgf;
    }
    if (!bad)
        return 0;
    fprintf(stderr, "quartet-match: cannot write %s: %s\n", bad, strerror(errno));
    close_outputs(o);
    return -1;
}

/* Loads the games already recorded in the JSONL file, opens the record
 * files, plays the rest and prints the tables. Returns the exit status. */
static int run_tournament(struct match_config *cfg, const struct opening_list *ol,
                          const struct tourney_options *to, const char *jsonl,
                          const char *records, const char *sgf, const char *ggf)
{
    struct schedule *sched = malloc(sizeof *sched);
    struct standings *st = malloc(sizeof *st);
    if (!sched || !st)
        abort();
    schedule_make(sched, cfg, to->kind, ol->n, to->games, to->rounds);
    cfg->schedule_games = sched->total;
    event_tc_text(&cfg->tc, cfg->tc_text, sizeof cfg->tc_text);
    event_identify(cfg, to->kind, sched, ol);
    standings_init(st, cfg);
    bool *done = calloc((size_t)sched->total, sizeof *done);
    if (!done)
        abort();
    int before = 0, rc = 2;
    char err[1024];
    if (jsonl)
        before = resume_load(jsonl, cfg, sched->total, done, st, err, sizeof err);
    /* Games recorded before: the text, SGF and GGF records get any they lack. */
    if (before < 0 || (before > 0 && records_repair(cfg, jsonl, records, sgf, ggf, err,
                                                    sizeof err) < 0))
        fprintf(stderr, "quartet-match: %s\n", err);
    else {
        struct outputs outp = {0};
        if (open_outputs(&outp, jsonl, records, sgf, ggf, before > 0) == 0) {
            int r = tourney_run(cfg, ol, sched, to, &outp, done, st, stdout);
            rc = r == 2 ? 2 : r ? 130 : 0;
            if (close_outputs(&outp) != 0 && rc == 0)
                rc = 2;
        }
    }
    free(done);
    standings_free(st);
    free(st);
    free(sched);
    return rc;
}

/* Everything the command line sets. */
struct args {
    struct match_config cfg;
    struct tourney_options to;
    struct opening_gen gen;
    const char *openings, *check, *stats, *output, *jsonl, *records, *sgf, *ggf, *game;
    const char *variants[8];
    int nvariants, size, generate;
    struct balance_report_options report; /* --balance-report (depth 0: off) */
    char cmdline[2048];       /* the command as given, for a generated file */
    int per_pairing;          /* --games-per-pairing */
    double stderr_max_mb;     /* --engine-stderr-max */
    struct errcap caps[MAX_ENGINES];
};

/* Flags of the engines, the game and the schedule; false if not one. */
static bool tournament_flag(struct args *g, const char *a, const char *v)
{
    struct match_config *cfg = &g->cfg;
    struct tourney_options *to = &g->to;
    if (!strcmp(a, "-e") || !strcmp(a, "--engine"))
        add_engine(cfg, v);
    else if (!strcmp(a, "--engines")) {
        char err[600];
        if (enginefile_read(v, cfg, err, sizeof err) != 0)
            die("%s", err);
    } else if (!strcmp(a, "--name")) {
        if (!cfg->nengines)
            die("--name %s before any --engine", v);
        snprintf(cfg->eng[cfg->nengines - 1].name, sizeof cfg->eng[0].name, "%s", v);
    } else if (!strcmp(a, "-g") || !strcmp(a, "--game"))
        g->game = v;
    else if (!strcmp(a, "--variant") && g->nvariants < 8)
        g->variants[g->nvariants++] = v;
    else if (!strcmp(a, "-s") || !strcmp(a, "--size"))
        g->size = (int)num_arg(a, v, 1, 99);
    else if (!strcmp(a, "-t") || !strcmp(a, "--tournament")) {
        if (schedule_kind_parse(v, &to->kind) != 0)
            die("unknown --tournament %s (round-robin or gauntlet)", v);
    } else if (!strcmp(a, "--games"))
        to->games = (int)num_arg(a, v, 1, 1e8);
    else if (!strcmp(a, "--games-per-pairing"))
        g->per_pairing = (int)num_arg(a, v, 1, 1e6);
    else if (!strcmp(a, "--rounds"))
        to->rounds = (int)num_arg(a, v, 1, 1e8);
    else if (!strcmp(a, "-j") || !strcmp(a, "--concurrency"))
        to->concurrency = (int)num_arg(a, v, 1, 64);
    else if (!strcmp(a, "--shard")) {
        char tail;
        if (sscanf(v, "%d/%d%c", &to->shard, &to->nshards, &tail) != 2 || to->nshards < 1 ||
            to->shard < 1 || to->shard > to->nshards)
            die("--shard K/N expected with 1 <= K <= N, got %s", v);
    } else if (!strcmp(a, "--event"))
        text_clean(cfg->event, sizeof cfg->event, v, true);
    else
        return false;
    return true;
}

/* Flags of time, adjudication and openings; false if not one. */
static bool play_flag(struct args *g, const char *a, const char *v)
{
    struct match_config *cfg = &g->cfg;
    struct opening_gen *gen = &g->gen;
    if (!strcmp(a, "--tc"))
        parse_tc(&cfg->tc, v);
    else if (!strcmp(a, "--margin"))
        cfg->tc.margin = num_arg(a, v, 0, 1e6);
    else if (!strcmp(a, "--timeout"))
        cfg->tc.timeout = num_arg(a, v, 0.01, 1e7);
    else if (!strcmp(a, "--adjudicate-empties")) {
        cfg->adjudicate_empties = (int)num_arg(a, v, 1, 64);
        if (cfg->adjudicate_empties > ADJ_MAX_EMPTIES)
            die("--adjudicate-empties %s: at most 24 (an exact solve of more empties can "
                "take minutes)", v);
    } else if (!strcmp(a, "--max-moves"))
        cfg->max_moves = (int)num_arg(a, v, 1, MAX_PLIES - 1);
    else if (!strcmp(a, "--openings"))
        g->openings = v;
    else if (!strcmp(a, "--random-openings"))
        gen->plies = (int)num_arg(a, v, 1, MAX_OPENING_PLIES / 2);
    else if (!strcmp(a, "--balance"))
        gen->playouts = (long)num_arg(a, v, 0, 1e9);
    else if (!strcmp(a, "--balance-player"))
        gen->player = v;
    else if (!strcmp(a, "--tolerance"))
        gen->tolerance = num_arg(a, v, 0, 0.5);
    else if (!strcmp(a, "--seed"))
        gen->seed = (uint64_t)num_arg(a, v, 0, 1e18);
    else if (!strcmp(a, "--generate-openings"))
        g->generate = (int)num_arg(a, v, 1, 1e6);
    else if (!strcmp(a, "--output"))
        g->output = v;
    else if (!strcmp(a, "--balance-search"))
        gen->search_depth = (int)num_arg(a, v, 1, 60);
    else if (!strcmp(a, "--balance-margin"))
        gen->margin = (int)num_arg(a, v, 0, 1000);
    else if (!strcmp(a, "--balance-prefilter"))
        gen->prefilter_depth = (int)num_arg(a, v, 0, 60);
    else if (!strcmp(a, "--balance-threads"))
        gen->threads = g->report.threads = (int)num_arg(a, v, 1, 64);
    else if (!strcmp(a, "--balance-eval")) {
        FILE *f = fopen(v, "rb"); /* the player would only note it and go on */
        if (!f)
            die("--balance-eval %s: cannot be read", v);
        fclose(f);
        gen->eval = g->report.eval = v;
    }
    else if (!strcmp(a, "--max-tries"))
        gen->max_tries = (long)num_arg(a, v, 1, 1e12);
    else if (!strcmp(a, "--balance-report"))
        g->report.depth = (int)num_arg(a, v, 1, 60);
    else if (!strcmp(a, "--balance-sample"))
        g->report.sample = (int)num_arg(a, v, 0, 1e8);
    else
        return false;
    return true;
}

/* Flags of records, output and the other modes; false if not one. */
static bool output_flag(struct args *g, const char *a, const char *v)
{
    if (!strcmp(a, "--jsonl"))
        g->jsonl = v;
    else if (!strcmp(a, "--records"))
        g->records = v;
    else if (!strcmp(a, "--sgf"))
        g->sgf = v;
    else if (!strcmp(a, "--ggf"))
        g->ggf = v;
    else if (!strcmp(a, "--sprt")) {
        if (sprt_parse(&g->to.sprt, v) != 0)
            die("bad --sprt %s (elo0=A,elo1=B,alpha=X,beta=Y with A<B)", v);
    } else if (!strcmp(a, "--engine-stderr")) {
        g->cfg.errfd = open(v, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (g->cfg.errfd < 0)
            die("cannot write %s", v);
    } else if (!strcmp(a, "--engine-stderr-max")) {
        char *end;
        g->stderr_max_mb = strtod(v, &end);
        if (end == v || *end || !(g->stderr_max_mb >= 0 && g->stderr_max_mb <= 1e6))
            die("--engine-stderr-max MB expected (0 to 1000000), got %s", v);
    } else if (!strcmp(a, "--check"))
        g->check = v;
    else if (!strcmp(a, "--stats"))
        g->stats = v;
    else
        return false;
    return true;
}

/* Reads the command line into g. Returns -1 to go on, or the exit status
 * of a mode that is already done (--help, --merge). */
static int parse_args(struct args *g, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(a, "--quiet") == 0) {
            g->to.progress = false;
            continue;
        }
        if (strcmp(a, "--no-final-score") == 0) {
            g->cfg.query_score = false;
            continue;
        }
        if (strcmp(a, "--merge") == 0) {
            if (i + 1 >= argc)
                die("--merge needs JSONL files%s", "");
            return merge_files(argc - i - 1, argv + i + 1, &g->to.sprt, stdout);
        }
        if (i + 1 >= argc)
            die("missing value or unknown flag: %s", a);
        const char *v = argv[++i];
        if (!tournament_flag(g, a, v) && !play_flag(g, a, v) && !output_flag(g, a, v))
            die("unknown flag: %s", a);
    }
    return -1;
}

/* The game: NAME[,VARIANT...] plus --variant words, and the size. */
static void choose_game(struct args *g)
{
    struct match_config *cfg = &g->cfg;
    char gbuf[128];
    snprintf(gbuf, sizeof gbuf, "%s", g->game);
    char *save, *gname = strtok_r(gbuf, ", ", &save);
    cfg->g = gname ? game_find(gname) : NULL;
    if (!cfg->g)
        die("unknown game: %s", g->game);
    for (char *w = strtok_r(NULL, ", ", &save); w; w = strtok_r(NULL, ", ", &save))
        add_variant(cfg, w);
    for (int i = 0; i < g->nvariants; i++)
        add_variant(cfg, g->variants[i]);
    cfg->gopt.size = g->size ? g->size : cfg->g->default_size;
    if (!cfg->g->size_ok(cfg->gopt.size))
        die("size not allowed for this game: %s", g->size ? "--size" : "");
    const struct player_type *checker = player_find(g->gen.player);
    if (!checker || !player_supports(checker, cfg->g))
        die("--balance-player: no player %s for this game", g->gen.player);
    g->gen.player = checker->name;
}

/* --generate-openings: writes the file and returns the exit status. */
static int generate_mode(struct args *g)
{
    if (g->gen.plies <= 0)
        die("--generate-openings needs --random-openings PLIES%s", "");
    /* A signal stops the search after the opening it is on; the file keeps
     * what was found and its header says so. */
    struct sigaction sa = {0};
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    g->gen.stop = &interrupted;
    return openmode_generate(&g->cfg, &g->gen, g->generate, g->output, g->cmdline);
}

/* The command line as one string, the program as quartet-match. */
static void keep_cmdline(struct args *g, int argc, char **argv)
{
    size_t n = (size_t)snprintf(g->cmdline, sizeof g->cmdline, "quartet-match");
    for (int i = 1; i < argc && n < sizeof g->cmdline; i++)
        n += (size_t)snprintf(g->cmdline + n, sizeof g->cmdline - n, " %s", argv[i]);
}

/* Othello 8x8 with neither --openings nor --random-openings: the shipped
 * balanced set (data/openings/othello-8.txt next to the binary, as the
 * engine finds its data), or NULL when it is not there. */
static const char *default_openings(const struct args *g, char *buf, size_t cap)
{
    const struct match_config *cfg = &g->cfg;
    if (g->openings || g->gen.plies > 0 || strcmp(cfg->g->name, "Othello") != 0
        || cfg->gopt.size != 8 || cfg->gopt.flags != 0)
        return NULL;
    if (oth_data_path("openings/othello-8.txt", buf, cap) != 0) {
        fprintf(stderr, "quartet-match: no data/openings/othello-8.txt: games start from the "
                        "initial position\n");
        return NULL;
    }
    return buf;
}

/* Refuses settings that cannot make an event. */
static void check_settings(const struct args *g)
{
    const struct match_config *cfg = &g->cfg;
    if (cfg->nengines < 2)
        die("at least two engines are needed (--engine CMD)%s", "");
    if (g->to.kind == SCHED_GAUNTLET && cfg->g->num_players != 2)
        die("--tournament gauntlet is for two-player games; %s seats its engines in rotation",
            cfg->g->name);
    if (g->sgf && !sgf_supported(cfg->g))
        die("SGF records exist only for Othello and Torus Hex (not %s)", cfg->g->name);
    if (g->ggf && !is_othello(cfg->g))
        die("--ggf: GGF records are for Othello only (not %s); use --jsonl, --records or "
            "--sgf", cfg->g->name);
    if (cfg->adjudicate_empties && !adjudicate_can_solve(cfg->g))
        die("--adjudicate-empties: no exact solver for %s (Othello only)", cfg->g->name);
    if (g->to.sprt.on && g->to.nshards > 1)
        die("--sprt decides on all the games, so it cannot stop one --shard%s", "");
    /* Every game seats all its engines; more than seats would sit out. */
    if (cfg->g->num_players > 2 && cfg->nengines > cfg->g->num_players) {
        char what[64];
        snprintf(what, sizeof what, "%s seats %d players", cfg->g->name, cfg->g->num_players);
        die("%s: give at most that many engines", what);
    }
}

/* --games-per-pairing N: the schedule's total is N per pairing, as
 * cutechess-cli's -games counts (an even N gives each colour equally). */
static void pairing_games(struct args *g)
{
    if (!g->per_pairing)
        return;
    if (g->cfg.g->num_players != 2)
        die("--games-per-pairing is for two-player games (%s seats its engines in rotation)",
            g->cfg.g->name);
    if (g->to.games)
        die("give --games or --games-per-pairing, not both%s", "");
    struct schedule *seat = malloc(sizeof *seat);
    if (!seat)
        abort();
    schedule_seatings(seat, &g->cfg, g->to.kind);
    g->to.games = g->per_pairing * (seat->nassign / 2);
    free(seat);
}

/* Openings a match takes from a generator or the default set: one per
 * round (each played with every seating), or enough for --games. */
static int openings_wanted(const struct args *g)
{
    struct schedule *seat = malloc(sizeof *seat);
    if (!seat)
        abort();
    schedule_seatings(seat, &g->cfg, g->to.kind);
    int na = seat->nassign;
    free(seat);
    int games = g->to.games > 0 ? g->to.games : g->to.rounds * na;
    return (games + na - 1) / na;
}

/* --random-openings in a match. */
static void generate_for_match(struct args *g, struct opening_list *ol)
{
    int want = openings_wanted(g);
    if (want > 100000)
        die("too many games for generated openings%s", "");
    char err[256];
    if (openings_generate(g->cfg.g, &g->cfg.gopt, &g->gen, want, ol, NULL, err, sizeof err) < 0)
        die("%s", err);
    if (ol->n == 0)
        die("no opening of %s plies could be generated", "that many");
}

/* The default set in a match: its first openings, one per round, cycling
 * when there are more rounds than openings. */
static void default_for_match(struct args *g, const char *path, struct opening_list *ol)
{
    struct opening_list all = {0};
    char err[512];
    if (openings_read(g->cfg.g, &g->cfg.gopt, path, &all, err, sizeof err) != 0)
        die("%s", err);
    int want = openings_wanted(g);
    if (want > 1000000)
        die("too many games for the default openings%s", "");
    ol->v = malloc((size_t)want * sizeof *ol->v);
    if (!ol->v)
        abort();
    for (int i = 0; i < want; i++)
        ol->v[i] = all.v[i % all.n];
    ol->n = ol->cap = want;
    openings_free(&all);
}

/* With --engine-stderr, each engine's share of the file is capped. */
static void stderr_caps(struct args *g)
{
    if (g->cfg.errfd < 0)
        return;
    for (int i = 0; i < g->cfg.nengines; i++) {
        struct errcap *c = &g->caps[i];
        c->fd = g->cfg.errfd;
        c->max = (size_t)(g->stderr_max_mb * 1e6);
        c->name = g->cfg.eng[i].name;
        c->cmd = g->cfg.eng[i].cmd;
        atomic_init(&c->used, 0);
        atomic_init(&c->noted, false);
    }
    g->cfg.errcap = g->caps;
}

int main(int argc, char **argv)
{
    static struct args g = {
        .cfg = {.tc = {.mode = TC_NONE, .margin = 1.0, .timeout = 30},
                .errfd = -1,
                .query_score = true,
                .stop = &interrupted},
        .to = {.rounds = 1, .concurrency = 1},
        .gen = {.plies = 0, .playouts = 1000, .player = "flat-mc", .tolerance = 0.1, .seed = 1,
                .margin = 2, .prefilter_depth = 10, .prefilter_slack = 3, .threads = 1,
                .symmetric = true},
        .report = {.threads = 1},
        .game = "Othello",
        .stderr_max_mb = 10,
    };
    g.to.progress = isatty(2);
    int done = parse_args(&g, argc, argv);
    if (done >= 0)
        return done;
    if (g.check) {
        int bad = check_records(g.check, stdout);
        return bad == 0 ? 0 : bad < 0 ? 2 : 1;
    }
    if (g.stats)
        return stats_mode(g.stats, &g.to.sprt);
    choose_game(&g);
    keep_cmdline(&g, argc, argv);
    if (g.openings && strcmp(g.openings, "none") == 0)
        g.openings = "";
    char defpath[1024];
    const char *def = default_openings(&g, defpath, sizeof defpath);
    if (g.generate)
        return generate_mode(&g);
    if (g.report.depth > 0) {
        if (!def && (!g.openings || !*g.openings))
            die("--balance-report needs --openings FILE%s", "");
        return openmode_report(&g.cfg, def ? def : g.openings, &g.report, stdout);
    }
    check_settings(&g);
    pairing_games(&g);
    struct opening_list ol = {0};
    char err[512];
    if (g.openings && *g.openings
        && openings_read(g.cfg.g, &g.cfg.gopt, g.openings, &ol, err, sizeof err) != 0)
        die("%s", err);

    struct sigaction sa = {0};
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, NULL);
    sa.sa_handler = on_signal; /* no SA_RESTART: waits notice at once */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);

    /* The engines wait while a game is solved: its solve may take the
     * cores of the games not played at once. */
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    g.cfg.solve_threads = cores > g.to.concurrency ? (int)(cores / g.to.concurrency) : 1;
    stderr_caps(&g);
    probe_engines(&g.cfg);
    if (!g.openings && g.gen.plies > 0)
        generate_for_match(&g, &ol);
    else if (def)
        default_for_match(&g, def, &ol);
    int rc = run_tournament(&g.cfg, &ol, &g.to, g.jsonl, g.records, g.sgf, g.ggf);
    openings_free(&ol);
    return rc;
}
