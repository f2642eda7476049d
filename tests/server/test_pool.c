/* The worker pool on its own (src/server/base/pool.c): a request's jobs are queued all or none, a
 * drain waits and cancels at its deadline, and the watchdog drops the queued jobs nobody waits
 * for, cancels the running ones, asks with the pool's lock released, and never touches a job
 * handed back to its owner. */
#define _GNU_SOURCE /* pthread_timedjoin_np */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rushhour/clock.h"
#include "metrics.h"
#include "pool.h"
#include "rushhour/search.h"

typedef struct test_job {
    rhd_job job;
    rhd_pool *pool;
    atomic_bool release;     /* run() returns once set, or once cancelled */
    atomic_bool gone_answer; /* what gone() says */
    atomic_int runs, asked, dones, done_status, cancel_seen;
    atomic_int
        lock; /* what gone() found of the pool's lock: 0 not asked yet, LOCK_FREE, LOCK_HELD */
    struct test_job *sibling; /* for abandon_sibling: the other job of the same request */
} test_job;

enum { LOCK_FREE = 1, LOCK_HELD = 2 };

/* How long a test waits for something that must happen: a guard against a hang, never a
 * verdict (the sanitizer build is far slower, and the machine may be loaded). */
#define PATIENCE_MS 120000

#define TJ(j) ((test_job *)((char *)(j)-offsetof(test_job, job)))

