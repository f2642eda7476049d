/* bench-cli: what solving many puzzles costs through the `rushhour` command. The 40 Jams and
 * the random boards of tests/data go as JSON Lines through one `rushhour solve --lines`
 * process (one thread, then one a core), and the 40 Jams as 40 `rushhour solve` processes;
 * bench-solver gives the same sets solved in-process. Each figure is the best of the runs,
 * whole processes from start to exit. The 40 Jams 250 times over (10,000 lines) show the
 * memory a long input takes: the peak stays that of a few lines, as answers wait in a bounded
 * window. It prints figures; it asserts nothing.
 *
 * Usage: bench-cli RUSHHOUR [runs]   the figures (default 10 runs)
 *        bench-cli --write DIR       only write the inputs into DIR (to time whole processes with
 * another tool): jams.jsonl, random.jsonl, jam01.json ... jam40.json, jams250.jsonl */
#define _DEFAULT_SOURCE /* wait4, for the peak memory of each run */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rushhour/clock.h"
#include "reference.h"

#define REPEATS 250 /* jams250.jsonl: the 40 Jams this many times */

extern char **environ;

/* The load averages, for the reader to judge the figures by. */
static void print_load(const char *when)
{
    char load[64] = "unknown\n";
    FILE *f = fopen("/proc/loadavg", "r");
    if (f && !fgets(load, sizeof load, f)) strcpy(load, "unknown\n");
    if (f) fclose(f);
    printf("load average %s: %s", when, load);
}

/* Writes the `count` puzzles of `items` into `path`, one JSON document a line, `times` over. */
static int write_lines(const char *path, const rh_ref *items, int count, int times)
{
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    for (int i = 0; i < count * times; i++) {
        cJSON *doc = rh_report_puzzle(&items[i % count].puzzle);
        char *text = doc ? cJSON_PrintUnformatted(doc) : NULL;
        if (text) fprintf(f, "%s\n", text);
        cJSON_free(text);
        cJSON_Delete(doc);
        if (!text) break;
    }
    return ferror(f) | fclose(f) ? -1 : 0;
}

static int write_inputs(const char *dir, const rh_ref_set *jams, const rh_ref_set *random)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/jams.jsonl", dir);
    int err = write_lines(path, jams->items, jams->count, 1);
    snprintf(path, sizeof path, "%s/random.jsonl", dir);
    err = err ? err : write_lines(path, random->items, random->count, 1);
    snprintf(path, sizeof path, "%s/jams%d.jsonl", dir, REPEATS);
    err = err ? err : write_lines(path, jams->items, jams->count, REPEATS);
    for (int i = 0; !err && i < jams->count; i++) {
        snprintf(path, sizeof path, "%s/jam%02d.json", dir, i + 1);
        err = write_lines(path, &jams->items[i], 1, 1);
    }
    if (err) fprintf(stderr, "bench-cli: cannot write %s: %s\n", path, strerror(errno));
    return err;
}

/* Runs argv to its exit, its output thrown away; returns the microseconds, or 0 on failure,
 * and the peak resident memory in *peak_kib. */
static uint64_t run_us(char *const *argv, long *peak_kib)
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    const uint64_t t0 = rh_clock_us();
    pid_t pid;
    int status = -1;
    struct rusage use = {0};
    if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ) == 0) wait4(pid, &status, 0, &use);
    *peak_kib = use.ru_maxrss;
    const uint64_t us = rh_clock_us() - t0;
    posix_spawn_file_actions_destroy(&fa);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "bench-cli: %s %s %s failed\n", argv[0], argv[1], argv[2]);
        return 0;
    }
    return us;
}

/* The best of `runs` of one `solve --lines` process over `file` with `jobs` threads. */
static void bench_lines(const char *cli, const char *dir, const char *file, const char *jobs,
                        int count, int runs)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    char *argv[] = {(char *)cli, "solve", "--lines", "--jobs", (char *)jobs, path, NULL};
    uint64_t best = UINT64_MAX;
    long peak = 0, kib;
    for (int i = 0; i < runs; i++) {
        const uint64_t us = run_us(argv, &kib);
        if (!us) return;
        best = us < best ? us : best;
        peak = kib > peak ? kib : peak;
    }
    printf("%-14s one process, --jobs %-2s %9.3f ms  %7.3f ms a puzzle  peak %5.1f MiB\n", file,
           jobs, best / 1000.0, best / 1000.0 / count, peak / 1024.0);
}

/* The best of `runs` of `count` `rushhour solve` processes, one a Jam, one after another. */
static void bench_processes(const char *cli, const char *dir, int count, int runs)
{
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < runs; i++) {
        uint64_t total = 0;
        for (int k = 0; k < count; k++) {
            char path[4096];
            snprintf(path, sizeof path, "%s/jam%02d.json", dir, k + 1);
            char *argv[] = {(char *)cli, "solve", path, NULL};
            long kib;
            const uint64_t us = run_us(argv, &kib);
            if (!us) return;
            total += us;
        }
        best = total < best ? total : best;
    }
    printf("jam01..%02d.json %d processes         %9.3f ms  %7.3f ms a puzzle\n", count, count,
           best / 1000.0, best / 1000.0 / count);
}

int main(int argc, char **argv)
{
    if (argc < 2 || (strcmp(argv[1], "--write") == 0 && argc != 3)) {
        fprintf(stderr, "usage: bench-cli RUSHHOUR [runs] | bench-cli --write DIR\n");
        return 2;
    }
    rh_ref_set jams, random;
    if (rh_ref_load(&jams, "jam40.tsv")) return 1;
    if (rh_ref_load(&random, "random.jsonl")) {
        rh_ref_free(&jams);
        return 1;
    }
    int code = 0;
    if (strcmp(argv[1], "--write") == 0) {
        code = write_inputs(argv[2], &jams, &random) ? 1 : 0;
    } else {
        const int runs = argc > 2 && atoi(argv[2]) > 0 ? atoi(argv[2]) : 10;
        char dir[] = "/tmp/bench-cli-XXXXXX";
        if (!mkdtemp(dir) || write_inputs(dir, &jams, &random)) {
            code = 1;
        } else {
            char cores[16];
            snprintf(cores, sizeof cores, "%ld", sysconf(_SC_NPROCESSORS_ONLN));
            printf("rushhour %s through the command line, best of %d runs\n", RH_VERSION, runs);
            print_load("before");
            bench_lines(argv[1], dir, "jams.jsonl", "1", jams.count, runs);
            bench_lines(argv[1], dir, "jams.jsonl", cores, jams.count, runs);
            bench_lines(argv[1], dir, "random.jsonl", "1", random.count, runs);
            bench_lines(argv[1], dir, "random.jsonl", cores, random.count, runs);
            char many[32];
            snprintf(many, sizeof many, "jams%d.jsonl", REPEATS);
            bench_lines(argv[1], dir, many, cores, jams.count * REPEATS, 1);
            bench_processes(argv[1], dir, jams.count, runs);
            print_load("after");
            char rm[64];
            snprintf(rm, sizeof rm, "rm -rf %s", dir);
            code = system(rm) ? 1 : 0;
        }
    }
    rh_ref_free(&jams);
    rh_ref_free(&random);
    return code;
}
