/* Record reader and replay check for the three record formats. */
#include "check.h"
#include "adjudicate.h"
#include "json.h"
#include "match.h"
#include "resume.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct parsed {
    int id, size, nmoves;
    char game[32], variants[64], result[32], reason[200];
    char (*moves)[16];        /* MAX_PLIES entries */
};

/* ---- JSON lines ---- */

static const char *json_field(const char *key, const char *s, void *ctx)
{
    struct parsed *p = ctx;
    if (strcmp(key, "name") == 0)
        return json_string(s, p->game, sizeof p->game);
    if (strcmp(key, "variants") == 0)
        return json_string(s, p->variants, sizeof p->variants);
    if (strcmp(key, "result") == 0)
        return json_string(s, p->result, sizeof p->result);
    if (strcmp(key, "reason") == 0)
        return json_string(s, p->reason, sizeof p->reason);
    if (strcmp(key, "game") == 0 || strcmp(key, "size") == 0) {
        char *end;
        long v = strtol(s, &end, 10);
        *(key[0] == 'g' ? &p->id : &p->size) = (int)v;
        return end == s ? NULL : end;
    }
    if (strcmp(key, "moves") == 0)
        return json_strings(s, p->moves[0], 16, MAX_PLIES, &p->nmoves);
    return json_skip(s, 0);
}

static int parse_json_line(const char *line, struct parsed *p)
{
    return json_object(line, json_field, p);
}

/* ---- the text record ---- */

static int parse_text_field(const char *line, struct parsed *p)
{
    if (strncmp(line, "Game: ", 6) == 0)
        snprintf(p->game, sizeof p->game, "%s", line + 6);
    else if (strncmp(line, "Size: ", 6) == 0)
        p->size = atoi(line + 6);
    else if (strncmp(line, "Variants: ", 10) == 0)
        snprintf(p->variants, sizeof p->variants, "%s", line + 10);
    else if (strncmp(line, "Result: ", 8) == 0)
        snprintf(p->result, sizeof p->result, "%s", line + 8);
    else if (strncmp(line, "Reason: ", 8) == 0)
        snprintf(p->reason, sizeof p->reason, "%s", line + 8);
    else if (strncmp(line, "Moves:", 6) == 0) {
        char *copy = strdup(line + 6);
        if (!copy)
            abort();
        for (char *save, *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
            if (p->nmoves >= MAX_PLIES) {
                free(copy);
                return -1;
            }
            snprintf(p->moves[p->nmoves++], 16, "%s", t);
        }
        free(copy);
    }
    return 0;
}

/* ---- SGF (our own output: one game per tree, no variations) ---- */

/* Reads one property value at s ('['); returns the position after ']'. */
static const char *sgf_value(const char *s, char *out, size_t cap)
{
    size_t k = 0;
    for (s++; *s && *s != ']'; s++) {
        if (*s == '\\' && s[1])
            s++;
        if (k + 1 < cap)
            out[k++] = *s;
    }
    out[k] = '\0';
    return *s == ']' ? s + 1 : NULL;
}

