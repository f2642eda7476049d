/* Prometheus metrics of rushhourd: lock-free counters, gauges and histograms, rendered in the
 * text exposition format (version 0.0.4). One process-wide registry, updated from any thread. */
#ifndef RHD_METRICS_H
#define RHD_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rushhour/search.h"

typedef enum {
    RHD_REJECT_QUEUE_FULL = 0,
    RHD_REJECT_SHUTTING_DOWN,
    RHD_REJECT_BODY_TOO_LARGE,
    RHD_REJECT_INVALID, /* 400, 415 */
    RHD_REJECT_COUNT
} rhd_reject_reason;

/* Why a background table build was not started (table_prefetch.h). */
typedef enum {
    RHD_BUILD_REFUSED_BUDGET = 0, /* the build budget had no token */
    RHD_BUILD_REFUSED_FAILED,     /* its cluster failed lately: too big, or a budget ran out */
    RHD_BUILD_REFUSED_QUEUE_FULL, /* the builder's queue was full */
    RHD_BUILD_REFUSED_COUNT
} rhd_build_refusal;

/* The most routes requests can be counted under. */
#define RHD_METRICS_ROUTES_MAX 32

/* Resets the registry (tests). Not thread-safe against concurrent updates. */
void rhd_metrics_reset(void);

/* Names the routes requests are counted under, by index: `labels[k]` (a static string, not
 * copied) for route k, and the last for any index out of range (the server's "other"); `count`
 * in 1..RHD_METRICS_ROUTES_MAX, else nothing changes. Until then every request is counted under
 * "other". Call before requests are counted (not thread-safe against them); kept by a reset. */
void rhd_metrics_routes(const char *const *labels, int count);

/* One finished request: its route's index, method ("GET", "POST", other methods counted as
 * "OTHER"), status code (any 100..599) and duration. */
void rhd_metrics_request(int route, const char *method, int status, uint64_t duration_us);

/* One finished search: its algorithm (labelled by rh_algorithm_name; one out of range is not
 * counted), its duration and the nodes it expanded. */
void rhd_metrics_search(rh_algorithm algorithm, uint64_t duration_us, uint64_t nodes_expanded);

void rhd_metrics_rejected(rhd_reject_reason reason);

/* One analysis (POST /v1/analyze) ended: complete, or stopped by a budget; its time on the
 * worker. */
void rhd_metrics_analysis(bool complete, uint64_t duration_us);

/* One generation (POST /v1/generate) ended: a puzzle found, or stopped by a budget; its time
 * on the worker. */
void rhd_metrics_generated(bool found, uint64_t duration_us);

/* One job given up because its client went away: a running search cancelled, or a queued job
 * dropped before it started. */
void rhd_metrics_abandoned(bool started);

/* One POST /v1/generate answered from the puzzle bank, without a search. */
void rhd_metrics_bank_answer(void);

/* One answer cache lookup. */
void rhd_metrics_cache(bool hit);

/* What befell the cluster-table cache: one lookup, a miss or a hit; one build, dropped (a budget
 * ran out, or it did not fit) or kept; one table evicted, or freed with the cache. */
typedef enum {
    RHD_TABLE_LOOKUP_MISS = 0, /* each outcome pair is no, then yes */
    RHD_TABLE_LOOKUP_HIT,
    RHD_TABLE_BUILD_DROPPED,
    RHD_TABLE_BUILD_KEPT,
    RHD_TABLE_EVICTED,
    RHD_TABLE_FREED, /* not counted: only the tables held follow it */
    RHD_TABLE_EVENT_COUNT
} rhd_table_event;

/* One event of the cluster-table cache about a table of `bytes`: counted, and a table kept,
 * evicted or freed moves the tables and bytes held. One out of range is ignored. */
void rhd_metrics_table(rhd_table_event event, size_t bytes);

/* One background table build not started, and why. */
void rhd_metrics_build_refused(rhd_build_refusal why);

/* One request answered 408 because its header (`body` false) or its body outlived its
 * deadline (deadline.h). */
void rhd_metrics_timeout(bool body);

/* One connection closed as soon as accepted: the connection limit or the per-address limit
 * was reached (libmicrohttpd reports both alike). */
void rhd_metrics_refused(void);

/* Gauges the pool updates: +1 / -1. */
void rhd_metrics_queue_depth_add(int delta);
void rhd_metrics_in_flight_add(int delta);

/* Renders every metric, with # HELP and # TYPE lines, into a new malloc'd NUL-terminated string
 * (the caller frees it), or NULL when out of memory. Includes
 *   rushhourd_http_requests_total{route,method,code} counter
 *   rushhourd_http_request_duration_seconds{route} histogram
 *   rushhourd_search_duration_seconds{algorithm} histogram
 *   rushhourd_search_nodes_expanded histogram
 *   rushhourd_queue_depth, rushhourd_searches_in_flight gauges
 *   rushhourd_rejected_requests_total{reason} counter ("queue_full", "shutting_down",
 *     "body_too_large", "invalid")
 *   rushhourd_abandoned_jobs_total{result} counter ("cancelled", "dropped")
 *   rushhourd_cache_lookups_total{result} counter ("hit", "miss")
 *   rushhourd_table_lookups_total{result} counter ("hit", "miss")
 *   rushhourd_table_builds_total{result} counter ("kept", "dropped")
 *   rushhourd_table_evictions_total counter
 *   rushhourd_table_builds_refused_total{reason} counter ("budget", "failed_lately",
 *     "queue_full")
 *   rushhourd_tables, rushhourd_table_bytes gauges
 *   rushhourd_analyses_total{result} counter ("complete", "limit_reached")
 *   rushhourd_generated_puzzles_total{result} counter ("generated", "limit_reached")
 *   rushhourd_bank_answers_total counter (generate requests the puzzle bank answered)
 *   rushhourd_request_timeouts_total{phase} counter ("header", "body")
 *   rushhourd_connections_refused_total counter
 *   rushhourd_build_info{version} gauge 1
 * `version` is the build's version string. */
char *rhd_metrics_render(const char *version);

#endif
