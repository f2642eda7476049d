/* rushhourd over HTTP under load: back-pressure (503), forty levels from eight threads, the
 * SIGTERM drain, and searches stopped when their client hangs up. Threads never call
 * cr_assert: they record what they saw and the test's main thread checks it. No verdict rests
 * on the machine's speed: searches that must hold a worker last until their client hangs up
 * (busy_16x16), and waits poll with a hang guard (PATIENCE_MS). Left out of the valgrind pass:
 * it would only make them slow. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include <pthread.h>
#include <signal.h>

#include "http_test.h"
#include "reference.h"

/* Waits (at most PATIENCE_MS) until /metrics (on the admin port) shows `series` at exactly
 * `want`; returns the last value. */
static double await_gauge(rhs_server *s, const char *series, double want)
{
    double v = -1;
    for (const long long until = rhs_now_us() + PATIENCE_MS * 1000LL; rhs_now_us() < until;) {
        rhs_response r;
        get(rhs_admin_port(s), "/metrics", &r);
        v = rhs_metric_value(r.body, series);
        rhs_response_free(&r);
        if (v == want) break;
        rhs_sleep_ms(20);
    }
    return v;
}

/* Waits (at most PATIENCE_MS) until the log holds `needle` `n` times. */
static bool await_log(rhs_server *s, const char *needle, int n)
{
    for (const long long until = rhs_now_us() + PATIENCE_MS * 1000LL;;) {
        char *log = rhs_stdout(s);
        int seen = 0;
        for (const char *p = log; p && (p = strstr(p, needle)); p += strlen(needle)) seen++;
        free(log);
        if (seen >= n) return true;
        if (rhs_now_us() >= until) return false;
        rhs_sleep_ms(20);
    }
}

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

/* One search runs and one waits, neither able to end while the test runs: each further search
 * is refused at once with 503 and Retry-After, and liveness still answers. */
Test(load, queue_full_503)
{
    rhs_server *s =
        START("--workers", "1", "--queue-length", "1", "--memory-budget-bytes", "512MiB");
    const int port = rhs_port(s);
    const int running = raw_post(port, "/v1/solve", busy_16x16);
    cr_assert_eq(await_gauge(s, "rushhourd_searches_in_flight", 1), 1, "no search runs");
    const int queued = raw_post(port, "/v1/solve", busy_16x16);
    cr_assert_eq(await_gauge(s, "rushhourd_queue_depth", 1), 1, "no search waits");
    enum { N = 6 };
    one_post posts[N];
    pthread_t threads[N];
    for (int i = 0; i < N; i++) {
        posts[i] = (one_post){.port = port, .body = slow_16x16, .timeout_ms = PATIENCE_MS};
        cr_assert_eq(pthread_create(&threads[i], NULL, post_thread, &posts[i]), 0);
    }
    /* While the only worker is busy, liveness still answers. */
    rhs_request health = {.method = "GET", .path = "/healthz"};
    rhs_response r;
    const int health_rc = rhs_http(port, &health, &r);
    const long health_status = r.status;
    rhs_response_free(&r);
    for (int i = 0; i < N; i++) pthread_join(threads[i], NULL);
    cr_assert_eq(health_rc, 0, "/healthz failed while the workers were busy");
    cr_assert_eq(health_status, 200);
    cr_assert_eq(await_gauge(s, "rushhourd_searches_in_flight", 1), 1);

    for (int i = 0; i < N; i++) {
        const one_post *t = &posts[i];
        cr_assert_eq(t->code, CURLE_OK, "request %d: %s", i, t->error);
        cr_assert_eq(t->status, 503, "request %d got %ld (%s)", i, t->status, t->type);
        cr_assert_str_eq(t->type, PROBLEM_PREFIX "queue-full");
        cr_assert_gt(strlen(t->retry_after), 0, "503 without Retry-After");
        cr_assert_geq(atoi(t->retry_after), 1, "Retry-After: %s", t->retry_after);
    }
    const double v = await_metric(s, "rushhourd_rejected_requests_total{reason=\"queue_full\"}", N);
    cr_assert_eq(v, (double)N, "queue_full counter %g, %d rejections seen", v, N);

    /* The two admitted searches end when their clients hang up. */
    raw_reset(running);
    raw_reset(queued);
    cr_assert(await_log(s, "\"status\":499", 2), "the hung-up searches were not given up");
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
                           .timeout_ms = PATIENCE_MS};
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

