/* rushhourd as a process: --healthcheck, bad configuration, and the JSON log. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include <netinet/in.h>
#include <unistd.h>

#include "http_test.h"

HTTP_SUITE(logs);
HTTP_SUITE(process);

/* ---- 10: the process ---- */

static int closed_port(void)
{
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    cr_assert_geq(fd, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = 0};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    cr_assert_eq(bind(fd, (struct sockaddr *)&a, sizeof a), 0);
    socklen_t len = sizeof a;
    cr_assert_eq(getsockname(fd, (struct sockaddr *)&a, &len), 0);
    close(fd); /* bound, never listened: nothing answers there */
    return ntohs(a.sin_port);
}

/* The documented form: the flag first, then the settings. */
Test(process, healthcheck_flag_first)
{
    rhs_server *s = start_server(NULL);
    char port[16], admin[16];
    snprintf(port, sizeof port, "%d", rhs_port(s));
    snprintf(admin, sizeof admin, "%d", rhs_admin_port(s));
    char *err;
    const int code = healthcheck(
        (const char *const[]){"--healthcheck", "--port", port, "--admin-port", admin, NULL}, &err);
    cr_expect_eq(code, 0,
                 "`rushhourd --healthcheck --port %s --admin-port %s` against a running server "
                 "exited %d: %s",
                 port, admin, code, err);
    free(err);
    const int code3 =
        healthcheck((const char *const[]){"--healthcheck", "--bind", "127.0.0.1", "--port", port,
                                          "--admin-port", admin, NULL},
                    &err);
    cr_expect_eq(code3, 0, "`rushhourd --healthcheck --bind 127.0.0.1 --port %s` exited %d: %s",
                 port, code3, err);
    free(err);
    stop_server(s);
}

Test(process, healthcheck)
{
    rhs_server *s = start_server(NULL);
    char port[16], port_eq[32], admin[16];
    snprintf(port, sizeof port, "%d", rhs_port(s));
    snprintf(admin, sizeof admin, "%d", rhs_admin_port(s));
    snprintf(port_eq, sizeof port_eq, "--port=%d", rhs_port(s));
    char *err;
    int code = healthcheck(
        (const char *const[]){"--port", port, "--admin-port", admin, "--healthcheck", NULL}, &err);
    cr_assert_eq(code, 0, "healthcheck against a running server: %d (%s)", code, err);
    free(err);
    code = healthcheck((const char *const[]){"--healthcheck", port_eq, "--admin-port", admin, NULL},
                       &err);
    cr_assert_eq(code, 0, "healthcheck against a running server: %d (%s)", code, err);
    free(err);
    stop_server(s);

    /* A port nothing listens on: a failure, but not a configuration error (2). The health
     * check asks the admin port when there is one. */
    snprintf(port, sizeof port, "%d", closed_port());
    code = healthcheck(
        (const char *const[]){"--port", "1", "--admin-port", port, "--healthcheck", NULL}, &err);
    cr_assert_neq(code, 0, "healthcheck succeeded against a closed port");
    cr_assert_neq(code, -1, "healthcheck against a closed port hung");
    cr_assert_neq(code, 2, "healthcheck rejected its configuration: %s", err);
    free(err);
}

/* The image's HEALTHCHECK runs `rushhourd --healthcheck` with no settings of its own: it
 * follows the ports the server was started with, here by flag, read from the server's process
 * (PID 1 in a container, named here); flags given to the check still win. */
Test(process, healthcheck_follows_the_flags_of_the_server_process)
{
    if (getenv("RHS_WRAPPER")) cr_skip_test("the server runs under a wrapper, not as rushhourd");
    char port[16], admin[16], other[16], pid[32];
    snprintf(port, sizeof port, "%d", closed_port());
    snprintf(admin, sizeof admin, "%d", closed_port());
    snprintf(other, sizeof other, "%d", closed_port());
    rhs_server *s =
        start_server((const char *const[]){"--port", port, "--admin-port", admin, NULL});
    cr_assert_eq(rhs_admin_port(s), atoi(admin), "the server did not take the admin port asked");
    snprintf(pid, sizeof pid, "--healthcheck=%d", (int)rhs_pid(s));
    char *err;
    int code = healthcheck((const char *const[]){pid, NULL}, &err);
    cr_expect_eq(code, 0, "`rushhourd %s` (admin port %s by flag) exited %d: %s", pid, admin, code,
                 err);
    free(err);
    code = healthcheck((const char *const[]){pid, "--admin-port", other, NULL}, &err);
    cr_expect_eq(code, 1, "a closed admin port given to the check: exit %d: %s", code, err);
    free(err);
    code = healthcheck((const char *const[]){"--healthcheck=x", NULL}, &err);
    cr_expect_eq(code, 2, "--healthcheck=x: exit %d: %s", code, err);
    free(err);
    stop_server(s);
}

