/* Exploring a component and its distances to the goals, each pass inlined for the classic case
 * (one-word keys, 32-bit slots, a small board) and the general one, as the BFS is. */
#include <string.h>

#include "component.h"
#include "movegen.h"

/* `kw`, `narrow` and `small` as in the BFS: constants in the common cases. */
static inline __attribute__((always_inline)) bool explore(rh__table *t, rh__budget *b,
                                                          const rh__layout *L, rh__queue *all,
                                                          const uint64_t *start, const int kw,
                                                          const bool narrow, const bool small)
{
    bool added;
    size_t slot = rh__table_insert(t, start, &added);
    if (slot == RH_SLOT_NONE || !rh__queue_push(all, b, start, 0, kw)) return false;
    t->depth[slot] = RH_UNREACHED;
    uint64_t cur[RH_KEY_WORDS_MAX], child[RH_KEY_WORDS_MAX], steps[RH_MOVES_MAX];
    uint16_t moves[RH_MOVES_MAX];
    rh__movegen g;
    for (size_t i = 0; i < all->len; i++) {
        if (rh__budget_exhausted(b)) return false;
        b->expanded++;
        /* A copy: the pushes below may move the queue. */
        memcpy(cur, rh__component_state(all, i), sizeof(uint64_t) * (size_t)kw);
        rh__movegen_load(L, cur, &g, kw, small);
        rh__slots sl;
        const int n = rh__movegen_expand(t, b, L, &g, true, small, -1, 0, moves, steps, &sl);
        if (n < 0) return false;
        for (int k = 0; k < n; k++) {
            rh__movegen_child(L, cur, moves[k], steps[k], child, kw);
            slot = rh__slots_put(&sl, child, rh__key_hash(child, kw), kw, narrow, &added);
            if (!added) continue;
            t->count++;
            t->depth[slot] = RH_UNREACHED;
            if (!rh__queue_push(all, b, child, 0, kw)) return false;
        }
    }
    return true;
}

bool rh__component_explore(rh__table *t, rh__budget *b, const rh__layout *L, rh__queue *all,
                           const uint64_t *start)
{
    if (L->kw == 1 && L->ow == 1 && t->narrow) return explore(t, b, L, all, start, 1, true, true);
    return explore(t, b, L, all, start, L->kw, t->narrow, false);
}

static inline __attribute__((always_inline)) bool distances(rh__table *t, rh__budget *b,
                                                            const rh__layout *L, bool unit,
                                                            rh__queue *frontier, const int kw,
                                                            const bool narrow, const bool small)
{
    uint64_t cur[RH_KEY_WORDS_MAX], child[RH_KEY_WORDS_MAX], steps[RH_MOVES_MAX];
    uint16_t moves[RH_MOVES_MAX];
    rh__movegen g;
    while (frontier->len) {
        if (rh__budget_exhausted(b)) return false;
        b->expanded++;
        rh__queue_pop_front(frontier, cur, kw);
        const unsigned d = t->depth[rh__table_find_in(t, cur, kw, narrow)];
        rh__movegen_load(L, cur, &g, kw, small);
        const int n = rh__movegen_list(L, &g, unit, small, -1, 0, moves, steps);
        b->generated += (uint64_t)n;
        for (int k = 0; k < n; k++) {
            rh__movegen_child(L, cur, moves[k], steps[k], child, kw);
            uint16_t *depth = &t->depth[rh__table_find_in(t, child, kw, narrow)];
            if (*depth != RH_UNREACHED) continue;
            *depth = (uint16_t)(d + 1 < RH_UNREACHED ? d + 1 : RH_UNREACHED - 1);
            if (!rh__queue_push(frontier, b, child, 0, kw)) return false;
        }
    }
    return true;
}

bool rh__component_distances(rh__table *t, rh__budget *b, const rh__layout *L, bool unit,
                             rh__queue *frontier)
{
    if (L->kw == 1 && L->ow == 1 && t->narrow)
        return distances(t, b, L, unit, frontier, 1, true, true);
    return distances(t, b, L, unit, frontier, L->kw, t->narrow, false);
}
