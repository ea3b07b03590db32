/* quartet-stoner: finds every stoner-like line of given lengths from the
 * Othello start position and proves or disproves each one (--depth,
 * --up-to), or checks one given line (--line); options and the driver. */
#include "engine/clock.h"
#include "results.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define START_BLACK ((1ULL << 28) | (1ULL << 35)) /* e4, d5 */
#define START_WHITE ((1ULL << 27) | (1ULL << 36)) /* d4, e5 */

struct options {
    int min_depth, max_depth;
    const char *line;
    int threads;
    int json;
    int progress;
    int hash_mb;
};

static void usage(FILE *f)
{
    fprintf(f,
        "usage: quartet-stoner (--depth D | --up-to D | --line MOVES) [options]\n"
        "  --depth D     all stoner-like lines of exactly D plies from the start\n"
        "  --up-to D     all lengths 1..D\n"
        "  --line MOVES  check one line, e.g. f5d6c3d3c4 (\"pass\" for a pass)\n"
        "  --threads N   enumeration threads (default: the cores)\n"
        "  --hash MB     proof table per thread (default 16)\n"
        "  --json        one JSON object per depth and orientation\n"
        "  --progress    progress on stderr even when it is not a terminal\n"
        "  --no-progress never show progress\n");
}

static int number(const char *s, int lo, int hi, const char *what)
{
    char *end;
    long v = s ? strtol(s, &end, 10) : 0;
    if (!s || *end || end == s || v < lo || v > hi) {
        fprintf(stderr, "quartet-stoner: %s must be %d..%d\n", what, lo, hi);
        exit(2);
    }
    return (int)v;
}

static void parse_args(int argc, char **argv, struct options *o)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    *o = (struct options){.threads = cores > 0 ? (int)cores : 1, .hash_mb = 16,
                          .progress = isatty(2)};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--depth") || !strcmp(a, "--up-to")) {
            o->max_depth = number(v, 1, STONER_MAX_DEPTH, a);
            o->min_depth = a[2] == 'd' ? o->max_depth : 1;
            i++;
        } else if (!strcmp(a, "--line") && v) {
            o->line = v;
            i++;
        } else if (!strcmp(a, "--threads")) {
            o->threads = number(v, 1, 256, a);
            i++;
        } else if (!strcmp(a, "--hash")) {
            o->hash_mb = number(v, 1, 65536, a);
            i++;
        } else if (!strcmp(a, "--json")) {
            o->json = 1;
        } else if (!strcmp(a, "--progress")) {
            o->progress = 1;
        } else if (!strcmp(a, "--no-progress")) {
            o->progress = 0;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            exit(0);
        } else {
            fprintf(stderr, "quartet-stoner: unknown or incomplete option %s\n", a);
            usage(stderr);
            exit(2);
        }
    }
    if (!o->line == !o->max_depth) {
        usage(stderr);
        exit(2);
    }
}

/* ---- one line (--line) ---- */

static int square_name(int sq, char *buf)
{
    return sq == STONER_PASS ? sprintf(buf, "pass")
                             : sprintf(buf, "%c%d", 'a' + sq % 8, sq / 8 + 1);
}

/* Parses "f5d6 c3, pass ..." into squares; -1 on a malformed token. */
static int parse_line(const char *s, int8_t *moves, int max)
{
    int n = 0;
    while (*s) {
        if (isspace((unsigned char)*s) || *s == ',') {
            s++;
            continue;
        }
        if (n == max)
            return -1;
        if (!strncasecmp(s, "pass", 4)) {
            moves[n++] = STONER_PASS;
            s += 4;
            continue;
        }
        int c = tolower((unsigned char)s[0]), r = s[1];
        if (c < 'a' || c > 'h' || r < '1' || r > '8')
            return -1;
        moves[n++] = (int8_t)((r - '1') * 8 + (c - 'a'));
        s += 2;
    }
    return n;
}

