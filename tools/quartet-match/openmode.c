/* --generate-openings and --balance-report (openmode.h). */
#include "openmode.h"
#include "balance.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* "discs" in Othello; other games count points. */
static const char *unit(const struct game *g)
{
    return strcmp(g->name, "Othello") == 0 ? "discs" : "points";
}

static void opening_line(FILE *f, const struct opening *op)
{
    if (op->valued)
        fprintf(f, "%s  # d%d %+d\n", op->text, op->depth, op->value);
    else
        fprintf(f, "%s\n", op->text);
}

static void header(FILE *f, const struct match_config *cfg, const struct opening_gen *gen,
                   const char *cmdline, const struct opening_gen_stats *st, bool stopped)
{
    const struct game *g = cfg->g;
    fprintf(f, "# %s %d%s%s openings: %d plies of random legal moves, distinct positions "
               "(mirror images counted as one),\n",
            g->name, cfg->gopt.size, cfg->variant_words[0] ? " " : "", cfg->variant_words,
            gen->plies);
    if (gen->search_depth > 0) {
        const struct player_type *pt = player_default(g);
        fprintf(f, "# kept when %s searching %d plies (%d thread%s, no book; the exact solver "
                   "when at most %d empties remain)\n"
                   "# values the position within +-%d %s for the first player (rounded).\n",
                pt ? pt->name : "?", gen->search_depth, gen->threads > 0 ? gen->threads : 1,
                gen->threads > 1 ? "s" : "", gen->search_depth, gen->margin, unit(g));
        if (gen->prefilter_depth > 0 && gen->prefilter_depth < gen->search_depth)
            fprintf(f, "# Prefilter: a %d-ply search first drops positions valued beyond "
                       "+-%d %s, so most random\n"
                       "# openings never get the deep search (it saves most of the time).\n",
                    gen->prefilter_depth, gen->margin + gen->prefilter_slack, unit(g));
        fprintf(f, "# Each line: the moves, then \"# dDEPTH VALUE\": the depth of that search "
                   "and the value in %s\n# for the first player.\n", unit(g));
    } else if (gen->playouts > 0)
        fprintf(f, "# kept when %s (%ld playouts) gives the first player %.2f..%.2f.\n",
                gen->player, gen->playouts, 0.5 - gen->tolerance, 0.5 + gen->tolerance);
    fprintf(f, "# Made with: %s\n", cmdline);
    if (st)
        fprintf(f, "# Counts: %ld random openings drawn, %ld new positions, %ld passed the "
                   "prefilter, %ld searched\n# at full depth, %ld kept%s.\n",
                st->tries, st->distinct, st->prefiltered, st->searched, st->kept,
                stopped ? " (stopped by a signal)" : "");
}

struct stream {
    FILE *f;
};

static void write_kept(void *ctx, const struct opening *op)
{
    struct stream *s = ctx;
    opening_line(s->f, op);
    fflush(s->f);
}

int openmode_generate(const struct match_config *cfg, const struct opening_gen *gen0, int count,
                      const char *output, const char *cmdline)
{
    struct opening_gen gen = *gen0;
    FILE *f = output ? fopen(output, "we") : stdout;
    if (!f) {
        fprintf(stderr, "quartet-match: cannot write %s\n", output);
        return 2;
    }
    /* The file grows line by line while the search runs (hours for a big
     * set), so a stopped run keeps what it found. */
    header(f, cfg, &gen, cmdline, NULL, false);
    fflush(f);
    struct stream s = {f};
    gen.kept = write_kept;
    gen.kept_ctx = &s;
    struct opening_list ol = {0};
    struct opening_gen_stats st;
    char err[256];
    int made = openings_generate(cfg->g, &cfg->gopt, &gen, count, &ol, &st, err, sizeof err);
    if (made < 0) {
        fprintf(stderr, "quartet-match: %s\n", err);
        if (f != stdout)
            fclose(f);
        return 2;
    }
    bool stopped = gen.stop && *gen.stop;
    int rc = 0;
    if (f != stdout) {
        /* Again, with the counts in the header. */
        if (fclose(f) != 0 || !(f = fopen(output, "we"))) {
            fprintf(stderr, "quartet-match: cannot write %s\n", output);
            openings_free(&ol);
            return 2;
        }
        header(f, cfg, &gen, cmdline, &st, stopped);
        for (int i = 0; i < ol.n; i++)
            opening_line(f, &ol.v[i]);
        if (fclose(f) != 0)
            rc = 2;
    } else
        header(f, cfg, &gen, cmdline, &st, stopped);
    if (made < count)
        fprintf(stderr, "quartet-match: only %d distinct balanced openings found\n", made);
    openings_free(&ol);
    return rc ? rc : made > 0 ? 0 : 1;
}

int openmode_report(const struct match_config *cfg, const char *path,
                    const struct balance_report_options *ro, FILE *out)
{
    const struct game *g = cfg->g;
    struct opening_list ol = {0};
    char err[512];
    if (openings_read(g, &cfg->gopt, path, &ol, err, sizeof err) != 0) {
        fprintf(stderr, "quartet-match: %s\n", err);
        return 2;
    }
    struct balance_search bs;
    if (balance_search_open(&bs, g, &cfg->gopt, ro->depth, ro->threads, ro->eval, err,
                            sizeof err) != 0) {
        fprintf(stderr, "quartet-match: %s\n", err);
        openings_free(&ol);
        return 2;
    }
    int want = ro->sample > 0 && ro->sample < ol.n ? ro->sample : ol.n;
    int n = 0, beyond4 = 0, within2 = 0, nrec = 0, failed = 0;
    double sum = 0, dsum = 0, dmax = 0;
    for (int k = 0; k < want; k++) {
        /* Evenly spread over the file: the sample is the same each time. */
        const struct opening *op = &ol.v[(long)k * ol.n / want];
        double v;
        if (balance_search_value(&bs, op, &v) != 0) {
            failed++;
            continue;
        }
        long r = lround(v);
        n++;
        sum += fabs(v);
        beyond4 += fabs(v) > 4;
        within2 += labs(r) <= 2;
        fprintf(out, "%s  # d%d %+ld", op->text, ro->depth, r);
        if (op->valued) {
            double d = fabs(v - op->value);
            nrec++;
            dsum += d;
            dmax = d > dmax ? d : dmax;
            fprintf(out, " (file: d%d %+d)", op->depth, op->value);
        }
        fputc('\n', out);
        fflush(out);
    }
    balance_search_close(&bs);
    fprintf(out, "# %s: %d of %d openings searched at depth %d (%s, no book)%s\n", path, n,
            ol.n, ro->depth, bs.pt->name, failed ? ", some without a value" : "");
    if (n > 0)
        fprintf(out, "# mean |value| %.2f %s; beyond +-4: %d (%.1f%%); within +-2: %d (%.1f%%)\n",
                sum / n, unit(g), beyond4, 100.0 * beyond4 / n, within2, 100.0 * within2 / n);
    if (nrec > 0)
        fprintf(out, "# against the values in the file (%d): mean |difference| %.2f, largest %.2f\n",
                nrec, dsum / nrec, dmax);
    fprintf(out, "# distinct positions: %d of %d (%d with mirror images as one)\n",
            openings_count_distinct(g, &cfg->gopt, &ol, false), ol.n,
            openings_count_distinct(g, &cfg->gopt, &ol, true));
    openings_free(&ol);
    return failed || n == 0 ? 1 : 0;
}
