/* The distances of the clusters of many single walls at once (lanes.c). */
#ifndef RH_ENUMERATE_LANES_H
#define RH_ENUMERATE_LANES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rushhour/enumerate.h"
#include "state.h"
#include "buffers.h"

/* The hardest state of a lane's cluster in one metric. */
typedef struct {
    int distance;   /* -1: unsolvable, or (slides) not asked */
    uint32_t state; /* the state of smallest key at that distance */
    uint64_t h, v;  /* its key */
} rh__elane_hardest;

/* One cluster of a lane, as rh__elanes_clusters finds it. */
typedef struct {
    uint32_t seed; /* its first state */
    uint64_t states, goals, configurations;
    uint64_t h, v; /* its minimum key, walls aside */
    rh__elane_hardest moves, slides;
    uint64_t hist[RH_ENUM_DEPTH_MAX]; /* of moves, up to moves.distance */
} rh__elane_cluster;

/* The histogram entries a lane cluster's tally holds: up to its length. */
static inline size_t rh__elane_hist_length(const rh__elane_cluster *c)
{
    const int moves = c->moves.distance;
    return moves < 0 ? 0 : moves < RH_ENUM_DEPTH_MAX ? (size_t)moves + 1 : RH_ENUM_DEPTH_MAX;
}

/* What a pass or walk keeps of a state, a bit a lane: one cache line holds two states, as
 * most of a pass is loads of states met at random. */
typedef struct {
    uint64_t open;            /* the lanes the state is in (rh__elanes_walk's lanes only) */
    uint64_t seen, now, next; /* reached; at the layer at hand; at the next */
} rh__elane_state;

/* Buffers by state of the wall-free cluster, within the run's memory. */
typedef struct {
    rh__elane_state *state;
    uint32_t *layer, *following;     /* the states of the layer at hand, and of the next */
    uint16_t *moves, *slides;        /* by state, then lane: the distances (RH_ELANES_UNSEEN) */
    size_t allocated;                /* of moves and slides */
    uint32_t states;                 /* of the others */
    int lanes;                       /* how many */
    uint64_t always;                 /* the lanes off the board: no wall, every state in them */
    uint64_t base;                   /* a wall of every lane (0: none) */
    int8_t index[RH_ENUM_CELLS_MAX]; /* a wall cell's lane among them */
    rh__ememory *memory;
    size_t used; /* bytes of this thread's, counted in memory->used */
    rh__elane_cluster tally[RH_ENUM_CELLS_MAX]; /* by wall cell: the cluster at hand */
} rh__elanes;

#define RH_ELANES_UNSEEN UINT16_MAX

void rh__elanes_init(rh__elanes *b, rh__ememory *memory);
void rh__elanes_free(rh__elanes *b);
/* Room for the two calls below over `states` states (one more for the walks) in `lanes`
 * lanes; false when the budget refuses. */
bool rh__elanes_reserve(rh__elanes *b, uint32_t states, int lanes);

/* Fills b with the distances to the nearest goal of the states of the solvable wall-free
 * cluster w holds (its lists whole and chained) with a wall on a cell of `lanes`, and on
 * `base` (no cell or one, not in `lanes`), in moves and (when `slides`) in slides: for state i
 * and wall cell c, b->moves[i * b->lanes + b->index[c]]. A lane off the board has no wall but
 * the base: with none, the wall-free cluster's own distances. False when the budget
 * refuses. */
bool rh__elanes_walk(const rh__ework *w, const rh__egeom *g, rh__elanes *b, uint64_t lanes,
                     uint64_t base, bool slides);

/* Where rh__elanes_clusters hands each cluster: of the wall on `cell`. Returns false to stop
 * (the budget refused). */
typedef bool (*rh__elane_found_fn)(void *ctx, int cell, const rh__elane_cluster *c);

/* Finds every cluster of the wall-free cluster w holds (its lists whole) with a wall on a cell
 * of `lanes` and on `base` (as rh__elanes_walk), the lanes' own distances read (`distances`:
 * rh__elanes_walk filled them for the same lanes and base, with slides when `slides`), and
 * hands each to `found`, in an order fixed by w: each lane's clusters by their first state in
 * w. Only walls the space allows count: in the primary row, left of the primary car. False
 * when the budget refuses or `found` stops. */
bool rh__elanes_clusters(const rh__ework *w, const rh__egeom *g, rh__elanes *b, uint64_t lanes,
                         uint64_t base, bool distances, bool slides, rh__elane_found_fn found,
                         void *ctx);

#endif
