/* The text record: "[Game N]" opens a game, then "Field: value" lines
 * (Game, Size, Variants, Seat X, Moves, Result; others are skipped). */
#include "record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value of "Name: value" when line starts with that name. */
static const char *field(const char *line, size_t len, const char *name, size_t *vlen)
{
    size_t n = strlen(name);
    if (len < n + 2 || strncmp(line, name, n) != 0 || line[n] != ':' || line[n + 1] != ' ')
        return NULL;
    *vlen = len - n - 2;
    return line + n + 2;
}

static int moves(struct rec_game *g, const char *v, size_t len)
{
    for (size_t i = 0; i < len;) {
        size_t w = strcspn(v + i, " \r\n");
        if (w > len - i)
            w = len - i;
        if (w && rec_add_move(g, v + i, w) != 0)
            return -1;
        i += w + 1;
    }
    return 0;
}

static int text_line(struct rec_game *g, const char *line, size_t len)
{
    size_t vl;
    const char *v;
    char num[16];
    if ((v = field(line, len, "Game", &vl)))
        rec_copy(g->game, sizeof g->game, v, vl);
    else if ((v = field(line, len, "Size", &vl))) {
        rec_copy(num, sizeof num, v, vl);
        g->size = atoi(num);
    } else if ((v = field(line, len, "Variants", &vl)))
        rec_copy(g->variants, sizeof g->variants, v, vl);
    else if ((v = field(line, len, "Result", &vl)))
        rec_copy(g->result, sizeof g->result, v, vl);
    else if (strncmp(line, "Moves:", 6) == 0)
        return moves(g, line + 6, len - 6);
    else if (len > 7 && strncmp(line, "Seat ", 5) == 0 && (v = memchr(line, ':', len)) &&
             g->nplayers < REC_MAX_SEATS) {
        v += 1 + (v[1] == ' ');
        rec_copy(g->players[g->nplayers++], sizeof g->players[0], v, (size_t)(line + len - v));
    }
    return 0;
}

int rec_read_text(const char *text, struct rec_file *f, char *err, size_t cap)
{
    struct rec_game *g = NULL;
    int line = 1;
    for (const char *s = text; *s; line++) {
        size_t len = strcspn(s, "\n");
        size_t trim = len && s[len - 1] == '\r' ? len - 1 : len;
        if (strncmp(s, "[Game ", 6) == 0) {
            if (!(g = rec_new_game(f, line))) {
                snprintf(err, cap, "out of memory");
                return -1;
            }
            g->id = atoi(s + 6);
        } else if (g && text_line(g, s, trim) != 0) {
            snprintf(err, cap, "line %d: bad move text in the Moves line", line);
            return -1;
        } else if (!g && trim) {
            snprintf(err, cap, "line %d: text before the first [Game N]", line);
            return -1;
        }
        s += len + (s[len] == '\n');
    }
    return 0;
}
