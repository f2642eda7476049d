/* Memory accounting and the node, time and cancel checks of a search. */
#include <stdlib.h>

#include "rushhour/clock.h"
#include "budget.h"

void rh__budget_init(rh__budget *b, const rh_limits *limits)
{
    *b = (rh__budget){0};
    if (limits) {
        b->cap = limits->max_memory;
        b->max_nodes = limits->max_nodes;
        b->deadline_us = limits->deadline_us;
        b->cancel = limits->cancel;
    }
    b->start_us = rh_clock_us();
    b->countdown = 1;
}

void *rh__budget_calloc(rh__budget *b, size_t bytes)
{
    if (b->cap && (bytes > b->cap || b->used > b->cap - bytes)) {
        b->limit = RH_LIMIT_MEMORY;
        return NULL;
    }
    void *p = calloc(1, bytes ? bytes : 1);
    if (!p) {
        b->limit = RH_LIMIT_MEMORY;
        return NULL;
    }
    b->used += bytes;
    if (b->used > b->peak) b->peak = b->used;
    return p;
}

void rh__budget_free(rh__budget *b, void *ptr, size_t bytes)
{
    if (!ptr) return;
    free(ptr);
    b->used -= bytes;
}

bool rh__budget_would_fit(const rh__budget *b, size_t released, size_t bytes)
{
    const size_t used = b->used - released;
    return !b->cap || (bytes <= b->cap && used <= b->cap - bytes);
}

bool rh__budget_fits(rh__budget *b, size_t released, size_t bytes)
{
    if (rh__budget_would_fit(b, released, bytes)) return true;
    b->limit = RH_LIMIT_MEMORY;
    return false;
}

void *rh__budget_shrink(rh__budget *b, void *ptr, size_t *bytes, size_t kept)
{
    /* A smaller realloc splits the block or remaps it: it never holds both sizes at once. */
    void *p = realloc(ptr, kept);
    if (!p) return ptr;
    b->used -= *bytes - kept;
    *bytes = kept;
    return p;
}

/* Calls between clock readings. */
#define CHECK_EVERY 256

rh_limit rh__stop_reason(const atomic_int *cancel, uint64_t deadline_us)
{
    if (cancel && atomic_load_explicit(cancel, memory_order_relaxed)) return RH_LIMIT_CANCELLED;
    if (deadline_us && rh_clock_us() >= deadline_us) return RH_LIMIT_TIME;
    return RH_LIMIT_NONE;
}

bool rh__budget_check(rh__budget *b)
{
    /* Once a budget has run out, every call reports it. */
    b->countdown = 1;
    if (b->limit != RH_LIMIT_NONE) return true;
    if (b->max_nodes && b->expanded >= b->max_nodes) {
        b->limit = RH_LIMIT_NODES;
        return true;
    }
    b->limit = rh__stop_reason(b->cancel, b->deadline_us);
    if (b->limit != RH_LIMIT_NONE) return true;
    /* Each call counts at most one expansion, so checking again after the nodes left is
     * never late. */
    const uint64_t left = b->max_nodes ? b->max_nodes - b->expanded : CHECK_EVERY;
    b->countdown = left < CHECK_EVERY ? left : CHECK_EVERY;
    return false;
}

void rh__budget_stats(const rh__budget *b, rh_stats *s, uint64_t states_stored)
{
    s->nodes_expanded = b->expanded;
    s->nodes_generated = b->generated;
    s->states_stored = states_stored;
    s->peak_memory = b->peak;
    s->elapsed_us = rh_clock_us() - b->start_us;
}
