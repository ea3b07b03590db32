/* Reader of the engine file: INI-like sections, one per engine. */
#include "enginefile.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct reader {
    const char *path;
    int ln, header;           /* current line; line of the current [NAME] */
    int first;                /* index of the file's first engine */
    struct match_config *cfg;
    struct engine_spec *e;    /* the current section's engine */
    char *err;
    size_t cap;
};

/* Writes "FILE:LINE: message" to the error; returns -1. */
static int fail(struct reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(struct reader *r, const char *fmt, ...)
{
    int n = snprintf(r->err, r->cap, "%s:%d: ", r->path, r->ln);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < r->cap)
        vsnprintf(r->err + n, r->cap - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

static int put(struct reader *r, char *dst, size_t dcap, const char *v, const char *what)
{
    if (strlen(v) >= dcap)
        return fail(r, "%s too long (at most %zu characters)", what, dcap - 1);
    snprintf(dst, dcap, "%s", v);
    return 0;
}

/* A section without cmd is an error reported at its header line. */
static int finish(struct reader *r)
{
    if (r->e && !r->e->cmd[0]) {
        r->ln = r->header;
        return fail(r, "engine [%s] has no cmd = COMMAND line", r->e->name);
    }
    return 0;
}

/* "[NAME]": ends the previous engine and starts one. */
static int section(struct reader *r, char *s)
{
    char *close = strchr(s, ']');
    if (!close || *trim(close + 1))
        return fail(r, "a section header is [NAME] alone on its line");
    *close = '\0';
    char *name = trim(s + 1);
    if (!*name)
        return fail(r, "empty engine name");
    if (finish(r) != 0)
        return -1;
    struct match_config *cfg = r->cfg;
    for (int i = r->first; i < cfg->nengines; i++)
        if (strcmp(cfg->eng[i].name, name) == 0)
            return fail(r, "engine [%s] given twice", name);
    if (cfg->nengines >= MAX_ENGINES)
        return fail(r, "too many engines (at most %d)", MAX_ENGINES);
    r->e = &cfg->eng[cfg->nengines++];
    memset(r->e, 0, sizeof *r->e);
    r->header = r->ln;
    return put(r, r->e->name, sizeof r->e->name, name, "engine name");
}

/* "KEY = VALUE" inside a section. */
static int key_value(struct reader *r, char *s)
{
    char *eq = strchr(s, '=');
    if (!eq)
        return fail(r, "expected [NAME] or KEY = VALUE, got: %.60s", s);
    *eq = '\0';
    char *key = trim(s), *val = trim(eq + 1);
    struct engine_spec *e = r->e;
    if (!e)
        return fail(r, "%s before the first [NAME] section", key);
    if (!*val)
        return fail(r, "empty value for %s", key);
    if (strcmp(key, "cmd") == 0) {
        if (e->cmd[0])
            return fail(r, "[%s] has cmd twice", e->name);
        return put(r, e->cmd, sizeof e->cmd, val, "cmd");
    }
    if (strcmp(key, "dir") == 0) {
        if (e->dir[0])
            return fail(r, "[%s] has dir twice", e->name);
        return put(r, e->dir, sizeof e->dir, val, "dir");
    }
    if (strcmp(key, "init") == 0) {
        if (e->ninit >= MAX_INIT_CMDS)
            return fail(r, "too many init commands (at most %d)", MAX_INIT_CMDS);
        return put(r, e->init[e->ninit++], sizeof e->init[0], val, "init command");
    }
    return fail(r, "unknown key '%.40s' (cmd, dir or init)", key);
}

int enginefile_read(const char *path, struct match_config *cfg, char *err, size_t cap)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, cap, "%s: %s", path, strerror(errno));
        return -1;
    }
    struct reader r = {.path = path, .first = cfg->nengines, .cfg = cfg, .err = err, .cap = cap};
    char buf[2048];
    int rc = 0;
    while (rc == 0 && fgets(buf, sizeof buf, f)) {
        r.ln++;
        if (!strchr(buf, '\n') && !feof(f)) {
            rc = fail(&r, "line too long");
            break;
        }
        char *s = trim(buf);
        if (*s && *s != '#' && *s != ';')
            rc = *s == '[' ? section(&r, s) : key_value(&r, s);
    }
    fclose(f);
    if (rc == 0)
        rc = finish(&r);
    if (rc == 0 && cfg->nengines == r.first) {
        snprintf(err, cap, "%s: no [NAME] section: no engine", path);
        rc = -1;
    }
    return rc;
}
