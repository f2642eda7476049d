/* One cluster of the enumeration, from one blocked configuration: a breadth-first exploration
 * that gives up at the first state of smaller key (the configuration is then not the
 * cluster's minimum, and the cluster is someone else's to report), then for a canonical one
 * the distances to the goal from every goal state at once, in moves and optionally in slides,
 * and the record. */
#include <string.h>

#include "cluster.h"
#include "minimal.h"
#include "notation.h"
#include "state.h"
#include "buffers.h"

#define UNSEEN UINT16_MAX

/* The bits set in x (no popcount instruction in the baseline). */
static inline uint32_t bits_in(uint64_t x)
{
    x -= x >> 1 & UINT64_C(0x5555555555555555);
    x = (x & UINT64_C(0x3333333333333333)) + (x >> 2 & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (uint32_t)((x * UINT64_C(0x0101010101010101)) >> 56);
}

/* Explores the component of `start` by single-cell slides (they reach all of it), recording
 * the moves between its states. Gives up at the first key below the start's.
 *
 * Each move is looked up once, from the state explored first: the slide back leads to a
 * state already known, so it is marked in the other's `skip`, which leaves room for it at the
 * head of that state's list; link_back writes it there once the cluster is known to be
 * wanted. */
rh__ecluster_result rh__enum_explore(rh__ework *w, const rh__egeom *g, uint64_t walls,
                                     const rh__estate *start, uint64_t *goals)
{
    const uint64_t h0 = rh__es_h(start) | walls, v0 = rh__es_v(g, start);
    rh__estate next[RH_ES_MOVES_MAX];
    uint16_t label[RH_ES_MOVES_MAX];
    uint64_t key[RH_ES_MOVES_MAX];
    uint32_t hash[RH_ES_MOVES_MAX];
    bool added;
    rh__ework_reset(w);
    if (rh__ework_add(w, start, &added) == RH_EWORK_FULL) return RH_EC_FULL;
    w->skip[0][0] = w->skip[0][1] = 0;
    *goals = 0;
    for (uint32_t i = 0; i < w->count; i++) {
        const rh__estate s = w->states[i];
        const uint64_t free = w->free[i] = rh__es_free(g, &s, walls);
        w->live_from = i; /* its own moves lead to states after it */
        *goals += rh__es_goal(g, &s);
        int forward_moves;
        const int n = rh__es_moves(g, &s, free, true, w->skip[i], next, label, &forward_moves);
        const uint32_t back = bits_in(w->skip[i][0]) + bits_in(w->skip[i][1]);
        w->edge_start[i] = w->edge_count;
        if (!rh__ework_edges_take(w, back + (uint32_t)n)) return RH_EC_FULL;
        uint32_t at = w->edge_start[i] + back;
        for (int j = 0; j < n; j++) {
            key[j] = rh__es_key(g, &next[j]);
            hash[j] = rh__ework_hash(key[j]);
            rh__ework_prefetch(w, hash[j]);
        }
        for (int j = 0; j < n; j++) {
            const bool forward = j < forward_moves;
            /* Every state met so far is above the start, and a slide right or down only
             * raises the key: only slides left or up can go below it. */
            if (!forward && rh__key_less(rh__es_h(&next[j]) | walls, rh__es_v(g, &next[j]), h0, v0))
                return RH_EC_NOT_CANONICAL;
            const uint32_t k = rh__ework_put(w, &next[j], key[j], hash[j], &added);
            if (k == RH_EWORK_FULL) return RH_EC_FULL;
            w->edges[at] = k;
            w->labels[at++] = label[j];
            if (added) w->skip[k][0] = w->skip[k][1] = 0;
            /* In k the moved vehicle starts at the label's cell; its slide back leads here. */
            w->skip[k][forward ? RH_ES_SKIP_BACK : RH_ES_SKIP_FORWARD] |= UINT64_C(1)
                                                                          << (label[j] >> 3);
        }
    }
    w->edge_start[w->count] = w->edge_count;
    return RH_EC_CLUSTER;
}

/* The label of the slide that undoes the slide `label`. */
static inline uint16_t reversed(const rh__egeom *g, uint16_t label)
{
    return rh__es_label_next(g, label ^ RH_ES_FORWARD); /* the other way, from where it ended */
}

/* Completes the lists: each state's own moves, turned around, into the room at the head of the
 * list of the state they lead to. That state comes later in discovery order (a move to an
 * explored state is that state's), so its head is full before its own moves are read. */
static void link_back(rh__ework *w, const rh__egeom *g)
{
    uint32_t *cursor = w->queue;
    for (uint32_t i = 0; i < w->count; i++) cursor[i] = w->edge_start[i];
    for (uint32_t i = 0; i < w->count; i++)
        for (uint32_t e = cursor[i]; e < w->edge_start[i + 1]; e++) {
            const uint32_t at = cursor[w->edges[e]]++;
            w->edges[at] = i;
            w->labels[at] = reversed(g, w->labels[e]);
        }
}

/* Whether move `e` goes on: its vehicle can slide once more the same way. */
static inline bool goes_on(const rh__ework *w, const rh__egeom *g, uint32_t e)
{
    return rh__es_slides_on(g, w->free[w->edges[e]], w->labels[e]);
}

/* The move after move `e`, which goes on: its vehicle's next single-cell slide the same way,
 * in the list of the state e leads to. */
static inline uint32_t slide_on(const rh__ework *w, const rh__egeom *g, uint32_t e)
{
    const uint16_t want = rh__es_label_next(g, w->labels[e]);
    uint32_t f = w->edge_start[w->edges[e]];
    while (w->labels[f] != want) f++;
    return f;
}

/* Gives distance d + 1 to the states that move `e` from a state at distance d, and more of
 * the same, reach (only the first when `unit`), and queues them. */
static inline void reach(rh__ework *w, const rh__egeom *g, bool unit, int d, uint32_t e,
                         uint32_t *tail)
{
    for (;; e = slide_on(w, g, e)) {
        const uint32_t k = w->edges[e];
        if (w->dist[k] == UNSEEN) {
            w->dist[k] = (uint16_t)(d + 1);
            w->queue[(*tail)++] = k;
        } else if (w->dist[k] <= d) {
            return; /* k's own slides the same way reach the rest as early */
        }
        if (unit || !goes_on(w, g, e)) return;
    }
}

/* Distances from the nearest goal over the explored states, by moves of any distance (a
 * chain of single-cell slides of one vehicle one way), or by single-cell slides (`unit`).
 * Fills hist (if not NULL) and returns the largest distance. */
static int distances(rh__ework *w, const rh__egeom *g, bool unit, uint64_t *hist)
{
    uint32_t tail = 0;
    for (uint32_t i = 0; i < w->count; i++) {
        const bool goal = rh__es_goal(g, &w->states[i]);
        w->dist[i] = goal ? 0 : UNSEEN;
        if (goal) w->queue[tail++] = i;
    }
    int deepest = 0;
    for (uint32_t head = 0; head < tail; head++) {
        const uint32_t i = w->queue[head];
        const int d = w->dist[i];
        deepest = d;
        if (hist && d < RH_ENUM_DEPTH_MAX) hist[d]++;
        for (uint32_t e = w->edge_start[i]; e < w->edge_start[i + 1]; e++)
            reach(w, g, unit, d, e, &tail);
    }
    return deepest;
}

/* The index of the state of smallest key at distance `d`. */
static uint32_t hardest_at(const rh__ework *w, const rh__egeom *g, uint64_t walls, int d)
{
    uint32_t best = UINT32_MAX;
    uint64_t bh = 0, bv = 0;
    for (uint32_t i = 0; i < w->count; i++) {
        if (w->dist[i] != d) continue;
        const uint64_t h = rh__es_h(&w->states[i]) | walls, v = rh__es_v(g, &w->states[i]);
        if (best == UINT32_MAX || rh__key_less(h, v, bh, bv)) {
            best = i;
            bh = h;
            bv = v;
        }
    }
    return best;
}

/* Marks a state met by shortening(), in the top bit of its distance (distances stay below). */
#define MET 0x8000

/* The first cell in `to` of the vehicle of kind `k` whose first cell is `c` in `from`:
 * vehicles keep their order along their row or column. */
static int same_vehicle(const rh__egeom *g, const rh__estate *from, const rh__estate *to, int k,
                        int c)
{
    const int kind = k < 2 ? RH_ES_HCAR : RH_ES_VCAR;
    const uint64_t lane = k < 2 ? g->row0 << (c - c % g->n) : g->column0 << (c % g->n);
    const uint64_t before = (from->m[kind] | from->m[kind + 1]) & lane & ((UINT64_C(1) << c) - 1);
    uint64_t there = (to->m[kind] | to->m[kind + 1]) & lane;
    for (int rank = __builtin_popcountll(before); rank; rank--) there &= there - 1;
    return __builtin_ctzll(there);
}

/* Follows move `e` from a state at distance d, and more of the same: each state at d - 1 is
 * a step of a shortest solution, whose vehicle goes into *moved (by its first cell in
 * `start`) and which is queued once. */
static inline void descend(rh__ework *w, const rh__egeom *g, const rh__estate *start, int d,
                           uint32_t e, uint32_t *tail, uint64_t *moved)
{
    for (;; e = slide_on(w, g, e)) {
        const uint32_t k = w->edges[e];
        if ((w->dist[k] & ~MET) == d - 1) {
            const uint16_t label = w->labels[e];
            *moved |= UINT64_C(1) << same_vehicle(g, &w->states[k], start, label & 3, label >> 3);
            if (!(w->dist[k] & MET)) {
                w->dist[k] |= MET;
                w->queue[(*tail)++] = k;
            }
        }
        if (!goes_on(w, g, e)) return;
    }
}

/* The vehicles that some shortest solution from state `from` moves, by their first cells
 * there. Removing one shortens the solution: drop its moves, and the others still fit. */
static uint64_t shortening(rh__ework *w, const rh__egeom *g, uint32_t from)
{
    const rh__estate start = w->states[from];
    uint64_t moved = 0;
    uint32_t tail = 0;
    w->queue[tail++] = from;
    w->dist[from] |= MET;
    for (uint32_t head = 0; head < tail; head++) {
        const uint32_t i = w->queue[head];
        const int d = w->dist[i] & ~MET;
        if (d == 0) continue;
        for (uint32_t e = w->edge_start[i]; e < w->edge_start[i + 1]; e++)
            descend(w, g, &start, d, e, &tail, &moved);
    }
    for (uint32_t q = 0; q < tail; q++) w->dist[w->queue[q]] &= ~MET;
    return moved;
}

rh__ecluster_result rh__enum_record(rh__ework *w, const rh__egeom *g, uint64_t walls,
                                    const rh__estate *start, uint64_t goals, bool slides,
                                    rh_cluster *out)
{
    const uint64_t vehicles = start->m[0] | start->m[1] | start->m[2] | start->m[3];
    out->board_size = g->n;
    out->canonical_h = rh__es_h(start) | walls;
    out->canonical_v = rh__es_v(g, start);
    out->states = w->count;
    out->goal_states = goals;
    out->vehicles = __builtin_popcountll(vehicles);
    out->walls = __builtin_popcountll(walls);
    out->moves = out->slides = -1;
    out->minimal = false;
    out->hardest[0] = out->hardest_slides[0] = '\0';
    if (!goals) return RH_EC_CLUSTER;
    link_back(w, g);
    memset(out->hist, 0, sizeof out->hist);
    out->moves = distances(w, g, false, out->hist);
    const uint32_t at = hardest_at(w, g, walls, out->moves);
    const rh__estate hardest = w->states[at];
    rh__enum_notation(g, walls, &hardest, out->hardest);
    const uint64_t moved = shortening(w, g, at);
    if (slides) {
        out->slides = distances(w, g, true, NULL);
        rh__enum_notation(g, walls, &w->states[hardest_at(w, g, walls, out->slides)],
                          out->hardest_slides);
    }
    /* rh__enum_minimal searches in the same buffers: `hardest` is a copy. */
    const int minimal = rh__enum_minimal(w, g, walls, &hardest, out->moves, moved);
    if (minimal < 0) return RH_EC_FULL;
    out->minimal = minimal == 1;
    return RH_EC_CLUSTER;
}
