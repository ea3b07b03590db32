/* The driver shared by the Yonin players `maxn` and `paranoid`: time,
 * iterative deepening, the exact endgame, the team game and analyze
 * reports (search_player.c). maxn.c and paranoid.c only name them. */
#ifndef QUARTET_YONIN_SEARCH_PLAYER_H
#define QUARTET_YONIN_SEARCH_PLAYER_H

#include "engine/player.h"

enum yn_kind { YN_KIND_MAXN, YN_KIND_PARANOID };

bool yn_player_supports(const struct game *g);
void *yn_player_create(const struct game *g, const struct player_options *opt,
                       enum yn_kind kind);
void yn_player_destroy(void *p);
move_t yn_player_genmove(void *p, const void *st, const struct search_limits *lim);

#endif
