/* quartet-train sample (sample.h). The games are read by label-games'
 * reader (one verdict on a record line for every command), kept whole;
 * each is replayed once. As played: every position at the asked empties
 * where the side to move has a move. Deviating: per_game times, a target
 * T drawn in the empties range and a count r in the deviation range; the
 * game's position at T + r empties, then r uniformly random legal moves
 * (passes put in where forced), so the positions lie where a search
 * from the experts' positions goes, not only on the experts' line. */
#include "sample.h"
#include "label_games.h"
#include "train.h"
#include "engine/games/othello/othello.h"
#include "engine/rng.h"

#include <stdio.h>

struct counts {
    long played, skipped;   /* deviations made, and those the game could not give */
};

static int empties(const struct othello *s)
{
    return 64 - bb_popcount(s->disc[0] | s->disc[1]);
}

/* The side to move's position, after the pass when only the other side
 * can move; false when neither can. */
static bool to_move(const struct othello *s, bb_t *P, bb_t *O)
{
    bb_t a = s->disc[s->side], b = s->disc[!s->side];
    if (!bb_moves(a, b)) {
        bb_t t = a;
        a = b;
        b = t;
    }
    *P = a;
    *O = b;
    return bb_moves(a, b) != 0;
}

/* The game's positions before each ply and after the last, in at[]; n. */
static int replay(const struct sp_start *g, struct othello *at)
{
    const struct game *gm = &othello_game;
    gm->init(&at[0], &(struct game_options){.size = 8});
    int n = 0;
    for (int i = 0; i < g->n; i++) {
        at[n + 1] = at[n];
        gm->play(&at[n + 1], g->sq[i] < 0 ? MOVE_PASS : (move_t)g->sq[i]);
        n++;
    }
    return n + 1;
}

static int as_played(const struct sample_opts *o, const struct othello *at, int n,
                     struct posset *out)
{
    for (int i = 0; i < n; i++) {
        int e = empties(&at[i]);
        bb_t P = at[i].disc[at[i].side], O = at[i].disc[!at[i].side];
        /* A forced pass is the next entry, with the same empties. */
        if (e >= o->empties_min && e <= o->empties_max && !at[i].over && bb_moves(P, O)
            && pos_push(out, P, O) != 0)
            return -1;
    }
    return 0;
}

/* r random moves from P to move (O the other side); false when the game
 * ends on the way or at the end. */
static bool wander(struct rng *r, int moves, bb_t *P, bb_t *O)
{
    for (int k = 0; k <= moves; k++) {
        bb_t m = bb_moves(*P, *O);
        if (!m) {
            bb_t t = *P;
            *P = *O;
            *O = t;
            if (!(m = bb_moves(*P, *O)))
                return false;
        }
        if (k == moves)
            return true;
        int pick = (int)rng_below(r, (uint32_t)bb_popcount(m));
        while (pick--)
            m &= m - 1;
        int sq = __builtin_ctzll(m);
        bb_t f = bb_flips(*P, *O, sq);
        bb_t p = *P | f | (1ULL << sq), o = *O & ~f;
        *P = o;
        *O = p;
    }
    return true;
}

static int deviate(const struct sample_opts *o, struct rng *r, const struct othello *at, int n,
                   struct posset *out, struct counts *c)
{
    for (int k = 0; k < o->per_game; k++) {
        int T = o->empties_min + (int)rng_below(r, (uint32_t)(o->empties_max - o->empties_min + 1));
        int moves = o->dev_min + (int)rng_below(r, (uint32_t)(o->dev_max - o->dev_min + 1));
        int i = 0;
        while (i < n && !(empties(&at[i]) == T + moves && !at[i].over))
            i++;
        bb_t P, O;
        if (i == n || !to_move(&at[i], &P, &O) || !wander(r, moves, &P, &O)) {
            c->skipped++;
            continue;
        }
        if (pos_push(out, P, O) != 0)
            return -1;
        c->played++;
    }
    return 0;
}

int sample_run(const struct sample_opts *o)
{
    char err[512];
    struct lg_source src;
    /* Exact 0: each qualifying game kept to its end. */
    if (lg_source_load(o->in, 0, o->year_min, o->year_max, &src, err, sizeof err) != 0) {
        fprintf(stderr, "quartet-train: %s\n", err);
        return -1;
    }
    struct posset out = {0};
    struct counts c = {0};
    struct rng r;
    rng_seed(&r, o->seed);
    struct othello at[SP_MAX_PLIES + 1];
    int rc = 0;
    for (size_t g = 0; rc == 0 && g < src.n; g++) {
        int n = replay(&src.start[g], at);
        rc = o->dev_max ? deviate(o, &r, at, n, &out, &c) : as_played(o, at, n, &out);
    }
    if (rc != 0)
        fprintf(stderr, "quartet-train: out of memory\n");
    else if ((rc = pos_save(&out, o->out)) != 0)
        fprintf(stderr, "quartet-train: %s: cannot write\n", o->out);
    if (rc == 0) {
        printf("sample: %zu games (%ld left out: %ld illegal, %ld unfinished; %ld outside "
               "--years), %zu positions at %d-%d empties",
               src.n, src.illegal + src.cut, src.illegal, src.cut, src.other_years, out.n,
               o->empties_min, o->empties_max);
        if (o->dev_max)
            printf(", %d-%d random moves off the line (%ld drawn where the game could not "
                   "give one)", o->dev_min, o->dev_max, c.skipped);
        printf("\n");
    }
    pos_free(&out);
    lg_source_free(&src);
    return rc;
}
