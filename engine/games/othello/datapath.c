/* Finding Othello's shipped data files next to the binary (datapath.h). */
#include "datapath.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int oth_data_path(const char *name, char *buf, size_t cap)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return -1;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return -1;
    *slash = '\0';
    static const char *const rel[] = {"/../share/quartet/", "/../data/", "/../../../data/"};
    for (size_t i = 0; i < sizeof rel / sizeof *rel; i++) {
        int len = snprintf(buf, cap, "%s%s%s", exe, rel[i], name);
        if (len > 0 && (size_t)len < cap && access(buf, R_OK) == 0)
            return 0;
    }
    return -1;
}
