/* One wall-free cluster of the enumeration (cluster.c): its exploration from one blocked
 * configuration, and its lists of moves made whole. */
#ifndef RH_ENUMERATE_CLUSTER_H
#define RH_ENUMERATE_CLUSTER_H

#include <stdint.h>

#include "state.h"
#include "buffers.h"

/* Outcome of examining one configuration. */
typedef enum { RH_EC_NOT_CANONICAL, RH_EC_CLUSTER, RH_EC_FULL } rh__ecluster_result;

/* Explores the cluster of the blocked configuration `start` into w, abandoning it as soon as
 * a state of smaller key appears. Counts its goal states in *goals. */
rh__ecluster_result rh__ecluster_explore(rh__ework *w, const rh__egeom *g, const rh__estate *start,
                                         uint64_t *goals);

/* Fills the room rh__ecluster_explore left at the head of each state's list (the moves back to
 * states explored before it), for a cluster it explored whole: every state then lists every
 * single-cell slide it has. Uses w->queue. */
void rh__ecluster_link(rh__ework *w, const rh__egeom *g);

/* Fills w->chain for the lists rh__ecluster_link made whole: for each move whose vehicle can slide
 * once more the same way, where that slide is in the list of the state the move leads to;
 * RH_EWORK_NO_CHAIN for the others. False when the budget refuses. */
bool rh__ecluster_chain(rh__ework *w, const rh__egeom *g);

#endif
