/* Breadth-first search over packed states: minimum moves, minimum slides, and exploration of
 * a whole component. The frontier holds keys, so expanding a state never touches the table. */
#include <limits.h>

#include "endgame.h"
#include "movegen.h"
#include "search_internal.h"
#include "state_queue.h"

/* Children handled together: their slots are prefetched before any is probed, so the cache
 * misses of a whole batch overlap instead of queueing one behind the other. */
#define BATCH 32

/* The move metric's finish: the shallowest known state within two moves of a goal. */
typedef struct {
    unsigned best; /* the goal depth it gives; UINT_MAX while none is known */
    uint64_t key[RH_KEY_WORDS_MAX];
    rh__endgame moves;
} finish;

/* Walks the recorded last moves into the table and leaves the goal in `goal`. */
static rh__outcome finish_path(rh__table *t, const rh__layout *L, const finish *f, uint64_t *goal,
                               int kw)
{
    memcpy(goal, f->key, sizeof(uint64_t) * (size_t)kw);
    for (int m = 0; m < f->moves.count; m++) {
        rh__key_move(L, goal, f->moves.vehicle[m], f->moves.delta[m]);
        bool added;
        const size_t slot = rh__table_insert(t, goal, &added);
        if (slot == RH_SLOT_NONE) return RH_STOPPED;
        if (added) t->via[slot] = rh__via_encode(f->moves.vehicle[m], f->moves.delta[m]);
    }
    return RH_FOUND;
}

/* Inlined for the classic cases (one-word keys on a board of at most 8x8: kw = 1 and small,
 * in 32-bit slots or not) and the general one, each with single-cell or any-distance moves,
 * so that the inner loop carries no run-time switches where it matters.
 *
 * In the move metric (not `unit`) with `stop_at_goal`, every new state's distance to the goal
 * is checked exactly when it is at most two (rh__endgame_find). States are generated in order
 * of depth, so once a state at depth d is known to be k moves from a goal, no goal is nearer
 * than d + k unless a state generated later at a depth e gives e + its own distance less than
 * that: the search stops as soon as the states left to expand are too deep to improve it, up
 * to two levels before plain BFS would. */
