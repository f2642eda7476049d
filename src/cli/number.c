/* Reading a decimal number or a size; see number.h. */
#include "number.h"
#include "rushhour/error.h"
#include "rushhour/json.h"

bool cli_number(const char *s, uint64_t max, uint64_t *out)
{
    return rh_decimal_parse(s, 0, max, out) == RH_OK;
}

bool cli_size(const char *s, uint64_t max, uint64_t *out)
{
    return rh_size_parse(s, 0, max, out) == RH_OK;
}
