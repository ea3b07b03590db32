/* The verdict lines of verdict.h: a record's games replayed (replay.h)
 * and written in one canonical form. */
#include "records/verdict.h"
#include "records/replay.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

void rec_format_number(double v, char *out, size_t cap)
{
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(out, cap, "%.*g", prec, v);
        if (strtod(out, NULL) == v)
            return;
    }
}

/* The variants as recorded, in lower case, ',' between them. */
static void put_variants(const char *v, FILE *out)
{
    bool first = true;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", v);
    for (char *save, *w = strtok_r(buf, " ,", &save); w; w = strtok_r(NULL, " ,", &save)) {
        fputs(first ? " variants=" : ",", out);
        for (char *c = w; *c; c++)
            fputc(tolower((unsigned char)*c), out);
        first = false;
    }
}

int rec_verdict(const struct rec_game *r, int place, FILE *out)
{
    struct replay rp;
    char why[256];
    if (r->why[0]) {
        fprintf(out, "%d refused: %s\n", place, r->why);
        return -1;
    }
    if (replay_game(r, &rp, why, sizeof why) != 0) {
        fprintf(out, "%d refused: %s\n", place, why);
        return -1;
    }
    const struct game *g = rp.g;
    fprintf(out, "%d ok %s %d", place, g->name, r->size ? r->size : g->default_size);
    put_variants(r->variants, out);
    if (r->setup[0])
        fprintf(out, " start=%s/%c", r->setup, r->setup_side);
    else
        fputs(" start=standard", out);
    fputs(" moves=", out);
    for (int i = 0; i < rp.nplies; i++) {
        char t[32] = "pass";
        if (rp.moves[i] != MOVE_PASS)
            g->format_move(replay_state(&rp, i), rp.moves[i], t, sizeof t);
        fprintf(out, "%s%s", i ? "," : "", t);
    }
    fprintf(out, " result=%s", r->result);
    if (r->has_komi) {
        char k[32];
        rec_format_number(r->komi, k, sizeof k);
        fprintf(out, " komi=%s", k);
    }
    fputc('\n', out);
    replay_free(&rp);
    return 0;
}

int rec_verdicts(const char *text, size_t len, FILE *out)
{
    struct rec_file f = {0};
    char err[256];
    if (rec_parse_all(text, len, &f, err, sizeof err) != 0) {
        fprintf(out, "file refused: %s\n", err);
        return -1;
    }
    if (f.n == 0) {
        fprintf(out, "file refused: no game in the file\n");
        return -1;
    }
    int bad = 0;
    for (int i = 0; i < f.n; i++)
        bad += rec_verdict(&f.games[i], i + 1, out) != 0;
    rec_free(&f);
    return bad;
}
