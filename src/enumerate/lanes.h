/* The distances of the clusters of many single walls at once (lanes.c). */
#ifndef RH_ENUMERATE_LANES_H
#define RH_ENUMERATE_LANES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rushhour/enumerate.h"
#include "state.h"
#include "buffers.h"

/* What one lane (a wall on one cell) found over the states a goal state reaches when the wall
 * stands: the longest distances and the hardest states there (the smallest key), the
 * histogram in moves, and how many states it reached. */
typedef struct {
    int moves, slides; /* -1: no goal state leaves the wall's cell free */
    uint32_t hardest, hardest_slides;
    uint64_t reached;
    uint64_t hist[RH_ENUM_DEPTH_MAX];
} rh__elane_record;

/* Buffers by state of the wall-free cluster, within the run's memory, and a record a lane. */
typedef struct {
    uint64_t *seen, *now, *next; /* by state, a bit a lane: reached; at the layer at hand; next */
    uint32_t *layer, *following; /* the states of the layer at hand, and of the next */
    uint32_t allocated;
    rh__ememory *memory;
    size_t used; /* bytes of this thread's, counted in memory->used */
    rh__elane_record lane[RH_ENUM_CELLS_MAX];
} rh__elanes;

void rh__elanes_init(rh__elanes *b, rh__ememory *memory);
void rh__elanes_free(rh__elanes *b);

/* Fills b->lane[c] for each cell c of `lanes` from the distances to the nearest goal of the
 * states of the solvable wall-free cluster w holds (its lists whole and chained) with a wall on
 * c, in moves and (when `slides`) in slides. False when the budget refuses. */
bool rh__enum_lanes(const rh__ework *w, const rh__egeom *g, rh__elanes *b, uint64_t lanes,
                    bool slides);

#endif
