/* A cluster's record over a view of a work buffer (record.h): the distances to the goal from
 * every goal state at once, in moves and optionally in slides, over the recorded single-cell
 * slides; the hardest states; the vehicles some shortest solution moves; minimality. A view
 * with walls leaves out every slide onto one. */
#include <string.h>

#include "record.h"
#include "minimal.h"
#include "notation.h"

#define UNSEEN RH_EVIEW_UNSEEN

/* Whether state k is the view's: it leaves the view's walls free. A slide from a state of the
 * view to another state that does is a slide of the view's cluster. */
static inline bool in_view(const rh__ework *w, const rh__eview *v, uint32_t k)
{
    return (w->free[k] & v->walls) == v->walls;
}

/* The move after move `e`: its vehicle's next single-cell slide the same way, in the list of
 * the state e leads to; RH_EWORK_NO_CHAIN when it cannot slide on. */
static inline uint32_t slide_on(const rh__ework *w, const rh__egeom *g, const rh__eview *v,
                                uint32_t e)
{
    if (v->chained) return w->chain[e];
    if (!rh__es_slides_on(g, w->free[w->edges[e]] & ~v->walls, w->labels[e]))
        return RH_EWORK_NO_CHAIN;
    const uint16_t want = rh__es_label_next(g, w->labels[e]);
    uint32_t f = w->edge_start[w->edges[e]];
    while (w->labels[f] != want) f++;
    return f;
}

/* Gives distance d + 1 to the states that move `e` from a state at distance d, and more of
 * the same (its chain), reach (only the first when `unit`), and queues them. A slide onto a
 * wall meets a distance of 0 and stops there. */
static inline void reach(rh__ework *w, const rh__egeom *g, const rh__eview *v, bool unit, int d,
                         uint32_t e, uint32_t *tail)
{
    for (;;) {
        const uint32_t k = w->edges[e];
        if (v->dist[k] == UNSEEN) {
            v->dist[k] = (uint16_t)(d + 1);
            w->queue[(*tail)++] = k;
        } else if (v->dist[k] <= d) {
            return; /* k's own slides the same way reach the rest as early */
        }
        if (unit || (e = slide_on(w, g, v, e)) == RH_EWORK_NO_CHAIN) return;
    }
}

/* Distances from the nearest goal over the view's states, by moves of any distance (a chain
 * of single-cell slides of one vehicle one way), or by single-cell slides (`unit`). Fills hist
 * (if not NULL) and returns the largest distance. */
static int distances(rh__ework *w, const rh__egeom *g, const rh__eview *v, bool unit,
                     uint64_t *hist)
{
    uint32_t tail = 0;
    for (uint32_t j = 0; j < v->count; j++) {
        const uint32_t i = rh__eview_state(v, j);
        const bool goal = rh__es_goal(g, &w->states[i]);
        v->dist[i] = goal ? 0 : UNSEEN;
        if (goal) w->queue[tail++] = i;
    }
    int deepest = 0;
    for (uint32_t head = 0; head < tail; head++) {
        const uint32_t i = w->queue[head];
        const int d = v->dist[i];
        deepest = d;
        if (hist && d < RH_ENUM_DEPTH_MAX) hist[d]++;
        for (uint32_t e = w->edge_start[i]; e < w->edge_start[i + 1]; e++)
            reach(w, g, v, unit, d, e, &tail);
    }
    return deepest;
}

/* The index of the view's state of smallest key at distance `d` (its walls are every state's,
 * so the vehicles' cells order them). */
