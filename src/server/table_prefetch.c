/* Background table builds on the builder; see table_prefetch.h. */
#define _GNU_SOURCE /* SCHED_IDLE */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "rushhour/clock.h"
#include "table_prefetch.h"

typedef struct {
    rhd_job job;
    rhd_tables *tables;
    size_t max_memory;
    rhd_table_kind kind;
    rh_puzzle puzzle;
} build;

static void run(rhd_job *job)
{
    /* Lowering its own priority needs no privilege; where a sandbox refuses, builds run at the
     * normal priority, still one at a time. */
    const struct sched_param none = {0};
    pthread_setschedparam(pthread_self(), SCHED_IDLE, &none);
    build *b = rhd_container_of(job, build, job);
    const rh_limits limits = {.max_memory = b->max_memory,
                              .deadline_us = rh_clock_us() + RHD_TABLE_BUILD_US,
                              .cancel = &job->cancel};
    rhd_tables_build_idle(b->tables, &b->puzzle, &limits, b->kind);
}

static void done(rhd_job *job, int status)
{
    build *b = rhd_container_of(job, build, job);
    if (status == RHD_JOB_DROPPED) rhd_tables_unclaim(b->tables, &b->puzzle);
    free(b);
}

/* Queues `b` (its puzzle set) when the cache grants its claim; frees it otherwise. */
static void queue(rhd_tables *c, rhd_pool *pool, build *b, size_t max_memory, rhd_table_kind kind)
{
    b->tables = c;
    b->max_memory = max_memory;
    b->kind = kind;
    b->job = (rhd_job){.run = run, .done = done};
    if (!rhd_tables_claim(c, &b->puzzle)) {
        free(b);
    } else if (rhd_pool_submit(pool, &b->job) != RHD_POOL_OK) {
        rhd_tables_unclaim(c, &b->puzzle);
        free(b);
    }
}

void rhd_tables_prefetch(rhd_tables *c, rhd_pool *pool, const rh_puzzle *p, size_t max_memory)
{
    build *b = c ? malloc(sizeof *b) : NULL;
    if (!b) return;
    b->puzzle = *p;
    queue(c, pool, b, max_memory, RHD_TABLE_HANDOUT);
}

/* A new build of the puzzle of `board`, or NULL when it does not parse or out of memory. */
static build *parse(const char *board)
{
    build *b = malloc(sizeof *b);
    rh_diags *d = malloc(sizeof *d); /* 13 KiB: off the HTTP thread's stack */
    if (b && d) rh_diags_init(d);
    if (!b || !d || rh_parse_board(&b->puzzle, d, board, strlen(board), "board") != RH_OK) {
        free(b);
        b = NULL;
    }
    free(d);
    return b;
}

void rhd_tables_prefetch_board(rhd_tables *c, rhd_pool *pool, const char *board, size_t max_memory)
{
    build *b = c && !rhd_tables_recently_asked(c, board, strlen(board)) ? parse(board) : NULL;
    if (b) queue(c, pool, b, max_memory, RHD_TABLE_HANDOUT);
}

void rhd_tables_pin_day(rhd_tables *c, rhd_pool *pool, rh_bank *bank, int64_t day,
                        size_t max_memory)
{
    rh_bank_puzzle *daily = c && bank ? malloc(sizeof *daily) : NULL;
    int found = 0;
    build *b = daily && rhd_bank_daily(bank, day, daily, &found) == RH_OK && found
                   ? parse(daily->board)
                   : NULL;
    free(daily);
    if (!b) return;
    if (rhd_tables_pin(c, &b->puzzle))
        free(b);
    else
        queue(c, pool, b, max_memory, RHD_TABLE_DAY);
}
