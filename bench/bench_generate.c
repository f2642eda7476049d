/* bench-generate: how fast the generator reaches each difficulty on 6x6 boards (default
 * options, 10 to 14 vehicles, no walls), over several seeds. It prints figures; it asserts
 * nothing. Usage: bench-generate [seeds] [seconds per run] [difficulty...] */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "rushhour/rushhour.h"

static int compare_u64(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    const int seeds = argc > 1 ? atoi(argv[1]) : 10;
    const int seconds = argc > 2 ? atoi(argv[2]) : 60;
    static const int default_levels[] = {10, 20, 25, 30, 35, 40, 45};
    const int nlevels = argc > 3 ? argc - 3 : (int)(sizeof default_levels / sizeof(int));
    if (seeds < 1 || seeds > 1000 || seconds < 1) {
        fprintf(stderr, "usage: bench-generate [seeds 1..1000] [seconds per run] [moves...]\n");
        return 2;
    }
    uint64_t *us = calloc((size_t)seeds, sizeof *us);
    if (!us) return 1;
    printf("min moves | reached | median s | worst s | median candidates | median M nodes | "
           "longest found\n");
    printf("--------- | ------- | -------- | ------- | ----------------- | -------------- | "
           "-------------\n");
    for (int l = 0; l < nlevels; l++) {
        const int level = argc > 3 ? atoi(argv[3 + l]) : default_levels[l];
        rh_generate_options g = RH_GENERATE_OPTIONS_INIT;
        g.min_moves = level;
        int reached = 0, longest = 0;
        uint64_t *candidates = calloc((size_t)seeds, sizeof *candidates);
        uint64_t *nodes = calloc((size_t)seeds, sizeof *nodes);
        if (!candidates || !nodes) return 1;
        for (int s = 0; s < seeds; s++) {
            g.seed = (uint64_t)s + 1;
            rh_limits limits = RH_LIMITS_INIT;
            limits.deadline_us = rh_clock_us() + (uint64_t)seconds * 1000000u;
            rh_generated out;
            if (rh_generate(&out, &g, &limits) != RH_OK) {
                fprintf(stderr, "bench: min_moves %d refused or out of memory\n", level);
                return 1;
            }
            reached += out.status == RH_SOLVED;
            us[s] = out.status == RH_SOLVED ? out.stats.elapsed_us : UINT64_MAX;
            candidates[s] = out.candidates;
            nodes[s] = out.stats.nodes_expanded; /* independent of the machine's load */
            if (out.length > longest) longest = out.length;
        }
        qsort(us, (size_t)seeds, sizeof *us, compare_u64);
        qsort(candidates, (size_t)seeds, sizeof *candidates, compare_u64);
        qsort(nodes, (size_t)seeds, sizeof *nodes, compare_u64);
        const uint64_t median = us[seeds / 2], worst = us[seeds - 1];
        printf("%9d | %3d/%-3d | ", level, reached, seeds);
        if (median == UINT64_MAX)
            printf("%8s | ", "-");
        else
            printf("%8.2f | ", (double)median / 1e6);
        if (worst == UINT64_MAX)
            printf("%7s | ", "-");
        else
            printf("%7.2f | ", (double)worst / 1e6);
        printf("%17" PRIu64 " | %14.1f | %d\n", candidates[seeds / 2],
               (double)nodes[seeds / 2] / 1e6, longest);
        fflush(stdout);
        free(candidates);
        free(nodes);
    }
    free(us);
    return 0;
}
