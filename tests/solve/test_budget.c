/* Budgets enforced inside the search: node caps, hard memory caps (peak never above the cap),
 * deadlines and cancel flags (set before the search and from another thread), and budgets
 * generous enough never changing the answer. Also the corner cases of rh_solve: solved and
 * unsolvable starts, bad options. */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "rushhour/clock.h"
#include "reference.h"
#include "replay.h"

/* Under LeakSanitizer, whether memory has leaked so far (the report goes to stderr). */
#if defined(__SANITIZE_ADDRESS__)
#define HAVE_LSAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HAVE_LSAN 1
#endif
#endif
#ifdef HAVE_LSAN
#include <sanitizer/lsan_interface.h>
static bool leaked(void)
{
    return __lsan_do_recoverable_leak_check() != 0;
}
#else
static bool leaked(void)
{
    return false;
}
#endif

#define KIB ((size_t)1024)
#define MIB (1024 * KIB)
#define BIG_CLUSTER "big-cluster-541934"
#define BIG_CLUSTER_STATES 541934u

static const rh_algorithm all_algorithms[] = {RH_ALGO_BFS, RH_ALGO_ASTAR, RH_ALGO_FAST};
static const rh_metric all_metrics[] = {RH_METRIC_MOVES, RH_METRIC_SLIDES};

/* Copies the puzzle `name` of reference file `file` into `out`. */
static void load_ref(rh_puzzle *out, const char *file, const char *name)
{
    rh_ref_set set;
    cr_assert_eq(rh_ref_load(&set, file), 0, "cannot load %s", file);
    const rh_ref *ref = rh_ref_find(&set, name);
    cr_assert_not_null(ref, "%s has no puzzle %s", file, name);
    *out = ref->puzzle;
    rh_ref_free(&set);
}

static void load_big_cluster(rh_puzzle *out)
{
    load_ref(out, "classic.jsonl", BIG_CLUSTER);
}

/* A result that stopped on a budget: no moves, the limit named. */
static void expect_limited(const rh_result *r, rh_limit want, const char *what)
{
    cr_expect_eq(r->status, RH_LIMIT_REACHED, "%s: status %s, expected limit_reached", what,
                 rh_status_name(r->status));
    cr_expect_eq(r->limit, want, "%s: limit %s, expected %s", what, rh_limit_name(r->limit),
                 rh_limit_name(want));
    cr_expect_null(r->moves, "%s: a limited result carries moves", what);
    cr_expect_eq(r->move_count, 0, "%s: a limited result has %d moves", what, r->move_count);
}

/* ---- node cap ---- */

Test(nodes, bfs_stops_at_exactly_the_cap)
{
    rh_puzzle p;
    load_big_cluster(&p);
    for (size_t m = 0; m < 2; m++) {
        rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
        opt.algorithm = RH_ALGO_BFS;
        opt.metric = all_metrics[m];
        opt.limits.max_nodes = 100;
        rh_result r;
        cr_assert_eq(rh_solve(&r, &p, &opt), RH_OK);
        expect_limited(&r, RH_LIMIT_NODES, rh_metric_name(opt.metric));
        cr_expect_eq(r.stats.nodes_expanded, 100, "bfs/%s expanded %llu nodes under a cap of 100",
                     rh_metric_name(opt.metric), (unsigned long long)r.stats.nodes_expanded);
        cr_expect_gt(r.stats.nodes_generated, 0);
        cr_expect_gt(r.stats.states_stored, 100);
        rh_result_free(&r);
    }
}

Test(nodes, astar_and_fast_respect_the_cap)
{
    rh_puzzle p;
    load_big_cluster(&p);
    const rh_algorithm algos[] = {RH_ALGO_ASTAR, RH_ALGO_FAST};
    for (size_t a = 0; a < 2; a++)
        for (size_t m = 0; m < 2; m++) {
            rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
            opt.algorithm = algos[a];
            opt.metric = all_metrics[m];
            opt.limits.max_nodes = 100;
            rh_result r;
            cr_assert_eq(rh_solve(&r, &p, &opt), RH_OK);
            char what[64];
            snprintf(what, sizeof what, "%s/%s", rh_algorithm_name(opt.algorithm),
                     rh_metric_name(opt.metric));
            expect_limited(&r, RH_LIMIT_NODES, what);
            cr_expect_leq(r.stats.nodes_expanded, 100, "%s expanded %llu nodes", what,
                          (unsigned long long)r.stats.nodes_expanded);
            cr_expect_gt(r.stats.nodes_expanded, 0, "%s", what);
            rh_result_free(&r);
        }
}

