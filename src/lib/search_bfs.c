/* Breadth-first search over packed states: minimum moves, minimum slides, and exploration of
 * a whole component. The frontier holds keys, so expanding a state never touches the table. */
#include "search_internal.h"
#include "state_queue.h"

enum { GO_ON, GOAL, NO_MEMORY };

/* Generates the successor of `cur` where vehicle i moved by `delta`, stores it if new and
 * queues it. */
static inline __attribute__((always_inline)) int
visit(rh_table *t, rh_budget *b, rh_queue *q, const rh_layout *L, const uint64_t *cur, int i,
      int delta, bool stop_at_goal, uint64_t *goal, uint64_t *goals, const int kw)
{
    uint64_t child[RH_KEY_WORDS_MAX];
    memcpy(child, cur, sizeof(uint64_t) * (size_t)kw);
    rh_key_move(L, child, i, delta);
    b->generated++;
    bool added;
    const size_t slot = rh_table_insert(t, child, kw, &added);
    if (slot == RH_SLOT_NONE) return NO_MEMORY;
    if (!added) return GO_ON;
    const uint16_t via = rh_via_encode(i, delta);
    if (t->via) t->via[slot] = via;
    if (rh_layout_is_goal(L, child)) {
        ++*goals;
        if (stop_at_goal) {
            memcpy(goal, child, sizeof(uint64_t) * (size_t)kw);
            return GOAL;
        }
    }
    return rh_queue_push(q, b, child, via, kw) ? GO_ON : NO_MEMORY;
}

/* Inlined for the classic case (one-word keys, a board of at most 8x8: kw = 1 and small) and
 * the general one, each with single-cell or any-distance moves, so that the inner loop carries
 * no run-time switches where it matters. */
static inline __attribute__((always_inline)) rh_outcome
bfs(rh_table *t, rh_budget *b, const rh_layout *L, const uint64_t *start, bool stop_at_goal,
    uint64_t *goal, uint64_t *goals, const int kw, const bool unit, const bool small)
{
    rh_queue q;
    rh_queue_init(&q, kw);
    bool added;
    size_t slot = rh_table_insert(t, start, kw, &added);
    if (slot == RH_SLOT_NONE) return RH_STOPPED;
    if (t->via) t->via[slot] = RH_VIA_START;
    if (rh_layout_is_goal(L, start)) {
        ++*goals;
        if (stop_at_goal) {
            memcpy(goal, start, sizeof(uint64_t) * (size_t)kw);
            return RH_FOUND;
        }
    }
    if (!rh_queue_push(&q, b, start, RH_VIA_START, kw)) return RH_STOPPED;

    int status = GO_ON;
    uint64_t cur[RH_KEY_WORDS_MAX];
    rh_occupancy o;
    while (q.len && status == GO_ON) {
        if (rh_budget_exhausted(b)) break;
        const uint16_t last = rh_queue_pop_front(&q, cur, kw);
        /* Successors that can only be duplicates are not generated. After a single-cell slide,
         * sliding back is the parent. After a move of any distance, any other move of the same
         * vehicle gives the grandparent or one of its children, all already stored. */
        const int last_vehicle = last == RH_VIA_START ? -1 : rh_via_vehicle(last);
        const int back = last == RH_VIA_START ? 0 : -rh_via_delta(last);
        b->expanded++;
        rh_layout_occupancy(L, cur, &o, small);
        for (int i = 0; i < L->vehicle_count && status == GO_ON; i++) {
            if (!unit && i == last_vehicle) continue;
            int lo, hi;
            rh_layout_range(L, &o, i, &lo, &hi, small);
            const int p = o.pos[i];
            if (unit) {
                const bool skip_down = i == last_vehicle && back < 0;
                const bool skip_up = i == last_vehicle && back > 0;
                if (lo < p && !skip_down)
                    status = visit(t, b, &q, L, cur, i, -1, stop_at_goal, goal, goals, kw);
                if (hi > p && !skip_up && status == GO_ON)
                    status = visit(t, b, &q, L, cur, i, 1, stop_at_goal, goal, goals, kw);
                continue;
            }
            for (int d = lo - p; d < 0 && status == GO_ON; d++)
                status = visit(t, b, &q, L, cur, i, d, stop_at_goal, goal, goals, kw);
            for (int d = 1; d <= hi - p && status == GO_ON; d++)
                status = visit(t, b, &q, L, cur, i, d, stop_at_goal, goal, goals, kw);
        }
    }
    rh_queue_free(&q, b);
    if (status == GOAL) return RH_FOUND;
    if (status == NO_MEMORY || b->limit != RH_LIMIT_NONE) return RH_STOPPED;
    return RH_EXHAUSTED;
}

rh_outcome rh_search_bfs(rh_table *t, rh_budget *b, const rh_layout *L, const uint64_t *start,
                         bool unit, bool stop_at_goal, uint64_t *goal, uint64_t *goals)
{
    if (L->kw == 1 && L->ow == 1)
        return unit ? bfs(t, b, L, start, stop_at_goal, goal, goals, 1, true, true)
                    : bfs(t, b, L, start, stop_at_goal, goal, goals, 1, false, true);
    return unit ? bfs(t, b, L, start, stop_at_goal, goal, goals, L->kw, true, false)
                : bfs(t, b, L, start, stop_at_goal, goal, goals, L->kw, false, false);
}
