/* Timed waits on CLOCK_MONOTONIC; see monotonic.h. */
#include "monotonic.h"

int rhd_monotonic_cond_init(pthread_cond_t *c)
{
    pthread_condattr_t attr;
    if (pthread_condattr_init(&attr) != 0) return -1;
    const int rc =
        pthread_condattr_setclock(&attr, CLOCK_MONOTONIC) == 0 && pthread_cond_init(c, &attr) == 0
            ? 0
            : -1;
    pthread_condattr_destroy(&attr);
    return rc;
}

struct timespec rhd_monotonic_at(uint64_t us)
{
    return (struct timespec){.tv_sec = (time_t)(us / 1000000u),
                             .tv_nsec = (long)(us % 1000000u) * 1000};
}
