/* rushhourd and the clients who go away, and the work that waits: queued jobs of hung-up
 * clients are dropped and free their queue places, a half-closed client still gets its answer,
 * a reset stops a running search, every request is logged and counted once with a real status,
 * 499 never goes on the wire, and work whose deadline passes in the queue says so. Raw sockets
 * say exactly how each client leaves (FIN, half-close, reset); the real binary runs per test
 * (tests/support/http_test.c). */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "http_test.h"

/* A sparse 16x16 board, unsolvable, whose state space is far too large to finish: the search
 * runs until its deadline, TIMEOUT milliseconds, and answers 422. SLOW(600000) holds a worker for
 * longer than any test takes, however slow the machine: its client hangs up to end it. */
#define SLOW(timeout)                                                                              \
    "{\"board_size\":16,\"exit_row\":0,\"walls\":[[0,15]],\"vehicles\":["                          \
    "{\"id\":\"X\",\"row\":0,\"col\":0,\"length\":2,\"orientation\":\"H\"},"                       \
    "{\"id\":\"A\",\"row\":3,\"col\":2,\"length\":2,\"orientation\":\"H\"},"                       \
    "{\"id\":\"B\",\"row\":6,\"col\":9,\"length\":2,\"orientation\":\"V\"},"                       \
    "{\"id\":\"C\",\"row\":9,\"col\":4,\"length\":2,\"orientation\":\"H\"},"                       \
    "{\"id\":\"D\",\"row\":12,\"col\":12,\"length\":2,\"orientation\":\"V\"},"                     \
    "{\"id\":\"E\",\"row\":14,\"col\":1,\"length\":2,\"orientation\":\"H\"},"                      \
    "{\"id\":\"F\",\"row\":2,\"col\":13,\"length\":2,\"orientation\":\"V\"}],"                     \
    "\"options\":{\"timeout_ms\":" #timeout "}}"

HTTP_SUITE(hangups);

/* Stops the server (SIGTERM) and returns its whole log (the caller frees it). */
static char *stop(rhs_server *s)
{
    cr_expect_eq(rhs_stop(s, PATIENCE_MS), 0, "rushhourd did not exit cleanly");
    check_stderr(s);
    char *log = rhs_stdout(s);
    rhs_free(s);
    cr_assert_not_null(log);
    return log;
}

/* ---- raw clients ---- */

/* Connects and sends POST `path` with `body`, of which only the first `sent` bytes (the whole
 * of it when `sent` is -1) go out: the headers announce the whole length. */
static int post_raw(int port, const char *path, const char *body, long sent)
{
    const int fd = raw_connect(port);
    char head[256];
    const size_t n = strlen(body);
    const int h = snprintf(head, sizeof head,
                           "POST %s HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
                           "Content-Length: %zu\r\n\r\n",
                           path, n);
    const size_t part = sent < 0 ? n : (size_t)sent;
    cr_assert_eq(raw_send(fd, head, (size_t)h), (size_t)h, "send: %s", strerror(errno));
    cr_assert_eq(raw_send(fd, body, part), part, "send: %s", strerror(errno));
    return fd;
}

/* Closes `fd` with a reset (SO_LINGER 0), as a client that aborts does. */
static void reset(int fd)
{
    const struct linger l = {.l_onoff = 1, .l_linger = 0};
    cr_assert_eq(setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof l), 0);
    close(fd);
}

/* Everything the server sends until it closes the connection (at most PATIENCE_MS). */
static char *read_all(int fd)
{
    char *text = malloc(65536);
    cr_assert_not_null(text);
    read_until_closed(fd, text, 65536, PATIENCE_MS);
    return text;
}

/* ---- metrics and log ---- */

static double metric(rhs_server *s, const char *series)
{
    rhs_response r;
    cr_assert_eq(rhs_get(rhs_admin_port(s), "/metrics", &r), 0, "GET /metrics: %s", r.error);
    const double v = rhs_metric_value(r.body, series);
    rhs_response_free(&r);
    return v;
}

/* Waits (at most PATIENCE_MS) for `series` to reach `want`; returns its last value. */
static double wait_metric(rhs_server *s, const char *series, double want)
{
    const long long until = rhs_now_us() + PATIENCE_MS * 1000LL;
    double v;
    while ((v = metric(s, series)) != want && rhs_now_us() < until) rhs_sleep_ms(20);
    return v;
}

static int count(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle)) n++;
    return n;
}

