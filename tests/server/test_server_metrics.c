/* The Prometheus registry (metrics.c): exact lines, cumulative histograms, gauges, the
 * exposition format, route labels, and exact counts under concurrent updates. */
#include <criterion/criterion.h>
#include <pthread.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "metrics.h"
#include "text_lines.h"
#include "routes/route_table.h"

/* The registry names the routes as the server does, from the route table. */
TestSuite(metrics, .init = rhd_route_name_metrics);

static char *render(void)
{
    char *text = rhd_metrics_render("1.2.3");
    cr_assert_not_null(text);
    return text;
}

#define SOLVE_HIST "rushhourd_http_request_duration_seconds"

Test(metrics, request_counters)
{
    rhd_metrics_reset();
    rhd_metrics_request(RHD_ROUTE_SOLVE, "POST", 200, 1000);
    rhd_metrics_request(RHD_ROUTE_SOLVE, "POST", 200, 1000);
    rhd_metrics_request(RHD_ROUTE_SOLVE, "POST", 422, 1000);
    rhd_metrics_request(RHD_ROUTE_HEALTHZ, "GET", 200, 10);
    rhd_metrics_request(RHD_ROUTE_METRICS, "HEAD", 200, 10);
    rhd_metrics_request(RHD_ROUTE_SOLVE, "OPTIONS", 204, 10);
    rhd_metrics_request(RHD_ROUTE_SOLVE, "PATCH", 405, 10);
    rhd_metrics_request(RHD_ROUTE_SOLVE, "post", 405, 10);
    rhd_metrics_request(RHD_ROUTE_OTHER, "GET", 404, 10);
    rhd_metrics_request(RHD_ROUTE_VERSION, "GET", 418, 10);
    rhd_metrics_request(RHD_ROUTE_OPENAPI, "GET", 999, 10);
    rhd_metrics_request(RHD_ROUTE_PAGE, "GET", 200, 10);
    rhd_metrics_request(RHD_ROUTE_WEB_FILE, "HEAD", 200, 10);
    rhd_metrics_request(RHD_ROUTE_WEB_FILE, "GET", 200, 10);
    rhd_metrics_request(RHD_ROUTE_WEB_FILE, "GET", 200, 10);
    char *t = render();
    cr_expect(has_line(t, "# TYPE rushhourd_http_requests_total counter"));
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/v1/solve\",method=\"POST\","
                          "code=\"200\"} 2"),
              "%s", t);
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/v1/solve\",method=\"POST\","
                          "code=\"422\"} 1"));
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/healthz\",method=\"GET\","
                          "code=\"200\"} 1"));
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/metrics\",method=\"HEAD\","
                          "code=\"200\"} 1"));
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/v1/solve\",method=\"OPTIONS\","
                          "code=\"204\"} 1"));
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/v1/solve\",method=\"OTHER\","
                          "code=\"405\"} 2"),
              "PATCH and lower-case post are OTHER");
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"other\",method=\"GET\","
                          "code=\"404\"} 1"));
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/version\",method=\"GET\","
                          "code=\"418\"} 1"),
              "any code is counted exactly");
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/openapi.yaml\",method=\"GET\","
                          "code=\"other\"} 1"));
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/\",method=\"GET\","
                          "code=\"200\"} 1"),
              "the playground page");
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/web/{file}\",method=\"HEAD\","
                          "code=\"200\"} 1"));
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/web/{file}\",method=\"GET\","
                          "code=\"200\"} 2"),
              "every file of the page under one series");
    cr_expect_null(strstr(t, "route=\"/v1/solve\",method=\"GET\""), "zero series are rendered");
    cr_expect_null(strstr(t, "route=\"/readyz\",method="));
    free(t);
}

