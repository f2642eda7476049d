/* The replies every searching route (solve, hint, analyze, batch, generate) builds when its
 * work ends: the answer with its timings, a budget limit, the queue timeout, and cancellation.
 * Called on the workers, or on the MHD thread for an answer taken from the cache. */
#ifndef RHD_SEARCH_REPLY_H
#define RHD_SEARCH_REPLY_H

#include <stddef.h>
#include <stdint.h>

#include "request.h"

/* Sets the reply for work stopped by the cancel flag of `job`: a hang-up when the client went
 * away (499 in the log and metrics, nothing on the wire), else 503 shutting-down (the drain
 * deadline passed). */
void rhd_search_reply_cancelled(rhd_request *r, const rhd_job *job);

/* Writes the timing_us object, {"queue":..,"parse":..,"solve":..,"total":..} in
 * microseconds, `total` counted from the request's start until now. Returns its length. */
int rhd_search_timing(char *out, size_t len, const rhd_request *r, uint64_t queue_us,
                      uint64_t parse_us, uint64_t solve_us);
#define RHD_TIMING_MAX 128

/* Replies 200 with `doc` (consumed) completed by a timing_us member. */
void rhd_search_reply_timed(rhd_request *r, cJSON *doc, uint64_t queue_us, uint64_t parse_us,
                            uint64_t solve_us);

/* Replies 422 search-limit for `limit`, with the members of `doc` (consumed; its "status"
 * member dropped, since a problem's status is the HTTP code) and the timings. */
void rhd_search_reply_limit(rhd_request *r, rh_limit limit, cJSON *doc, uint64_t queue_us,
                            uint64_t parse_us, uint64_t solve_us);

/* The 422 queue-timeout problem: the deadline passed while the work waited for a worker, so
 * no search was made (told apart from a search that ran out of time), with the timings. */
cJSON *rhd_search_queue_timeout(const rhd_request *r, uint64_t queue_us, uint64_t parse_us);

/* The 422 problem document of rhd_search_reply_limit, for callers that place it themselves. */
cJSON *rhd_search_limit_problem(const rhd_request *r, rh_limit limit, cJSON *doc, uint64_t queue_us,
                                uint64_t parse_us, uint64_t solve_us);

#endif
