/* Opening files, the random opening generator and its balance filter. */
#include "openings.h"
#include "balance.h"
#include "engine/player.h"
#include "engine/rng.h"
#include "records/strict.h"
#include "records/transcript.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void push(struct opening_list *l, const struct opening *op)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->v = realloc(l->v, (size_t)l->cap * sizeof *l->v);
        if (!l->v)
            abort();
    }
    l->v[l->n++] = *op;
}

void openings_free(struct opening_list *l)
{
    free(l->v);
    *l = (struct opening_list){0};
}

/* Plays forced passes until the player to move has a real move. */
static int play_forced_passes(const struct game *g, void *st, struct opening *op)
{
    move_t mv[GAME_MAX_MOVES];
    while (!g->is_over(st) && g->legal_moves(st, mv) == 1 && mv[0] == MOVE_PASS) {
        if (op->n >= MAX_OPENING_PLIES)
            return -1;
        g->play(st, MOVE_PASS);
        op->moves[op->n++] = MOVE_PASS;
    }
    return 0;
}

/* Appends one move's text (lower case) to op->text. */
static void text_add(struct opening *op, size_t *tl, const char *t)
{
    int w = snprintf(op->text + *tl, sizeof op->text - *tl, "%s%s", *tl ? " " : "", t);
    if (w > 0 && (size_t)w < sizeof op->text - *tl)
        *tl += (size_t)w;
}

/* Plays one move written as `tok` (lower case; "pass" for a pass). */
static int play_token(const struct game *g, void *st, struct opening *op, size_t *tl,
                      const char *tok, char *err, size_t cap)
{
    bool pass = strcmp(tok, "pass") == 0;
    move_t m = MOVE_PASS;
    if (!pass && play_forced_passes(g, st, op) != 0) {
        snprintf(err, cap, "opening too long");
        return -1;
    }
    if (!pass && g->parse_move(st, tok, &m) != 0) {
        snprintf(err, cap, "not a move: %s", tok);
        return -1;
    }
    if (g->is_over(st) || !game_is_legal(g, st, m)) {
        snprintf(err, cap, "illegal move: %s", tok);
        return -1;
    }
    if (op->n >= MAX_OPENING_PLIES) {
        snprintf(err, cap, "opening too long");
        return -1;
    }
    g->play(st, m);
    op->moves[op->n++] = m;
    text_add(op, tl, tok);
    return 0;
}

/* A word with no separators, e.g. the transcript "f5d6c3" or "f5pad6",
 * split by the reader play_sequence uses (records/transcript.h). Plays
 * its moves; -1 with a message if one is not a move. */
static int play_transcript(const struct game *g, void *st, struct opening *op, size_t *tl,
                           const char *word, char *err, size_t cap)
{
    const char *p = word, *t;
    size_t n;
    move_t m;
    enum transcript_item r;
    while ((r = transcript_next(g, st, word, &p, &m, &t, &n)) == TRANSCRIPT_MOVE) {
        char piece[64];   /* a chunk parse_move took: at most 63 bytes */
        snprintf(piece, sizeof piece, "%.*s", (int)n, t);
        if (play_token(g, st, op, tl, m == MOVE_PASS ? "pass" : piece, err, cap) != 0)
            return -1;
    }
    if (r == TRANSCRIPT_BAD) {
        if (t == word && n == strlen(word))
            snprintf(err, cap, "not a move: %s", word);
        else
            snprintf(err, cap, "not a move: %.*s in %s", (int)n, t, word);
        return -1;
    }
    return 0;
}

int opening_parse(const struct game *g, const struct game_options *o, const char *text,
                  struct opening *op, char *err, size_t cap)
{
    unsigned char *st = malloc(g->state_size);
    if (!st)
        abort();
    g->init(st, o);
    op->n = 0;
    op->valued = false;
    op->depth = op->value = 0;
    op->text[0] = '\0';
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", text);
    int rc = 0;
    size_t tl = 0;
    for (char *save, *tok = strtok_r(buf, " \t,\r\n", &save); tok && rc == 0;
         tok = strtok_r(NULL, " \t,\r\n", &save)) {
        for (char *c = tok; *c; c++)
            *c = (char)tolower((unsigned char)*c);
        move_t m;
        /* A whole word the game reads as one move is one move (any game's
         * notation); else it is a transcript of several. */
        if (!strcmp(tok, "pass") || g->parse_move(st, tok, &m) == 0)
            rc = play_token(g, st, op, &tl, tok, err, cap);
        else
            rc = play_transcript(g, st, op, &tl, tok, err, cap);
    }
    if (rc == 0 && play_forced_passes(g, st, op) != 0) {
        snprintf(err, cap, "opening too long");
        rc = -1;
    }
    if (rc == 0 && g->is_over(st)) {
        snprintf(err, cap, "the game is over after this opening");
        rc = -1;
    }
    op->key = g->hash(st);
    free(st);
    return rc;
}

