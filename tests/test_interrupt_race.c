/* A `# interrupt` sent right behind a command stops that command even
 * when it arrives while the engine is still writing the previous answer
 * (the real binary, $QUARTET). The engine's output pipe is made small and
 * left unread, so the engine is held inside writing a long answer (svg)
 * while the next command and its interrupt come in: the interrupt must be
 * aimed at the queued command, not at the one already done. */
#include "check.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void pause_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static void say(int fd, const char *s)
{
    size_t n = strlen(s);
    CHECK(write(fd, s, n) == (ssize_t)n, "wrote '%s'", s);
}

/* Reads one response (up to its empty line) into buf; false on EOF or
 * after 30 s without one. */
static bool response(int fd, char *buf, size_t cap)
{
    size_t n = 0;
    while (n + 1 < cap) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 30000) <= 0 || read(fd, buf + n, 1) != 1)
            return false;
        n++;
        if (n >= 2 && buf[n - 1] == '\n' && buf[n - 2] == '\n')
            break;
    }
    buf[n] = '\0';
    return true;
}

int main(void)
{
    const char *path = getenv("QUARTET");
    int to[2], from[2];
    signal(SIGPIPE, SIG_IGN);
    if (!path || pipe(to) || pipe(from)) {
        CHECK(0, "cannot set up the engine (QUARTET=%s)", path ? path : "unset");
        return check_report();
    }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(to[0], 0);
        dup2(from[1], 1);
        close(to[1]);
        close(from[0]);
        /* The time cap ends a perft the interrupt missed. */
        execl(path, path, "--max-command-time", "3", (char *)NULL);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    int pipe_size = fcntl(from[0], F_SETPIPE_SZ, 4096);
    CHECK(pipe_size >= 4096 && pipe_size < 11000, "output pipe of %d bytes", pipe_size);

    /* The picture (about 11 KB) overfills the pipe: once the pipe is full
     * the engine has run the command and is held writing its answer. */
    say(to[1], "svg\n");
    int queued = 0;
    for (int i = 0; i < 1000 && queued < pipe_size; i++) {
        pause_ms(10);
        ioctl(from[0], FIONREAD, &queued);
    }
    CHECK(queued >= pipe_size, "the engine filled the pipe (%d bytes)", queued);
    say(to[1], "perft 30\n# interrupt\n");
    pause_ms(300);   /* the engine's reader takes both lines */

    char buf[16384];
    CHECK(response(from[0], buf, sizeof buf) && strncmp(buf, "= <svg", 6) == 0,
          "the picture answered in full");
    bool got = response(from[0], buf, sizeof buf);
    CHECK(got && strcmp(buf, "? interrupted\n\n") == 0,
          "perft stopped by the interrupt behind it, got '%s'", got ? buf : "(nothing)");
    say(to[1], "quit\n");
    CHECK(response(from[0], buf, sizeof buf) && buf[0] == '=', "quit answered");
    close(to[1]);
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "clean exit after quit");
    return check_report();
}
