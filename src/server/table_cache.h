/* The cluster-table cache: whole clusters' tables (rushhour/table.h), shared by the HTTP and
 * worker threads, so that a hint or a solve anywhere in a cached cluster is a lookup and no
 * search. Bounded in bytes, evicted least recently used, except the pinned tables (the day's
 * puzzle), which stay until unpinned.
 *
 * Which clusters enter is the callers' policy (table_prefetch.h, docs/operating.md); the cache
 * only makes sure that a cluster is built once at a time: a build is claimed first, and a claim
 * is refused while a table holds the position or a build of the same shape is queued or runs.
 * Requests that find no table meanwhile search as before. */
#ifndef RHD_TABLE_CACHE_H
#define RHD_TABLE_CACHE_H

#include <stdbool.h>
#include <stddef.h>

#include "rushhour/rushhour.h"
#include "rushhour/table.h"

typedef struct rhd_tables rhd_tables;

/* The most bytes one table may take: the largest wall-free 6x6 cluster (541,934 states) fits. */
#define RHD_TABLE_MAX_BYTES ((size_t)16 << 20)

/* A cache of at most `max_bytes` of tables; NULL when max_bytes is 0 (every function below
 * takes a NULL cache as "no cache") or out of memory. */
rhd_tables *rhd_tables_new(size_t max_bytes);
void rhd_tables_free(rhd_tables *c);

/* Answers `p` from the table holding its position, as rh_table_solve does (RH_OK with *out to
 * release), or RH_ENOTFOUND when no table holds it. Counts a hit or a miss. */
int rhd_tables_solve(rhd_tables *c, rh_result *out, const rh_puzzle *p, rh_metric metric,
                     rh_algorithm algorithm);

/* The distance of `p` in `metric` from the table holding it (rh_table_distance), or
 * RH_TABLE_ABSENT. Counts a hit or a miss. */
int rhd_tables_distance(rhd_tables *c, const rh_puzzle *p, rh_metric metric);

/* Claims the build of the cluster of `p`; true when granted (see above; also refused when
 * RHD_TABLE_CLAIMS_MAX claims are held). A granted claim ends with rhd_tables_build or
 * rhd_tables_unclaim. */
#define RHD_TABLE_CLAIMS_MAX 64
bool rhd_tables_claim(rhd_tables *c, const rh_puzzle *p);
void rhd_tables_unclaim(rhd_tables *c, const rh_puzzle *p);

/* Builds the table of the claimed `p` within `limits` and keeps it, pinned when asked, evicting
 * the least recently used unpinned tables to make room; a table over RHD_TABLE_MAX_BYTES, or
 * that the unpinned tables cannot make room for, is not kept. Ends the claim. Returns whether
 * the table was kept. */
bool rhd_tables_build(rhd_tables *c, const rh_puzzle *p, const rh_limits *limits, bool pinned);

/* Whether the same `key` (a bank puzzle's board) was asked for within the last
 * RHD_TABLE_RECENT_S seconds; records it when not. A filter in front of the claim, so that the
 * bank's hand-outs cost a hash when their cluster was handled lately, and an evicted table is
 * not built again more often than that. Lock-free; two keys may share a slot (a forgotten key
 * is asked again, the cost of one claim). */
#define RHD_TABLE_RECENT_S 10
bool rhd_tables_recently_asked(rhd_tables *c, const char *key, size_t len);

/* Pins the table holding `p` and unpins every other (the day's puzzle changed); false when no
 * table holds it. */
bool rhd_tables_pin(rhd_tables *c, const rh_puzzle *p);

#endif