Test(nodes, explore_respects_the_cap)
{
    rh_puzzle p;
    load_big_cluster(&p);
    rh_limits limits = RH_LIMITS_INIT;
    limits.max_nodes = 100;
    rh_explore_result e;
    cr_assert_eq(rh_explore(&e, &p, &limits), RH_OK);
    cr_expect_eq(e.status, RH_LIMIT_REACHED);
    cr_expect_eq(e.limit, RH_LIMIT_NODES, "limit %s", rh_limit_name(e.limit));
    cr_expect_eq(e.stats.nodes_expanded, 100, "expanded %llu",
                 (unsigned long long)e.stats.nodes_expanded);
    cr_expect_gt(e.states, 100);
    cr_expect_lt(e.states, BIG_CLUSTER_STATES);
}

/* ---- memory cap ---- */

/* Solving or exploring the big cluster under `cap`: either a memory limit or a complete
 * answer, and never a peak above the cap. */
static void check_memory_cap(const rh_puzzle *p, size_t cap)
{
    rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
    opt.limits.max_memory = cap;
    rh_explore_result e;
    cr_assert_eq(rh_explore(&e, p, &opt.limits), RH_OK);
    cr_expect_leq(e.stats.peak_memory, cap, "explore, cap %zu: peak %zu", cap, e.stats.peak_memory);
    if (e.status == RH_SOLVED) {
        cr_expect_eq(e.states, BIG_CLUSTER_STATES, "explore, cap %zu: complete with %llu states",
                     cap, (unsigned long long)e.states);
    } else {
        cr_expect_eq(e.status, RH_LIMIT_REACHED);
        cr_expect_eq(e.limit, RH_LIMIT_MEMORY, "explore, cap %zu: limit %s", cap,
                     rh_limit_name(e.limit));
    }
    for (size_t a = 0; a < 3; a++)
        for (size_t m = 0; m < 2; m++) {
            opt.algorithm = all_algorithms[a];
            opt.metric = all_metrics[m];
            char what[96];
            snprintf(what, sizeof what, "%s/%s, cap %zu", rh_algorithm_name(opt.algorithm),
                     rh_metric_name(opt.metric), cap);
            rh_result r;
            cr_assert_eq(rh_solve(&r, p, &opt), RH_OK, "%s", what);
            cr_expect_leq(r.stats.peak_memory, cap, "%s: peak %zu", what, r.stats.peak_memory);
            if (r.status == RH_SOLVED) {
                char why[160];
                cr_expect_eq(rh_replay(p, r.moves, NULL, r.move_count, why, sizeof why), 0,
                             "%s: %s", what, why);
            } else {
                expect_limited(&r, RH_LIMIT_MEMORY, what);
            }
            rh_result_free(&r);
        }
}

Test(memory, cap_4kib)
{
    rh_puzzle p;
    load_big_cluster(&p);
    check_memory_cap(&p, 4 * KIB);
}

Test(memory, cap_64kib)
{
    rh_puzzle p;
    load_big_cluster(&p);
    check_memory_cap(&p, 64 * KIB);
}

Test(memory, cap_1mib)
{
    rh_puzzle p;
    load_big_cluster(&p);
    check_memory_cap(&p, MIB);
}

Test(memory, cap_4mib)
{
    rh_puzzle p;
    load_big_cluster(&p);
    check_memory_cap(&p, 4 * MIB);
}

/* Caps from `hi` down to `lo`, each `1/ratio` below the last (at least 64 bytes apart):
 * whichever allocation the cap refuses (layout, table, queue, buckets), the search stops
 * cleanly, on memory, under the cap, and frees everything it allocated (checked after each
 * cap under LeakSanitizer; downwards, so that a crash at a small cap cannot hide a leak at a
 * larger one). */
