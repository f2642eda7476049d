/* A puzzle's component (its cluster), explored whole, and every state's distance to its nearest
 * goal: what rh_analyze computes, the distances also for the cluster tables. */
#ifndef RH_COMPONENT_H
#define RH_COMPONENT_H

#include <stdbool.h>
#include <stdint.h>

#include "budget.h"
#include "layout.h"
#include "movegen.h"
#include "state_queue.h"
#include "state_table.h"

/* The depth of a state no goal can be reached from. */
#define RH_UNREACHED 0xFFFFu

/* What a pass over a component's states works in for the state it expands: its key, the
 * position loaded from it and the addends of its listed moves (rh__movegen_list's `step`). The
 * moves and each child stay arrays apart, which the compiler handles better: over one-word keys
 * a pass that does not record the moves never reads them, and their stores are dropped only
 * from an array of its own; a child alone stays in a register. */
typedef struct {
    uint64_t key[RH_KEY_WORDS_MAX], steps[RH_MOVES_MAX];
    rh__movegen g;
} rh__component_work;

/* The key of state i of a queue that was only ever pushed to (its ring never wrapped), as
 * rh__component_explore leaves `all`. */
static inline const uint64_t *rh__component_state(const rh__queue *all, size_t i)
{
    return all->keys + i * (size_t)all->kw;
}

/* Every state of the component of `start`, into the empty `all` in breadth-first order and into
 * the empty `t` (which holds depths) with depth RH_UNREACHED. False when a budget ran out. */
bool rh__component_explore(rh__table *t, rh__budget *b, const rh__layout *L, rh__queue *all,
                           const uint64_t *start);

/* Puts goal state `key` of `t` at depth 0 into `frontier`, where rh__component_distances starts
 * from. False when the budget refuses the memory. */
static inline bool rh__component_goal(rh__table *t, rh__budget *b, const uint64_t *key,
                                      rh__queue *frontier)
{
    t->depth[rh__table_find(t, key)] = 0;
    return rh__queue_push(frontier, b, key, 0, t->kw);
}

/* Every state's distance to its nearest goal into t->depth, by one breadth-first search from
 * all the goals at once (moves are reversible), the goals put in `frontier` first by
 * rh__component_goal; over single-cell slides when `unit`, else slides of any distance.
 * RH_UNREACHED stays where no goal is reached: every other depth must be RH_UNREACHED on entry.
 * False when a budget ran out. */
bool rh__component_distances(rh__table *t, rh__budget *b, const rh__layout *L, bool unit,
                             rh__queue *frontier);

#endif
