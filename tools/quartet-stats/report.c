/* quartet-stats: the report, as readable text or as one JSON object. */
#include "stats.h"

#include <stdio.h>

static double ratio(uint64_t num, uint64_t den)
{
    return den ? (double)num / (double)den : 0.0;
}

/* Population variance from the count, sum and sum of squares. */
static double variance(uint64_t n, uint64_t sum, uint64_t sq)
{
    if (!n)
        return 0.0;
    long double mean = (long double)sum / (long double)n;
    long double v = (long double)sq / (long double)n - mean * mean;
    return v > 0 ? (double)v : 0.0;
}

bool stats_has_facing(const struct stats_config *c)
{
    return c->g->num_players == 4 && !c->team;
}

static const char *seat_name(const struct stats_config *c, int s)
{
    return c->g->player_names[s][0];
}

static void print_players(const struct stats_config *c, const char *sep,
                          const char *quote)
{
    for (int s = 0; s < c->g->num_players; s++)
        printf("%s%s%s%s", s ? sep : "", quote, c->seat[s].text, quote);
}

void report_text(const struct stats_config *c, const struct stats_acc *a)
{
    const struct game *g = c->g;
    printf("%s%s%s %dx%d, %llu games, players ", g->name, c->variants[0] ? " " : "",
           c->variants, c->gopt.size, c->gopt.size, (unsigned long long)a->games);
    print_players(c, ",", "");
    printf(", seed %llu\n\n", (unsigned long long)c->seed);
    printf("moves per turn, all turns (a pass is 0)  mean %9.4f  variance %10.4f  over %llu turns\n",
           ratio(a->moves, a->turns), variance(a->turns, a->moves, a->moves_sq),
           (unsigned long long)a->turns);
    printf("moves per turn, turns with a move        mean %9.4f  variance %10.4f  over %llu turns\n",
           ratio(a->moves_wm, a->turns_wm), variance(a->turns_wm, a->moves_wm, a->moves_wm_sq),
           (unsigned long long)a->turns_wm);
    printf("game length in plies, with passes        mean %9.4f  variance %10.4f  min %llu  max %llu\n",
           ratio(a->len, a->games), variance(a->games, a->len, a->len_sq),
           (unsigned long long)(a->games ? a->len_min : 0), (unsigned long long)a->len_max);
    printf("game length in plies, without passes     mean %9.4f  variance %10.4f  min %llu  max %llu\n",
           ratio(a->lnp, a->games), variance(a->games, a->lnp, a->lnp_sq),
           (unsigned long long)(a->games ? a->lnp_min : 0), (unsigned long long)a->lnp_max);
    char label[64];
    snprintf(label, sizeof label, "first player (%s) win rate", seat_name(c, 0));
    printf("%-41s%.4f\n", label, ratio(a->wins[0], a->games));
    printf("drawn games (no outright winner)         %.4f  (%llu)\n\n",
           ratio(a->draws, a->games), (unsigned long long)a->draws);
    printf("seat    player            wins  win rate  draw rate  avg rank  avg score");
    if (stats_has_facing(c))
        printf("  rank when facing seat first (games)");
    printf("\n");
    for (int s = 0; s < g->num_players; s++) {
        printf("%-7s %-15s %6llu  %8.4f  %9.4f  %8.4f  %9.4f", seat_name(c, s),
               c->seat[s].text, (unsigned long long)a->wins[s], ratio(a->wins[s], a->games),
               ratio(a->shared[s], a->games), ratio(a->rank_sum[s], a->games),
               a->games ? (double)a->score_sum[s] / (double)a->games : 0.0);
        if (stats_has_facing(c)) {
            if (a->facing_first[s])
                printf("  %8.4f (%llu)", ratio(a->facing_rank_sum[s], a->facing_first[s]),
                       (unsigned long long)a->facing_first[s]);
            else
                printf("  -");
        }
        printf("\n");
    }
}