Test(process, bad_configuration_exits_2)
{
    const char *const argv[] = {RHD_BIN, "--port", "70000", NULL};
    char *out, *err;
    const int code = rhs_run(argv, 10000, &out, &err);
    cr_assert_eq(code, 2, "exit %d; stderr: %s", code, err);
    cr_assert_not_null(strstr(err, "--port"), "stderr does not name --port: %s", err);
    free(out);
    free(err);

    /* Every bad setting is reported, not only the first. */
    const char *const two[] = {RHD_BIN, "--port", "70000", "--workers", "lots", NULL};
    const int code2 = rhs_run(two, 10000, &out, &err);
    cr_assert_eq(code2, 2);
    cr_assert_not_null(strstr(err, "--port"), "%s", err);
    cr_assert_not_null(strstr(err, "--workers"), "%s", err);
    free(out);
    free(err);
}

/* ---- 11: the log ---- */

Test(logs, request_lines_and_json)
{
    rhs_server *s = start_server(NULL);
    const int port = rhs_port(s);
    rhs_response r;
    const char *h1[] = {"X-Request-Id: log-check-1", NULL};
    rhs_request q1 = {.method = "GET", .path = "/healthz", .headers = h1};
    cr_assert_eq(rhs_http(port, &q1, &r), 0);
    rhs_response_free(&r);
    const char *h2[] = {"X-Request-Id: log-check-2", "Content-Type: application/json", NULL};
    rhs_request q2 = {.method = "POST",
                      .path = "/v1/solve",
                      .headers = h2,
                      .body = jam01_grid,
                      .body_len = strlen(jam01_grid)};
    cr_assert_eq(rhs_http(port, &q2, &r), 0);
    cr_assert_eq(r.status, 200);
    rhs_response_free(&r);
    get(port, "/no-such-page", &r);
    rhs_response_free(&r);
    cr_assert(rhs_wait_stdout(s, "\"request_id\":\"log-check-2\"", 3000), "no log line for it");
    cr_assert(rhs_wait_stdout(s, "\"request_id\":\"log-check-1\"", 3000), "no log line for it");
    cr_assert_eq(rhs_stop(s, 10000), 0);
    check_stderr(s);

    char *log = rhs_stdout(s);
    cJSON *l1 = log_line(log, "request_id", "log-check-1");
    cr_assert_not_null(l1, "the request's log line is not JSON");
    cr_assert_str_eq(jstr(l1, "event"), "request");
    cr_assert_str_eq(jstr(l1, "method"), "GET");
    cr_assert_str_eq(jstr(l1, "path"), "/healthz");
    cr_assert_eq(jnum(l1, "status"), 200);
    cr_assert_geq(jnum(l1, "duration_us"), 0);
    cJSON_Delete(l1);
    cJSON *l2 = log_line(log, "request_id", "log-check-2");
    cr_assert_not_null(l2);
    cr_assert_str_eq(jstr(l2, "event"), "request");
    cr_assert_str_eq(jstr(l2, "method"), "POST");
    cr_assert_str_eq(jstr(l2, "path"), "/v1/solve");
    cr_assert_eq(jnum(l2, "status"), 200);
    cr_assert_gt(jnum(l2, "duration_us"), 0);
    cr_assert_str_eq(jstr(l2, "algorithm"), "bfs");
    cr_assert_gt(jnum(l2, "nodes"), 0);
    cr_assert_null(cJSON_GetObjectItem(l2, "client"), "debug fields at level info");
    cJSON_Delete(l2);

    /* Every line is a JSON object with time, level and event; the first is the start, the last
     * the stop. */
    int lines = 0;
    const char *first_event = NULL, *last_event = NULL;
    char first[32] = "", last[32] = "";
    for (const char *line = log; *line;) {
        const char *end = strchr(line, '\n');
        cr_assert_not_null(end, "the log ends without a newline: %s", line);
        cJSON *doc = cJSON_ParseWithLength(line, (size_t)(end - line));
        cr_assert(cJSON_IsObject(doc), "not a JSON object: %.*s", (int)(end - line), line);
        jstr(doc, "time");
        jstr(doc, "level");
        const char *event = jstr(doc, "event");
        snprintf(lines == 0 ? first : last, 32, "%s", event);
        first_event = first;
        last_event = last;
        cJSON_Delete(doc);
        lines++;
        line = end + 1;
    }
    cr_assert_geq(lines, 5, "only %d log lines", lines);
    cr_assert_str_eq(first_event, "start");
    cr_assert_str_eq(last_event, "stop");
    free(log);
    rhs_free(s);
}