/* Parses the game tree starting at *ps ('('); advances past it. */
static int parse_sgf_game(const char **ps, struct parsed *p)
{
    const char *s = *ps + 1;
    char ident[16];
    int gm = 0;
    while (*s && *s != ')') {
        if (!isupper((unsigned char)*s)) {
            s++;
            continue;
        }
        size_t k = 0;
        for (; isupper((unsigned char)*s); s++)
            if (k < sizeof ident - 1)
                ident[k++] = *s;
        ident[k] = '\0';
        s = json_ws(s);
        while (*s == '[') {
            char val[256];
            s = sgf_value(s, val, sizeof val);
            if (!s)
                return -1;
            if (strcmp(ident, "GM") == 0)
                gm = atoi(val);
            else if (strcmp(ident, "SZ") == 0)
                p->size = atoi(val);
            else if (strcmp(ident, "RE") == 0)
                snprintf(p->result, sizeof p->result, "%s", val);
            else if (strcmp(ident, "GC") == 0)
                snprintf(p->reason, sizeof p->reason, "%s", val);
            else if (strcmp(ident, "QV") == 0)
                snprintf(p->variants, sizeof p->variants, "%s", val);
            else if (strcmp(ident, "GN") == 0 && strncmp(val, "game ", 5) == 0)
                p->id = atoi(val + 5);
            else if (strcmp(ident, "B") == 0 || strcmp(ident, "W") == 0) {
                if (p->nmoves >= MAX_PLIES)
                    return -1;
                char *m = p->moves[p->nmoves++];
                if (!val[0])
                    snprintf(m, 16, "pass");
                else if (strcmp(val, "swap-pieces") == 0)
                    snprintf(m, 16, "swap");
                else if (strlen(val) == 2)
                    snprintf(m, 16, "%c%d", val[0], val[1] - 'a' + 1);
                else
                    return -1;
            }
            s = json_ws(s);
        }
    }
    if (*s != ')')
        return -1;
    *ps = s + 1;
    snprintf(p->game, sizeof p->game, "%s", gm == 11 ? "TorusHex" : gm == 2 ? "Othello" : "?");
    return 0;
}

/* ---- replay ---- */

static bool is_fault_result(const char *r)
{
    size_t n = strlen(r);
    return n >= 2 && (r[n - 2] == '+' || r[n - 2] == '-') && strchr("FTR", r[n - 1]);
}

static uint32_t variant_flags(const struct game *g, const char *words, bool *ok)
{
    uint32_t f = 0;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", words);
    *ok = true;
    for (char *save, *t = strtok_r(buf, " ,", &save); t; t = strtok_r(NULL, " ,", &save)) {
        int i = 0;
        while (i < GAME_MAX_VARIANTS && g->variants[i].name && strcasecmp(g->variants[i].name, t))
            i++;
        if (i == GAME_MAX_VARIANTS || !g->variants[i].name)
            *ok = false;
        else
            f |= g->variants[i].flag;
    }
    return f;
}

/* An unfinished game must carry an adjudication that holds: the exact
 * solve of the last position gives the recorded result (solved again
 * here), or the move cap was reached and the game is a draw. */
static void check_adjudicated(const struct game *g, const struct game_options *o,
                              const void *st, const struct parsed *p, char *why, size_t cap)
{
    int n;
    char res[32];
    if (sscanf(p->reason, ADJ_SOLVE_REASON, &n) == 1) {
        int e = adjudicate_empties(g, o, st);
        unsigned char *fin = malloc(g->state_size);
        char err[256];
        if (!fin)
            abort();
        if (e != n)
            snprintf(why, cap, "adjudicated at %d empties, but %d are empty", n, e);
        else if (adjudicate_solve(g, st, 0, fin, err, sizeof err) != 0)
            snprintf(why, cap, "adjudication not checked: %.100s", err);
        else {
            g->format_result(fin, res, sizeof res);
            if (strcasecmp(res, p->result) != 0)
                snprintf(why, cap, "adjudicated %s recorded, the exact solve gives %s",
                         p->result, res);
        }
        free(fin);
    } else if (sscanf(p->reason, ADJ_CAP_REASON, &n) == 1) {
        if (p->nmoves < n)
            snprintf(why, cap, "move cap %d recorded after %d moves", n, p->nmoves);
        else if (strcmp(p->result, "0") != 0)
            snprintf(why, cap, "move cap reached: a draw (0), not %s", p->result);
    } else
        snprintf(why, cap, "game not over after %d moves", p->nmoves);
}

