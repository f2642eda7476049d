/* rushhourd over HTTP under load: back-pressure (503), forty levels from eight threads, the
 * SIGTERM drain, and searches stopped when their client hangs up. Threads never call
 * cr_assert: they record what they saw and the test's main thread checks it. Left out of the
 * valgrind pass: they are about timing. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include <pthread.h>
#include <signal.h>

#include "http_test.h"
#include "reference.h"

HTTP_SUITE(disconnect);
HTTP_SUITE(load);

/* ---- 7: back-pressure ---- */

typedef struct {
    int port;
    const char *body;
    long timeout_ms;
    /* results */
    long status;
    CURLcode code;
    char type[128];
    char retry_after[32];
    char error[CURL_ERROR_SIZE];
} one_post;

static void *post_thread(void *arg)
{
    one_post *t = arg;
    rhs_request req = {.method = "POST",
                       .path = "/v1/solve",
                       .body = t->body,
                       .body_len = strlen(t->body),
                       .timeout_ms = t->timeout_ms};
    rhs_response r;
    rhs_http(t->port, &req, &r);
    t->status = r.status;
    t->code = r.code;
    snprintf(t->error, sizeof t->error, "%s", r.error);
    rhs_header(&r, "Retry-After", t->retry_after, sizeof t->retry_after);
    cJSON *doc = cJSON_ParseWithLength(r.body, r.body_len);
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "type"));
    snprintf(t->type, sizeof t->type, "%s", type ? type : "");
    cJSON_Delete(doc);
    rhs_response_free(&r);
    return NULL;
}

Test(load, queue_full_503, .timeout = 60)
{
    rhs_server *s =
        START("--workers", "1", "--queue-length", "1", "--memory-budget-bytes", "512MiB");
    const int port = rhs_port(s);
    enum { N = 8 };
    one_post posts[N];
    pthread_t threads[N];
    for (int i = 0; i < N; i++) {
        posts[i] = (one_post){.port = port, .body = slow_16x16, .timeout_ms = 15000};
        cr_assert_eq(pthread_create(&threads[i], NULL, post_thread, &posts[i]), 0);
    }
    /* While the only worker is busy, liveness still answers at once. */
    rhs_sleep_ms(200);
    rhs_request health = {.method = "GET", .path = "/healthz", .timeout_ms = 2000};
    rhs_response r;
    const int health_rc = rhs_http(port, &health, &r);
    const long health_status = r.status;
    rhs_response_free(&r);
    for (int i = 0; i < N; i++) pthread_join(threads[i], NULL);
    cr_assert_eq(health_rc, 0, "/healthz failed while the workers were busy");
    cr_assert_eq(health_status, 200);

    int rejected = 0, accepted = 0;
    for (int i = 0; i < N; i++) {
        const one_post *t = &posts[i];
        cr_assert_eq(t->code, CURLE_OK, "request %d: %s", i, t->error);
        cr_assert(t->status == 200 || t->status == 422 || t->status == 503,
                  "request %d got %ld (%s)", i, t->status, t->type);
        if (t->status == 503) {
            rejected++;
            cr_assert_str_eq(t->type, PROBLEM_PREFIX "queue-full");
            cr_assert_gt(strlen(t->retry_after), 0, "503 without Retry-After");
            cr_assert_geq(atoi(t->retry_after), 1, "Retry-After: %s", t->retry_after);
        } else {
            accepted++;
        }
    }
    cr_assert_geq(rejected, 1, "no 503 with 1 worker, a queue of 1 and %d requests", N);
    cr_assert_geq(accepted, 1, "every request was refused");

    const double v =
        await_metric(s, "rushhourd_rejected_requests_total{reason=\"queue_full\"}", rejected);
    cr_assert_eq(v, (double)rejected, "queue_full counter %g, %d rejections seen", v, rejected);
    stop_server(s);
}

/* ---- 8: concurrency ---- */

typedef struct {
    int port, index;
    const rh_ref_set *set;
    int ok, failed;
    char first_failure[512];
} level_runner;

static void level_fail(level_runner *t, const char *name, const char *what, const char *detail)
{
    if (!t->failed++)
        snprintf(t->first_failure, sizeof t->first_failure, "%s: %s: %s", name, what, detail);
}