/* Waits (at most PATIENCE_MS) for the log to hold `needle` `n` times. */
static bool wait_log(rhs_server *s, const char *needle, int n)
{
    const long long until = rhs_now_us() + PATIENCE_MS * 1000LL;
    for (;;) {
        char *log = rhs_stdout(s);
        const int seen = count(log, needle);
        free(log);
        if (seen >= n || rhs_now_us() >= until) return seen >= n;
        rhs_sleep_ms(20);
    }
}

#define DROPPED "rushhourd_abandoned_jobs_total{result=\"dropped\"}"
#define CANCELLED "rushhourd_abandoned_jobs_total{result=\"cancelled\"}"
#define SOLVES(code)                                                                               \
    "rushhourd_http_requests_total{route=\"/v1/solve\",method=\"POST\",code=\"" code "\"}"

/* The final answer in `text`, past the interim 1xx answers HTTP/1.1 allows before it; "" when
 * none came. */
static const char *final_answer(const char *text)
{
    while (strncmp(text, "HTTP/1.1 1", 10) == 0 && strstr(text, "\r\n\r\n"))
        text = strstr(text, "\r\n\r\n") + 4;
    return text;
}

/* 64 hung-up clients once held every queue place, and a live client got 503 "queue full"
 * while the dead jobs waited to run for nobody. Now their jobs are dropped as soon as the
 * clients are gone, and counted. The busy search cannot end on its own while the test runs,
 * however slow the machine: its client resets the connection once the live one is queued. */
Test(hangups, queued_jobs_of_gone_clients_are_dropped)
{
    rhs_server *s = START("--workers", "1", "--queue-length", "64", "--cache-bytes", "0");
    const int port = rhs_port(s);
    const int busy = post_raw(port, "/v1/solve", SLOW(600000), -1); /* holds the one worker */
    cr_assert_eq(wait_metric(s, "rushhourd_searches_in_flight", 1), 1, "the busy search never ran");
    int gone[64];
    for (int i = 0; i < 64; i++) gone[i] = post_raw(port, "/v1/solve", SLOW(600000), -1);
    cr_assert_eq(wait_metric(s, "rushhourd_queue_depth", 64), 64, "the queue is not full");
    for (int i = 0; i < 64; i++) close(gone[i]); /* a full close: a FIN, then nothing */
    cr_assert_eq(wait_metric(s, "rushhourd_queue_depth", 0), 0,
                 "queued jobs of gone clients still hold the queue");
    /* Counted when each is handed back, after it left the queue: waited for, not read once. */
    cr_assert_eq(wait_metric(s, DROPPED, 64), 64, "the dropped jobs are not all counted");

    /* A live client is queued behind the running search, not refused, and answered once the
     * busy client has hung up. */
    const int live = raw_connect(port);
    char head[1024];
    const int h =
        snprintf(head, sizeof head,
                 "POST /v1/solve HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
                 "Connection: close\r\nContent-Length: %zu\r\n\r\n%s",
                 strlen(jam01_grid), jam01_grid);
    cr_assert(h > 0 && (size_t)h < sizeof head);
    cr_assert_eq(raw_send(live, head, (size_t)h), (size_t)h, "send: %s", strerror(errno));
    cr_assert_eq(wait_metric(s, "rushhourd_queue_depth", 1), 1, "the live client was not queued");
    cr_assert_eq(metric(s, "rushhourd_searches_in_flight"), 1);
    reset(busy);
    char *answer = read_all(live);
    cr_assert(strncmp(final_answer(answer), "HTTP/1.1 200 ", 13) == 0,
              "the live client got: %.200s", answer);
    free(answer);
    close(live);

    /* The dropped jobs never ran: two searches in all (the busy one, cancelled, and the live
     * one). */
    cr_assert_eq(wait_metric(s, CANCELLED, 1), 1);
    cr_assert_eq(metric(s, DROPPED), 64);
    cr_assert_eq(wait_metric(s, "rushhourd_search_nodes_expanded_count", 2), 2);
    cr_assert(wait_log(s, "\"status\":499", 65));
    char *log = stop(s);
    cr_assert_eq(count(log, "\"status\":499"), 65, "%s", log);
    free(log);
}

/* Checks what a half-closed client got: its real answer (`status`) or, when libmicrohttpd read
 * the FIN first on resuming the connection, nothing; never the non-standard 499. */
static void expect_answer_or_nothing(const char *got, const char *status)
{
    cr_assert_null(strstr(got, " 499 "), "499 on the wire: %.300s", got);
    const char *answer = final_answer(got);
    cr_assert(!*answer || strncmp(answer, status, strlen(status)) == 0, "got: %.300s", got);
}

