/* rh_enumerate: the run. Threads share one walk of the configurations, claiming its tasks
 * (space.c: a cluster's configurations all lie in one) in increasing order from one
 * counter. Each buffers a task's configurations and explores their clusters, canonical
 * configuration first (batch.c), with working memory of its own; the clusters with walls come
 * from each wall-free one, in its task (walls.c). Every cluster is
 * reported by the thread whose task holds it, so the union is complete and free of repeats
 * for any thread count; a shard runs the tasks that hash to it. A task ends when its walker
 * begins the next task it claimed (or its walk ends): its clusters are explored then, and
 * on_task hears of it after them. A resumed run passes over the tasks skip_task names as it
 * claims.
 *
 * Locking: `lock` guards the callbacks (on_cluster, on_task) and the merged counters (stats);
 * `gate` guards who may begin a cluster (struct run); the task counters and the progress
 * counters are atomics read by the calling thread without either. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rushhour/clock.h"
#include "batch.h"
#include "cluster.h"
#include "record.h"
#include "space.h"
#include "state.h"
#include "buffers.h"
#include "walls.h"
#include "rushhour/error.h"
#include "rushhour/search.h"

/* Counters a worker adds to the run's at the end of each task. */
typedef struct {
    uint64_t configurations, clusters, kept, solvable;
} counts;

typedef struct run run;

/* A cluster's canonical configuration and its walls (the key ORs them into its horizontal
 * cells): one per cluster, as every cluster has a blocked configuration (the one nearest the
 * top left: no vehicle moves left or up from it). */
typedef struct {
    uint64_t h, v, walls;
} cluster_key;

#define NO_TASK UINT64_MAX

typedef struct {
    run *run;
    rh__ework work, search; /* a cluster's states; minimality's searches */
    rh__ewalls walls;       /* the clusters with walls of a wall-free one */
    /* The keys of the clusters the first run of the configuration at hand reported, sorted
     * when a run `again` (alone, after the budget refused the first) reports the others. */
    cluster_key *reported;
    size_t reported_count, reported_allocated;
    bool again;
    rh__espace space;
    rh__ebatch batch;          /* the running task's configurations */
    counts local;              /* of the running task */
    uint64_t running, claimed; /* the task being walked, and the next one to walk */
    rh_cluster cluster;
    pthread_t thread;
} worker;

struct run {
    const rh_enum_options *opt;
    rh__egeom geom;
    uint64_t walk_tasks; /* of every shard */
    atomic_uint_fast64_t next_task, tasks_done, tasks_skipped;
    atomic_uint_fast64_t configurations, clusters, kept;
    atomic_int stop;  /* a callback asked, or a worker failed */
    atomic_int error; /* RH_OK or the first failure */
    atomic_int running;
    pthread_mutex_t lock;
    rh_enum_stats *stats;
    /* The cluster buffers: shared, a thread keeping at most `keep` bytes between clusters
     * and keep / 2 in its batch. A cluster that does not fit is run again alone (`alone`), once
     * each of the `live` others is `parked` at the gate holding its batch alone, or has ended:
     * so any cluster gets at least memory.cap - threads * keep / 2 bytes, 7/8 of the cap. The
     * gate guards these five; `waiting_alone` threads wait to run alone, and no other cluster
     * begins meanwhile. */
    rh__ememory memory;
    size_t keep;
    pthread_mutex_t gate;
    pthread_cond_t gate_changed;
    int live, parked, waiting_alone;
    bool alone;
};

int rh_enum_task_shard(uint64_t task, int count)
{
    uint64_t x = task * UINT64_C(0x9E3779B97F4A7C15);
    x ^= x >> 31;
    x *= UINT64_C(0xBF58476D1CE4E5B9);
    x ^= x >> 29;
    return (int)(x % (uint64_t)count);
}

static void flush_counts(worker *wk)
{
    run *r = wk->run;
    atomic_fetch_add(&r->configurations, wk->local.configurations);
    atomic_fetch_add(&r->clusters, wk->local.clusters);
    atomic_fetch_add(&r->kept, wk->local.kept);
    memset(&wk->local, 0, sizeof wk->local);
}

