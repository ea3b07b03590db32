/* A line of a game list split into year and transcript (games_line.h). */
#include "games_line.h"
#include "strict.h"

#include <string.h>

int games_line_split(char *line, long *year, char **transcript)
{
    line[strcspn(line, "\r\n")] = '\0';
    char *p = line + strspn(line, " \t");
    if (*p == '#' || *p == '\0')
        return -1;
    *year = -1;
    char *tab = strrchr(p, '\t');
    if (tab) {
        long y;
        const char *e = strict_long(p, 0, 9999, &y);
        if (e && *e == '\t')
            *year = y;
        p = tab + 1;
    }
    p += strspn(p, " ");
    char *end = p + strcspn(p, " ");
    /* A transcript is one word: more after it is no transcript. */
    *transcript = *p && !end[strspn(end, " ")] ? p : NULL;
    *end = '\0';
    return 0;
}

int games_line_year_kept(long year, long lo, long hi)
{
    return hi == 0 || (year >= lo && year <= hi);
}
