/* play_sequence, run in-process through command_run, against a plain
 * second reader written here: random games written back as move lists
 * in every accepted form (spaces, commas, no separators, either case,
 * passes as pa/pass or left out where forced) must land on the game's
 * final position with one undo entry per written move; random strings
 * and mutated transcripts must get the same verdict from both readers
 * (all played, or refused at the same move), and a refusal or a stop
 * must leave the position and undo stack exactly as they were. */
#include "check.h"
#include "engine/game.h"
#include "engine/player.h"
#include "engine/rng.h"
#include "engine/stop.h"
#include "protocol/commands.h"
#include "protocol/gtp.h"
#include "protocol/session.h"
#include "protocol/text.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static struct text out;
static int accepted, refused;   /* verdicts of compare(), both must occur */

/* Runs `play_sequence` with the words of line (split at spaces). */
static bool run(struct session *s, const char *line)
{
    static char buf[1 << 16];
    char *argv[GTP_MAX_ARGS], *save = NULL;
    snprintf(buf, sizeof buf, "%s", line);
    int argc = 0;
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
        if (argc < GTP_MAX_ARGS)
            argv[argc++] = w;
    return command_run(s, "play_sequence", argc, argv, &out);
}

/* ---- the second reader: known grammar of the two boards tested ---- */

/* A coordinate at t for a board of n columns and rows: one letter, then
 * a row 1..n written without a leading zero, the digits ending there.
 * Returns its length (0: none) and the move. */
static int coord_at(const struct game *g, const char *t, int n, move_t *m)
{
    int col = tolower((unsigned char)t[0]) - 'a';
    if (col < 0 || col >= n || t[1] < '1' || t[1] > '9')
        return 0;
    int k = 1, row = 0;
    while (isdigit((unsigned char)t[k]))
        row = row * 10 + (t[k++] - '0');
    if (row > n || k > 3)
        return 0;
    /* The move codes: Othello packs rows of 8, Torus Hex rows of n. */
    *m = strcmp(g->name, "Othello") == 0 ? (row - 1) * 8 + col : (row - 1) * n + col;
    return k;
}

/* Legality as the doc states it, on st: a pass only when it is the only
 * move; another move after the forced passes of the seats before. */
static bool plain_play(const struct game *g, unsigned char *st, move_t m)
{
    move_t moves[GAME_MAX_MOVES];
    int c = g->legal_moves(st, moves);
    if (m == MOVE_PASS) {
        if (c != 1 || moves[0] != MOVE_PASS)
            return false;
        g->play(st, MOVE_PASS);
        return true;
    }
    unsigned char tmp[4096];
    memcpy(tmp, st, g->state_size);
    for (int k = 0; k < g->num_players; k++) {
        c = g->legal_moves(tmp, moves);
        if (c != 1 || moves[0] != MOVE_PASS)
            break;
        g->play(tmp, MOVE_PASS);
    }
    c = g->legal_moves(tmp, moves);
    for (int i = 0; i < c; i++)
        if (moves[i] == m) {
            g->play(tmp, m);
            memcpy(st, tmp, g->state_size);
            return true;
        }
    return false;
}

/* The verdict of the plain reader on text from st: 0 when every move is
 * read and legal (st then the final position, *count the moves), else
 * the 1-based number of the first bad move. */
static int plain_read(const struct game *g, int n, unsigned char *st,
                      const char *text, int *count)
{
    int k = 0;
    const char *t = text;
    while (*t) {
        if (*t == ' ' || *t == ',') {
            t++;
            continue;
        }
        move_t m;
        int len = coord_at(g, t, n, &m);
        if (!len && strncasecmp(t, "pass", 4) == 0)
            len = 4, m = MOVE_PASS;
        else if (!len && strncasecmp(t, "pa", 2) == 0)
            len = 2, m = MOVE_PASS;
        k++;
        if (!len || !plain_play(g, st, m))
            return k;
        t += len;
    }
    *count = k;
    return k ? 0 : -1;   /* nothing: a syntax error, no move number */
}

