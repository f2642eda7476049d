/* The bank as an enumeration's checkpoint (bank.h, rh_bank_resume): only the rows and counts of
 * finished tasks survive a resume, a merge and a finish, whatever was committed of the others;
 * the maxima of every cluster survive them all. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <criterion/criterion.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bank_records.h"
#include "scratch.h"

static int collect(void *ctx, uint64_t task)
{
    uint64_t *tasks = ctx;
    tasks[++tasks[0]] = task;
    return 0;
}

/* Kept records 0..3 found by tasks 10, 10, 11, 12 and one unsolvable one by task 11; tasks 10
 * and 12 finish (12 with 30 configurations), 11 does not; the writer is closed unfinished. */
static void interrupted_run(const char *path)
{
    rh_bank *w;
    cr_assert_eq(rh_bank_open(&w, path, RH_BANK_WRITE, NULL), RH_OK);
    uint64_t tasks[8] = {0};
    cr_assert_eq(rh_bank_resume(w, collect, tasks), RH_OK);
    cr_assert_eq(tasks[0], 0);
    static const uint64_t task_of[] = {10, 10, 11, 12};
    rh_cluster c;
    for (int i = 0; i < 4; i++) {
        bank_record_cluster(&c, i);
        c.task = task_of[i];
        cr_assert_eq(rh_bank_add(w, &c), RH_OK);
    }
    bank_record_cluster(&c, BANK_KEPT); /* unsolvable: counted, not kept */
    c.task = 11;
    cr_assert_eq(rh_bank_add(w, &c), RH_OK);
    cr_assert_eq(rh_bank_task_done(w, &(rh_enum_task){10, 20, 2, 2}), RH_OK);
    cr_assert_eq(rh_bank_task_done(w, &(rh_enum_task){12, 30, 1, 0}), RH_OK);
    cr_assert_eq(rh_bank_close(w), RH_OK);
}

static int count_row(void *ctx, const rh_bank_puzzle *p)
{
    char *boards = ctx;
    strcat(boards, p->board);
    strcat(boards, "\n");
    return 0;
}

static void expect_finished_tasks_only(const char *path)
{
    rh_bank *r;
    cr_assert_eq(rh_bank_open(&r, path, RH_BANK_READ, NULL), RH_OK);
    static char boards[1024];
    boards[0] = '\0';
    cr_assert_eq(rh_bank_each(r, count_row, boards), RH_OK);
    char want[1024];
    /* Hardest first: records 1 (14 moves), 0 (8) and 3 (13): 1, 3, 0. */
    snprintf(want, sizeof want, "%s\n%s\n%s\n", bank_records[1].board, bank_records[3].board,
             bank_records[0].board);
    cr_expect_str_eq(boards, want);
    rh_bank_close(r);
}

static int meta_totals(void *ctx, const char *key, const char *value)
{
    long *t = ctx;
    if (!strcmp(key, "total.clusters")) t[0] = atol(value);
    if (!strcmp(key, "total.configurations")) t[1] = atol(value);
    if (!strcmp(key, "total.solvable")) t[2] = atol(value);
    return 0;
}

Test(bank_checkpoint, resume_drops_the_rows_of_unfinished_tasks, .init = scratch_make,
     .fini = scratch_remove)
{
    const char *path = scratch_path("run.sqlite");
    interrupted_run(path);
    rh_bank *w;
    cr_assert_eq(rh_bank_open(&w, path, RH_BANK_WRITE, NULL), RH_OK);
    uint64_t tasks[8] = {0};
    cr_assert_eq(rh_bank_resume(w, collect, tasks), RH_OK);
    cr_assert_eq(tasks[0], 2);
    cr_expect_eq(tasks[1], 10);
    cr_expect_eq(tasks[2], 12);
    long totals[3] = {0, 0, 0};
    cr_assert_eq(rh_bank_each_meta(w, meta_totals, totals), RH_OK);
    cr_expect_eq(totals[0], 3, "clusters of the finished tasks: 2 + 1");
    cr_expect_eq(totals[1], 50);
    cr_expect_eq(totals[2], 2, "solvable clusters of the finished tasks: 2 + 0");
    cr_assert_eq(rh_bank_finish(w), RH_OK);
    /* Finishing keeps the tasks: the same run started again has nothing left to do. */
    tasks[0] = 0;
    cr_assert_eq(rh_bank_resume(w, collect, tasks), RH_OK);
    cr_expect_eq(tasks[0], 2);
    cr_assert_eq(rh_bank_close(w), RH_OK);
    expect_finished_tasks_only(path);
}