static uint32_t hardest_at(const rh__ework *w, const rh__egeom *g, const rh__eview *v, int d)
{
    uint32_t best = UINT32_MAX;
    uint64_t bh = 0, bv = 0;
    for (uint32_t j = 0; j < v->count; j++) {
        const uint32_t i = rh__eview_state(v, j);
        if (v->dist[i] != d) continue;
        const uint64_t h = rh__es_h(&w->states[i]), vv = rh__es_v(g, &w->states[i]);
        if (best == UINT32_MAX || rh__es_key_less(h, vv, bh, bv)) {
            best = i;
            bh = h;
            bv = vv;
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
static inline void descend(rh__ework *w, const rh__egeom *g, const rh__eview *v,
                           const rh__estate *start, int d, uint32_t e, uint32_t *tail,
                           uint64_t *moved)
{
    for (; e != RH_EWORK_NO_CHAIN; e = slide_on(w, g, v, e)) {
        const uint32_t k = w->edges[e];
        if (v->walls && !in_view(w, v, k)) return; /* onto a wall */
        if ((v->dist[k] & ~MET) == d - 1) {
            const uint16_t label = w->labels[e];
            *moved |= UINT64_C(1) << same_vehicle(g, &w->states[k], start, label & 3, label >> 3);
            if (!(v->dist[k] & MET)) {
                v->dist[k] |= MET;
                w->queue[(*tail)++] = k;
            }
        }
    }
}

/* The vehicles that some shortest solution from state `from` moves, by their first cells
 * there. Removing one shortens the solution: drop its moves, and the others still fit. */
static uint64_t shortening(rh__ework *w, const rh__egeom *g, const rh__eview *v, uint32_t from)
{
    const rh__estate start = w->states[from];
    uint64_t moved = 0;
    uint32_t tail = 0;
    w->queue[tail++] = from;
    v->dist[from] |= MET;
    for (uint32_t head = 0; head < tail; head++) {
        const uint32_t i = w->queue[head];
        const int d = v->dist[i] & ~MET;
        if (d == 0) continue;
        for (uint32_t e = w->edge_start[i]; e < w->edge_start[i + 1]; e++)
            descend(w, g, v, &start, d, e, &tail, &moved);
    }
    for (uint32_t q = 0; q < tail; q++) v->dist[w->queue[q]] &= ~MET;
    return moved;
}

rh__ecluster_result rh__erecord_make(rh__ework *w, rh__ework *search, const rh__egeom *g,
                                     const rh__eview *v, uint64_t goals, bool slides,
                                     const rh__efewer *fewer, rh_cluster *out)
{
    out->moves = out->slides = -1;
    out->minimal = false;
    out->hardest[0] = out->hardest_slides[0] = '\0';
    if (!goals) return RH_EC_CLUSTER;
    if (slides) {
        out->slides = distances(w, g, v, true, NULL);
        rh__enotation_write(g, v->walls, &w->states[hardest_at(w, g, v, out->slides)],
                            out->hardest_slides);
    }
    memset(out->hist, 0, sizeof out->hist);
    out->moves = distances(w, g, v, false, out->hist); /* last: v->dist keeps it */
    const uint32_t at = hardest_at(w, g, v, out->moves);
    rh__enotation_write(g, v->walls, &w->states[at], out->hardest);
    return rh__erecord_minimality(w, search, g, v, at, fewer, out);
}

rh__ecluster_result rh__erecord_minimality(rh__ework *w, rh__ework *search, const rh__egeom *g,
                                           const rh__eview *v, uint32_t at, const rh__efewer *fewer,
                                           rh_cluster *out)
{
    out->minimal = false;
    /* A known wall that leaves the hardest state no nearer when taken away does not matter;
     * the others are searched. */
    uint64_t searched = v->walls;
    if (fewer) {
        if (!rh__efewer_matter(fewer, at, out->moves)) return RH_EC_CLUSTER;
        size_t k = 0;
        for (uint64_t m = v->walls; m && k < sizeof fewer->dist / sizeof fewer->dist[0];
             m &= m - 1, k++)
            if (fewer->dist[k]) searched &= ~(m & -m);
    }
    const uint64_t moved = shortening(w, g, v, at);
    const rh__estate hardest = w->states[at]; /* `search` may be w */
    const int minimal =
        rh__eminimal_test(search, g, v->walls, &hardest, out->moves, moved, searched);
    if (minimal < 0) return RH_EC_FULL;
    out->minimal = minimal == 1;
    return RH_EC_CLUSTER;
}
