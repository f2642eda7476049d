/* The process-wide Prometheus registry. Every series is a fixed slot of relaxed atomics, so
 * updates from HTTP and worker threads never lock; rendering reads them one by one, which is
 * all a scrape needs (no cross-series snapshot). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"
#include "rushhour/search.h"
#include "process_stats.h"

enum { METHOD_GET, METHOD_POST, METHOD_HEAD, METHOD_OPTIONS, METHOD_OTHER, METHOD_COUNT };
static const char *const method_names[METHOD_COUNT] = {"GET", "POST", "HEAD", "OPTIONS", "OTHER"};

/* Every status 100..599 has its own slot, so any code is counted exactly without a lock;
 * the last slot takes whatever is outside that range. */
#define CODE_FIRST 100
#define CODE_LAST 599
#define CODE_SLOTS (CODE_LAST - CODE_FIRST + 2)

/* Every algorithm of rushhour/search.h, named by rh_algorithm_name. */
#define ALGO_COUNT (RH_ALGO_FAST + 1)

static const char *const reject_names[RHD_REJECT_COUNT] = {"queue_full", "shutting_down",
                                                           "body_too_large", "invalid"};
static const char *const refusal_names[RHD_BUILD_REFUSED_COUNT] = {"budget", "failed_lately",
                                                                   "queue_full"};

/* Bucket bounds in the unit the value is kept in, and as the `le` label shows them. */
typedef struct {
    const uint64_t *bounds;
    const char *const *labels;
    size_t count; /* finite buckets; +Inf follows */
} buckets;

static const uint64_t duration_bounds_us[] = {100,     250,     500,     1000,     2500,    5000,
                                              10000,   25000,   50000,   100000,   250000,  500000,
                                              1000000, 2500000, 5000000, 10000000, 30000000};
static const char *const duration_labels[] = {
    "0.0001", "0.00025", "0.0005", "0.001", "0.0025", "0.005", "0.01", "0.025", "0.05",
    "0.1",    "0.25",    "0.5",    "1",     "2.5",    "5",     "10",   "30"};
static const buckets duration_buckets = {duration_bounds_us, duration_labels,
                                         sizeof duration_bounds_us / sizeof duration_bounds_us[0]};

