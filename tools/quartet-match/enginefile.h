/* The engine file (--engines FILE): one section per engine,
 *
 *     [NAME]
 *     cmd  = COMMAND LINE        (required)
 *     dir  = WORKING DIRECTORY   (optional)
 *     init = GTP COMMAND         (optional, repeatable, sent in order)
 *
 * with '#' or ';' comment lines; read strictly, errors name FILE:LINE. */
#ifndef QMATCH_ENGINEFILE_H
#define QMATCH_ENGINEFILE_H

#include "match.h"

#include <stddef.h>

/* Appends the file's engines to cfg->eng. Returns 0, or -1 with a message
 * in err. */
int enginefile_read(const char *path, struct match_config *cfg, char *err, size_t cap);

#endif
