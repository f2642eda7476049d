/* The cluster-table cache: whole clusters' tables (rushhour/table.h), shared by the HTTP and
 * worker threads, so that a hint or a solve anywhere in a cached cluster is a lookup and no
 * search. Bounded in bytes.
 *
 * Tables are kept by kind, each kind within a share of the bytes, so that no kind evicts
 * another's tables while that kind stays within its share: the day's puzzle (pinned: evicted
 * by nobody, one table), positions played (a table a lookup answered from), the bank's
 * hand-outs, and analyses (a small quota of their own that they never exceed). A hand-out's or
 * an analysis's table that answers a lookup is promoted to played when eviction next reaches
 * it. Within a kind, eviction is least recently used (a second chance per hit, O(1)).
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

typedef enum {
    RHD_TABLE_DAY,      /* the day's puzzle: pinned */
    RHD_TABLE_PLAYED,   /* answered a lookup: a share of 3/8 of the bytes */
    RHD_TABLE_HANDOUT,  /* a bank puzzle handed out: 3/8 */
    RHD_TABLE_ANALYZED, /* an analysis: 1/4, never more (the largest cluster at 64 MiB) */
    RHD_TABLE_KINDS
} rhd_table_kind;

/* The most bytes one table may take: the largest wall-free 6x6 cluster (541,934 states) fits. */
#define RHD_TABLE_MAX_BYTES ((size_t)16 << 20)

/* A cache of at most `max_bytes` of tables; NULL when max_bytes is 0 (every function below
 * takes a NULL cache as "no cache") or out of memory. */
rhd_tables *rhd_tables_new(size_t max_bytes);
void rhd_tables_free(rhd_tables *c);

/* The share of `kind` in a cache of `max_bytes` (the day's: max_bytes). */
size_t rhd_tables_share(size_t max_bytes, rhd_table_kind kind);

/* Answers `p` from the table holding its position, as rh_table_solve does (RH_OK with *out to
 * release), or RH_ENOTFOUND when no table holds it. Counts a hit or a miss. */
int rhd_tables_solve(rhd_tables *c, rh_result *out, const rh_puzzle *p, rh_metric metric,
                     rh_algorithm algorithm);

/* The distance of `p` in `metric` from the table holding it (rh_table_distance), or
 * RH_TABLE_ABSENT. Counts a hit or a miss. */
int rhd_tables_distance(rhd_tables *c, const rh_puzzle *p, rh_metric metric);

/* Claims the build of the cluster of `p`; true when granted (see above; also refused when
 * RHD_TABLE_CLAIMS_MAX claims are held, and for RHD_TABLE_FAILED_S seconds after a build of its
 * shape ran out of a budget or was too big to keep: a failure is not retried on every ask). A
 * granted claim ends with rhd_tables_build, rhd_tables_build_idle or rhd_tables_unclaim. */
#define RHD_TABLE_CLAIMS_MAX 64
#define RHD_TABLE_FAILED_S 600
bool rhd_tables_claim(rhd_tables *c, const rh_puzzle *p);
void rhd_tables_unclaim(rhd_tables *c, const rh_puzzle *p);

/* Builds the table of the claimed `p` within `limits` and keeps it as `kind` (a day's table
 * unpins the previous day's, which becomes a hand-out), evicting within the shares (above); a
 * table over RHD_TABLE_MAX_BYTES, one already held (a cluster entered by another position), or
 * one its share cannot make room for is not kept. Ends the claim. Returns whether the table was
 * kept. Takes the exclusive lock: for threads at normal priority. */
bool rhd_tables_build(rhd_tables *c, const rh_puzzle *p, const rh_limits *limits,
                      rhd_table_kind kind);

/* The same for a thread at idle priority, which must never hold a lock the HTTP threads wait
 * for: the finished table is handed in without a lock, and kept as above (the claim ending
 * then) by the next call of any other function here, from a thread at normal priority. */
void rhd_tables_build_idle(rhd_tables *c, const rh_puzzle *p, const rh_limits *limits,
                           rhd_table_kind kind);

/* Whether the same `key` (a bank puzzle's board) was asked for within the last
 * RHD_TABLE_RECENT_S seconds; records it when not. A filter in front of the claim, so that the
 * bank's hand-outs cost a hash when their cluster was handled lately, and an evicted table is
 * not built again more often than that. Lock-free; two keys may share a slot (a forgotten key
 * is asked again, the cost of one claim). */
#define RHD_TABLE_RECENT_S 10
bool rhd_tables_recently_asked(rhd_tables *c, const char *key, size_t len);

/* Makes the table holding `p` the day's, unpinning the previous day's (a hand-out from then
 * on); false when no table holds it. Takes the exclusive lock only when the day changes. */
bool rhd_tables_pin(rhd_tables *c, const rh_puzzle *p);

#endif
