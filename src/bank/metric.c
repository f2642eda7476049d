/* The two metrics a bank counts lengths in, by name (pure: the CLI's and the server's
 * parameters, and db.c's messages). */
#include <string.h>

#include "rushhour/bank.h"

int rh_bank_metric_parse(rh_bank_metric *out, const char *name)
{
    if (!out || !name) return RH_EARG;
    if (!strcmp(name, "moves"))
        *out = RH_BANK_MOVES;
    else if (!strcmp(name, "slides"))
        *out = RH_BANK_SLIDES;
    else
        return RH_EARG;
    return RH_OK;
}

const char *rh_bank_metric_name(rh_bank_metric m)
{
    return m == RH_BANK_SLIDES ? "slides" : "moves";
}