static const uint64_t node_bounds[] = {10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
static const char *const node_labels[] = {"10",     "100",     "1000",     "10000",
                                          "100000", "1000000", "10000000", "100000000"};
static const buckets node_buckets = {node_bounds, node_labels,
                                     sizeof node_bounds / sizeof node_bounds[0]};

#define BUCKETS_MAX 17

/* Counts per bucket, not cumulative: one increment per observation. The count is the sum of
 * the buckets, so the rendered _count always equals the +Inf bucket. */
typedef struct {
    atomic_uint_fast64_t bucket[BUCKETS_MAX + 1];
    atomic_uint_fast64_t sum; /* microseconds, or nodes */
} histogram;

/* The routes' labels, set once before any request is counted (rhd_metrics_routes). */
static const char *route_labels[RHD_METRICS_ROUTES_MAX] = {"other"};
static int route_count = 1;

static struct {
    atomic_uint_fast64_t requests[RHD_METRICS_ROUTES_MAX][METHOD_COUNT][CODE_SLOTS];
    histogram request_duration[RHD_METRICS_ROUTES_MAX];
    histogram search_duration[ALGO_COUNT];
    histogram search_nodes;
    histogram analysis_duration, generation_duration;
    atomic_int_fast64_t queue_depth, in_flight;
    atomic_uint_fast64_t rejected[RHD_REJECT_COUNT];
    atomic_uint_fast64_t abandoned[2]; /* dropped while queued, cancelled while running */
    atomic_uint_fast64_t cache[2];     /* misses, hits */
    atomic_uint_fast64_t table_events[RHD_TABLE_FREED]; /* every event but the last */
    atomic_uint_fast64_t builds_refused[RHD_BUILD_REFUSED_COUNT];
    atomic_int_fast64_t tables, table_bytes;
    atomic_uint_fast64_t analyses[2];  /* stopped by a budget, complete */
    atomic_uint_fast64_t generated[2]; /* stopped by a budget, found */
    atomic_uint_fast64_t bank_answers;
    atomic_uint_fast64_t timeouts[2]; /* header, body */
    atomic_uint_fast64_t refused;
} registry;

static void add(atomic_uint_fast64_t *c, uint64_t v)
{
    atomic_fetch_add_explicit(c, v, memory_order_relaxed);
}

static uint64_t get(atomic_uint_fast64_t *c)
{
    return atomic_load_explicit(c, memory_order_relaxed);
}

static void zero(atomic_uint_fast64_t *c, size_t n)
{
    for (size_t k = 0; k < n; k++) atomic_store_explicit(&c[k], 0, memory_order_relaxed);
}

static void zero_histogram(histogram *h)
{
    zero(h->bucket, BUCKETS_MAX + 1);
    zero(&h->sum, 1);
}

void rhd_metrics_reset(void)
{
    zero(&registry.requests[0][0][0], sizeof registry.requests / sizeof registry.requests[0][0][0]);
    for (int r = 0; r < RHD_METRICS_ROUTES_MAX; r++) zero_histogram(&registry.request_duration[r]);
    for (int a = 0; a < ALGO_COUNT; a++) zero_histogram(&registry.search_duration[a]);
    zero_histogram(&registry.search_nodes);
    atomic_store_explicit(&registry.queue_depth, 0, memory_order_relaxed);
    atomic_store_explicit(&registry.in_flight, 0, memory_order_relaxed);
    zero(registry.rejected, RHD_REJECT_COUNT);
    zero(registry.abandoned, 2);
    zero(registry.cache, 2);
    zero(registry.table_events, RHD_TABLE_FREED);
    zero(registry.builds_refused, RHD_BUILD_REFUSED_COUNT);
    atomic_store_explicit(&registry.tables, 0, memory_order_relaxed);
    atomic_store_explicit(&registry.table_bytes, 0, memory_order_relaxed);
    zero(registry.analyses, 2);
    zero(registry.generated, 2);
    zero(&registry.bank_answers, 1);
    zero(registry.timeouts, 2);
    zero(&registry.refused, 1);
}

void rhd_metrics_routes(const char *const *labels, int count)
{
    if (count < 1 || count > RHD_METRICS_ROUTES_MAX) return;
    for (int k = 0; k < count; k++) route_labels[k] = labels[k];
    route_count = count;
}

static void observe(histogram *h, const buckets *b, uint64_t v)
{
    size_t k = 0;
    while (k < b->count && v > b->bounds[k]) k++;
    add(&h->bucket[k], 1);
    add(&h->sum, v);
}

/* Methods are case-sensitive (RFC 9110), so "get" is not GET. */
static int method_index(const char *method)
{
    for (int m = 0; method && m < METHOD_OTHER; m++)
        if (strcmp(method, method_names[m]) == 0) return m;
    return METHOD_OTHER;
}

void rhd_metrics_request(int route, const char *method, int status, uint64_t duration_us)
{
    if (route < 0 || route >= route_count) route = route_count - 1;
    const int code =
        status >= CODE_FIRST && status <= CODE_LAST ? status - CODE_FIRST : CODE_SLOTS - 1;
    add(&registry.requests[route][method_index(method)][code], 1);
    observe(&registry.request_duration[route], &duration_buckets, duration_us);
}

void rhd_metrics_search(rh_algorithm a, uint64_t duration_us, uint64_t nodes_expanded)
{
    if ((unsigned)a >= ALGO_COUNT) return; /* not a search the service runs */
    observe(&registry.search_duration[a], &duration_buckets, duration_us);
    observe(&registry.search_nodes, &node_buckets, nodes_expanded);
}

/* One more in slot `k` of an event's counter of `n` slots; a slot out of range is not counted. */
static void count(atomic_uint_fast64_t *slots, size_t n, unsigned k)
{
    if (k < n) add(&slots[k], 1);
}

/* The functions of the counters by outcome or reason differ only in the type they take and the
 * series they count in, which C writes once only as a macro. */
#define COUNTER(function, type, slot, series)                                                      \
    void function(type slot)                                                                       \
    {                                                                                              \
        count(registry.series, sizeof registry.series / sizeof registry.series[0],                 \
              (unsigned)(slot));                                                                   \
    }

COUNTER(rhd_metrics_cache, bool, hit, cache)
COUNTER(rhd_metrics_build_refused, rhd_build_refusal, why, builds_refused)
COUNTER(rhd_metrics_abandoned, bool, started, abandoned)
COUNTER(rhd_metrics_rejected, rhd_reject_reason, reason, rejected)
COUNTER(rhd_metrics_timeout, bool, body, timeouts)

void rhd_metrics_table(rhd_table_event event, size_t bytes)
{
    if ((unsigned)event >= RHD_TABLE_EVENT_COUNT) return;
    if (event != RHD_TABLE_FREED) add(&registry.table_events[event], 1);
    /* A table kept is held from then on; one evicted or freed is not. */
    const int held = event == RHD_TABLE_BUILD_KEPT ? 1 : event >= RHD_TABLE_EVICTED ? -1 : 0;
    if (!held) return;
    atomic_fetch_add_explicit(&registry.tables, held, memory_order_relaxed);
    atomic_fetch_add_explicit(&registry.table_bytes, held * (int64_t)bytes, memory_order_relaxed);
}

void rhd_metrics_analysis(bool complete, uint64_t duration_us)
{
    add(&registry.analyses[complete], 1);
    observe(&registry.analysis_duration, &duration_buckets, duration_us);
}

void rhd_metrics_generated(bool found, uint64_t duration_us)
{
    add(&registry.generated[found], 1);
    observe(&registry.generation_duration, &duration_buckets, duration_us);
}

void rhd_metrics_bank_answer(void)
{
    add(&registry.bank_answers, 1);
}

void rhd_metrics_refused(void)
{
    add(&registry.refused, 1);
}

void rhd_metrics_queue_depth_add(int delta)
{
    atomic_fetch_add_explicit(&registry.queue_depth, delta, memory_order_relaxed);
}

void rhd_metrics_in_flight_add(int delta)
{
    atomic_fetch_add_explicit(&registry.in_flight, delta, memory_order_relaxed);
}

/* ---- rendering ---- */

typedef struct {
    char *text;
    size_t used, cap;
    bool failed;
} out_buf;

__attribute__((format(printf, 2, 3))) static void put(out_buf *o, const char *fmt, ...)
{
    if (o->failed) return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        const int n = vsnprintf(o->text + o->used, o->cap - o->used, fmt, ap);
        va_end(ap);
        if (n < 0) {
            o->failed = true;
            return;
        }
        if ((size_t)n < o->cap - o->used) {
            o->used += (size_t)n;
            return;
        }
        size_t cap = o->cap * 2;
        while (cap - o->used <= (size_t)n) cap *= 2;
        char *grown = realloc(o->text, cap);
        if (!grown) {
            o->failed = true;
            return;
        }
        o->text = grown;
        o->cap = cap;
    }
}

