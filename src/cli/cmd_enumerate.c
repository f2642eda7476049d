/* rushhour enumerate: runs rh_enumerate over a board space, prints one cluster line per
 * cluster (--clusters FILE|-), stores the kept ones in a puzzle bank (--bank FILE), shows
 * progress on stderr (on a terminal or with --progress) and a summary on stderr at the end.
 * The bank is the run's checkpoint: a run killed at any point and started again with the same
 * options goes on where it was (bank.h, rh_bank_resume), and the cluster lines are then those
 * of the tasks run since.
 *
 *   rushhour enumerate [--size N] [--walls MIN-MAX] [--vehicles MIN-MAX]
 *                      [--metric moves|slides|both] [--shard I/COUNT] [--threads T]
 *                      [--max-memory BYTES] [--clusters FILE|-] [--bank FILE] [--progress]
 *
 * SIGINT or SIGTERM stops the run as a callback would: the tasks at hand are cut short (a bank
 * keeps every task finished before), the summary is printed, and the exit code is 128 plus the
 * signal's number; a second one ends the process at once.
 *
 * Exit codes: 0 done, 1 an I/O failure or out of memory, 2 usage, 130 or 143 stopped by SIGINT
 * or SIGTERM. */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cli.h"
#include "cmd_enumerate.h"
#include "number.h"
#include "rushhour/bank.h"
#include "rushhour/rushhour.h"

static const char usage[] =
    "usage: rushhour enumerate [--size N] [--walls MIN-MAX] [--vehicles MIN-MAX]\n"
    "                          [--metric moves|slides|both] [--shard I/COUNT] [--threads T]\n"
    "                          [--max-memory BYTES] [--clusters FILE|-] [--bank FILE]\n"
    "                          [--progress]\n"
    "A single number is MIN=MAX; --vehicles MIN- has no maximum. Defaults: size 6, walls 0-0,\n"
    "vehicles 1-, metric moves, shard 0/1, threads = cores, max memory 192MiB (of cluster\n"
    "buffers, shared by the threads). The bank is the run's checkpoint: the same\n"
    "command again after an interruption goes on where it was, with any threads and memory.\n"
    "BYTES: " CLI_SIZE_FORM ".\n";

typedef struct {
    rh_enum_options enumerate;
    const char *clusters, *bank_path;
    FILE *out;
    rh_bank *bank; /* the kept clusters go here, when --bank is given */
    int bank_err;  /* the first failure to store one: it stops the run */
    int progress;
    uint64_t *done; /* the tasks an earlier run into the bank finished, increasing */
    size_t done_count, done_allocated;
} cli;

/* The signal that asked the run to stop, or 0: set by the handler, read by the callbacks. */
static atomic_int stop_signal;

static void ask_stop(int signo)
{
    atomic_store(&stop_signal, signo);
}

static int bad_usage(const char *what, const char *arg)
{
    fprintf(stderr, "rushhour enumerate: %s '%s'\n%s", what, arg ? arg : "", usage);
    return CLI_EXIT_INVALID;
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
            return CLI_EXIT_DONE;
        } else if (strcmp(a, "--size") == 0) {
            bad = !v || parse_int(v, strlen(v), &e->board_size);
        } else if (strcmp(a, "--walls") == 0) {
            bad = rh_bank_walls_parse(v, &e->walls_min, &e->walls_max) != RH_OK;
        } else if (strcmp(a, "--vehicles") == 0) {
            bad = parse_range(v, '-', &e->vehicles_min, &e->vehicles_max, 1);
        } else if (strcmp(a, "--shard") == 0) {
            bad = !v || parse_range(v, '/', &e->shard_index, &e->shard_count, 0) || !strchr(v, '/');
        } else if (strcmp(a, "--threads") == 0) {
            bad = !v || parse_int(v, strlen(v), &e->threads);
        } else if (strcmp(a, "--max-memory") == 0) {
            uint64_t bytes = 0;
            bad = !cli_size(v, SIZE_MAX, &bytes) || bytes == 0;
            e->max_memory = (size_t)bytes;
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

/* Marks a task done in the bank: a stop asked meanwhile still keeps it, then stops. */
static int bank_task(const rh_enum_task *t, void *user)
{
    cli *o = user;
    o->bank_err = rh_bank_task_done(o->bank, t);
    return o->bank_err != RH_OK || atomic_load(&stop_signal);
}

static bool skip_task(uint64_t task, void *user)
{
    const cli *o = user;
    return o->done_count &&
           bsearch(&task, o->done, o->done_count, sizeof *o->done, rh_bank_compare_u64);
}

static int add_done(void *ctx, uint64_t task)
{
    cli *o = ctx;
    if (o->done_count == o->done_allocated) {
        const size_t n = o->done_allocated ? 2 * o->done_allocated : 1024;
        uint64_t *grown = realloc(o->done, n * sizeof *grown);
        if (!grown) return RH_ENOMEM;
        o->done = grown;
        o->done_allocated = n;
    }
    o->done[o->done_count++] = task;
    return RH_OK;
}

static int on_cluster(const rh_cluster *c, void *user)
{
    cli *o = user;
    if (atomic_load(&stop_signal) || bank_cluster(c, o)) return 1;
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
    /* Tasks an earlier run did took no time now. */
    const double run = (double)(s->tasks_done - s->tasks_skipped),
                 left = (double)(s->tasks_total - s->tasks_done);
    fprintf(stderr,
            "\rconfigurations %" PRIu64 "  clusters %" PRIu64 "  kept %" PRIu64
            "  %.0f/s (%.0f/s per thread)  %.1f%%  ETA %.0f s   ",
            s->configurations, s->clusters, s->kept, rate, rate / o->enumerate.threads, 100 * done,
            run > 0 ? secs * left / run : 0);
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
            "\nmax moves %d %s\nmax slides %d %s\nlargest cluster %" PRIu64
            " states\ntime %.2f s wall, %.2f s cpu, %d threads\nrate %.0f configurations/s, "
            "%.0f per cpu-second\npeak rss %ld KiB\n",
            s->configurations, s->clusters, s->solvable, s->kept, s->max_moves, s->hardest_moves,
            s->max_slides, s->hardest_slides, s->largest_cluster, secs, cpu, o->enumerate.threads,
            secs > 0 ? (double)s->configurations / secs : 0,
            cpu > 0 ? (double)s->configurations / cpu : 0, ru.ru_maxrss);
    fprintf(stderr,
            "tasks %" PRIu64 " of %" PRIu64 ", %" PRIu64 " of them done by an earlier run\n",
            s->tasks_done, s->tasks_total, s->tasks_skipped);
    fprintf(stderr, "kept by moves:");
    for (int d = 0; d < RH_ENUM_DEPTH_MAX; d++)
        if (s->kept_by_moves[d]) fprintf(stderr, " %d:%" PRIu64, d, s->kept_by_moves[d]);
    fputc('\n', stderr);
}

