/* A request's work on the worker pool: the connection is suspended while the request's jobs
 * run and resumed when the last one ends; a client that hangs up has its queued jobs dropped
 * and, on a reset, its running ones cancelled (the policy is in work.c). Shared by every route
 * that searches (solve, hint, analyze, batch, generate). */
#ifndef RHD_WORK_H
#define RHD_WORK_H

#include <stdbool.h>

#include "request.h"

/* Queues the `n` jobs of `jobs` (each with its run set; they stay the caller's, typically in
 * r->state) for `r`, all or none, and suspends the connection. Each job's owner, gone and done
 * are set here. When the last job ends, r->finish (when set) builds the reply, then the
 * connection resumes. When the pool refuses (queue full, draining) the 503 reply is set and
 * false returned; the connection is then resumed already. */
bool rhd_work_submit(rhd_request *r, rhd_job *const *jobs, int n);

/* The request a job queued by rhd_work_submit belongs to. */
rhd_request *rhd_work_request(const rhd_job *job);

#endif