static void *levels_thread(void *arg)
{
    level_runner *t = arg;
    CURL *h = curl_easy_init(); /* one handle per thread: keep-alive */
    const int n = t->set->count;
    for (int k = 0; k < n; k++) {
        const rh_ref *ref = &t->set->items[(k + t->index * 5) % n];
        char *body = grid_body(&ref->puzzle, NULL);
        rhs_request req = {.method = "POST",
                           .path = "/v1/solve",
                           .body = body,
                           .body_len = body ? strlen(body) : 0,
                           .handle = h,
                           .timeout_ms = 20000};
        rhs_response r;
        if (!body || rhs_http(t->port, &req, &r) != 0) {
            level_fail(t, ref->name, "no response", body ? r.error : "no body");
            if (body) rhs_response_free(&r);
            free(body);
            continue;
        }
        cJSON *doc = cJSON_ParseWithLength(r.body, r.body_len);
        const char *status = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "status"));
        char why[256] = "";
        if (r.status != 200 || !status || strcmp(status, "solved") != 0) {
            level_fail(t, ref->name, "not solved", r.body);
        } else {
            const int moves = verify_solution(&ref->puzzle, doc, why, sizeof why);
            if (moves < 0) {
                level_fail(t, ref->name, "illegal solution", why);
            } else if (moves != ref->min_moves) {
                snprintf(why, sizeof why, "%d moves, expected %d", moves, ref->min_moves);
                level_fail(t, ref->name, "wrong length", why);
            } else {
                t->ok++;
            }
        }
        cJSON_Delete(doc);
        rhs_response_free(&r);
        free(body);
    }
    curl_easy_cleanup(h);
    return NULL;
}

Test(load, forty_levels_eight_threads, .timeout = 60)
{
    rh_ref_set set;
    cr_assert_eq(rh_ref_load(&set, "jam40.tsv"), 0);
    cr_assert_eq(set.count, 40);
    rhs_server *s = start_server(NULL);
    enum { T = 8 };
    level_runner runners[T];
    pthread_t threads[T];
    for (int i = 0; i < T; i++) {
        runners[i] = (level_runner){.port = rhs_port(s), .index = i, .set = &set};
        cr_assert_eq(pthread_create(&threads[i], NULL, levels_thread, &runners[i]), 0);
    }
    for (int i = 0; i < T; i++) pthread_join(threads[i], NULL);
    int ok = 0;
    for (int i = 0; i < T; i++) {
        cr_expect_eq(runners[i].failed, 0, "thread %d: %d failures, first: %s", i,
                     runners[i].failed, runners[i].first_failure);
        ok += runners[i].ok;
    }
    cr_assert_eq(ok, T * set.count, "%d of %d solves right", ok, T * set.count);
    stop_server(s);
    rh_ref_free(&set);
}

/* ---- 9: SIGTERM under load ---- */

typedef struct {
    int port;
    atomic_bool *stop;
    /* results */
    int ok, unavailable, bad, hung, refused, reset, requests;
    long long first_start_us;        /* when this thread's first request began */
    long long earliest_503_start_us; /* when the earliest request answered 503 began (0: none) */
    char bad_detail[512];
} drain_runner;

static void *drain_thread(void *arg)
{
    drain_runner *t = arg;
    CURL *h = curl_easy_init();
    const long long until = rhs_now_us() + 12 * 1000000LL;
    for (int i = 0; i < 200 && !atomic_load(t->stop) && rhs_now_us() < until; i++) {
        const long long started = rhs_now_us();
        if (i == 0) t->first_start_us = started;
        rhs_request req = {.method = "POST",
                           .path = "/v1/solve",
                           .body = moderate_unsolvable,
                           .body_len = strlen(moderate_unsolvable),
                           .handle = h,
                           .timeout_ms = 10000};
        rhs_response r;
        rhs_http(t->port, &req, &r);
        t->requests++;
        if (r.code == CURLE_OK) {
            cJSON *doc = cJSON_ParseWithLength(r.body, r.body_len);
            const char *status =
                cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "status"));
            const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "type"));
            /* A search that waited long in the queue of a slow machine (a sanitizer build,
             * a busy host) may reach its deadline, running or still queued: a 422 time limit
             * or queue-timeout is an answer too. */
            const char *limit =
                cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "limit"));
            if ((r.status == 200 && status && strcmp(status, "unsolvable") == 0) ||
                (r.status == 422 && limit && strcmp(limit, "time") == 0) ||
                (r.status == 422 && type && strcmp(type, PROBLEM_PREFIX "queue-timeout") == 0)) {
                t->ok++;
            } else if (r.status == 503 && type &&
                       strcmp(type, PROBLEM_PREFIX "shutting-down") == 0) {
                t->unavailable++;
                if (!t->earliest_503_start_us || started < t->earliest_503_start_us)
                    t->earliest_503_start_us = started;
            } else {
                if (!t->bad++)
                    snprintf(t->bad_detail, sizeof t->bad_detail, "%ld %s", r.status, r.body);
            }
            cJSON_Delete(doc);
        } else if (r.code == CURLE_OPERATION_TIMEDOUT) {
            t->hung++;
        } else if (r.code == CURLE_COULDNT_CONNECT) {
            t->refused++; /* the listener is closed: the drain has begun */
            rhs_response_free(&r);
            break;
        } else {
            t->reset++; /* closed without a reply */
            rhs_response_free(&r);
            break;
        }
        rhs_response_free(&r);
    }
    curl_easy_cleanup(h);
    return NULL;
}

