/* A cluster's record (record.c): its distances to the goal, its hardest states and whether it
 * is minimal, over a view of the states a work buffer holds with their whole lists of moves and
 * their chains (cluster.h):
 * all of them (a wall-free cluster), or those of one cluster with walls (walls.c). */
#ifndef RH_ENUMERATE_RECORD_H
#define RH_ENUMERATE_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rushhour/enumerate.h"
#include "cluster.h"
#include "state.h"
#include "buffers.h"

typedef struct {
    /* By state index: the view's distances. A state out of the view that a slide from one in
     * it reaches (it covers a wall) must hold 0: slides onto it stop there. */
    uint16_t *dist;
    const uint32_t *members; /* the view's states by index; NULL: every state of the buffer */
    uint32_t count;          /* of the view's states */
    uint64_t walls;          /* cells every state of the view leaves free: no slide takes one */
    bool chained;            /* w->chain is filled (rh__ecluster_chain); else found as needed */
} rh__eview;

#define RH_EVIEW_UNSEEN UINT16_MAX

/* What is known of a view's walls: the distances in moves without its k-th wall (in cell
 * order), state i's at dist[k][i * stride]; NULL where not known (a minimality search then
 * takes that wall away). */
typedef struct {
    const uint16_t *dist[2];
    size_t stride;
} rh__efewer;

/* Whether taking away any wall `f` knows of brings state `at`, `moves` from the goal, nearer:
 * if not, that wall does not matter and the cluster is not minimal. */
static inline bool rh__efewer_matter(const rh__efewer *f, uint32_t at, int moves)
{
    for (size_t k = 0; k < sizeof f->dist / sizeof f->dist[0]; k++)
        if (f->dist[k] && f->dist[k][(size_t)at * f->stride] >= moves) return false;
    return true;
}

/* The index of the view's j-th state. */
static inline uint32_t rh__eview_state(const rh__eview *v, uint32_t j)
{
    return v->members ? v->members[j] : j;
}

/* Fills out's moves, slides (when `slides`), hist, hardest states and minimality for the view
 * `v` of w, which holds `goals` goal states (none: unsolvable, and nothing to compute). The
 * distances in moves stay in v->dist. The minimality searches run in `search` (w itself if
 * nothing more is wanted of it); taking away a wall `fewer` knows of (NULL: none) is looked up
 * there. Returns RH_EC_CLUSTER, or RH_EC_FULL when a search runs out of budget. */
rh__ecluster_result rh__erecord_make(rh__ework *w, rh__ework *search, const rh__egeom *g,
                                     const rh__eview *v, uint64_t goals, bool slides,
                                     const rh__efewer *fewer, rh_cluster *out);

/* The minimality part of rh__erecord_make: whether the view's state `at`, its hardest at
 * out->moves (v->dist holds the distances in moves), makes a minimal puzzle, into
 * out->minimal. */
rh__ecluster_result rh__erecord_minimality(rh__ework *w, rh__ework *search, const rh__egeom *g,
                                           const rh__eview *v, uint32_t at, const rh__efewer *fewer,
                                           rh_cluster *out);

#endif
