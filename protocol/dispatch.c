/* One input line in, its response out (see dispatch.h). */
#include "protocol/dispatch.h"

#include "protocol/analyze.h"
#include "protocol/commands.h"
#include "protocol/gtp.h"

void dispatch_run(struct session *s, char *line, size_t len, struct text *out,
                  struct dispatch *d)
{
    gtp_preprocess(line, len);
    d->parsed = gtp_parse(line, &d->cmd);
    d->ok = d->parsed == GTP_COMMAND
         && command_run(s, d->cmd.name, d->cmd.argc, d->cmd.argv, out);
}

void dispatch_answer(struct session *s, struct dispatch *d, struct text *out, FILE *resp)
{
    switch (d->parsed) {
    case GTP_BLANK:
        return;
    case GTP_NO_COMMAND:
        gtp_respond(resp, &d->cmd, false, "syntax error: missing command");
        return;
    case GTP_BAD_ID:
        gtp_respond(resp, NULL, false, "syntax error: id too long");
        return;
    case GTP_COMMAND:
        break;
    }
    if (d->ok && s->analyze_request)
        analysis_start(s, &d->cmd, resp);
    else
        gtp_respond(resp, &d->cmd, d->ok, text_str(out));
}

void dispatch_line(struct session *s, char *line, size_t len,
                   struct text *out, FILE *resp)
{
    struct dispatch d;
    dispatch_run(s, line, len, out, &d);
    dispatch_answer(s, &d, out, resp);
}
