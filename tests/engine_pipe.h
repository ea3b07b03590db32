/* The engine under test ($QUARTET) on a pair of pipes, for the C tests
 * that talk to the real binary line by line. */
#ifndef QUARTET_TESTS_ENGINE_PIPE_H
#define QUARTET_TESTS_ENGINE_PIPE_H

#include <stdio.h>
#include <sys/types.h>
#include <unistd.h>

struct engine {
    pid_t pid;
    FILE *in, *out;   /* the engine's standard input and output */
};

/* Runs `path` with the words of pre, then of flags (each NULL-terminated,
 * or NULL; 14 words at most in all) on two pipes: *to_fd its standard
 * input, *from_fd its standard output. Its pid, or -1. */
static inline pid_t engine_spawn(const char *path, const char *const *pre,
                                 const char *const *flags, int *to_fd, int *from_fd)
{
    int to[2], from[2];
    if (pipe(to) || pipe(from))
        return -1;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        dup2(to[0], 0);
        dup2(from[1], 1);
        close(to[0]), close(to[1]), close(from[0]), close(from[1]);
        const char *argv[16] = {path};
        int n = 1;
        for (int i = 0; pre && pre[i] && n < 15; i++)
            argv[n++] = pre[i];
        for (int i = 0; flags && flags[i] && n < 15; i++)
            argv[n++] = flags[i];
        argv[n] = NULL;
        execv(path, (char *const *)argv);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    *to_fd = to[1];
    *from_fd = from[0];
    return pid;
}

/* Runs `path` with the flags (NULL-terminated, at most 14). -1 when the
 * pipes or the process cannot be made. */
static inline int engine_start(struct engine *e, const char *path,
                               const char *const *flags)
{
    int to, from;
    e->pid = engine_spawn(path, NULL, flags, &to, &from);
    if (e->pid < 0)
        return -1;
    e->in = fdopen(to, "w");
    e->out = fdopen(from, "r");
    return e->in && e->out ? 0 : -1;
}

#endif