Test(load, sigterm_drains, .timeout = 60)
{
    rhs_server *s = START("--workers", "2");
    enum { T = 6 };
    atomic_bool stop = false;
    drain_runner runners[T];
    pthread_t threads[T];
    for (int i = 0; i < T; i++) {
        runners[i] = (drain_runner){.port = rhs_port(s), .stop = &stop};
        cr_assert_eq(pthread_create(&threads[i], NULL, drain_thread, &runners[i]), 0);
    }
    rhs_sleep_ms(300);
    const long long sigterm_us = rhs_now_us();
    cr_assert_eq(rhs_signal(s, SIGTERM), 0);
    int status = 0;
    const int waited = rhs_wait_exit(s, 15000, &status);
    atomic_store(&stop, true);
    for (int i = 0; i < T; i++) pthread_join(threads[i], NULL);
    cr_assert_eq(waited, 0, "rushhourd did not exit within 15 s of SIGTERM");
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "exit status %#x", status);

    int ok = 0, unavailable = 0, refused = 0, reset = 0, requests = 0;
    for (int i = 0; i < T; i++) {
        const drain_runner *t = &runners[i];
        cr_assert_eq(t->hung, 0, "thread %d: %d requests hung", i, t->hung);
        cr_assert_eq(t->bad, 0, "thread %d: unexpected reply %s", i, t->bad_detail);
        /* The first wave was queued long before the signal: it must be answered 200. */
        if (t->earliest_503_start_us)
            cr_assert_geq(t->earliest_503_start_us, sigterm_us - 250000,
                          "a request sent %lld ms before SIGTERM got 503",
                          (sigterm_us - t->earliest_503_start_us) / 1000);
        ok += t->ok;
        unavailable += t->unavailable;
        refused += t->refused;
        reset += t->reset;
        requests += t->requests;
    }
    cr_assert_geq(ok, T, "only %d requests answered 200", ok);
    cr_log_info("drain: %d requests, %d x 200, %d x 503, %d refused, %d reset", requests, ok,
                unavailable, refused, reset);

    char *log = rhs_stdout(s);
    const char *draining = strstr(log, "\"event\":\"draining\"");
    const char *stopped = strstr(log, "\"event\":\"stop\"");
    cr_assert_not_null(draining, "no draining event in the log");
    cr_assert_not_null(stopped, "no stop event in the log");
    cr_assert_lt(draining, stopped, "stop logged before draining");
    free(log);
    cr_assert_eq(rhs_stop(s, 1000), 0);
    check_stderr(s);
    rhs_free(s);
}

/* While a search keeps the drain going: connections opened before SIGTERM are answered (503
 * for new work, with Retry-After), and a new connection is refused or answered at once, never
 * left waiting for the drain to end. */
