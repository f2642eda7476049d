/* Breadth-first search over packed states: minimum moves, minimum slides, and exploration of
 * a whole component. The frontier holds keys, so expanding a state never touches the table. */
#include "search_internal.h"
#include "state_queue.h"

/* Inlined twice, for one-word keys (kw = 1, the compiler's constant) and for any width. */
static inline __attribute__((always_inline)) rh_outcome
bfs(rh_table *t, rh_budget *b, const rh_layout *L, const uint64_t *start, bool unit,
    bool stop_at_goal, uint64_t *goal, uint64_t *goals, const int kw)
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
    if (!rh_queue_push(&q, b, start, kw)) return RH_STOPPED;

    rh_outcome outcome = RH_EXHAUSTED;
    uint64_t cur[RH_KEY_WORDS_MAX], child[RH_KEY_WORDS_MAX];
    rh_occupancy o;
    while (q.len) {
        if (rh_budget_exhausted(b)) {
            outcome = RH_STOPPED;
            break;
        }
        rh_queue_pop_front(&q, cur, kw);
        b->expanded++;
        rh_layout_occupancy(L, cur, &o);
        for (int i = 0; i < L->vehicle_count; i++) {
            int lo, hi;
            rh_layout_range(L, &o, i, &lo, &hi);
            const int p = o.pos[i];
            if (unit) {
                lo = lo < p - 1 ? p - 1 : lo;
                hi = hi > p + 1 ? p + 1 : hi;
            }
            for (int to = lo; to <= hi; to++) {
                if (to == p) continue;
                memcpy(child, cur, sizeof(uint64_t) * (size_t)kw);
                rh_key_move(L, child, i, to - p);
                b->generated++;
                slot = rh_table_insert(t, child, kw, &added);
                if (slot == RH_SLOT_NONE) {
                    outcome = RH_STOPPED;
                    goto done;
                }
                if (!added) continue;
                if (t->via) t->via[slot] = rh_via_encode(i, to - p);
                if (rh_layout_is_goal(L, child)) {
                    ++*goals;
                    if (stop_at_goal) {
                        memcpy(goal, child, sizeof(uint64_t) * (size_t)kw);
                        outcome = RH_FOUND;
                        goto done;
                    }
                }
                if (!rh_queue_push(&q, b, child, kw)) {
                    outcome = RH_STOPPED;
                    goto done;
                }
            }
        }
    }
done:
    rh_queue_free(&q, b);
    return outcome;
}

rh_outcome rh_search_bfs(rh_table *t, rh_budget *b, const rh_layout *L, const uint64_t *start,
                         bool unit, bool stop_at_goal, uint64_t *goal, uint64_t *goals)
{
    if (L->kw == 1) return bfs(t, b, L, start, unit, stop_at_goal, goal, goals, 1);
    return bfs(t, b, L, start, unit, stop_at_goal, goal, goals, L->kw);
}
