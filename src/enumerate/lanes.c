/* The distances and clusters of up to 64 wall sets at once (lanes), each of one or two walls
 * or none: one breadth-first pass over a wall-free cluster's recorded slides carries a mask per
 * state, a bit a lane. A state is in a lane while it leaves the lane's walls free, so a slide
 * onto a wall drops the lane; a state reached in several lanes at one distance is visited once
 * for all of them. As a wall rarely changes a state's distance, a state is met at a few
 * distances over all lanes, where a pass a wall set would meet it once a lane. The lanes of a
 * pass are the single walls (and the wall-free cluster), or pairs of walls of several first
 * walls: a pass takes as many as it holds.
 *
 * A goal state's primary car is at the exit, right of any wall its row can hold, and no slide
 * takes it past one: every state reached is of the space. A lane may hold several clusters
 * (a wall cuts one in parts): the distances are kept by state and lane.
 *
 * The clusters themselves are found the same way: a walk from a state carries the lanes that
 * have not yet placed it, so one walk finds that state's cluster in every lane at once, and a
 * lane's cluster is tallied as its states are met (size, goals, blocked configurations, key,
 * and its lengths, histogram and hardest states from the distances). Another walk starts from
 * the first state some lane has not placed. */
#include <stdlib.h>
#include <string.h>

#include "lanes.h"

void rh__elanes_init(rh__elanes *b, rh__ememory *memory)
{
    memset(b, 0, sizeof *b);
    b->memory = memory;
}

void rh__elanes_free(rh__elanes *b)
{
    void *const arrays[] = {b->state, b->layer, b->following, b->moves, b->slides};
    rh__ework_memory_free(b->memory, b->used, arrays, sizeof arrays / sizeof arrays[0]);
    rh__elanes_init(b, b->memory);
}

static bool grow(rh__elanes *b, void *array, size_t size, size_t have, size_t want)
{
    return rh__ework_memory_grow(b->memory, &b->used, array, size, have, want);
}

bool rh__elanes_reserve(rh__elanes *b, uint32_t states, int lanes)
{
    if (states > b->states) {
        uint32_t n = b->states ? b->states : 256;
        while (n < states) n *= 2; /* states <= UINT32_MAX / 4 (rh__ework's bound) */
        if (!grow(b, &b->state, sizeof *b->state, b->states, n) ||
            !grow(b, &b->layer, sizeof *b->layer, b->states, n) ||
            !grow(b, &b->following, sizeof *b->following, b->states, n))
            return false;
        b->states = n;
    }
    const size_t cells = (size_t)states * (size_t)lanes;
    if (cells > b->allocated) {
        /* The largest of these (a large cluster, many lanes) is most of a run's peak: an eighth
         * more than asked, not double. */
        const size_t n = cells + cells / 8;
        if (!grow(b, &b->moves, sizeof *b->moves, b->allocated, n) ||
            !grow(b, &b->slides, sizeof *b->slides, b->allocated, n))
            return false;
        b->allocated = n;
    }
    return true;
}

/* Fills table[i][v] with the lanes of by_cell[c] for each cell c = 8i + k of the bits k of v,
 * for the first `bytes` bytes of cells. */
static void spread(uint64_t (*table)[256], const uint64_t *by_cell, int bytes)
{
    for (int i = 0; i < bytes; i++) {
        table[i][0] = 0;
        for (int v = 1; v < 256; v++)
            table[i][v] = table[i][v & (v - 1)] | by_cell[8 * i + __builtin_ctz((unsigned)v)];
    }
}

bool rh__elanes_open(const rh__ework *w, const rh__egeom *g, rh__elanes *b, const uint64_t *walls,
                     int count, bool distances)
{
    if (!rh__elanes_reserve(b, w->count + 1, distances ? count : 0)) return false;
    /* A lane is open where its higher wall's cell is free, and its lower wall's (if any). */
    uint64_t high[RH_ENUM_CELLS_MAX] = {0}, low[RH_ENUM_CELLS_MAX] = {0}, always = 0, single = 0;
    b->lanes = count;
    for (int p = 0; p < count; p++) {
        const uint64_t bit = UINT64_C(1) << p, cells = walls[p];
        b->wall[p] = cells;
        if (!cells) {
            always |= bit;
            continue;
        }
        high[63 - __builtin_clzll(cells)] |= bit;
        if (cells & (cells - 1))
            low[__builtin_ctzll(cells)] |= bit;
        else
            single |= bit;
    }
    const int bytes = (g->cells + 7) / 8;
    spread(b->high, high, bytes);
    spread(b->low, low, bytes);
    for (uint32_t k = 0; k < w->count; k++) {
        /* Walls at or right of the primary car in its row are out of this state's lanes. */
        const uint64_t primary = w->states[k].m[RH_ES_HCAR] & g->primary_row;
        const uint64_t free = w->free[k] & ~(g->primary_row & ~(primary - 1));
        uint64_t h = 0, l = single;
        for (int i = 0; i < bytes; i++) {
            h |= b->high[i][(free >> 8 * i) & 255];
            l |= b->low[i][(free >> 8 * i) & 255];
        }
        b->state[k].open = always | (h & l);
    }
    return true;
}