/* The number in "move N (...", or -1. */
static int refused_at(void)
{
    int n;
    return sscanf(text_str(&out), "move %d (", &n) == 1 ? n : -1;
}

/* ---- the tests ---- */

/* Writes move m (of st) in a random form into buf at *len. */
static void write_move(const struct game *g, const void *st, move_t m,
                       struct rng *r, char *buf, size_t *len, bool forced)
{
    char w[32];
    if (m == MOVE_PASS)
        snprintf(w, sizeof w, "%s", rng_below(r, 2) ? "pa" : "pass");
    else
        g->format_move(st, m, w, sizeof w);
    if (rng_below(r, 2))
        for (char *c = w; *c; c++)
            *c = (char)toupper((unsigned char)*c);
    if (forced && rng_below(r, 2))
        return;   /* a forced pass may go unwritten */
    static const char *const seps[] = {"", ",", " ", ", "};
    const char *sep = *len ? seps[rng_below(r, 4)] : "";
    *len += (size_t)sprintf(buf + *len, "%s%s", sep, w);
}

/* Random games written back: play_sequence reaches the same position. */
static void round_trips(struct session *s, const struct game *g, int size,
                        struct rng *r, int games)
{
    struct game_options opt = {.size = size};
    static char text[1 << 15];
    unsigned char st[4096];
    for (int i = 0; i < games; i++) {
        CHECK(session_new_game(s, g, &opt) == 0, "new game");
        memcpy(st, s->state, g->state_size);
        size_t len = 0;
        int written = 0, plies = rng_below(r, 3) == 0 ? 8 + (int)rng_below(r, 20) : 10000;
        text[0] = '\0';
        for (int p = 0; p < plies && !g->is_over(st); p++) {
            move_t moves[GAME_MAX_MOVES];
            int c = g->legal_moves(st, moves);
            move_t m = moves[rng_below(r, (uint32_t)c)];
            size_t before = len;
            write_move(g, st, m, r, text, &len, c == 1 && m == MOVE_PASS);
            written += len != before;
            g->play(st, m);
        }
        bool ok = run(s, text);
        CHECK(ok, "%s %d: '%s' refused: %s", g->name, size, text, text_str(&out));
        CHECK(memcmp(s->state, st, g->state_size) == 0,
              "%s %d: '%s' reached another position", g->name, size, text);
        CHECK(s->undo_len == written, "%s: %d undo entries for %d moves",
              g->name, s->undo_len, written);
        int count = 0;
        unsigned char plain[4096];
        memcpy(plain, s->undo, g->state_size);  /* the start */
        CHECK(plain_read(g, size, plain, text, &count) == 0 && count == written &&
              memcmp(plain, st, g->state_size) == 0,
              "the plain reader disagrees on '%s'", text);
    }
}

/* Both readers on one text from the session's position: the same
 * verdict, and a refusal changes nothing. */
static void compare(struct session *s, const struct game *g, int size,
                    const char *text)
{
    unsigned char before[4096], plain[4096];
    memcpy(before, s->state, g->state_size);
    memcpy(plain, s->state, g->state_size);
    int undo = s->undo_len, count = 0;
    int want = plain_read(g, size, plain, text, &count);
    bool ok = run(s, text);
    *(want == 0 ? &accepted : &refused) += 1;
    if (want == 0) {
        CHECK(ok, "%s: '%s' refused: %s", g->name, text, text_str(&out));
        CHECK(ok && memcmp(s->state, plain, g->state_size) == 0 &&
              s->undo_len == undo + count, "%s: '%s' played otherwise", g->name, text);
    } else {
        CHECK(!ok && refused_at() == want, "%s: '%s': the plain reader stops at "
              "move %d, the command says %s: %s", g->name, text, want,
              ok ? "ok" : "?", text_str(&out));
        CHECK(memcmp(s->state, before, g->state_size) == 0 && s->undo_len == undo,
              "%s: '%s' refused but changed the position", g->name, text);
    }
    for (int i = s->undo_len; i > undo; i--)
        session_undo(s);
}

