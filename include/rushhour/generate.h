/* Generating new puzzles of a chosen difficulty.
 *
 * The generator draws random boards, analyses each one's whole reachable component and keeps
 * its hardest position, then improves that position by local changes (a vehicle removed,
 * added or replaced), keeping a change when the hardest position of the new component is no
 * easier. Every random choice comes from `seed`, so the same options and budgets give the same
 * puzzle. The result is plain data (an rh_puzzle); nothing is allocated that outlives a call. */
#ifndef RUSHHOUR_GENERATE_H
#define RUSHHOUR_GENERATE_H

#include <stdint.h>

#include "rushhour/diag.h"
#include "rushhour/puzzle.h"
#include "rushhour/search.h"
#include "rushhour/export.h"

RH_BEGIN_DECLS

/* The hardest 6x6 puzzle without walls needs 51 moves: an exhaustive enumeration of every such
 * configuration found none harder, so asking for more is refused. */
#define RH_GENERATE_MAX_MOVES_6X6 51

typedef struct {
    int board_size;   /* RH_BOARD_MIN..RH_BOARD_MAX */
    int exit_row;     /* 0..board_size-1, or -1 for the middle row, (board_size-1)/2 */
    int min_vehicles; /* vehicles on the board, the target car included */
    int max_vehicles;
    int walls;        /* fixed blocked cells to place at random */
    int min_moves;    /* the optimal solution (in `metric`) is at least this long, >= 1 */
    int max_moves;    /* and at most this long; 0 = no upper bound */
    rh_metric metric; /* what min_moves and max_moves count */
    uint64_t seed;    /* every random choice follows from it */
} rh_generate_options;

/* The defaults, named (in declaration order, so that C++20 takes them too). */
#define RH_GENERATE_OPTIONS_INIT                                                                   \
    {                                                                                              \
        .board_size = 6, .exit_row = -1, .min_vehicles = 10, .max_vehicles = 14, .walls = 0,       \
        .min_moves = 20, .max_moves = 0, .metric = RH_METRIC_MOVES, .seed = 1                      \
    }

typedef struct {
    rh_status status; /* RH_SOLVED: `puzzle` meets the request. RH_LIMIT_REACHED: a budget ran
                         out first; `puzzle` is the hardest found so far (when `length` > 0) */
    rh_limit limit;
    rh_metric metric;    /* what `length` counts */
    rh_puzzle puzzle;    /* ids: "X" for the target, then "A", "B", ... in reading order */
    int length;          /* its optimal solution length in the metric; 0 when none was found */
    uint64_t candidates; /* components analysed */
    uint64_t restarts;   /* fresh random boards drawn */
    rh_stats stats;      /* summed over every analysis; peak_memory is the largest one */
} rh_generated;

/* The integer option named `name` ("board_size", "exit_row", "min_vehicles", "max_vehicles",
 * "walls", "min_moves", "max_moves") inside `g`, or NULL: front ends read options by name
 * without a table of their own. */
RH_API int *rh_generate_int_option(rh_generate_options *g, const char *name);

/* Checks `g` and adds one diagnostic per problem to `d`, each on the option's name
 * ("board_size", "min_vehicles", "min_moves", ...), including requests no puzzle can meet
 * (too many vehicles for the board, more than RH_GENERATE_MAX_MOVES_6X6 moves on a 6x6 board
 * without walls). Returns RH_OK or RH_EINVALID. */
RH_API int rh_generate_check(rh_diags *d, const rh_generate_options *g);

/* Generates a puzzle for `g` (which must pass rh_generate_check) within `limits` (NULL: none):
 * max_nodes, the deadline and the cancel flag bound the whole run, max_memory each analysis
 * and the search that walks a puzzle down to max_moves (a limit that stops that search ends
 * the run as any other: RH_LIMIT_REACHED, its limit, the hardest puzzle found). Returns RH_OK
 * with the outcome in `out`, RH_EINVALID for options rh_generate_check refuses, or RH_ENOMEM. */
RH_API int rh_generate(rh_generated *out, const rh_generate_options *g, const rh_limits *limits);

RH_END_DECLS

#endif