Test(bank_checkpoint, merge_and_finish_leave_out_unfinished_tasks, .init = scratch_make,
     .fini = scratch_remove)
{
    const char *shard = scratch_path("shard.sqlite");
    interrupted_run(shard);
    const char *merged = scratch_path("merged.sqlite");
    rh_bank *w;
    cr_assert_eq(rh_bank_open(&w, merged, RH_BANK_WRITE, NULL), RH_OK);
    cr_assert_eq(rh_bank_merge_file(w, shard), RH_OK);
    cr_assert_eq(rh_bank_finish(w), RH_OK);
    long totals[3] = {0, 0, 0};
    cr_assert_eq(rh_bank_each_meta(w, meta_totals, totals), RH_OK);
    cr_expect_eq(totals[0], 3);
    cr_expect_eq(totals[1], 50);
    cr_expect_eq(totals[2], 2);
    cr_assert_eq(rh_bank_close(w), RH_OK);
    expect_finished_tasks_only(merged);

    /* The shard itself, finished without a resume: the same rows. */
    cr_assert_eq(rh_bank_open(&w, shard, RH_BANK_WRITE, NULL), RH_OK);
    cr_assert_eq(rh_bank_finish(w), RH_OK);
    cr_assert_eq(rh_bank_close(w), RH_OK);
    expect_finished_tasks_only(shard);
}

/* A shard of clusters bank_records[which[i]] (each its own hardest state by slides too), the
 * moves of the first `longer` of them made 51. */
static void shard_of(const char *path, const int *which, int count, int longer)
{
    rh_bank *w;
    cr_assert_eq(rh_bank_open(&w, path, RH_BANK_WRITE, NULL), RH_OK);
    rh_cluster c;
    for (int i = 0; i < count; i++) {
        bank_record_cluster(&c, which[i]);
        strcpy(c.hardest_slides, c.hardest);
        if (i < longer) c.moves = 51;
        cr_assert_eq(rh_bank_add(w, &c), RH_OK);
    }
    cr_assert_eq(rh_bank_close(w), RH_OK);
}

static int meta_maxima(void *ctx, const char *key, const char *value)
{
    char *out = ctx;
    if (!strncmp(key, "max.", 4)) sprintf(out + strlen(out), "%s %s\n", key, value);
    return 0;
}

/* Merged shards hold the maxima of all their clusters, whatever the order: the longest, and of
 * as long ones the first board in notation order (as a run picks: rh_enum_stats). */
