/* Error codes shared by every rushhour module, and their messages for people. */
#ifndef RUSHHOUR_ERROR_H
#define RUSHHOUR_ERROR_H

#include "rushhour/export.h"

RH_BEGIN_DECLS

/* Functions return RH_OK or one of these negative codes. A search that runs out of budget is
 * not an error: it returns RH_OK with status RH_LIMIT_REACHED in its result. */
typedef enum {
    RH_OK = 0,
    RH_ENOMEM = -1,    /* an allocation failed */
    RH_EINVALID = -2,  /* the input is not a valid puzzle; the diagnostics say why */
    RH_EARG = -3,      /* a caller passed an impossible argument (NULL, bad enum) */
    RH_EIO = -4,       /* a file could not be opened, read or written */
    RH_ECORRUPT = -5,  /* a file is damaged or not of the expected kind */
    RH_ENOTFOUND = -6, /* what was looked up is not there (a position not in a table's cluster) */
} rh_error;

/* A static, never-NULL message for an error code. */
RH_API const char *rh_strerror(int err);

RH_END_DECLS

#endif