static inline __attribute__((always_inline)) rh__outcome
bfs(rh__table *t, rh__budget *b, const rh__layout *L, const uint64_t *start, bool stop_at_goal,
    uint64_t *goal, uint64_t *goals, const int kw, const bool narrow, const bool unit,
    const bool small)
{
    rh__queue q;
    rh__queue_init(&q, kw);
    bool added;
    size_t slot = rh__table_insert(t, start, &added);
    if (slot == RH_SLOT_NONE) return RH_STOPPED;
    if (t->via) t->via[slot] = RH_VIA_START;
    if (rh__layout_is_goal(L, start)) {
        ++*goals;
        if (stop_at_goal) {
            memcpy(goal, start, sizeof(uint64_t) * (size_t)kw);
            return RH_FOUND;
        }
    }
    const bool endgame = !unit && stop_at_goal;
    rh__movegen g;
    finish f = {.best = UINT_MAX};
    if (endgame) {
        rh__layout_occupancy(L, start, &g.o, kw, small);
        if (rh__endgame_find(L, &g.o, -1, 0, &f.moves) <= 2) {
            f.best = (unsigned)f.moves.count;
            memcpy(f.key, start, sizeof(uint64_t) * (size_t)kw);
        }
    }
    if (!rh__queue_push(&q, b, start, RH_VIA_START, kw)) return RH_STOPPED;

    rh__outcome outcome = RH_EXHAUSTED;
    uint64_t cur[RH_KEY_WORDS_MAX], child[BATCH][RH_KEY_WORDS_MAX], hash[BATCH];
    uint16_t moves[RH_MOVES_MAX];
    uint64_t steps[RH_MOVES_MAX];
    unsigned depth = 0;
    size_t this_level = 1, next_level = 0; /* states of depth `depth` left, of depth + 1 */
    while (q.len) {
        if (!this_level) {
            depth++;
            this_level = next_level;
            next_level = 0;
        }
        if (f.best <= depth + 2) { /* every state left gives depth + 1 + 1 or more */
            outcome = finish_path(t, L, &f, goal, kw);
            goto done;
        }
        if (!rh__budget_expand(b)) {
            outcome = RH_STOPPED;
            break;
        }
        this_level--;
        const uint16_t last = rh__queue_pop_front(&q, cur, kw);
        /* Successors that can only be duplicates are not generated. After a single-cell slide,
         * sliding back is the parent. After a move of any distance, any other move of the same
         * vehicle gives the grandparent or one of its children, all already stored. */
        const int last_vehicle = last == RH_VIA_START ? -1 : rh__via_vehicle(last);
        const int skip_delta = unit && last != RH_VIA_START ? -rh__via_delta(last) : 0;
        rh__movegen_load(L, cur, &g, kw, small);
        rh__slots sl;
        const int n = rh__movegen_expand(t, b, L, &g, unit, small, last_vehicle, skip_delta, moves,
                                         steps, &sl);
        if (n < 0) {
            outcome = RH_STOPPED;
            break;
        }
        for (int first = 0; first < n; first += BATCH) {
            const int count = n - first < BATCH ? n - first : BATCH;
            for (int k = 0; k < count; k++) {
                rh__movegen_child(L, cur, moves[first + k], steps[first + k], child[k], kw);
                hash[k] = rh__key_hash(child[k], kw);
                rh__slots_prefetch(&sl, hash[k], kw, narrow);
            }
            for (int k = 0; k < count; k++) {
                slot = rh__slots_put(&sl, child[k], hash[k], kw, narrow, &added);
                if (!added) continue;
                t->count++;
                const uint16_t via = moves[first + k];
                if (t->via) t->via[slot] = via;
                if (rh__layout_is_goal(L, child[k])) {
                    ++*goals;
                    if (stop_at_goal) {
                        memcpy(goal, child[k], sizeof(uint64_t) * (size_t)kw);
                        outcome = RH_FOUND;
                        goto done;
                    }
                }
                if (endgame) {
                    const int i = rh__via_vehicle(via);
                    rh__endgame e;
                    const int d = rh__endgame_find(L, &g.o, i, g.o.pos[i] + rh__via_delta(via), &e);
                    if (d <= 2 && depth + 1 + (unsigned)d < f.best) {
                        f.best = depth + 1 + (unsigned)d;
                        f.moves = e;
                        memcpy(f.key, child[k], sizeof(uint64_t) * (size_t)kw);
                        if (d == 1) { /* nothing generated later can be nearer */
                            outcome = finish_path(t, L, &f, goal, kw);
                            goto done;
                        }
                    }
                }
                if (!rh__queue_push(&q, b, child[k], via, kw)) {
                    outcome = RH_STOPPED;
                    goto done;
                }
                next_level++;
            }
        }
    }
    /* The queue ran dry with a finish known: it was within reach all along. */
    if (outcome == RH_EXHAUSTED && f.best != UINT_MAX) outcome = finish_path(t, L, &f, goal, kw);
done:
    rh__queue_free(&q, b);
    return outcome;
}

rh__outcome rh__search_bfs(rh__table *t, rh__budget *b, const rh__layout *L, const uint64_t *start,
                           bool unit, bool stop_at_goal, uint64_t *goal, uint64_t *goals)
{
    if (L->kw == 1 && L->ow == 1 && t->narrow)
        return unit ? bfs(t, b, L, start, stop_at_goal, goal, goals, 1, true, true, true)
                    : bfs(t, b, L, start, stop_at_goal, goal, goals, 1, true, false, true);
    if (L->kw == 1 && L->ow == 1)
        return unit ? bfs(t, b, L, start, stop_at_goal, goal, goals, 1, false, true, true)
                    : bfs(t, b, L, start, stop_at_goal, goal, goals, 1, false, false, true);
    return unit ? bfs(t, b, L, start, stop_at_goal, goal, goals, L->kw, t->narrow, true, false)
                : bfs(t, b, L, start, stop_at_goal, goal, goals, L->kw, t->narrow, false, false);
}
