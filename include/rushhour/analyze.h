/* Whole-space analysis of a puzzle: every state of its reachable component and its distance to
 * the nearest goal, summarised for game front ends (how hard is this puzzle, how hard could a
 * position of it be, how many positions are dead ends). */
#ifndef RUSHHOUR_ANALYZE_H
#define RUSHHOUR_ANALYZE_H

#include <stdint.h>

#include "rushhour/puzzle.h"
#include "rushhour/search.h"
#include "rushhour/export.h"

RH_BEGIN_DECLS

typedef struct {
    rh_status status; /* RH_SOLVED when the component was analysed whole; else
                         RH_LIMIT_REACHED and only `limit` and `stats` are meaningful */
    rh_limit limit;
    rh_metric metric;     /* distances count moves or slides */
    uint64_t states;      /* the reachable component, the start included */
    uint64_t goal_states; /* states with the target at the exit */
    uint64_t dead_states; /* states from which no goal can be reached */
    int start_distance;   /* optimal length from the start; -1 when unsolvable */
    int start_moves;      /* moves (of any distance) available at the start */
    int max_distance;     /* the largest finite distance to a goal; -1 without goals */
    uint64_t *histogram;  /* histogram[d]: states at distance d, d = 0..max_distance; owned */
    rh_puzzle hardest;    /* a state at max_distance (the start's copy when no goal) */
    rh_stats stats;       /* nodes_expanded counts both passes */
} rh_analysis;

/* Analyses the component of `p` (checked), distances counted in `metric`, within `limits`
 * (NULL: none). On RH_OK `out` holds a result to release with rh_analysis_free, whatever its
 * status; RH_EARG for an unknown metric. */
RH_API int rh_analyze(rh_analysis *out, const rh_puzzle *p, rh_metric metric,
                      const rh_limits *limits);

RH_API void rh_analysis_free(rh_analysis *a);

RH_END_DECLS

#endif