/* --log-level debug adds to each request's line who asked (address, User-Agent), the target
 * as sent, the Content-Type and the bytes in and out. */
Test(logs, debug_adds_the_client_and_the_bytes)
{
    rhs_server *s = start_server((const char *const[]){"--log-level", "debug", NULL});
    const char *h[] = {"X-Request-Id: log-debug-1", "Content-Type: application/json",
                       "User-Agent: tester/1.0 \"quoted\"", NULL};
    rhs_request q = {.method = "POST",
                     .path = "/v1/solve?x=1",
                     .headers = h,
                     .body = jam01_grid,
                     .body_len = strlen(jam01_grid)};
    rhs_response r;
    cr_assert_eq(rhs_http(rhs_port(s), &q, &r), 0);
    cr_assert_eq(r.status, 200);
    const size_t reply_bytes = r.body_len;
    rhs_response_free(&r);
    cr_assert(rhs_wait_stdout(s, "\"request_id\":\"log-debug-1\"", 3000), "no log line for it");
    char *log = rhs_stdout(s);
    stop_server(s);
    cJSON *line = log_line(log, "request_id", "log-debug-1");
    cr_assert_not_null(line, "the request's log line is not JSON: %s", log);
    cr_expect_str_eq(jstr(line, "client"), "127.0.0.1");
    cr_expect_str_eq(jstr(line, "target"), "/v1/solve?x=1");
    cr_expect_str_eq(jstr(line, "user_agent"), "tester/1.0 \"quoted\"");
    cr_expect_str_eq(jstr(line, "content_type"), "application/json");
    cr_expect_eq(jnum(line, "body_bytes"), (double)strlen(jam01_grid));
    cr_expect_eq(jnum(line, "reply_bytes"), (double)reply_bytes);
    cJSON_Delete(line);
    free(log);
}

/* The answer cache: a repeated puzzle is answered from it, in whatever form it comes, with the
 * same solution; other options are other answers; --cache-bytes 0 turns it off. */

/* The start line states the limits in force, a clamped setting is said, and so are
 * RUSHHOURD_* variables that name no setting. */
Test(logs, start_states_effective_limits_and_warns)
{
    cr_assert_eq(setenv("RHS_ENV_RUSHHOURD_QUEUE_LENGHT", "10", 1), 0); /* a typo */
    rhs_server *s = START("--batch-max", "100", "--queue-length", "10", "--max-nodes", "12345");
    cr_assert(rhs_wait_stdout(s, "unknown_environment", 3000), "no warning for the typo");
    cr_assert_eq(rhs_stop(s, 10000), 0);
    check_stderr(s);
    char *log = rhs_stdout(s);
    cJSON *start = log_line(log, "event", "start");
    cr_assert_not_null(start);
    cr_expect_eq(jnum(start, "batch_max"), 10);
    cr_expect_eq(jnum(start, "queue_length"), 10);
    cr_expect_eq(jnum(start, "max_nodes"), 12345);
    cr_expect_gt(jnum(start, "max_body_bytes"), 0);
    cr_expect_gt(jnum(start, "header_timeout_s"), 0);
    cJSON *clamped = log_line(log, "event", "setting_clamped");
    cr_assert_not_null(clamped, "batch_max 100 was cut to the queue's 10 silently");
    cr_expect_str_eq(jstr(clamped, "setting"), "batch_max");
    cr_expect_eq(jnum(clamped, "configured"), 100);
    cr_expect_eq(jnum(clamped, "effective"), 10);
    cJSON *unknown = log_line(log, "event", "unknown_environment");
    cr_assert_not_null(unknown);
    cr_expect_str_eq(jstr(unknown, "level"), "warn");
    cr_expect_str_eq(jstr(unknown, "names"), "RUSHHOURD_QUEUE_LENGHT");
    cJSON_Delete(start);
    cJSON_Delete(clamped);
    cJSON_Delete(unknown);
    free(log);
    rhs_free(s);
}
