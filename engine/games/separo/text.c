/* Separo text: move notation ("c3-d4-d5", knight shorthand "c3-d5",
 * "pass"), the showboard picture and the score/result lines. */
#include "separo.h"
#include "engine/game.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Reads one point ("c3") from *t, on this board; advances *t. */
static int parse_point(const struct separo_state *s, const char **t, int *p)
{
    const char *c = *t;
    int x = tolower((unsigned char)*c++) - 'a';
    if (x < 0 || x >= 26)
        return -1;
    if (*c < '1' || *c > '9') /* no sign, no leading zero */
        return -1;
    int y = *c++ - '0';
    if (*c >= '0' && *c <= '9')
        y = y * 10 + (*c++ - '0');
    if (*c >= '0' && *c <= '9') /* three digits: never on a board */
        return -1;
    if (x >= s->size || y > s->size)
        return -1;
    *p = separo_index(s, x, y - 1);
    *t = c;
    return 0;
}

static int sign(int v) { return (v > 0) - (v < 0); }

int separo_parse_move(const void *st, const char *text, int32_t *m)
{
    const struct separo_state *s = st;
    if (!text || strlen(text) > 16)
        return -1;
    if (strcasecmp(text, "pass") == 0) {
        *m = MOVE_PASS;
        return 0;
    }
    int pt[3], n = 0;
    const char *t = text;
    for (;;) {
        if (n == 3 || parse_point(s, &t, &pt[n]) != 0)
            return -1;
        n++;
        if (*t == '\0')
            break;
        if (*t++ != '-')
            return -1;
    }
    if (n == 2) { /* knight shorthand: s2 is the diagonal neighbour of s1
                   * orthogonally next to s3 */
        int dx = separo_x(s, pt[1]) - separo_x(s, pt[0]);
        int dy = separo_y(s, pt[1]) - separo_y(s, pt[0]);
        if (!((dx * dx == 4 && dy * dy == 1) || (dx * dx == 1 && dy * dy == 4)))
            return -1;
        pt[2] = pt[1];
        pt[1] = separo_index(s, separo_x(s, pt[0]) + sign(dx), separo_y(s, pt[0]) + sign(dy));
    } else if (n != 3) {
        return -1;
    }
    int code = separo_move_code(s, pt[0], pt[1], pt[2]);
    if (code < 0)
        return -1;
    *m = code;
    return 0;
}

static int point_name(const struct separo_state *s, int p, char *buf, size_t cap)
{
    return snprintf(buf, cap, "%c%d", 'a' + separo_x(s, p), separo_y(s, p) + 1);
}

int separo_format_move(const void *st, int32_t m, char *buf, size_t cap)
{
    const struct separo_state *s = st;
    if (m == MOVE_PASS)
        return snprintf(buf, cap, "pass");
    if (m < 0 || m >= SEP_NP * 8)
        return snprintf(buf, cap, "?");
    int p[3];
    separo_move_points(s, m, &p[0], &p[1], &p[2]);
    char a[3][16];
    for (int i = 0; i < 3; i++)
        point_name(s, p[i], a[i], sizeof a[i]);
    return snprintf(buf, cap, "%s-%s-%s", a[0], a[1], a[2]);
}

/* snprintf-style appender that keeps counting past the end of buf. */
struct out {
    char *buf;
    size_t cap;
    int len;
};

static void put(struct out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t used = (size_t)o->len < o->cap ? (size_t)o->len : o->cap;
    int n = vsnprintf(o->buf ? o->buf + used : NULL, o->buf ? o->cap - used : 0, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->len += n;
}

static const char STONE[4] = { '+', 'R', 'B', '?' };

/* Colour of the root from point p towards direction d, 0 when none. */
static int root_col(const struct separo_state *s, int p, int d)
{
    return (s->roots[p] & (1u << d)) ? s->cell[p] : 0;
}

static void show_point_row(const struct separo_state *s, struct out *o, int y)
{
    put(o, "%2d  ", y + 1);
    for (int x = 0; x < s->size; x++) {
        int p = separo_index(s, x, y);
        put(o, "%c", STONE[s->cell[p]]);
        if (x < s->size - 1) {
            static const char *const H[3] = { "   ", "---", "===" };
            put(o, "%s", H[root_col(s, p, SEP_E)]);
        }
    }
}

/* Vertical roots and cell centres between point rows y and y + 1. */
static void show_cell_row(const struct separo_state *s, struct out *o, int y)
{
    static const char V[3] = { ' ', '|', '!' }, L[3] = { ' ', 'r', 'b' };
    put(o, "    ");
    for (int x = 0; x < s->size; x++) {
        int p = separo_index(s, x, y);
        put(o, "%c", V[root_col(s, p, SEP_S)]);
        if (x < s->size - 1) {
            int back = root_col(s, p, SEP_SE), fwd = root_col(s, p + 1, SEP_SW);
            char g = back && fwd ? 'X' : back ? '\\' : fwd ? '/' : '.';
            put(o, "%c%c%c", L[back], g, L[fwd]);
        }
    }
}

int separo_show(const void *st, char *buf, size_t cap)
{
    const struct separo_state *s = st;
    struct out o = { buf, cap, 0 };
    if (buf && cap)
        buf[0] = '\0';
    put(&o, "   ");
    for (int x = 0; x < s->size; x++)
        put(&o, " %c  ", 'a' + x);
    for (int y = 0; y < s->size; y++) {
        put(&o, "\n");
        show_point_row(s, &o, y);
        if (y < s->size - 1) {
            put(&o, "\n");
            show_cell_row(s, &o, y);
        }
    }
    int sc[2];
    sc[0] = separo_regions(s, SEP_RED);
    sc[1] = separo_regions(s, SEP_BLUE);
    put(&o, "\nR B: red, blue stones; + empty point. Roots: red - |, blue = !; "
            "cell centre \\ / X (crossing) with r/b = colour of \\ (left), / (right)");
    int over = s->count[0] == 0 && s->count[1] == 0;
    if (over)
        put(&o, "\nGame over; regions: red %d blue %d", sc[0], sc[1]);
    else
        put(&o, "\n%s to move%s; regions: red %d blue %d", s->side ? "Blue" : "Red",
            s->count[s->side] ? "" : " (must pass)", sc[0], sc[1]);
    return o.len;
}

int separo_format_score(const void *st, char *buf, size_t cap)
{
    const struct separo_state *s = st;
    int over = s->count[0] == 0 && s->count[1] == 0;
    return snprintf(buf, cap, "red %d blue %d %s", separo_regions(s, SEP_RED),
                    separo_regions(s, SEP_BLUE), over ? "over" : "playing");
}

int separo_format_result(const void *st, char *buf, size_t cap)
{
    const struct separo_state *s = st;
    int d = separo_regions(s, SEP_RED) - separo_regions(s, SEP_BLUE);
    if (d > 0)
        return snprintf(buf, cap, "B+%d", d);
    if (d < 0)
        return snprintf(buf, cap, "W+%d", -d);
    return snprintf(buf, cap, "0");
}
