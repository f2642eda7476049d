/* A decimal number from a whole text; see rushhour/json.h. */
#include <errno.h>
#include <stdlib.h>

#include "rushhour/error.h"
#include "rushhour/json.h"

int rh_decimal_parse(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    /* strtoull alone would take spaces, signs and "0x": only a digit may start it. */
    if (!text || !out || *text < '0' || *text > '9') return RH_EARG;
    char *end;
    errno = 0;
    const unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end || v < min || v > max) return RH_EARG;
    *out = v;
    return RH_OK;
}