Test(metrics, request_duration_buckets_are_cumulative)
{
    rhd_metrics_reset();
    rhd_metrics_request(RHD_ROUTE_SOLVE, "POST", 200, 3000);
    rhd_metrics_request(RHD_ROUTE_SOLVE, "POST", 200, 100);      /* exactly on a bound */
    rhd_metrics_request(RHD_ROUTE_SOLVE, "POST", 200, 60000000); /* past the last bound */
    char *t = render();
    static const struct {
        const char *le;
        int count;
    } want[] = {{"0.0001", 1}, {"0.00025", 1}, {"0.0005", 1}, {"0.001", 1}, {"0.0025", 1},
                {"0.005", 2},  {"0.01", 2},    {"0.025", 2},  {"0.05", 2},  {"0.1", 2},
                {"0.25", 2},   {"0.5", 2},     {"1", 2},      {"2.5", 2},   {"5", 2},
                {"10", 2},     {"30", 2},      {"+Inf", 3}};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        char line[160];
        snprintf(line, sizeof line, SOLVE_HIST "_bucket{route=\"/v1/solve\",le=\"%s\"} %d",
                 want[k].le, want[k].count);
        cr_expect(has_line(t, line), "missing: %s", line);
    }
    cr_expect(has_line(t, SOLVE_HIST "_sum{route=\"/v1/solve\"} 60.003100"), "%s", t);
    cr_expect(has_line(t, SOLVE_HIST "_count{route=\"/v1/solve\"} 3"));
    cr_expect(has_line(t, SOLVE_HIST "_count{route=\"/healthz\"} 0"));
    cr_expect(has_line(t, "# TYPE " SOLVE_HIST " histogram"));
    free(t);
}

Test(metrics, a_3ms_request_is_not_in_the_2_5ms_bucket)
{
    rhd_metrics_reset();
    rhd_metrics_request(RHD_ROUTE_READYZ, "GET", 200, 3000);
    char *t = render();
    cr_expect(has_line(t, SOLVE_HIST "_bucket{route=\"/readyz\",le=\"0.0025\"} 0"));
    cr_expect(has_line(t, SOLVE_HIST "_bucket{route=\"/readyz\",le=\"0.005\"} 1"));
    cr_expect(has_line(t, SOLVE_HIST "_bucket{route=\"/readyz\",le=\"+Inf\"} 1"));
    cr_expect(has_line(t, SOLVE_HIST "_sum{route=\"/readyz\"} 0.003000"));
    free(t);
}

Test(metrics, search_histograms)
{
    rhd_metrics_reset();
    rhd_metrics_search(RH_ALGO_BFS, 2000, 5000);
    rhd_metrics_search(RH_ALGO_BFS, 1500000, 50);
    rhd_metrics_search(RH_ALGO_ASTAR, 20, 200000000);
    rhd_metrics_search((rh_algorithm)(RH_ALGO_FAST + 1), 20, 10);
    rhd_metrics_search((rh_algorithm)-1, 20, 10);
    char *t = render();
    const char *h = "rushhourd_search_duration_seconds";
    char line[160];
    snprintf(line, sizeof line, "%s_bucket{algorithm=\"bfs\",le=\"0.001\"} 0", h);
    cr_expect(has_line(t, line), "missing: %s", line);
    snprintf(line, sizeof line, "%s_bucket{algorithm=\"bfs\",le=\"0.0025\"} 1", h);
    cr_expect(has_line(t, line), "missing: %s", line);
    snprintf(line, sizeof line, "%s_bucket{algorithm=\"bfs\",le=\"2.5\"} 2", h);
    cr_expect(has_line(t, line), "missing: %s", line);
    snprintf(line, sizeof line, "%s_sum{algorithm=\"bfs\"} 1.502000", h);
    cr_expect(has_line(t, line), "missing: %s", line);
    snprintf(line, sizeof line, "%s_count{algorithm=\"astar\"} 1", h);
    cr_expect(has_line(t, line), "missing: %s", line);
    cr_expect_null(strstr(t, "algorithm=\"other\""), "a series for searches never run");
    snprintf(line, sizeof line, "%s_count{algorithm=\"fast\"} 0", h);
    cr_expect(has_line(t, line), "missing: %s", line);

    const char *n = "rushhourd_search_nodes_expanded";
    static const struct {
        const char *le;
        int count;
    } want[] = {{"10", 0},      {"100", 1},      {"1000", 1},      {"10000", 2}, {"100000", 2},
                {"1000000", 2}, {"10000000", 2}, {"100000000", 2}, {"+Inf", 3}};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        snprintf(line, sizeof line, "%s_bucket{le=\"%s\"} %d", n, want[k].le, want[k].count);
        cr_expect(has_line(t, line), "missing: %s", line);
    }
    snprintf(line, sizeof line, "%s_sum 200005050", n);
    cr_expect(has_line(t, line), "missing: %s", line);
    snprintf(line, sizeof line, "%s_count 3", n);
    cr_expect(has_line(t, line), "missing: %s", line);
    free(t);
}

