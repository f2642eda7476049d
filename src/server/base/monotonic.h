/* Timed waits on CLOCK_MONOTONIC, the clock of rh_clock_us: a step of the wall clock neither
 * stretches nor cuts them. */
#ifndef RHD_MONOTONIC_H
#define RHD_MONOTONIC_H

#include <pthread.h>
#include <stdint.h>
#include <time.h>

/* Initialises *c to time its waits on CLOCK_MONOTONIC: 0, or -1 (nothing to destroy). */
int rhd_monotonic_cond_init(pthread_cond_t *c);

/* The absolute time `us` (rh_clock_us time), for pthread_cond_timedwait on such a condition. */
struct timespec rhd_monotonic_at(uint64_t us);

#endif
