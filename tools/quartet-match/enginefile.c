/* Reader of the engine file: INI-like sections, one per engine. */
#include "enginefile.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* Copies v into dst (cap bytes) or reports that it is too long. */
static int put(char *dst, size_t dcap, const char *v, const char *what, const char *path,
               int ln, char *err, size_t cap)
{
    if (strlen(v) >= dcap) {
        snprintf(err, cap, "%s:%d: %s too long (at most %zu characters)", path, ln, what,
                 dcap - 1);
        return -1;
    }
    snprintf(dst, dcap, "%s", v);
    return 0;
}

/* A section without cmd is an error reported at its header line. */
static int finish(const struct engine_spec *e, int header_line, const char *path, char *err,
                  size_t cap)
{
    if (e && !e->cmd[0]) {
        snprintf(err, cap, "%s:%d: engine [%s] has no cmd = COMMAND line", path, header_line,
                 e->name);
        return -1;
    }
    return 0;
}

int enginefile_read(const char *path, struct match_config *cfg, char *err, size_t cap)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, cap, "%s: %s", path, strerror(errno));
        return -1;
    }
    char buf[2048];
    int ln = 0, header = 0, rc = -1, first = cfg->nengines;
    struct engine_spec *e = NULL;
    while (fgets(buf, sizeof buf, f)) {
        ln++;
        if (!strchr(buf, '\n') && !feof(f)) {
            snprintf(err, cap, "%s:%d: line too long", path, ln);
            goto out;
        }
        char *s = trim(buf);
        if (!*s || *s == '#' || *s == ';')
            continue;
        if (*s == '[') {
            char *close = strchr(s, ']');
            if (!close || *trim(close + 1)) {
                snprintf(err, cap, "%s:%d: a section header is [NAME] alone on its line", path,
                         ln);
                goto out;
            }
            *close = '\0';
            char *name = trim(s + 1);
            if (!*name) {
                snprintf(err, cap, "%s:%d: empty engine name", path, ln);
                goto out;
            }
            if (finish(e, header, path, err, cap) != 0)
                goto out;
            for (int i = first; i < cfg->nengines; i++)
                if (strcmp(cfg->eng[i].name, name) == 0) {
                    snprintf(err, cap, "%s:%d: engine [%s] given twice", path, ln, name);
                    goto out;
                }
            if (cfg->nengines >= MAX_ENGINES) {
                snprintf(err, cap, "%s:%d: too many engines (at most %d)", path, ln,
                         MAX_ENGINES);
                goto out;
            }
            e = &cfg->eng[cfg->nengines++];
            memset(e, 0, sizeof *e);
            header = ln;
            if (put(e->name, sizeof e->name, name, "engine name", path, ln, err, cap) != 0)
                goto out;
            continue;
        }
        char *eq = strchr(s, '=');
        if (!eq) {
            snprintf(err, cap, "%s:%d: expected [NAME] or KEY = VALUE, got: %.60s", path, ln, s);
            goto out;
        }
        *eq = '\0';
        char *key = trim(s), *val = trim(eq + 1);
        if (!e) {
            snprintf(err, cap, "%s:%d: %s before the first [NAME] section", path, ln, key);
            goto out;
        }
        if (!*val) {
            snprintf(err, cap, "%s:%d: empty value for %s", path, ln, key);
            goto out;
        }
        int r;
        if (strcmp(key, "cmd") == 0) {
            if (e->cmd[0]) {
                snprintf(err, cap, "%s:%d: [%s] has cmd twice", path, ln, e->name);
                goto out;
            }
            r = put(e->cmd, sizeof e->cmd, val, "cmd", path, ln, err, cap);
        } else if (strcmp(key, "dir") == 0) {
            if (e->dir[0]) {
                snprintf(err, cap, "%s:%d: [%s] has dir twice", path, ln, e->name);
                goto out;
            }
            r = put(e->dir, sizeof e->dir, val, "dir", path, ln, err, cap);
        } else if (strcmp(key, "init") == 0) {
            if (e->ninit >= MAX_INIT_CMDS) {
                snprintf(err, cap, "%s:%d: too many init commands (at most %d)", path, ln,
                         MAX_INIT_CMDS);
                goto out;
            }
            r = put(e->init[e->ninit++], sizeof e->init[0], val, "init command", path, ln, err,
                    cap);
        } else {
            snprintf(err, cap, "%s:%d: unknown key '%.40s' (cmd, dir or init)", path, ln, key);
            goto out;
        }
        if (r != 0)
            goto out;
    }
    if (finish(e, header, path, err, cap) != 0)
        goto out;
    if (cfg->nengines == first) {
        snprintf(err, cap, "%s: no [NAME] section: no engine", path);
        goto out;
    }
    rc = 0;
out:
    fclose(f);
    return rc;
}
