/* Building a cluster's table in the background, for the clusters of the puzzles the bank hands
 * out and the day's puzzle (the policy in docs/operating.md): a job owned by nobody's request,
 * on the builder, a pool of one thread of its own at idle priority (SCHED_IDLE), so that builds
 * take only the CPU that requests leave and never hold a worker a search waits for. Nothing
 * waits for a build: when the cache refuses the claim, the budget (build_budget.h) has no
 * token or the builder's queue is full, nothing is built and requests search as before. The
 * day's build alone skips the budget and goes first in the queue, in a place of its own. */
#ifndef RHD_TABLE_PREFETCH_H
#define RHD_TABLE_PREFETCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "build_budget.h"
#include "pool.h"
#include "puzzle_bank.h"
#include "table_cache.h"

/* The builds the builder queues at most; what every build gets: the memory of one search and
 * this much time once started. */
#define RHD_TABLE_PREFETCH_QUEUE 16
#define RHD_TABLE_BUILD_US (10 * 1000 * 1000)

/* The builder and what its builds get: set at start, never changed but for the budget's
 * tokens. */
typedef struct {
    rhd_pool *builder;
    rhd_build_budget budget;
    size_t max_memory; /* each build's working memory (0: none) */
} rhd_prefetch;

/* Queues the build of the cluster of `board`, a bank puzzle in the database notation, as a
 * hand-out; nothing for a board asked lately (rhd_tables_recently_asked) or that does not
 * parse. Nothing without a cache (`c` NULL). */
void rhd_tables_prefetch_board(rhd_tables *c, rhd_prefetch *f, const char *board);

/* The served puzzle of `day` (days since 1970-01-01, UTC; rhd_bank_daily) in `bank`: pins its
 * cluster's table, unpinning the previous day's, or else queues its build, pinned. The caller
 * gives the day, so a test can turn it. */
void rhd_tables_pin_day(rhd_tables *c, rhd_prefetch *f, rh_bank *bank, int64_t day);

#endif
