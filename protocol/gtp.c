/* GTP version 2 framing. Everything here treats input as untrusted bytes:
 * lines are bounded, control bytes are dropped before parsing, and nothing
 * but printable ASCII is ever written back. */
#include "protocol/gtp.h"

#include <string.h>

enum gtp_read gtp_read_line(FILE *in, char *buf, size_t cap, size_t *len)
{
    size_t n = 0;
    bool any = false, too_long = false;
    int c;
    while ((c = getc(in)) != EOF) {
        any = true;
        if (c == '\n')
            break;
        if (n + 1 < cap)
            buf[n++] = (char)c;
        else
            too_long = true;   /* keep consuming: the next line must parse */
    }
    buf[n] = '\0';
    *len = n;
    if (!any)
        return GTP_EOF;
    return too_long ? GTP_TOO_LONG : GTP_LINE;
}

size_t gtp_preprocess(char *buf, size_t len)
{
    size_t out = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)buf[i];
        if (c == '#')
            break;
        if (c == '\t')
            buf[out++] = ' ';
        else if (c >= 32 && c != 127)
            buf[out++] = (char)c;   /* bytes >= 128 stay: they fail later */
    }
    buf[out] = '\0';
    return out;
}

static bool all_digits(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

/* Next space-separated word, NUL-terminated in place; NULL at the end. */
static char *next_word(char **p)
{
    char *s = *p;
    while (*s == ' ')
        s++;
    if (!*s) {
        *p = s;
        return NULL;
    }
    char *w = s;
    while (*s && *s != ' ')
        s++;
    if (*s)
        *s++ = '\0';
    *p = s;
    return w;
}

enum gtp_parse gtp_parse(char *line, struct gtp_command *cmd)
{
    memset(cmd, 0, sizeof *cmd);
    char *p = line;
    char *w = next_word(&p);
    if (!w)
        return GTP_BLANK;
    if (all_digits(w)) {
        if (strlen(w) > GTP_MAX_ID)
            return GTP_BAD_ID;
        cmd->has_id = true;
        strcpy(cmd->id, w);
        w = next_word(&p);
        if (!w)
            return GTP_NO_COMMAND;
    }
    cmd->name = w;
    while ((w = next_word(&p)) != NULL) {
        if (cmd->argc < GTP_MAX_ARGS)
            cmd->argv[cmd->argc] = w;
        cmd->argc++;
    }
    return GTP_COMMAND;
}

void gtp_respond(FILE *out, const struct gtp_command *cmd, bool ok,
                 const char *text)
{
    fputc(ok ? '=' : '?', out);
    if (cmd && cmd->has_id)
        fputs(cmd->id, out);
    if (!text)
        text = "";
    size_t n = strlen(text);
    while (n > 0 && text[n - 1] == '\n')
        n--;   /* the response's own terminator follows */
    if (n > 0 && text[0] != '\n')
        fputc(' ', out);
    bool at_line_start = false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\n') {
            if (!at_line_start)   /* an empty line would end the response */
                fputc('\n', out);
            at_line_start = true;
            continue;
        }
        fputc(c >= 32 && c < 127 ? c : '?', out);
        at_line_start = false;
    }
    fputs("\n\n", out);
    fflush(out);
}
