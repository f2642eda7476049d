/* The one shape of a searching route's work (solve, hint, analyze, each puzzle of a batch,
 * generate), after libuv's threadpool: a task is an intrusive work item embedded in the route's
 * own state (r->state, owned by the request); a worker runs it and it writes an outcome
 * (route_outcome.h), which becomes the reply. */
#ifndef RHD_ROUTE_TASK_H
#define RHD_ROUTE_TASK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "options.h"
#include "request.h"
#include "routes/route_outcome.h"

typedef struct rhd_task rhd_task;
struct rhd_task {
    rhd_job job;       /* the pool's */
    rhd_options opt;   /* the budgets: the deadline counts from when the task was queued */
    uint64_t parse_us; /* the time spent reading the body for it */
    rhd_outcome out;
    /* The route's work, on a worker, called only with the deadline still ahead: writes `out`.
     * `t` holds the queue and parse times; the work adds its own (solve_us). */
    void (*work)(rhd_task *task, const rhd_request *r, rhd_timing *t);
};

/* Allocates a route's zeroed state of `size` bytes as r->state: a struct whose first member is
 * its rhd_task, the task's options at the server's defaults (rhd_options_init). It is freed,
 * with the task's outcome, when the request completes. NULL, with the 500 reply set, when out
 * of memory. */
void *rhd_task_state(rhd_request *r, size_t size);

/* Sets `task` to run `work`; the caller then queues its job (rhd_work_submit). */
void rhd_task_prepare(rhd_task *task,
                      void (*work)(rhd_task *task, const rhd_request *r, rhd_timing *t));

/* Queues the one task of `r` to run `work`; its outcome becomes the reply. */
void rhd_task_submit(rhd_request *r, rhd_task *task,
                     void (*work)(rhd_task *task, const rhd_request *r, rhd_timing *t));

/* A task's search, from its work under its budgets: rh_solve of `p`, or rh_analyze of `p` in
 * the task's metric. False when out of memory (the 500 outcome) or when the cancel flag stopped
 * it (rhd_outcome_cancelled): the outcome is set and `res` holds nothing to free. Else `res`,
 * ended or stopped at another limit, is the caller's to free. A search made has its nodes on
 * the outcome, its time in t->solve_us, and is counted in the metrics. */
bool rhd_task_solve(rhd_task *task, rh_result *res, const rh_puzzle *p, rhd_timing *t);
bool rhd_task_analyze(rhd_task *task, rh_analysis *res, const rh_puzzle *p, rhd_timing *t);

/* Whether the cancel flag stopped the work of `task`, which ended with `status` and `limit`:
 * then its outcome says so (rhd_outcome_cancelled). */
bool rhd_task_cancelled(rhd_task *task, rh_status status, rh_limit limit);

#endif