static void header(out_buf *o, const char *name, const char *type, const char *help)
{
    put(o, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

/* A counter of two outcomes, `c[1]` labelled `yes` and `c[0]` labelled `no`. */
/* A counter by reason: `counts[k]` labelled `names[k]`. */
static void put_reasons(out_buf *o, const char *name, const char *help, const char *const *names,
                        atomic_uint_fast64_t *counts, int n)
{
    header(o, name, "counter", help);
    for (int k = 0; k < n; k++)
        put(o, "%s{reason=\"%s\"} %" PRIu64 "\n", name, names[k], get(&counts[k]));
}

static void put_outcomes(out_buf *o, const char *name, const char *help, const char *yes,
                         const char *no, atomic_uint_fast64_t c[2])
{
    header(o, name, "counter", help);
    put(o, "%s{result=\"%s\"} %" PRIu64 "\n", name, yes, get(&c[1]));
    put(o, "%s{result=\"%s\"} %" PRIu64 "\n", name, no, get(&c[0]));
}

/* One histogram series; `label` is `name="value",` or "" for none. Durations are kept in
 * microseconds and shown in seconds, printed from integers so no digit is lost. */
static void put_histogram(out_buf *o, const char *name, const char *label, histogram *h,
                          const buckets *b, bool micros)
{
    uint64_t total = 0;
    for (size_t k = 0; k <= b->count; k++) {
        total += get(&h->bucket[k]);
        put(o, "%s_bucket{%sle=\"%s\"} %" PRIu64 "\n", name, label,
            k < b->count ? b->labels[k] : "+Inf", total);
    }
    /* Without a label the trailing comma goes, and so do the braces. */
    const size_t llen = strlen(label);
    const int shown = llen ? (int)llen - 1 : 0;
    const char *open = llen ? "{" : "", *close = llen ? "}" : "";
    const uint64_t sum = get(&h->sum);
    if (micros)
        put(o, "%s_sum%s%.*s%s %" PRIu64 ".%06" PRIu64 "\n", name, open, shown, label, close,
            sum / 1000000, sum % 1000000);
    else
        put(o, "%s_sum%s%.*s%s %" PRIu64 "\n", name, open, shown, label, close, sum);
    put(o, "%s_count%s%.*s%s %" PRIu64 "\n", name, open, shown, label, close, total);
}

static void put_requests(out_buf *o)
{
    static const char name[] = "rushhourd_http_requests_total";
    header(o, name, "counter", "HTTP requests answered, by route, method and status code.");
    for (int r = 0; r < route_count; r++)
        for (int m = 0; m < METHOD_COUNT; m++)
            for (int c = 0; c < CODE_SLOTS; c++) {
                const uint64_t n = get(&registry.requests[r][m][c]);
                if (!n) continue;
                char code[8];
                if (c == CODE_SLOTS - 1)
                    strcpy(code, "other");
                else
                    snprintf(code, sizeof code, "%d", c + CODE_FIRST);
                put(o, "%s{route=\"%s\",method=\"%s\",code=\"%s\"} %" PRIu64 "\n", name,
                    route_labels[r], method_names[m], code, n);
            }
}

static void put_durations(out_buf *o)
{
    static const char req[] = "rushhourd_http_request_duration_seconds";
    header(o, req, "histogram", "Time from a request's arrival to its answer, by route.");
    for (int r = 0; r < route_count; r++) {
        char label[64];
        snprintf(label, sizeof label, "route=\"%s\",", route_labels[r]);
        put_histogram(o, req, label, &registry.request_duration[r], &duration_buckets, true);
    }
    static const char search[] = "rushhourd_search_duration_seconds";
    header(o, search, "histogram", "Time one search ran on a worker, by algorithm.");
    for (int a = 0; a < ALGO_COUNT; a++) {
        char label[64];
        snprintf(label, sizeof label, "algorithm=\"%s\",", rh_algorithm_name((rh_algorithm)a));
        put_histogram(o, search, label, &registry.search_duration[a], &duration_buckets, true);
    }
    static const char analysis[] = "rushhourd_analysis_duration_seconds";
    header(o, analysis, "histogram", "Time one whole-component analysis ran on a worker.");
    put_histogram(o, analysis, "", &registry.analysis_duration, &duration_buckets, true);
    static const char generation[] = "rushhourd_generation_duration_seconds";
    header(o, generation, "histogram", "Time one puzzle generation ran on a worker.");
    put_histogram(o, generation, "", &registry.generation_duration, &duration_buckets, true);
    static const char nodes[] = "rushhourd_search_nodes_expanded";
    header(o, nodes, "histogram", "Nodes one search expanded.");
    put_histogram(o, nodes, "", &registry.search_nodes, &node_buckets, false);
}

static void put_gauge(out_buf *o, const char *name, const char *help, atomic_int_fast64_t *g)
{
    header(o, name, "gauge", help);
    put(o, "%s %" PRId64 "\n", name, (int64_t)atomic_load_explicit(g, memory_order_relaxed));
}

/* The version comes from the build, but escaping it keeps the output valid whatever it is. */
static void put_build_info(out_buf *o, const char *version)
{
    header(o, "rushhourd_build_info", "gauge", "Always 1; the version label names the build.");
    put(o, "rushhourd_build_info{version=\"");
    for (const char *p = version ? version : ""; *p; p++) {
        if (*p == '\\' || *p == '"')
            put(o, "\\%c", *p);
        else if (*p == '\n')
            put(o, "\\n");
        else
            put(o, "%c", *p);
    }
    put(o, "\"} 1\n");
}

/* The figures every exporter publishes, under their standard names; none when /proc is not
 * there to read. */
static void put_process(out_buf *o)
{
    rhd_process_stats p;
    if (!rhd_process_stats_read(&p)) return;
    header(o, "process_cpu_seconds_total", "counter", "User and system CPU time spent, seconds.");
    put(o, "process_cpu_seconds_total %.2f\n", p.cpu_seconds);
    header(o, "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.");
    put(o, "process_resident_memory_bytes %" PRIu64 "\n", p.resident_bytes);
    header(o, "process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.");
    put(o, "process_virtual_memory_bytes %" PRIu64 "\n", p.virtual_bytes);
    header(o, "process_start_time_seconds", "gauge",
           "Start time of the process since the Unix epoch, seconds.");
    put(o, "process_start_time_seconds %.2f\n", p.start_time_seconds);
    header(o, "process_open_fds", "gauge", "Open file descriptors.");
    put(o, "process_open_fds %ld\n", p.open_fds);
    header(o, "process_max_fds", "gauge", "The limit of open file descriptors (-1: none).");
    put(o, "process_max_fds %ld\n", p.max_fds);
}

char *rhd_metrics_render(const char *version)
{
    out_buf o = {malloc(16384), 0, 16384, false};
    if (!o.text) return NULL;
    o.text[0] = '\0';
    put_requests(&o);
    put_durations(&o);
    put_gauge(&o, "rushhourd_queue_depth", "Searches waiting for a worker.", &registry.queue_depth);
    put_gauge(&o, "rushhourd_searches_in_flight", "Searches running on a worker.",
              &registry.in_flight);
    put_reasons(&o, "rushhourd_rejected_requests_total",
                "Requests refused before a search, by reason.", reject_names, registry.rejected,
                RHD_REJECT_COUNT);
    put_outcomes(&o, "rushhourd_abandoned_jobs_total",
                 "Jobs given up because their client went away: searches cancelled while running, "
                 "jobs dropped from the queue before they started.",
                 "cancelled", "dropped", registry.abandoned);
    put_outcomes(&o, "rushhourd_cache_lookups_total",
                 "Answer cache lookups of valid solve requests, by result.", "hit", "miss",
                 registry.cache);
    put_outcomes(&o, "rushhourd_table_lookups_total",
                 "Cluster-table lookups of valid solve, hint and verify requests, by result.",
                 "hit", "miss", &registry.table_events[RHD_TABLE_LOOKUP_MISS]);
    put_outcomes(
        &o, "rushhourd_table_builds_total",
        "Cluster tables built, by result (kept, or dropped: a budget ran out or it did not "
        "fit).",
        "kept", "dropped", &registry.table_events[RHD_TABLE_BUILD_DROPPED]);
    header(&o, "rushhourd_table_evictions_total", "counter",
           "Cluster tables evicted to make room for another.");
    put(&o, "rushhourd_table_evictions_total %" PRIu64 "\n",
        get(&registry.table_events[RHD_TABLE_EVICTED]));
    put_reasons(&o, "rushhourd_table_builds_refused_total",
                "Background table builds not started, by reason (the build budget had no token, "
                "the cluster failed lately, the builder's queue was full).",
                refusal_names, registry.builds_refused, RHD_BUILD_REFUSED_COUNT);
    put_gauge(&o, "rushhourd_tables", "Cluster tables held.", &registry.tables);
    put_gauge(&o, "rushhourd_table_bytes", "Bytes of the cluster tables held.",
              &registry.table_bytes);
    put_outcomes(&o, "rushhourd_analyses_total",
                 "Whole-component analyses run, by result (complete, or stopped by a budget).",
                 "complete", "limit_reached", registry.analyses);
    put_outcomes(&o, "rushhourd_generated_puzzles_total",
                 "Puzzle generations run, by result (a puzzle found, or stopped by a budget).",
                 "generated", "limit_reached", registry.generated);
    header(&o, "rushhourd_bank_answers_total", "counter",
           "Generate requests answered from the puzzle bank, without a search.");
    put(&o, "rushhourd_bank_answers_total %" PRIu64 "\n", get(&registry.bank_answers));
    header(&o, "rushhourd_request_timeouts_total", "counter",
           "Requests answered 408: their header or body outlived its deadline, by phase.");
    put(&o, "rushhourd_request_timeouts_total{phase=\"header\"} %" PRIu64 "\n",
        get(&registry.timeouts[0]));
    put(&o, "rushhourd_request_timeouts_total{phase=\"body\"} %" PRIu64 "\n",
        get(&registry.timeouts[1]));
    header(&o, "rushhourd_connections_refused_total", "counter",
           "Connections closed on arrival: the connection limit or the per-address limit was "
           "reached.");
    put(&o, "rushhourd_connections_refused_total %" PRIu64 "\n", get(&registry.refused));
    put_build_info(&o, version);
    put_process(&o);
    if (o.failed) {
        free(o.text);
        return NULL;
    }
    return o.text;
}