/* The balance note after '#': "d18 -1" or "d18 +0" (depth, value in
 * discs with its sign), each a whole decimal in range (strict_long: no
 * wrap, no hex); anything else is a plain comment. */
static void read_note(const char *c, struct opening *op)
{
    long depth, value;
    while (*c == ' ' || *c == '\t')
        c++;
    if (*c++ != 'd')
        return;
    const char *end = strict_long(c, 1, 99, &depth);
    if (!end || (*end != ' ' && *end != '\t'))
        return;
    end += strspn(end, " \t");
    /* The value is written with its sign, "+1" or "-1". */
    if (*end == '+' && end[1] >= '0' && end[1] <= '9')
        end++;
    end = strict_long(end, -1000, 1000, &value);
    if (end && strspn(end, " \t\r\n") == strlen(end)) {
        op->valued = true;
        op->depth = (int)depth;
        op->value = (int)value;
    }
}

int openings_read(const struct game *g, const struct game_options *o, const char *path,
                  struct opening_list *l, char *err, size_t cap)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, cap, "%s: %s", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t lcap = 0;
    ssize_t len;
    int lineno = 0;
    while ((len = getline(&line, &lcap, f)) >= 0) {
        lineno++;
        /* A NUL would end the line early (f5\0d6 read as f5): refused,
         * as is a line longer than an opening can be. */
        const char *bad = memchr(line, '\0', (size_t)len) ? "a NUL byte in the line"
                        : len >= 4096 ? "a line longer than 4095 bytes" : NULL;
        if (bad) {
            snprintf(err, cap, "%s:%d: %s", path, lineno, bad);
            free(line);
            fclose(f);
            return -1;
        }
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        if (strspn(line, " \t,\r\n") == strlen(line))
            continue;
        struct opening op;
        char why[256];
        if (opening_parse(g, o, line, &op, why, sizeof why) != 0) {
            snprintf(err, cap, "%s:%d: %s", path, lineno, why);
            free(line);
            fclose(f);
            return -1;
        }
        if (hash)
            read_note(hash + 1, &op);
        push(l, &op);
    }
    free(line);
    fclose(f);
    if (l->n == 0) {
        snprintf(err, cap, "%s: no openings", path);
        return -1;
    }
    return 0;
}

struct best_seen {
    double winrate;
    bool any;
};

static void keep_report(void *ctx, const struct search_report *rep)
{
    struct best_seen *b = ctx;
    if (rep->count > 0) {
        b->winrate = rep->cand[0].winrate;
        b->any = true;
    }
}

double opening_balance(const struct game *g, const struct game_options *o,
                       const struct opening *op, const char *player, long playouts,
                       uint64_t seed)
{
    unsigned char *st = malloc(g->state_size);
    if (!st)
        abort();
    g->init(st, o);
    for (int i = 0; i < op->n; i++)
        g->play(st, op->moves[i]);
    const struct player_type *pt = player_find(player ? player : "flat-mc");
    struct player_options po;
    player_options_default(&po);
    po.threads = 1;
    po.playouts = playouts;
    po.seed = seed;
    double p = 0.5;
    void *pl = pt ? pt->create(g, &po) : NULL;
    if (pl) {
        struct best_seen b = {0};
        struct search_limits lim = {.playouts = playouts, .report = keep_report,
                                    .report_ctx = &b, .report_interval = 1e9};
        pt->genmove(pl, st, &lim);
        pt->destroy(pl);
        /* The best move's value for the mover; player 0's view of it. */
        if (b.any)
            p = g->to_move(st) == 0 ? b.winrate : 1 - b.winrate;
    }
    free(st);
    return p;
}

/* One random opening of gen->plies real moves; -1 if the game ended. */
static int random_opening(const struct game *g, const struct game_options *o, int plies,
                          struct rng *r, struct opening *op)
{
    unsigned char *st = malloc(g->state_size);
    if (!st)
        abort();
    g->init(st, o);
    op->n = 0;
    op->valued = false;
    op->depth = op->value = 0;
    size_t tl = 0;
    op->text[0] = '\0';
    move_t mv[GAME_MAX_MOVES];
    int rc = 0;
    for (int k = 0; k < plies && rc == 0; k++) {
        if (play_forced_passes(g, st, op) != 0 || g->is_over(st) || op->n >= MAX_OPENING_PLIES) {
            rc = -1;
            break;
        }
        int n = g->legal_moves(st, mv);
        move_t m = mv[rng_below(r, (uint32_t)n)];
        char t[32];
        g->format_move(st, m, t, sizeof t);
        g->play(st, m);
        op->moves[op->n++] = m;
        int w = snprintf(op->text + tl, sizeof op->text - tl, "%s%s", tl ? " " : "", t);
        if (w > 0 && (size_t)w < sizeof op->text - tl)
            tl += (size_t)w;
    }
    if (rc == 0 && (play_forced_passes(g, st, op) != 0 || g->is_over(st)))
        rc = -1;
    op->key = g->hash(st);
    free(st);
    return rc;
}

