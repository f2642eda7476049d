/* A fixed thread pool with a bounded FIFO of intrusive jobs. */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#include "metrics.h"
#include "pool.h"
#include "rushhour/search.h"

#define MAX_RUNNING 1024

struct rhd_pool {
    pthread_mutex_t lock;
    pthread_cond_t work;  /* a job was queued, or the pool is stopping */
    pthread_cond_t idle;  /* a job finished */
    pthread_cond_t watch; /* wakes the watchdog when the pool stops */
    pthread_t watchdog;
    bool watching;
    rhd_job *head, *tail;
    int queued, running, capacity, workers;
    bool closed, stopping;
    rhd_job *active[MAX_RUNNING]; /* the running jobs, to cancel them after the deadline */
    pthread_t threads[];
};

static void *worker(void *arg)
{
    rhd_pool *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->head && !p->stopping) pthread_cond_wait(&p->work, &p->lock);
        if (!p->head) break;
        rhd_job *job = p->head;
        p->head = job->next;
        if (!p->head) p->tail = NULL;
        p->queued--;
        int slot = 0;
        while (p->active[slot]) slot++;
        p->active[slot] = job;
        p->running++;
        rhd_metrics_queue_depth_add(-1);
        rhd_metrics_in_flight_add(1);
        pthread_mutex_unlock(&p->lock);

        job->run(job);
        pthread_mutex_lock(&p->lock);
        p->active[slot] = NULL; /* drain must not cancel a job its owner may free */
        pthread_mutex_unlock(&p->lock);
        job->done(job); /* `job` belongs to its owner again: not touched after this */

        pthread_mutex_lock(&p->lock);
        p->running--;
        rhd_metrics_in_flight_add(-1);
        pthread_cond_broadcast(&p->idle);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

#define WATCH_INTERVAL_NS (100 * 1000 * 1000)

/* Cancels the running jobs whose owner says nobody waits for them any more. */
static void *watchdog(void *arg)
{
    rhd_pool *p = arg;
    pthread_mutex_lock(&p->lock);
    while (!p->stopping) {
        for (int i = 0; i < MAX_RUNNING; i++) {
            rhd_job *job = p->active[i];
            if (job && job->gone && !atomic_load(&job->cancel) && job->gone(job))
                atomic_store(&job->cancel, 1);
        }
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += WATCH_INTERVAL_NS;
        if (ts.tv_nsec >= 1000000000) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&p->watch, &p->lock, &ts);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

int rhd_pool_start(rhd_pool **out, int workers, int queue_length)
{
    if (workers < 1 || workers > MAX_RUNNING || queue_length < 1) {
        errno = EINVAL;
        return -1;
    }
    rhd_pool *p = calloc(1, sizeof *p + (size_t)workers * sizeof(pthread_t));
    if (!p) return -1;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->idle, NULL);
    pthread_cond_init(&p->watch, NULL);
    p->capacity = queue_length;
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

int rhd_pool_submit_all(rhd_pool *p, rhd_job *const *jobs, int n)
{
    pthread_mutex_lock(&p->lock);
    int rc = p->closed                     ? RHD_POOL_CLOSED
             : p->queued + n > p->capacity ? RHD_POOL_FULL
                                           : RHD_POOL_OK;
    for (int i = 0; rc == RHD_POOL_OK && i < n; i++) {
        rhd_job *job = jobs[i];
        atomic_store(&job->cancel, 0);
        job->enqueued_us = rh_clock_us();
        job->next = NULL;
        if (p->tail)
            p->tail->next = job;
        else
            p->head = job;
        p->tail = job;
        p->queued++;
        rhd_metrics_queue_depth_add(1);
    }
    if (rc == RHD_POOL_OK && n == 1)
        pthread_cond_signal(&p->work);
    else if (rc == RHD_POOL_OK)
        pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    return rc;
}

int rhd_pool_submit(rhd_pool *p, rhd_job *job)
{
    return rhd_pool_submit_all(p, &job, 1);
}

/* Waits on `idle` until `deadline_us` at the latest (0: no deadline). */
static void wait_idle(rhd_pool *p, uint64_t deadline_us)
{
    if (!deadline_us) {
        pthread_cond_wait(&p->idle, &p->lock);
        return;
    }
    /* The condition variable uses CLOCK_REALTIME; wait in short slices instead of converting. */
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 50 * 1000 * 1000;
    if (ts.tv_nsec >= 1000000000) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000;
    }
    pthread_cond_timedwait(&p->idle, &p->lock, &ts);
}

void rhd_pool_close(rhd_pool *p)
{
    pthread_mutex_lock(&p->lock);
    p->closed = true;
    pthread_mutex_unlock(&p->lock);
}

void rhd_pool_drain(rhd_pool *p, uint64_t deadline_us)
{
    pthread_mutex_lock(&p->lock);
    p->closed = true;
    bool cancelled = false;
    while (p->queued || p->running) {
        if (!cancelled && deadline_us && rh_clock_us() >= deadline_us) {
            for (rhd_job *j = p->head; j; j = j->next) atomic_store(&j->cancel, 1);
            for (int i = 0; i < MAX_RUNNING; i++)
                if (p->active[i]) atomic_store(&p->active[i]->cancel, 1);
            cancelled = true;
        }
        wait_idle(p, cancelled ? 0 : deadline_us);
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
