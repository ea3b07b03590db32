/* One game between engine processes: the runner's own copy of the game
 * validates every move, plays forced passes, ends the game and scores it;
 * any fault loses the game for the engine at fault, which is killed so the
 * next game starts it again. */
#include "match.h"
#include "adjudicate.h"
#include "records/textclean.h"
#include "engine/clock.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

const char *seat_name(const struct game *g, int seat)
{
    if (g->num_players == 2)
        return seat == 0 ? "black" : "white";
    return game_player_name(g, seat);
}

void slot_init(struct slot *s, const volatile sig_atomic_t *stop)
{
    for (int e = 0; e < MAX_ENGINES; e++)
        for (int c = 0; c < GAME_MAX_PLAYERS; c++)
            s->proc[e][c] = (struct proc){.pid = 0, .to_fd = -1, .from_fd = -1, .err_fd = -1,
                                          .guard_fd = -1, .stop = stop};
}

void slot_close(struct slot *s)
{
    for (int e = 0; e < MAX_ENGINES; e++)
        for (int c = 0; c < GAME_MAX_PLAYERS; c++)
            proc_stop(&s->proc[e][c], 1.0);
}

/* ---- results ---- */

static void ranks_from_points(struct game_record *rec)
{
    for (int s = 0; s < rec->nseats; s++) {
        rec->rank[s] = 1;
        for (int o = 0; o < rec->nseats; o++)
            if (rec->points[o] > rec->points[s] + 1e-9)
                rec->rank[s]++;
    }
}

void record_final(const struct game *g, const void *st, struct game_record *rec)
{
    g->score(st, rec->scores);
    g->outcome(st, rec->points);
    g->format_result(st, rec->result, sizeof rec->result);
    ranks_from_points(rec);
}

void record_forfeit(const struct game *g, const void *st, struct game_record *rec,
                    int loser, char kind, bool teams)
{
    int n = rec->nseats;
    g->score(st, rec->scores);
    if (n == 2) {
        rec->points[loser] = 0;
        rec->points[1 - loser] = 1;
        snprintf(rec->result, sizeof rec->result, "%c+%c", loser ? 'B' : 'W', kind);
    } else {
        /* Yonin: the faulty seat is last; the others are ranked among
         * themselves by their current scores (team game: its team loses). */
        for (int s = 0; s < n; s++) {
            if (teams) {
                rec->points[s] = (s % 2 == loser % 2) ? 0.0 : 1.0;
                continue;
            }
            if (s == loser) {
                rec->points[s] = 0;
                continue;
            }
            double v = 1; /* beats the faulty seat */
            for (int o = 0; o < n; o++)
                if (o != s && o != loser)
                    v += rec->scores[s] > rec->scores[o] ? 1.0
                         : rec->scores[s] == rec->scores[o] ? 0.5 : 0.0;
            rec->points[s] = v / 3;
        }
        snprintf(rec->result, sizeof rec->result, "%c-%c", 'A' + loser, kind);
    }
    ranks_from_points(rec);
}

/* ---- talking to the engines of one game ---- */

struct table {
    const struct match_config *cfg;
    const struct game *g;
    struct proc *proc[GAME_MAX_PLAYERS];
    int nseats;
    double clock[GAME_MAX_PLAYERS]; /* TC_GAME: seconds left */
    bool teams;                     /* Yonin team game */
};

static bool same_proc_before(const struct table *t, int seat)
{
    for (int o = 0; o < seat; o++)
        if (t->proc[o] == t->proc[seat])
            return true;
    return false;
}

/* Records a fault of seat and kills its process (restarted next game). */
static void fault(struct table *t, struct game_record *rec, const void *st, int seat,
                  char kind, const char *fmt, const char *detail)
{
    char what[160];
    snprintf(what, sizeof what, fmt, detail);
    snprintf(rec->reason, sizeof rec->reason, "%s (%s, %s)", what, seat_name(t->g, seat),
             t->cfg->eng[rec->engine[seat]].name);
    /* The reason may quote the engine's bytes: valid UTF-8 for the records. */
    text_clean(rec->reason, sizeof rec->reason, rec->reason, false);
    rec->forfeit = seat;
    proc_kill(t->proc[seat]);
    record_forfeit(t->g, st, rec, seat, kind, t->teams);
}

