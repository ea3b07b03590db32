/* Resume: the text, SGF and GGF records made to hold every game of the JSONL. */
#include "repair.h"
#include "records/atomic.h"
#include "records.h"
#include "resume.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Marks the games of a text record in present (ids 1..total) and returns
 * the length of its whole records: a record ends with its blank line,
 * and values are escaped, so no blank line is inside one. */
static size_t text_scan(const char *b, size_t len, bool *present, int total)
{
    size_t whole = 0;
    long id = 0;
    for (const char *line = b, *nl; line < b + len; line = nl + 1) {
        nl = memchr(line, '\n', (size_t)(b + len - line));
        if (!nl)
            break;
        if (nl == line) {
            if (id > 0 && id <= total)
                present[id - 1] = true;
            id = 0;
            whole = (size_t)(nl + 1 - b);
        } else if (strncmp(line, "[Game ", 6) == 0)
            id = strtol(line + 6, NULL, 10);
    }
    return whole;
}

/* Marks the games of SGF text (GN[game N]) and returns the length of its
 * whole game trees (with the newline after each): values are skipped
 * with their escapes, so a ')' or ']' inside one counts for nothing. */
static size_t sgf_scan(const char *b, size_t len, bool *present, int total)
{
    size_t whole = 0;
    int depth = 0;
    long id = 0;
    char ident[8] = "";
    size_t il = 0;
    bool in_ident = false;
    for (size_t i = 0; i < len; i++) {
        char c = b[i];
        if (c == '[') {
            size_t j = i + 1;
            while (j < len && b[j] != ']')
                j += b[j] == '\\' ? 2 : 1;
            if (j >= len)
                break; /* cut inside a value */
            if (strcmp(ident, "GN") == 0 && j - i > 6 && strncmp(b + i + 1, "game ", 5) == 0)
                id = strtol(b + i + 6, NULL, 10);
            i = j;
            in_ident = false;
            continue;
        }
        if (isupper((unsigned char)c)) {
            if (!in_ident)
                il = 0;
            if (il + 1 < sizeof ident)
                ident[il++] = c;
            ident[il] = '\0';
            in_ident = true;
            continue;
        }
        in_ident = false;
        if (c == '(')
            depth++;
        else if (c == ')' && depth > 0 && --depth == 0) {
            if (id > 0 && id <= total)
                present[id - 1] = true;
            id = 0;
            whole = i + 1 < len && b[i + 1] == '\n' ? i + 2 : i + 1;
        }
    }
    return whole;
}

/* Marks the games of a GGF record (one game a line, GN[N] its number)
 * and returns the length of its whole lines: a game is whole with its
 * ";)" and newline (values escape ']' and have no newline). */
static size_t ggf_scan(const char *b, size_t len, bool *present, int total)
{
    size_t whole = 0;
    for (const char *line = b, *nl; line < b + len; line = nl + 1) {
        nl = memchr(line, '\n', (size_t)(b + len - line));
        if (!nl)
            break;
        size_t n = (size_t)(nl - line);
        if (n < 2 || line[n - 2] != ';' || line[n - 1] != ')')
            break;
        /* Values are skipped whole: "GN[" inside a name counts for nothing. */
        const char *gn = NULL;
        for (size_t i = 0; i < n; i++) {
            if (line[i] != '[')
                continue;
            if (i >= 2 && !memcmp(line + i - 2, "GN", 2) && (i == 2 || !isupper((unsigned char)line[i - 3])))
                gn = line + i + 1;
            while (i < n && line[i] != ']')
                i += line[i] == '\\' ? 2 : 1;
        }
        long id = gn ? strtol(gn, NULL, 10) : 0;
        if (id > 0 && id <= total)
            present[id - 1] = true;
        whole = (size_t)(nl + 1 - b);
    }
    return whole;
}

enum rec_kind { KIND_TEXT, KIND_SGF, KIND_GGF };

/* Reads path, marks its whole records, and starts its new text (kept
 * whole or not at all, records/atomic.h) with them: a record cut off at
 * its end is dropped. A missing file has none. Returns 0, or -1 with err. */
