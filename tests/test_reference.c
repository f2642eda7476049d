/* Every reference puzzle, every optimal algorithm, both metrics: the answers agreed by
 * independent solvers, and every solution replayed by the independent checker. */
#include <criterion/criterion.h>
#include <stdio.h>

#include "reference.h"
#include "replay.h"

static void check_set(const char *file, rh_algorithm algo, rh_metric metric)
{
    rh_ref_set set;
    cr_assert_eq(rh_ref_load(&set, file), 0, "cannot load %s", file);
    cr_assert_gt(set.count, 0);
    for (int k = 0; k < set.count; k++) {
        const rh_ref *ref = &set.items[k];
        rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
        opt.algorithm = algo;
        opt.metric = metric;
        rh_result r;
        cr_assert_eq(rh_solve(&r, &ref->puzzle, &opt), RH_OK);
        if (!ref->solvable) {
            cr_expect_eq(r.status, RH_UNSOLVABLE, "%s: expected unsolvable, got %s", ref->name,
                         rh_status_name(r.status));
            rh_result_free(&r);
            continue;
        }
        cr_expect_eq(r.status, RH_SOLVED, "%s: %s", ref->name, rh_status_name(r.status));
        const int want = metric == RH_METRIC_MOVES ? ref->min_moves : ref->min_slides;
        const int got = metric == RH_METRIC_MOVES ? r.move_count : r.slide_count;
        if (algo == RH_ALGO_FAST) {
            cr_expect_geq(got, want, "%s: fast found %d, below the optimum %d", ref->name, got,
                          want);
            cr_expect_eq(r.optimal, 0);
        } else {
            cr_expect_eq(got, want, "%s (%s, %s): %d, expected %d", ref->name,
                         rh_algorithm_name(algo), rh_metric_name(metric), got, want);
            cr_expect_eq(r.optimal, 1);
        }
        char why[160];
        cr_expect_eq(rh_replay(&ref->puzzle, r.moves, NULL, r.move_count, why, sizeof why), 0,
                     "%s: %s", ref->name, why);
        cr_expect_gt(r.stats.peak_memory, 0);
        cr_expect_leq(r.stats.states_stored, ref->reachable, "%s", ref->name);
        rh_result_free(&r);
    }
    rh_ref_free(&set);
}

#define REFERENCE_TESTS(set, file)                                                                 \
    Test(set, bfs_moves)                                                                           \
    {                                                                                              \
        check_set(file, RH_ALGO_BFS, RH_METRIC_MOVES);                                             \
    }                                                                                              \
    Test(set, bfs_slides)                                                                          \
    {                                                                                              \
        check_set(file, RH_ALGO_BFS, RH_METRIC_SLIDES);                                            \
    }                                                                                              \
    Test(set, astar_moves)                                                                         \
    {                                                                                              \
        check_set(file, RH_ALGO_ASTAR, RH_METRIC_MOVES);                                           \
    }                                                                                              \
    Test(set, astar_slides)                                                                        \
    {                                                                                              \
        check_set(file, RH_ALGO_ASTAR, RH_METRIC_SLIDES);                                          \
    }                                                                                              \
    Test(set, fast_moves)                                                                          \
    {                                                                                              \
        check_set(file, RH_ALGO_FAST, RH_METRIC_MOVES);                                            \
    }                                                                                              \
    Test(set, components)                                                                          \
    {                                                                                              \
        rh_ref_set refs;                                                                           \
        cr_assert_eq(rh_ref_load(&refs, file), 0);                                                 \
        for (int k = 0; k < refs.count; k++) {                                                     \
            rh_explore_result e;                                                                   \
            cr_assert_eq(rh_explore(&e, &refs.items[k].puzzle, NULL), RH_OK);                      \
            cr_expect_eq(e.status, RH_SOLVED);                                                     \
            cr_expect_eq(e.states, refs.items[k].reachable, "%s: %llu states, expected %llu",      \
                         refs.items[k].name, (unsigned long long)e.states,                         \
                         (unsigned long long)refs.items[k].reachable);                             \
            cr_expect_eq(e.goal_states > 0, refs.items[k].solvable, "%s", refs.items[k].name);     \
        }                                                                                          \
        rh_ref_free(&refs);                                                                        \
    }

REFERENCE_TESTS(jam40, "jam40.tsv")
REFERENCE_TESTS(classic, "classic.jsonl")
REFERENCE_TESTS(random, "random.jsonl")

Test(reference, sets_are_complete)
{
    const char *files[] = {"jam40.tsv", "classic.jsonl", "random.jsonl"};
    const int counts[] = {40, 7, 56};
    for (int i = 0; i < 3; i++) {
        rh_ref_set set;
        cr_assert_eq(rh_ref_load(&set, files[i]), 0);
        cr_expect_eq(set.count, counts[i], "%s holds %d puzzles", files[i], set.count);
        rh_ref_free(&set);
    }
}
