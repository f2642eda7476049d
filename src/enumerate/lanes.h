/* The distances of the clusters of many single walls at once (lanes.c). */
#ifndef RH_ENUMERATE_LANES_H
#define RH_ENUMERATE_LANES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rushhour/enumerate.h"
#include "state.h"
#include "buffers.h"

/* Buffers by state of the wall-free cluster, within the run's memory. */
typedef struct {
    uint64_t *seen, *now, *next; /* by state, a bit a lane: reached; at the layer at hand; next */
    uint32_t *layer, *following; /* the states of the layer at hand, and of the next */
    uint16_t *moves, *slides;    /* by state, then lane: the distances (RH_ELANES_UNSEEN) */
    size_t allocated;            /* of moves and slides */
    uint32_t states;             /* of the others */
    int lanes;                   /* how many */
    int8_t index[RH_ENUM_CELLS_MAX]; /* a wall cell's lane among them */
    rh__ememory *memory;
    size_t used; /* bytes of this thread's, counted in memory->used */
} rh__elanes;

#define RH_ELANES_UNSEEN UINT16_MAX

void rh__elanes_init(rh__elanes *b, rh__ememory *memory);
void rh__elanes_free(rh__elanes *b);

/* Fills b with the distances to the nearest goal of the states of the solvable wall-free
 * cluster w holds (its lists whole and chained) with a wall on a cell of `lanes`, in moves and
 * (when `slides`) in slides: for state i and wall cell c, b->moves[i * b->lanes +
 * b->index[c]]. False when the budget refuses. */
bool rh__enum_lanes(const rh__ework *w, const rh__egeom *g, rh__elanes *b, uint64_t lanes,
                    bool slides);

#endif