static char kind_of(enum gtp_status s)
{
    return s == GTP_TIMEOUT ? 'T' : 'F';
}

/* Starts processes that are not running and sets up the game in each.
 * Returns the seat at fault, or -1. */
static int setup(struct table *t, struct game_record *rec, const void *st, bool *stopped)
{
    const struct match_config *cfg = t->cfg;
    char out[512];
    for (int s = 0; s < t->nseats; s++) {
        if (same_proc_before(t, s))
            continue;
        const struct engine_spec *e = &cfg->eng[rec->engine[s]];
        struct proc *p = t->proc[s];
        char cmd[MAX_INIT_CMDS + 4][256];
        int nc = 0;
        if (!proc_running(p)) {
            if (proc_start(p, e->cmd, e->dir,
                           cfg->errcap ? &cfg->errcap[rec->engine[s]] : NULL, out, sizeof out) != 0) {
                fault(t, rec, st, s, 'F', "cannot start engine: %s", out);
                return s;
            }
            /* The engine file's init commands, once per process. */
            for (int i = 0; i < e->ninit; i++)
                snprintf(cmd[nc++], sizeof cmd[0], "%s", e->init[i]);
        }
        if (e->knows_set_game)
            snprintf(cmd[nc++], sizeof cmd[0], "set_game %s%s%s", cfg->g->name,
                     cfg->variant_words[0] ? " " : "", cfg->variant_words);
        snprintf(cmd[nc++], sizeof cmd[0], "boardsize %d", cfg->gopt.size);
        snprintf(cmd[nc++], sizeof cmd[0], "clear_board");
        if (e->knows_time_settings && cfg->tc.mode == TC_MOVE)
            snprintf(cmd[nc++], sizeof cmd[0], "time_settings 0 %g 1", cfg->tc.move);
        else if (e->knows_time_settings && cfg->tc.mode == TC_GAME)
            snprintf(cmd[nc++], sizeof cmd[0], "time_settings %g 0 0", cfg->tc.base);
        for (int i = 0; i < nc; i++) {
            enum gtp_status r = proc_command(p, cfg->tc.timeout, out, sizeof out, "%s", cmd[i]);
            if (r == GTP_STOPPED) {
                *stopped = true;
                return -1;
            }
            if (r == GTP_ERROR && strncmp(cmd[i], "time_settings", 13) == 0) {
                /* GTP's times are whole seconds; some engines refuse
                 * fractions. The runner keeps the clock anyway, so a
                 * refusal of the whole-second form is ignored too. */
                const struct time_control *tc = &cfg->tc;
                r = proc_command(p, cfg->tc.timeout, out, sizeof out, "time_settings %d %d %d",
                                 tc->mode == TC_GAME ? (int)ceil(tc->base) : 0,
                                 tc->mode == TC_MOVE ? (int)ceil(tc->move) : 0,
                                 tc->mode == TC_MOVE ? 1 : 0);
                if (r == GTP_ERROR)
                    r = GTP_OK;
            }
            if (r == GTP_STOPPED) {
                *stopped = true;
                return -1;
            }
            if (r != GTP_OK) {
                char d[400];
                snprintf(d, sizeof d, "%.150s: %s%s%.100s", cmd[i], gtp_status_text(r),
                         out[0] ? " " : "", out);
                fault(t, rec, st, s, kind_of(r), "setup failed: %s", d);
                return s;
            }
        }
    }
    return -1;
}

/* Tells every engine except `skip`'s process that seat played m. A pass
 * refused with '?' is tolerated: some engines pass by themselves. */
