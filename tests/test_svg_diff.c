/* svg_diff over the wire against the real binary ($QUARTET): whole random
 * games of every game at its default and largest size (and a variant),
 * with undo, pictures without legal marks and `full` mixed in. After
 * every step the patch, applied here by a plain applier to this test's
 * copy of the previous picture, must consume that picture exactly and
 * give byte for byte what `svg` answers now; BASE must be the FNV-1a hash
 * (computed here) of the copy, NEW that of the result. Prints the bytes
 * a step costs with svg_diff and with svg; a step's patch must stay
 * within 20 KiB (a count, the same on every machine for the seed). */
#include "check.h"
#include "engine_pipe.h"
#include "engine/rng.h"

#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <unistd.h>

#define PATCH_LIMIT (20 * 1024)

/* A growable byte buffer. */
struct buf {
    char *p;
    size_t len, cap;
};

static void buf_add(struct buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        b->cap = 2 * (b->len + n + 1);
        b->p = realloc(b->p, b->cap);
        if (!b->p)
            abort();
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void buf_set(struct buf *b, const char *s, size_t n)
{
    b->len = 0;
    buf_add(b, s, n);
}

/* Sends a command; the response's text after "= " (or "? "), lines joined
 * by '\n', is in r. Returns the bytes the response took on the wire (0 at
 * end of input), negative for a '?' answer. */
static long ask(struct engine *e, struct buf *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(e->in, fmt, ap);
    va_end(ap);
    fputc('\n', e->in);
    fflush(e->in);
    r->len = 0;
    buf_add(r, "", 0);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long wire = 0;
    bool first = true, ok = true;
    while ((n = getline(&line, &cap, e->out)) > 0) {
        wire += n;
        if (strcmp(line, "\n") == 0)
            break;
        size_t skip = 0;
        if (first) {
            ok = line[0] == '=';
            skip = line[1] == ' ' ? 2 : 1;
        } else {
            buf_add(r, "\n", 1);
        }
        first = false;
        buf_add(r, line + skip, (size_t)n - skip - (line[n - 1] == '\n'));
    }
    free(line);
    return ok ? wire : -wire;
}

/* ---- the client side, written here independently of protocol/ -------- */

static uint32_t fnv1a(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    while (n--)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

/* The next line of text at *pos (NULL past the end), its length in *n. */
static const char *next_line(const char *text, size_t len, size_t *pos,
                             size_t *n)
{
    if (*pos > len)
        return NULL;
    const char *s = text + *pos, *nl = memchr(s, '\n', len - *pos);
    *n = nl ? (size_t)(nl - s) : len - *pos;
    *pos += *n + 1;
    return s;
}

/* Applies the patch lines (after the header) to base (NULL: no base, no
 * lines) into res; false when an op is malformed, runs past the base or
 * leaves some of it. */
static bool apply(const struct buf *base, const char *patch, struct buf *res)
{
    size_t bpos = 0, ppos = 0, n, bn;
    size_t plen = strlen(patch);
    res->len = 0;
    buf_add(res, "", 0);
    bool any = false;
    const char *op;
    while ((op = next_line(patch, plen, &ppos, &n)) != NULL) {
        if (op[0] == '+') {
            if (any)
                buf_add(res, "\n", 1);
            buf_add(res, op + 1, n - 1);
            any = true;
            continue;
        }
        char *end;
        long count = strtol(op + 1, &end, 10);
        if ((op[0] != '=' && op[0] != '-') || end != op + n || count <= 0 || !base)
            return false;
        for (long k = 0; k < count; k++) {
            const char *l = next_line(base->p, base->len, &bpos, &bn);
            if (!l)
                return false;
            if (op[0] == '=') {
                if (any)
                    buf_add(res, "\n", 1);
                buf_add(res, l, bn);
                any = true;
            }
        }
    }
    return !base || bpos > base->len;   /* every line of the base used */
}

/* ---- the games --------------------------------------------------------------- */

struct tally {
    long steps, diff_bytes, svg_bytes, diff_max;
    int bad_base, bad_apply, bad_new, bad_picture, errors;
};

/* One svg_diff (with `legal`, `full` as asked) checked against the copy
 * in pic and against `svg`; pic becomes the new picture. *first: no
 * picture was asked for in this engine yet. */
static void step(struct engine *e, struct buf *pic, bool *first, bool legal,
                 bool full, struct tally *t)
{
    static struct buf r, res, svg;
    long wire = ask(e, &r, "svg_diff%s%s", legal ? " legal" : "", full ? " full" : "");
    char base[16], nw[16];
    int used = 0;
    if (wire <= 0 || sscanf(r.p, "svg_diff %15s %15s%n", base, nw, &used) != 2) {
        t->errors++;
        return;
    }
    char want[16] = "-";
    if (!*first && !full)
        snprintf(want, sizeof want, "%08x", (unsigned)fnv1a(pic->p, pic->len));
    t->bad_base += strcmp(base, want) != 0;
    const char *ops = r.p + used + (r.p[used] == '\n');
    if (!apply(strcmp(base, "-") == 0 ? NULL : pic, ops, &res))
        t->bad_apply++;
    char got[16];
    snprintf(got, sizeof got, "%08x", (unsigned)fnv1a(res.p, res.len));
    t->bad_new += strcmp(got, nw) != 0;
    long full_wire = ask(e, &svg, "svg%s", legal ? " legal" : "");
    t->bad_picture += full_wire <= 0 || svg.len != res.len ||
                      memcmp(svg.p, res.p, res.len) != 0;
    buf_set(pic, res.p, res.len);
    *first = false;
    t->steps++;
    t->diff_bytes += wire;
    t->svg_bytes += full_wire;
    if (wire > t->diff_max)
        t->diff_max = wire;
}

/* The value of attribute `name` in the picture's root element. */
static void root_attr(const struct buf *pic, const char *name, char *out,
                      size_t cap)
{
    char key[64];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *eol = memchr(pic->p, '\n', pic->len);
    const char *s = strstr(pic->p, key);
    out[0] = '\0';
    if (!s || (eol && s > eol))
        return;
    s += strlen(key);
    size_t n = strcspn(s, "\"");
    snprintf(out, cap, "%.*s", (int)(n < cap ? n : cap - 1), s);
}

/* A random game of `setup` at `size`; pic: the client's copy of the
 * last picture, kept from game to game as the engine keeps its base. */
static void play_game(struct engine *e, const char *setup, int size,
                      struct rng *rng, struct buf *pic, bool *first)
{
    struct buf r = {0};
    struct tally t = {0};
    t.errors += ask(e, &r, "set_game %s", setup) <= 0;
    t.errors += ask(e, &r, "boardsize %d", size) <= 0;
    step(e, pic, first, true, false, &t);
    int ply = 0;
    long first_bytes = t.diff_bytes;
    t.steps = t.diff_bytes = t.svg_bytes = t.diff_max = 0;
    /* Steps that resend on purpose (`full`, legal marks switched on or
     * off) are checked but not counted in the figures. */
    struct tally resent = {0};
    bool legal = true;
    for (;;) {
        char mover[16];
        root_attr(pic, "data-to-move", mover, sizeof mover);
        if (!mover[0] || ply > 2000)
            break;
        if (ask(e, &r, "legal_moves") <= 0 || !r.len) {
            t.errors++;
            break;
        }
        /* A random move of the list. */
        int n = 1;
        for (const char *c = r.p; *c; c++)
            n += *c == ' ';
        int k = (int)rng_below(rng, (uint32_t)n);
        char *m = r.p;
        while (k-- > 0)
            m = strchr(m, ' ') + 1;
        m[strcspn(m, " ")] = '\0';
        char move[64];
        snprintf(move, sizeof move, "%s", m);
        t.errors += ask(e, &r, "play %s %s", mover, move) <= 0;
        ply++;
        bool full = ply % 29 == 0, was = legal;
        legal = ply % 13 != 0;
        if (ply % 7 == 0) {   /* taken back and played again */
            t.errors += ask(e, &r, "undo") <= 0;
            step(e, pic, first, legal, false, legal != was ? &resent : &t);
            t.errors += ask(e, &r, "play %s %s", mover, move) <= 0;
            was = legal;
        }
        step(e, pic, first, legal, full, full || legal != was ? &resent : &t);
    }
    char game[32];
    root_attr(pic, "data-game", game, sizeof game);
    CHECK(strncasecmp(game, setup, strlen(game)) == 0 && t.steps > 0 && ply > 0,
          "%s %d: a game was played (%d plies)", setup, size, ply);
    CHECK(t.errors == 0, "%s %d: %d commands failed", setup, size, t.errors);
    CHECK(t.bad_base == 0, "%s %d: BASE is not the previous picture's hash %d times",
          setup, size, t.bad_base);
    CHECK(t.bad_apply == 0, "%s %d: %d patches do not apply to the whole base",
          setup, size, t.bad_apply);
    CHECK(t.bad_new == 0, "%s %d: NEW is not the result's hash %d times", setup,
          size, t.bad_new);
    CHECK(t.bad_picture == 0, "%s %d: the patched picture differs from svg %d times",
          setup, size, t.bad_picture);
    CHECK(t.diff_max <= PATCH_LIMIT, "%s %d: a patch of %ld bytes (limit %d)",
          setup, size, t.diff_max, PATCH_LIMIT);
    if (t.steps)
        printf("%-14s %2d: first picture %6ld B; %4ld steps: svg_diff mean %5ld B, "
               "max %5ld B; svg mean %6ld B\n", setup, size, first_bytes, t.steps,
               t.diff_bytes / t.steps, t.diff_max, t.svg_bytes / t.steps);
    t.errors += resent.errors;
    t.bad_base += resent.bad_base;
    t.bad_apply += resent.bad_apply;
    t.bad_new += resent.bad_new;
    t.bad_picture += resent.bad_picture;
    free(r.p);
}

int main(void)
{
    const char *path = getenv("QUARTET");
    struct engine e;
    const char *const flags[] = {"--player", "random", "--seed", "3", NULL};
    signal(SIGPIPE, SIG_IGN);   /* an engine that dies fails the checks */
    if (!path || engine_start(&e, path, flags) != 0) {
        CHECK(false, "cannot start $QUARTET");
        return check_report();
    }
    static const struct {
        const char *setup;
        int size;
    } games[] = {
        {"Othello", 8}, {"Othello", 6}, {"Yonin", 8}, {"Yonin team", 6},
        {"Separo", 9}, {"Separo", 19}, {"TorusHex", 11}, {"TorusHex", 19},
        {"TorusHex swap", 5},
    };
    struct rng rng;
    rng_seed(&rng, 11);
    bool first = true;
    struct buf pic = {0};
    buf_add(&pic, "", 0);
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        play_game(&e, games[i].setup, games[i].size, &rng, &pic, &first);
    free(pic.p);
    struct buf r = {0};
    ask(&e, &r, "quit");
    free(r.p);
    fclose(e.in);
    fclose(e.out);
    int status;
    waitpid(e.pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the engine exits cleanly");
    return check_report();
}