Test(load, drain_answers_or_refuses, .timeout = 30)
{
    rhs_server *s = START("--workers", "1", "--memory-budget-bytes", "512MiB");
    const int port = rhs_port(s);
    CURL *a = curl_easy_init(), *b = curl_easy_init();
    cr_assert(a && b);
    rhs_response r;
    rhs_request warm_a = {.method = "GET", .path = "/healthz", .handle = a};
    rhs_request warm_b = {.method = "GET", .path = "/healthz", .handle = b};
    cr_assert_eq(rhs_http(port, &warm_a, &r), 0, "%s", r.error);
    rhs_response_free(&r);
    cr_assert_eq(rhs_http(port, &warm_b, &r), 0, "%s", r.error);
    rhs_response_free(&r);

    /* A search that runs for 2 s, accepted before the signal. */
    char *slow = strdup(slow_16x16);
    char *at = strstr(slow, "\"timeout_ms\":1500");
    cr_assert_not_null(at);
    memcpy(at, "\"timeout_ms\":2000", 17);
    one_post search = {.port = port, .body = slow, .timeout_ms = 15000};
    pthread_t thread;
    cr_assert_eq(pthread_create(&thread, NULL, post_thread, &search), 0);
    const double running = await_metric(s, "rushhourd_searches_in_flight", 1);
    if (running < 1) pthread_join(thread, NULL); /* its result says why */
    cr_assert_geq(running, 1, "the search never started: %ld %s", search.status, search.error);
    cr_assert_eq(rhs_signal(s, SIGTERM), 0);
    const bool draining = rhs_wait_stdout(s, "\"event\":\"draining\"", 2000);

    /* On a connection opened before the drain: readiness is off, new searches are refused. */
    rhs_request readyz = {.method = "GET", .path = "/readyz", .handle = a, .timeout_ms = 3000};
    const int ready_rc = rhs_http(port, &readyz, &r);
    const long ready_status = r.status;
    char ready_retry[32] = "";
    rhs_header(&r, "Retry-After", ready_retry, sizeof ready_retry);
    rhs_response_free(&r);
    rhs_request solve = {.method = "POST",
                         .path = "/v1/solve",
                         .body = jam01_grid,
                         .body_len = strlen(jam01_grid),
                         .handle = b,
                         .timeout_ms = 3000};
    const int solve_rc = rhs_http(port, &solve, &r);
    const long solve_status = r.status;
    cJSON *solve_doc = cJSON_ParseWithLength(r.body, r.body_len);
    char solve_type[128];
    snprintf(solve_type, sizeof solve_type, "%s",
             cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(solve_doc, "type"))
                 ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(solve_doc, "type"))
                 : "");
    cJSON_Delete(solve_doc);
    rhs_response_free(&r);

    /* A new connection: refused, or answered, within a second, while the drain goes on. */
    rhs_request fresh = {.method = "GET", .path = "/healthz", .timeout_ms = 1000};
    const long long t0 = rhs_now_us();
    rhs_http(port, &fresh, &r);
    const long long fresh_ms = (rhs_now_us() - t0) / 1000;
    const CURLcode fresh_code = r.code;
    const long fresh_status = r.status;
    char fresh_error[CURL_ERROR_SIZE];
    snprintf(fresh_error, sizeof fresh_error, "%s", r.error);
    rhs_response_free(&r);

    pthread_join(thread, NULL);
    int status = 0;
    const int waited = rhs_wait_exit(s, 15000, &status);
    curl_easy_cleanup(a);
    curl_easy_cleanup(b);
    free(slow);

    cr_assert(draining, "no draining event");
    cr_assert_eq(waited, 0, "rushhourd did not exit after its drain");
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "exit status %#x", status);
    cr_expect_eq(search.code, CURLE_OK, "the accepted search got no reply: %s", search.error);
    cr_expect_eq(search.status, 422, "the accepted search got %ld (%s)", search.status,
                 search.type);
    cr_expect_eq(ready_rc, 0, "/readyz on an open connection during the drain got no reply");
    cr_expect_eq(ready_status, 503, "/readyz during the drain: %ld", ready_status);
    cr_expect_geq(atoi(ready_retry), 1, "/readyz 503 without Retry-After");
    cr_expect_eq(solve_rc, 0, "a solve on an open connection during the drain got no reply");
    cr_expect_eq(solve_status, 503, "a solve during the drain: %ld", solve_status);
    cr_expect_str_eq(solve_type, PROBLEM_PREFIX "shutting-down");
    cr_expect(fresh_code == CURLE_COULDNT_CONNECT || fresh_code == CURLE_OK,
              "a new connection during the drain was neither refused nor answered: %s after "
              "%lld ms (status %ld)",
              fresh_error, fresh_ms, fresh_status);
    rhs_stop(s, 1000);
    check_stderr(s);
    rhs_free(s);
}

