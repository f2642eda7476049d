/* rushhour enumerate: runs rh_enumerate over a board space, prints one cluster line per
 * cluster (--clusters FILE|-), stores the kept ones in a puzzle bank (--bank FILE), shows
 * progress on stderr (on a terminal or with --progress) and a summary on stderr at the end.
 *
 *   rushhour enumerate [--size N] [--walls MIN-MAX] [--vehicles MIN-MAX]
 *                      [--metric moves|slides|both] [--shard I/COUNT] [--threads T]
 *                      [--clusters FILE|-] [--bank FILE] [--progress]
 *
 * Exit codes: 0 done, 1 an I/O failure or out of memory, 2 usage. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "enumerate.h"
#include "rushhour/bank.h"
#include "rushhour/rushhour.h"

static const char usage[] =
    "usage: rushhour enumerate [--size N] [--walls MIN-MAX] [--vehicles MIN-MAX]\n"
    "                          [--metric moves|slides|both] [--shard I/COUNT] [--threads T]\n"
    "                          [--clusters FILE|-] [--bank FILE] [--progress]\n"
    "A single number is MIN=MAX; --vehicles MIN- has no maximum. Defaults: size 6, walls 0-0,\n"
    "vehicles 1-, metric moves, shard 0/1, threads = cores.\n";

typedef struct {
    rh_enum_options enumerate;
    const char *clusters, *bank_path;
    FILE *out;
    rh_bank *bank; /* the kept clusters go here, when --bank is given */
    int bank_err;  /* the first failure to store one: it stops the run */
    int progress;
} cli;

static int bad_usage(const char *what, const char *arg)
{
    fprintf(stderr, "rushhour enumerate: %s '%s'\n%s", what, arg ? arg : "", usage);
    return 2;
}

/* A non-negative int from all of s[0..len). */
static int parse_int(const char *s, size_t len, int *out)
{
    if (len == 0 || len > 9) return -1;
    int v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return -1;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return 0;
}

/* "N", "MIN-MAX" or, with `open_max` set, "MIN-" (*max = RH_ENUM_NO_MAX). */
static int parse_range(const char *s, char sep, int *min, int *max, int open_max)
{
    if (!s) return -1;
    const char *dash = strchr(s, sep);
    if (!dash) return parse_int(s, strlen(s), min) || (*max = *min, 0);
    if (parse_int(s, (size_t)(dash - s), min)) return -1;
    if (!dash[1] && open_max) {
        *max = RH_ENUM_NO_MAX;
        return 0;
    }
    return parse_int(dash + 1, strlen(dash + 1), max);
}

static int parse_args(cli *o, int argc, char **argv)
{
    rh_enum_options *e = &o->enumerate;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int bad = 0;
        if (strcmp(a, "--progress") == 0) {
            o->progress = 1;
            continue;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(usage, stdout);
            return 0;
        } else if (strcmp(a, "--size") == 0) {
            bad = !v || parse_int(v, strlen(v), &e->board_size);
        } else if (strcmp(a, "--walls") == 0) {
            bad = parse_range(v, '-', &e->walls_min, &e->walls_max, 0);
        } else if (strcmp(a, "--vehicles") == 0) {
            bad = parse_range(v, '-', &e->vehicles_min, &e->vehicles_max, 1);
        } else if (strcmp(a, "--shard") == 0) {
            bad = !v || parse_range(v, '/', &e->shard_index, &e->shard_count, 0) || !strchr(v, '/');
        } else if (strcmp(a, "--threads") == 0) {
            bad = !v || parse_int(v, strlen(v), &e->threads);
        } else if (strcmp(a, "--metric") == 0) {
            bad = !v ||
                  (strcmp(v, "moves") != 0 && strcmp(v, "slides") != 0 && strcmp(v, "both") != 0);
            e->slides = !bad && strcmp(v, "moves") != 0;
        } else if (strcmp(a, "--clusters") == 0) {
            bad = !v;
            o->clusters = v;
        } else if (strcmp(a, "--bank") == 0) {
            bad = !v;
            o->bank_path = v;
        } else {
            return bad_usage("unknown option", a);
        }
        if (bad) return bad_usage(a, v);
        i++;
    }
    return -1;
}

/* Stores a kept cluster in the bank (which drops the others but counts them). */
static int bank_cluster(const rh_cluster *c, cli *o)
{
    if (o->bank) o->bank_err = rh_bank_add(o->bank, c);
    return o->bank_err != RH_OK;
}

static int on_cluster(const rh_cluster *c, void *user)
{
    cli *o = user;
    if (bank_cluster(c, o)) return 1;
    FILE *f = o->out;
    if (!f) return 0;
    fprintf(f, "%" PRIx64 " %" PRIx64 " states=%" PRIu64 " goals=%" PRIu64 " moves=%d slides=%d",
            c->canonical_h, c->canonical_v, c->states, c->goal_states, c->moves, c->slides);
    fprintf(f, " hardest=%s minimal=%d vehicles=%d walls=%d hist=", c->moves < 0 ? "-" : c->hardest,
            c->minimal, c->vehicles, c->walls);
    if (c->moves < 0) fputc('-', f);
    for (int d = 0; d <= c->moves && d < RH_ENUM_DEPTH_MAX; d++)
        fprintf(f, "%s%" PRIu64, d ? "," : "", c->hist[d]);
    fputc('\n', f);
    return ferror(f) != 0;
}

