/* The solver worker pool: a fixed set of threads taking jobs from one bounded FIFO. The HTTP
 * threads only enqueue; every search runs here. A full queue refuses at once (the caller
 * answers 503), and a draining pool refuses everything new. */
#ifndef RHD_POOL_H
#define RHD_POOL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct rhd_job rhd_job;

/* What done() is told: the job ran, or the pool dropped it from the queue without running it
 * (its owner said nobody waits for it any more). */
enum { RHD_JOB_RAN = 0, RHD_JOB_DROPPED = 1 };

/* The values of a job's `cancel` flag; a search stops on any non-zero value. */
enum { RHD_CANCEL_NONE = 0, RHD_CANCEL_GONE = 1, RHD_CANCEL_DRAIN = 2 };

/* A unit of work, embedded in the caller's own state, which stays the caller's: the pool only
 * links it into its queue, then on a worker thread calls run(job) (the search, which may read
 * `cancel`) and, once the pool holds no reference to it any more, done(job, RHD_JOB_RAN), which
 * hands it back (the service resumes the connection there, after which the job may be freed). */
struct rhd_job {
    void (*run)(rhd_job *job);
    void (*done)(rhd_job *job, int status);
    /* Optional: true when nobody waits for the answer any more. The pool asks every queued and
     * running job about ten times a second, and each job once more when a worker takes it,
     * never with its lock held, possibly from two threads at once: a queued or just-taken job
     * found gone is dropped (done(job, RHD_JOB_DROPPED), run never called, its queue place
     * freed at once), a running one gets `cancel` = RHD_CANCEL_GONE. */
    bool (*gone)(rhd_job *job);
    void *owner;          /* the caller's, never touched by the pool */
    atomic_int cancel;    /* RHD_CANCEL_*: set by the pool (gone, or the drain deadline) */
    uint64_t enqueued_us; /* set by rhd_pool_submit */
    /* The pool's own, under its lock: */
    rhd_job *next;
    bool started; /* a worker took it off the queue: it is run, or dropped by that worker */
    bool watched; /* the watchdog is asking gone(): done() waits */
};

/* The state of type `type` whose member `member` is `ptr` (libuv's container_of): how a job's
 * owner gets from the job the pool hands back to the state the job is embedded in. */
#define rhd_container_of(ptr, type, member) ((type *)((char *)(ptr)-offsetof(type, member)))

typedef struct rhd_pool rhd_pool;

enum { RHD_POOL_OK = 0, RHD_POOL_FULL = 1, RHD_POOL_CLOSED = 2 };

/* Starts `workers` threads with a queue of `queue_length` jobs; with `searches`, its jobs count
 * in the searches' queue and in-flight gauges (the request workers'; not the table builder's,
 * whose background builds wait at idle priority). Returns 0 or -1 (errno). */
int rhd_pool_start(rhd_pool **out, int workers, int queue_length, bool searches);

/* Enqueues `job` (its run set by the caller). Returns RHD_POOL_OK, RHD_POOL_FULL or
 * RHD_POOL_CLOSED (draining). */
int rhd_pool_submit(rhd_pool *p, rhd_job *job);

/* Enqueues `job` first, ahead of every queued job, with a place of its own beyond a full queue
 * (one such job at a time): what must not wait behind a flood. */
int rhd_pool_submit_first(rhd_pool *p, rhd_job *job);

/* Enqueues the `n` jobs of `jobs` all at once, or none of them (RHD_POOL_FULL when the queue
 * has no room for all of them): a request made of several jobs is taken whole or refused. */
int rhd_pool_submit_all(rhd_pool *p, rhd_job *const *jobs, int n);

/* Refuses new jobs, then waits until every queued and running job has been handed back. When
 * `deadline_us` (rh_clock_us time, 0: none) passes first, sets the cancel flag of every job
 * still queued or running to RHD_CANCEL_DRAIN, and keeps waiting: searches stop at their next
 * budget check. */
void rhd_pool_drain(rhd_pool *p, uint64_t deadline_us);

/* Refuses new jobs from now on (RHD_POOL_CLOSED) without waiting: the first step of a drain. */
void rhd_pool_close(rhd_pool *p);

/* Joins the threads and frees the pool; call after rhd_pool_drain. */
void rhd_pool_stop(rhd_pool *p);

/* Jobs queued and not yet started; jobs running. */
int rhd_pool_queued(rhd_pool *p);
int rhd_pool_running(rhd_pool *p);

#endif
