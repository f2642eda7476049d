/* The background builds' budget on its own (src/server/base/build_budget.c), on a clock the test
 * turns: builds a minute, CPU a minute, a quarter of a minute's worth at once, debt. */
#include <criterion/criterion.h>

#include "build_budget.h"

#define S 1000000u /* microseconds */

/* How many builds it admits at `now`, asking until it refuses. */
static int admitted(rhd_build_budget *b, uint64_t now)
{
    int n = 0;
    while (n < 1000 && rhd_build_budget_take(b, now)) n++;
    return n;
}

Test(build_budget, admits_a_quarter_minute_at_once_then_the_rate)
{
    rhd_build_budget b;
    rhd_build_budget_init(&b, 120, 60000, 0);
    cr_assert_eq(admitted(&b, 0), 30, "a quarter of 120");
    cr_assert_eq(admitted(&b, 0), 0);
    cr_assert_eq(admitted(&b, 1 * S), 2, "two a second");
    cr_assert_eq(admitted(&b, 3600 * S), 30, "never more than a quarter minute's worth");
    rhd_build_budget_destroy(&b);
}

Test(build_budget, cpu_spent_is_a_debt_paid_before_the_next_build)
{
    rhd_build_budget b;
    rhd_build_budget_init(&b, 6000, 4000, 0); /* 4 CPU-s a minute: 1 s at once */
    cr_assert(rhd_build_budget_take(&b, 0));
    rhd_build_budget_charge(&b, 3 * S); /* one long build: 2 s into debt */
    cr_assert(!rhd_build_budget_take(&b, 0));
    cr_assert(!rhd_build_budget_take(&b, 29 * S), "paid off at 66.7 CPU-ms a second: 30 s");
    cr_assert(rhd_build_budget_take(&b, 31 * S));
    rhd_build_budget_destroy(&b);
}

Test(build_budget, zero_admits_nothing_and_a_slow_rate_admits_one)
{
    rhd_build_budget none, slow;
    rhd_build_budget_init(&none, 0, 6000, 0);
    rhd_build_budget_init(&slow, 1, 6000, 0);
    cr_assert_eq(admitted(&none, 3600 * S), 0);
    cr_assert_eq(admitted(&slow, 0), 1);
    cr_assert_eq(admitted(&slow, 30 * S), 0);
    cr_assert_eq(admitted(&slow, 61 * S), 1);
    rhd_build_budget_destroy(&none);
    rhd_build_budget_destroy(&slow);
}
