/* Runs a fuzz target's LLVMFuzzerTestOneInput on files, without
 * libFuzzer: `make test` replays the committed corpus (regression inputs
 * included) with gcc, and under SAN=1 with the sanitizers. A failed check
 * aborts; otherwise it ends with the "N passed, 0 failed" line. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned char *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    unsigned char *buf = malloc(cap);
    for (size_t k; buf && (k = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += k;
        if (n == cap) {
            unsigned char *b = realloc(buf, cap *= 2);
            if (!b)
                free(buf);
            buf = b;
        }
    }
    fclose(f);
    *size = n;
    return buf;
}

int main(int argc, char **argv)
{
    int passed = 0, failed = 0;
    for (int i = 1; i < argc; i++) {
        size_t size;
        unsigned char *data = read_all(argv[i], &size);
        if (!data) {
            fprintf(stderr, "%s: cannot read\n", argv[i]);
            failed++;
            continue;
        }
        LLVMFuzzerTestOneInput(data, size);   /* aborts on a failed check */
        free(data);
        passed++;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