static int tell(struct table *t, struct game_record *rec, const void *st, int seat,
                const char *mtext, bool is_pass, int skip, bool *stopped)
{
    char out[256];
    for (int s = 0; s < t->nseats; s++) {
        if (same_proc_before(t, s) || (skip >= 0 && t->proc[s] == t->proc[skip]))
            continue;
        enum gtp_status r = proc_command(t->proc[s], t->cfg->tc.timeout, out, sizeof out,
                                         "play %s %s", seat_name(t->g, seat), mtext);
        if (r == GTP_STOPPED) {
            *stopped = true;
            return -1;
        }
        if (r == GTP_OK || (r == GTP_ERROR && is_pass))
            continue;
        char d[300];
        snprintf(d, sizeof d, "play %s %s: %s %.100s", seat_name(t->g, seat), mtext,
                 gtp_status_text(r), out);
        fault(t, rec, st, s, kind_of(r), "%s", d);
        return s;
    }
    return -1;
}

static void append_move(struct game_record *rec, move_t m)
{
    if (rec->nplies < MAX_PLIES)
        rec->moves[rec->nplies++] = m;
    if (rec->nplies < MAX_PLIES)
        rec->move_time[rec->nplies] = 0;   /* until a genmove times the next */
}

static double genmove_limit(const struct table *t, int seat)
{
    const struct time_control *tc = &t->cfg->tc;
    if (tc->mode == TC_MOVE)
        return tc->move + tc->margin;
    if (tc->mode == TC_GAME)
        return t->clock[seat] + tc->margin;
    return tc->timeout;
}

/* GTP's time_left takes whole seconds: rounded down, but never 0 while
 * time is left (0 would tell the engine it has none). */
int time_left_seconds(double left)
{
    if (left <= 0)
        return 0;
    if (left < 1)
        return 1;
    return left >= INT_MAX ? INT_MAX : (int)left;
}

/* Asks seat for a move and validates it. Returns 1 with *m set, 0 after a
 * fault (recorded), -1 when interrupted. */
static int ask_move(struct table *t, struct game_record *rec, const void *st, int seat,
                    move_t *m)
{
    const struct match_config *cfg = t->cfg;
    const struct engine_spec *e = &cfg->eng[rec->engine[seat]];
    char out[512];
    const char *who = seat_name(t->g, seat);
    if (cfg->tc.mode == TC_GAME && e->knows_time_left) {
        enum gtp_status r = proc_command(t->proc[seat], cfg->tc.timeout, out, sizeof out,
                                         "time_left %s %d 0", who,
                                         time_left_seconds(t->clock[seat]));
        if (r == GTP_STOPPED)
            return -1;
        if (r == GTP_DEAD || r == GTP_TIMEOUT || r == GTP_GARBAGE) {
            fault(t, rec, st, seat, kind_of(r), "time_left: %s", gtp_status_text(r));
            return 0;
        }
    }
    double t0 = clock_now();
    enum gtp_status r = proc_command(t->proc[seat], genmove_limit(t, seat), out, sizeof out,
                                     "genmove %s", who);
    double used = clock_now() - t0;
    rec->time[seat] += used;
    rec->genmoves[seat]++;
    if (rec->nplies < MAX_PLIES)
        rec->move_time[rec->nplies] = used;
    if (r == GTP_STOPPED)
        return -1;
    if (r == GTP_TIMEOUT) {
        char d[64];
        snprintf(d, sizeof d, "%.2f", genmove_limit(t, seat));
        fault(t, rec, st, seat, 'T', "timeout: no move within %s s", d);
        return 0;
    }
    if (r == GTP_DEAD) {
        fault(t, rec, st, seat, 'F', "crash%s", " during genmove");
        return 0;
    }
    if (r == GTP_GARBAGE) {
        fault(t, rec, st, seat, 'F', "garbage response to genmove: %.60s", out);
        return 0;
    }
    if (r == GTP_ERROR) {
        fault(t, rec, st, seat, 'F', "genmove refused: ? %.60s", out);
        return 0;
    }
    /* The move is the first word, any case. */
    char word[64];
    size_t k = 0;
    const char *s = out;
    while (*s == ' ')
        s++;
    while (*s && !isspace((unsigned char)*s) && k + 1 < sizeof word)
        word[k++] = (char)tolower((unsigned char)*s++);
    word[k] = '\0';
    if (strcmp(word, "resign") == 0) {
        fault(t, rec, st, seat, 'R', "resign%s", "");
        return 0;
    }
    if (k == 0 || t->g->parse_move(st, word, m) != 0) {
        fault(t, rec, st, seat, 'F', "unparsable move: %.60s", out);
        return 0;
    }
    if (!game_is_legal(t->g, st, *m)) {
        fault(t, rec, st, seat, 'F', "illegal move: %s", word);
        return 0;
    }
    if (cfg->tc.mode == TC_MOVE && used > cfg->tc.move + cfg->tc.margin) {
        fault(t, rec, st, seat, 'T', "time: %s", "move took too long");
        return 0;
    }
    if (cfg->tc.mode == TC_GAME) {
        if (used > t->clock[seat] + cfg->tc.margin) {
            fault(t, rec, st, seat, 'T', "time: %s", "flag fell");
            return 0;
        }
        t->clock[seat] -= used;
        if (t->clock[seat] < 0)
            t->clock[seat] = 0;
        t->clock[seat] += cfg->tc.inc;
    }
    return 1;
}

