/* The limits of one search: memory accounted to the byte, expansions, a deadline and a
 * cancel flag. Every allocation a search makes goes through here, so the memory cap is a hard
 * cap and peak usage is exact. */
#ifndef RH_BUDGET_H
#define RH_BUDGET_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rushhour/search.h"

typedef struct {
    size_t used, peak, cap; /* cap 0: unlimited */
    uint64_t max_nodes, deadline_us;
    const atomic_int *cancel;
    uint64_t expanded, generated;
    uint64_t start_us;
    uint64_t countdown; /* calls of rh__budget_exhausted left before the next full check */
    rh_limit limit;     /* the first budget that ran out */
} rh__budget;

/* Starts the clock under `limits` (NULL: none). */
void rh__budget_init(rh__budget *b, const rh_limits *limits);

/* Zeroed memory, counted; NULL (and limit = memory) when the cap or malloc refuses. */
void *rh__budget_calloc(rh__budget *b, size_t bytes);
void rh__budget_free(rh__budget *b, void *ptr, size_t bytes);

/* Whether `bytes` more would fit once `released` bytes are freed; records nothing. */
bool rh__budget_would_fit(const rh__budget *b, size_t released, size_t bytes);

/* True when `bytes` more would fit once `released` bytes are given back; else false, and
 * limit = memory. Nothing is allocated. */
bool rh__budget_fits(rh__budget *b, size_t released, size_t bytes);

/* Gives back the tail of a block of `bytes`, keeping its first `kept` (> 0) bytes, without
 * the memory in use ever rising. Returns the block, which may have moved; *bytes becomes
 * its size, left as it was if the allocator could not shrink it. */
void *rh__budget_shrink(rh__budget *b, void *ptr, size_t *bytes, size_t kept);

/* What stops a run at once, if anything: its cancel flag (RH_LIMIT_CANCELLED, first, as the
 * caller asked) or its deadline (RH_LIMIT_TIME); else RH_LIMIT_NONE. Reads the clock. */
rh_limit rh__stop_reason(const atomic_int *cancel, uint64_t deadline_us);

/* True when a node, time or cancel budget has run out; call once per expansion, before
 * counting it. The full check runs on the first call and then every 256, or sooner when the
 * node budget would run out first, so the clock stays well under a microsecond apart and an
 * expansion pays one decrement. */
bool rh__budget_check(rh__budget *b);

static inline bool rh__budget_exhausted(rh__budget *b)
{
    return --b->countdown == 0 && rh__budget_check(b);
}

/* Starts an expansion: false when a budget has run out (rh__budget_exhausted), else counts it.
 * For a pass that expands every state it takes (A* counts only the states it does not drop). */
static inline bool rh__budget_expand(rh__budget *b)
{
    if (rh__budget_exhausted(b)) return false;
    b->expanded++;
    return true;
}

/* Fills the statistics common to every search. */
void rh__budget_stats(const rh__budget *b, rh_stats *s, uint64_t states_stored);

#endif
