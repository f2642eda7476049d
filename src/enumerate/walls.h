/* The clusters with walls of one wall-free cluster (walls.c). */
#ifndef RH_ENUMERATE_WALLS_H
#define RH_ENUMERATE_WALLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rushhour/enumerate.h"
#include "cluster.h"
#include "lanes.h"
#include "pairs.h"
#include "state.h"
#include "buffers.h"

/* Buffers of one thread's derivations, by state of the wall-free cluster, within the run's
 * memory. */
typedef struct {
    uint32_t *stamp;   /* the wall set in whose cluster the state was last found */
    uint32_t *members; /* the states of the cluster at hand */
    uint16_t *dist;    /* their distances */
    rh__elanes lanes;  /* the distances of every single wall at once */
    rh__epairs pairs;  /* the clusters of every pair of walls with one first wall at once */
    uint32_t allocated;
    rh__ememory *memory;
    size_t used; /* bytes of this thread's, counted in memory->used */
} rh__ewalls;

void rh__ewalls_init(rh__ewalls *b, rh__ememory *memory);
void rh__ewalls_free(rh__ewalls *b);

/* What a derivation makes and where its clusters go: each with its walls' cells (its key alone
 * may not tell them from vehicles) and its blocked configurations. */
typedef struct {
    int walls_min, walls_max; /* walls_max >= 1 */
    bool slides;
    void (*report)(void *ctx, rh_cluster *c, uint64_t walls, uint64_t configurations);
    void *ctx;
} rh__ewalls_spec;

/* Records and reports, into `out`, the wall-free cluster w holds (explored whole, its lists made
 * whole, and chained if it is solvable; out holding all but its record) when walls_min is 0,
 * and every cluster with walls_min..walls_max walls whose states without their walls lie in
 * it. `alone`: a second run, after the budget refused the first; it needs the least memory
 * (no lanes). Minimality searches run in `search`.
 * Returns RH_EC_CLUSTER, or RH_EC_FULL when the budget refuses. */
rh__ecluster_result rh__ewalls_find(rh__ework *w, rh__ework *search, rh__ewalls *b,
                                    const rh__egeom *g, const rh__ewalls_spec *spec, bool alone,
                                    rh_cluster *out);

#endif