static void sleep_ms(int ms)
{
    const struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static void run(rhd_job *job)
{
    test_job *t = TJ(job);
    atomic_fetch_add(&t->runs, 1);
    while (!atomic_load(&t->release) && !atomic_load(&job->cancel)) sleep_ms(1);
    atomic_store(&t->cancel_seen, atomic_load(&job->cancel));
}

static void done(rhd_job *job, int status)
{
    test_job *t = TJ(job);
    atomic_store(&t->done_status, status);
    atomic_fetch_add(&t->dones, 1);
}

static void *ask_queued(void *arg)
{
    rhd_pool_queued(arg);
    return NULL;
}

/* Says gone_answer, after checking that the pool's lock is free: a helper thread takes it
 * (rhd_pool_queued); when it has not come back within 30 s the lock was held. (A free lock
 * lets it back at once; the wait is that long only when the lock is held, so that a slow or
 * loaded machine, which may not run the helper for a while, never passes for a held lock.) */
static bool gone(rhd_job *job)
{
    test_job *t = TJ(job);
    atomic_fetch_add(&t->asked, 1);
    pthread_t helper;
    pthread_create(&helper, NULL, ask_queued, t->pool);
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 30;
    const bool joined = pthread_timedjoin_np(helper, NULL, &until) == 0;
    atomic_store(&t->lock, joined ? LOCK_FREE : LOCK_HELD);
    if (!joined) pthread_detach(helper); /* it returns once the lock is released */
    return atomic_load(&t->gone_answer);
}

static test_job *job_new(rhd_pool *p, bool with_gone)
{
    test_job *t = calloc(1, sizeof *t);
    cr_assert_not_null(t);
    t->pool = p;
    t->job.run = run;
    t->job.done = done;
    t->job.gone = with_gone ? gone : NULL;
    return t;
}

/* Waits up to `ms` for *v to reach `want`. */
static bool wait_for(atomic_int *v, int want, int ms)
{
    for (int i = 0; i < ms && atomic_load(v) < want; i++) sleep_ms(1);
    return atomic_load(v) >= want;
}

static rhd_pool *start(int workers, int queue)
{
    rhd_metrics_reset();
    rhd_pool *p = NULL;
    cr_assert_eq(rhd_pool_start(&p, workers, queue, true), 0);
    return p;
}

/* The value of the gauge `name` in the metrics page, -1 when absent. */
static long gauge(const char *name)
{
    char *page = rhd_metrics_render("test");
    cr_assert_not_null(page);
    long value = -1;
    const size_t len = strlen(name);
    for (const char *line = page; line && *line;
         line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
        if (strncmp(line, name, len) == 0 && line[len] == ' ')
            value = strtol(line + len + 1, NULL, 10);
    free(page);
    return value;
}

/* A search pool's running and queued jobs show in the gauges; the table builder's (a pool
 * started without `searches`) do not: they wait at idle priority, and a starved build is not a
 * search stuck in flight. */
Test(pool, only_searches_count_in_the_gauges)
{
    for (int searches = 0; searches < 2; searches++) {
        rhd_metrics_reset();
        rhd_pool *p = NULL;
        cr_assert_eq(rhd_pool_start(&p, 1, 2, searches), 0);
        test_job *running = job_new(p, false), *waiting = job_new(p, false);
        cr_assert_eq(rhd_pool_submit(p, &running->job), RHD_POOL_OK);
        cr_assert(wait_for(&running->runs, 1, PATIENCE_MS));
        cr_assert_eq(rhd_pool_submit(p, &waiting->job), RHD_POOL_OK);
        cr_assert_eq(gauge("rushhourd_searches_in_flight"), searches);
        cr_assert_eq(gauge("rushhourd_queue_depth"), searches);
        atomic_store(&running->release, true);
        atomic_store(&waiting->release, true);
        rhd_pool_drain(p, 0);
        rhd_pool_stop(p);
        cr_assert_eq(gauge("rushhourd_searches_in_flight"), 0);
        cr_assert_eq(gauge("rushhourd_queue_depth"), 0);
        free(running);
        free(waiting);
    }
}

Test(pool, submit_all_takes_all_or_none)
{
    rhd_pool *p = start(1, 3);
    test_job *busy = job_new(p, false), *t[5];
    for (int i = 0; i < 5; i++) t[i] = job_new(p, false);
    cr_assert_eq(rhd_pool_submit(p, &busy->job), RHD_POOL_OK);
    cr_assert(wait_for(&busy->runs, 1, PATIENCE_MS));
    rhd_job *two[] = {&t[0]->job, &t[1]->job}, *more[] = {&t[2]->job, &t[3]->job};
    cr_assert_eq(rhd_pool_submit_all(p, two, 2), RHD_POOL_OK);
    cr_assert_eq(rhd_pool_submit_all(p, more, 2), RHD_POOL_FULL); /* one place left, not two */
    cr_assert_eq(rhd_pool_queued(p), 2, "a refused batch left jobs behind");
    cr_assert_eq(rhd_pool_submit(p, &t[4]->job), RHD_POOL_OK);
    cr_assert_eq(rhd_pool_queued(p), 3);
    for (int i = 0; i < 5; i++) atomic_store(&t[i]->release, true);
    atomic_store(&busy->release, true);
    rhd_pool_drain(p, 0);
    cr_assert_eq(rhd_pool_submit(p, &t[2]->job), RHD_POOL_CLOSED);
    for (int i = 0; i < 5; i++) {
        const bool taken = i != 2 && i != 3;
        cr_assert_eq(atomic_load(&t[i]->runs), taken, "job %d", i);
        cr_assert_eq(atomic_load(&t[i]->dones), taken, "job %d", i);
    }
    rhd_pool_stop(p);
    for (int i = 0; i < 5; i++) free(t[i]);
    free(busy);
}

Test(pool, drain_cancels_at_its_deadline)
{
    rhd_pool *p = start(1, 4);
    test_job *running = job_new(p, false), *queued = job_new(p, false);
    cr_assert_eq(rhd_pool_submit(p, &running->job), RHD_POOL_OK);
    cr_assert_eq(rhd_pool_submit(p, &queued->job), RHD_POOL_OK);
    cr_assert(wait_for(&running->runs, 1, PATIENCE_MS));
    const uint64_t t0 = rh_clock_us();
    rhd_pool_drain(p, t0 + 300 * 1000);
    const uint64_t waited = rh_clock_us() - t0;
    cr_assert_geq(waited, 300 * 1000, "the drain returned before its deadline");
    /* A hang guard: the jobs run until cancelled, so a drain that never cancels never returns. */
    cr_assert_lt(waited, PATIENCE_MS * 1000ULL, "the drain did not cancel at its deadline");
    cr_assert_eq(atomic_load(&running->cancel_seen), RHD_CANCEL_DRAIN);
    cr_assert_eq(atomic_load(&queued->cancel_seen), RHD_CANCEL_DRAIN);
    cr_assert_eq(atomic_load(&queued->done_status), RHD_JOB_RAN); /* ran, and stopped at once */
    cr_assert_eq(rhd_pool_queued(p) + rhd_pool_running(p), 0);
    rhd_pool_stop(p);
    free(running);
    free(queued);
}

/* A queued job nobody waits for is dropped: handed back unrun, its queue place free at once. A
 * running one is cancelled. gone() runs without the pool's lock. */
Test(pool, watchdog_drops_queued_and_cancels_running_jobs)
{
    rhd_pool *p = start(1, 1);
    test_job *running = job_new(p, true), *queued = job_new(p, true);
    cr_assert_eq(rhd_pool_submit(p, &running->job), RHD_POOL_OK);
    cr_assert(wait_for(&running->runs, 1, PATIENCE_MS));
    cr_assert_eq(rhd_pool_submit(p, &queued->job), RHD_POOL_OK);
    cr_assert(wait_for(&queued->asked, 1, PATIENCE_MS),
              "the watchdog never asked about a queued job");
    /* Asked once by the worker that took it, then by the watchdog: */
    cr_assert(wait_for(&running->asked, 2, PATIENCE_MS),
              "the watchdog never asked about a running job");
    for (int i = 0; i < PATIENCE_MS && !(atomic_load(&queued->lock) && atomic_load(&running->lock));
         i++)
        sleep_ms(1);
    cr_assert_eq(atomic_load(&queued->lock), LOCK_FREE, "gone() was called with the pool locked");
    cr_assert_eq(atomic_load(&running->lock), LOCK_FREE, "gone() was called with the pool locked");

    atomic_store(&queued->gone_answer, true);
    cr_assert(wait_for(&queued->dones, 1, PATIENCE_MS), "a gone queued job was not dropped");
    cr_assert_eq(atomic_load(&queued->done_status), RHD_JOB_DROPPED);
    cr_assert_eq(atomic_load(&queued->runs), 0, "a dropped job ran");
    cr_assert_eq(atomic_load(&queued->job.cancel), RHD_CANCEL_GONE);
    cr_assert_eq(rhd_pool_queued(p), 0);
    test_job *next = job_new(p, false); /* its place is free */
    atomic_store(&next->release, true);
    cr_assert_eq(rhd_pool_submit(p, &next->job), RHD_POOL_OK);

    cr_assert_eq(atomic_load(&running->job.cancel), RHD_CANCEL_NONE);
    atomic_store(&running->gone_answer, true);
    cr_assert(wait_for(&running->dones, 1, PATIENCE_MS), "a gone running job was not cancelled");
    cr_assert_eq(atomic_load(&running->cancel_seen), RHD_CANCEL_GONE);
    cr_assert_eq(atomic_load(&running->done_status), RHD_JOB_RAN);
    rhd_pool_drain(p, 0);
    cr_assert_eq(atomic_load(&next->runs), 1);
    rhd_pool_stop(p);
    free(running);
    free(queued);
    free(next);
}

/* Like work.c's done() for a job that was cancelled: its request is abandoned, so its sibling
 * is gone from now on. */
static void abandon_sibling(rhd_job *job, int status)
{
    atomic_store(&TJ(job)->sibling->gone_answer, true);
    done(job, status);
}

/* A request of two jobs whose first ends abandoned after the watchdog last asked about the
 * second, still queued: the worker that takes the second drops it (as the watchdog would have),
 * and does not run it only for the watchdog to cancel it. */
Test(pool, worker_drops_a_job_abandoned_since_the_last_look)
{
    rhd_pool *p = start(1, 2);
    test_job *first = job_new(p, true), *second = job_new(p, true);
    first->sibling = second;
    first->job.done = abandon_sibling;
    rhd_job *both[] = {&first->job, &second->job};
    cr_assert_eq(rhd_pool_submit_all(p, both, 2), RHD_POOL_OK);
    cr_assert(wait_for(&first->runs, 1, PATIENCE_MS));
    cr_assert(wait_for(&second->asked, 1, PATIENCE_MS),
              "the watchdog never asked about a queued job");
    atomic_store(&first->release, true);
    cr_assert(wait_for(&second->dones, 1, PATIENCE_MS), "the second job was never handed back");
    cr_assert_eq(atomic_load(&second->runs), 0, "a job known to be abandoned ran");
    cr_assert_eq(atomic_load(&second->done_status), RHD_JOB_DROPPED);
    cr_assert_eq(atomic_load(&second->job.cancel), RHD_CANCEL_GONE);
    rhd_pool_drain(p, 0);
    rhd_pool_stop(p);
    free(first);
    free(second);
}

/* Owners free their jobs in done(): many short jobs, asked about all the time, must never be
 * touched after that (AddressSanitizer reports any use after free). */
static void free_when_done(rhd_job *job, int status)
{
    (void)status;
    free(TJ(job));
}

static void short_run(rhd_job *job)
{
    (void)job;
    sleep_ms(2);
}

static bool slow_gone(rhd_job *job)
{
    atomic_fetch_add(&TJ(job)->asked, 1);
    sleep_ms(1); /* widens the window in which a worker finishes the job being asked about */
    return false;
}

Test(pool, no_job_is_touched_after_done)
{
    rhd_pool *p = start(2, 64);
    for (int i = 0; i < 1000; i++) {
        test_job *t = job_new(p, true);
        t->job.run = short_run;
        t->job.gone = slow_gone;
        t->job.done = free_when_done;
        while (rhd_pool_submit(p, &t->job) == RHD_POOL_FULL) sleep_ms(1);
    }
    rhd_pool_drain(p, 0);
    rhd_pool_stop(p);
}