/* Replays p; writes a one-line verdict to out; returns true if it agrees. */
static bool replay(const struct parsed *p, FILE *out)
{
    const struct game *g = game_find(p->game);
    bool vok;
    char why[160] = "";
    if (!g || !g->size_ok(p->size)) {
        fprintf(out, "game %d: unknown game or size: %s %d\n", p->id, p->game, p->size);
        return false;
    }
    struct game_options o = {.size = p->size, .flags = variant_flags(g, p->variants, &vok)};
    if (!vok) {
        fprintf(out, "game %d: unknown variant: %s\n", p->id, p->variants);
        return false;
    }
    unsigned char *st = malloc(g->state_size);
    if (!st)
        abort();
    g->init(st, &o);
    uint64_t h = 1469598103934665603ULL; /* FNV-1a over the move texts */
    for (int i = 0; i < p->nmoves && !why[0]; i++) {
        move_t m;
        char low[16];
        for (int k = 0; k < 16; k++)
            low[k] = (char)tolower((unsigned char)p->moves[i][k]);
        for (const char *c = low; *c; c++)
            h = (h ^ (unsigned char)*c) * 1099511628211ULL;
        h = (h ^ ' ') * 1099511628211ULL;
        if (strcmp(low, "pass") == 0)
            m = MOVE_PASS;
        else if (g->parse_move(st, low, &m) != 0) {
            snprintf(why, sizeof why, "move %d (%s) does not parse", i + 1, low);
            break;
        }
        if (!game_is_legal(g, st, m))
            snprintf(why, sizeof why, "move %d (%s) is illegal", i + 1, low);
        else
            g->play(st, m);
    }
    char res[32] = "";
    if (!why[0]) {
        if (is_fault_result(p->result)) {
            if (g->is_over(st))
                snprintf(why, sizeof why, "forfeit %s recorded for a finished game", p->result);
        } else if (!g->is_over(st))
            check_adjudicated(g, &o, st, p, why, sizeof why);
        else {
            g->format_result(st, res, sizeof res);
            if (strcasecmp(res, p->result) != 0)
                snprintf(why, sizeof why, "result %s recorded, replay gives %s", p->result, res);
        }
    }
    fprintf(out, "game %d %s %d%s%s plies=%d moves=%016llx result=%s %s%s\n", p->id, g->name,
            p->size, p->variants[0] ? " " : "", p->variants, p->nmoves, (unsigned long long)h,
            p->result, why[0] ? "MISMATCH: " : "ok", why);
    free(st);
    return !why[0];
}

static void parsed_reset(struct parsed *p)
{
    char (*m)[16] = p->moves;
    *p = (struct parsed){.moves = m};
}

int check_records(const char *path, FILE *out)
{
    size_t len;
    char *all = records_file_read(path, &len);
    if (!all) {
        fprintf(stderr, "quartet-match: %s: %s\n", path, strerror(errno));
        return -1;
    }
    struct parsed p = {.moves = malloc(sizeof(char[16]) * MAX_PLIES)};
    if (!p.moves)
        abort();
    int games = 0, bad = 0;
    const char *s = json_ws(all);
    if (*s == '(') {
        while (*(s = json_ws(s)) == '(') {
            parsed_reset(&p);
            games++;
            if (parse_sgf_game(&s, &p) != 0) {
                fprintf(out, "game ?: SGF does not parse\n");
                bad++;
                break;
            }
            bad += !replay(&p, out);
        }
    } else {
        bool text = *s == '[';
        bool open = false;
        for (char *save, *line = strtok_r(all, "\n", &save); line;
             line = strtok_r(NULL, "\n", &save)) {
            size_t len = strlen(line);
            if (len && line[len - 1] == '\r')
                line[len - 1] = '\0';
            if (text) {
                if (strncmp(line, "[Game ", 6) == 0) {
                    if (open)
                        bad += !replay(&p, out);
                    parsed_reset(&p);
                    p.id = atoi(line + 6);
                    open = true;
                    games++;
                } else if (open && parse_text_field(line, &p) != 0) {
                    fprintf(out, "game %d: record does not parse\n", p.id);
                    bad++;
                    open = false;
                }
                continue;
            }
            if (!*json_ws(line))
                continue;
            parsed_reset(&p);
            games++;
            if (parse_json_line(line, &p) != 0) {
                fprintf(out, "line %d: JSON does not parse\n", games);
                bad++;
                continue;
            }
            bad += !replay(&p, out);
        }
        if (open)
            bad += !replay(&p, out);
    }
    fprintf(out, "%d games checked, %d disagree\n", games, bad);
    free(p.moves);
    free(all);
    return games == 0 ? -1 : bad;
}
