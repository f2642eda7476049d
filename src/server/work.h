/* A request's work on the worker pool: the connection is suspended while the request's jobs
 * run and resumed when the last one ends; a client that hangs up has its queued jobs dropped
 * and, on a reset, its running ones cancelled (the policy is in work.c). Shared by every route
 * that searches (solve, hint, analyze, batch, generate). */
#ifndef RHD_WORK_H
#define RHD_WORK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "request.h"

/* Queues the `n` jobs of `jobs` (each with its run set; they stay the caller's, typically in
 * r->state) for `r`, all or none, and suspends the connection. Each job's owner, gone and done
 * are set here. When the last job ends, r->finish (when set) builds the reply, then the
 * connection resumes. When the pool refuses (queue full, draining) the 503 reply is set and
 * false returned; the connection is then resumed already. */
bool rhd_work_submit(rhd_request *r, rhd_job *const *jobs, int n);

/* The request a job queued by rhd_work_submit belongs to. */
rhd_request *rhd_work_request(const rhd_job *job);

/* Sets the reply for work stopped by the cancel flag of `job`: a hang-up when the client went
 * away (499 in the log and metrics, nothing on the wire), else 503 shutting-down (the drain
 * deadline passed). */
void rhd_work_reply_cancelled(rhd_request *r, const rhd_job *job);

/* Writes the timing_us object, {"queue":..,"parse":..,"solve":..,"total":..} in
 * microseconds, `total` counted from the request's start until now. Returns its length. */
int rhd_work_timing(char *out, size_t len, const rhd_request *r, uint64_t queue_us,
                    uint64_t parse_us, uint64_t solve_us);
#define RHD_TIMING_MAX 128

/* Replies 200 with `doc` (consumed) completed by a timing_us member. */
void rhd_work_reply_timed(rhd_request *r, cJSON *doc, uint64_t queue_us, uint64_t parse_us,
                          uint64_t solve_us);

/* Replies 422 search-limit for `limit`, with the members of `doc` (consumed; its "status"
 * member dropped, since a problem's status is the HTTP code) and the timings. */
void rhd_work_reply_limit(rhd_request *r, rh_limit limit, cJSON *doc, uint64_t queue_us,
                          uint64_t parse_us, uint64_t solve_us);

/* The 422 queue-timeout problem: the deadline passed while the work waited for a worker, so
 * no search was made (told apart from a search that ran out of time), with the timings. */
cJSON *rhd_work_queue_timeout(const rhd_request *r, uint64_t queue_us, uint64_t parse_us);

/* The 422 problem document of rhd_work_reply_limit, for callers that place it themselves. */
cJSON *rhd_work_limit_problem(const rhd_request *r, rh_limit limit, cJSON *doc, uint64_t queue_us,
                              uint64_t parse_us, uint64_t solve_us);

#endif
