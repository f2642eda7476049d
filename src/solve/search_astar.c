/* A* and weighted A* over packed states, with a bucket queue: f values are small integers,
 * so the open list is one LIFO stack of keys per f (LIFO favours the deepest states of a
 * bucket, which reaches the goal with the fewest expansions). */
#include "heuristic.h"
#include "movegen.h"
#include "search_internal.h"
#include "state_queue.h"

#define DEPTH_MAX 0xFFFEu

typedef struct {
    rh__queue *q; /* q[f]: the open states of that f */
    size_t count;
    int kw;
} buckets;

static bool buckets_push(buckets *bk, rh__budget *b, size_t f, const uint64_t *key, int kw)
{
    if (f >= bk->count) {
        size_t count = bk->count ? bk->count : 64;
        while (count <= f) count *= 2;
        rh__queue *q = rh__budget_calloc(b, count * sizeof *q);
        if (!q) return false;
        if (bk->count) memcpy(q, bk->q, bk->count * sizeof *q);
        for (size_t i = bk->count; i < count; i++) rh__queue_init(&q[i], bk->kw);
        rh__budget_free(b, bk->q, bk->count * sizeof *q);
        bk->q = q;
        bk->count = count;
    }
    return rh__queue_push(&bk->q[f], b, key, 0, kw);
}

static void buckets_free(buckets *bk, rh__budget *b)
{
    for (size_t i = 0; i < bk->count; i++) rh__queue_free(&bk->q[i], b);
    rh__budget_free(b, bk->q, bk->count * sizeof *bk->q);
}

static inline __attribute__((always_inline)) rh__outcome
astar(rh__table *t, rh__budget *b, const rh__layout *L, const uint64_t *start, bool unit,
      int weight, uint64_t *goal, const int kw, const bool narrow, const bool small)
{
    buckets bk = {.kw = kw};
    rh__movegen gen;
    uint16_t moves[RH_MOVES_MAX];
    bool added;
    size_t slot = rh__table_insert(t, start, &added);
    if (slot == RH_SLOT_NONE) return RH_STOPPED;
    t->via[slot] = RH_VIA_START;
    t->depth[slot] = 0;
    rh__movegen_load(L, start, &gen, kw, small);
    int h = rh__heuristic(L, &gen.o, unit);
    if (h == RH_H_DEAD) return RH_EXHAUSTED;
    rh__outcome outcome = RH_EXHAUSTED;
    if (!buckets_push(&bk, b, (size_t)weight * (size_t)h, start, kw)) {
        outcome = RH_STOPPED;
        goto done;
    }

    /* Re-opening a state found by a shorter path keeps plain A* exact whatever the heuristic;
     * weighted A* gives up that guarantee anyway, and re-opening would only slow it. */
    const bool reopen = weight == 1;
    uint64_t cur[RH_KEY_WORDS_MAX], child[RH_KEY_WORDS_MAX], steps[RH_MOVES_MAX];
    size_t f = 0;
    for (;;) {
        while (f < bk.count && bk.q[f].len == 0) f++;
        if (f == bk.count) break;
        if (rh__budget_exhausted(b)) {
            outcome = RH_STOPPED;
            break;
        }
        rh__queue_pop_back(&bk.q[f], cur, kw);
        const unsigned g = t->depth[rh__table_find_in(t, cur, kw, narrow)];
        rh__movegen_load(L, cur, &gen, kw, small);
        h = rh__heuristic(L, &gen.o, unit);
        if (g + (size_t)weight * (size_t)h != f) continue; /* superseded by a shorter path */
        if (h == 0) {
            memcpy(goal, cur, sizeof(uint64_t) * (size_t)kw);
            outcome = RH_FOUND;
            break;
        }
        b->expanded++;
        const unsigned ng = g + 1;
        if (ng > DEPTH_MAX) continue;
        rh__slots sl;
        const int n = rh__movegen_expand(t, b, L, &gen, unit, small, -1, 0, moves, steps, &sl);
        if (n < 0) {
            outcome = RH_STOPPED;
            break;
        }
        for (int k = 0; k < n; k++) {
            const int i = rh__via_vehicle(moves[k]), delta = rh__via_delta(moves[k]);
            rh__movegen_child(L, cur, moves[k], steps[k], child, kw);
            slot = rh__slots_put(&sl, child, rh__key_hash(child, kw), kw, narrow, &added);
            t->count += added;
            if (!added && (!reopen || t->depth[slot] <= ng)) continue;
            t->depth[slot] = (uint16_t)ng;
            t->via[slot] = moves[k];
            /* The child's bound, from this occupancy with vehicle i moved. */
            const int p = gen.o.pos[i];
            rh__occupancy_move(L, &gen.o, i, p + delta);
            const int ch = rh__heuristic(L, &gen.o, unit);
            rh__occupancy_move(L, &gen.o, i, p);
            if (ch == RH_H_DEAD) continue;
            const size_t cf = ng + (size_t)weight * (size_t)ch;
            if (!buckets_push(&bk, b, cf, child, kw)) {
                outcome = RH_STOPPED;
                goto done;
            }
            if (cf < f) f = cf; /* only a weight above 1 can go below the current f */
        }
    }
done:
    buckets_free(&bk, b);
    return outcome;
}

rh__outcome rh__search_astar(rh__table *t, rh__budget *b, const rh__layout *L,
                             const uint64_t *start, bool unit, int weight, uint64_t *goal)
{
    if (L->kw == 1 && L->ow == 1 && t->narrow)
        return astar(t, b, L, start, unit, weight, goal, 1, true, true);
    return astar(t, b, L, start, unit, weight, goal, L->kw, t->narrow, false);
}