/* Asks each engine that knows final_score for it; notes disagreement. */
static void compare_scores(struct table *t, struct game_record *rec)
{
    char out[256];
    for (int s = 0; s < t->nseats; s++) {
        if (same_proc_before(t, s) || !t->cfg->eng[rec->engine[s]].knows_final_score)
            continue;
        enum gtp_status r = proc_command(t->proc[s], t->cfg->tc.timeout, out, sizeof out,
                                         "final_score");
        if (r != GTP_OK || strcasecmp(out, rec->result) == 0)
            continue;
        size_t len = strlen(rec->disagree);
        snprintf(rec->disagree + len, sizeof rec->disagree - len, "%s%s says %.40s",
                 len ? "; " : "", t->cfg->eng[rec->engine[s]].name, out);
    }
    text_clean(rec->disagree, sizeof rec->disagree, rec->disagree, false);
    if (rec->disagree[0]) {
        /* Escaped as in the text record: an engine's bytes never drive the terminal. */
        fprintf(stderr, "quartet-match: warning: game %d result %s, but ", rec->id, rec->result);
        put_text_value(stderr, rec->disagree);
        fputc('\n', stderr);
    }
}

/* Binds each seat to a process of its engine. Processes of engines not in
 * this game are stopped, so a slot of a round-robin of many engines keeps
 * only the current game's engines running. */
static void bind_procs(struct table *t, struct slot *slot, const struct game_record *rec)
{
    int copies[MAX_ENGINES] = {0};
    for (int s = 0; s < t->nseats; s++) {
        int e = rec->engine[s];
        t->proc[s] = &slot->proc[e][copies[e]++];
    }
    for (int e = 0; e < MAX_ENGINES; e++)
        for (int c = copies[e]; c < GAME_MAX_PLAYERS; c++)
            if (proc_running(&slot->proc[e][c]))
                proc_stop(&slot->proc[e][c], 1.0);
}

/* Ends the game early when an adjudication rule applies: the move cap
 * (a draw), or an exact solve with few empties left. Returns true when
 * rec now holds the adjudicated result. */
