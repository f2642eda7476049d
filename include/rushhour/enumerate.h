/* Exhaustive enumeration of a board space: every cluster (connected set of states) of every
 * configuration of vehicles and walls, each found once from its canonical (minimum-key) state,
 * with its size, goal states, length, distance histogram, hardest state and minimality.
 * Definitions: docs of issue #15 and briefs/enum-spec.md; libc only, no printing, no globals.
 *
 * The space: an N x N board, primary row R = (N-1)/2 with the exit on its right; exactly one
 * primary car (horizontal, length 2, row R, no other horizontal vehicle there, walls in row R
 * only left of it); other vehicles of length 2 or 3; 1x1 walls; at most N-1 cells of horizontal
 * pieces (walls included) per row and of vertical pieces per column. */
#ifndef RUSHHOUR_ENUMERATE_H
#define RUSHHOUR_ENUMERATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rushhour/export.h"

RH_BEGIN_DECLS

#define RH_ENUM_DEPTH_MAX 256 /* histogram entries */
#define RH_ENUM_CELLS_MAX 64  /* N*N for N <= 8 */
#define RH_ENUM_SIZE_MIN 4
#define RH_ENUM_SIZE_MAX 8
#define RH_ENUM_NO_MAX (-1) /* vehicles_max: no maximum */

/* One cluster, valid only during the callback that receives it. */
typedef struct {
    int board_size;
    uint64_t canonical_h, canonical_v; /* the minimum key: horizontal cells (walls too), vertical */
    uint64_t states, goal_states;
    int moves;    /* -1 when unsolvable */
    int slides;   /* -1 when unsolvable or not asked */
    bool minimal; /* false when unsolvable */
    int vehicles, walls;
    char hardest[RH_ENUM_CELLS_MAX + 1]; /* board notation, NUL-terminated; "" if unsolvable */
    char hardest_slides[RH_ENUM_CELLS_MAX + 1]; /* the same by slides; "" unless slides asked */
    uint64_t hist[RH_ENUM_DEPTH_MAX];           /* hist[d] for d <= moves */
    uint64_t task; /* the task of the walk that found it (rh_enum_task) */
} rh_cluster;

/* A task: one subtree of the walk over the configurations of vehicles, the unit threads claim
 * and a resumed run skips; a cluster with walls is of the task of the wall-free cluster its
 * states make without their walls. Its number depends only on the board size and the vehicles,
 * never on the walls, threads or shards, so a run stopped anywhere can start again where it was:
 * keep what on_cluster gave with its cluster's task, keep the tasks on_task reports, and in the
 * next run of the same options skip those (skip_task) and drop what belongs to the others. */
typedef struct {
    uint64_t task;
    uint64_t configurations; /* its blocked configurations */
    uint64_t clusters;       /* this shard's clusters found in it */
    uint64_t solvable;       /* of which solvable */
} rh_enum_task;

/* Counters of a run; also the progress report. */
typedef struct {
    uint64_t configurations; /* blocked configurations of the shard's tasks */
    uint64_t clusters;       /* canonical configurations: clusters of this shard */
    uint64_t solvable;
    uint64_t kept;                             /* solvable and minimal */
    uint64_t kept_by_moves[RH_ENUM_DEPTH_MAX]; /* kept clusters of each length */
    uint64_t largest_cluster;                  /* states */
    int max_moves, max_slides;                 /* -1 before any solvable cluster */
    /* The hardest state of a cluster of max_moves moves, and by slides of one of max_slides
     * slides; of several such, the first in notation order, so that the threads' order does
     * not matter. "" before any solvable cluster (or, for slides, when not asked). */
    char hardest_moves[RH_ENUM_CELLS_MAX + 1], hardest_slides[RH_ENUM_CELLS_MAX + 1];
    uint64_t tasks_done, tasks_total; /* parts of the space finished, of all (for an ETA) */
    uint64_t tasks_skipped;           /* of tasks_done, those skip_task said an earlier run did */
    uint64_t elapsed_us;
    bool stopped; /* a callback asked to stop */
} rh_enum_stats;

