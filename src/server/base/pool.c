/* A fixed thread pool with a bounded FIFO of intrusive jobs, and a watchdog that drops or
 * cancels the jobs nobody waits for any more; a worker drops such a job instead of running it. */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#include "rushhour/clock.h"
#include "metrics.h"
#include "monotonic.h"
#include "pool.h"
#include "rushhour/search.h"

#define MAX_RUNNING 1024
#define WATCH_INTERVAL_US 100000

/* What the watchdog saw of one job while the lock was released. */
typedef struct {
    rhd_job *job;
    bool gone;
} sighting;

struct rhd_pool {
    pthread_mutex_t lock;
    pthread_cond_t work;      /* a job was queued, or the pool is stopping */
    pthread_cond_t idle;      /* a job was handed back (monotonic clock) */
    pthread_cond_t watch;     /* wakes the watchdog when the pool stops (monotonic clock) */
    pthread_cond_t unwatched; /* the watchdog let go of the jobs it was asking about */
    pthread_t watchdog;
    bool watching;
    rhd_job *head, *tail;
    int queued, running, capacity, workers;
    int returning; /* dropped jobs being handed back by the watchdog */
    bool closed, stopping;
    bool searches;  /* its jobs are the searches the queue and in-flight gauges count */
    sighting *seen; /* the watchdog's: capacity + workers entries */
    rhd_job *active[MAX_RUNNING]; /* the running jobs, to cancel them */
    pthread_t threads[];
};

static void unlink_job(rhd_pool *p, rhd_job *job)
{
    rhd_job *prev = NULL;
    for (rhd_job *j = p->head; j != job; j = j->next) prev = j;
    if (prev)
        prev->next = job->next;
    else
        p->head = job->next;
    if (p->tail == job) p->tail = prev;
    p->queued--;
    if (p->searches) rhd_metrics_queue_depth_add(-1);
}

/* Whether a job a worker has just taken from the queue is still wanted. The watchdog's last
 * look may have come before its client left, or before a sibling's end marked the request
 * abandoned; then the job is dropped here as the watchdog would have, not run only to be
 * cancelled. Called with the lock released; a cancel the watchdog or a drain set first stands. */
static bool wanted(rhd_job *job)
{
    int none = RHD_CANCEL_NONE;
    if (job->gone && !atomic_load(&job->cancel) && job->gone(job))
        atomic_compare_exchange_strong(&job->cancel, &none, RHD_CANCEL_GONE);
    return atomic_load(&job->cancel) != RHD_CANCEL_GONE;
}

/* The locking rule. One mutex, p->lock, guards the queue, the counters, `active`, and the
 * pool's own fields of every queued or running job (next, started, watched). Nothing that may
 * block or take another lock runs under it: run(), done() and gone() are always called with it
 * released, so a job's owner may take its own locks there, and gone() may poll a socket.
 *
 * A job belongs to the pool from its submission until done() is called, and to its owner
 * again from then on: the pool never touches it after that. A worker takes a job off the queue
 * and into `active` under the lock (`started`: the watchdog no longer drops it), then asks
 * gone() with the lock released, and either runs it or hands it back dropped. The watchdog
 * asks gone() with the lock released too, so it first marks each job it asks about `watched`;
 * a worker done with its job, run or dropped, waits on `unwatched` until the mark is gone
 * before it calls done(), and the watchdog itself hands back the queued jobs it drops. Cancel
 * flags are atomics, read by the search without the lock. */
static void *worker(void *arg)
{
    rhd_pool *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->head && !p->stopping) pthread_cond_wait(&p->work, &p->lock);
        if (!p->head) break;
        rhd_job *job = p->head;
        unlink_job(p, job);
        job->started = true;
        int slot = 0;
        while (p->active[slot]) slot++;
        p->active[slot] = job;
        p->running++;
        pthread_mutex_unlock(&p->lock);

        const int status = wanted(job) ? RHD_JOB_RAN : RHD_JOB_DROPPED;
        if (status == RHD_JOB_RAN) {
            if (p->searches) rhd_metrics_in_flight_add(1);
            job->run(job);
        }
        pthread_mutex_lock(&p->lock);
        p->active[slot] = NULL; /* drain must not cancel a job its owner may free */
        while (job->watched) pthread_cond_wait(&p->unwatched, &p->lock);
        pthread_mutex_unlock(&p->lock);
        job->done(job, status); /* `job` belongs to its owner again: not touched after this */

        pthread_mutex_lock(&p->lock);
        p->running--;
        if (status == RHD_JOB_RAN && p->searches) rhd_metrics_in_flight_add(-1);
        pthread_cond_broadcast(&p->idle);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* Marks `watched` and lists every queued or running job that can be asked and is not
 * cancelled yet. Called with the lock held. */