/* Random strings over the letters that make moves and passes. */
static void random_texts(struct session *s, const struct game *g, int size,
                         struct rng *r, const char *alphabet, int tries)
{
    struct game_options opt = {.size = size};
    CHECK(session_new_game(s, g, &opt) == 0, "new game");
    size_t na = strlen(alphabet);
    char text[64];
    for (int i = 0; i < tries; i++) {
        int len = 1 + (int)rng_below(r, 24);
        for (int k = 0; k < len; k++)
            text[k] = alphabet[rng_below(r, (uint32_t)na)];
        text[len] = '\0';
        compare(s, g, size, text);
    }
}

/* Real transcripts with one character changed, dropped or doubled. */
static void mutated(struct session *s, const struct game *g, int size,
                    struct rng *r, const char *alphabet, int tries)
{
    struct game_options opt = {.size = size};
    static char text[4096];
    for (int i = 0; i < tries; i++) {
        CHECK(session_new_game(s, g, &opt) == 0, "new game");
        unsigned char st[4096];
        memcpy(st, s->state, g->state_size);
        size_t len = 0;
        int plies = 1 + (int)rng_below(r, 70);
        for (int p = 0; p < plies && !g->is_over(st); p++) {
            move_t moves[GAME_MAX_MOVES];
            int c = g->legal_moves(st, moves);
            move_t m = moves[rng_below(r, (uint32_t)c)];
            write_move(g, st, m, r, text, &len, false);
            g->play(st, m);
        }
        size_t at = rng_below(r, (uint32_t)len);
        switch (rng_below(r, 3)) {
        case 0: text[at] = alphabet[rng_below(r, (uint32_t)strlen(alphabet))]; break;
        case 1: memmove(text + at, text + at + 1, len - at); break;
        default: memmove(text + at + 1, text + at, len - at + 1); break;
        }
        compare(s, g, size, text);
    }
}

/* A stop already asked for: the command gives up and changes nothing. */
static void stopped(struct session *s)
{
    struct game_options opt = {.size = 8};
    CHECK(session_new_game(s, game_find("othello"), &opt) == 0, "new game");
    volatile int stop = STOP_INTERRUPT;
    s->stop = &stop;
    unsigned char before[4096];
    memcpy(before, s->state, s->game->state_size);
    CHECK(!run(s, "f5d6c3") && strcmp(text_str(&out), "interrupted") == 0,
          "a stopped play_sequence answers %s", text_str(&out));
    CHECK(memcmp(before, s->state, s->game->state_size) == 0 && s->undo_len == 0,
          "a stopped play_sequence changed the position");
    s->stop = NULL;
    CHECK(run(s, "f5d6c3") && s->undo_len == 3, "play_sequence after the stop");
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
    text_init(&out);
    struct rng r;
    rng_seed(&r, 42);
    const struct game *oth = game_find("othello"), *hex = game_find("torushex");
    round_trips(&s, oth, 8, &r, 300);
    round_trips(&s, oth, 6, &r, 100);
    round_trips(&s, hex, 11, &r, 100);
    random_texts(&s, oth, 8, &r, "aAcdDefFhHipPsS1345690,  ", 20000);
    random_texts(&s, hex, 11, &r, "abcdfjkKlpPsS1230,  ", 20000);
    mutated(&s, oth, 8, &r, "afhpPsS159, ", 5000);
    mutated(&s, hex, 11, &r, "abkpS1290, ", 2000);
    CHECK(accepted > 1000 && refused > 1000, "the random texts test too little: "
          "%d accepted, %d refused", accepted, refused);
    printf("random and mutated texts: %d accepted, %d refused\n", accepted, refused);
    stopped(&s);
    session_free(&s);
    text_free(&out);
    return check_report();
}