/* Clears what the passes and walks mark. */
static void clear(const rh__ework *w, rh__elanes *b)
{
    for (uint32_t k = 0; k < w->count; k++)
        b->state[k].seen = b->state[k].now = b->state[k].next = 0;
}

/* Writes distance d for state i in the lanes of `mask`. */
static inline void set(rh__elanes *b, uint16_t *dist, uint32_t i, int d, uint64_t mask)
{
    uint16_t *row = dist + (size_t)i * (size_t)b->lanes;
    for (; mask; mask &= mask - 1) row[__builtin_ctzll(mask)] = (uint16_t)d;
}

/* Follows move `e` from a state at distance d in the lanes of `mask`, and more of the same
 * (its chain) unless `unit`: each state it reaches gets d + 1 in the lanes that had not reached
 * it, and the lanes that had reached it sooner stop there (its own slides reach the rest as
 * early), as do those whose wall it covers. */
static inline void reach(const rh__ework *w, rh__elanes *b, bool unit, uint32_t e, uint64_t mask,
                         uint32_t *count)
{
    for (;;) {
        rh__elane_state *s = &b->state[w->edges[e]];
        mask &= s->open & ~(s->seen & ~s->next);
        if (!mask) return;
        const uint64_t add = mask & ~s->seen;
        if (add) {
            if (!s->next) b->following[(*count)++] = w->edges[e];
            s->next |= add;
            s->seen |= add;
        }
        if (unit || (e = w->chain[e]) == RH_EWORK_NO_CHAIN) return;
    }
}

/* One pass, by moves or by single slides (`unit`), into `dist`. */
static void pass(const rh__ework *w, const rh__egeom *g, rh__elanes *b, bool unit, uint16_t *dist)
{
    uint32_t count = 0;
    clear(w, b);
    memset(dist, 0xff, sizeof *dist * w->count * (size_t)b->lanes);
    for (uint32_t i = 0; i < w->count; i++)
        if (b->state[i].open && rh__es_goal(g, &w->states[i])) {
            b->layer[count++] = i;
            b->state[i].now = b->state[i].seen = b->state[i].open;
        }
    for (int d = 0; count; d++) {
        uint32_t next = 0;
        for (uint32_t j = 0; j < count; j++) {
            const uint32_t i = b->layer[j];
            const uint64_t now = b->state[i].now;
            set(b, dist, i, d, now);
            for (uint32_t e = w->edge_start[i]; e < w->edge_start[i + 1]; e++)
                reach(w, b, unit, e, now, &next);
        }
        for (uint32_t j = 0; j < next; j++) {
            rh__elane_state *s = &b->state[b->following[j]];
            s->now = s->next;
            s->next = 0;
        }
        uint32_t *swap = b->layer;
        b->layer = b->following;
        b->following = swap;
        count = next;
    }
}

void rh__elanes_walk(const rh__ework *w, const rh__egeom *g, rh__elanes *b, bool slides)
{
    pass(w, g, b, false, b->moves);
    if (slides) pass(w, g, b, true, b->slides);
}

/* State i, at distance d with key (h, v), becomes *best when farther, or as far with a smaller
 * key. */
static void keep_hardest(rh__elane_hardest *best, int d, uint32_t i, uint64_t h, uint64_t v)
{
    if (d > best->distance || (d == best->distance && rh__es_key_less(h, v, best->h, best->v)))
        *best = (rh__elane_hardest){.distance = d, .state = i, .h = h, .v = v};
}

/* Adds state i to the clusters at hand of the lanes of `mask`. */
static void tally(const rh__ework *w, const rh__egeom *g, rh__elanes *b, uint32_t i, uint64_t mask,
                  bool distances, bool slides)
{
    const rh__estate *s = &w->states[i];
    const uint64_t h = rh__es_h(s), v = rh__es_v(g, s);
    const bool goal = rh__es_goal(g, s);
    /* Blocked with a lane's walls when no vehicle could slide left or up into any other cell. */
    const uint64_t into = rh__es_into(g, s, w->free[i]);
    const size_t row = (size_t)i * (size_t)b->lanes;
    for (; mask; mask &= mask - 1) {
        const int p = __builtin_ctzll(mask);
        rh__elane_cluster *t = &b->tally[p];
        t->states++;
        t->goals += goal;
        if (!(into & ~b->wall[p]) && (!t->configurations++ || rh__es_key_less(h, v, t->h, t->v))) {
            t->h = h;
            t->v = v;
        }
        if (!distances) continue;
        const int m = b->moves[row + (size_t)p];
        if (m == RH_ELANES_UNSEEN) continue; /* an unsolvable cluster */
        if (m < RH_ENUM_DEPTH_MAX) t->hist[m]++;
        keep_hardest(&t->moves, m, i, h, v);
        if (slides) keep_hardest(&t->slides, b->slides[row + (size_t)p], i, h, v);
    }
}

