/* quartet-match's games as records: the moves as text, and each game as
 * a rec_match for the records library's writers (records/match.h). */
#include "records.h"
#include "records/match.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

void record_move_texts(const struct match_config *cfg, const struct game_record *rec,
                       char (*text)[16])
{
    const struct game *g = cfg->g;
    unsigned char *st = malloc(g->state_size);
    if (!st)
        abort();
    g->init(st, &cfg->gopt);
    for (int i = 0; i < rec->nplies; i++) {
        if (rec->moves[i] == MOVE_PASS)
            snprintf(text[i], 16, "pass");
        else
            g->format_move(st, rec->moves[i], text[i], 16);
        g->play(st, rec->moves[i]);
    }
    free(st);
}

bool is_othello(const struct game *g)
{
    return rec_match_ggf_game(g->name);
}

/* The rec_match of rec (records/match.h): what every format is written
 * from. */
static struct rec_match *match_of(const struct match_config *cfg, const struct opening_list *ol,
                                  const struct game_record *rec)
{
    struct rec_match *m = calloc(1, sizeof *m);
    char (*mv)[16] = malloc(sizeof(char[16]) * (size_t)(rec->nplies + 1));
    if (!m || !mv)
        abort();
    record_move_texts(cfg, rec, mv);
    m->id = rec->id;
    snprintf(m->game, sizeof m->game, "%s", cfg->g->name);
    m->size = cfg->gopt.size;
    snprintf(m->variants, sizeof m->variants, "%s", cfg->variant_words);
    m->nseats = rec->nseats;
    for (int s = 0; s < rec->nseats; s++) {
        snprintf(m->seats[s], sizeof m->seats[s], "%s", seat_name(cfg->g, s));
        snprintf(m->engines[s], sizeof m->engines[s], "%s", cfg->eng[rec->engine[s]].name);
        m->engine_index[s] = rec->engine[s];
        m->scores[s] = rec->scores[s];
        m->points[s] = rec->points[s];
        m->ranks[s] = rec->rank[s];
        m->times[s] = rec->time[s];
        m->genmoves[s] = rec->genmoves[s];
    }
    snprintf(m->opening, sizeof m->opening, "%s",
             rec->opening >= 0 && ol ? ol->v[rec->opening].text : "");
    m->opening_index = rec->opening;
    m->opening_plies = rec->opening_plies;
    m->nmoves = rec->nplies;
    for (int i = 0; i < rec->nplies; i++) {
        memcpy(m->moves[i], mv[i], sizeof m->moves[i]);
        m->move_time[i] = rec->move_time[i];
    }
    snprintf(m->result, sizeof m->result, "%s", rec->result);
    snprintf(m->reason, sizeof m->reason, "%s", rec->reason);
    if (rec->forfeit >= 0)
        snprintf(m->forfeit, sizeof m->forfeit, "%s", seat_name(cfg->g, rec->forfeit));
    snprintf(m->disagreement, sizeof m->disagreement, "%s", rec->disagree);
    snprintf(m->event, sizeof m->event, "%s", cfg->event);
    snprintf(m->event_id, sizeof m->event_id, "%s", cfg->event_id);
    snprintf(m->date, sizeof m->date, "%s", rec->date);
    snprintf(m->time_control, sizeof m->time_control, "%s", cfg->tc_text);
    const struct time_control *tc = &cfg->tc;
    m->clock = (struct rec_clock){.mode = tc->mode == TC_GAME   ? REC_CLOCK_GAME
                                          : tc->mode == TC_MOVE ? REC_CLOCK_MOVE
                                                                : REC_CLOCK_NONE,
                                  .move = tc->move, .base = tc->base, .inc = tc->inc,
                                  .timeout = tc->timeout};
    m->schedule_games = cfg->schedule_games;
    free(mv);
    return m;
}

static int write_as(FILE *f, const struct match_config *cfg, const struct opening_list *ol,
                    const struct game_record *rec, enum rec_format fmt)
{
    struct rec_match *m = match_of(cfg, ol, rec);
    int rc = rec_match_write(m, fmt, f);
    free(m);
    return rc;
}

int write_jsonl(FILE *f, const struct match_config *cfg, const struct opening_list *ol,
                const struct game_record *rec)
{
    return write_as(f, cfg, ol, rec, REC_JSONL);
}

int write_text_record(FILE *f, const struct match_config *cfg, const struct game_record *rec)
{
    return write_as(f, cfg, NULL, rec, REC_TEXT);
}

int write_sgf(FILE *f, const struct match_config *cfg, const struct game_record *rec)
{
    return write_as(f, cfg, NULL, rec, REC_SGF);
}

int write_ggf(FILE *f, const struct match_config *cfg, const struct game_record *rec)
{
    return write_as(f, cfg, NULL, rec, REC_GGF);
}

bool sgf_supported(const struct game *g)
{
    return rec_match_sgf_game(g->name);
}

bool sgf_path_is_file(const char *path)
{
    size_t n = strlen(path);
    return n > 4 && strcasecmp(path + n - 4, ".sgf") == 0;
}

void sgf_game_path(char *out, size_t cap, const char *dir, int id)
{
    snprintf(out, cap, "%s/game-%04d.sgf", dir, id);
}
