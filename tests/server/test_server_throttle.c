/* The log line rate limit (throttle.c): one line per period with the count held back, exact
 * across threads. */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "throttle.h"

Test(throttle, one_line_per_period_with_the_count_held_back)
{
    rhd_throttle t = {0};
    uint64_t held = 99;
    cr_expect(rhd_throttle_pass(&t, 5000000, 1000000, &held), "the first line passes");
    cr_expect_eq(held, 0);
    for (int i = 0; i < 1000; i++)
        cr_expect_not(rhd_throttle_pass(&t, 5000000 + (uint64_t)i * 999, 1000000, &held));
    cr_expect(rhd_throttle_pass(&t, 6000000, 1000000, &held), "a period later, one passes");
    cr_expect_eq(held, 1000);
    cr_expect_not(rhd_throttle_pass(&t, 6999999, 1000000, &held));
    cr_expect(rhd_throttle_pass(&t, 60000000, 1000000, &held));
    cr_expect_eq(held, 1);
}

#define THROTTLE_THREADS 4
#define THROTTLE_CALLS 50000

static rhd_throttle shared_throttle;
static atomic_uint_fast64_t passed, reported_held;

static void *throttle_caller(void *arg)
{
    (void)arg;
    for (uint64_t i = 0; i < THROTTLE_CALLS; i++) {
        uint64_t held;
        /* A period of 1000 on a clock of call numbers: the next allowed time only grows, by
         * the period at least, so at most CALLS / 1000 + 1 lines pass in all. */
        if (rhd_throttle_pass(&shared_throttle, i, 1000, &held)) {
            atomic_fetch_add(&passed, 1);
            atomic_fetch_add(&reported_held, held);
        }
    }
    return NULL;
}

/* From many threads at once no line is lost from the count: the lines written plus the ones
 * they report held back plus the ones still held add up to every call. */
Test(throttle, counts_every_call_across_threads)
{
    pthread_t threads[THROTTLE_THREADS];
    for (int i = 0; i < THROTTLE_THREADS; i++)
        cr_assert_eq(pthread_create(&threads[i], NULL, throttle_caller, NULL), 0);
    for (int i = 0; i < THROTTLE_THREADS; i++) pthread_join(threads[i], NULL);
    const uint64_t total =
        atomic_load(&passed) + atomic_load(&reported_held) + atomic_load(&shared_throttle.held);
    cr_expect_eq(total, (uint64_t)THROTTLE_THREADS * THROTTLE_CALLS);
    cr_expect_leq(atomic_load(&passed), (uint64_t)THROTTLE_CALLS / 1000 + 1, "%llu lines passed",
                  (unsigned long long)atomic_load(&passed));
}
