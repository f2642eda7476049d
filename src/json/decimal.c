/* Numbers from a whole text: decimal counts and byte sizes; see rushhour/json.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rushhour/error.h"
#include "rushhour/json.h"

/* The decimal number that starts `text` into *v, and where its digits end into *end: false when
 * `text` starts with no digit or the number overflows. strtoull alone would take spaces, signs
 * and "0x": only a digit may start it. */
static bool leading_number(const char *text, uint64_t *v, const char **end)
{
    if (!text || *text < '0' || *text > '9') return false;
    char *stop;
    errno = 0;
    const unsigned long long n = strtoull(text, &stop, 10);
    *v = n;
    *end = stop;
    return errno == 0;
}

static int store(uint64_t v, uint64_t min, uint64_t max, uint64_t *out)
{
    if (v < min || v > max) return RH_EARG;
    *out = v;
    return RH_OK;
}

int rh_decimal_parse(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    uint64_t v;
    const char *end;
    if (!out || !leading_number(text, &v, &end) || *end) return RH_EARG;
    return store(v, min, max, out);
}

int rh_size_parse(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    static const char *const suffixes[] = {"", "KiB", "MiB", "GiB", "TiB"}; /* 1024^k */
    uint64_t v;
    const char *end;
    if (!out || !leading_number(text, &v, &end)) return RH_EARG;
    for (unsigned k = 0; k < sizeof suffixes / sizeof suffixes[0]; k++) {
        if (strcmp(end, suffixes[k]) != 0) continue;
        if (v > UINT64_MAX >> (10 * k)) return RH_EARG;
        return store(v << (10 * k), min, max, out);
    }
    return RH_EARG;
}