static char *slow_body(int timeout_ms)
{
    char *body = strdup(slow_16x16);
    cr_assert_not_null(body);
    char *t = strstr(body, "1500");
    cr_assert_not_null(t);
    char digits[5];
    snprintf(digits, sizeof digits, "%04d", timeout_ms);
    memcpy(t, digits, 4);
    return body;
}

/* Posts `body` to `path` and hangs up after 300 ms: the server must stop the work (a 499 in
 * its log) and free the worker. */
static void abandon(rhs_server *s, const char *path, const char *body)
{
    const char *const headers[] = {"Content-Type: application/json", NULL};
    rhs_request req = {.method = "POST",
                       .path = path,
                       .headers = headers,
                       .body = body,
                       .body_len = strlen(body),
                       .timeout_ms = 300};
    rhs_response r;
    rhs_http(rhs_port(s), &req, &r); /* times out: the client hangs up */
    rhs_response_free(&r);
    char needle[128];
    snprintf(needle, sizeof needle, "\"path\":\"%s\",\"status\":499", path);
    cr_assert(rhs_wait_stdout(s, needle, 3000), "no 499 for %s in the log: %s", path,
              rhs_stdout(s));
    /* The worker is free again: a quick solve gets through at once. */
    cJSON *doc = solve_ok(rhs_port(s), "application/json", jam01_grid, 8);
    cJSON_Delete(doc);
}

Test(disconnect, abandoned_search_stops)
{
    rhs_server *s = START("--workers", "1", "--cache-bytes", "0");
    char *slow = slow_body(9000); /* far beyond the client's patience */
    abandon(s, "/v1/solve", slow);
    abandon(s, "/v1/analyze", slow);
    char *batch = malloc(strlen(slow) + strlen(jam01_grid) + 32);
    cr_assert_not_null(batch);
    sprintf(batch, "{\"puzzles\": [%s, %s]}", slow, jam01_grid);
    abandon(s, "/v1/solve/batch", batch);
    abandon(s, "/v1/generate", "{\"min_moves\": 45, \"seed\": 3, \"timeout_ms\": 9000}");
    free(batch);
    free(slow);
    stop_server(s);
}

/* In the load suite: it races a search's deadline against the requests that follow it, which
 * a server slowed down by valgrind can lose. */
Test(load, batch_queue_takes_the_whole_batch_or_none, .timeout = 60)
{
    rhs_server *s = START("--workers", "1", "--queue-length", "2");
    const int port = rhs_port(s);
    /* One slow search runs, one waits: the queue has one place left, a batch needs two. */
    char *slow = slow_body(4000);
    one_post posts[2];
    pthread_t threads[2];
    for (int i = 0; i < 2; i++) {
        posts[i] = (one_post){.port = port, .body = slow, .timeout_ms = 30000};
        cr_assert_eq(pthread_create(&threads[i], NULL, post_thread, &posts[i]), 0);
        if (i == 0) await_metric(s, "rushhourd_searches_in_flight", 1);
    }
    cr_assert_eq(await_metric(s, "rushhourd_queue_depth", 1), 1);
    char body[1024];
    snprintf(body, sizeof body,
             "{\"puzzles\": [%s, {\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\"}]}",
             jam01_grid);
    rhs_response r;
    post_to(port, "/v1/solve/batch", "application/json", body, &r);
    cJSON_Delete(expect_problem(&r, 503, "queue-full"));
    char retry[16];
    cr_assert(rhs_header(&r, "Retry-After", retry, sizeof retry));
    cr_assert_str_eq(retry, "1");
    rhs_response_free(&r);
    /* Nothing of the refused batch was queued. */
    rhs_response m;
    get(rhs_admin_port(s), "/metrics", &m);
    cr_assert_eq(rhs_metric_value(m.body, "rushhourd_queue_depth"), 1, "%s", m.body);
    rhs_response_free(&m);
    for (int i = 0; i < 2; i++) pthread_join(threads[i], NULL);
    free(slow);
    for (int i = 0; i < 2; i++) cr_assert_eq(posts[i].status, 422, "slow search %d", i);
    /* With the queue free again, the same batch is taken and both puzzles run. */
    post_to(port, "/v1/solve/batch", "application/json", body, &r);
    cJSON *doc;
    const cJSON *results = batch_results(&r, 2, &doc);
    cr_assert_eq(jnum(jobj(cJSON_GetArrayItem(results, 1), "solution"), "move_count"), 51);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    stop_server(s);
}
