/* The all-or-nothing record files of atomic.h: mkstemp beside the file,
 * then fsync and rename. */
#include "records/atomic.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int atomic_open(struct atomic_file *a, const char *path, const char *keep, size_t keep_len,
                char *err, size_t cap)
{
    *a = (struct atomic_file){0};
    if (snprintf(a->path, sizeof a->path, "%s", path) >= (int)sizeof a->path ||
        snprintf(a->tmp, sizeof a->tmp, "%s.tmpXXXXXX", path) >= (int)sizeof a->tmp) {
        snprintf(err, cap, "%s: path too long", path);
        return -1;
    }
    int fd = mkstemp(a->tmp);
    if (fd < 0) {
        snprintf(err, cap, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    /* The mode a new file would get: the old file's, or 0666 less the
     * umask (mkstemp makes 0600). */
    struct stat st;
    mode_t mode;
    if (stat(path, &st) == 0)
        mode = st.st_mode & 07777;
    else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    if (fchmod(fd, mode) != 0 || !(a->f = fdopen(fd, "w")) ||
        (keep_len && fwrite(keep, 1, keep_len, a->f) != keep_len)) {
        int e = errno;
        if (a->f)
            fclose(a->f);
        else
            close(fd);
        unlink(a->tmp);
        a->f = NULL;
        snprintf(err, cap, "cannot write %s: %s", path, strerror(e));
        return -1;
    }
    return 0;
}

int atomic_commit(struct atomic_file *a, char *err, size_t cap)
{
    int bad = fflush(a->f) != 0 || fsync(fileno(a->f)) != 0;
    int e = errno;
    bad |= fclose(a->f) != 0;
    if (!bad) {
        e = errno;
        bad = rename(a->tmp, a->path) != 0;
        e = bad ? errno : e;
    } else if (!e)
        e = errno;
    a->f = NULL;
    if (bad) {
        unlink(a->tmp);
        snprintf(err, cap, "cannot write %s: %s", a->path, strerror(e ? e : EIO));
        return -1;
    }
    return 0;
}

void atomic_abort(struct atomic_file *a)
{
    if (a->f)
        fclose(a->f);
    a->f = NULL;
    unlink(a->tmp);
}