static void sweep_caps(size_t lo, size_t hi, size_t ratio)
{
    rh_puzzle p;
    load_big_cluster(&p);
    bool leak_seen = leaked(); /* a leak from before the sweep is not the search's */
    for (size_t cap = hi; cap >= lo; cap -= cap / ratio > 64 ? cap / ratio : 64) {
        rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
        opt.limits.max_memory = cap;
        rh_explore_result e;
        cr_assert_eq(rh_explore(&e, &p, &opt.limits), RH_OK);
        cr_assert_eq(e.limit, RH_LIMIT_MEMORY, "explore, cap %zu: limit %s", cap,
                     rh_limit_name(e.limit));
        cr_assert_leq(e.stats.peak_memory, cap, "explore, cap %zu: peak %zu", cap,
                      e.stats.peak_memory);
        for (size_t a = 0; a < 3; a++) {
            opt.algorithm = all_algorithms[a];
            rh_result r;
            cr_assert_eq(rh_solve(&r, &p, &opt), RH_OK);
            /* A cap may be enough for a search that expands few states (the fast mode
             * solves this puzzle in under 100 KiB): then it must have solved it. */
            if (r.status == RH_SOLVED) {
                char why[160];
                cr_assert_eq(rh_replay(&p, r.moves, NULL, r.move_count, why, sizeof why), 0,
                             "%s, cap %zu: %s", rh_algorithm_name(opt.algorithm), cap, why);
            } else {
                cr_assert_eq(r.status, RH_LIMIT_REACHED, "%s, cap %zu: %s",
                             rh_algorithm_name(opt.algorithm), cap, rh_status_name(r.status));
                cr_assert_eq(r.limit, RH_LIMIT_MEMORY, "%s, cap %zu: limit %s",
                             rh_algorithm_name(opt.algorithm), cap, rh_limit_name(r.limit));
            }
            cr_assert_leq(r.stats.peak_memory, cap, "%s, cap %zu: peak %zu",
                          rh_algorithm_name(opt.algorithm), cap, r.stats.peak_memory);
            rh_result_free(&r);
        }
        if (!leak_seen && leaked()) {
            leak_seen = true;
            cr_expect_fail("cap %zu: memory leaked (the LeakSanitizer report names the search)",
                           cap);
        }
    }
}

Test(memory, caps_up_to_16kib)
{
    sweep_caps(64, 16 * KIB, 128);
}

Test(memory, caps_16kib_to_128kib)
{
    sweep_caps(16 * KIB, 128 * KIB, 128);
}

Test(memory, explore_completes_within_16mib)
{
    rh_puzzle p;
    load_big_cluster(&p);
    rh_limits limits = RH_LIMITS_INIT;
    limits.max_memory = 16 * MIB;
    rh_explore_result e;
    cr_assert_eq(rh_explore(&e, &p, &limits), RH_OK);
    cr_expect_eq(e.status, RH_SOLVED, "status %s, limit %s", rh_status_name(e.status),
                 rh_limit_name(e.limit));
    cr_expect_eq(e.limit, RH_LIMIT_NONE);
    cr_expect_eq(e.states, BIG_CLUSTER_STATES, "%llu states", (unsigned long long)e.states);
    cr_expect_eq(e.stats.states_stored, BIG_CLUSTER_STATES);
    cr_expect_gt(e.goal_states, 0);
    cr_expect_gt(e.stats.peak_memory, 0);
    cr_expect_leq(e.stats.peak_memory, 16 * MIB, "peak %zu", e.stats.peak_memory);
}

/* The memory line, 24 bytes a stored state, held with no cap at all: on a small
 * component whose table runs at low load for speed, and on the 541,934-state cluster. */
Test(memory, at_most_24_bytes_per_state)
{
    rh_puzzle small, big;
    load_ref(&small, "classic.jsonl", "hardest-93-slides");
    load_big_cluster(&big);
    const rh_puzzle *puzzles[] = {&small, &big};
    for (int i = 0; i < 2; i++) {
        rh_explore_result e;
        cr_assert_eq(rh_explore(&e, puzzles[i], NULL), RH_OK);
        cr_assert_eq(e.status, RH_SOLVED);
        cr_expect_leq(e.stats.peak_memory, 24 * e.states, "%llu states, peak %zu bytes",
                      (unsigned long long)e.states, e.stats.peak_memory);
    }
}