Test(metrics, analysis_and_generation_durations)
{
    rhd_metrics_reset();
    rhd_metrics_analysis(true, 3000);
    rhd_metrics_analysis(false, 2000000);
    rhd_metrics_generated(true, 40);
    char *t = render();
    cr_expect(has_line(t, "rushhourd_analysis_duration_seconds_bucket{le=\"0.005\"} 1"));
    cr_expect(has_line(t, "rushhourd_analysis_duration_seconds_count 2"));
    cr_expect(has_line(t, "rushhourd_analysis_duration_seconds_sum 2.003000"));
    cr_expect(has_line(t, "rushhourd_generation_duration_seconds_bucket{le=\"0.0001\"} 1"));
    cr_expect(has_line(t, "rushhourd_generation_duration_seconds_count 1"));
    cr_expect(has_line(t, "rushhourd_analyses_total{result=\"limit_reached\"} 1"));
    free(t);
}

/* The value of the unlabelled series `name` in `t`, or -1. */
static double series_value(const char *t, const char *name)
{
    char needle[96];
    snprintf(needle, sizeof needle, "\n%s ", name);
    const char *at = strstr(t, needle);
    return at ? strtod(at + strlen(needle), NULL) : -1;
}

Test(metrics, process_figures)
{
    char *t = render();
    const double now = (double)time(NULL);
    cr_expect_geq(series_value(t, "process_cpu_seconds_total"), 0);
    cr_expect_gt(series_value(t, "process_resident_memory_bytes"), 1024 * 1024);
    cr_expect_geq(series_value(t, "process_virtual_memory_bytes"),
                  series_value(t, "process_resident_memory_bytes"));
    const double start = series_value(t, "process_start_time_seconds");
    cr_expect(start > now - 3600 && start <= now + 1, "start %f, now %f", start, now);
    const double fds = series_value(t, "process_open_fds");
    cr_expect(fds >= 3 && fds < 1000, "open fds %f", fds);
    cr_expect(series_value(t, "process_max_fds") >= fds);
    free(t);
}

Test(metrics, gauges_go_up_and_down)
{
    rhd_metrics_reset();
    rhd_metrics_queue_depth_add(1);
    rhd_metrics_queue_depth_add(1);
    rhd_metrics_queue_depth_add(1);
    rhd_metrics_queue_depth_add(-1);
    rhd_metrics_in_flight_add(1);
    char *t = render();
    cr_expect(has_line(t, "# TYPE rushhourd_queue_depth gauge"));
    cr_expect(has_line(t, "rushhourd_queue_depth 2"), "%s", t);
    cr_expect(has_line(t, "# TYPE rushhourd_searches_in_flight gauge"));
    cr_expect(has_line(t, "rushhourd_searches_in_flight 1"));
    free(t);
    rhd_metrics_queue_depth_add(-2);
    rhd_metrics_in_flight_add(-1);
    t = render();
    cr_expect(has_line(t, "rushhourd_queue_depth 0"));
    cr_expect(has_line(t, "rushhourd_searches_in_flight 0"));
    free(t);
}

