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
    uint16_t moves[RH_MOVES_MAX];
    rh__component_work w;
    for (size_t i = 0; i < all->len; i++) {
        if (!rh__budget_expand(b)) return false;
        /* A copy: the pushes below may move the queue. */
        memcpy(w.key, rh__component_state(all, i), sizeof(uint64_t) * (size_t)kw);
        rh__movegen_load(L, w.key, &w.g, kw, small);
        rh__slots sl;
        const int n = rh__movegen_expand(t, b, L, &w.g, true, small, -1, 0, moves, w.steps, &sl);
        if (n < 0) return false;
        for (int k = 0; k < n; k++) {
            uint64_t child[RH_KEY_WORDS_MAX];
            rh__movegen_child(L, w.key, moves[k], w.steps[k], child, kw);
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

/* gcc's analyzer, following rh__movegen_list inlined here with the position inside
 * rh__component_work, loses count of its two loops over the words and reports heads[w] read
 * unset: the first sets every word the second reads, both up to `words`. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wanalyzer-use-of-uninitialized-value"
#endif
static inline __attribute__((always_inline)) bool distances(rh__table *t, rh__budget *b,
                                                            const rh__layout *L, bool unit,
                                                            rh__queue *frontier, const int kw,
                                                            const bool narrow, const bool small)
{
    uint16_t moves[RH_MOVES_MAX];
    rh__component_work w;
    while (frontier->len) {
        if (!rh__budget_expand(b)) return false;
        rh__queue_pop_front(frontier, w.key, kw);
        const unsigned d = t->depth[rh__table_find_in(t, w.key, kw, narrow)];
        rh__movegen_load(L, w.key, &w.g, kw, small);
        const int n = rh__movegen_list(L, &w.g, unit, small, -1, 0, moves, w.steps);
        b->generated += (uint64_t)n;
        for (int k = 0; k < n; k++) {
            uint64_t child[RH_KEY_WORDS_MAX];
            rh__movegen_child(L, w.key, moves[k], w.steps[k], child, kw);
            uint16_t *depth = &t->depth[rh__table_find_in(t, child, kw, narrow)];
            if (*depth != RH_UNREACHED) continue;
            *depth = (uint16_t)(d + 1 < RH_UNREACHED ? d + 1 : RH_UNREACHED - 1);
            if (!rh__queue_push(frontier, b, child, 0, kw)) return false;
        }
    }
    return true;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

bool rh__component_distances(rh__table *t, rh__budget *b, const rh__layout *L, bool unit,
                             rh__queue *frontier)
{
    if (L->kw == 1 && L->ow == 1 && t->narrow)
        return distances(t, b, L, unit, frontier, 1, true, true);
    return distances(t, b, L, unit, frontier, L->kw, t->narrow, false);
}
