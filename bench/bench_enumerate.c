/* bench-enumerate: the enumerator's speed on a slice of a space. It prints the counts, the
 * kept clusters' length distribution, the time, configurations per second per core and the
 * peak RSS; it asserts nothing.
 *
 *   bench-enumerate SIZE WALLS_MAX VEHICLES_MAX THREADS [SHARD COUNT] [count]
 *
 * VEHICLES_MAX -1 is no maximum; SHARD COUNT measures one shard of COUNT (a fraction of the
 * run); a trailing "count" only counts the configurations. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "rushhour/rushhour.h"

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: bench-enumerate SIZE WALLS_MAX VEHICLES_MAX THREADS "
                        "[SHARD COUNT] [count]\n");
        return 2;
    }
    rh_enum_options o = RH_ENUM_OPTIONS_INIT;
    o.board_size = atoi(argv[1]);
    o.walls_max = atoi(argv[2]);
    o.vehicles_max = atoi(argv[3]);
    o.threads = atoi(argv[4]);
    int rest = 5;
    if (argc >= 7 && strcmp(argv[5], "count") != 0) {
        o.shard_index = atoi(argv[5]);
        o.shard_count = atoi(argv[6]);
        rest = 7;
    }
    o.count_only = argc > rest && strcmp(argv[rest], "count") == 0;
    rh_enum_stats s;
    const int err = rh_enumerate(&o, &s);
    if (err != RH_OK) {
        fprintf(stderr, "bench-enumerate: %s\n", rh_strerror(err));
        return 1;
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    const double cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
                       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
    const double wall = (double)s.elapsed_us / 1e6;
    printf("space: %dx%d, walls 0-%d, vehicles 1-%d, shard %d/%d, %d threads%s\n", o.board_size,
           o.board_size, o.walls_max, o.vehicles_max, o.shard_index, o.shard_count, o.threads,
           o.count_only ? ", counting only" : "");
    printf("configurations %" PRIu64 "\nclusters %" PRIu64 "\nsolvable %" PRIu64 "\nkept %" PRIu64
           "\nmax moves %d\nlargest cluster %" PRIu64 "\n",
           s.configurations, s.clusters, s.solvable, s.kept, s.max_moves, s.largest_cluster);
    printf("kept by moves:");
    for (int d = 0; d < RH_ENUM_DEPTH_MAX; d++)
        if (s.kept_by_moves[d]) printf(" %d:%" PRIu64, d, s.kept_by_moves[d]);
    printf("\ntime %.2f s wall, %.2f s cpu\n", wall, cpu);
    printf("configurations/s per core (cpu time) %.0f\n", cpu > 0 ? s.configurations / cpu : 0);
    printf("peak rss %ld KiB\n", ru.ru_maxrss);
    return 0;
}
