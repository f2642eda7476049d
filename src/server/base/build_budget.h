/* The budget of the background table builds: two token buckets, builds a minute and CPU
 * milliseconds a minute, each holding at most a quarter of a minute's worth, so that no client
 * can make the builder cost more than the operator set (idle-priority CPU still counts against
 * the container and what an autoscaler sees). A build is admitted while both buckets hold a
 * token; its CPU is charged when it ends, so one long build runs the CPU bucket into debt and
 * the builds after it wait until it is paid off. The clock is the caller's, for tests.
 *
 * The locking rule: admission (HTTP threads) takes the budget's mutex; the builder, at idle
 * priority, only adds to an atomic and never takes it. */
#ifndef RHD_BUILD_BUDGET_H
#define RHD_BUILD_BUDGET_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct {
    pthread_mutex_t lock;
    double builds, cpu_us;            /* tokens; cpu_us may be negative (debt) */
    double builds_per_us, cpu_per_us; /* refill rates */
    double builds_cap, cpu_cap;
    uint64_t refilled_us;
    atomic_uint_fast64_t charged_us; /* CPU the builder spent, not yet taken off */
} rhd_build_budget;

/* A budget of `builds_per_min` builds and `cpu_ms_per_min` CPU milliseconds a minute, full at
 * `now_us`; 0 for either admits no build. */
void rhd_build_budget_init(rhd_build_budget *b, int builds_per_min, int cpu_ms_per_min,
                           uint64_t now_us);
void rhd_build_budget_destroy(rhd_build_budget *b);

/* Whether a build may start at `now_us`, taking its token when it may. */
bool rhd_build_budget_take(rhd_build_budget *b, uint64_t now_us);

/* `cpu_us` of CPU a build took; lock-free, for the builder. */
void rhd_build_budget_charge(rhd_build_budget *b, uint64_t cpu_us);

#endif