/* The running task is walked: it is done unless a stop may have cut it short (a stop is
 * never undone, so without one now there was none during the task). */
static void end_task(worker *wk)
{
    run *r = wk->run;
    const rh_enum_task t = {wk->running, wk->local.configurations, wk->local.clusters,
                            wk->local.solvable};
    flush_counts(wk);
    wk->running = NO_TASK;
    if (t.task == NO_TASK) return;
    atomic_fetch_add(&r->tasks_done, 1);
    if (!r->opt->on_task) return;
    pthread_mutex_lock(&r->lock);
    if (!atomic_load(&r->stop) && r->opt->on_task(&t, r->opt->user)) {
        r->stats->stopped = true;
        atomic_store(&r->stop, 1);
    }
    pthread_mutex_unlock(&r->lock);
}

static void finish_task(worker *wk);

/* Whether a task is of this run's shard. */
static bool of_shard(const rh_enum_options *opt, uint64_t task)
{
    return opt->shard_count == 1 || rh_enum_task_shard(task, opt->shard_count) == opt->shard_index;
}

/* The walker calls this at its start and as each task it claimed begins. */
static uint64_t claim(void *ctx)
{
    worker *wk = ctx;
    run *r = wk->run;
    finish_task(wk);
    wk->running = wk->claimed;
    const rh_enum_options *opt = r->opt;
    uint64_t task = NO_TASK;
    while (!atomic_load(&r->stop)) {
        task = atomic_fetch_add(&r->next_task, 1);
        if (task >= r->walk_tasks) break;
        if (!of_shard(opt, task)) continue;
        if (!opt->skip_task || !opt->skip_task(task, opt->user)) break;
        atomic_fetch_add(&r->tasks_skipped, 1);
        atomic_fetch_add(&r->tasks_done, 1);
    }
    wk->claimed = task < r->walk_tasks ? task : NO_TASK;
    return task;
}

static void fail(run *r, int err)
{
    int expected = RH_OK;
    atomic_compare_exchange_strong(&r->error, &expected, err);
    atomic_store(&r->stop, 1);
}

/* Adds a reported cluster to the run's statistics and hands it to the caller. */
static void report(run *r, const rh_cluster *c)
{
    rh_enum_stats *st = r->stats;
    pthread_mutex_lock(&r->lock);
    rh_enum_stats_add(st, c);
    if (!atomic_load(&r->stop) && r->opt->on_cluster && r->opt->on_cluster(c, r->opt->user)) {
        st->stopped = true;
        atomic_store(&r->stop, 1);
    }
    pthread_mutex_unlock(&r->lock);
}

/* The bytes of cluster buffers `wk` holds. */
static size_t held(const worker *wk)
{
    return wk->work.used + wk->search.used + wk->walls.used + wk->walls.lanes.used +
           wk->walls.pairs.used + wk->walls.pairs.lanes.used;
}

/* Gives the cluster buffers of `wk` back to the run's memory (its batch stays). */
static void drop_buffers(worker *wk)
{
    rh__ework_free(&wk->work);
    rh__ework_free(&wk->search);
    rh__ewalls_free(&wk->walls);
}

/* Begins a cluster: with the others (`alone` false) while no cluster runs alone or waits to,
 * or alone once every other thread is parked here or has ended. A thread that waits gives its
 * buffers back first: the one running alone may need them. */
static void enter(worker *wk, bool alone)
{
    run *r = wk->run;
    pthread_mutex_lock(&r->gate);
    r->waiting_alone += alone;
    for (;;) {
        if (!r->alone && (alone ? r->parked == r->live - 1 : !r->waiting_alone)) break;
        if (held(wk)) {
            pthread_mutex_unlock(&r->gate);
            drop_buffers(wk);
            pthread_mutex_lock(&r->gate);
            continue; /* things may have changed meanwhile */
        }
        /* The last to park lets one waiting to run alone go (a wake on every park would
         * have the parked wake one another while a cluster runs alone). */
        if (++r->parked == r->live && r->waiting_alone) pthread_cond_broadcast(&r->gate_changed);
        pthread_cond_wait(&r->gate_changed, &r->gate);
        r->parked--;
    }
    r->waiting_alone -= alone;
    r->alone = alone;
    pthread_mutex_unlock(&r->gate);
}