/* Plays the line (inserting forced passes), checking the corner condition
 * at every position; fills `line` and returns NULL, or the reason why the
 * line is not stoner-like (or not legal: *illegal set). */
static const char *play_line(const int8_t *in, int n, struct stoner_line *line,
                             int *illegal)
{
    static char why[96];
    bb_t P = START_BLACK, O = START_WHITE;
    int k = 0;
    *illegal = 0;
    memset(line, 0, sizeof *line);
    for (int i = 0;; i++) {
        bb_t mv = bb_moves(P, O);
        if (mv & STONER_CORNERS) {
            snprintf(why, sizeof why, "after ply %d the player to move can take %s",
                     k, mv & (1ULL << STONER_A8) ? "a8" : "h8");
            return why;
        }
        if (i == n)
            break;
        int sq = in[i];
        if (!mv && !bb_moves(O, P)) {
            *illegal = 1;
            snprintf(why, sizeof why, "the game is over after ply %d", k);
            return why;
        }
        if (!mv && sq != STONER_PASS)
            i--; /* a forced pass the line left out */
        if (k == STONER_MAX_DEPTH) {
            *illegal = 1;
            return "line too long";
        }
        if (!mv) {
            line->moves[k++] = STONER_PASS;
        } else if (sq == STONER_PASS || !(mv >> sq & 1)) {
            *illegal = 1;
            char name[8];
            square_name(sq, name);
            snprintf(why, sizeof why, "ply %d (%s) is illegal", k + 1, name);
            return why;
        } else {
            bb_t f = bb_flips(P, O, sq);
            bb_t np = O & ~f;
            O = P | f | (1ULL << sq);
            P = np;
            line->moves[k++] = (int8_t)sq;
            continue;
        }
        bb_t t = P;
        P = O;
        O = t;
    }
    line->depth = k;
    line->attacker = O;
    line->receiver = P;
    if (k == 0 || line->moves[k - 1] == STONER_PASS)
        return "the last ply is not a move";
    if (!stoner_match(O, P, &line->match))
        return "no stoner shape with the last mover as attacker";
    return NULL;
}

static int check_line(const struct options *o)
{
    int8_t in[STONER_MAX_DEPTH];
    int n = parse_line(o->line, in, STONER_MAX_DEPTH);
    if (n < 0) {
        fprintf(stderr, "quartet-stoner: cannot read the line \"%s\"\n", o->line);
        return 2;
    }
    struct stoner_line line;
    int illegal;
    const char *why = play_line(in, n, &line, &illegal);
    if (illegal) {
        fprintf(stderr, "quartet-stoner: %s\n", why);
        return 2;
    }
    char text[STONER_MAX_DEPTH * 4 + 1];
    results_format_line(line.moves, line.depth, text, sizeof text);
    if (why) {
        if (o->json)
            printf("{\"line\":\"%s\",\"plies\":%d,\"stoner_like\":false,\"reason\":\"%s\"}\n",
                   text, line.depth, why);
        else
            printf("%s: %d plies, not stoner-like: %s\n", text, line.depth, why);
        return 0;
    }
    struct results *r = results_new(1, (size_t)o->hash_mb << 20);
    if (!r) {
        fprintf(stderr, "quartet-stoner: out of memory\n");
        return 1;
    }
    double t0 = clock_now();
    struct proof p = results_prove(r, &line);
    double secs = clock_now() - t0;
    int failed = results_failed(r);
    results_free(r);
    if (failed) {
        fprintf(stderr, "quartet-stoner: out of memory\n");
        return 1;
    }
    const char *shape = stoner_shape_names[line.match.shape];
    const char *orient = stoner_orient_names[line.match.orient];
    const char *att = results_attacker(line.depth);
    char sq[8], pv[PV_KEEP * 5 + 1] = "";
    for (int i = 0; i < p.pv_len; i++) {
        square_name(p.pv[i], sq);
        strcat(pv, i ? " " : "");
        strcat(pv, sq);
    }
    int show = p.status == STONER_PROVEN ? p.corner : p.escape;
    if (show == -2)
        strcpy(sq, "end");
    else
        square_name(show, sq);
    if (o->json) {
        printf("{\"line\":\"%s\",\"plies\":%d,\"stoner_like\":true,\"shape\":\"%s\","
               "\"orientation\":\"%s\",\"attacker\":\"%s\",", text, line.depth,
               shape, orient, att);
        if (p.status == STONER_PROVEN)
            printf("\"result\":\"proven\",\"length\":%d,\"pv\":\"%s\",\"corner\":\"%s\"}\n",
                   p.length, pv, sq);
        else
            printf("\"result\":\"disproven\",\"escape\":\"%s\"}\n", sq);
    } else {
        printf("%s: %d plies, %s %s attacker=%s ", text, line.depth, shape, orient, att);
        if (p.status == STONER_PROVEN)
            printf("proven %d pv %s corner %s", p.length, pv, sq);
        else
            printf("disproven escape %s", sq);
        printf("  (%.3f s)\n", secs);
    }
    return 0;
}

