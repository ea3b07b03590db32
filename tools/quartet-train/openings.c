/* The openings file of a selfplay run (openings.h): each line read by
 * records' transcript reader into squares, the forced passes written out,
 * and a hash of them all that names the set in the games file's header. */
#include "openings.h"
#include "engine/game.h"
#include "engine/games/othello/datapath.h"
#include "records/transcript.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

/* Whether st's only move is a forced pass. */
static bool pass_forced(const struct game *g, const void *st)
{
    move_t moves[GAME_MAX_MOVES];
    return g->legal_moves(st, moves) == 1 && moves[0] == MOVE_PASS;
}

/* One openings line read by records' transcript reader, as quartet-match
 * reads openings (f5 d6, f5,d6 or f5d6; pa or pass a pass), into squares
 * on a fresh board, the forced passes written out; -1 with the reason in
 * why when a word is not a legal move there. */
static int parse_opening(char *line, struct opening *op, char *why, size_t cap)
{
    const struct game *g = game_find("Othello");
    char *words[MAX_OPENING];
    int n = 0;
    op->n = 0;
    for (char *save, *w = strtok_r(line, " \t\r\n", &save); w;
         w = strtok_r(NULL, " \t\r\n", &save)) {
        if (n == MAX_OPENING) {
            snprintf(why, cap, "more than %d moves", MAX_OPENING);
            return -1;
        }
        words[n++] = w;
    }
    if (n == 0)
        return 0;
    struct game_options o = {.size = 8};
    unsigned char *st = malloc(g->state_size);
    move_t *list = NULL;
    int k = 0, rc = 0;
    if (!st) {
        snprintf(why, cap, "out of memory");
        return -1;
    }
    g->init(st, &o);
    if (transcript_read(g, st, n, words, &list, &k, NULL, NULL, why, cap) != 0)
        rc = -1;
    for (int i = 0; rc == 0 && i < k; i++) {
        while (list[i] != MOVE_PASS && pass_forced(g, st) && op->n < MAX_OPENING) {
            g->play(st, MOVE_PASS);
            op->sq[op->n++] = -1;
        }
        char t[8] = "";
        if (op->n >= MAX_OPENING) {
            snprintf(why, cap, "more than %d moves", MAX_OPENING);
            rc = -1;
        } else if (list[i] == MOVE_PASS)
            op->sq[op->n++] = -1;
        else {
            g->format_move(st, list[i], t, sizeof t);
            op->sq[op->n++] = (int8_t)((t[1] - '1') * 8 + (t[0] - 'a'));
        }
        g->play(st, list[i]);
    }
    free(list);
    free(st);
    return rc;
}

int load_openings(const char *path, struct openings *ops, char *err, size_t cap)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, cap, "%.400s: cannot open", path);
        return -1;
    }
    char *line = NULL, why[200];
    size_t lcap = 0;
    ssize_t len;
    int no = 0, rc = 0;
    size_t room = 0;
    ops->v = NULL;
    ops->n = 0;
    ops->hash = 2166136261u;
    while (rc == 0 && (len = getline(&line, &lcap, f)) >= 0) {
        no++;
        /* A NUL would end the line early (f5\0d6 read as f5): refused. */
        if (memchr(line, '\0', (size_t)len)) {
            snprintf(err, cap, "%.400s:%d: a NUL byte in the line", path, no);
            rc = -1;
            break;
        }
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        struct opening op;
        if (parse_opening(line, &op, why, sizeof why) != 0) {
            snprintf(err, cap, "%.200s:%d: not a legal Othello opening: %.200s", path, no, why);
            rc = -1;
        } else if (op.n > 0) {
            if (ops->n == room) {
                room = room ? 2 * room : 256;
                struct opening *v = realloc(ops->v, room * sizeof *v);
                if (!v) {
                    snprintf(err, cap, "out of memory");
                    rc = -1;
                    break;
                }
                ops->v = v;
            }
            ops->v[ops->n++] = op;
            for (int i = 0; i < op.n; i++)
                ops->hash = (ops->hash ^ (uint8_t)op.sq[i]) * 16777619u;
            ops->hash = (ops->hash ^ 0xffu) * 16777619u;
        }
    }
    free(line);
    fclose(f);
    if (rc == 0 && ops->n == 0) {
        snprintf(err, cap, "%.400s: no openings", path);
        rc = -1;
    }
    if (rc != 0) {
        free(ops->v);
        ops->v = NULL;
        ops->n = 0;
    }
    return rc;
}

const char *openings_file(const char *file, char *buf, size_t cap)
{
    if (file)
        return file;
    return oth_data_path("openings/othello-8.txt", buf, cap) == 0 ? buf : NULL;
}