/* Ends the cluster run alone, or a thread (`alone` false): either lets the others on. */
static void leave(run *r, bool alone)
{
    pthread_mutex_lock(&r->gate);
    if (alone)
        r->alone = false;
    else
        r->live--;
    pthread_cond_broadcast(&r->gate_changed);
    pthread_mutex_unlock(&r->gate);
}

static int key_compare(const void *a, const void *b)
{
    const cluster_key *x = a, *y = b;
    if (x->h != y->h) return x->h < y->h ? -1 : 1;
    if (x->v != y->v) return x->v < y->v ? -1 : 1;
    return (x->walls > y->walls) - (x->walls < y->walls);
}

/* Whether the cluster of key `k` was reported by the first run of the configuration at hand;
 * in that first run, notes it (false when it cannot: the run fails). */
static bool reported(worker *wk, cluster_key k)
{
    if (wk->again) /* an empty list may have no array, which bsearch must not be given */
        return wk->reported_count &&
               bsearch(&k, wk->reported, wk->reported_count, sizeof k, key_compare) != NULL;
    if (wk->reported_count == wk->reported_allocated) {
        const size_t n = wk->reported_allocated ? 2 * wk->reported_allocated : 64;
        cluster_key *more = realloc(wk->reported, n * sizeof *more);
        if (!more) {
            fail(wk->run, RH_ENOMEM);
            return true;
        }
        wk->reported = more;
        wk->reported_allocated = n;
    }
    wk->reported[wk->reported_count++] = k;
    return false;
}

/* Counts a cluster of the running task, with the blocked configurations the walk did not
 * count (those with walls), and reports it, unless a first run cut short did. */
static void report_cluster(void *ctx, rh_cluster *c, uint64_t walls, uint64_t configurations)
{
    worker *wk = ctx;
    /* Without walls a cluster is reported once, after every step that may run out of room:
     * a first run cut short has reported nothing. */
    if (wk->run->opt->walls_max &&
        reported(wk, (cluster_key){c->canonical_h, c->canonical_v, walls}))
        return;
    wk->local.configurations += configurations;
    wk->local.clusters++;
    wk->local.kept += c->minimal;
    wk->local.solvable += c->moves >= 0;
    c->task = wk->running;
    report(wk->run, c);
}

/* Records and reports the wall-free cluster of `start` that wk->work holds whole, with its
 * `goals` goal states, then the clusters with walls found from it; `alone` when no run follows
 * this one. */
static rh__ecluster_result record(worker *wk, const rh__estate *start, uint64_t goals, bool alone)
{
    run *r = wk->run;
    const rh__egeom *g = &r->geom;
    rh__ework *w = &wk->work;
    rh_cluster *out = &wk->cluster;
    if (goals || r->opt->walls_max) rh__ecluster_link(w, g);
    /* The clusters with walls walk the chains of many passes; one wall-free pass finds them. */
    if (goals && r->opt->walls_max && !rh__ecluster_chain(w, g)) return RH_EC_FULL;
    out->board_size = g->n;
    out->canonical_h = rh__es_h(start);
    out->canonical_v = rh__es_v(g, start);
    out->states = w->count;
    out->goal_states = goals;
    out->vehicles = __builtin_popcountll(start->m[0] | start->m[1] | start->m[2] | start->m[3]);
    out->walls = 0;
    if (r->opt->walls_max) {
        const rh__ewalls_spec spec = {r->opt->walls_min, r->opt->walls_max, r->opt->slides,
                                      report_cluster, wk};
        return rh__ewalls_find(w, &wk->search, &wk->walls, g, &spec, alone, out);
    }
    /* Nothing else wants the buffers: minimality searches in them. */
    const rh__eview all = {w->dist, NULL, w->count, 0, false};
    if (rh__erecord_make(w, w, g, &all, goals, r->opt->slides, NULL, out) == RH_EC_FULL)
        return RH_EC_FULL;
    report_cluster(wk, out, 0, 0);
    return RH_EC_CLUSTER;
}

/* The cluster of configs[i] of the batch (shape ending before `end`), and those with walls
 * found from it, with the buffers of `wk`, which keep no more than their share afterwards. */