/* ---- distinct positions, symmetric images counted as one ---- */

/* A move's text in the letters-then-digits grammar ("f5") as 0-based
 * column and row; false for any other text. */
static bool coords(const char *t, int *x, int *y)
{
    if (!isalpha((unsigned char)t[0]) || !isdigit((unsigned char)t[1]))
        return false;
    char *end;
    long r = strtol(t + 1, &end, 10);
    if (*end || r < 1 || r > 99)
        return false;
    *x = tolower((unsigned char)t[0]) - 'a';
    *y = (int)r - 1;
    return true;
}

/* Symmetry k (0..7) of the square of side n: the identity, the mirrors
 * and the rotations. */
static void transform(int k, int n, int *x, int *y)
{
    int a = *x, b = *y;
    if (k & 4) {
        int t = a;
        a = b;
        b = t;
    }
    if (k & 1)
        a = n - 1 - a;
    if (k & 2)
        b = n - 1 - b;
    *x = a;
    *y = b;
}

/* m's image under symmetry k in the position st (MOVE_PASS stays),
 * MOVE_NONE when it has none. */
static move_t image(const struct game *g, const void *st, const void *img, int n, int k,
                    move_t m)
{
    if (m == MOVE_PASS)
        return MOVE_PASS;
    char t[32];
    int x, y;
    if (g->format_move(st, m, t, sizeof t) <= 0 || !coords(t, &x, &y))
        return MOVE_NONE;
    transform(k, n, &x, &y);
    snprintf(t, sizeof t, "%c%d", 'a' + x, y + 1);
    move_t out;
    return g->parse_move(img, t, &out) == 0 ? out : MOVE_NONE;
}

/* Whether the legal moves of img are exactly the images of those of st. */
static bool moves_match(const struct game *g, const void *st, const void *img, int n, int k)
{
    move_t a[GAME_MAX_MOVES];
    int na = g->legal_moves(st, a);
    move_t *b = malloc(GAME_MAX_MOVES * sizeof *b);
    if (!b)
        abort();
    int nb = g->legal_moves(img, b);
    bool same = na == nb;
    for (int i = 0; i < na && same; i++) {
        move_t m = image(g, st, img, n, k, a[i]);
        same = m != MOVE_NONE && game_is_legal(g, img, m);
    }
    free(b);
    return same;
}

uint64_t opening_sym_key(const struct game *g, const struct game_options *o,
                         const struct opening *op)
{
    uint64_t best = op->key;
    if (g->num_players != 2 || o->size > 26)
        return best;
    unsigned char *st = malloc(2 * g->state_size);
    if (!st)
        abort();
    unsigned char *img = st + g->state_size;
    /* Symmetry k counts when, replaying the images of the moves, every
     * position's legal moves are the images of the original's: so for a
     * game whose start it maps onto itself (Othello: the half-turn and
     * the two diagonal mirrors), and never for one that swaps the
     * colours of the start. Its position's hash is then a key of the
     * same position seen in a mirror. */
    for (int k = 1; k < 8; k++) {
        g->init(st, o);
        g->init(img, o);
        bool ok = true;
        for (int i = 0; i < op->n && ok; i++) {
            ok = moves_match(g, st, img, o->size, k);
            move_t m = ok ? image(g, st, img, o->size, k, op->moves[i]) : MOVE_NONE;
            ok = ok && m != MOVE_NONE;
            if (ok) {
                g->play(st, op->moves[i]);
                g->play(img, m);
            }
        }
        if (ok && moves_match(g, st, img, o->size, k)) {
            uint64_t h = g->hash(img);
            if (h < best)
                best = h;
        }
    }
    free(st);
    return best;
}

/* A set of 64-bit keys (open addressing; 0 stands for itself by a flag). */
struct keyset {
    size_t n, cap;
    uint64_t *v;
    bool zero;
};

static bool keyset_has(const struct keyset *s, uint64_t k)
{
    if (k == 0)
        return s->zero;
    if (!s->cap)
        return false;
    for (size_t i = (size_t)(k * 0x9e3779b97f4a7c15ULL) & (s->cap - 1); s->v[i];
         i = (i + 1) & (s->cap - 1))
        if (s->v[i] == k)
            return true;
    return false;
}

