/* Background table builds on the builder; see table_prefetch.h. */
#define _GNU_SOURCE /* SCHED_IDLE */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "metrics.h"
#include "rushhour/clock.h"
#include "table_prefetch.h"

typedef struct {
    rhd_job job;
    rhd_tables *tables;
    rhd_prefetch *prefetch;
    rhd_table_kind kind;
    rh_puzzle puzzle;
} build;

static uint64_t thread_cpu_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (uint64_t)t.tv_sec * 1000000u + (uint64_t)t.tv_nsec / 1000u;
}

static void run(rhd_job *job)
{
    /* Lowering its own priority needs no privilege; where a sandbox refuses, builds run at the
     * normal priority, still one at a time. */
    const struct sched_param none = {0};
    pthread_setschedparam(pthread_self(), SCHED_IDLE, &none);
    build *b = rhd_container_of(job, build, job);
    const rh_limits limits = {.max_memory = b->prefetch->max_memory,
                              .deadline_us = rh_clock_us() + RHD_TABLE_BUILD_US,
                              .cancel = &job->cancel};
    const uint64_t cpu = thread_cpu_us();
    rhd_tables_build_idle(b->tables, &b->puzzle, &limits, b->kind);
    rhd_build_budget_charge(&b->prefetch->budget, thread_cpu_us() - cpu);
}

static void done(rhd_job *job, int status)
{
    build *b = rhd_container_of(job, build, job);
    if (status == RHD_JOB_DROPPED) rhd_tables_unclaim(b->tables, &b->puzzle);
    free(b);
}

/* Queues `b` (its puzzle and kind set) when the cache grants its claim and, but for the day's,
 * the budget a token; frees it otherwise. */
static void queue(rhd_tables *c, rhd_prefetch *f, build *b)
{
    b->tables = c;
    b->prefetch = f;
    b->job = (rhd_job){.run = run, .done = done};
    const bool day = b->kind == RHD_TABLE_DAY;
    if (!rhd_tables_claim(c, &b->puzzle)) {
        free(b);
        return;
    }
    int refused = -1;
    if (!day && !rhd_build_budget_take(&f->budget, rh_clock_us()))
        refused = RHD_BUILD_REFUSED_BUDGET;
    else if ((day ? rhd_pool_submit_first(f->builder, &b->job)
                  : rhd_pool_submit(f->builder, &b->job)) != RHD_POOL_OK)
        refused = RHD_BUILD_REFUSED_QUEUE_FULL;
    if (refused >= 0) {
        rhd_metrics_build_refused((rhd_build_refusal)refused);
        rhd_tables_unclaim(c, &b->puzzle);
        free(b);
    }
}

/* A new build of the puzzle of `board`, or NULL when it does not parse or out of memory. */
static build *parse(const char *board, rhd_table_kind kind)
{
    build *b = malloc(sizeof *b);
    rh_diags *d = malloc(sizeof *d); /* 13 KiB: off the HTTP thread's stack */
    if (b && d) rh_diags_init(d);
    if (!b || !d || rh_parse_board(&b->puzzle, d, board, strlen(board), "board") != RH_OK) {
        free(b);
        b = NULL;
    }
    if (b) b->kind = kind;
    free(d);
    return b;
}

void rhd_tables_prefetch_board(rhd_tables *c, rhd_prefetch *f, const char *board)
{
    build *b = c && !rhd_tables_recently_asked(c, board, strlen(board))
                   ? parse(board, RHD_TABLE_HANDOUT)
                   : NULL;
    if (b) queue(c, f, b);
}

void rhd_tables_pin_day(rhd_tables *c, rhd_prefetch *f, rh_bank *bank, int64_t day)
{
    rh_bank_puzzle *daily = c && bank ? malloc(sizeof *daily) : NULL;
    int found = 0;
    build *b = daily && rhd_bank_daily(bank, day, daily, &found) == RH_OK && found
                   ? parse(daily->board, RHD_TABLE_DAY)
                   : NULL;
    free(daily);
    if (!b) return;
    if (rhd_tables_pin(c, &b->puzzle))
        free(b);
    else
        queue(c, f, b);
}
