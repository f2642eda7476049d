/* The kinds every search and every answer names: metrics, algorithms, statuses and limits,
 * with their names in every output and their parsers. The core library defines them
 * (src/core/names.c); the solver's API (search.h) uses them. */
#ifndef RUSHHOUR_NAMES_H
#define RUSHHOUR_NAMES_H

#include "rushhour/export.h"

RH_BEGIN_DECLS

typedef enum {
    RH_METRIC_MOVES = 0, /* one vehicle sliding any distance is one move */
    RH_METRIC_SLIDES,    /* every cell travelled is one slide */
} rh_metric;

typedef enum {
    RH_ALGO_BFS = 0, /* breadth-first: optimal, the reference */
    RH_ALGO_ASTAR,   /* A* with an admissible, consistent heuristic: optimal, fewer nodes */
    RH_ALGO_FAST,    /* weighted A*: not optimal, for large boards */
} rh_algorithm;

typedef enum {
    RH_SOLVED = 0,
    RH_UNSOLVABLE,    /* the whole reachable component holds no goal */
    RH_LIMIT_REACHED, /* a budget ran out first; see rh_result.limit */
} rh_status;

typedef enum {
    RH_LIMIT_NONE = 0,
    RH_LIMIT_NODES,
    RH_LIMIT_MEMORY,
    RH_LIMIT_TIME,
    RH_LIMIT_CANCELLED,
} rh_limit;

RH_API const char *rh_status_name(rh_status s); /* "solved", "unsolvable", "limit_reached" */
RH_API const char *rh_limit_name(rh_limit l);   /* "none", "nodes", "memory", "time", "cancelled" */
RH_API const char *rh_metric_name(rh_metric m); /* "moves", "slides" */
RH_API const char *rh_algorithm_name(rh_algorithm a); /* "bfs", "astar", "fast" */
/* Parse the names above; return RH_OK or RH_EARG. */
RH_API int rh_metric_parse(rh_metric *out, const char *name);
RH_API int rh_algorithm_parse(rh_algorithm *out, const char *name);

RH_END_DECLS

#endif
