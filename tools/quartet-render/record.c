/* Reading a record file: the whole file in memory, the format told by its
 * first character, and the shared pieces the three readers fill games with. */
#include "record.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Records are text of at most a few megabytes; anything far larger is not
 * one of ours. */
#define MAX_FILE (256u << 20)

static char *read_all(const char *path, char *err, size_t cap)
{
    FILE *in = fopen(path, "rb");
    if (!in) {
        snprintf(err, cap, "%s: %s", path, strerror(errno));
        return NULL;
    }
    size_t len = 0, size = 1 << 16;
    char *buf = malloc(size);
    for (size_t r; buf && (r = fread(buf + len, 1, size - len - 1, in)) > 0;) {
        len += r;
        if (len + 1 < size)
            continue;
        char *grown = size < MAX_FILE ? realloc(buf, size * 2) : NULL;
        if (!grown) {
            snprintf(err, cap, "%s: too large for a record file", path);
            free(buf);
            buf = NULL;
            break;
        }
        buf = grown;
        size *= 2;
    }
    if (buf && ferror(in)) {
        snprintf(err, cap, "%s: read error", path);
        free(buf);
        buf = NULL;
    } else if (buf) {
        buf[len] = '\0';
        if (strlen(buf) != len) {
            snprintf(err, cap, "%s: binary data (a NUL byte), not a game record", path);
            free(buf);
            buf = NULL;
        }
    } else if (!err[0]) {
        snprintf(err, cap, "out of memory");
    }
    fclose(in);
    return buf;
}

int rec_read(const char *path, struct rec_file *f, char *err, size_t cap)
{
    *f = (struct rec_file){0};
    err[0] = '\0';
    char *text = read_all(path, err, cap);
    if (!text)
        return -1;
    const char *s = text + strspn(text, " \t\r\n");
    char msg[200] = "";
    int r;
    if (*s == '{')
        r = rec_read_jsonl(text, f, msg, sizeof msg);
    else if (*s == '(')
        r = rec_read_sgf(text, f, msg, sizeof msg);
    else if (*s == '[')
        r = rec_read_text(text, f, msg, sizeof msg);
    else {
        r = -1;
        snprintf(msg, sizeof msg, "not a game record (JSON Lines, SGF or text) of quartet-match");
    }
    if (r == 0 && f->n == 0) {
        r = -1;
        snprintf(msg, sizeof msg, "no game in the file");
    }
    if (r != 0) {
        snprintf(err, cap, "%s: %s", path, msg);
        rec_free(f);
    }
    free(text);
    return r;
}

void rec_free(struct rec_file *f)
{
    for (int i = 0; i < f->n; i++)
        free(f->games[i].moves);
    free(f->games);
    *f = (struct rec_file){0};
}

struct rec_game *rec_new_game(struct rec_file *f, int line)
{
    if (f->n == f->cap) {
        int cap = f->cap ? 2 * f->cap : 16;
        struct rec_game *g = realloc(f->games, sizeof *g * (size_t)cap);
        if (!g)
            return NULL;
        f->games = g;
        f->cap = cap;
    }
    struct rec_game *g = &f->games[f->n++];
    *g = (struct rec_game){.id = f->n, .line = line};
    return g;
}

int rec_add_move(struct rec_game *g, const char *text, size_t len)
{
    if (len == 0 || len >= REC_MOVE_LEN)
        return -1;
    if (g->nmoves == g->cap) {
        int cap = g->cap ? 2 * g->cap : 64;
        char(*m)[REC_MOVE_LEN] = realloc(g->moves, sizeof *m * (size_t)cap);
        if (!m)
            return -1;
        g->moves = m;
        g->cap = cap;
    }
    rec_copy(g->moves[g->nmoves++], REC_MOVE_LEN, text, len);
    return 0;
}

void rec_copy(char *dst, size_t cap, const char *src, size_t len)
{
    if (len >= cap)
        len = cap - 1;
    memcpy(dst, src, len);
    dst[len] = '\0';
}