Test(load, forty_levels_eight_threads)
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
    _Atomic long long *mark_us; /* 0, then when the test looked at the work the server held */
    /* results */
    int ok, unavailable, bad, hung, refused, reset, requests;
    int ok_after_mark;              /* 200s received after *mark_us */
    long long earliest_503_done_us; /* when the earliest 503 was received (0: none) */
    char bad_detail[512];
} drain_runner;

static void *drain_thread(void *arg)
{
    drain_runner *t = arg;
    CURL *h = curl_easy_init();
    const long long until = rhs_now_us() + PATIENCE_MS * 1000LL;
    for (int i = 0; i < 1000 && !atomic_load(t->stop) && rhs_now_us() < until; i++) {
        rhs_request req = {.method = "POST",
                           .path = "/v1/solve",
                           .body = moderate_unsolvable,
                           .body_len = strlen(moderate_unsolvable),
                           .handle = h,
                           .timeout_ms = PATIENCE_MS};
        rhs_response r;
        rhs_http(t->port, &req, &r);
        const long long done = rhs_now_us();
        const long long mark = atomic_load(t->mark_us);
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
                t->ok_after_mark += r.status == 200 && mark && done > mark;
            } else if (r.status == 503 && type &&
                       strcmp(type, PROBLEM_PREFIX "shutting-down") == 0) {
                t->unavailable++;
                if (!t->earliest_503_done_us || done < t->earliest_503_done_us)
                    t->earliest_503_done_us = done;
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

/* SIGTERM while six clients keep two workers busy: every search the server held when the test
 * looked (just before the signal) is answered 200 by the drain, no 503 comes before the
 * signal, and the server exits 0. */
Test(load, sigterm_drains)
{
    /* --grace-s 600: the drain's deadline is out of reach, however slow the searches. */
    rhs_server *s = START("--workers", "2", "--grace-s", "600");
    const int port = rhs_port(s);
    enum { T = 6 };
    atomic_bool stop = false;
    _Atomic long long mark_us = 0;
    drain_runner runners[T];
    pthread_t threads[T];
    for (int i = 0; i < T; i++) {
        runners[i] = (drain_runner){.port = port, .stop = &stop, .mark_us = &mark_us};
        cr_assert_eq(pthread_create(&threads[i], NULL, drain_thread, &runners[i]), 0);
    }
    /* Wait until the server holds work (running or queued), however long that takes. */
    double held = 0;
    for (const long long until = rhs_now_us() + PATIENCE_MS * 1000LL;
         held < 3 && rhs_now_us() < until;) {
        atomic_store(&mark_us, rhs_now_us());
        rhs_response m;
        get(rhs_admin_port(s), "/metrics", &m);
        held = rhs_metric_value(m.body, "rushhourd_searches_in_flight") +
               rhs_metric_value(m.body, "rushhourd_queue_depth");
        rhs_response_free(&m);
        if (held < 3) rhs_sleep_ms(5);
    }
    const long long sigterm_us = rhs_now_us();
    cr_assert_eq(rhs_signal(s, SIGTERM), 0);
    int status = 0;
    const int waited = rhs_wait_exit(s, PATIENCE_MS, &status);
    atomic_store(&stop, true);
    for (int i = 0; i < T; i++) pthread_join(threads[i], NULL);
    cr_assert_geq(held, 3, "the server never held three searches at once");
    cr_assert_eq(waited, 0, "rushhourd did not exit after SIGTERM");
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "exit status %#x", status);

    int ok = 0, ok_after_mark = 0, unavailable = 0, refused = 0, reset = 0, requests = 0;
    for (int i = 0; i < T; i++) {
        const drain_runner *t = &runners[i];
        cr_assert_eq(t->hung, 0, "thread %d: %d requests hung", i, t->hung);
        cr_assert_eq(t->bad, 0, "thread %d: unexpected reply %s", i, t->bad_detail);
        if (t->earliest_503_done_us)
            cr_assert_geq(t->earliest_503_done_us, sigterm_us, "a 503 came %lld us before SIGTERM",
                          sigterm_us - t->earliest_503_done_us);
        ok += t->ok;
        ok_after_mark += t->ok_after_mark;
        unavailable += t->unavailable;
        refused += t->refused;
        reset += t->reset;
        requests += t->requests;
    }
    /* The searches held at the mark were admitted before the signal: the drain answers them. */
    cr_assert_geq(ok_after_mark, (int)held,
                  "%d searches held before SIGTERM, %d answered 200 after", (int)held,
                  ok_after_mark);
    cr_log_info("drain: %d requests, %d x 200, %d x 503, %d refused, %d reset", requests, ok,
                unavailable, refused, reset);

    char *log = rhs_stdout(s);
    const char *draining = strstr(log, "\"event\":\"draining\"");
    const char *stopped = strstr(log, "\"event\":\"stop\"");
    cr_assert_not_null(draining, "no draining event in the log");
    cr_assert_not_null(stopped, "no stop event in the log");
    cr_assert_lt(draining, stopped, "stop logged before draining");
    free(log);
    cr_assert_eq(rhs_stop(s, PATIENCE_MS), 0);
    check_stderr(s);
    rhs_free(s);
}

/* While a search keeps the drain going: connections opened before SIGTERM are answered (503
 * for new work, with Retry-After), and a new connection is refused or answered, never left
 * waiting for the drain to end. The search cannot end on its own while the test runs, nor can
 * the drain (--grace-s 600): its client hangs up at the end, and the server then exits 0. */
Test(load, drain_answers_or_refuses)
{
    rhs_server *s = START("--workers", "1", "--memory-budget-bytes", "512MiB", "--grace-s", "600");
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

    /* A search accepted before the signal. */
    const int search = raw_post(port, "/v1/solve", busy_16x16);
    cr_assert_eq(await_gauge(s, "rushhourd_searches_in_flight", 1), 1, "the search never started");
    cr_assert_eq(rhs_signal(s, SIGTERM), 0);
    const bool draining = rhs_wait_stdout(s, "\"event\":\"draining\"", PATIENCE_MS);

    /* On a connection opened before the drain: readiness is off, new searches are refused. */
    rhs_request readyz = {.method = "GET", .path = "/readyz", .handle = a};
    const int ready_rc = rhs_http(port, &readyz, &r);
    const long ready_status = r.status;
    char ready_retry[32] = "";
    rhs_header(&r, "Retry-After", ready_retry, sizeof ready_retry);
    rhs_response_free(&r);
    rhs_request solve = {.method = "POST",
                         .path = "/v1/solve",
                         .body = jam01_grid,
                         .body_len = strlen(jam01_grid),
                         .handle = b};
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

    /* A new connection: refused, or answered, while the drain goes on (it cannot end before the
     * hang-up below, so a connection left waiting would wait out the whole PATIENCE_MS). */
    rhs_request fresh = {.method = "GET", .path = "/healthz"};
    rhs_http(port, &fresh, &r);
    const CURLcode fresh_code = r.code;
    const long fresh_status = r.status;
    char fresh_error[CURL_ERROR_SIZE];
    snprintf(fresh_error, sizeof fresh_error, "%s", r.error);
    rhs_response_free(&r);

    int status = 0;
    const bool alive = rhs_wait_exit(s, 0, &status) != 0; /* the search holds the drain */
    raw_reset(search);
    const int waited = rhs_wait_exit(s, PATIENCE_MS, &status);
    curl_easy_cleanup(a);
    curl_easy_cleanup(b);

    cr_assert(draining, "no draining event");
    cr_expect(alive, "the drain did not wait for the running search");
    cr_assert_eq(waited, 0, "rushhourd did not exit after its drain");
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "exit status %#x", status);
    cr_expect(await_log(s, "\"path\":\"/v1/solve\",\"status\":499", 1),
              "the hung-up search was not logged as 499");
    cr_expect_eq(ready_rc, 0, "/readyz on an open connection during the drain got no reply");
    cr_expect_eq(ready_status, 503, "/readyz during the drain: %ld", ready_status);
    cr_expect_geq(atoi(ready_retry), 1, "/readyz 503 without Retry-After");
    cr_expect_eq(solve_rc, 0, "a solve on an open connection during the drain got no reply");
    cr_expect_eq(solve_status, 503, "a solve during the drain: %ld", solve_status);
    cr_expect_str_eq(solve_type, PROBLEM_PREFIX "shutting-down");
    cr_expect(fresh_code == CURLE_COULDNT_CONNECT || fresh_code == CURLE_OK,
              "a new connection during the drain was neither refused nor answered: %s (status "
              "%ld)",
              fresh_error, fresh_status);
    rhs_stop(s, PATIENCE_MS);
    check_stderr(s);
    rhs_free(s);
}

