/* bench-table: cluster tables of the largest wall-free 6x6 cluster (541,934 states) and of
 * README's 51-move puzzle's (4,780): states, bytes, the build's wall and CPU time, and how
 * many positions a second rh_table_solve answers in each metric (and rh_table_distance) over
 * positions drawn along a random walk through the cluster, and over the start itself. It prints
 * figures; it asserts nothing. Usage: bench-table [positions] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rushhour/rushhour.h"

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Vehicle i's offset along its line. */
static int offset(const rh_vehicle *v)
{
    return v->orientation == RH_HORIZONTAL ? v->col : v->row;
}

static void set_offset(rh_vehicle *v, int at)
{
    *(v->orientation == RH_HORIZONTAL ? &v->col : &v->row) = at;
}

/* `count` positions along a random walk from `p`, one every 8 legal moves, as every vehicle's
 * offset (p->vehicle_count bytes each). */
static unsigned char *walk(const rh_puzzle *p, size_t count, uint64_t seed)
{
    const int nv = p->vehicle_count;
    unsigned char *out = malloc(count * (size_t)nv);
    if (!out) return NULL;
    rh_puzzle at = *p;
    for (size_t k = 0; k < count; k++) {
        for (int moved = 0; moved < 8;) {
            const uint64_t r = rh_random_next(&seed);
            const int delta = (int)(r >> 32) % (p->board_size - 1) + 1;
            const rh_move m = {(int)(r % (uint64_t)nv), r & (1u << 20) ? delta : -delta};
            moved += rh_puzzle_apply(&at, m) == RH_OK;
        }
        for (int i = 0; i < nv; i++)
            out[k * (size_t)nv + (size_t)i] = (unsigned char)offset(&at.vehicles[i]);
    }
    return out;
}

static void bench(const char *label, const char *board, size_t count)
{
    rh_puzzle p;
    rh_diags d;
    rh_diags_init(&d);
    if (rh_parse_board(&p, &d, board, strlen(board), "board") != RH_OK) {
        fprintf(stderr, "bench-table: %s does not parse\n", board);
        exit(1);
    }
    rh_table *t;
    rh_limit limit;
    rh_stats st;
    const double cpu0 = cpu_seconds();
    const uint64_t t0 = rh_clock_us();
    if (rh_table_build(&t, &limit, &st, &p, NULL) != RH_OK || !t) {
        fprintf(stderr, "bench-table: %s: no table\n", board);
        exit(1);
    }
    const double wall = (double)(rh_clock_us() - t0) / 1e3, cpu = (cpu_seconds() - cpu0) * 1e3;
    const size_t bytes = rh_table_bytes(t);
    const uint64_t states = rh_table_states(t);
    printf("%s (%s)\n", label, board);
    printf("  states %llu, table %zu bytes (%.2f MiB, %.2f bytes a state), build %.1f ms wall, "
           "%.1f ms CPU, peak %.2f MiB\n",
           (unsigned long long)states, bytes, (double)bytes / 1048576.0,
           (double)bytes / (double)states, wall, cpu, (double)st.peak_memory / 1048576.0);
    unsigned char *offsets = walk(&p, count, 27);
    if (!offsets) exit(1);
    const int nv = p.vehicle_count;
    for (int which = 0; which < 3; which++) {
        const rh_metric metric = which == 1 ? RH_METRIC_SLIDES : RH_METRIC_MOVES;
        rh_puzzle at = p;
        long steps = 0;
        const uint64_t s0 = rh_clock_us();
        for (size_t k = 0; k < count; k++) {
            for (int i = 0; i < nv; i++)
                set_offset(&at.vehicles[i], offsets[k * (size_t)nv + (size_t)i]);
            if (which == 2) {
                steps += rh_table_distance(t, &at, metric);
                continue;
            }
            rh_result r;
            if (rh_table_solve(&r, t, &at, metric, RH_ALGO_BFS) != RH_OK) {
                fprintf(stderr, "bench-table: a walked position is not in its table\n");
                exit(1);
            }
            steps += metric == RH_METRIC_MOVES ? r.move_count : r.slide_count;
            rh_result_free(&r);
        }
        const double us = (double)(rh_clock_us() - s0);
        printf("  %-22s %9.0f a second (%.2f us each, %zu positions, optimal length %.1f on "
               "average)\n",
               which == 2 ? "rh_table_distance"
               : which    ? "rh_table_solve slides"
                          : "rh_table_solve moves",
               (double)count / us * 1e6, us / (double)count, count, (double)steps / (double)count);
    }
    /* The start itself, its solution walked whole every time. */
    const uint64_t s0 = rh_clock_us();
    int length = 0;
    for (size_t k = 0; k < count; k++) {
        rh_result r;
        if (rh_table_solve(&r, t, &p, RH_METRIC_MOVES, RH_ALGO_BFS) != RH_OK) exit(1);
        length = r.move_count;
        rh_result_free(&r);
    }
    const double us = (double)(rh_clock_us() - s0);
    printf("  %-22s %9.0f a second (%.2f us each, %d moves)\n", "the start, moves",
           (double)count / us * 1e6, us / (double)count, length);
    free(offsets);
    rh_table_free(t);
}

int main(int argc, char **argv)
{
    const long count = argc > 1 ? atol(argv[1]) : 100000;
    if (count < 1) {
        fprintf(stderr, "usage: bench-table [positions]\n");
        return 2;
    }
    bench("largest wall-free 6x6 cluster, 15 moves", "BB.C...D.CEEFDAAGHFII.GH..JKK.LLJ...",
          (size_t)count);
    bench("README's 51-move puzzle", "BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.", (size_t)count);
    return 0;
}
