/* Running route tasks on the worker pool, and their searches; see route_task.h. */
#include <stdlib.h>

#include "rushhour/clock.h"
#include "routes/route_task.h"
#include "work.h"

/* Frees a route's state, which begins with its task. */
static void state_free(void *state)
{
    rhd_task *task = state;
    rhd_outcome_free(&task->out);
    free(state);
}

void *rhd_task_state(rhd_request *r, size_t size)
{
    rhd_task *task = calloc(1, size);
    if (!task) {
        rhd_reply_no_memory(r);
        return NULL;
    }
    rhd_options_init(&task->opt, r->cfg);
    r->state = task;
    r->state_free = state_free;
    return task;
}

/* The locking rule: a task is only ever touched by one thread at a time, so it needs no lock.
 * The MHD thread fills it and queues it; then only the worker that runs it touches it; the
 * request's last job to end (work.c) builds the reply from every outcome after an atomic
 * decrement that orders the other workers' writes before it, and then the connection resumes
 * on the MHD thread, which frees the state when the request completes. A request made of one
 * task (no r->finish) replies from its outcome here; one of several (a batch) joins them in
 * r->finish. */
static void run(rhd_job *job)
{
    rhd_task *task = rhd_container_of(job, rhd_task, job);
    rhd_request *r = rhd_work_request(job);
    rhd_timing t = {rh_clock_us() - job->enqueued_us, task->parse_us, 0};
    if (rhd_options_start(&task->opt, job->enqueued_us, &job->cancel))
        task->work(task, r, &t);
    else
        rhd_outcome_queue_timeout(&task->out, r, &t);
    if (!r->finish) rhd_outcome_reply(r, &task->out);
}

void rhd_task_prepare(rhd_task *task,
                      void (*work)(rhd_task *task, const rhd_request *r, rhd_timing *t))
{
    task->job.run = run;
    task->work = work;
}

void rhd_task_submit(rhd_request *r, rhd_task *task)
{
    rhd_job *job = &task->job;
    rhd_work_submit(r, &job, 1);
}

/* The end of every search on a worker: a 500 when it ran out of memory (`rc`), else its
 * figures on the outcome and in the timing. */
static bool searched(rhd_task *task, int rc, const rh_stats *stats, rhd_timing *t)
{
    if (rc != RH_OK) {
        rhd_outcome_no_memory(&task->out);
        return false;
    }
    task->out.nodes = stats->nodes_expanded;
    t->solve_us = stats->elapsed_us;
    return true;
}

bool rhd_task_cancelled(rhd_task *task, rh_status status, rh_limit limit)
{
    if (status != RH_LIMIT_REACHED || limit != RH_LIMIT_CANCELLED) return false;
    rhd_outcome_cancelled(&task->out, &task->job);
    return true;
}

/* A solving task's work: its search, then the route's end of it. */
static void solve(rhd_task *task, const rhd_request *r, rhd_timing *t)
{
    rh_result res;
    const int rc = rh_solve(&res, task->puzzle, &task->opt.search);
    if (!searched(task, rc, &res.stats, t)) return;
    rhd_metrics_search(res.algorithm, res.stats.elapsed_us, res.stats.nodes_expanded);
    if (!rhd_task_cancelled(task, res.status, res.limit)) task->solved(task, r, &res, t);
    rh_result_free(&res);
}

void rhd_task_prepare_solve(rhd_task *task, const rh_puzzle *p, rhd_task_solved *solved)
{
    rhd_task_prepare(task, solve);
    task->puzzle = p;
    task->solved = solved;
}

bool rhd_task_analyze(rhd_task *task, rh_analysis *res, const rh_puzzle *p, rhd_timing *t)
{
    const int rc = rh_analyze(res, p, task->opt.search.metric, &task->opt.search.limits);
    if (!searched(task, rc, &res->stats, t)) return false;
    rhd_metrics_analysis(res->status == RH_SOLVED, res->stats.elapsed_us);
    if (!rhd_task_cancelled(task, res->status, res->limit)) return true;
    rh_analysis_free(res);
    return false;
}
