/* Multi-ProbCut parameters: the text file's strict reader and writer, the
 * lookup tables the searches read, the once-per-process shared copy, and
 * the least-squares fit quartet-train uses. Format: mpc.h. */
#include "datapath.h"
#include "mpc.h"
#include "eval.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void fail(char *err, size_t cap, const char *fmt, ...)
{
    if (!err || !cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
}

int oth_mpc_shallow_of(int depth)
{
    return 2 * (depth / 4) + (depth & 1);
}

static struct oth_mpc_cut cut_of(const struct oth_mpc_row *r, int shallow)
{
    return (struct oth_mpc_cut){shallow, (float)r->a, (float)(r->b * OTH_EVAL_UNIT),
                                (float)(r->sigma * OTH_EVAL_UNIT)};
}

/* Beyond the deepest fitted depth at some empties, a deep depth d uses the
 * deepest fitted row of d's parity with the same depth gap (shallow = d -
 * gap): a deeper shallow search predicts at least as well, so its sigma is
 * a safe bound. */
void oth_mpc_index(struct oth_mpc *m)
{
    memset(m->mid, 0, sizeof m->mid);
    memset(m->end, 0, sizeof m->end);
    for (int i = 0; i < m->nrow; i++) {
        const struct oth_mpc_row *r = &m->row[i];
        for (int e = r->lo; e <= r->hi; e++) {
            if (r->depth == OTH_MPC_END)
                m->end[e][r->shallow] = cut_of(r, r->shallow);
            else
                m->mid[e][r->depth] = cut_of(r, r->shallow);
        }
    }
    for (int e = 0; e <= 60; e++) {
        int last[2] = {0, 0}; /* deepest fitted depth of each parity */
        for (int d = 1; d <= OTH_MPC_MAX_DEPTH; d++) {
            struct oth_mpc_cut *c = &m->mid[e][d];
            if (c->shallow > 0 && d > last[d & 1]) {
                last[d & 1] = d;
                continue;
            }
            int d0 = last[d & 1];
            if (c->shallow == 0 && d0 > 0 && d0 < d) {
                *c = m->mid[e][d0];
                c->shallow = d - (d0 - c->shallow);
            }
        }
    }
}

int oth_mpc_endgame(const struct oth_mpc *m, int empties, int *shallow,
                    double *a, double *b, double *sigma)
{
    if (!m || empties < 1 || empties > 60)
        return -1;
    int target = oth_mpc_shallow_of(empties), same = 0, any = 0;
    for (int s = 1; s <= target && s < empties; s++)
        if (m->end[empties][s].shallow > 0) {
            any = s;
            if ((s & 1) == (empties & 1))
                same = s;
        }
    int pick = same ? same : any;
    if (!pick)
        return -1;
    const struct oth_mpc_cut *c = &m->end[empties][pick];
    *shallow = pick;
    *a = c->a;
    *b = c->b;
    *sigma = c->sigma;
    return 0;
}

int oth_mpc_bound_high(const struct oth_mpc_cut *c, int beta, double t)
{
    double v = ceil((beta + t * c->sigma - c->b) / c->a);
    return v > OTH_EVAL_MAX + 1 ? OTH_EVAL_MAX + 1 : (int)v;
}

int oth_mpc_bound_low(const struct oth_mpc_cut *c, int alpha, double t)
{
    double v = floor((alpha - t * c->sigma - c->b) / c->a);
    return v < -OTH_EVAL_MAX - 1 ? -OTH_EVAL_MAX - 1 : (int)v;
}

int oth_mpc_regress(const double *x, const double *y, size_t n,
                    double *a, double *b, double *sigma)
{
    if (n < 3)
        return -1;
    double mx = 0, my = 0;
    for (size_t i = 0; i < n; i++)
        mx += x[i], my += y[i];
    mx /= (double)n, my /= (double)n;
    double sxx = 0, sxy = 0;
    for (size_t i = 0; i < n; i++)
        sxx += (x[i] - mx) * (x[i] - mx), sxy += (x[i] - mx) * (y[i] - my);
    if (sxx <= 0)
        return -1;
    *a = sxy / sxx;
    *b = my - *a * mx;
    double ss = 0;
    for (size_t i = 0; i < n; i++) {
        double r = y[i] - (*a * x[i] + *b);
        ss += r * r;
    }
    *sigma = sqrt(ss / (double)(n - 2));
    return 0;
}

/* ---- the file ---- */

/* A whole-token number; false on trailing text, overflow or NaN. */
static bool number(const char *t, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(t, &end);
    return *t && !*end && errno == 0 && isfinite(*v);
}

static bool integer(const char *t, long lo, long hi, int *v)
{
    char *end;
    errno = 0;
    long x = strtol(t, &end, 10);
    if (!*t || *end || errno || x < lo || x > hi)
        return false;
    *v = (int)x;
    return true;
}

/* Parses one row's 8 fields into r; NULL or what is wrong. */
static const char *parse_row(char **f, int nf, struct oth_mpc_row *r)
{
    if (nf != 8)
        return "expected 8 fields: LO HI DEPTH SHALLOW A B SIGMA N";
    if (!integer(f[0], 0, 60, &r->lo) || !integer(f[1], 0, 60, &r->hi) || r->lo > r->hi)
        return "LO and HI must be empty-square counts 0..60 with LO <= HI";
    if (!strcmp(f[2], "end"))
        r->depth = OTH_MPC_END;
    else if (!integer(f[2], 1, OTH_MPC_MAX_DEPTH, &r->depth))
        return "DEPTH must be 1..60 or end";
    int top = r->depth == OTH_MPC_END ? r->lo : r->depth;
    if (!integer(f[3], 1, OTH_MPC_MAX_DEPTH, &r->shallow) || r->shallow >= top)
        return "SHALLOW must be 1.. and below DEPTH (below LO for end)";
    if (!number(f[4], &r->a) || r->a <= 0 || r->a > 4)
        return "A must be a number in (0, 4]";
    if (!number(f[5], &r->b) || fabs(r->b) > 64)
        return "B must be a number of discs in [-64, 64]";
    if (!number(f[6], &r->sigma) || r->sigma <= 0 || r->sigma > 64)
        return "SIGMA must be a number of discs in (0, 64]";
    if (!integer(f[7], 1, INT_MAX, &r->n))
        return "N must be a positive count";
    return NULL;
}

static bool overlaps(const struct oth_mpc_row *a, const struct oth_mpc_row *b)
{
    return a->depth == b->depth && (a->depth != OTH_MPC_END || a->shallow == b->shallow)
        && a->lo <= b->hi && b->lo <= a->hi;
}

static int parse(FILE *f, const char *path, struct oth_mpc *m, char *err, size_t cap)
{
    char line[512];
    int lineno = 0, rowline[OTH_MPC_MAX_ROWS];
    bool header = false;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (!strchr(line, '\n') && !feof(f)) {
            fail(err, cap, "%s:%d: line too long", path, lineno);
            return -1;
        }
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char *fld[10], *save = NULL;
        int nf = 0;
        for (char *t = strtok_r(line, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save))
            if (nf < 10)
                fld[nf++] = t;
            else
                nf = 11;
        if (nf == 0)
            continue;
        if (!header) {
            int v;
            if (nf != 2 || strcmp(fld[0], "quartet-mpc") || !integer(fld[1], 0, INT_MAX, &v)) {
                fail(err, cap, "%s:%d: not a Multi-ProbCut file (the first line must be "
                     "\"quartet-mpc %d\")", path, lineno, OTH_MPC_VERSION);
                return -1;
            }
            if (v != OTH_MPC_VERSION) {
                fail(err, cap, "%s:%d: version %d not supported (this engine reads %d)",
                     path, lineno, v, OTH_MPC_VERSION);
                return -1;
            }
            header = true;
            continue;
        }
        if (m->nrow == OTH_MPC_MAX_ROWS) {
            fail(err, cap, "%s:%d: more than %d rows", path, lineno, OTH_MPC_MAX_ROWS);
            return -1;
        }
        struct oth_mpc_row *r = &m->row[m->nrow];
        const char *why = parse_row(fld, nf > 10 ? 10 : nf, r);
        if (why) {
            fail(err, cap, "%s:%d: %s", path, lineno, why);
            return -1;
        }
        for (int i = 0; i < m->nrow; i++)
            if (overlaps(&m->row[i], r)) {
                fail(err, cap, "%s:%d: overlaps the row of line %d", path, lineno, rowline[i]);
                return -1;
            }
        rowline[m->nrow++] = lineno;
    }
    if (ferror(f)) {
        fail(err, cap, "%s: read error", path);
        return -1;
    }
    if (!header) {
        fail(err, cap, "%s: empty (no \"quartet-mpc %d\" line)", path, OTH_MPC_VERSION);
        return -1;
    }
    return 0;
}

