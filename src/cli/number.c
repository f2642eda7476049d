/* Reading a decimal number; see number.h. */
#include "number.h"
#include "rushhour/error.h"
#include "rushhour/json.h"

bool cli_number(const char *s, uint64_t max, uint64_t *out)
{
    return rh_decimal_parse(s, 0, max, out) == RH_OK;
}