static void keyset_add(struct keyset *s, uint64_t k)
{
    if (k == 0) {
        s->zero = true;
        return;
    }
    if (2 * (s->n + 1) > s->cap) {
        struct keyset t = {0, s->cap ? 2 * s->cap : 1024, NULL, s->zero};
        t.v = calloc(t.cap, sizeof *t.v);
        if (!t.v)
            abort();
        for (size_t i = 0; i < s->cap; i++)
            if (s->v[i])
                keyset_add(&t, s->v[i]);
        free(s->v);
        *s = t;
    }
    size_t i = (size_t)(k * 0x9e3779b97f4a7c15ULL) & (s->cap - 1);
    while (s->v[i] && s->v[i] != k)
        i = (i + 1) & (s->cap - 1);
    if (!s->v[i])
        s->n++;
    s->v[i] = k;
}

int openings_count_distinct(const struct game *g, const struct game_options *o,
                            const struct opening_list *l, bool symmetric)
{
    struct keyset ks = {0};
    int n = 0;
    for (int i = 0; i < l->n; i++) {
        uint64_t k = symmetric ? opening_sym_key(g, o, &l->v[i]) : l->v[i].key;
        if (!keyset_has(&ks, k)) {
            keyset_add(&ks, k);
            n++;
        }
    }
    free(ks.v);
    return n;
}

/* ---- generation ---- */

/* The search's verdict on op: true to keep it; its value goes in op. */
static bool search_keeps(const struct opening_gen *gen, struct balance_search *pre,
                         struct balance_search *deep, struct opening *op,
                         struct opening_gen_stats *stats)
{
    double v;
    if (pre) {
        if (balance_search_value(pre, op, &v) != 0)
            return false;
        if (fabs(v) > gen->margin + gen->prefilter_slack)
            return false;
        stats->prefiltered++;
    }
    if (balance_search_value(deep, op, &v) != 0)
        return false;
    stats->searched++;
    long r = lround(v);
    if (labs(r) > gen->margin)
        return false;
    op->valued = true;
    op->depth = gen->search_depth;
    op->value = (int)r;
    return true;
}

int openings_generate(const struct game *g, const struct game_options *o,
                      const struct opening_gen *gen, int count, struct opening_list *l,
                      struct opening_gen_stats *stats, char *err, size_t cap)
{
    struct opening_gen_stats mine_stats = {0};
    if (!stats)
        stats = &mine_stats;
    *stats = (struct opening_gen_stats){0};
    struct balance_search deep, pre;
    bool use_pre = gen->search_depth > 0 && gen->prefilter_depth > 0
                   && gen->prefilter_depth < gen->search_depth;
    if (gen->search_depth > 0) {
        int threads = gen->threads > 0 ? gen->threads : 1;
        if (balance_search_open(&deep, g, o, gen->search_depth, threads, gen->eval, err,
                                cap) != 0)
            return -1;
        if (use_pre && balance_search_open(&pre, g, o, gen->prefilter_depth, threads,
                                           gen->eval, err, cap) != 0) {
            balance_search_close(&deep);
            return -1;
        }
    }
    struct rng r;
    rng_seed(&r, gen->seed);
    int made = 0;
    long max_tries = gen->max_tries > 0 ? gen->max_tries : 2000L * count + 10000;
    struct keyset seen = {0};
    while (made < count && stats->tries < max_tries && !(gen->stop && *gen->stop)) {
        stats->tries++;
        struct opening op;
        if (random_opening(g, o, gen->plies, &r, &op) != 0)
            continue;
        /* By position: two move orders reaching one position (or, with
         * symmetric, its mirror image) are one opening. */
        uint64_t key = gen->symmetric ? opening_sym_key(g, o, &op) : op.key;
        if (keyset_has(&seen, key))
            continue;
        keyset_add(&seen, key);
        stats->distinct++;
        if (gen->search_depth > 0) {
            if (!search_keeps(gen, use_pre ? &pre : NULL, &deep, &op, stats))
                continue;
        } else if (gen->playouts > 0) {
            double p = opening_balance(g, o, &op, gen->player, gen->playouts, rng_next(&r));
            if (p < 0.5 - gen->tolerance || p > 0.5 + gen->tolerance)
                continue;
        }
        push(l, &op);
        made++;
        stats->kept++;
        if (gen->kept)
            gen->kept(gen->kept_ctx, &op);
    }
    free(seen.v);
    if (gen->search_depth > 0) {
        balance_search_close(&deep);
        if (use_pre)
            balance_search_close(&pre);
    }
    return made;
}
