/* One input line in, its response out (see dispatch.h). */
#include "protocol/dispatch.h"

#include "protocol/analyze.h"
#include "protocol/commands.h"
#include "protocol/gtp.h"

void dispatch_line(struct session *s, char *line, size_t len,
                   struct text *out, FILE *resp)
{
    gtp_preprocess(line, len);
    struct gtp_command cmd;
    switch (gtp_parse(line, &cmd)) {
    case GTP_BLANK:
        return;
    case GTP_NO_COMMAND:
        gtp_respond(resp, &cmd, false, "syntax error: missing command");
        return;
    case GTP_BAD_ID:
        gtp_respond(resp, NULL, false, "syntax error: id too long");
        return;
    case GTP_COMMAND:
        break;
    }
    bool ok = command_run(s, cmd.name, cmd.argc, cmd.argv, out);
    if (ok && s->analyze_request)
        analysis_start(s, &cmd, resp);
    else
        gtp_respond(resp, &cmd, ok, text_str(out));
}
