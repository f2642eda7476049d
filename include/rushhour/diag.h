/* Validation diagnostics: every problem found in an input, each naming the field at fault.
 *
 * rh_diags is fixed-size, caller-owned storage; it never allocates. Past RH_DIAGS_MAX problems
 * the rest are counted in `dropped` instead of stored. */
#ifndef RUSHHOUR_DIAG_H
#define RUSHHOUR_DIAG_H

#include "rushhour/export.h"

RH_BEGIN_DECLS

#define RH_DIAGS_MAX 64
#define RH_DIAG_FIELD_MAX 48
#define RH_DIAG_MESSAGE_MAX 160

typedef struct {
    char field[RH_DIAG_FIELD_MAX];     /* a JSON path such as "vehicles[3].row", or "" */
    char message[RH_DIAG_MESSAGE_MAX]; /* one sentence for a person */
} rh_diag;

typedef struct {
    int count;
    int dropped;
    rh_diag items[RH_DIAGS_MAX];
} rh_diags;

RH_API void rh_diags_init(rh_diags *d);

/* Adds one problem; the message is printf-formatted and truncated to fit. */
RH_API void rh_diags_add(rh_diags *d, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

RH_END_DECLS

#endif
