/* The monotonic clock; see rushhour/clock.h. */
#include <time.h>

#include "rushhour/clock.h"

uint64_t rh_clock_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}