/* Posts `body` to `path` and hangs up after 300 ms, long before the work could end (its
 * deadline is 600 s): the server must stop the work (a 499 in its log) and free the worker. */
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
    cr_assert(rhs_wait_stdout(s, needle, PATIENCE_MS), "no 499 for %s in the log: %s", path,
              rhs_stdout(s));
    /* The worker is free again: a quick solve gets through at once. */
    cJSON *doc = solve_ok(rhs_port(s), "application/json", jam01_grid, 8);
    cJSON_Delete(doc);
}

Test(disconnect, abandoned_search_stops)
{
    rhs_server *s = START("--workers", "1", "--cache-bytes", "0");
    abandon(s, "/v1/solve", busy_16x16);
    abandon(s, "/v1/analyze", busy_16x16);
    char *batch = malloc(strlen(busy_16x16) + strlen(jam01_grid) + 32);
    cr_assert_not_null(batch);
    sprintf(batch, "{\"puzzles\": [%s, %s]}", busy_16x16, jam01_grid);
    abandon(s, "/v1/solve/batch", batch);
    abandon(s, "/v1/generate", "{\"min_moves\": 45, \"seed\": 3, \"timeout_ms\": 600000}");
    free(batch);
    stop_server(s);
}

/* One search runs and one waits, neither able to end while the test runs: the queue has one
 * place left, and a batch of two is refused whole. */
Test(load, batch_queue_takes_the_whole_batch_or_none)
{
    rhs_server *s = START("--workers", "1", "--queue-length", "2");
    const int port = rhs_port(s);
    const int running = raw_post(port, "/v1/solve", busy_16x16);
    cr_assert_eq(await_gauge(s, "rushhourd_searches_in_flight", 1), 1, "no search runs");
    const int queued = raw_post(port, "/v1/solve", busy_16x16);
    cr_assert_eq(await_gauge(s, "rushhourd_queue_depth", 1), 1, "no search waits");
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
    /* The two searches end when their clients hang up; with the queue free again, the same
     * batch is taken and both puzzles run. */
    raw_reset(running);
    raw_reset(queued);
    cr_assert_eq(await_gauge(s, "rushhourd_searches_in_flight", 0), 0);
    cr_assert_eq(await_gauge(s, "rushhourd_queue_depth", 0), 0);
    post_to(port, "/v1/solve/batch", "application/json", body, &r);
    cJSON *doc;
    const cJSON *results = batch_results(&r, 2, &doc);
    cr_assert_eq(jnum(jobj(cJSON_GetArrayItem(results, 1), "solution"), "move_count"), 51);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    stop_server(s);
}
