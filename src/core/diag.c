/* Collecting validation problems into fixed, caller-owned storage. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rushhour/diag.h"
#include "rushhour/utf8.h"

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
    for (char *p = s; *p;) {
        const int n = rh_utf8_sequence(p);
        if (n < 0)
            *p++ = '?';
        else
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