static int look(rhd_pool *p)
{
    int n = 0;
    for (rhd_job *j = p->head; j; j = j->next)
        if (j->gone && !atomic_load(&j->cancel)) p->seen[n++] = (sighting){j, false};
    for (int i = 0; i < MAX_RUNNING && n < p->capacity + 1 + p->workers; i++) {
        rhd_job *j = p->active[i];
        if (j && j->gone && !atomic_load(&j->cancel)) p->seen[n++] = (sighting){j, false};
    }
    for (int i = 0; i < n; i++) p->seen[i].job->watched = true;
    return n;
}

/* Acts on what gone() said: drops the jobs still queued, cancels those running now. Returns
 * how many were dropped; they are listed first in p->seen, to be handed back once the lock is
 * released. Called with the lock held. */
static int act(rhd_pool *p, int n)
{
    int dropped = 0;
    for (int i = 0; i < n; i++) {
        sighting s = p->seen[i];
        s.job->watched = false;
        if (!s.gone) continue;
        atomic_store(&s.job->cancel, RHD_CANCEL_GONE);
        if (!s.job->started) {
            unlink_job(p, s.job);
            p->seen[dropped++] = s;
        }
    }
    p->returning += dropped;
    pthread_cond_broadcast(&p->unwatched);
    return dropped;
}

/* Every WATCH_INTERVAL_US, asks each queued and running job whether anybody still waits for
 * it: drops the queued ones nobody waits for, cancels the running ones. */
