/* Collecting validation problems into fixed, caller-owned storage. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rushhour/diag.h"

void rh_diags_init(rh_diags *d)
{
    d->count = 0;
    d->dropped = 0;
}

/* Field names and messages quote the input (an unknown key, say), which may hold bytes that
 * are not UTF-8, and truncation may cut a character: every byte of an ill-formed sequence
 * becomes '?', so diagnostics are always valid UTF-8 (JSON requires it). */
static void keep_utf8(char *s)
{
    for (unsigned char *p = (unsigned char *)s; *p;) {
        const unsigned char c = p[0];
        int n = c < 0x80                 ? 1
                : c >= 0xC2 && c <= 0xDF ? 2
                : c >= 0xE0 && c <= 0xEF ? 3
                : c >= 0xF0 && c <= 0xF4 ? 4
                                         : 0;
        unsigned char lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
        unsigned char hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
        for (int k = 1; k < n; k++, lo = 0x80, hi = 0xBF)
            if (p[k] < lo || p[k] > hi) n = 0; /* also stops at the NUL */
        if (!n) {
            *p++ = '?';
            continue;
        }
        p += n;
    }
}

void rh_diags_add(rh_diags *d, const char *field, const char *fmt, ...)
{
    if (d->count == RH_DIAGS_MAX) {
        d->dropped++;
        return;
    }
    rh_diag *item = &d->items[d->count++];
    snprintf(item->field, sizeof item->field, "%s", field ? field : "");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(item->message, sizeof item->message, fmt, ap);
    va_end(ap);
    keep_utf8(item->field);
    keep_utf8(item->message);
}
