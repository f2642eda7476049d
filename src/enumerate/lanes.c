/* The distances of the clusters of up to 64 single walls at once: one breadth-first pass over
 * a wall-free cluster's recorded slides carries a mask per state, a bit a wall cell (a lane),
 * the cell's own bit. A state is in lane c while it leaves c free (bit c of its free cells),
 * so a slide onto the wall drops the lane; a state reached in several lanes at one distance
 * is visited once for all of them. As a wall rarely changes a state's distance, a state is
 * met at a few distances over all lanes, where a pass a wall would meet it once a lane.
 *
 * A goal state's primary car is at the exit, right of any wall its row can hold, and no slide
 * takes it past one: every state reached is of the space. Records stay per lane, not per
 * cluster: a lane whose solvable states make one cluster is that cluster's (walls.c checks
 * it by the count reached). */
#include <stdlib.h>
#include <string.h>

#include "lanes.h"

void rh__elanes_init(rh__elanes *b, rh__ememory *memory)
{
    memset(b, 0, sizeof *b);
    b->memory = memory;
    for (int c = 0; c < RH_ENUM_CELLS_MAX; c++) b->lane[c].moves = -1;
}

void rh__elanes_free(rh__elanes *b)
{
    free(b->seen);
    free(b->now);
    free(b->next);
    free(b->layer);
    free(b->following);
    atomic_fetch_sub(&b->memory->used, b->used);
    rh__elanes_init(b, b->memory);
}

static bool reserve(rh__elanes *b, uint32_t count)
{
    if (count <= b->allocated) return true;
    uint32_t n = b->allocated ? b->allocated : 256;
    while (n < count) n *= 2; /* count <= UINT32_MAX / 4 (rh__ework's bound) */
    const uint32_t have = b->allocated;
    if (!rh__ememory_grow(b->memory, &b->used, &b->seen, sizeof *b->seen, have, n) ||
        !rh__ememory_grow(b->memory, &b->used, &b->now, sizeof *b->now, have, n) ||
        !rh__ememory_grow(b->memory, &b->used, &b->next, sizeof *b->next, have, n) ||
        !rh__ememory_grow(b->memory, &b->used, &b->layer, sizeof *b->layer, have, n) ||
        !rh__ememory_grow(b->memory, &b->used, &b->following, sizeof *b->following, have, n))
        return false;
    b->allocated = n;
    return true;
}

/* Notes state i at distance d in the lanes of `mask`: the deepest so far, or as deep and of a
 * smaller key, is the lane's hardest. */
static void note(const rh__ework *w, const rh__egeom *g, rh__elanes *b, bool unit, uint32_t i,
                 int d, uint64_t mask)
{
    uint64_t h = 0, v = 0;
    bool keyed = false;
    for (; mask; mask &= mask - 1) {
        rh__elane_record *lane = &b->lane[__builtin_ctzll(mask)];
        int *deepest = unit ? &lane->slides : &lane->moves;
        uint32_t *hardest = unit ? &lane->hardest_slides : &lane->hardest;
        if (!unit) {
            lane->reached++;
            if (d < RH_ENUM_DEPTH_MAX) lane->hist[d]++;
        }
        if (!keyed) {
            h = rh__es_h(&w->states[i]);
            v = rh__es_v(g, &w->states[i]);
            keyed = true;
        }
        if (d > *deepest ||
            rh__key_less(h, v, rh__es_h(&w->states[*hardest]), rh__es_v(g, &w->states[*hardest])))
            *hardest = i;
        *deepest = d;
    }
}

/* Follows move `e` from a state at distance d in the lanes of `mask`, and more of the same
 * (its chain) unless `unit`: each state it reaches gets d + 1 in the lanes that had not reached
 * it, and the lanes that had reached it sooner stop there (its own slides reach the rest as
 * early), as do those whose wall it covers. */
static inline void reach(const rh__ework *w, rh__elanes *b, bool unit, uint32_t e, uint64_t mask,
                         uint32_t *count)
{
    for (;;) {
        const uint32_t k = w->edges[e];
        mask &= w->free[k] & ~(b->seen[k] & ~b->next[k]);
        if (!mask) return;
        const uint64_t add = mask & ~b->seen[k];
        if (add) {
            if (!b->next[k]) b->following[(*count)++] = k;
            b->next[k] |= add;
            b->seen[k] |= add;
        }
        if (unit || (e = w->chain[e]) == RH_EWORK_NO_CHAIN) return;
    }
}

/* One pass, by moves or by single slides (`unit`), in the lanes of `lanes`. */
static void pass(const rh__ework *w, const rh__egeom *g, rh__elanes *b, uint64_t lanes, bool unit)
{
    uint32_t count = 0;
    memset(b->seen, 0, sizeof *b->seen * w->count);
    memset(b->next, 0, sizeof *b->next * w->count);
    for (uint32_t i = 0; i < w->count; i++)
        if (rh__es_goal(g, &w->states[i]) && (w->free[i] & lanes)) {
            b->layer[count++] = i;
            b->now[i] = b->seen[i] = w->free[i] & lanes;
        }
    for (int d = 0; count; d++) {
        uint32_t next = 0;
        for (uint32_t j = 0; j < count; j++) {
            const uint32_t i = b->layer[j];
            note(w, g, b, unit, i, d, b->now[i]);
            for (uint32_t e = w->edge_start[i]; e < w->edge_start[i + 1]; e++)
                reach(w, b, unit, e, b->now[i], &next);
        }
        for (uint32_t j = 0; j < next; j++) {
            const uint32_t k = b->following[j];
            b->now[k] = b->next[k];
            b->next[k] = 0;
        }
        uint32_t *swap = b->layer;
        b->layer = b->following;
        b->following = swap;
        count = next;
    }
}

bool rh__enum_lanes(const rh__ework *w, const rh__egeom *g, rh__elanes *b, uint64_t lanes,
                    bool slides)
{
    if (!reserve(b, w->count)) return false;
    for (uint64_t m = lanes; m; m &= m - 1) {
        rh__elane_record *lane = &b->lane[__builtin_ctzll(m)];
        /* Only what the lane's last fill wrote is not 0. */
        if (lane->moves >= 0)
            memset(lane->hist, 0,
                   sizeof *lane->hist * (size_t)(lane->moves < RH_ENUM_DEPTH_MAX
                                                     ? lane->moves + 1
                                                     : RH_ENUM_DEPTH_MAX));
        lane->moves = lane->slides = -1;
        lane->reached = 0;
    }
    pass(w, g, b, lanes, false);
    if (slides) pass(w, g, b, lanes, true);
    return true;
}
