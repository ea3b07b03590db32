/* bin/quartet: command-line flags, then the GTP loop (or, with --protocol
 * nboard, the NBoard one) on stdin/stdout. stdout carries nothing but
 * protocol responses; diagnostics go to stderr (in NBoard mode only with
 * --verbose: NBoard reads stderr as protocol lines). */
#include "protocol/analyze.h"
#include "protocol/args.h"
#include "protocol/commands.h"
#include "protocol/dispatch.h"
#include "protocol/gtp.h"
#include "protocol/interactive.h"
#include "protocol/nboard.h"
#include "protocol/runner.h"
#include "protocol/session.h"
#include "protocol/text.h"

#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define MAX_VARIANT_WORDS 8

struct config {
    const char *game;
    const char *variants[MAX_VARIANT_WORDS];
    int nvariants;
    long long size;          /* 0: the game's default */
    const char *player;
    struct player_options popt;
    double max_command_time;   /* seconds; 0: no cap */
    double game_time;          /* --game-time: seconds a game; 0: none */
    bool nboard;               /* --protocol nboard */
};

static void usage(FILE *f)
{
    fputs("usage: quartet [options]   (GTP on stdin/stdout)\n"
          "  --protocol gtp|nboard     the protocol spoken (default gtp); nboard:\n"
          "                            the NBoard GUI's, version 2 (doc/running.md)\n"
          "  --game NAME[,VARIANT...]  game to start with (default Othello)\n"
          "  --variant WORD            a variant of that game (repeatable)\n"
          "  --size N                  board size (default: the game's)\n"
          "  --player NAME             move chooser for every game (default: each\n"
          "                            game's strongest, see list_players)\n"
          "  --depth N                 fixed search depth for depth-based players\n"
          "  --hash MB                 transposition table size (default 64)\n"
          "  --tree-mb MB              Monte-Carlo search tree bound (default 512)\n"
          "  --explore C               UCT exploration constant (default: the\n"
          "                            player's tuned value)\n"
          "  --contempt D              MCTS, two players: a draw's cost to the engine,\n"
          "                            0 to below 0.5 (default: the game's; Separo 0.1)\n"
          "  --exact N                 Othello, Yonin: solve exactly from N empties\n"
          "                            (default: when it fits the time)\n"
          "  --eval FILE               Othello evaluation weights (default: the\n"
          "                            shipped othello.weights)\n"
          "  --order-eval FILE         Othello: the exact solver's move-ordering\n"
          "                            weights (default: the shipped\n"
          "                            othello-order.weights, else the --eval ones)\n"
          "  --book FILE               Othello opening book (default: the shipped\n"
          "                            othello.book when it is found)\n"
          "  --no-book                 Othello: play and analyze without a book\n"
          "  --time SECONDS            time per move without a clock (default 1)\n"
          "  --game-time SECONDS       without a controller's clock, play each game\n"
          "                            on a sudden-death clock of SECONDS (restarted\n"
          "                            every game; time_settings replaces it)\n"
          "  --playouts N              playouts per move (0: time only)\n"
          "  --threads N               worker threads (0: all cores)\n"
          "  --seed N                  random seed\n"
          "  --verbose                 diagnostics on stderr (repeatable)\n"
          "  --max-command-time SECONDS  stop any command that runs longer, as\n"
          "                            '# interrupt' does, and end an analyze\n"
          "                            stream after it (default: no limit)\n"
          "  --help, --version\n"
          "While a command runs, a line '# interrupt' (GoGui's gogui-interrupt)\n"
          "or SIGINT stops it: perft, solve, stoner answer '? interrupted', genmove\n"
          "plays the best move found so far; other lines wait their turn. SIGINT\n"
          "with nothing running ends the engine. The end of input stops the last\n"
          "command the same way, then ends the engine (end a script with quit to\n"
          "have its last command run in full). See doc/service.md.\n",
          f);
}

