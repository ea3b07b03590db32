/* Cleaning and escaping of untrusted text for the three record formats. */
#include "records/textclean.h"

#include <stdlib.h>
#include <string.h>

static const char REPLACEMENT[] = "\xef\xbf\xbd"; /* U+FFFD */

static bool cont(unsigned char c)
{
    return (c & 0xc0) == 0x80;
}

int utf8_char_len(const unsigned char *s)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    /* The second byte's range rules out overlong forms (E0, F0),
     * surrogates (ED) and code points above U+10FFFF (F4). */
    unsigned char lo = 0x80, hi = 0xbf;
    int n;
    if (c >= 0xc2 && c <= 0xdf)
        n = 2;
    else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        lo = c == 0xe0 ? 0xa0 : 0x80;
        hi = c == 0xed ? 0x9f : 0xbf;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        lo = c == 0xf0 ? 0x90 : 0x80;
        hi = c == 0xf4 ? 0x8f : 0xbf;
    } else
        return 0;
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (int i = 2; i < n; i++)
        if (!cont(s[i]))
            return 0;
    return n;
}

static bool is_control(unsigned char c)
{
    return c < 0x20 || c == 0x7f;
}

size_t text_clean(char *out, size_t cap, const char *in, bool oneline)
{
    if (cap == 0)
        return 0;
    char *tmp = malloc(cap);
    if (!tmp)
        abort();
    size_t k = 0;
    const unsigned char *s = (const unsigned char *)in;
    while (*s) {
        int n = utf8_char_len(s);
        const char *piece = n ? (const char *)s : REPLACEMENT;
        size_t len = n ? (size_t)n : 3;
        if (k + len >= cap)
            break; /* cut between characters */
        if (n == 1 && oneline && is_control(*s))
            tmp[k] = ' ';
        else
            memcpy(tmp + k, piece, len);
        k += len;
        s += n ? n : 1;
    }
    memcpy(out, tmp, k);
    out[k] = '\0';
    free(tmp);
    return k;
}

/* Writes s, each bad byte as U+FFFD and each ASCII byte through esc (which
 * writes it, escaped or as it is). */
static void put_clean(FILE *f, const char *s, void (*esc)(FILE *, unsigned char, bool), bool arg)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int n = utf8_char_len(p);
        if (n == 1)
            esc(f, *p, arg);
        else if (n)
            fwrite(p, 1, (size_t)n, f);
        else
            fputs(REPLACEMENT, f);
        p += n ? n : 1;
    }
}

static void json_escape(FILE *f, unsigned char c, bool unused)
{
    (void)unused;
    if (c == '"' || c == '\\')
        fprintf(f, "\\%c", c);
    else if (c == '\n')
        fputs("\\n", f);
    else if (c == '\t')
        fputs("\\t", f);
    else if (is_control(c))
        fprintf(f, "\\u%04x", c);
    else
        fputc(c, f);
}

void put_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    put_clean(f, s, json_escape, false);
    fputc('"', f);
}

static void text_escape(FILE *f, unsigned char c, bool unused)
{
    (void)unused;
    if (c == '\\')
        fputs("\\\\", f);
    else if (c == '\n')
        fputs("\\n", f);
    else if (c == '\r')
        fputs("\\r", f);
    else if (c == '\t')
        fputs("\\t", f);
    else if (is_control(c))
        fprintf(f, "\\x%02x", c);
    else
        fputc(c, f);
}

void put_text_value(FILE *f, const char *s)
{
    put_clean(f, s, text_escape, false);
}

static void sgf_escape(FILE *f, unsigned char c, bool text)
{
    if (c == ']' || c == '\\') {
        fputc('\\', f);
        fputc(c, f);
    } else if (is_control(c) && !(text && c == '\n'))
        fputc(' ', f);
    else
        fputc(c, f);
}

void put_sgf_value(FILE *f, const char *s, bool text)
{
    put_clean(f, s, sgf_escape, text);
}