/* The options that number the tasks and choose the rows, as the bank's meta records them: a
 * bank goes on only with a run of the same. `tasks` names how the walk numbers its tasks: a
 * bank of a run that numbered them otherwise (or said nothing of it) is another run's. The
 * walk of a space with walls once walked the walls too; now it walks the vehicles alone, its
 * clusters with walls in the task of their wall-free one: a new name, so that a bank of the
 * old numbering is not resumed. */
enum { RUN_KEYS = 6, TASKS_KEY = 5 };
#define TASKS_SCHEME "lanes"
#define TASKS_SCHEME_WALLS "vehicle lanes"
typedef struct {
    const char *key[RUN_KEYS];
    char value[RUN_KEYS][32];
    bool seen[RUN_KEYS];
    int clash;       /* the first key whose stored value differs, or -1 */
    char stored[64]; /* its stored value */
} run_meta;

static void describe_run(run_meta *m, const rh_enum_options *e)
{
    static const char *const keys[RUN_KEYS] = {"size",  "walls",  "vehicles",
                                               "shard", "metric", "tasks"};
    memset(m, 0, sizeof *m);
    memcpy(m->key, keys, sizeof keys);
    m->clash = -1;
    snprintf(m->value[0], sizeof m->value[0], "%d", e->board_size);
    snprintf(m->value[1], sizeof m->value[1], "%d-%d", e->walls_min, e->walls_max);
    if (e->vehicles_max == RH_ENUM_NO_MAX)
        snprintf(m->value[2], sizeof m->value[2], "%d-", e->vehicles_min);
    else
        snprintf(m->value[2], sizeof m->value[2], "%d-%d", e->vehicles_min, e->vehicles_max);
    snprintf(m->value[3], sizeof m->value[3], "%d/%d", e->shard_index, e->shard_count);
    snprintf(m->value[4], sizeof m->value[4], "%s", e->slides ? "both" : "moves");
    snprintf(m->value[TASKS_KEY], sizeof m->value[TASKS_KEY], "%s",
             e->walls_max ? TASKS_SCHEME_WALLS : TASKS_SCHEME);
}

static int find_clash(void *ctx, const char *key, const char *value)
{
    run_meta *m = ctx;
    for (int k = 0; k < RUN_KEYS; k++) {
        if (strcmp(key, m->key[k]) != 0) continue;
        m->seen[k] = true;
        if (m->clash < 0 && strcmp(value, m->value[k]) != 0) {
            m->clash = k;
            snprintf(m->stored, sizeof m->stored, "%s", value);
        }
    }
    return RH_OK;
}

/* Opens the bank, checks it holds nothing of another run, records this run's options, and
 * reads the tasks an earlier run of them finished. Returns 0 or an exit code, said on stderr. */
