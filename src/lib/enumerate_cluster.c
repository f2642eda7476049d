/* One cluster of the enumeration, from one blocked configuration: a breadth-first exploration
 * that gives up at the first state of smaller key (the configuration is then not the
 * cluster's minimum, and the cluster is someone else's to report), then for a canonical one
 * the distances to the goal from every goal state at once, in moves and optionally in slides,
 * and the record. */
#include <string.h>

#include "enumerate_internal.h"

#define UNSEEN UINT16_MAX

/* Explores the component of `start` by single-cell slides (they reach all of it), recording
 * the moves between its states. Gives up at the first key below the start's. */
static rh__ecluster_result explore(rh__ework *w, const rh__egeom *g, uint64_t walls,
                                   const rh__estate *start, uint64_t *goals)
{
    const uint64_t h0 = rh__es_h(start) | walls, v0 = rh__es_v(g, start);
    rh__estate next[RH_ES_MOVES_MAX];
    uint16_t label[RH_ES_MOVES_MAX];
    bool added;
    rh__ework_reset(w);
    if (rh__ework_add(w, start, &added) == RH_EWORK_FULL) return RH_EC_FULL;
    *goals = 0;
    for (uint32_t i = 0; i < w->count; i++) {
        const rh__estate s = w->states[i];
        *goals += rh__es_goal(g, &s);
        w->edge_start[i] = w->edge_count;
        const int n = rh__es_moves(g, &s, walls, true, next, label);
        for (int j = 0; j < n; j++) {
            /* Every state met so far is above the start, and a slide right or down only
             * raises the key: only slides left or up can go below it. */
            if (!(label[j] & RH_ES_FORWARD) &&
                rh__key_less(rh__es_h(&next[j]) | walls, rh__es_v(g, &next[j]), h0, v0))
                return RH_EC_NOT_CANONICAL;
            const uint32_t k = rh__ework_add(w, &next[j], &added);
            if (k == RH_EWORK_FULL || !rh__ework_edge(w, k, label[j])) return RH_EC_FULL;
        }
    }
    w->edge_start[w->count] = w->edge_count;
    return RH_EC_CLUSTER;
}

/* The state one more single-cell slide along `label` leads to from `i`, or RH_EWORK_FULL. */
static inline uint32_t slide_on(const rh__ework *w, const rh__egeom *g, uint32_t i, uint16_t label)
{
    const uint16_t want = rh__es_label_next(g, label);
    for (uint32_t e = w->edge_start[i]; e < w->edge_start[i + 1]; e++)
        if (w->labels[e] == want) return w->edges[e];
    return RH_EWORK_FULL;
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
        for (uint32_t e = w->edge_start[i]; e < w->edge_start[i + 1]; e++) {
            uint16_t label = w->labels[e];
            for (uint32_t k = w->edges[e]; k != RH_EWORK_FULL;) {
                if (w->dist[k] == UNSEEN) {
                    w->dist[k] = (uint16_t)(d + 1);
                    w->queue[tail++] = k;
                } else if (w->dist[k] <= d) {
                    break; /* k's own slides the same way reach the rest as early */
                }
                if (unit) break;
                k = slide_on(w, g, k, label);
                label = rh__es_label_next(g, label);
            }
        }
    }
    return deepest;
}

/* The state of smallest key at distance `d`. */
static rh__estate hardest_at(const rh__ework *w, const rh__egeom *g, uint64_t walls, int d)
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
    return w->states[best];
}

rh__ecluster_result rh__enum_cluster(rh__ework *w, const rh__egeom *g, uint64_t walls,
                                     const rh__estate *start, bool slides, rh_cluster *out)
{
    uint64_t goals;
    const rh__ecluster_result r = explore(w, g, walls, start, &goals);
    if (r != RH_EC_CLUSTER) return r;
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
    memset(out->hist, 0, sizeof out->hist);
    out->moves = distances(w, g, false, out->hist);
    const rh__estate hardest = hardest_at(w, g, walls, out->moves);
    rh__enum_notation(g, walls, &hardest, out->hardest);
    if (slides) {
        out->slides = distances(w, g, true, NULL);
        const rh__estate by_slides = hardest_at(w, g, walls, out->slides);
        rh__enum_notation(g, walls, &by_slides, out->hardest_slides);
    }
    const int minimal = rh__enum_minimal(w, g, walls, &hardest, out->moves);
    if (minimal < 0) return RH_EC_FULL;
    out->minimal = minimal == 1;
    return RH_EC_CLUSTER;
}