Test(metrics, rejected_reasons)
{
    rhd_metrics_reset();
    rhd_metrics_rejected(RHD_REJECT_QUEUE_FULL);
    rhd_metrics_rejected(RHD_REJECT_QUEUE_FULL);
    rhd_metrics_rejected(RHD_REJECT_INVALID);
    rhd_metrics_rejected(RHD_REJECT_BODY_TOO_LARGE);
    char *t = render();
    cr_expect(has_line(t, "# TYPE rushhourd_rejected_requests_total counter"));
    cr_expect(has_line(t, "rushhourd_rejected_requests_total{reason=\"queue_full\"} 2"));
    cr_expect(has_line(t, "rushhourd_rejected_requests_total{reason=\"shutting_down\"} 0"));
    cr_expect(has_line(t, "rushhourd_rejected_requests_total{reason=\"body_too_large\"} 1"));
    cr_expect(has_line(t, "rushhourd_rejected_requests_total{reason=\"invalid\"} 1"));
    free(t);
}

Test(metrics, refused_builds_by_reason)
{
    rhd_metrics_reset();
    rhd_metrics_build_refused(RHD_BUILD_REFUSED_BUDGET);
    rhd_metrics_build_refused(RHD_BUILD_REFUSED_BUDGET);
    rhd_metrics_build_refused(RHD_BUILD_REFUSED_FAILED);
    rhd_metrics_build_refused(RHD_BUILD_REFUSED_COUNT); /* out of range: not counted */
    char *t = render();
    cr_expect(has_line(t, "# TYPE rushhourd_table_builds_refused_total counter"));
    cr_expect(has_line(t, "rushhourd_table_builds_refused_total{reason=\"budget\"} 2"));
    cr_expect(has_line(t, "rushhourd_table_builds_refused_total{reason=\"failed_lately\"} 1"));
    cr_expect(has_line(t, "rushhourd_table_builds_refused_total{reason=\"queue_full\"} 0"));
    free(t);
}

Test(metrics, abandoned_jobs)
{
    rhd_metrics_reset();
    rhd_metrics_abandoned(false);
    rhd_metrics_abandoned(false);
    rhd_metrics_abandoned(true);
    char *t = render();
    cr_expect(has_line(t, "# TYPE rushhourd_abandoned_jobs_total counter"));
    cr_expect(has_line(t, "rushhourd_abandoned_jobs_total{result=\"dropped\"} 2"));
    cr_expect(has_line(t, "rushhourd_abandoned_jobs_total{result=\"cancelled\"} 1"));
    free(t);
}

Test(metrics, build_info)
{
    rhd_metrics_reset();
    char *t = render();
    cr_expect(has_line(t, "# TYPE rushhourd_build_info gauge"));
    cr_expect(has_line(t, "rushhourd_build_info{version=\"1.2.3\"} 1"));
    free(t);
    t = rhd_metrics_render("a\"b\\c");
    cr_assert_not_null(t);
    cr_expect(has_line(t, "rushhourd_build_info{version=\"a\\\"b\\\\c\"} 1"), "%s", t);
    free(t);
}

Test(metrics, reset_clears_everything)
{
    rhd_metrics_request(RHD_ROUTE_SOLVE, "POST", 200, 5);
    rhd_metrics_search(RH_ALGO_FAST, 5, 5);
    rhd_metrics_rejected(RHD_REJECT_SHUTTING_DOWN);
    rhd_metrics_queue_depth_add(4);
    rhd_metrics_reset();
    char *t = render();
    cr_expect_null(strstr(t, "rushhourd_http_requests_total{"));
    cr_expect(has_line(t, "rushhourd_search_nodes_expanded_count 0"));
    cr_expect(has_line(t, "rushhourd_rejected_requests_total{reason=\"shutting_down\"} 0"));
    cr_expect(has_line(t, "rushhourd_queue_depth 0"));
    free(t);
}