/* A walk starts loading what a state's visit reads this many visits ahead: the visits are
 * misses on arrays indexed by state (records, moves, distances), and the ring says which. */
#define AHEAD 12

/* Starts loading what tally() and the moves loop read of state k: its record, free cells,
 * moves, and distances in its first pending lane. */
static inline void load(const rh__ework *w, const rh__elanes *b, uint32_t k, bool distances,
                        bool slides)
{
    __builtin_prefetch(&w->states[k]);
    __builtin_prefetch(&w->free[k]);
    __builtin_prefetch(&w->edge_start[k]);
    if (!distances) return;
    const size_t at = (size_t)k * (size_t)b->lanes + (size_t)__builtin_ctzll(b->state[k].next);
    __builtin_prefetch(&b->moves[at]);
    if (slides) __builtin_prefetch(&b->slides[at]);
}

/* The walk from the `count` states of b->following, each in the lanes pending there (b->next),
 * which have not placed it, a lane from one seed only: each lane's cluster of its seed,
 * tallied. Breadth first: a state is met a few times in all, once a distance from the seeds
 * at which some lane reaches it. */
static void walk(const rh__ework *w, const rh__egeom *g, rh__elanes *b, uint32_t count,
                 bool distances, bool slides)
{
    rh__elane_state *st = b->state; /* seen: placed; next: pending */
    uint32_t *ring = b->layer, head = 0, tail = 0;
    for (uint32_t j = 0; j < count; j++) {
        const uint32_t seed = b->following[j];
        for (uint64_t m = st[seed].next; m; m &= m - 1) {
            rh__elane_cluster *t = &b->tally[__builtin_ctzll(m)];
            /* only what its last cluster wrote is not 0 */
            memset(t->hist, 0, sizeof *t->hist * rh__elane_hist_length(t));
            t->seed = seed;
            t->states = t->goals = t->configurations = 0;
            t->moves.distance = t->slides.distance = -1;
        }
        st[seed].seen |= st[seed].next;
        ring[tail++] = seed;
    }
    /* A state waits at most once at a time: at most w->count wait. The ring holds one more,
     * so that it never looks empty when full. */
    const uint32_t size = w->count + 1;
    while (head != tail) {
        const uint32_t i = ring[head];
        head = head + 1 == size ? 0 : head + 1;
        const uint32_t waiting = tail >= head ? tail - head : tail + size - head;
        if (waiting > AHEAD)
            load(w, b, ring[head + AHEAD < size ? head + AHEAD : head + AHEAD - size], distances,
                 slides);
        const uint64_t m = st[i].next;
        st[i].next = 0;
        tally(w, g, b, i, m, distances, slides);
        for (uint32_t e = w->edge_start[i]; e < w->edge_start[i + 1]; e++) {
            const uint32_t k = w->edges[e];
            rh__elane_state *s = &st[k];
            const uint64_t add = m & s->open & ~s->seen;
            if (!add) continue;
            s->seen |= add;
            if (!s->next) {
                ring[tail] = k;
                tail = tail + 1 == size ? 0 : tail + 1;
            }
            s->next |= add;
        }
    }
}

bool rh__elanes_clusters(const rh__ework *w, const rh__egeom *g, rh__elanes *b, bool distances,
                         bool slides, rh__elane_found_fn found, void *ctx)
{
    clear(w, b);
    uint64_t lanes = b->lanes < 64 ? (UINT64_C(1) << b->lanes) - 1 : UINT64_MAX;
    /* Every state before `from` is placed in every lane it is in, and `lanes` keeps those that
     * may seed again: a round rescans neither. */
    for (uint32_t from = 0;;) {
        /* Each lane's seed: its first state it has not placed. */
        uint32_t seeds = 0;
        uint64_t taken = 0;
        for (uint32_t i = from; i < w->count && taken != lanes; i++) {
            const uint64_t mask = b->state[i].open & ~b->state[i].seen & ~taken;
            if (!mask) continue;
            b->state[i].next = mask;
            b->following[seeds++] = i;
            taken |= mask;
        }
        if (!seeds) return true;
        from = b->following[0];
        lanes = taken;
        walk(w, g, b, seeds, distances, slides);
        for (uint32_t j = 0; j < seeds; j++) {
            const uint32_t seed = b->following[j];
            for (uint64_t m = b->state[seed].seen & taken; m; m &= m - 1) {
                const int p = __builtin_ctzll(m);
                if (b->tally[p].seed == seed && !found(ctx, p, &b->tally[p])) return false;
            }
        }
    }
}
