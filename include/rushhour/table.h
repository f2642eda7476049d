/* Cluster tables: every state of a puzzle's component (its cluster) with its distance to the
 * nearest goal and an optimal next move, in both metrics, held compactly and read-only once
 * built. A position anywhere in the cluster is then answered by lookups and no search: its
 * optimal length, and an optimal solution walked down the stored moves.
 *
 * A table knows a position whatever its vehicles are called or the order they are listed in:
 * it keys states on the cluster's shape (board size, exit row, walls, and every vehicle's axis,
 * line and length in a canonical order: the target first, then by axis, line and offset; two
 * vehicles of one line never pass each other, so that order holds across the cluster) and on
 * the offsets in that order. Answers name the caller's own vehicles. Two vehicles alike (one
 * axis, line and length) are interchangeable to it: a position with two such vehicles in each
 * other's places is a state of the same cluster, and its answers are as good.
 *
 * A built table is immutable: any number of threads may read one at once. */
#ifndef RUSHHOUR_TABLE_H
#define RUSHHOUR_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "rushhour/export.h"
#include "rushhour/puzzle.h"
#include "rushhour/search.h"

RH_BEGIN_DECLS

typedef struct rh_table rh_table;

/* Builds the table of the component of `p` (checked) within `limits` (NULL: none), which bound
 * the build as they bound a search; max_memory counts the finished table too. On RH_OK, *out
 * is the table (release with rh_table_free), or NULL when a budget ran out first (*limit says
 * which; limit may be NULL) or a distance outgrew the table's 16 bits (RH_LIMIT_MEMORY). `stats`
 * (NULL: not wanted) gets the build's figures: nodes_expanded counts every pass, states_stored the
 * cluster's states, peak_memory the most in use at once. Returns RH_EARG or RH_ENOMEM otherwise. */
RH_API int rh_table_build(rh_table **out, rh_limit *limit, rh_stats *stats, const rh_puzzle *p,
                          const rh_limits *limits);

RH_API void rh_table_free(rh_table *t);

/* The most bytes a shape takes (a 16x16 board full of walls or of cars). */
#define RH_TABLE_SHAPE_MAX (8 + RH_WALLS_MAX + 2 * RH_VEHICLES_MAX)

/* Writes the shape of `p` (checked) to `out` (RH_TABLE_SHAPE_MAX bytes) and returns its
 * length. Every position of one cluster has the same shape; positions of one shape may still
 * lie in different clusters (rh_table_distance tells). A cache keys its tables on it. */
RH_API size_t rh_table_shape(uint8_t *out, const rh_puzzle *p);

/* A position as the tables read it, computed once by rh_table_canonicalize for a caller that
 * looks it up in several tables (a cache hashes the shape, then tries each table of that hash):
 * its shape, and its vehicles in the canonical order. */
typedef struct {
    size_t shape_len;
    uint8_t shape[RH_TABLE_SHAPE_MAX]; /* as rh_table_shape writes it */
    uint8_t order[RH_VEHICLES_MAX]; /* order[c]: the index in the puzzle of canonical vehicle c */
} rh_table_canonical;

/* Writes the canonical form of `p` (checked) to `out`. */
RH_API void rh_table_canonicalize(rh_table_canonical *out, const rh_puzzle *p);

/* The shape the table was built for, *len set to its length; owned by the table. */
RH_API const uint8_t *rh_table_shape_of(const rh_table *t, size_t *len);

RH_API uint64_t rh_table_states(const rh_table *t);

/* Every byte the table holds, its own struct included. */
RH_API size_t rh_table_bytes(const rh_table *t);

#define RH_TABLE_ABSENT (-2)

/* The distance of position `p` (checked) to its nearest goal in `metric`: 0 or more, -1 when no
 * goal can be reached from it, RH_TABLE_ABSENT when it is not a state of the table's cluster
 * (another shape, or another cluster of the same shape) or `metric` is not one. */
RH_API int rh_table_distance(const rh_table *t, const rh_puzzle *p, rh_metric metric);

/* rh_table_distance of `p`, given `form`, its canonical form (rh_table_canonicalize of `p`). */
RH_API int rh_table_distance_canonical(const rh_table *t, const rh_puzzle *p,
                                       const rh_table_canonical *form, rh_metric metric);

/* Solves `p` (checked) from the table in `metric`, as rh_solve would: status RH_SOLVED (optimal
 * 1, the moves merged as rh_solve merges them, naming p's own vehicle indices) or RH_UNSOLVABLE;
 * `algorithm` is `algorithm`, as asked; stats count the states walked, the start included
 * (nodes_expanded), the table's states (states_stored) and the time, with no search memory. On
 * RH_OK `out` holds a result to release with rh_result_free. Returns RH_ENOTFOUND when `p` is
 * not a state of the table's cluster, or when the table's stored moves break off (a damaged
 * table: a search answers instead), RH_EARG for a bad metric or algorithm, RH_ENOMEM. */
RH_API int rh_table_solve(rh_result *out, const rh_table *t, const rh_puzzle *p, rh_metric metric,
                          rh_algorithm algorithm);

/* rh_table_solve of `p`, given `form`, its canonical form (rh_table_canonicalize of `p`). */
RH_API int rh_table_solve_canonical(rh_result *out, const rh_table *t, const rh_puzzle *p,
                                    const rh_table_canonical *form, rh_metric metric,
                                    rh_algorithm algorithm);

RH_END_DECLS

#endif
