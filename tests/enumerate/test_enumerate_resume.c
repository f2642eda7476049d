/* Resuming an enumeration (rh_enum_options.on_task and skip_task): a run stopped at some
 * cluster, then run again skipping the tasks it reported done, finds with the first run's
 * clusters of those tasks exactly the clusters of one whole run; and the per-task counts of
 * the shards add up to the whole's, configurations included. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "rushhour/rushhour.h"

typedef struct {
    uint64_t h, v, task;
} found;

/* What one run reported. */
typedef struct {
    found *clusters;
    size_t count, allocated;
    uint64_t *done; /* tasks reported by on_task, in any order */
    size_t done_count, done_allocated;
    uint64_t task_clusters, task_configurations; /* summed over on_task */
    size_t stop_after;                           /* 0: never stop */
    const uint64_t *skip;                        /* sorted tasks to skip */
    size_t skip_count;
} record;

static void *grow(void *p, size_t *allocated, size_t count, size_t size)
{
    if (count < *allocated) return p;
    *allocated = *allocated ? 2 * *allocated : 1024;
    p = realloc(p, *allocated * size);
    cr_assert_not_null(p);
    return p;
}

static int on_cluster(const rh_cluster *c, void *user)
{
    record *r = user;
    r->clusters = grow(r->clusters, &r->allocated, r->count, sizeof *r->clusters);
    r->clusters[r->count++] = (found){c->canonical_h, c->canonical_v, c->task};
    return r->stop_after && r->count >= r->stop_after;
}

static int on_task(const rh_enum_task *t, void *user)
{
    record *r = user;
    r->done = grow(r->done, &r->done_allocated, r->done_count, sizeof *r->done);
    r->done[r->done_count++] = t->task;
    r->task_clusters += t->clusters;
    r->task_configurations += t->configurations;
    return 0;
}

static int by_number(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static bool skip(uint64_t task, void *user)
{
    const record *r = user;
    return bsearch(&task, r->skip, r->skip_count, sizeof task, by_number) != NULL;
}

static int by_key(const void *a, const void *b)
{
    const found *x = a, *y = b;
    return x->h != y->h ? (x->h > y->h) - (x->h < y->h) : (x->v > y->v) - (x->v < y->v);
}

static rh_enum_stats run(record *r, int shard, int count)
{
    rh_enum_options o = RH_ENUM_OPTIONS_INIT;
    o.board_size = 5;
    o.walls_max = 1;
    o.vehicles_max = 4;
    o.threads = 2;
    o.shard_index = shard;
    o.shard_count = count;
    o.on_cluster = on_cluster;
    o.on_task = on_task;
    o.skip_task = r->skip ? skip : NULL;
    o.user = r;
    rh_enum_stats s;
    cr_assert_eq(rh_enumerate(&o, &s), RH_OK);
    return s;
}

Test(enumerate_resume, stopped_then_resumed_equals_whole)
{
    static record whole, first, second;
    const rh_enum_stats all = run(&whole, 0, 1);
    cr_assert_gt(whole.count, 1000, "a space of thousands of clusters");
    cr_expect_eq(whole.task_clusters, all.clusters, "on_task's clusters do not add up");
    cr_expect_eq(whole.task_configurations, all.configurations);
    cr_expect_eq(whole.done_count, all.tasks_total, "a whole run reports every task once");

    first.stop_after = whole.count / 2;
    const rh_enum_stats stopped = run(&first, 0, 1);
    cr_assert(stopped.stopped);
    qsort(first.done, first.done_count, sizeof *first.done, by_number);
    /* Keep the clusters of the finished tasks only, as the bank does. */
    size_t kept = 0;
    for (size_t i = 0; i < first.count; i++)
        if (bsearch(&first.clusters[i].task, first.done, first.done_count, sizeof(uint64_t),
                    by_number))
            first.clusters[kept++] = first.clusters[i];
    cr_expect_lt(kept, first.count, "the task the stop cut short was reported done");
    cr_assert_gt(first.done_count, 0);
    cr_assert_lt(first.done_count, all.tasks_total);

    second.skip = first.done;
    second.skip_count = first.done_count;
    const rh_enum_stats resumed = run(&second, 0, 1);
    cr_expect_eq(resumed.tasks_skipped, first.done_count);
    cr_expect_eq(resumed.tasks_done, all.tasks_total);
    cr_expect_eq(first.task_clusters + second.task_clusters, all.clusters);
    cr_expect_eq(first.task_configurations + second.task_configurations, all.configurations);

    cr_assert_eq(kept + second.count, whole.count, "%zu + %zu clusters, the whole run %zu", kept,
                 second.count, whole.count);
    found *joined = malloc(whole.count * sizeof *joined);
    cr_assert_not_null(joined);
    memcpy(joined, first.clusters, kept * sizeof *joined);
    memcpy(joined + kept, second.clusters, second.count * sizeof *joined);
    qsort(joined, whole.count, sizeof *joined, by_key);
    qsort(whole.clusters, whole.count, sizeof *whole.clusters, by_key);
    for (size_t i = 0; i < whole.count; i++)
        cr_assert(by_key(&joined[i], &whole.clusters[i]) == 0, "cluster %zu differs", i);
    free(joined);
}

/* Each shard walks every configuration; its tasks count those of its keys, so shards merged
 * count each configuration once. */
Test(enumerate_resume, shard_task_counts_add_up)
{
    static record whole, part[3];
    const rh_enum_stats all = run(&whole, 0, 1);
    uint64_t configurations = 0, clusters = 0;
    for (int i = 0; i < 3; i++) {
        run(&part[i], i, 3);
        configurations += part[i].task_configurations;
        clusters += part[i].task_clusters;
        cr_expect_lt(part[i].task_configurations, all.configurations);
    }
    cr_expect_eq(configurations, all.configurations);
    cr_expect_eq(clusters, all.clusters);
}