static void *watchdog(void *arg)
{
    rhd_pool *p = arg;
    pthread_mutex_lock(&p->lock);
    while (!p->stopping) {
        const int n = look(p);
        pthread_mutex_unlock(&p->lock);
        for (int i = 0; i < n; i++) p->seen[i].gone = p->seen[i].job->gone(p->seen[i].job);
        pthread_mutex_lock(&p->lock);
        const int dropped = act(p, n);
        if (dropped) {
            pthread_mutex_unlock(&p->lock);
            for (int i = 0; i < dropped; i++) p->seen[i].job->done(p->seen[i].job, RHD_JOB_DROPPED);
            pthread_mutex_lock(&p->lock);
            p->returning -= dropped;
            pthread_cond_broadcast(&p->idle);
        }
        const struct timespec next = rhd_monotonic_at(rh_clock_us() + WATCH_INTERVAL_US);
        if (!p->stopping) pthread_cond_timedwait(&p->watch, &p->lock, &next);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

int rhd_pool_start(rhd_pool **out, int workers, int queue_length, bool searches)
{
    if (workers < 1 || workers > MAX_RUNNING || queue_length < 1) {
        errno = EINVAL;
        return -1;
    }
    rhd_pool *p = calloc(1, sizeof *p + (size_t)workers * sizeof(pthread_t));
    if (!p) return -1;
    /* Every job queued (one beyond the queue: rhd_pool_submit_first) and running. */
    p->seen = calloc((size_t)queue_length + 1 + (size_t)workers, sizeof *p->seen);
    const bool idle = p->seen && rhd_monotonic_cond_init(&p->idle) == 0;
    if (!idle || rhd_monotonic_cond_init(&p->watch) != 0) {
        if (idle) pthread_cond_destroy(&p->idle);
        free(p->seen);
        free(p);
        errno = ENOMEM;
        return -1;
    }
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->unwatched, NULL);
    p->capacity = queue_length;
    p->searches = searches;
    p->watching = pthread_create(&p->watchdog, NULL, watchdog, p) == 0;
    for (; p->workers < workers; p->workers++) {
        if (pthread_create(&p->threads[p->workers], NULL, worker, p) != 0) {
            rhd_pool_drain(p, 0);
            rhd_pool_stop(p);
            errno = EAGAIN;
            return -1;
        }
    }
    *out = p;
    return 0;
}

/* Enqueues the `n` jobs of `jobs` at the tail, or one job `first` at the head, beyond a full
 * queue by one (its reserved place). */
static int enqueue(rhd_pool *p, rhd_job *const *jobs, int n, bool first)
{
    pthread_mutex_lock(&p->lock);
    int rc = p->closed                                  ? RHD_POOL_CLOSED
             : p->queued + n > p->capacity + (int)first ? RHD_POOL_FULL
                                                        : RHD_POOL_OK;
    for (int i = 0; rc == RHD_POOL_OK && i < n; i++) {
        rhd_job *job = jobs[i];
        atomic_store(&job->cancel, RHD_CANCEL_NONE);
        job->enqueued_us = rh_clock_us();
        job->next = NULL;
        job->started = job->watched = false;
        if (first) {
            job->next = p->head;
            p->head = job;
            if (!p->tail) p->tail = job;
        } else {
            if (p->tail)
                p->tail->next = job;
            else
                p->head = job;
            p->tail = job;
        }
        p->queued++;
        if (p->searches) rhd_metrics_queue_depth_add(1);
    }
    if (rc == RHD_POOL_OK && n == 1)
        pthread_cond_signal(&p->work);
    else if (rc == RHD_POOL_OK)
        pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    return rc;
}

int rhd_pool_submit_all(rhd_pool *p, rhd_job *const *jobs, int n)
{
    return enqueue(p, jobs, n, false);
}

int rhd_pool_submit(rhd_pool *p, rhd_job *job)
{
    return enqueue(p, &job, 1, false);
}

int rhd_pool_submit_first(rhd_pool *p, rhd_job *job)
{
    return enqueue(p, &job, 1, true);
}

void rhd_pool_close(rhd_pool *p)
{
    pthread_mutex_lock(&p->lock);
    p->closed = true;
    pthread_mutex_unlock(&p->lock);
}

/* Sets `job`'s cancel flag for the drain, unless the watchdog set it first. */
static void cancel_for_drain(rhd_job *job)
{
    int none = RHD_CANCEL_NONE;
    atomic_compare_exchange_strong(&job->cancel, &none, RHD_CANCEL_DRAIN);
}

void rhd_pool_drain(rhd_pool *p, uint64_t deadline_us)
{
    pthread_mutex_lock(&p->lock);
    p->closed = true;
    bool cancelled = false;
    while (p->queued || p->running || p->returning) {
        if (!cancelled && deadline_us && rh_clock_us() >= deadline_us) {
            for (rhd_job *j = p->head; j; j = j->next) cancel_for_drain(j);
            for (int i = 0; i < MAX_RUNNING; i++)
                if (p->active[i]) cancel_for_drain(p->active[i]);
            cancelled = true;
        }
        if (cancelled || !deadline_us) {
            pthread_cond_wait(&p->idle, &p->lock);
        } else {
            const struct timespec until = rhd_monotonic_at(deadline_us);
            pthread_cond_timedwait(&p->idle, &p->lock, &until);
        }
    }
    p->stopping = true;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
}

void rhd_pool_stop(rhd_pool *p)
{
    if (!p) return;
    pthread_mutex_lock(&p->lock);
    p->stopping = true;
    pthread_cond_broadcast(&p->work);
    pthread_cond_broadcast(&p->watch);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->workers; i++) pthread_join(p->threads[i], NULL);
    if (p->watching) pthread_join(p->watchdog, NULL);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->work);
    pthread_cond_destroy(&p->idle);
    pthread_cond_destroy(&p->watch);
    pthread_cond_destroy(&p->unwatched);
    free(p->seen);
    free(p);
}

int rhd_pool_queued(rhd_pool *p)
{
    pthread_mutex_lock(&p->lock);
    int n = p->queued;
    pthread_mutex_unlock(&p->lock);
    return n;
}

int rhd_pool_running(rhd_pool *p)
{
    pthread_mutex_lock(&p->lock);
    int n = p->running;
    pthread_mutex_unlock(&p->lock);
    return n;
}
