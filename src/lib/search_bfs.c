/* Breadth-first search over packed states: minimum moves, minimum slides, and exploration of
 * a whole component. The frontier holds keys, so expanding a state never touches the table. */
#include "heuristic.h"
#include "movegen.h"
#include "search_internal.h"
#include "state_queue.h"

/* Children handled together: their slots are prefetched before any is probed, so the cache
 * misses of a whole batch overlap instead of queueing one behind the other. */
#define BATCH 32

/* Stores the goal one move beyond `clear` (the target driven to the exit) into `goal`. */
static rh_outcome drive_out(rh_table *t, const rh_layout *L, const uint64_t *clear, uint64_t *goal,
                            int kw)
{
    const int target = L->target;
    const int delta = L->v[target].maxpos - rh_layout_pos(L, clear, target);
    memcpy(goal, clear, sizeof(uint64_t) * (size_t)kw);
    rh_key_move(L, goal, target, delta);
    bool added;
    const size_t slot = rh_table_insert(t, goal, kw, &added);
    if (slot == RH_SLOT_NONE) return RH_STOPPED;
    t->via[slot] = rh_via_encode(target, delta);
    return RH_FOUND;
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

    rh_outcome outcome = RH_EXHAUSTED;
    uint64_t cur[RH_KEY_WORDS_MAX], child[BATCH][RH_KEY_WORDS_MAX], hash[BATCH];
    uint16_t moves[RH_MOVES_MAX];
    rh_movegen g;
    while (q.len) {
        if (rh_budget_exhausted(b)) {
            outcome = RH_STOPPED;
            break;
        }
        const uint16_t last = rh_queue_pop_front(&q, cur, kw);
        /* Successors that can only be duplicates are not generated. After a single-cell slide,
         * sliding back is the parent. After a move of any distance, any other move of the same
         * vehicle gives the grandparent or one of its children, all already stored. */
        const int last_vehicle = last == RH_VIA_START ? -1 : rh_via_vehicle(last);
        const int skip_delta = unit && last != RH_VIA_START ? -rh_via_delta(last) : 0;
        b->expanded++;
        rh_movegen_load(L, cur, &g, unit, small);
        /* In the move metric the goal is one move beyond the first state whose way out is
         * clear, and states are generated in order of depth: so the search can stop when such
         * a state is generated rather than when it is expanded, a level earlier. A state's way
         * out only clears when its sole blocker leaves the exit row. */
        const int unblocker = !unit && stop_at_goal ? rh_sole_blocker(L, &g.o) : -1;
        const int n = rh_movegen_list(L, &g, unit, small, last_vehicle, skip_delta, moves);
        b->generated += (uint64_t)n;
        for (int first = 0; first < n; first += BATCH) {
            const int count = n - first < BATCH ? n - first : BATCH;
            for (int k = 0; k < count; k++) {
                const uint16_t mv = moves[first + k];
                memcpy(child[k], cur, sizeof(uint64_t) * (size_t)kw);
                rh_key_move(L, child[k], rh_via_vehicle(mv), rh_via_delta(mv));
                hash[k] = rh_key_hash(child[k], kw);
                rh_table_prefetch(t, hash[k]);
            }
            for (int k = 0; k < count; k++) {
                slot = rh_table_insert_hashed(t, child[k], hash[k], kw, &added);
                if (slot == RH_SLOT_NONE) {
                    outcome = RH_STOPPED;
                    goto done;
                }
                if (!added) continue;
                const uint16_t via = moves[first + k];
                if (t->via) t->via[slot] = via;
                if (rh_layout_is_goal(L, child[k])) {
                    ++*goals;
                    if (stop_at_goal) {
                        memcpy(goal, child[k], sizeof(uint64_t) * (size_t)kw);
                        outcome = RH_FOUND;
                        goto done;
                    }
                }
                if (rh_via_vehicle(via) == unblocker &&
                    !rh_layout_covers(L, unblocker, g.o.pos[unblocker] + rh_via_delta(via),
                                      L->exit_row)) {
                    outcome = drive_out(t, L, child[k], goal, kw);
                    goto done;
                }
                if (!rh_queue_push(&q, b, child[k], via, kw)) {
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
    if (L->kw == 1 && L->ow == 1)
        return unit ? bfs(t, b, L, start, stop_at_goal, goal, goals, 1, true, true)
                    : bfs(t, b, L, start, stop_at_goal, goal, goals, 1, false, true);
    return unit ? bfs(t, b, L, start, stop_at_goal, goal, goals, L->kw, true, false)
                : bfs(t, b, L, start, stop_at_goal, goal, goals, L->kw, false, false);
}
