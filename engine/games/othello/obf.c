/* Reading one .obf line (obf.h). */
#include "obf.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

int oth_parse_obf(const char *line, bb_t *P, bb_t *O, int *margin, bb_t *bestset)
{
    if (strlen(line) < 67)
        return -1;
    bb_t x = 0, o = 0;
    for (int i = 0; i < 64; i++) {
        if (line[i] == 'X')
            x |= 1ULL << i;
        else if (line[i] == 'O')
            o |= 1ULL << i;
        else if (line[i] != '-')
            return -1;
    }
    bool black = line[65] == 'X';
    *P = black ? x : o;
    *O = black ? o : x;
    const char *p = line + 66;
    *bestset = 0;
    int first = -1000;
    while ((p = strchr(p, ';')) != NULL) {
        p++;
        while (*p == ' ')
            p++;
        if (*p < 'A' || *p > 'H' || p[1] < '1' || p[1] > '8' || p[2] != ':')
            break;
        int sq = (p[1] - '1') * 8 + (p[0] - 'A'), v = atoi(p + 3);
        if (first == -1000)
            first = v;
        if (v == first)
            *bestset |= 1ULL << sq;
    }
    *margin = first;
    return first == -1000 ? -1 : 0;
}