/* "key":{"seat":value,...} with one value per seat. */
static void json_seats_ratio(const struct stats_config *c, const char *key,
                             const uint64_t *num, const uint64_t *den, uint64_t den1)
{
    printf(",\"%s\":{", key);
    for (int s = 0; s < c->g->num_players; s++) {
        uint64_t d = den ? den[s] : den1;
        printf("%s\"%s\":", s ? "," : "", seat_name(c, s));
        if (d)
            printf("%.6f", ratio(num[s], d));
        else
            printf("null");
    }
    printf("}");
}

static void json_seats_count(const struct stats_config *c, const char *key,
                             const uint64_t *v)
{
    printf(",\"%s\":{", key);
    for (int s = 0; s < c->g->num_players; s++)
        printf("%s\"%s\":%llu", s ? "," : "", seat_name(c, s), (unsigned long long)v[s]);
    printf("}");
}

static void json_length(const char *key, uint64_t games, uint64_t sum,
                        uint64_t sq, uint64_t min, uint64_t max)
{
    printf(",\"%s_mean\":%.6f,\"%s_var\":%.6f,\"%s_min\":%llu,\"%s_max\":%llu",
           key, ratio(sum, games), key, variance(games, sum, sq),
           key, (unsigned long long)(games ? min : 0), key, (unsigned long long)max);
}

void report_json(const struct stats_config *c, const struct stats_acc *a)
{
    const struct game *g = c->g;
    printf("{\"game\":\"%s\",\"variants\":\"%s\",\"size\":%d,\"games\":%llu,\"seed\":%llu",
           g->name, c->variants, c->gopt.size, (unsigned long long)a->games,
           (unsigned long long)c->seed);
    printf(",\"players\":[");
    print_players(c, ",", "\"");
    printf("],\"seats\":[");
    for (int s = 0; s < g->num_players; s++)
        printf("%s\"%s\"", s ? "," : "", seat_name(c, s));
    printf("]");
    printf(",\"turns\":%llu,\"moves_per_turn_mean\":%.6f,\"moves_per_turn_var\":%.6f",
           (unsigned long long)a->turns, ratio(a->moves, a->turns),
           variance(a->turns, a->moves, a->moves_sq));
    printf(",\"turns_with_move\":%llu,\"moves_per_turn_with_move_mean\":%.6f"
           ",\"moves_per_turn_with_move_var\":%.6f",
           (unsigned long long)a->turns_wm, ratio(a->moves_wm, a->turns_wm),
           variance(a->turns_wm, a->moves_wm, a->moves_wm_sq));
    json_length("length_with_passes", a->games, a->len, a->len_sq, a->len_min, a->len_max);
    json_length("length_without_passes", a->games, a->lnp, a->lnp_sq, a->lnp_min, a->lnp_max);
    printf(",\"first_player\":\"%s\",\"first_player_win_rate\":%.6f", seat_name(c, 0),
           ratio(a->wins[0], a->games));
    printf(",\"draws\":%llu,\"draw_games_rate\":%.6f", (unsigned long long)a->draws,
           ratio(a->draws, a->games));
    json_seats_count(c, "wins", a->wins);
    json_seats_ratio(c, "win_rate", a->wins, NULL, a->games);
    json_seats_ratio(c, "draw_rate", a->shared, NULL, a->games);
    json_seats_ratio(c, "average_rank", a->rank_sum, NULL, a->games);
    printf(",\"score_mean\":{");
    for (int s = 0; s < g->num_players; s++)
        printf("%s\"%s\":%.6f", s ? "," : "", seat_name(c, s),
               a->games ? (double)a->score_sum[s] / (double)a->games : 0.0);
    printf("}");
    if (stats_has_facing(c)) {
        json_seats_ratio(c, "rank_when_facing_first", a->facing_rank_sum, a->facing_first, 0);
        json_seats_count(c, "facing_first_games", a->facing_first);
    }
    printf("}\n");
}