/* Small tables quadruple at half load for speed; under a cap they double, or fill to 3/4,
 * instead of giving up. The 93-slide puzzle's 24,132 states fit a 2^15-slot table at 3/4 (its
 * keys take 32 bits: 128 KiB), and the whole search then peaks at 198.1 KiB: from 199 KiB every
 * cap must be enough, not only those that hold a 2^16-slot table (from 327 KiB). */
Test(memory, small_tables_grow_within_tight_caps)
{
    rh_puzzle p;
    load_ref(&p, "classic.jsonl", "hardest-93-slides");
    for (size_t cap = 199 * KIB; cap <= 640 * KIB; cap += 13 * KIB) {
        rh_limits limits = RH_LIMITS_INIT;
        limits.max_memory = cap;
        rh_explore_result e;
        cr_assert_eq(rh_explore(&e, &p, &limits), RH_OK);
        cr_expect_eq(e.status, RH_SOLVED, "cap %zu: limit %s", cap, rh_limit_name(e.limit));
        cr_expect_eq(e.states, 24132, "cap %zu: %llu states", cap, (unsigned long long)e.states);
        cr_expect_leq(e.stats.peak_memory, cap, "cap %zu: peak %zu", cap, e.stats.peak_memory);
    }
}

Test(memory, one_byte_cap)
{
    rh_puzzle p;
    load_big_cluster(&p);
    rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
    opt.limits.max_memory = 1;
    rh_explore_result e;
    cr_assert_eq(rh_explore(&e, &p, &opt.limits), RH_OK);
    cr_expect_eq(e.status, RH_LIMIT_REACHED);
    cr_expect_eq(e.limit, RH_LIMIT_MEMORY, "limit %s", rh_limit_name(e.limit));
    cr_expect_leq(e.stats.peak_memory, 1, "peak %zu", e.stats.peak_memory);
    for (size_t a = 0; a < 3; a++)
        for (size_t m = 0; m < 2; m++) {
            opt.algorithm = all_algorithms[a];
            opt.metric = all_metrics[m];
            rh_result r;
            cr_assert_eq(rh_solve(&r, &p, &opt), RH_OK);
            expect_limited(&r, RH_LIMIT_MEMORY, rh_algorithm_name(opt.algorithm));
            cr_expect_leq(r.stats.peak_memory, 1, "%s: peak %zu", rh_algorithm_name(opt.algorithm),
                          r.stats.peak_memory);
            rh_result_free(&r);
        }
}

/* ---- deadline and cancel ---- */

Test(time, deadline_already_passed)
{
    rh_puzzle p;
    load_big_cluster(&p);
    rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
    opt.limits.deadline_us = rh_clock_us();
    rh_explore_result e;
    cr_assert_eq(rh_explore(&e, &p, &opt.limits), RH_OK);
    cr_expect_eq(e.status, RH_LIMIT_REACHED);
    cr_expect_eq(e.limit, RH_LIMIT_TIME, "limit %s", rh_limit_name(e.limit));
    cr_expect_lt(e.states, BIG_CLUSTER_STATES);

    for (size_t a = 0; a < 3; a++) {
        opt.algorithm = all_algorithms[a];
        opt.limits.deadline_us = rh_clock_us();
        rh_result r;
        cr_assert_eq(rh_solve(&r, &p, &opt), RH_OK);
        expect_limited(&r, RH_LIMIT_TIME, rh_algorithm_name(opt.algorithm));
        rh_result_free(&r);
    }
}

