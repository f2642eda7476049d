/* Token buckets for the background builds; see build_budget.h. */
#include "build_budget.h"

#define US_PER_MIN 60e6

void rhd_build_budget_init(rhd_build_budget *b, int builds_per_min, int cpu_ms_per_min,
                           uint64_t now_us)
{
    pthread_mutex_init(&b->lock, NULL);
    b->builds_per_us = builds_per_min / US_PER_MIN;
    b->cpu_per_us = cpu_ms_per_min * 1e3 / US_PER_MIN;
    /* A quarter of a minute's worth, and at least one build (a rate below 4 still admits). */
    b->builds_cap = b->builds = builds_per_min >= 4 ? builds_per_min / 4.0 : builds_per_min > 0;
    b->cpu_cap = b->cpu_us = cpu_ms_per_min * 1e3 / 4.0;
    b->refilled_us = now_us;
    atomic_init(&b->charged_us, 0);
}

void rhd_build_budget_destroy(rhd_build_budget *b)
{
    pthread_mutex_destroy(&b->lock);
}

static double refill(double tokens, double rate, double cap, double elapsed_us)
{
    tokens += rate * elapsed_us;
    return tokens < cap ? tokens : cap;
}

bool rhd_build_budget_take(rhd_build_budget *b, uint64_t now_us)
{
    pthread_mutex_lock(&b->lock);
    const double elapsed = now_us > b->refilled_us ? (double)(now_us - b->refilled_us) : 0;
    b->refilled_us = now_us > b->refilled_us ? now_us : b->refilled_us;
    b->builds = refill(b->builds, b->builds_per_us, b->builds_cap, elapsed);
    b->cpu_us = refill(b->cpu_us, b->cpu_per_us, b->cpu_cap, elapsed) -
                (double)atomic_exchange_explicit(&b->charged_us, 0, memory_order_relaxed);
    const bool granted = b->builds >= 1 && b->cpu_us > 0;
    if (granted) b->builds -= 1;
    pthread_mutex_unlock(&b->lock);
    return granted;
}

void rhd_build_budget_charge(rhd_build_budget *b, uint64_t cpu_us)
{
    atomic_fetch_add_explicit(&b->charged_us, cpu_us, memory_order_relaxed);
}