static int start_bank(cli *o)
{
    char why[RH_BANK_WHY_MAX] = "";
    int err = rh_bank_open(&o->bank, o->bank_path, RH_BANK_WRITE, why);
    if (err) {
        fprintf(stderr, "rushhour enumerate: cannot open the bank %s: %s\n", o->bank_path, why);
        return CLI_EXIT_IO;
    }
    run_meta m;
    describe_run(&m, &o->enumerate);
    err = rh_bank_each_meta(o->bank, find_clash, &m);
    if (!err && m.clash < 0 && m.seen[0] && !m.seen[TASKS_KEY]) {
        m.clash = TASKS_KEY; /* a run from before tasks were named */
        snprintf(m.stored, sizeof m.stored, "(none)");
    }
    if (!err && m.clash >= 0) {
        fprintf(stderr,
                "rushhour enumerate: the bank %s holds a run of %s %s, this one is of %s %s: "
                "use another file\n",
                o->bank_path, m.key[m.clash], m.stored, m.key[m.clash], m.value[m.clash]);
        return CLI_EXIT_INVALID;
    }
    for (int k = 0; k < RUN_KEYS && !err; k++)
        err = rh_bank_set_meta(o->bank, m.key[k], m.value[k]);
    if (!err) err = rh_bank_resume(o->bank, add_done, o);
    if (err) {
        rh_bank_why(o->bank, why, sizeof why);
        fprintf(stderr, "rushhour enumerate: the bank %s: %s %s\n", o->bank_path, rh_strerror(err),
                why);
        return CLI_EXIT_IO;
    }
    if (o->done_count)
        fprintf(stderr,
                "rushhour enumerate: resuming the run in %s: %zu tasks were done, the cluster "
                "lines are those of the others\n",
                o->bank_path, o->done_count);
    return 0;
}

/* Sorts the bank's rows in when the run is `complete`, and closes it. Returns RH_OK or the
 * bank's error, said on stderr. */
static int finish_bank(cli *o, bool complete)
{
    if (!o->bank) return RH_OK;
    int err = o->bank_err;
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

int cli_enumerate(int argc, char **argv)
{
    /* From the start: a signal while the bank opens stops the run at its first cluster. */
    struct sigaction stop = {.sa_handler = ask_stop, .sa_flags = SA_RESETHAND};
    sigemptyset(&stop.sa_mask);
    sigaction(SIGINT, &stop, NULL);
    sigaction(SIGTERM, &stop, NULL);
    cli o = {.enumerate = RH_ENUM_OPTIONS_INIT};
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    o.enumerate.threads = cores > 0 ? (int)cores : 1;
    int code = parse_args(&o, argc, argv);
    if (code >= 0) return code;
    if (!rh_enum_options_valid(&o.enumerate))
        return bad_usage("impossible options (size 4-8, MIN <= MAX, I < COUNT, threads >= 1):", "");
    o.progress |= isatty(STDERR_FILENO);
    if (o.clusters) {
        o.out = strcmp(o.clusters, "-") == 0 ? stdout : fopen(o.clusters, "w");
        if (!o.out) {
            fprintf(stderr, "rushhour enumerate: cannot open %s: %s\n", o.clusters,
                    strerror(errno));
            return CLI_EXIT_IO;
        }
    }
    if (o.bank_path && (code = start_bank(&o)) != 0) {
        finish_bank(&o, false);
        free(o.done);
        if (o.out && o.out != stdout) fclose(o.out);
        return code;
    }
    if (o.bank) {
        o.enumerate.on_task = bank_task;
        o.enumerate.skip_task = skip_task;
    }
    o.enumerate.on_cluster = on_cluster;
    o.enumerate.on_progress = o.progress ? print_progress : NULL;
    o.enumerate.user = &o;
    rh_enum_stats stats;
    const int err = rh_enumerate(&o.enumerate, &stats);
    if (o.progress) fputc('\n', stderr);
    int failed = o.out && (fflush(o.out) != 0 || ferror(o.out));
    if (o.out && o.out != stdout) failed |= fclose(o.out) != 0;
    const int banked = finish_bank(&o, err == RH_OK && !stats.stopped);
    free(o.done);
    print_summary(&o, &stats);
    if (err == RH_ENOMEM) {
        fprintf(stderr,
                "rushhour enumerate: %s: a cluster needs more than %zu bytes of buffers (or the "
                "system gave fewer); run again with a larger --max-memory (with --bank, the run "
                "goes on where it stopped)\n",
                rh_strerror(err),
                o.enumerate.max_memory ? o.enumerate.max_memory : RH_ENUM_MEMORY_DEFAULT);
        return CLI_EXIT_IO;
    }
    if (err != RH_OK) {
        fprintf(stderr, "rushhour enumerate: %s\n", rh_strerror(err));
        return CLI_EXIT_IO;
    }
    if (banked != RH_OK) return CLI_EXIT_IO; /* said by finish_bank */
    const int signo = atomic_load(&stop_signal);
    if (signo && stats.stopped && !failed) {
        fprintf(stderr, "rushhour enumerate: stopped by %s%s\n",
                signo == SIGINT ? "SIGINT" : "SIGTERM",
                o.bank_path ? ": the same command goes on where it stopped" : "");
        return 128 + signo;
    }
    if (failed || stats.stopped) {
        fprintf(stderr, "rushhour enumerate: cannot write %s\n", o.clusters);
        return CLI_EXIT_IO;
    }
    return CLI_EXIT_DONE;
}
