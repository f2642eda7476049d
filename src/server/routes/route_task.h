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

/* A solving task's end (rhd_task_prepare_solve), on a worker: its outcome from `res`, a search
 * that ended (solved or unsolvable) or stopped at a limit other than the cancel flag. */
typedef void rhd_task_solved(rhd_task *task, const rhd_request *r, const rh_result *res,
                             rhd_timing *t);

struct rhd_task {
    rhd_job job;       /* the pool's */
    rhd_options opt;   /* the budgets: the deadline counts from when the task was queued */
    uint64_t parse_us; /* the time spent reading the body for it */
    rhd_outcome out;
    /* The route's work, on a worker, called only with the deadline still ahead: writes `out`.
     * `t` holds the queue and parse times; the work adds its own (solve_us). */
    void (*work)(rhd_task *task, const rhd_request *r, rhd_timing *t);
    /* a solving task's: the puzzle its work solves, and what it makes of the search */
    const rh_puzzle *puzzle;
    rhd_task_solved *solved;
};

/* Allocates a route's zeroed state of `size` bytes as r->state: a struct whose first member is
 * its rhd_task, the task's options at the server's defaults (rhd_options_init). It is freed,
 * with the task's outcome, when the request completes. NULL, with the 500 reply set, when out
 * of memory. */
void *rhd_task_state(rhd_request *r, size_t size);

/* Sets `task` to run `work`; the caller then queues its job (rhd_task_submit, or
 * rhd_work_submit for several). */
void rhd_task_prepare(rhd_task *task,
                      void (*work)(rhd_task *task, const rhd_request *r, rhd_timing *t));

/* Sets `task` to solve `p` (which outlives it) under its budgets, then end with `solved`: the
 * work of solve, hint, a batch's puzzles and verify. A search out of memory or cancelled ends
 * without it (the 500 or the cancelled outcome). */
void rhd_task_prepare_solve(rhd_task *task, const rh_puzzle *p, rhd_task_solved *solved);

/* Queues `task`, prepared, as the one task of `r`; its outcome becomes the reply. */
void rhd_task_submit(rhd_request *r, rhd_task *task);

/* A task's analysis, from its work under its budgets: rh_analyze of `p` in the task's metric.
 * False when out of memory (the 500 outcome) or when the cancel flag stopped it
 * (rhd_outcome_cancelled): the outcome is set and `res` holds nothing to free. Else `res`,
 * ended or stopped at another limit, is the caller's to free. An analysis made has its nodes on
 * the outcome, its time in t->solve_us, and is counted in the metrics. */
bool rhd_task_analyze(rhd_task *task, rh_analysis *res, const rh_puzzle *p, rhd_timing *t);

/* Whether the cancel flag stopped the work of `task`, which ended with `status` and `limit`:
 * then its outcome says so (rhd_outcome_cancelled). */
bool rhd_task_cancelled(rhd_task *task, rh_status status, rh_limit limit);

#endif
