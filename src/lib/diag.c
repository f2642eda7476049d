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
}