struct oth_mpc *oth_mpc_load(const char *path, char *err, size_t cap)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fail(err, cap, "%s: %s", path, strerror(errno));
        return NULL;
    }
    struct oth_mpc *m = calloc(1, sizeof *m);
    if (!m)
        fail(err, cap, "out of memory");
    if (m && parse(f, path, m, err, cap) != 0) {
        free(m);
        m = NULL;
    }
    fclose(f);
    if (m)
        oth_mpc_index(m);
    return m;
}

void oth_mpc_free(struct oth_mpc *m) { free(m); }

int oth_mpc_save(const struct oth_mpc *m, const char *path, const char *comment,
                 char *err, size_t cap)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fail(err, cap, "%s: cannot write: %s", path, strerror(errno));
        return -1;
    }
    fprintf(f, "# Quartet Othello Multi-ProbCut parameters (doc/othello.md).\n"
               "# A depth-DEPTH search at LO..HI empty squares is predicted by the\n"
               "# depth-SHALLOW search as DEPTH = A * SHALLOW + B (B, SIGMA in discs),\n"
               "# SIGMA the residual standard deviation over N positions; DEPTH end:\n"
               "# the exact final margin.\n");
    if (comment && *comment)
        fprintf(f, "# %s\n", comment);
    fprintf(f, "quartet-mpc %d\n# LO HI DEPTH SHALLOW A B SIGMA N\n", OTH_MPC_VERSION);
    for (int i = 0; i < m->nrow; i++) {
        const struct oth_mpc_row *r = &m->row[i];
        char depth[16];
        if (r->depth == OTH_MPC_END)
            snprintf(depth, sizeof depth, "end");
        else
            snprintf(depth, sizeof depth, "%d", r->depth);
        fprintf(f, "%d %d %s %d %.4f %.3f %.3f %d\n", r->lo, r->hi, depth, r->shallow,
                r->a, r->b, r->sigma, r->n);
    }
    if (fclose(f) != 0) {
        fail(err, cap, "%s: cannot write: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int oth_mpc_default_path(char *buf, size_t cap)
{
    return oth_data_path("othello.mpc", buf, cap);
}

/* The process's one copy: written once under pthread_once, then only
 * read (never freed: it lives as long as the process). */
static struct oth_mpc *shared;
static pthread_once_t shared_once = PTHREAD_ONCE_INIT;

static void load_shared(void)
{
    char path[4096], err[512];
    if (oth_mpc_default_path(path, sizeof path) != 0) {
        fprintf(stderr, "alphabeta: no Multi-ProbCut parameters (othello.mpc) found; "
                        "searching without them\n");
        return;
    }
    shared = oth_mpc_load(path, err, sizeof err);
    if (!shared)
        fprintf(stderr, "alphabeta: %s; searching without Multi-ProbCut\n", err);
}

const struct oth_mpc *oth_mpc_shared(void)
{
    pthread_once(&shared_once, load_shared);
    return shared;
}
