/* The distances and clusters of many wall sets at once (lanes.c). */
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
    uint64_t open;            /* the lanes the state is in */
    uint64_t seen, now, next; /* reached; at the layer at hand; at the next */
} rh__elane_state;

/* Buffers by state of the wall-free cluster, within the run's memory. */
typedef struct {
    rh__elane_state *state;
    uint32_t *layer, *following;      /* the states of the layer at hand, and of the next */
    uint16_t *moves, *slides;         /* by state, then lane: the distances (RH_ELANES_UNSEEN) */
    size_t allocated;                 /* of moves and slides */
    uint32_t states;                  /* of the others */
    int lanes;                        /* how many */
    uint64_t wall[RH_ENUM_CELLS_MAX]; /* by lane: its walls, one or two cells (none: no wall) */
    /* By byte of a state's free cells and its value: the lanes whose higher (lower) wall those
     * cells hold. */
    uint64_t high[RH_ENUM_CELLS_MAX / 8][256], low[RH_ENUM_CELLS_MAX / 8][256];
    rh__ememory *memory;
    size_t used; /* bytes of this thread's, counted in memory->used */
    rh__elane_cluster tally[RH_ENUM_CELLS_MAX]; /* by lane: the cluster at hand */
} rh__elanes;

#define RH_ELANES_UNSEEN UINT16_MAX

void rh__elanes_init(rh__elanes *b, rh__ememory *memory);
void rh__elanes_free(rh__elanes *b);
/* Room for the calls below over `states` states (one more for the walks) and distances in
 * `lanes` lanes (0: none); false when the budget refuses. */
bool rh__elanes_reserve(rh__elanes *b, uint32_t states, int lanes);

/* Takes `count` lanes (1 to 64) over the wall-free cluster w holds: lane p of the walls
 * `walls[p]`, one or two cells the space allows (none: the wall-free cluster itself), with room
 * for their distances when `distances`. A state is in a lane while it leaves the lane's walls
 * free and has the primary car right of those in its row (it never passes them). False when
 * the budget refuses. */
bool rh__elanes_open(const rh__ework *w, const rh__egeom *g, rh__elanes *b, const uint64_t *walls,
                     int count, bool distances);

/* Fills b with the distances to the nearest goal of the states of the solvable wall-free
 * cluster w holds (its lists whole and chained) in the lanes rh__elanes_open took with
 * distances, in moves and (when `slides`) in slides: for state i and lane p,
 * b->moves[i * b->lanes + p]. */
void rh__elanes_walk(const rh__ework *w, const rh__egeom *g, rh__elanes *b, bool slides);

/* Where rh__elanes_clusters hands each cluster: of lane `lane`. Returns false to stop. */
typedef bool (*rh__elane_found_fn)(void *ctx, int lane, const rh__elane_cluster *c);

/* Finds every cluster of the wall-free cluster w holds (its lists whole) in the lanes
 * rh__elanes_open took, their own distances read (`distances`: rh__elanes_walk filled them,
 * with slides when `slides`), and hands each to `found`, in an order fixed by w: each lane's
 * clusters by their first state in w. False when `found` stops. */
bool rh__elanes_clusters(const rh__ework *w, const rh__egeom *g, rh__elanes *b, bool distances,
                         bool slides, rh__elane_found_fn found, void *ctx);

#endif