Test(metrics, route_labels_come_from_the_table)
{
    cr_expect_str_eq(rhd_route_label(RHD_ROUTE_SOLVE), "/v1/solve");
    cr_expect_str_eq(rhd_route_label(RHD_ROUTE_HEALTHZ), "/healthz");
    cr_expect_str_eq(rhd_route_label(RHD_ROUTE_READYZ), "/readyz");
    cr_expect_str_eq(rhd_route_label(RHD_ROUTE_METRICS), "/metrics");
    cr_expect_str_eq(rhd_route_label(RHD_ROUTE_VERSION), "/version");
    cr_expect_str_eq(rhd_route_label(RHD_ROUTE_OPENAPI), "/openapi.yaml");
    cr_expect_str_eq(rhd_route_label(RHD_ROUTE_OTHER), "other");
    cr_expect_str_eq(rhd_route_label(RHD_ROUTE_COUNT), "other");
    cr_expect_str_eq(rhd_route_label(-1), "other");
}

/* The registry knows routes only by index and the labels it is given: an index out of range
 * counts under the last label. */
Test(metrics, routes_by_index_under_the_labels_given)
{
    static const char *const labels[] = {"/a", "/b", "rest"};
    rhd_metrics_routes(labels, 3);
    rhd_metrics_reset();
    rhd_metrics_request(1, "GET", 200, 10);
    rhd_metrics_request(7, "GET", 404, 10);
    rhd_metrics_request(-2, "GET", 404, 10);
    char *t = render();
    cr_expect(
        has_line(t, "rushhourd_http_requests_total{route=\"/b\",method=\"GET\",code=\"200\"} 1"),
        "%s", t);
    cr_expect(
        has_line(t, "rushhourd_http_requests_total{route=\"rest\",method=\"GET\",code=\"404\"} 2"));
    cr_expect_null(strstr(t, "/v1/solve"), "the table's labels are replaced");
    free(t);
    rhd_metrics_routes(labels, 0); /* refused: the labels stay */
    rhd_metrics_routes(labels, RHD_METRICS_ROUTES_MAX + 1);
    t = render();
    cr_expect(has_line(t, SOLVE_HIST "_count{route=\"rest\"} 2"), "%s", t);
    free(t);
}

/* Every line is a comment or a sample; every sample belongs to the family of the last TYPE
 * line; buckets never decrease and +Inf equals _count. */
Test(metrics, exposition_format)
{
    rhd_metrics_reset();
    rhd_metrics_request(RHD_ROUTE_SOLVE, "POST", 200, 1234);
    rhd_metrics_search(RH_ALGO_ASTAR, 777, 12345);
    char *t = render();
    regex_t sample, comment;
    cr_assert_eq(regcomp(&sample,
                         "^[a-z_]+(\\{[a-z_]+=\"[^\"]*\"(,[a-z_]+=\"[^\"]*\")*\\})? "
                         "-?[0-9]+(\\.[0-9]+)?$",
                         REG_EXTENDED | REG_NOSUB),
                 0);
    cr_assert_eq(regcomp(&comment, "^# (HELP [a-z_]+ .+|TYPE [a-z_]+ (counter|gauge|histogram))$",
                         REG_EXTENDED | REG_NOSUB),
                 0);
    char family[128] = "", series[256] = "";
    unsigned long long last = 0;
    int types = 0;
    cr_expect_eq(t[strlen(t) - 1], '\n');
    for (char *line = strtok(t, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#') {
            cr_expect_eq(regexec(&comment, line, 0, NULL, 0), 0, "bad comment: %s", line);
            if (strncmp(line, "# TYPE ", 7) == 0) {
                sscanf(line + 7, "%127s", family);
                types++;
            }
            continue;
        }
        cr_expect_eq(regexec(&sample, line, 0, NULL, 0), 0, "bad sample: %s", line);
        cr_expect(strncmp(line, family, strlen(family)) == 0, "%s outside family %s", line, family);
        const char *le = strstr(line, "le=\"");
        const unsigned long long v = strtoull(strrchr(line, ' ') + 1, NULL, 10);
        if (le) {
            /* The series is everything before le=; buckets must not decrease along it. */
            char this_series[256];
            snprintf(this_series, sizeof this_series, "%.*s", (int)(le - line), line);
            if (strcmp(this_series, series) == 0)
                cr_expect_geq(v, last, "bucket decreases: %s", line);
            snprintf(series, sizeof series, "%s", this_series);
            last = v;
        } else if (strstr(line, "_count")) {
            cr_expect_eq(v, last, "_count differs from +Inf: %s", line);
        }
    }
    cr_expect_eq(types, 29, "expected 29 metric families");
    regfree(&sample);
    regfree(&comment);
    free(t);
}

