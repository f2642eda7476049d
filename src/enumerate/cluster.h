/* One cluster of the enumeration (cluster.c): its exploration from one blocked
 * configuration, then its record. */
#ifndef RH_ENUMERATE_CLUSTER_H
#define RH_ENUMERATE_CLUSTER_H

#include <stdbool.h>
#include <stdint.h>

#include "rushhour/enumerate.h"
#include "state.h"
#include "buffers.h"

/* Outcome of examining one configuration. */
typedef enum { RH_EC_NOT_CANONICAL, RH_EC_CLUSTER, RH_EC_FULL } rh__ecluster_result;

/* Explores the cluster of the blocked configuration `start` (walls `walls`) into w, abandoning
 * it as soon as a state of smaller key appears. Counts its goal states in *goals. */
rh__ecluster_result rh__enum_explore(rh__ework *w, const rh__egeom *g, uint64_t walls,
                                     const rh__estate *start, uint64_t *goals);

/* Fills `out` (minimality included) for the cluster rh__enum_explore just explored whole from
 * `start`. Overwrites w's states: RH_EC_CLUSTER, or RH_EC_FULL. */
rh__ecluster_result rh__enum_record(rh__ework *w, const rh__egeom *g, uint64_t walls,
                                    const rh__estate *start, uint64_t goals, bool slides,
                                    rh_cluster *out);

#endif
