/* The clusters of pairs of walls, many first walls at once, found by lanes (pairs.c). */
#ifndef RH_ENUMERATE_PAIRS_H
#define RH_ENUMERATE_PAIRS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rushhour/enumerate.h"
#include "lanes.h"
#include "state.h"
#include "buffers.h"

#define RH_EPAIRS_END UINT32_MAX

/* A cluster found, with its finder's judgement. */
typedef struct {
    uint32_t next; /* the next cluster of its pair, or RH_EPAIRS_END */
    bool minimal;
    rh__elane_cluster tally; /* last: its histogram kept up to its length only */
} rh__epair;

/* Buffers of one thread's pairs, within the run's memory. */
typedef struct {
    rh__elanes lanes;          /* a lane a pair */
    rh__epair *found;          /* the clusters of the pairs at hand */
    uint32_t count, allocated; /* of found */
    /* By pair: its first and last cluster in found. */
    uint32_t head[RH_ENUM_CELLS_MAX], tail[RH_ENUM_CELLS_MAX];
    int chunk; /* the pairs a pass takes within the budget */
    rh__ememory *memory;
    size_t used; /* bytes of found's, counted in memory->used */
} rh__epairs;

void rh__epairs_init(rh__epairs *p, rh__ememory *memory);
void rh__epairs_free(rh__epairs *p);

/* Room for the passes over `states` states (one more than a cluster's) in up to `lanes` lanes
 * at once (none: the clusters alone, with no distances), as many as the budget holds
 * (halving: p->chunk). False when not even one does. */
bool rh__epairs_reserve(rh__epairs *p, uint32_t states, int lanes);

/* What the finder makes of a cluster of the walls `walls`, its distances in lane `lane` of
 * p->lanes (when read): 1 minimal, 0 not, -1 the budget refused. */
typedef int (*rh__epair_judge_fn)(void *ctx, uint64_t walls, int lane, const rh__elane_cluster *t);

/* Finds every cluster of each pair of walls walls[q] (q < count <= 64; walls the space allows)
 * of the wall-free cluster w holds (its lists whole; chained when `distances`: then read in
 * moves, and in slides when `slides`), judges each as found and keeps it: p->head[q] and each
 * one's next then give those of pair q by their first state in w, the order of a walk a pair.
 * False when the budget or `judge` refuses: the caller takes these pairs another way. */
bool rh__epairs_find(rh__epairs *p, const rh__ework *w, const rh__egeom *g, const uint64_t *walls,
                     int count, bool distances, bool slides, rh__epair_judge_fn judge, void *ctx);

#endif