static rh__ecluster_result cluster(worker *wk, size_t i, size_t end, bool alone)
{
    run *r = wk->run;
    rh__ebatch *b = &wk->batch;
    const rh__estate *s = &b->configs[i].s;
    uint64_t goals;
    enter(wk, alone);
    rh__ecluster_result res = rh__ecluster_explore(&wk->work, &r->geom, s, &goals);
    if (res != RH_EC_FULL) rh__ebatch_meet(b, &wk->work, i, end);
    if (res == RH_EC_CLUSTER) res = record(wk, s, goals, alone);
    if (held(wk) > r->keep) drop_buffers(wk);
    if (alone) leave(r, true);
    return res;
}

/* Explores the clusters of the batch's configurations not met yet, canonical ones first. */
static void run_batch(worker *wk)
{
    run *r = wk->run;
    rh__ebatch *b = &wk->batch;
    rh__ebatch_sort(b);
    for (size_t i = 0, end = 0; i < b->count && !atomic_load(&r->stop); i++) {
        if (i == end) end = rh__ebatch_shape_end(b, i);
        if (b->met[i]) continue;
        wk->again = false;
        wk->reported_count = 0;
        rh__ecluster_result res = cluster(wk, i, end, false);
        /* The others' memory helps; what was reported stays so. */
        if (res == RH_EC_FULL) {
            if (wk->reported_count)
                qsort(wk->reported, wk->reported_count, sizeof *wk->reported, key_compare);
            wk->again = true;
            res = cluster(wk, i, end, true);
        }
        if (res == RH_EC_FULL) {
            fail(r, RH_ENOMEM);
            break;
        }
    }
    b->count = 0;
}

/* The running task is walked: its clusters, then its end. */
static void finish_task(worker *wk)
{
    run_batch(wk);
    end_task(wk);
}

static void visit(void *ctx, const rh__estate *s, uint64_t columns)
{
    worker *wk = ctx;
    run *r = wk->run;
    wk->local.configurations += r->opt->walls_min == 0; /* those with walls: as found */
    if (r->opt->count_only || atomic_load(&r->stop)) return;
    if (rh__ebatch_add(&wk->batch, &r->geom, s, columns)) return;
    run_batch(wk); /* a task too large to hold: its clusters may span batches */
    if (!rh__ebatch_add(&wk->batch, &r->geom, s, columns)) fail(r, RH_ENOMEM);
}

static void *work(void *arg)
{
    worker *wk = arg;
    rh__espace_walk(&wk->space);
    finish_task(wk);
    drop_buffers(wk); /* for a cluster still to run alone */
    rh__ebatch_free(&wk->batch);
    leave(wk->run, false);
    atomic_fetch_sub(&wk->run->running, 1);
    return NULL;
}

bool rh_enum_options_valid(const rh_enum_options *o)
{
    return o && o->board_size >= RH_ENUM_SIZE_MIN && o->board_size <= RH_ENUM_SIZE_MAX &&
           o->walls_min >= 0 && o->walls_max >= o->walls_min && o->vehicles_min >= 0 &&
           (o->vehicles_max == RH_ENUM_NO_MAX || o->vehicles_max >= o->vehicles_min) &&
           o->shard_count >= 1 && o->shard_index >= 0 && o->shard_index < o->shard_count &&
           !(o->count_only && o->walls_max > 0) && o->threads >= 1 && o->threads <= 1024;
}

static void snapshot(run *r, rh_enum_stats *s, uint64_t t0)
{
    s->configurations = atomic_load(&r->configurations);
    s->clusters = atomic_load(&r->clusters);
    s->kept = atomic_load(&r->kept);
    s->tasks_done = atomic_load(&r->tasks_done);
    s->tasks_skipped = atomic_load(&r->tasks_skipped);
    s->elapsed_us = rh_clock_us() - t0;
}

