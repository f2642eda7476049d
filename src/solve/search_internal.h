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
} rh__outcome;

static inline uint16_t rh__via_encode(int vehicle, int delta)
{
    return (uint16_t)((vehicle << 5) | (delta + 16));
}

static inline int rh__via_vehicle(uint16_t via)
{
    return via >> 5;
}

static inline int rh__via_delta(uint16_t via)
{
    return (int)(via & 31) - 16;
}

/* One search's working set, set up and torn down the same way by every search: the budget,
 * the puzzle's layout, the start's key and the visited table. */
typedef struct {
    rh__budget budget;
    rh__layout layout;
    rh__table table;
    uint64_t start[RH_KEY_WORDS_MAX];
} rh__search;

/* Begins a search of the checked puzzle `p` within `limits` (NULL: none): the budget, the
 * layout, the start key, and a table recording `via` and `depth` as asked. False when the
 * budget refused the layout or the table (budget.limit says which). Either way
 * rh__search_end releases it. */
bool rh__search_begin(rh__search *s, const rh_puzzle *p, const rh_limits *limits, bool with_via,
                      bool with_depth);

/* Releases what rh__search_begin set up and fills `stats`, the states stored being the
 * table's count. */
void rh__search_end(rh__search *s, rh_stats *stats);

/* Breadth-first search from `start`, whose successors are all slides of any distance, or
 * single-cell slides when `unit`. Counts goal states into *goals. With `stop_at_goal` it
 * returns at the first goal generated (at minimal depth); otherwise it visits everything. */
rh__outcome rh__search_bfs(rh__table *t, rh__budget *b, const rh__layout *L, const uint64_t *start,
                           bool unit, bool stop_at_goal, uint64_t *goal, uint64_t *goals);

/* Best-first search on f = depth + weight * h. With weight 1 and a consistent heuristic the
 * first goal expanded is optimal; with a larger weight it is found sooner, without a proof.
 * The table must hold depths. */
rh__outcome rh__search_astar(rh__table *t, rh__budget *b, const rh__layout *L,
                             const uint64_t *start, bool unit, int weight, uint64_t *goal);

#endif