static void print_progress(const rh_enum_stats *s, void *user)
{
    const cli *o = user;
    const double secs = (double)s->elapsed_us / 1e6,
                 rate = secs > 0 ? (double)s->configurations / secs : 0;
    const double done = s->tasks_total ? (double)s->tasks_done / (double)s->tasks_total : 0;
    fprintf(stderr,
            "\rconfigurations %" PRIu64 "  clusters %" PRIu64 "  kept %" PRIu64
            "  %.0f/s (%.0f/s per thread)  %.1f%%  ETA %.0f s   ",
            s->configurations, s->clusters, s->kept, rate, rate / o->enumerate.threads, 100 * done,
            done > 0 ? secs * (1 - done) / done : 0);
}

static void print_summary(const cli *o, const rh_enum_stats *s)
{
    const double secs = (double)s->elapsed_us / 1e6;
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    const double cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
                       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
    fprintf(stderr,
            "configurations %" PRIu64 "\nclusters %" PRIu64 "\nsolvable %" PRIu64 "\nkept %" PRIu64
            "\nmax moves %d\nmax slides %d\nlargest cluster %" PRIu64
            " states\ntime %.2f s wall, %.2f s cpu, %d threads\nrate %.0f configurations/s, "
            "%.0f per cpu-second\npeak rss %ld KiB\n",
            s->configurations, s->clusters, s->solvable, s->kept, s->max_moves, s->max_slides,
            s->largest_cluster, secs, cpu, o->enumerate.threads,
            secs > 0 ? (double)s->configurations / secs : 0,
            cpu > 0 ? (double)s->configurations / cpu : 0, ru.ru_maxrss);
    fprintf(stderr, "kept by moves:");
    for (int d = 0; d < RH_ENUM_DEPTH_MAX; d++)
        if (s->kept_by_moves[d]) fprintf(stderr, " %d:%" PRIu64, d, s->kept_by_moves[d]);
    fputc('\n', stderr);
}

/* Records the run's parameters and totals in the bank, sorts its rows in when the run is
 * `complete`, and closes it. Returns RH_OK or the bank's error, said on stderr. */
static int finish_bank(cli *o, const rh_enum_stats *s, bool complete)
{
    if (!o->bank) return RH_OK;
    const rh_enum_options *e = &o->enumerate;
    char walls[32], vehicles[32], shard[32], configurations[32];
    snprintf(walls, sizeof walls, "%d-%d", e->walls_min, e->walls_max);
    if (e->vehicles_max == RH_ENUM_NO_MAX)
        snprintf(vehicles, sizeof vehicles, "%d-", e->vehicles_min);
    else
        snprintf(vehicles, sizeof vehicles, "%d-%d", e->vehicles_min, e->vehicles_max);
    snprintf(shard, sizeof shard, "%d/%d", e->shard_index, e->shard_count);
    snprintf(configurations, sizeof configurations, "%" PRIu64, s->configurations);
    int err = o->bank_err;
    const char *const meta[][2] = {{"walls", walls},
                                   {"vehicles", vehicles},
                                   {"shard", shard},
                                   {"metric", e->slides ? "both" : "moves"},
                                   {"total.configurations", configurations}};
    for (size_t k = 0; k < sizeof meta / sizeof meta[0] && err == RH_OK; k++)
        err = rh_bank_set_meta(o->bank, meta[k][0], meta[k][1]);
    if (err == RH_OK && complete) err = rh_bank_finish(o->bank);
    char why[RH_BANK_WHY_MAX] = "";
    if (err != RH_OK) rh_bank_why(o->bank, why, sizeof why);
    const int closed = rh_bank_close(o->bank);
    o->bank = NULL;
    if (err == RH_OK) err = closed;
    if (err != RH_OK)
        fprintf(stderr, "rushhour enumerate: the bank %s: %s %s\n", o->bank_path, rh_strerror(err),
                why);
    return err;
}

int rh_cli_enumerate(int argc, char **argv)
{
    cli o = {.enumerate = RH_ENUM_OPTIONS_INIT};
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    o.enumerate.threads = cores > 0 ? (int)cores : 1;
    int code = parse_args(&o, argc, argv);
    if (code >= 0) return code;
    o.progress |= isatty(STDERR_FILENO);
    if (o.clusters) {
        o.out = strcmp(o.clusters, "-") == 0 ? stdout : fopen(o.clusters, "w");
        if (!o.out) {
            fprintf(stderr, "rushhour enumerate: cannot open %s: %s\n", o.clusters,
                    strerror(errno));
            return 1;
        }
    }
    char why[RH_BANK_WHY_MAX] = "";
    if (o.bank_path && rh_bank_open(&o.bank, o.bank_path, RH_BANK_WRITE, why) != RH_OK) {
        fprintf(stderr, "rushhour enumerate: cannot open the bank %s: %s\n", o.bank_path, why);
        if (o.out && o.out != stdout) fclose(o.out);
        return 1;
    }
    o.enumerate.on_cluster = on_cluster;
    o.enumerate.on_progress = o.progress ? print_progress : NULL;
    o.enumerate.user = &o;
    rh_enum_stats stats;
    const int err = rh_enumerate(&o.enumerate, &stats);
    if (o.progress) fputc('\n', stderr);
    int failed = o.out && (fflush(o.out) != 0 || ferror(o.out));
    if (o.out && o.out != stdout) failed |= fclose(o.out) != 0;
    const int banked = finish_bank(&o, &stats, err == RH_OK && !stats.stopped);
    if (err == RH_EARG)
        return bad_usage("impossible options (size 4-8, MIN <= MAX, I < COUNT, threads >= 1):", "");
    print_summary(&o, &stats);
    if (err != RH_OK) {
        fprintf(stderr, "rushhour enumerate: %s\n", rh_strerror(err));
        return 1;
    }
    if (banked != RH_OK) return 1; /* said by finish_bank */
    if (failed || stats.stopped) {
        fprintf(stderr, "rushhour enumerate: cannot write %s\n", o.clusters);
        return 1;
    }
    return 0;
}