Test(metrics, timeouts_and_refusals)
{
    rhd_metrics_reset();
    rhd_metrics_timeout(false);
    rhd_metrics_timeout(true);
    rhd_metrics_timeout(true);
    for (int i = 0; i < 5; i++) rhd_metrics_refused();
    char *t = render();
    cr_expect(has_line(t, "rushhourd_request_timeouts_total{phase=\"header\"} 1"), "%s", t);
    cr_expect(has_line(t, "rushhourd_request_timeouts_total{phase=\"body\"} 2"), "%s", t);
    cr_expect(has_line(t, "rushhourd_connections_refused_total 5"), "%s", t);
    free(t);
}

/* ---- metrics under concurrency ---- */

#define THREADS 4
#define PER_THREAD 100000

static void *hammer(void *arg)
{
    (void)arg;
    for (int k = 0; k < PER_THREAD; k++) {
        rhd_metrics_request(RHD_ROUTE_SOLVE, "POST", 200, (uint64_t)(k % 7));
        rhd_metrics_queue_depth_add(1);
        rhd_metrics_queue_depth_add(-1);
        rhd_metrics_in_flight_add(1);
        rhd_metrics_rejected(RHD_REJECT_QUEUE_FULL);
    }
    return NULL;
}

Test(metrics, concurrent_updates_are_exact)
{
    rhd_metrics_reset();
    pthread_t threads[THREADS];
    for (int k = 0; k < THREADS; k++)
        cr_assert_eq(pthread_create(&threads[k], NULL, hammer, NULL), 0);
    for (int k = 0; k < THREADS; k++) pthread_join(threads[k], NULL);
    char *t = render();
    char line[200];
    snprintf(line, sizeof line,
             "rushhourd_http_requests_total{route=\"/v1/solve\",method=\"POST\",code=\"200\"} %d",
             THREADS * PER_THREAD);
    cr_expect(has_line(t, line), "missing: %s", line);
    snprintf(line, sizeof line, SOLVE_HIST "_count{route=\"/v1/solve\"} %d", THREADS * PER_THREAD);
    cr_expect(has_line(t, line), "missing: %s", line);
    /* The durations were k % 7 microseconds. */
    uint64_t sum = 0;
    for (int k = 0; k < PER_THREAD; k++) sum += (uint64_t)(k % 7);
    sum *= THREADS;
    snprintf(line, sizeof line, SOLVE_HIST "_sum{route=\"/v1/solve\"} %llu.%06llu",
             (unsigned long long)(sum / 1000000), (unsigned long long)(sum % 1000000));
    cr_expect(has_line(t, line), "missing: %s", line);
    cr_expect(has_line(t, "rushhourd_queue_depth 0"));
    snprintf(line, sizeof line, "rushhourd_searches_in_flight %d", THREADS * PER_THREAD);
    cr_expect(has_line(t, line), "missing: %s", line);
    snprintf(line, sizeof line, "rushhourd_rejected_requests_total{reason=\"queue_full\"} %d",
             THREADS * PER_THREAD);
    cr_expect(has_line(t, line), "missing: %s", line);
    free(t);
}
