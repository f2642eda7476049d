/* The monotonic clock of the library: the time base of a search's deadline_us. */
#ifndef RUSHHOUR_CLOCK_H
#define RUSHHOUR_CLOCK_H

#include <stdint.h>

#include "rushhour/export.h"

RH_BEGIN_DECLS

/* Microseconds on CLOCK_MONOTONIC: a deadline is rh_clock_us() plus a timeout. */
RH_API uint64_t rh_clock_us(void);

RH_END_DECLS

#endif
