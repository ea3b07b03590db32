/* quartet-gate: follows the frames websocketd sends (RFC 6455 framing) so
 * the idle close frame goes in between two frames, never inside one. */
#include "gate.h"

#include <string.h>

/* Header bytes of a frame, from what is known of them so far. */
static int head_size(const unsigned char *h, int have)
{
    int n = 2;
    if (have < 2)
        return 2;
    if ((h[1] & 0x7f) == 126)
        n += 2;
    else if ((h[1] & 0x7f) == 127)
        n += 8;
    return n + ((h[1] & 0x80) ? 4 : 0);   /* a mask key (client frames) */
}

static uint64_t payload_size(const unsigned char *h)
{
    uint64_t len = h[1] & 0x7f;
    int ext = len == 126 ? 2 : len == 127 ? 8 : 0;
    if (ext)
        len = 0;
    for (int i = 0; i < ext; i++)
        len = len << 8 | h[2 + i];
    return len;
}

int ws_at_boundary(const struct ws_track *t)
{
    return t->have == 0 && t->left == 0;
}

/* Follows n bytes of the stream; with stop_at_boundary, stops at the
 * first point between two frames and returns the bytes taken. */
size_t ws_track(struct ws_track *t, const unsigned char *p, size_t n,
                int stop_at_boundary)
{
    size_t i = 0;
    while (i < n) {
        if (stop_at_boundary && ws_at_boundary(t))
            return i;
        if (t->left) {
            size_t k = t->left < n - i ? (size_t)t->left : n - i;
            i += k;
            t->left -= k;
            continue;
        }
        t->head[t->have++] = p[i++];
        if (t->have == head_size(t->head, t->have)) {
            t->left = payload_size(t->head);
            t->have = 0;
        }
    }
    return i;
}

/* A server's close frame (unmasked): code, then the reason (<= 123 bytes). */
size_t ws_close_frame(unsigned char *out, int code, const char *reason)
{
    size_t r = strlen(reason);
    if (r > 123)
        r = 123;
    out[0] = 0x88;                     /* FIN, opcode 8: close */
    out[1] = (unsigned char)(2 + r);
    out[2] = (unsigned char)(code >> 8);
    out[3] = (unsigned char)code;
    memcpy(out + 4, reason, r);
    return 4 + r;
}
