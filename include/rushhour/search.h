/* Searching a puzzle's state space: optimal solving, fast solving and exhaustive exploration,
 * each inside hard budgets of nodes, memory, time and an external cancel flag.
 *
 * Every search is reentrant: it allocates only its own working memory (all of it counted
 * against max_memory and freed before returning) plus, on success, the result's move list,
 * which the caller releases with rh_result_free. */
#ifndef RUSHHOUR_SEARCH_H
#define RUSHHOUR_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "rushhour/export.h"
#include "rushhour/names.h"
#include "rushhour/puzzle.h"

/* The cancel flag: C's atomic_int, which C++ sees as std::atomic<int> (the same object
 * representation on GCC and Clang, and what C++23's <stdatomic.h> defines it to be). */
#ifdef __cplusplus
#include <atomic>
typedef std::atomic<int> rh_atomic_int;
#else
#include <stdatomic.h>
typedef atomic_int rh_atomic_int;
#endif

RH_BEGIN_DECLS

/* The limits of one call (a search, an analysis, a generation); when one stops the call,
 * rh_limit says which. */
typedef struct {
    uint64_t max_nodes;          /* expansions allowed; 0 = unlimited */
    size_t max_memory;           /* bytes of search memory; 0 = unlimited */
    uint64_t deadline_us;        /* rh_clock_us() time to stop at; 0 = none */
    const rh_atomic_int *cancel; /* stop when it becomes non-zero; NULL = never */
} rh_limits;

/* No limits (named in declaration order, so that C++20 takes them too). */
#define RH_LIMITS_INIT                                                                             \
    {                                                                                              \
        .max_nodes = 0, .max_memory = 0, .deadline_us = 0, .cancel = NULL                          \
    }

/* What rh_solve reads: how to search, what to count and within which limits. */
typedef struct {
    rh_algorithm algorithm;
    rh_metric metric;
    rh_limits limits;
} rh_search_options;

/* The defaults: BFS, moves, no limits. */
#define RH_SEARCH_OPTIONS_INIT                                                                     \
    {                                                                                              \
        .algorithm = RH_ALGO_BFS, .metric = RH_METRIC_MOVES, .limits = RH_LIMITS_INIT              \
    }

typedef struct {
    uint64_t nodes_expanded;  /* states whose successors were generated */
    uint64_t nodes_generated; /* successors produced, duplicates included */
    uint64_t states_stored;   /* distinct states held when the search ended */
    size_t peak_memory;       /* most search memory in use at once, in bytes */
    uint64_t elapsed_us;
} rh_stats;

typedef struct {
    rh_status status;
    rh_limit limit; /* why, when status is RH_LIMIT_REACHED */
    int optimal;    /* 1 when the solution is proved minimal for the metric */
    rh_metric metric;
    rh_algorithm algorithm;
    rh_move *moves; /* owned; merged so that no two consecutive moves share a vehicle */
    int move_count;
    int slide_count;
    rh_stats stats;
} rh_result;

/* Solves `p` (which must have passed rh_puzzle_check) under `opt` (NULL for defaults).
 * On RH_OK `out` holds a result to release with rh_result_free, whatever its status.
 * Returns RH_EARG for a bad option and RH_ENOMEM only if the move list itself cannot be
 * allocated: running out of the memory budget is RH_LIMIT_REACHED. */
RH_API int rh_solve(rh_result *out, const rh_puzzle *p, const rh_search_options *opt);

RH_API void rh_result_free(rh_result *r);

typedef struct {
    rh_status status; /* RH_SOLVED when the component was explored whole */
    rh_limit limit;
    uint64_t states;      /* distinct states reached, the start included */
    uint64_t goal_states; /* of which the target is at the exit */
    rh_stats stats;
} rh_explore_result;

/* Visits the whole component reachable from `p` (one move = one slide: the component is the
 * same for both metrics) within `limits` (NULL: none). Allocates nothing that outlives the
 * call. */
RH_API int rh_explore(rh_explore_result *out, const rh_puzzle *p, const rh_limits *limits);

RH_END_DECLS

#endif
