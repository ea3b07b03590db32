/* Othello's set_position: any position from an .obf-style board text and
 * a side to move, validated completely before the state changes. */
#include "othello.h"
#include "position.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static int fail(char *err, size_t cap, const char *msg, const char *arg)
{
    snprintf(err, cap, msg, arg);
    return -1;
}

/* 0 black, 1 white, -1 neither. */
static int parse_side(const char *t)
{
    static const char *const names[2][3] = {{"x", "black", "b"}, {"o", "white", "w"}};
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < 3; i++)
            if (strcasecmp(t, names[c][i]) == 0)
                return c;
    return -1;
}

int othello_set_position(void *st, const char *board, const char *side,
                         char *err, size_t cap)
{
    size_t len = strnlen(board, 65);
    int n = len == 16 ? 4 : len == 36 ? 6 : len == 64 ? 8 : 0;
    if (!n)
        return fail(err, cap, "board must have 16, 36 or 64 squares (4x4, 6x6, 8x8)%s", "");
    int who = parse_side(side);
    if (who < 0)
        return fail(err, cap, "side must be X or O (black or white), not '%.20s'", side);
    struct othello t;
    memset(&t, 0, sizeof t);
    t.size = (uint8_t)n;
    t.board = othello_board_mask(n);
    for (int i = 0; i < n * n; i++) {
        int sq = i / n * 8 + i % n;
        char c = board[i];
        if (c == 'X' || c == 'x')
            t.disc[0] |= 1ULL << sq;
        else if (c == 'O' || c == 'o')
            t.disc[1] |= 1ULL << sq;
        else if (c != '-' && c != '.') {
            char bad[2] = {c, '\0'};
            if ((unsigned char)c < 33 || (unsigned char)c > 126)
                bad[0] = '?';
            return fail(err, cap, "bad square '%s' in the board (X, O or -)", bad);
        }
    }
    t.side = (uint8_t)who;
    othello_update_over(&t);
    memcpy(st, &t, sizeof t);
    return 0;
}