Test(cancel, flag_already_set)
{
    rh_puzzle p;
    load_big_cluster(&p);
    static atomic_int flag;
    atomic_store(&flag, 1);
    rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
    opt.limits.cancel = &flag;
    rh_explore_result e;
    cr_assert_eq(rh_explore(&e, &p, &opt.limits), RH_OK);
    cr_expect_eq(e.status, RH_LIMIT_REACHED);
    cr_expect_eq(e.limit, RH_LIMIT_CANCELLED, "limit %s", rh_limit_name(e.limit));
    cr_expect_lt(e.states, BIG_CLUSTER_STATES);
    for (size_t a = 0; a < 3; a++) {
        opt.algorithm = all_algorithms[a];
        rh_result r;
        cr_assert_eq(rh_solve(&r, &p, &opt), RH_OK);
        expect_limited(&r, RH_LIMIT_CANCELLED, rh_algorithm_name(opt.algorithm));
        rh_result_free(&r);
    }
}

Test(cancel, flag_clear_changes_nothing)
{
    rh_puzzle p;
    load_ref(&p, "jam40.tsv", "jam01");
    static atomic_int flag;
    atomic_store(&flag, 0);
    rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
    opt.limits.cancel = &flag;
    rh_result r;
    cr_assert_eq(rh_solve(&r, &p, &opt), RH_OK);
    cr_expect_eq(r.status, RH_SOLVED);
    cr_expect_eq(r.move_count, 8);
    rh_result_free(&r);
}

/* A 16x16 board with one car of length 2 on each row: the cars never meet, so the component is
 * 15^16 positions, far more than any search gets through before it is cancelled. */
static void build_huge(rh_puzzle *p)
{
    memset(p, 0, sizeof *p);
    p->board_size = 16;
    p->exit_row = 7;
    p->vehicle_count = 16;
    p->target = 7;
    for (int r = 0; r < 16; r++) {
        rh_vehicle *v = &p->vehicles[r];
        snprintf(v->id, sizeof v->id, "%c", r == 7 ? 'X' : 'A' + r);
        v->row = r;
        v->col = r == 7 ? 0 : (r * 5) % 15;
        v->length = 2;
        v->orientation = RH_HORIZONTAL;
    }
}

static atomic_int cross_flag;

static void *cancel_later(void *arg)
{
    (void)arg;
    struct timespec ts = {0, 20 * 1000 * 1000};
    nanosleep(&ts, NULL);
    atomic_store(&cross_flag, 1);
    return NULL;
}

/* The timeout is only a safety net against a search that ignores the flag. */
Test(cancel, from_another_thread, .timeout = 60)
{
    rh_puzzle p;
    build_huge(&p);
    rh_diags d;
    rh_diags_init(&d);
    cr_assert_eq(rh_puzzle_check(&d, &p, NULL, "X"), RH_OK, "the huge board is invalid: %s",
                 d.count ? d.items[0].message : "");

    atomic_store(&cross_flag, 0);
    rh_limits limits = RH_LIMITS_INIT;
    limits.cancel = &cross_flag;
    pthread_t th;
    cr_assert_eq(pthread_create(&th, NULL, cancel_later, NULL), 0);
    rh_explore_result e;
    const int err = rh_explore(&e, &p, &limits);
    pthread_join(th, NULL);
    cr_assert_eq(err, RH_OK);
    cr_expect_eq(atomic_load(&cross_flag), 1);
    cr_expect_eq(e.status, RH_LIMIT_REACHED, "status %s", rh_status_name(e.status));
    cr_expect_eq(e.limit, RH_LIMIT_CANCELLED, "limit %s", rh_limit_name(e.limit));
    cr_expect_gt(e.states, 1);
    cr_expect_gt(e.stats.nodes_expanded, 0);
}

/* ---- budgets that do not bind ---- */

Test(generous, jam01_unchanged)
{
    rh_puzzle p;
    load_ref(&p, "jam40.tsv", "jam01");
    const rh_algorithm algos[] = {RH_ALGO_BFS, RH_ALGO_ASTAR};
    for (size_t a = 0; a < 2; a++) {
        rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
        opt.algorithm = algos[a];
        opt.limits.max_nodes = 1000000;
        opt.limits.max_memory = 64 * MIB;
        opt.limits.deadline_us = rh_clock_us() + 60u * 1000000u;
        rh_result r;
        cr_assert_eq(rh_solve(&r, &p, &opt), RH_OK);
        cr_expect_eq(r.status, RH_SOLVED, "%s: %s (limit %s)", rh_algorithm_name(algos[a]),
                     rh_status_name(r.status), rh_limit_name(r.limit));
        cr_expect_eq(r.limit, RH_LIMIT_NONE);
        cr_expect_eq(r.optimal, 1);
        cr_expect_eq(r.move_count, 8, "%s: %d moves", rh_algorithm_name(algos[a]), r.move_count);
        cr_expect_leq(r.stats.peak_memory, 64 * MIB);
        cr_expect_leq(r.stats.nodes_expanded, 1000000);
        char why[160];
        cr_expect_eq(rh_replay(&p, r.moves, NULL, r.move_count, why, sizeof why), 0, "%s", why);
        rh_result_free(&r);
    }
}