/* A client that half-closes (shutdown(SHUT_WR)) still reads: whether its search was running or
 * waiting in the queue, the search is neither cancelled nor dropped, and runs to its end; the
 * answer is sent, never the non-standard 499. (libmicrohttpd 0.9.75 sometimes reads the FIN
 * when it resumes the connection, before the answer is queued, and closes it: docs/operating.md.)
 */
Test(hangups, half_closed_client_is_still_served)
{
    rhs_server *s = START("--workers", "1", "--cache-bytes", "0");
    const int running = post_raw(rhs_port(s), "/v1/solve", SLOW(1000), -1);
    rhs_sleep_ms(100);
    const int queued = post_raw(rhs_port(s), "/v1/solve", jam01_grid, -1);
    rhs_sleep_ms(300);
    cr_assert_eq(shutdown(running, SHUT_WR), 0);
    cr_assert_eq(shutdown(queued, SHUT_WR), 0);
    char *first = read_all(running), *second = read_all(queued);
    close(running);
    close(queued);
    expect_answer_or_nothing(first, "HTTP/1.1 422 ");
    expect_answer_or_nothing(second, "HTTP/1.1 200 ");
    free(first);
    free(second);
    cr_assert_eq(metric(s, CANCELLED), 0);
    cr_assert_eq(metric(s, DROPPED), 0);
    cr_assert_eq(metric(s, "rushhourd_search_nodes_expanded_count"), 2, "a search did not end");
    free(stop(s));
}

/* A client that hangs up, with a reset or a plain close (a FIN), has its running search
 * stopped within a few of the watchdog's periods, whatever the route, and a request of several
 * jobs has its others stopped too: the worker is free again at once. The request is logged as
 * 499, which is not sent. */
static void abandon(rhs_server *s, const char *path, const char *body, int jobs, bool with_reset)
{
    const double before = metric(s, CANCELLED) + metric(s, DROPPED);
    const int fd = post_raw(rhs_port(s), path, body, -1);
    /* Hang up once the search runs: a fixed pause lost that race under valgrind. */
    cr_assert_eq(wait_metric(s, "rushhourd_searches_in_flight", 1), 1, "%s never ran", path);
    if (with_reset)
        reset(fd);
    else
        close(fd);
    char needle[128];
    snprintf(needle, sizeof needle, "\"path\":\"%s\",\"status\":499", path);
    cr_assert(wait_log(s, needle, 1 + with_reset), "no 499 for %s in the log", path);
    cr_assert_eq(metric(s, CANCELLED) + metric(s, DROPPED), before + jobs, "%s", path);
    cr_assert_eq(metric(s, "rushhourd_rejected_requests_total{reason=\"shutting_down\"}"), 0,
                 "a hang-up counted as a refusal while shutting down (%s)", path);
    rhs_response r; /* the worker is free: a quick solve gets through at once */
    cr_assert_eq(rhs_post(rhs_port(s), "/v1/solve", "application/json", jam01_grid, &r), 0);
    cr_assert_eq(r.status, 200, "after %s: %ld %s", path, r.status, r.body);
    rhs_response_free(&r);
}

Test(hangups, hang_up_stops_a_running_search)
{
    rhs_server *s = START("--workers", "1", "--cache-bytes", "0");
    for (int with_reset = 0; with_reset < 2; with_reset++) {
        abandon(s, "/v1/solve", SLOW(600000), 1, with_reset);
        abandon(s, "/v1/analyze", SLOW(600000), 1, with_reset);
        abandon(s, "/v1/generate", "{\"min_moves\": 45, \"seed\": 3, \"timeout_ms\": 600000}", 1,
                with_reset);
        abandon(s, "/v1/solve/batch", "{\"puzzles\": [" SLOW(600000) ", " SLOW(600000) "]}", 2,
                with_reset);
    }
    /* Both batches' second jobs (after the FIN, after the reset) are dropped unrun: in the look
     * that cancels the first, or, when the hang-up showed between the watchdog's questions about
     * the queued job and the running one (at valgrind's pace, or as the FIN's 100 Continue draws
     * the reset), by the worker that takes the second once the first is cancelled. (At least:
     * in_flight may still count the last quick solve, and a job hung up on before it runs is
     * dropped too.) */
    cr_assert_geq(metric(s, DROPPED), 2, "a batch's queued job was not dropped");
    free(stop(s));
}