static int scan_file(const char *path, enum rec_kind kind, bool *present, int total,
                     struct atomic_file *out, char *err, size_t cap)
{
    size_t len = 0, whole = 0;
    char *b = records_file_read(path, &len);
    if (!b && errno != ENOENT) {
        snprintf(err, cap, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (b)
        whole = kind == KIND_SGF   ? sgf_scan(b, len, present, total)
                : kind == KIND_GGF ? ggf_scan(b, len, present, total)
                                   : text_scan(b, len, present, total);
    int rc = atomic_open(out, path, b, whole, err, cap);
    free(b);
    if (rc == 0 && whole < len)
        fprintf(stderr, "quartet-match: %s: a record cut off by a crash (%zu bytes) dropped\n",
                path, len - whole);
    return rc;
}

/* Marks game id in present when its file in an --sgf directory holds
 * its whole tree (a file cut off by a crash does not). */
static void sgf_dir_scan(const char *dir, int id, bool *present, int total)
{
    char path[4096];
    sgf_game_path(path, sizeof path, dir, id);
    size_t len;
    char *b = records_file_read(path, &len);
    if (b)
        sgf_scan(b, len, present, total);
    free(b);
}

struct repair {
    struct match_config *cfg;   /* a copy: the names are the JSON line's */
    bool *in_text, *in_sgf, *in_ggf; /* per game: already there (or written now) */
    FILE *text, *sgf_file, *ggf_file;
    const char *records, *sgf, *sgf_dir, *ggf; /* paths, for messages */
    struct game_record *rec;
    int written;
};

/* rec (id, seats, result, ...) with the moves of g's move texts. */
static int line_record(const struct match_config *cfg, const struct line_game *g,
                       struct game_record *rec, char *err, size_t cap)
{
    const struct game *gm = cfg->g;
    *rec = g->rec;
    rec->nplies = 0;
    unsigned char *st = malloc(gm->state_size);
    if (!st)
        abort();
    gm->init(st, &cfg->gopt);
    int rc = 0;
    for (int i = 0; i < g->nmoves && rc == 0; i++) {
        move_t m = MOVE_PASS;
        if (strcmp(g->moves[i], "pass") != 0 &&
            (gm->parse_move(st, g->moves[i], &m) != 0 || !game_is_legal(gm, st, m))) {
            snprintf(err, cap, "game %d: move %d (%s) does not replay", rec->id, i + 1,
                     g->moves[i]);
            rc = -1;
        } else {
            gm->play(st, m);
            rec->moves[rec->nplies++] = m;
        }
    }
    free(st);
    return rc;
}

static int cannot_write(const char *path, char *err, size_t cap)
{
    snprintf(err, cap, "cannot write %s: %s", path, strerror(errno));
    return -1;
}

static int repair_one(const struct line_game *g, void *ctx, char *err, size_t cap)
{
    struct repair *r = ctx;
    int k = g->rec.id - 1;
    if (k >= r->cfg->schedule_games)
        return 0; /* resume has refused such a file already */
    if (r->sgf_dir)
        sgf_dir_scan(r->sgf_dir, g->rec.id, r->in_sgf, r->cfg->schedule_games);
    bool text = r->text && !r->in_text[k];
    bool sgf = (r->sgf_file || r->sgf_dir) && !r->in_sgf[k];
    bool ggf = r->ggf_file && !r->in_ggf[k];
    if (!text && !sgf && !ggf)
        return 0;
    if (line_record(r->cfg, g, r->rec, err, cap) != 0)
        return -1;
    for (int s = 0; s < g->rec.nseats; s++)
        snprintf(r->cfg->eng[g->rec.engine[s]].name, sizeof r->cfg->eng[0].name, "%s",
                 g->names[s]);
    if (text) {
        if (write_text_record(r->text, r->cfg, r->rec) != 0)
            return cannot_write(r->records, err, cap);
        r->in_text[k] = true;
        r->written++;
    }
    if (sgf && r->sgf_file) {
        if (write_sgf(r->sgf_file, r->cfg, r->rec) != 0)
            return cannot_write(r->sgf, err, cap);
    } else if (sgf) {
        char path[4096];
        sgf_game_path(path, sizeof path, r->sgf_dir, g->rec.id);
        struct atomic_file f;
        if (atomic_open(&f, path, NULL, 0, err, cap) != 0)
            return -1;
        if (write_sgf(f.f, r->cfg, r->rec) != 0) {
            atomic_abort(&f);
            return cannot_write(path, err, cap);
        }
        if (atomic_commit(&f, err, cap) != 0)
            return -1;
    }
    if (sgf) {
        r->in_sgf[k] = true;
        r->written++;
    }
    if (ggf) {
        if (write_ggf(r->ggf_file, r->cfg, r->rec) != 0)
            return cannot_write(r->ggf, err, cap);
        r->in_ggf[k] = true;
        r->written++;
    }
    /* "the text record, SGF and GGF": the files written, in that order. */
    const char *name[3] = {"", "", ""};
    int n = 0;
    if (text)
        name[n++] = "text record";
    if (sgf)
        name[n++] = "SGF";
    if (ggf)
        name[n++] = "GGF";
    fprintf(stderr, "quartet-match: game %d written to the %s%s%s%s%s from its JSON line\n",
            g->rec.id, name[0], n > 1 ? (n > 2 ? ", " : " and ") : "", n > 1 ? name[1] : "",
            n > 2 ? " and " : "", n > 2 ? name[2] : "");
    return 0;
}

int records_repair(const struct match_config *cfg, const char *jsonl, const char *records,
                   const char *sgf, const char *ggf, char *err, size_t cap)
{
    if (!jsonl || (!records && !sgf && !ggf))
        return 0;
    int total = cfg->schedule_games;
    if (total < 1)
        return 0;
    struct repair r = {.in_text = calloc((size_t)total, sizeof(bool)),
                       .in_sgf = calloc((size_t)total, sizeof(bool)),
                       .in_ggf = calloc((size_t)total, sizeof(bool)),
                       .cfg = malloc(sizeof *cfg), .rec = malloc(sizeof *r.rec)};
    if (!r.in_text || !r.in_sgf || !r.in_ggf || !r.cfg || !r.rec)
        abort();
    *r.cfg = *cfg;
    r.records = records;
    r.sgf = sgf;
    r.ggf = ggf;
    bool sgf_file = sgf && sgf_path_is_file(sgf);
    int rc = 0;
    /* Each file is rewritten whole beside itself and put in place only
     * when every game has been written: a failure leaves them as they
     * were, nothing half-written. */
    struct atomic_file text_f = {0}, sgf_f = {0}, ggf_f = {0};
    if (records && scan_file(records, KIND_TEXT, r.in_text, total, &text_f, err, cap) != 0)
        rc = -1;
    if (rc == 0 && sgf_file && scan_file(sgf, KIND_SGF, r.in_sgf, total, &sgf_f, err, cap) != 0)
        rc = -1;
    if (rc == 0 && ggf && scan_file(ggf, KIND_GGF, r.in_ggf, total, &ggf_f, err, cap) != 0)
        rc = -1;
    r.text = text_f.f;
    r.sgf_file = sgf_f.f;
    r.ggf_file = ggf_f.f;
    r.sgf_dir = sgf && !sgf_file ? sgf : NULL;
    if (rc == 0 && jsonl_read(jsonl, false, repair_one, &r, err, cap) < 0)
        rc = -1;
    struct atomic_file *files[3] = {&text_f, &sgf_f, &ggf_f};
    for (int i = 0; i < 3; i++) {
        if (!files[i]->f)
            continue;
        if (rc == 0)
            rc = atomic_commit(files[i], err, cap);
        else
            atomic_abort(files[i]);
    }
    free(r.in_ggf);
    free(r.in_text);
    free(r.in_sgf);
    free(r.cfg);
    free(r.rec);
    return rc ? -1 : r.written;
}