/* Called once per cluster of the shard. Calls never overlap (the enumerator serialises them),
 * but they come from the worker threads. Return non-zero to stop the run. */
typedef int (*rh_enum_cluster_fn)(const rh_cluster *c, void *user);
/* Called from the calling thread every progress_interval_us while the run lasts. */
typedef void (*rh_enum_progress_fn)(const rh_enum_stats *s, void *user);
/* Called once per task run to its end, after every cluster it found went to on_cluster, and
 * serialised with on_cluster; never for a task a stop cut short. Return non-zero to stop. */
typedef int (*rh_enum_task_fn)(const rh_enum_task *t, void *user);
/* Whether to skip a task (an earlier run finished it). Called from the worker threads at
 * once: it must only read. */
typedef bool (*rh_enum_skip_fn)(uint64_t task, void *user);

typedef struct {
    int board_size;                 /* RH_ENUM_SIZE_MIN..RH_ENUM_SIZE_MAX */
    int walls_min, walls_max;       /* walls counted over the board */
    int vehicles_min, vehicles_max; /* the primary included; max RH_ENUM_NO_MAX = none */
    bool slides;                    /* also the slides length of each solvable cluster */
    int shard_index, shard_count;   /* this run handles shard_index of shard_count */
    int threads;                    /* >= 1 */
    size_t max_memory;              /* bytes of cluster buffers over all threads; 0 = default */
    bool count_only; /* only count configurations, no clusters: wall-free spaces only */
    rh_enum_cluster_fn on_cluster;   /* may be NULL */
    rh_enum_progress_fn on_progress; /* may be NULL */
    rh_enum_task_fn on_task;         /* may be NULL */
    rh_enum_skip_fn skip_task;       /* may be NULL: run every task */
    uint64_t progress_interval_us;
    void *user; /* passed to every callback */
} rh_enum_options;

#define RH_ENUM_MEMORY_DEFAULT ((size_t)192 << 20)

#define RH_ENUM_OPTIONS_INIT                                                                       \
    ((rh_enum_options){.board_size = 6,                                                            \
                       .walls_min = 0,                                                             \
                       .walls_max = 0,                                                             \
                       .vehicles_min = 1,                                                          \
                       .vehicles_max = RH_ENUM_NO_MAX,                                             \
                       .shard_index = 0,                                                           \
                       .shard_count = 1,                                                           \
                       .threads = 1,                                                               \
                       .progress_interval_us = 1000000})

/* Runs the enumeration of `opt`. Returns RH_OK (stats filled, also when a callback stopped it),
 * RH_EARG for impossible options, RH_ENOMEM when buffers cannot be allocated or a cluster needs
 * more than max_memory allows (stats then hold what was done). */
RH_API int rh_enumerate(const rh_enum_options *opt, rh_enum_stats *stats);

/* Statistics of no cluster yet (the maxima at -1). */
RH_API void rh_enum_stats_init(rh_enum_stats *s);
/* Counts cluster c into s as rh_enumerate counts each cluster it reports: clusters, solvable,
 * kept, the maxima and their boards, the largest cluster. For figures kept apart from a run's,
 * such as a bank's over the parts of a resumed run. */
RH_API void rh_enum_stats_add(rh_enum_stats *s, const rh_cluster *c);

/* Whether rh_enumerate accepts `opt` (else it returns RH_EARG). */
RH_API bool rh_enum_options_valid(const rh_enum_options *opt);

/* The shard of a task among `count`: the partition rh_enumerate uses. A cluster's shard is
 * that of its task (rh_cluster.task), itself a function of its canonical state: the vehicles
 * of each row and of the first two columns, in order (walls aside). */
RH_API int rh_enum_task_shard(uint64_t task, int count);

RH_END_DECLS

#endif
