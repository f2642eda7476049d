/* bench-solver: the solver's speed and memory figures on the reference puzzles.
 *
 * Each figure is the best of several repetitions (the least disturbed run on a shared
 * machine). It prints figures; it asserts nothing. Usage: bench-solver [repetitions] */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "rushhour/clock.h"
#include "reference.h"

#define MIB (1024.0 * 1024.0)

static uint64_t best_of(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

/* Solves every puzzle of `set` once; returns microseconds, and the moves summed into *moves. */
static uint64_t solve_all(const rh_ref_set *set, rh_algorithm algo, rh_metric metric,
                          uint64_t *expanded, long *moves)
{
    rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
    opt.algorithm = algo;
    opt.metric = metric;
    *expanded = 0;
    *moves = 0;
    const uint64_t t0 = rh_clock_us();
    for (int k = 0; k < set->count; k++) {
        rh_result r;
        const rh_status expected = set->items[k].solvable ? RH_SOLVED : RH_UNSOLVABLE;
        if (rh_solve(&r, &set->items[k].puzzle, &opt) != RH_OK || r.status != expected) {
            fprintf(stderr, "bench: %s not answered as its reference\n", set->items[k].name);
            exit(1);
        }
        *expanded += r.stats.nodes_expanded;
        *moves += metric == RH_METRIC_MOVES ? r.move_count : r.slide_count;
        rh_result_free(&r);
    }
    return rh_clock_us() - t0;
}

static void bench_set(const char *label, const rh_ref_set *set, rh_algorithm algo, rh_metric metric,
                      int reps)
{
    uint64_t best = UINT64_MAX, expanded = 0;
    long moves = 0;
    for (int i = 0; i < reps; i++)
        best = best_of(best, solve_all(set, algo, metric, &expanded, &moves));
    printf("%-34s %-6s %-7s %9.3f ms  %9" PRIu64 " expanded  %6ld %s in total\n", label,
           rh_algorithm_name(algo), rh_metric_name(metric), best / 1000.0, expanded, moves,
           rh_metric_name(metric));
}

static void bench_explore(const char *label, const rh_puzzle *p, size_t cap, int reps)
{
    rh_limits limits = RH_LIMITS_INIT;
    limits.max_memory = cap;
    uint64_t best = UINT64_MAX;
    rh_explore_result e = {0};
    for (int i = 0; i < reps; i++) {
        rh_explore(&e, p, &limits);
        best = best_of(best, e.stats.elapsed_us);
    }
    printf("%-34s explore %10" PRIu64 " states  %8.3f ms  %6.2f M states/s  peak %6.2f MiB"
           "  %5.1f B/state%s\n",
           label, e.states, best / 1000.0, best ? e.states / (double)best : 0.0,
           e.stats.peak_memory / MIB, e.stats.peak_memory / (double)(e.states ? e.states : 1),
           e.status == RH_SOLVED ? "" : "  LIMIT REACHED");
}

static void bench_one(const char *label, const rh_puzzle *p, rh_algorithm algo, rh_metric metric,
                      int reps)
{
    rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
    opt.algorithm = algo;
    opt.metric = metric;
    uint64_t best = UINT64_MAX;
    rh_result r = {0};
    for (int i = 0; i < reps; i++) {
        rh_result_free(&r);
        rh_solve(&r, p, &opt);
        best = best_of(best, r.stats.elapsed_us);
    }
    printf("%-34s %-6s %-7s %9.3f ms  %9" PRIu64 " expanded  %d moves, %d slides, peak %.2f MiB\n",
           label, rh_algorithm_name(algo), rh_metric_name(metric), best / 1000.0,
           r.stats.nodes_expanded, r.move_count, r.slide_count, r.stats.peak_memory / MIB);
    rh_result_free(&r);
}

int main(int argc, char **argv)
{
    const int reps = argc > 1 ? atoi(argv[1]) : 20;
    rh_ref_set jams, classic, random;
    if (rh_ref_load(&jams, "jam40.tsv") || rh_ref_load(&classic, "classic.jsonl") ||
        rh_ref_load(&random, "random.jsonl"))
        return 1;
    const rh_ref *hard93 = rh_ref_find(&classic, "hardest-93-slides");
    const rh_ref *hard51 = rh_ref_find(&classic, "hardest-51-moves");
    const rh_ref *cluster = rh_ref_find(&classic, "big-cluster-541934");
    if (!hard93 || !hard51 || !cluster) return 1;

    printf("rushhour %s solver benchmark, best of %d runs, one thread\n\n", RH_VERSION, reps);
    const rh_algorithm algos[] = {RH_ALGO_BFS, RH_ALGO_ASTAR};
    for (int a = 0; a < 2; a++) {
        bench_set("40 Jam levels, all of them", &jams, algos[a], RH_METRIC_MOVES, reps);
        bench_set("40 Jam levels, all of them", &jams, algos[a], RH_METRIC_SLIDES, reps);
    }
    bench_set("40 Jam levels, all of them", &jams, RH_ALGO_FAST, RH_METRIC_MOVES, reps);
    bench_set("the random boards, all of them", &random, RH_ALGO_BFS, RH_METRIC_MOVES, reps);
    printf("\n");
    for (int a = 0; a < 2; a++) {
        bench_one("hardest by slides (93)", &hard93->puzzle, algos[a], RH_METRIC_SLIDES, reps);
        bench_one("hardest by slides (93)", &hard93->puzzle, algos[a], RH_METRIC_MOVES, reps);
        bench_one("hardest by moves (51)", &hard51->puzzle, algos[a], RH_METRIC_MOVES, reps);
        bench_one("541,934-state cluster (15)", &cluster->puzzle, algos[a], RH_METRIC_MOVES, reps);
    }
    printf("\n");
    bench_explore("hardest by slides (93)", &hard93->puzzle, 0, reps);
    bench_explore("541,934-state cluster", &cluster->puzzle, 0, reps);
    bench_explore("541,934-state cluster, 16 MiB cap", &cluster->puzzle, 16u << 20, reps);
    rh_ref_free(&jams);
    rh_ref_free(&classic);
    rh_ref_free(&random);
    return 0;
}