/* ---- the enumeration (--depth, --up-to) ---- */

struct monitor {
    struct stoner_enum *e;
    struct results *r;
    double t0;
    volatile int done;
};

/* Redraws one status line on stderr twice a second. */
static void *show_progress(void *arg)
{
    struct monitor *m = arg;
    for (int tick = 1; !__atomic_load_n(&m->done, __ATOMIC_RELAXED); tick++) {
        usleep(100000);
        if (tick % 5)
            continue;
        long done = __atomic_load_n(&m->e->tasks_done, __ATOMIC_RELAXED);
        long total = __atomic_load_n(&m->e->tasks_total, __ATOMIC_RELAXED);
        fprintf(stderr, "\r%6.1f s  subtrees %ld/%ld  stoner-like lines %ld  "
                "positions proved %ld/%ld ", clock_now() - m->t0, done, total,
                results_lines(m->r), results_proved(m->r), results_positions(m->r));
    }
    fputs("\r\033[K", stderr);
    return NULL;
}

static int enumerate(const struct options *o)
{
    struct results *r = results_new(o->threads, (size_t)o->hash_mb << 20);
    if (!r) {
        fprintf(stderr, "quartet-stoner: out of memory\n");
        return 1;
    }
    struct stoner_enum e = {.P = START_BLACK, .O = START_WHITE,
                            .min_depth = o->min_depth, .max_depth = o->max_depth,
                            .threads = o->threads, .found = results_add, .ctx = r};
    struct monitor m = {.e = &e, .r = r, .t0 = clock_now()};
    pthread_t tid;
    int shown = o->progress && pthread_create(&tid, NULL, show_progress, &m) == 0;
    /* First every line (fast), then the distinct positions' proofs, so
     * that the threads share the proofs however the lines fell. */
    int rc = stoner_enumerate(&e);
    if (rc == 0 && !results_failed(r))
        rc = results_prove_all(r, o->threads);
    double secs = clock_now() - m.t0;
    if (shown) {
        __atomic_store_n(&m.done, 1, __ATOMIC_RELAXED);
        pthread_join(tid, NULL);
    }
    if (rc != 0 || results_failed(r)) {
        fprintf(stderr, "quartet-stoner: out of memory\n");
        results_free(r);
        return 1;
    }
    if (o->json)
        results_print_json(r, stdout, o->min_depth, o->max_depth);
    else
        results_print_text(r, stdout, o->min_depth, o->max_depth);
    fprintf(o->json ? stderr : stdout,
            "%.2f s, %d threads, %llu positions visited, %ld stoner-like lines, "
            "%ld distinct positions proved\n", secs, o->threads,
            (unsigned long long)e.nodes, results_lines(r), results_positions(r));
    results_free(r);
    return 0;
}

int main(int argc, char **argv)
{
    struct options o;
    parse_args(argc, argv, &o);
    return o.line ? check_line(&o) : enumerate(&o);
}
