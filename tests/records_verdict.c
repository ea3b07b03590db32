/* records_verdict FILE...: each file's verdict lines from the records
 * library (records/verdict.h), as tests/records/*.verdict hold them. */
#include "records/record.h"
#include "records/verdict.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rc = 0;
    for (int a = 1; a < argc; a++) {
        size_t len;
        char err[512];
        char *text = rec_file_text(argv[a], &len, err, sizeof err);
        if (!text) {
            fprintf(stderr, "records_verdict: %s\n", err);
            rc = 2;
            continue;
        }
        rec_verdicts(text, len, stdout);
        free(text);
    }
    return rc;
}
