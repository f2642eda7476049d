/* What the search algorithms share: their outcome, their entry points and how a table slot
 * records the move that reached it. Private to the library. */
#ifndef RH_SEARCH_INTERNAL_H
#define RH_SEARCH_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "budget.h"
#include "layout.h"
#include "state_table.h"

typedef enum {
    RH_FOUND,     /* a goal was reached; its key is in `goal` */
    RH_EXHAUSTED, /* every reachable state was visited */
    RH_STOPPED,   /* a budget ran out; budget->limit says which */
} rh_outcome;

static inline uint16_t rh_via_encode(int vehicle, int delta)
{
    return (uint16_t)((vehicle << 5) | (delta + 16));
}

static inline int rh_via_vehicle(uint16_t via)
{
    return via >> 5;
}

static inline int rh_via_delta(uint16_t via)
{
    return (int)(via & 31) - 16;
}

/* Breadth-first search from `start`, whose successors are all slides of any distance, or
 * single-cell slides when `unit`. Counts goal states into *goals. With `stop_at_goal` it
 * returns at the first goal generated (at minimal depth); otherwise it visits everything. */
rh_outcome rh_search_bfs(rh_table *t, rh_budget *b, const rh_layout *L, const uint64_t *start,
                         bool unit, bool stop_at_goal, uint64_t *goal, uint64_t *goals);

/* Best-first search on f = depth + weight * h. With weight 1 and a consistent heuristic the
 * first goal expanded is optimal; with a larger weight it is found sooner, without a proof.
 * The table must hold depths. */
rh_outcome rh_search_astar(rh_table *t, rh_budget *b, const rh_layout *L, const uint64_t *start,
                           bool unit, int weight, uint64_t *goal);

#endif