/* ---- start positions that need no search ---- */

Test(corner, already_solved)
{
    rh_puzzle p;
    load_ref(&p, "classic.jsonl", "already-solved");
    cr_assert(rh_puzzle_is_solved(&p));
    for (size_t a = 0; a < 3; a++)
        for (size_t m = 0; m < 2; m++) {
            rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
            opt.algorithm = all_algorithms[a];
            opt.metric = all_metrics[m];
            rh_result r;
            cr_assert_eq(rh_solve(&r, &p, &opt), RH_OK);
            cr_expect_eq(r.status, RH_SOLVED, "%s/%s: %s", rh_algorithm_name(opt.algorithm),
                         rh_metric_name(opt.metric), rh_status_name(r.status));
            cr_expect_eq(r.move_count, 0, "%s/%s: %d moves", rh_algorithm_name(opt.algorithm),
                         rh_metric_name(opt.metric), r.move_count);
            cr_expect_eq(r.slide_count, 0);
            cr_expect_eq(r.algorithm, opt.algorithm);
            cr_expect_eq(r.metric, opt.metric);
            rh_result_free(&r);
        }
}

Test(corner, unsolvable)
{
    const char *names[] = {"blocked-by-wall", "locked-truck"};
    for (size_t k = 0; k < 2; k++) {
        rh_puzzle p;
        load_ref(&p, "classic.jsonl", names[k]);
        for (size_t a = 0; a < 3; a++)
            for (size_t m = 0; m < 2; m++) {
                rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
                opt.algorithm = all_algorithms[a];
                opt.metric = all_metrics[m];
                rh_result r;
                cr_assert_eq(rh_solve(&r, &p, &opt), RH_OK);
                cr_expect_eq(r.status, RH_UNSOLVABLE, "%s %s/%s: %s", names[k],
                             rh_algorithm_name(opt.algorithm), rh_metric_name(opt.metric),
                             rh_status_name(r.status));
                cr_expect_eq(r.limit, RH_LIMIT_NONE);
                cr_expect_eq(r.move_count, 0);
                if (opt.algorithm != RH_ALGO_FAST)
                    cr_expect_eq(r.optimal, 1, "%s %s: unsolvable not marked as proved", names[k],
                                 rh_algorithm_name(opt.algorithm));
                rh_result_free(&r);
            }
    }
}

/* ---- bad arguments ---- */

Test(args, bad_options)
{
    rh_puzzle p;
    load_ref(&p, "jam40.tsv", "jam01");
    rh_result r;
    rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
    opt.algorithm = (rh_algorithm)99;
    cr_expect_eq(rh_solve(&r, &p, &opt), RH_EARG);
    opt.algorithm = RH_ALGO_BFS;
    opt.metric = (rh_metric)99;
    cr_expect_eq(rh_solve(&r, &p, &opt), RH_EARG);
    cr_expect_eq(rh_solve(NULL, &p, NULL), RH_EARG);
    cr_expect_eq(rh_solve(&r, NULL, NULL), RH_EARG);
    /* NULL options are the defaults. */
    cr_assert_eq(rh_solve(&r, &p, NULL), RH_OK);
    cr_expect_eq(r.status, RH_SOLVED);
    cr_expect_eq(r.algorithm, RH_ALGO_BFS);
    cr_expect_eq(r.metric, RH_METRIC_MOVES);
    cr_expect_eq(r.move_count, 8);
    rh_result_free(&r);
    cr_expect_null(r.moves);
    cr_expect_eq(r.move_count, 0);
}
