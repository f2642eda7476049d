/* Messages for rh_error codes. */
#include "rushhour/error.h"

const char *rh_strerror(int err)
{
    switch (err) {
    case RH_OK: return "success";
    case RH_ENOMEM: return "out of memory";
    case RH_EINVALID: return "the puzzle is not valid";
    case RH_EARG: return "invalid argument";
    case RH_EIO: return "input/output error";
    case RH_ECORRUPT: return "damaged or foreign file";
    case RH_ENOTFOUND: return "not found";
    default: return "unknown error";
    }
}