static bool adjudicated(const struct match_config *cfg, const void *st, struct game_record *rec)
{
    const struct game *g = cfg->g;
    if (cfg->max_moves > 0 && rec->nplies >= cfg->max_moves) {
        adjudicate_cap_draw(g, st, rec);
        snprintf(rec->reason, sizeof rec->reason, ADJ_CAP_REASON, cfg->max_moves);
        return true;
    }
    if (cfg->adjudicate_empties <= 0)
        return false;
    int empties = adjudicate_empties(g, &cfg->gopt, st);
    if (empties > cfg->adjudicate_empties)
        return false;
    unsigned char *fin = malloc(g->state_size);
    char err[256];
    if (!fin)
        abort();
    bool ok = adjudicate_solve(g, st, cfg->solve_threads, fin, err, sizeof err) == 0;
    if (ok) {
        record_final(g, fin, rec);
        snprintf(rec->reason, sizeof rec->reason, ADJ_SOLVE_REASON, empties);
    } else
        fprintf(stderr, "quartet-match: game %d: no adjudication: %s\n", rec->id, err);
    free(fin);
    return ok;
}

static void stamp_date(struct game_record *rec)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(rec->date, sizeof rec->date, "%Y-%m-%d", &tm);
}

int play_game(const struct match_config *cfg, struct slot *slot, const struct opening *op,
              struct game_record *rec)
{
    const struct game *g = cfg->g;
    unsigned char *st = malloc(g->state_size);
    if (!st)
        abort();
    g->init(st, &cfg->gopt);
    struct table t = {.cfg = cfg, .g = g, .nseats = g->num_players,
                      .teams = is_team_game(g, cfg->gopt.flags)};
    rec->nseats = g->num_players;
    rec->nplies = rec->opening_plies = 0;
    rec->move_time[0] = 0;
    rec->forfeit = -1;
    rec->reason[0] = rec->disagree[0] = '\0';
    for (int s = 0; s < GAME_MAX_PLAYERS; s++) {
        rec->time[s] = 0;
        rec->genmoves[s] = 0;
        t.clock[s] = cfg->tc.base;
    }
    bind_procs(&t, slot, rec);
    bool stopped = false;
    int rc = -1;
    char mtext[64];
    if (setup(&t, rec, st, &stopped) >= 0)
        goto done;
    if (stopped)
        goto out;
    for (int i = 0; op && i < op->n; i++) {
        int seat = g->to_move(st);
        g->play(st, op->moves[i]);
        append_move(rec, op->moves[i]);
        rec->opening_plies++;
        g->format_move(st, op->moves[i], mtext, sizeof mtext);
        if (tell(&t, rec, st, seat, op->moves[i] == MOVE_PASS ? "pass" : mtext,
                 op->moves[i] == MOVE_PASS, -1, &stopped) >= 0)
            goto done;
        if (stopped)
            goto out;
    }
    move_t legal[GAME_MAX_MOVES];
    while (!g->is_over(st)) {
        if (adjudicated(cfg, st, rec))
            goto done;
        int seat = g->to_move(st);
        int n = g->legal_moves(st, legal);
        move_t m;
        int skip = seat;
        if (n == 1 && legal[0] == MOVE_PASS) {
            m = MOVE_PASS;
            skip = -1;
        } else {
            int r = ask_move(&t, rec, st, seat, &m);
            if (r < 0)
                goto out;
            if (r == 0)
                goto done;
        }
        if (m == MOVE_PASS)
            snprintf(mtext, sizeof mtext, "pass");
        else
            g->format_move(st, m, mtext, sizeof mtext);
        g->play(st, m);
        append_move(rec, m);
        if (tell(&t, rec, st, seat, mtext, m == MOVE_PASS, skip, &stopped) >= 0)
            goto done;
        if (stopped)
            goto out;
        if (rec->nplies >= MAX_PLIES) {
            fault(&t, rec, st, seat, 'F', "%s", "game too long");
            goto done;
        }
    }
    record_final(g, st, rec);
    snprintf(rec->reason, sizeof rec->reason, "normal");
    if (cfg->query_score)
        compare_scores(&t, rec);
done:
    stamp_date(rec);
    rc = 0;
out:
    free(st);
    return rc;
}

bool is_team_game(const struct game *g, uint32_t flags)
{
    for (int i = 0; i < GAME_MAX_VARIANTS && g->variants[i].name; i++)
        if (strcmp(g->variants[i].name, "team") == 0)
            return g->num_players == 4 && (flags & g->variants[i].flag);
    return false;
}
