/* rh_analyze: explore the component, then one breadth-first search outwards from all its goal
 * states at once. Moves are reversible, so that search's depths are every state's distance to
 * its nearest goal; the summary follows from them. */
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "rushhour/analyze.h"
#include "rushhour/error.h"
#include "search_internal.h"
#include "state_queue.h"

#define UNREACHED 0xFFFFu

/* The key of entry i of a queue that was only ever pushed to (its ring never wrapped). */
static const uint64_t *entry(const rh__queue *q, size_t i)
{
    return q->keys + i * (size_t)q->kw;
}

/* Pass 1: every state of the component, in `all`, all of them in `t` with depth UNREACHED.
 * `kw`, `narrow` and `small` as in the BFS: constants in the common cases. */
static inline __attribute__((always_inline)) bool explore(rh__table *t, rh__budget *b,
                                                          const rh__layout *L, rh__queue *all,
                                                          const uint64_t *start, const int kw,
                                                          const bool narrow, const bool small)
{
    bool added;
    size_t slot = rh__table_insert(t, start, &added);
    if (slot == RH_SLOT_NONE || !rh__queue_push(all, b, start, 0, kw)) return false;
    t->depth[slot] = UNREACHED;
    uint64_t cur[RH_KEY_WORDS_MAX], child[RH_KEY_WORDS_MAX], steps[RH_MOVES_MAX];
    uint16_t moves[RH_MOVES_MAX];
    rh__movegen g;
    for (size_t i = 0; i < all->len; i++) {
        if (rh__budget_exhausted(b)) return false;
        b->expanded++;
        /* A copy: the pushes below may move the queue. */
        memcpy(cur, entry(all, i), sizeof(uint64_t) * (size_t)kw);
        rh__movegen_load(L, cur, &g, kw, small);
        const int n = rh__movegen_list(L, &g, true, small, -1, 0, moves, steps);
        b->generated += (uint64_t)n;
        if (!rh__table_reserve(t, (size_t)n)) return false;
        const rh__slots sl = rh__table_slots(t);
        for (int k = 0; k < n; k++) {
            rh__movegen_child(L, cur, moves[k], steps[k], child, kw);
            slot = rh__slots_put(&sl, child, rh__key_hash(child, kw), kw, narrow, &added);
            if (!added) continue;
            t->count++;
            t->depth[slot] = UNREACHED;
            if (!rh__queue_push(all, b, child, 0, kw)) return false;
        }
    }
    return true;
}

/* Pass 2: distances to the nearest goal, by BFS from all goals at once, in t->depth. */
static inline __attribute__((always_inline)) bool
distances(rh__table *t, rh__budget *b, const rh__layout *L, const rh__queue *all, bool unit,
          rh__queue *frontier, uint64_t *goals, const int kw, const bool narrow, const bool small)
{
    for (size_t i = 0; i < all->len; i++) {
        if (!rh__layout_is_goal(L, entry(all, i))) continue;
        t->depth[rh__table_find_in(t, entry(all, i), kw, narrow)] = 0;
        if (!rh__queue_push(frontier, b, entry(all, i), 0, kw)) return false;
        ++*goals;
    }
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
            if (*depth != UNREACHED) continue;
            *depth = (uint16_t)(d + 1 < UNREACHED ? d + 1 : UNREACHED - 1);
            if (!rh__queue_push(frontier, b, child, 0, kw)) return false;
        }
    }
    return true;
}

/* Both passes, inlined for the classic case (one-word keys, 32-bit slots, a small board) and
 * the general one, as the BFS is. */
static inline __attribute__((always_inline)) bool passes(rh__table *t, rh__budget *b,
                                                         const rh__layout *L, rh__queue *all,
                                                         rh__queue *frontier, const uint64_t *start,
                                                         bool unit, uint64_t *goals, const int kw,
                                                         const bool narrow, const bool small)
{
    return explore(t, b, L, all, start, kw, narrow, small) &&
           distances(t, b, L, all, unit, frontier, goals, kw, narrow, small);
}

static bool analyse(rh__table *t, rh__budget *b, const rh__layout *L, rh__queue *all,
                    rh__queue *frontier, const uint64_t *start, bool unit, uint64_t *goals)
{
    if (L->kw == 1 && L->ow == 1 && t->narrow)
        return passes(t, b, L, all, frontier, start, unit, goals, 1, true, true);
    return passes(t, b, L, all, frontier, start, unit, goals, L->kw, t->narrow, false);
}

/* The summary, from the distances. */
static int summarise(rh_analysis *out, const rh__table *t, const rh__layout *L,
                     const rh__queue *all, const rh_puzzle *p, const uint64_t *start)
{
    size_t hardest = 0;
    out->max_distance = -1;
    for (size_t i = 0; i < all->len; i++) {
        const unsigned d = t->depth[rh__table_find(t, entry(all, i))];
        if (d == UNREACHED) {
            out->dead_states++;
        } else if ((int)d > out->max_distance) {
            out->max_distance = (int)d;
            hardest = i;
        }
    }
    if (out->max_distance >= 0) {
        out->histogram = calloc((size_t)out->max_distance + 1, sizeof *out->histogram);
        if (!out->histogram) return RH_ENOMEM;
        for (size_t i = 0; i < all->len; i++) {
            const unsigned d = t->depth[rh__table_find(t, entry(all, i))];
            if (d != UNREACHED) out->histogram[d]++;
        }
    }
    const unsigned d = t->depth[rh__table_find(t, start)];
    out->start_distance = d == UNREACHED ? -1 : (int)d;
    out->hardest = *p;
    const uint64_t *key = entry(all, hardest);
    for (int i = 0; i < L->vehicle_count; i++) {
        rh_vehicle *v = &out->hardest.vehicles[i];
        *(L->v[i].horizontal ? &v->col : &v->row) = rh__layout_pos(L, key, i);
    }
    rh__movegen g;
    uint16_t moves[RH_MOVES_MAX];
    rh__movegen_load(L, start, &g, L->kw, false);
    out->start_moves = rh__movegen_list(L, &g, false, false, -1, 0, moves, NULL);
    return RH_OK;
}

int rh_analyze(rh_analysis *out, const rh_puzzle *p, rh_metric metric, const rh_limits *limits)
{
    if (!out || !p) return RH_EARG;
    if ((unsigned)metric > RH_METRIC_SLIDES) return RH_EARG;
    *out = (rh_analysis){.metric = metric, .start_distance = -1, .max_distance = -1};
    rh__search s;
    const bool ready = rh__search_begin(&s, p, limits, false, true);
    rh__queue all, frontier;
    rh__queue_init(&all, s.layout.kw);
    rh__queue_init(&frontier, s.layout.kw);
    const bool whole = ready && analyse(&s.table, &s.budget, &s.layout, &all, &frontier, s.start,
                                        metric == RH_METRIC_SLIDES, &out->goal_states);
    int err = RH_OK;
    out->status = whole ? RH_SOLVED : RH_LIMIT_REACHED;
    out->limit = whole ? RH_LIMIT_NONE : s.budget.limit;
    if (whole) {
        out->states = all.len;
        err = summarise(out, &s.table, &s.layout, &all, p, s.start);
    }
    rh__queue_free(&frontier, &s.budget);
    rh__queue_free(&all, &s.budget);
    rh__search_end(&s, &out->stats);
    return err;
}

void rh_analysis_free(rh_analysis *a)
{
    if (!a) return;
    free(a->histogram);
    a->histogram = NULL;
}