Test(bank_checkpoint, merged_shards_keep_the_maxima_of_the_whole, .init = scratch_make,
     .fini = scratch_remove)
{
    /* jam01 and jam40 (51 moves, 81 slides); jam39 (82 slides), jam07 (8,122 states) and jam38
     * made 51 moves long, its board before jam40's. */
    shard_of(scratch_path("a.sqlite"), (const int[]){0, 12}, 2, 0);
    shard_of(scratch_path("b.sqlite"), (const int[]){10, 11, 3}, 3, 1);
    char want[512];
    snprintf(want, sizeof want, "max.cluster_states 8122\nmax.moves 51 %s\nmax.slides 82 %s\n",
             bank_records[10].board, bank_records[11].board);
    for (int order = 0; order < 2; order++) {
        char merged[32];
        snprintf(merged, sizeof merged, "merged-%d.sqlite", order);
        rh_bank *w;
        cr_assert_eq(rh_bank_open(&w, scratch_path(merged), RH_BANK_WRITE, NULL), RH_OK);
        cr_assert_eq(rh_bank_merge_file(w, scratch_path(order ? "b.sqlite" : "a.sqlite")), RH_OK);
        cr_assert_eq(rh_bank_merge_file(w, scratch_path(order ? "a.sqlite" : "b.sqlite")), RH_OK);
        cr_assert_eq(rh_bank_finish(w), RH_OK);
        static char maxima[512];
        maxima[0] = '\0';
        cr_assert_eq(rh_bank_each_meta(w, meta_maxima, maxima), RH_OK);
        cr_expect_str_eq(maxima, want, "merged %s first", order ? "b" : "a");
        cr_assert_eq(rh_bank_close(w), RH_OK);
    }
}

/* A reader of the running bank from another connection: a read transaction held for 300 ms
 * once the writer has rows to commit. */
typedef struct {
    const char *path;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int holding; /* 1 once the reader holds its shared lock */
} reader;

static void *read_a_while(void *arg)
{
    reader *r = arg;
    sqlite3 *db;
    cr_assert_eq(sqlite3_open_v2(r->path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    cr_assert_eq(sqlite3_exec(db, "BEGIN; SELECT count(*) FROM meta", NULL, NULL, NULL), SQLITE_OK);
    pthread_mutex_lock(&r->lock);
    r->holding = 1;
    pthread_cond_signal(&r->changed);
    pthread_mutex_unlock(&r->lock);
    nanosleep(&(struct timespec){0, 300000000L}, NULL);
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    sqlite3_close(db);
    return NULL;
}

/* Someone looking at a running enumeration's bank (sqlite3 -readonly, a backup) delays its
 * next commit; the run goes on. The 0-1 wall run once stopped on "database is locked" so. */
Test(bank_checkpoint, a_reader_of_the_file_delays_a_commit_without_failing_it, .init = scratch_make,
     .fini = scratch_remove)
{
    reader r = {.path = scratch_path("run.sqlite"),
                .lock = PTHREAD_MUTEX_INITIALIZER,
                .changed = PTHREAD_COND_INITIALIZER};
    rh_bank *w;
    cr_assert_eq(rh_bank_open(&w, r.path, RH_BANK_WRITE, NULL), RH_OK);
    uint64_t tasks[8] = {0};
    cr_assert_eq(rh_bank_resume(w, collect, tasks), RH_OK);
    rh_cluster c;
    bank_record_cluster(&c, 0);
    c.task = 10;
    cr_assert_eq(rh_bank_add(w, &c), RH_OK);
    cr_assert_eq(rh_bank_task_done(w, &(rh_enum_task){10, 20, 1, 1}), RH_OK);
    pthread_t t;
    cr_assert_eq(pthread_create(&t, NULL, read_a_while, &r), 0);
    pthread_mutex_lock(&r.lock);
    while (!r.holding) pthread_cond_wait(&r.changed, &r.lock);
    pthread_mutex_unlock(&r.lock);
    char why[RH_BANK_WHY_MAX] = "";
    const int closed = rh_bank_close(w); /* commits the task: waits for the reader */
    pthread_join(t, NULL);
    cr_assert_eq(closed, RH_OK, "the commit failed while another connection read the file");
    cr_assert_eq(rh_bank_open(&w, r.path, RH_BANK_WRITE, why), RH_OK, "%s", why);
    tasks[0] = 0;
    cr_assert_eq(rh_bank_resume(w, collect, tasks), RH_OK);
    cr_expect_eq(tasks[0], 1);
    cr_expect_eq(tasks[1], 10);
    cr_assert_eq(rh_bank_close(w), RH_OK);
}