/* The sum of every series of `metric` whose labels start with `labels`. */
static double sum(rhs_server *s, const char *metric, const char *labels)
{
    rhs_response r;
    cr_assert_eq(rhs_get(rhs_admin_port(s), "/metrics", &r), 0, "GET /metrics: %s", r.error);
    char prefix[256];
    const int n = snprintf(prefix, sizeof prefix, "%s{%s", metric, labels);
    double total = 0;
    for (const char *line = r.body; line && *line; line = strchr(line, '\n'), line += !!line)
        if (strncmp(line, prefix, (size_t)n) == 0) total += strtod(strchr(line, ' ') + 1, NULL);
    rhs_response_free(&r);
    return total;
}

/* Waits (at most PATIENCE_MS) for `n` requests to /v1/solve to be counted; returns how many
 * are. */
static double wait_requests(rhs_server *s, double n)
{
    const char *series = "route=\"/v1/solve\",";
    for (const long long until = rhs_now_us() + PATIENCE_MS * 1000LL;
         sum(s, "rushhourd_http_requests_total", series) < n && rhs_now_us() < until;)
        rhs_sleep_ms(10);
    return sum(s, "rushhourd_http_requests_total", series);
}

/* Requests that end before their answer is queued (the client leaves mid-body, or the
 * connection times out, or the client leaves while its search runs or waits) are logged with a
 * real status (499, 408) and counted, like every other request: no "status":0, and the log and
 * the metrics agree. */
Test(hangups, every_request_is_logged_and_counted_once)
{
    rhs_server *s = START("--idle-timeout-s", "1", "--cache-bytes", "0");
    const int port = rhs_port(s);
    for (int i = 0; i < 100; i++)
        close(post_raw(port, "/v1/solve", jam01_grid, -1)); /* then leave */
    cr_assert_eq(wait_requests(s, 100), 100);
    const int left = post_raw(port, "/v1/solve", jam01_grid, 10);
    rhs_sleep_ms(100);
    close(left);
    const int stalled = post_raw(port, "/v1/solve", jam01_grid, 10);
    cr_assert(rhs_wait_stdout(s, "\"status\":408", PATIENCE_MS), "no 408 for the stalled body");
    close(stalled);
    rhs_response r;
    cr_assert_eq(rhs_post(port, "/v1/solve", "application/json", jam01_grid, &r), 0, "%s", r.error);
    cr_assert_eq(r.status, 200);
    rhs_response_free(&r);
    cr_assert_eq(metric(s, SOLVES("408")), 1);
    cr_assert_eq(wait_requests(s, 103), 103); /* each counted once its connection ends */
    char *log = stop(s);
    cr_assert_eq(count(log, "\"path\":\"/v1/solve\""), 103, "%s", log);
    cr_assert_eq(count(log, "\"status\":0"), 0, "%s", log);
    free(log);
}

/* A cheap puzzle queued behind an expensive one in a batch waits past its own deadline: it is
 * told so (queue-timeout, with the time it waited), not given a search-limit "time" with
 * nodes_expanded 0 as if it had been searched. */
Test(hangups, batch_item_whose_deadline_passed_in_the_queue_says_so)
{
    rhs_server *s = START("--workers", "1", "--cache-bytes", "0");
    const char *batch = "{\"puzzles\": [" SLOW(
        1000) ", {\"grid\": [\"bb...g\", \"a..c.g\", "
              "\"axxc.g\", \"a..c..\", \"e...ff\", \"e.ddd.\"], \"options\": "
              "{\"timeout_ms\": 500}}]}";
    rhs_response r;
    cr_assert_eq(rhs_post(rhs_port(s), "/v1/solve/batch", "application/json", batch, &r), 0);
    cr_assert_eq(r.status, 200, "%ld %s", r.status, r.body);
    cJSON *doc = cJSON_Parse(r.body);
    const cJSON *results = cJSON_GetObjectItemCaseSensitive(doc, "results");
    cr_assert_eq(cJSON_GetArraySize(results), 2, "%s", r.body);
    const cJSON *slow = cJSON_GetArrayItem(results, 0), *cheap = cJSON_GetArrayItem(results, 1);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(slow, "limit")), "time");
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(cheap, "type")),
                     "urn:rushhourd:problem:queue-timeout", "%s", r.body);
    cr_assert_eq(cJSON_GetObjectItemCaseSensitive(cheap, "status")->valuedouble, 422);
    cr_assert_null(cJSON_GetObjectItemCaseSensitive(cheap, "stats"), "no search, no statistics");
    const cJSON *timing = cJSON_GetObjectItemCaseSensitive(cheap, "timing_us");
    cr_assert_geq(cJSON_GetObjectItemCaseSensitive(timing, "queue")->valuedouble, 500000, "%s",
                  r.body);
    cr_assert_eq(cJSON_GetObjectItemCaseSensitive(timing, "solve")->valuedouble, 0);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    free(stop(s));
}
