/* Drawing the position for the svg commands, and svg_diff: the picture as
 * a line patch against the one this session's previous svg_diff answered,
 * which the session keeps (s->picture) as the next patch's base. */
#include "protocol/picture.h"

#include "protocol/linediff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *picture_draw(struct session *s, bool legal, size_t *len)
{
    const struct game *g = s->game;
    struct game_svg_options opt = {.legal = legal, .last = session_last_move(s)};
    int n = g->svg(s->state, &opt, NULL, 0);
    char *buf = n > 0 ? malloc((size_t)n + 1) : NULL;
    if (!buf)
        return NULL;
    g->svg(s->state, &opt, buf, (size_t)n + 1);
    size_t k = (size_t)n;
    while (k > 0 && buf[k - 1] == '\n')
        k--;   /* GTP ends the response; the hash covers the lines only */
    buf[k] = '\0';
    *len = k;
    return buf;
}

/* `legal` and `full`, each at most once, in any order. */
static bool parse_words(int argc, char **argv, bool *legal, bool *full,
                        struct text *out)
{
    *legal = *full = false;
    for (int i = 0; i < argc; i++) {
        bool *flag = strcmp(argv[i], "legal") == 0  ? legal
                     : strcmp(argv[i], "full") == 0 ? full
                                                    : NULL;
        if (!flag || *flag) {
            text_printf(out, "syntax error: usage: svg_diff [legal] [full], "
                        "not '%.40s'%s", argv[i], flag ? " twice" : "");
            return false;
        }
        *flag = true;
    }
    return true;
}

/* The patch turning base (nb bytes; NULL: no base, all inserts) into pic,
 * after the header line. */
static bool put_patch(const char *base, size_t nb, const char *pic,
                      size_t np, struct text *out)
{
    size_t na = 0, nn;
    struct line *a = base ? linediff_split(base, nb, &na) : NULL;
    struct line *b = linediff_split(pic, np, &nn);
    struct linediff_op *ops = NULL;
    long n = (a || !base) && b ? linediff(a, na, b, nn, &ops) : -1;
    for (long i = 0; i < n; i++) {
        const struct linediff_op *op = &ops[i];
        if (op->kind != LINEDIFF_INSERT) {
            text_printf(out, "\n%c%zu", op->kind == LINEDIFF_COPY ? '=' : '-',
                        op->count);
            continue;
        }
        for (size_t k = op->at; k < op->at + op->count; k++) {
            text_puts(out, "\n+");
            text_append(out, b[k].text, b[k].len);
        }
    }
    free(ops);
    free(a);
    free(b);
    return n >= 0;
}

bool picture_svg_diff(struct session *s, int argc, char **argv,
                      struct text *out)
{
    bool legal, full;
    if (!parse_words(argc, argv, &legal, &full, out))
        return false;
    if (!s->game->svg) {
        text_printf(out, "svg_diff is not available for %s", s->game->name);
        return false;
    }
    size_t len;
    char *pic = picture_draw(s, legal, &len);
    if (!pic) {
        text_puts(out, "cannot draw the position");
        return false;
    }
    const char *base = full ? NULL : s->picture;
    char from[9] = "-";
    if (base)
        snprintf(from, sizeof from, "%08x",
                 (unsigned)linediff_fnv1a(base, s->picture_len));
    text_printf(out, "svg_diff %s %08x", from, (unsigned)linediff_fnv1a(pic, len));
    if (!put_patch(base, s->picture_len, pic, len, out) || out->failed) {
        free(pic);
        text_clear(out);
        text_puts(out, "out of memory");
        return false;
    }
    free(s->picture);   /* the base of the next svg_diff */
    s->picture = pic;
    s->picture_len = len;
    return true;
}