static void die(const char *fmt, const char *arg)
{
    fputs("quartet: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs(" (try --help)\n", stderr);
    exit(2);
}

static long long int_flag(const char *name, const char *v, long long max)
{
    long long n;
    if (args_int(v, 0, max, &n) != ARGS_OK) {
        fprintf(stderr, "quartet: %s needs a number from 0 to %lld\n", name, max);
        exit(2);
    }
    return n;
}

/* --game Yonin,team: the name, then variant words after commas. */
static void game_flag(struct config *c, char *v)
{
    char *save = NULL;
    c->game = strtok_r(v, ",", &save);
    if (!c->game)
        die("--game needs a name", "");
    for (char *w; (w = strtok_r(NULL, ",", &save)) != NULL;) {
        if (c->nvariants == MAX_VARIANT_WORDS)
            die("too many variants", "");
        c->variants[c->nvariants++] = w;
    }
}

static void parse_flags(struct config *c, int argc, char **argv)
{
    static const struct option opts[] = {
        {"game", required_argument, NULL, 'g'},
        {"variant", required_argument, NULL, 'V'},
        {"size", required_argument, NULL, 's'},
        {"player", required_argument, NULL, 'p'},
        {"time", required_argument, NULL, 't'},
        {"game-time", required_argument, NULL, 'G'},
        {"playouts", required_argument, NULL, 'n'},
        {"threads", required_argument, NULL, 'j'},
        {"seed", required_argument, NULL, 'r'},
        {"verbose", no_argument, NULL, 'v'},
        {"depth", required_argument, NULL, 'd'},
        {"hash", required_argument, NULL, 'H'},
        {"exact", required_argument, NULL, 'x'},
        {"eval", required_argument, NULL, 'E'},
        {"order-eval", required_argument, NULL, 'O'},
        {"book", required_argument, NULL, 'B'},
        {"no-book", no_argument, NULL, 'N'},
        {"tree-mb", required_argument, NULL, 'T'},
        {"explore", required_argument, NULL, 'C'},
        {"contempt", required_argument, NULL, 'D'},
        {"max-command-time", required_argument, NULL, 'M'},
        {"protocol", required_argument, NULL, 'P'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'e'},
        {NULL, 0, NULL, 0},
    };
    opterr = 0;   /* our own messages */
    int o;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (o) {
        case 'g': game_flag(c, optarg); break;
        case 'V':
            if (c->nvariants == MAX_VARIANT_WORDS)
                die("too many variants", "");
            c->variants[c->nvariants++] = optarg;
            break;
        case 's':
            c->size = int_flag("--size", optarg, INT_MAX);
            if (c->size == 0)
                die("--size needs a positive number", "");
            break;
        case 'p': c->player = optarg; break;
        case 't':
            if (args_double(optarg, &c->popt.time_per_move) != ARGS_OK ||
                c->popt.time_per_move <= 0)
                die("--time needs a positive number of seconds, not '%s'", optarg);
            break;
        case 'G':
            /* Up to a year, as --max-command-time. */
            if (args_double(optarg, &c->game_time) != ARGS_OK || c->game_time <= 0 ||
                c->game_time > 31536000)
                die("--game-time needs a positive number of seconds, not '%s'", optarg);
            break;
        case 'n': c->popt.playouts = (long)int_flag("--playouts", optarg, LONG_MAX); break;
        case 'j': c->popt.threads = (int)int_flag("--threads", optarg, 1024); break;
        case 'r': c->popt.seed = (uint64_t)int_flag("--seed", optarg, LLONG_MAX); break;
        case 'v': c->popt.verbose++; break;
        case 'd': c->popt.depth = (int)int_flag("--depth", optarg, 64); break;
        case 'H':
            c->popt.hash_mb = (int)int_flag("--hash", optarg, 65536);
            if (c->popt.hash_mb < 1)
                die("--hash needs at least 1 MB", "");
            break;
        case 'x': c->popt.exact_empties = (int)int_flag("--exact", optarg, 64); break;
        case 'E': c->popt.eval_file = optarg; break;
        case 'O': c->popt.order_eval_file = optarg; break;
        case 'B': c->popt.book_file = optarg; break;
        case 'N': c->popt.no_book = true; break;
        case 'T':
            c->popt.tree_mb = (int)int_flag("--tree-mb", optarg, 1 << 20);
            if (c->popt.tree_mb < 1)
                die("--tree-mb needs at least 1 MB", "");
            break;
        case 'C':
            if (args_double(optarg, &c->popt.explore) != ARGS_OK || c->popt.explore <= 0)
                die("--explore needs a positive number, not '%s'", optarg);
            break;
        case 'D':
            if (args_double(optarg, &c->popt.contempt) != ARGS_OK || c->popt.contempt < 0 ||
                c->popt.contempt >= 0.5)
                die("--contempt needs a number from 0 to below 0.5, not '%s'", optarg);
            break;
        case 'M':
            /* Up to a year: beyond, a cap means nothing and overflows. */
            if (args_double(optarg, &c->max_command_time) != ARGS_OK ||
                c->max_command_time <= 0 || c->max_command_time > 31536000)
                die("--max-command-time needs a positive number of seconds, not '%s'",
                    optarg);
            break;
        case 'P':
            if (strcasecmp(optarg, "nboard") == 0)
                c->nboard = true;
            else if (strcasecmp(optarg, "gtp") == 0)
                c->nboard = false;
            else
                die("--protocol needs gtp or nboard, not '%s'", optarg);
            break;
        case 'h': usage(stdout); exit(0);
        case 'e': printf("%s %s\n", QUARTET_NAME, QUARTET_VERSION); exit(0);
        default:
            if (optopt)
                die("bad or incomplete option '%s'", argv[optind - 1]);
            die("unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        die("unexpected argument '%s'", argv[optind]);
}

/* Resolves the flags into the starting game; exits 2 on a bad choice. */
static void start(struct session *s, const struct config *c)
{
    const struct game *g = game_find(c->game);
    if (!g)
        die("unknown game '%s'", c->game);
    struct game_options opt = {.size = g->default_size, .flags = 0};
    for (int i = 0; i < c->nvariants; i++) {
        const struct game_variant *v = game_variant_find(g, c->variants[i]);
        if (!v)
            die("unknown variant '%s'", c->variants[i]);
        if (opt.flags & v->flag)
            die("repeated variant '%s'", v->name);
        opt.flags |= v->flag;
    }
    if (c->size) {
        if (c->size < g->min_size || c->size > g->max_size ||
            !g->size_ok((int)c->size))
            die("unacceptable size for %s", g->name);
        opt.size = (int)c->size;
    }
    const struct player_type *pt = NULL;
    if (c->player && strcasecmp(c->player, "default") != 0 &&
        !(pt = player_find(c->player)))
        die("unknown player '%s'", c->player);
    if (pt && !player_supports(pt, g))
        fprintf(stderr, "quartet: %s does not play %s; using %s's own player\n",
                pt->name, g->name, g->name);
    session_init(s, pt, &c->popt);
    if (c->game_time > 0) {
        /* As if the controller had sent `time_settings T 0 0`: the clock
         * restarts with every game and the engine counts its own time. */
        s->tc_set = true;
        s->tc_main = c->game_time;
        s->tc_byo = 0;
        s->tc_stones = 0;
    }
    if (session_new_game(s, g, &opt) != 0) {
        fprintf(stderr, "quartet: cannot start %s\n", g->name);
        exit(1);
    }
}

/* One line, with the runner watching: from here on `# interrupt`, SIGINT
 * and the time cap stop what it runs. The watch ends before the answer is
 * written: a controller that reads the answer and sends the next command
 * with `# interrupt` right behind it must stop that command; taken as
 * the finished one's, the interrupt was lost and the command ran on
 * (tests/test_interrupt.c, test_answer_window). */
static void run_line(struct session *s, struct runner *r, char *line,
                     size_t len, bool pre_stopped, struct text *out)
{
    struct dispatch d;
    runner_begin(r, pre_stopped);
    dispatch_run(s, line, len, out, &d);
    runner_end(r);
    dispatch_answer(s, &d, out, stdout);
}

static void loop_piped(struct session *s, struct runner *r, struct text *out)
{
    struct runner_line *l;
    enum runner_event e;
    while (!s->quit && !ferror(stdout) &&
           (e = runner_next(r, analysis_deadline(s), &l)) != RUNNER_EOF) {
        if (e == RUNNER_DEADLINE) {
            analysis_cap(s, stdout);   /* ends it as a next line would */
            continue;
        }
        if (e == RUNNER_SIGINT) {
            /* SIGINT ends a streaming analyze; with nothing running, us. */
            if (!s->analysis)
                break;
            analysis_stop(s, stdout);
            continue;
        }
        analysis_stop(s, stdout);   /* any input line ends an analysis */
        if (l->too_long)
            gtp_respond(stdout, NULL, false, "line too long");
        else
            run_line(s, r, l->text, l->len, l->interrupted, out);
        runner_line_free(l);
    }
    analysis_stop(s, stdout);
}

static void loop_interactive(struct session *s, struct runner *r, struct text *out)
{
    interactive_init(s, r);
    char *line;
    /* runner_terminal_ended: Ctrl-D or a hang-up while a command ran. */
    while (!s->quit && !ferror(stdout) && !runner_terminal_ended(r)) {
        line = interactive_read();
        if (runner_take_sigint(r)) {
            free(line);
            if (!s->analysis)
                break;
            analysis_stop(s, stdout);
            continue;
        }
        if (!line)
            break;
        analysis_stop(s, stdout);
        size_t len = strlen(line);
        if (len > GTP_MAX_LINE)
            gtp_respond(stdout, NULL, false, "line too long");
        else
            run_line(s, r, line, len, false, out);
        free(line);
    }
    analysis_stop(s, stdout);
}

int main(int argc, char **argv)
{
    struct config c = {.game = "Othello", .player = NULL};
    player_options_default(&c.popt);
    parse_flags(&c, argc, argv);
    /* A controller that goes away must end us quietly, not by a signal. */
    signal(SIGPIPE, SIG_IGN);
    /* NBoard merges our stderr into our stdout: what the engine library
     * notes there (a missing book, ...) would read as protocol lines. */
    if (c.nboard && c.popt.verbose == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, STDERR_FILENO);
            close(null);
        }
    }
    struct session s;
    start(&s, &c);
    bool interactive = !c.nboard && isatty(STDIN_FILENO);
    struct runner *r = runner_new(interactive ? -1 : STDIN_FILENO, c.max_command_time);
    if (r && interactive && runner_watch_terminal(r, STDIN_FILENO) != 0) {
        runner_free(r);
        r = NULL;
    }
    if (!r) {
        fputs("quartet: cannot start the input thread\n", stderr);
        exit(1);
    }
    s.stop = runner_stop_flag(r);
    s.max_command_time = c.max_command_time;
    struct text out;
    text_init(&out);
    if (c.nboard)
        nboard_run(&s, r, stdout);
    else if (interactive)
        loop_interactive(&s, r, &out);
    else
        loop_piped(&s, r, &out);
    fflush(stdout);
    runner_free(r);
    text_free(&out);
    session_free(&s);
    return 0;
}
