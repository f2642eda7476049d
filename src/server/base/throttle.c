/* The log line rate limit: one compare-and-swap on the next allowed time decides which thread
 * writes; the others only count. */
#include "throttle.h"

bool rhd_throttle_pass(rhd_throttle *t, uint64_t now_us, uint64_t period_us, uint64_t *held)
{
    uint64_t next = atomic_load(&t->next_us);
    if (now_us >= next && atomic_compare_exchange_strong(&t->next_us, &next, now_us + period_us)) {
        *held = atomic_exchange(&t->held, 0);
        return true;
    }
    atomic_fetch_add(&t->held, 1);
    return false;
}
