/* Combining record files of one event (JSON lines, GGF) into one table. */
#include "merge.h"
#include "crosstable.h"
#include "idmap.h"
#include "ggflines.h"
#include "resume.h"
#include "records/record.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct merge {
    const char *first, *path;
    char event[128], event_id[17], game[32];
    int schedule_games, games, dups;
    struct idmap seen;        /* game numbers read (value 1) */
    struct standings st;
};

static int merge_one(const struct line_game *g, void *ctx, char *err, size_t cap)
{
    struct merge *m = ctx;
    if (!m->event_id[0]) {
        snprintf(m->event_id, sizeof m->event_id, "%s", g->event_id);
        snprintf(m->event, sizeof m->event, "%s", g->event);
        snprintf(m->game, sizeof m->game, "%s", g->game);
        m->schedule_games = g->schedule_games;
        m->first = m->path;
        m->st.g = game_find(g->game);
        if (!m->st.g) {
            snprintf(err, cap, "%s: unknown game %s", m->path, g->game);
            return -1;
        }
    }
    if (strcmp(g->event_id, m->event_id) != 0) {
        snprintf(err, cap, "%s holds games of event '%s' (id %s), but %s holds event '%s' "
                 "(id %s): files of different events cannot be merged", m->path, g->event,
                 g->event_id, m->first, m->event, m->event_id);
        return -1;
    }
    /* As a resume refuses it: the event's schedule has no such game. */
    if (g->rec.id > m->schedule_games) {
        snprintf(err, cap, "%s: game %d is beyond this schedule's %d games", m->path, g->rec.id,
                 m->schedule_games);
        return -1;
    }
    if (idmap_get(&m->seen, (uint32_t)g->rec.id)) {
        m->dups++;
        return 0;
    }
    idmap_put(&m->seen, (uint32_t)g->rec.id, 1);
    for (int s = 0; s < g->rec.nseats; s++) {
        int e = g->rec.engine[s];
        if (e >= m->st.nengines)
            m->st.nengines = e + 1;
        snprintf(m->st.name[e], sizeof m->st.name[e], "%s", g->names[s]);
    }
    standings_add(&m->st, &g->rec);
    m->games++;
    return 0;
}

/* One file's games into m, its format told by its content: JSON lines,
 * or GGF of quartet-match. Returns the number of games, or -1 with err. */
static int merge_file(const char *path, struct merge *m, char *err, size_t cap)
{
    size_t len;
    char *text = records_file_read(path, &len);
    /* A missing file has no games to resume from, but is an error here. */
    if (!text) {
        snprintf(err, cap, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    enum rec_format fmt = rec_format_of(text);
    int n;
    if (fmt == REC_GGF)
        n = ggf_lines_read(path, text, len, merge_one, m, err, cap);
    else if (fmt == REC_SGF || fmt == REC_TEXT) {
        snprintf(err, cap, "%s: %s records do not carry the event id, games scheduled and "
                 "engine indices a merge needs: merge the event's JSONL or GGF files",
                 path, fmt == REC_SGF ? "SGF" : "text");
        n = -1;
    } else /* JSON lines, and what the JSON lines' reader names as not one */
        n = jsonl_read(path, false, merge_one, m, err, cap);
    free(text);
    return n;
}

int merge_files(int nfiles, char **files, const struct sprt *sp, FILE *out)
{
    struct merge *m = calloc(1, sizeof *m);
    if (!m)
        abort();
    int rc = 0;
    char err[1024];
    for (int i = 0; i < nfiles && !rc; i++) {
        m->path = files[i];
        if (merge_file(files[i], m, err, sizeof err) < 0) {
            fprintf(stderr, "quartet-match: %s\n", err);
            rc = 2;
        }
    }
    if (!rc && !m->games) {
        fprintf(stderr, "quartet-match: no games in the files to merge\n");
        rc = 2;
    }
    if (!rc) {
        int missing = m->schedule_games - m->games;
        fprintf(out, "Merged %d games from %d files: event '%s' (id %s), %d games scheduled",
                m->games, nfiles, m->event, m->event_id, m->schedule_games);
        if (missing > 0)
            fprintf(out, ", %d missing", missing);
        if (m->dups)
            fprintf(out, ", %d duplicates ignored", m->dups);
        fputs(".\n\n", out);
        for (int e = 0; e < m->st.nengines; e++)
            if (!m->st.name[e][0])
                snprintf(m->st.name[e], sizeof m->st.name[e], "engine%d", e + 1);
        standings_print(&m->st, out, sp);
        rc = missing > 0 ? 1 : 0;
    }
    idmap_free(&m->seen);
    standings_free(&m->st);
    free(m);
    return rc;
}
