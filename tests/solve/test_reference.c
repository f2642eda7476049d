/* Every reference puzzle, every optimal algorithm, both metrics: the answers agreed by
 * independent solvers, and every solution replayed by the independent checker. The Jams are
 * solved again inside larger boards, whose answers follow from theirs. */
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

/* `p` in the top-left corner of a size x size board. Everything outside its own square is
 * blocked but the exit row's way out: by walls, or below the square (`parked`) by rows of cars
 * with no room to move, which make keys of several words. The target drives size - n cells
 * further on its last move: the fewest moves stay the same, the fewest slides grow by that. */
static void embed(rh_puzzle *out, const rh_puzzle *p, int size, bool parked)
{
    const int n = p->board_size;
    *out = *p;
    out->board_size = size;
    for (int r = 0; r < size; r++) {
        for (int c = 0; c < size; c++) {
            if ((r < n && c < n) || r == p->exit_row) continue;
            if (parked && r >= n && c + 1 < size) {
                rh_vehicle *v = &out->vehicles[out->vehicle_count++];
                *v = (rh_vehicle){.row = r, .col = c, .length = 2, .orientation = RH_HORIZONTAL};
                snprintf(v->id, sizeof v->id, "p%d", out->vehicle_count);
                c++;
                continue;
            }
            out->walls[out->wall_count++] = (rh_cell){r, c};
        }
    }
}

static void check_embedded(int size, bool parked, int every, rh_algorithm algo, rh_metric metric)
{
    rh_ref_set set;
    cr_assert_eq(rh_ref_load(&set, "jam40.tsv"), 0);
    for (int k = 0; k < set.count; k += every) {
        const rh_ref *ref = &set.items[k];
        rh_puzzle big;
        embed(&big, &ref->puzzle, size, parked);
        rh_diags d = {0};
        cr_assert_eq(rh_puzzle_check(&d, &big, NULL, "x"), RH_OK, "%s in %dx%d: %s", ref->name,
                     size, size, d.count ? d.items[0].message : "");
        rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
        opt.algorithm = algo;
        opt.metric = metric;
        rh_result r;
        cr_assert_eq(rh_solve(&r, &big, &opt), RH_OK);
        cr_assert_eq(r.status, RH_SOLVED, "%s in %dx%d: %s", ref->name, size, size,
                     rh_status_name(r.status));
        const int want = metric == RH_METRIC_MOVES
                             ? ref->min_moves
                             : ref->min_slides + size - ref->puzzle.board_size;
        const int got = metric == RH_METRIC_MOVES ? r.move_count : r.slide_count;
        cr_expect_eq(got, want, "%s in %dx%d (%s, %s): %d, expected %d", ref->name, size, size,
                     rh_algorithm_name(algo), rh_metric_name(metric), got, want);
        char why[160];
        cr_expect_eq(rh_replay(&big, r.moves, NULL, r.move_count, why, sizeof why), 0, "%s: %s",
                     ref->name, why);
        rh_result_free(&r);
    }
    rh_ref_free(&set);
}

Test(large_boards, jams_in_10x10_walls)
{
    check_embedded(10, false, 1, RH_ALGO_BFS, RH_METRIC_MOVES);
    check_embedded(10, false, 1, RH_ALGO_BFS, RH_METRIC_SLIDES);
    check_embedded(10, false, 3, RH_ALGO_ASTAR, RH_METRIC_MOVES);
}

Test(large_boards, jams_in_16x16_parked_cars)
{
    check_embedded(16, true, 4, RH_ALGO_BFS, RH_METRIC_MOVES);
    check_embedded(16, true, 4, RH_ALGO_BFS, RH_METRIC_SLIDES);
    check_embedded(16, true, 8, RH_ALGO_ASTAR, RH_METRIC_SLIDES);
}
