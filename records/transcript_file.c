/* Transcript files: one game a line, "GAME SIZE MOVES..." -- the game's
 * name, its board size, then its moves as play_sequence takes them
 * (records/transcript.h) -- or a bare Othello transcript ("f5d6c3...",
 * the commonest Othello record there is) on the 8x8 board; each a
 * rec_game with its forced passes put back. A line is a game of its own:
 * a bad one is refused, and the next line is read. */
#include "records/record.h"
#include "records/strict.h"
#include "records/transcript.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORDS 4096

/* Whether st's only move is a forced pass. */
static bool pass_forced(const struct game *g, const void *st)
{
    move_t moves[GAME_MAX_MOVES];
    return g->legal_moves(st, moves) == 1 && moves[0] == MOVE_PASS;
}

static int add(struct rec_game *r, const struct game *g, const void *st, move_t m)
{
    char t[REC_MOVE_LEN] = "pass";
    if (m != MOVE_PASS && g->format_move(st, m, t, sizeof t) < 0)
        return -1;
    return rec_add_move(r, t, strlen(t));
}

/* The moves (from the start of r's game) into r, forced passes written. */
static void take_moves(struct rec_game *r, const struct game *g, int argc, char **argv)
{
    struct game_options o = {.size = r->size};
    unsigned char *st = malloc(g->state_size);
    move_t *list = NULL;
    int n = 0;
    char why[200];
    if (!st) {
        rec_refuse(r, "out of memory");
        return;
    }
    g->init(st, &o);
    if (transcript_read(g, st, argc, argv, &list, &n, NULL, NULL, why, sizeof why) != 0)
        rec_refuse(r, "%s", why);
    for (int i = 0; i < n && !r->why[0]; i++) {
        while (list[i] != MOVE_PASS && pass_forced(g, st)) {
            if (add(r, g, st, MOVE_PASS) != 0)
                rec_refuse(r, "out of memory");
            g->play(st, MOVE_PASS);
        }
        if (add(r, g, st, list[i]) != 0)
            rec_refuse(r, "out of memory");
        g->play(st, list[i]);
    }
    free(list);
    free(st);
}

/* Whether word starts as a bare Othello transcript does: a square of the
 * 8x8 board, in either case (f5, F5). No game's name starts so. */
static bool bare_transcript(const char *w)
{
    char c = (char)(w[0] | 0x20);
    return c >= 'a' && c <= 'h' && w[1] >= '1' && w[1] <= '8';
}

/* One line (len bytes at s, no newline) as game r. */
static void read_line(struct rec_game *r, char *s)
{
    char *words[MAX_WORDS];
    int n = 0;
    for (char *save, *w = strtok_r(s, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
        if (n == MAX_WORDS) {
            rec_refuse(r, "more than %d words on the line", MAX_WORDS);
            return;
        }
        words[n++] = w;
    }
    const struct game *g = game_find(words[0]);
    if (!g && bare_transcript(words[0]) && (g = game_find("Othello")) != NULL) {
        snprintf(r->game, sizeof r->game, "%s", g->name);
        r->nplayers = 0;
        r->size = 8;
        take_moves(r, g, n, words);
        return;
    }
    if (!g) {
        bool plain = strlen(words[0]) <= 24;
        for (const char *c = words[0]; *c; c++)
            plain = plain && *c > 32 && *c < 127;
        if (plain)
            rec_refuse(r, "unknown game '%s'", words[0]);
        else
            rec_refuse(r, "unknown game");
        return;
    }
    snprintf(r->game, sizeof r->game, "%s", g->name);
    r->nplayers = 0;
    if (n < 2 || !strict_int_text(words[1], strlen(words[1]), 1, RECORD_MAX_SIZE, &r->size)) {
        rec_refuse(r, "no board size after the game's name (a whole number from 1 to 99)");
        return;
    }
    if (r->size < g->min_size || r->size > g->max_size || !g->size_ok(r->size)) {
        rec_refuse(r, "%s is not played on %dx%d", g->name, r->size, r->size);
        return;
    }
    take_moves(r, g, n - 2, words + 2);
}

int rec_read_transcript(const char *text, struct rec_file *f, char *err, size_t cap)
{
    int line = 0;
    for (const char *s = text; *s; line++) {
        size_t len = strcspn(s, "\n");
        /* A last line without its newline was cut off, as in every format. */
        if (!s[len]) {
            snprintf(err, cap, "line %d: no newline at its end: the line is cut off", line + 1);
            return -1;
        }
        if (strspn(s, " \t") < len) {
            struct rec_game *r = rec_new_game(f, line + 1);
            char *copy = malloc(len + 1);
            if (!r || !copy) {
                free(copy);
                snprintf(err, cap, "out of memory");
                return -1;
            }
            memcpy(copy, s, len);
            copy[len] = '\0';
            read_line(r, copy);
            free(copy);
        }
        s += len + (s[len] == '\n');
    }
    return 0;
}
