/* Running route tasks on the worker pool; see route_task.h. */
#include <stdlib.h>

#include "rushhour/clock.h"
#include "routes/route_task.h"
#include "work.h"

void *rhd_task_state(rhd_request *r, size_t size, void (*state_free)(void *))
{
    void *state = calloc(1, size);
    if (!state) {
        rhd_reply_no_memory(r);
        return NULL;
    }
    r->state = state;
    r->state_free = state_free;
    return state;
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

void rhd_task_submit(rhd_request *r, rhd_task *task,
                     void (*work)(rhd_task *task, const rhd_request *r, rhd_timing *t))
{
    rhd_task_prepare(task, work);
    rhd_job *job = &task->job;
    rhd_work_submit(r, &job, 1);
}