/* Waits for the workers, reporting progress meanwhile. */
static void watch(run *r, uint64_t t0)
{
    const rh_enum_options *opt = r->opt;
    uint64_t last = rh_clock_us();
    while (atomic_load(&r->running) > 0) {
        struct timespec pause = {0, 20 * 1000 * 1000};
        nanosleep(&pause, NULL);
        const uint64_t now = rh_clock_us();
        if (opt->on_progress && now - last >= opt->progress_interval_us) {
            last = now;
            pthread_mutex_lock(&r->lock);
            rh_enum_stats s = *r->stats;
            pthread_mutex_unlock(&r->lock);
            snapshot(r, &s, t0);
            opt->on_progress(&s, opt->user);
        }
    }
}

/* The run's lock and gate: all made, or none (false). */
static bool locks_init(run *r)
{
    if (pthread_mutex_init(&r->lock, NULL) != 0) return false;
    if (pthread_mutex_init(&r->gate, NULL) == 0) {
        if (pthread_cond_init(&r->gate_changed, NULL) == 0) return true;
        pthread_mutex_destroy(&r->gate);
    }
    pthread_mutex_destroy(&r->lock);
    return false;
}

static void locks_destroy(run *r)
{
    pthread_cond_destroy(&r->gate_changed);
    pthread_mutex_destroy(&r->gate);
    pthread_mutex_destroy(&r->lock);
}

int rh_enumerate(const rh_enum_options *opt, rh_enum_stats *stats)
{
    if (!rh_enum_options_valid(opt) || !stats) return RH_EARG;
    const uint64_t t0 = rh_clock_us();
    rh_enum_stats_init(stats);
    /* The initializer sets every atomic: the ones it does not name are zeroed as if static
     * (C11 6.7.9), a valid state of an atomic (7.17.2.1). */
    run r = {.opt = opt, .stats = stats, .error = RH_OK};
    rh__espace_geometry(&r.geom, opt->board_size);
    const rh__espace shape = {.g = &r.geom,
                              .vehicles_min = opt->vehicles_min,
                              .vehicles_max = opt->vehicles_max,
                              .visit = visit};
    rh__espace counter = shape;
    r.walk_tasks = rh__espace_walk(&counter);
    for (uint64_t t = 0; t < r.walk_tasks; t++) stats->tasks_total += of_shard(opt, t);

    r.memory.cap = opt->max_memory ? opt->max_memory : RH_ENUM_MEMORY_DEFAULT;
    r.keep = r.memory.cap / (4 * (size_t)opt->threads);
    worker *workers = calloc((size_t)opt->threads, sizeof *workers);
    if (!workers || !locks_init(&r)) {
        free(workers);
        return RH_ENOMEM;
    }
    /* Every batch first: a thread started takes memory at once, and one started later could
     * then find none for its batch, as the scheduler has it. */
    for (int i = 0; i < opt->threads; i++) {
        worker *wk = &workers[i];
        wk->run = &r;
        wk->running = wk->claimed = NO_TASK;
        rh__ework_init(&wk->work, &r.geom, &r.memory);
        rh__ework_init(&wk->search, &r.geom, &r.memory);
        rh__ewalls_init(&wk->walls, &r.memory);
        rh__ebatch_init(&wk->batch, &r.memory, r.keep / 2);
        if (!rh__ebatch_reserve(&wk->batch)) fail(&r, RH_ENOMEM);
    }
    int started = 0;
    for (; started < opt->threads && !atomic_load(&r.stop); started++) {
        worker *wk = &workers[started];
        wk->space = shape;
        wk->space.claim = claim;
        wk->space.ctx = wk;
        atomic_fetch_add(&r.running, 1);
        pthread_mutex_lock(&r.gate);
        r.live++;
        pthread_mutex_unlock(&r.gate);
        if (pthread_create(&wk->thread, NULL, work, wk) != 0) {
            leave(&r, false);
            atomic_fetch_sub(&r.running, 1);
            fail(&r, RH_ENOMEM);
            break;
        }
    }
    watch(&r, t0);
    for (int i = 0; i < opt->threads; i++) {
        if (i < started) pthread_join(workers[i].thread, NULL);
        rh__ework_free(&workers[i].work);
        rh__ework_free(&workers[i].search);
        rh__ewalls_free(&workers[i].walls);
        rh__ebatch_free(&workers[i].batch);
        free(workers[i].reported);
    }
    locks_destroy(&r);
    free(workers);
    snapshot(&r, stats, t0);
    return atomic_load(&r.error);
}
