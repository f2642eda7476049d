/* Reading a decimal number; see number.h. */
#include <errno.h>
#include <stdlib.h>

#include "number.h"

bool cli_number(const char *s, uint64_t max, uint64_t *out)
{
    if (!s || *s < '0' || *s > '9') return false;
    char *end;
    errno = 0;
    const unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v > max) return false;
    *out = v;
    return true;
}
