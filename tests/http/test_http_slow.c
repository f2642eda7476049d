/* rushhourd over HTTP with slow clients: the deadlines for a whole header and a whole body
 * (408), the admin listener that keeps probes and metrics answerable, and refused connections
 * counted with their log line rate-limited. */
#define _GNU_SOURCE /* strcasestr */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "http_test.h"

HTTP_SUITE(admin);
HTTP_SUITE(deadlines);
HTTP_SUITE(logs);

/* Sends `text` one byte every `gap_ms` until the server says something; returns when it did,
 * in microseconds from `t0`, or -1 when all of `text` went out unanswered. */
static long long trickle(int fd, const char *text, int gap_ms, long long t0)
{
    for (const char *p = text; *p; p++) {
        if (send(fd, p, 1, MSG_NOSIGNAL) != 1 || readable_within(fd, gap_ms))
            return rhs_now_us() - t0;
    }
    return -1;
}

/* A 408 problem document, on a connection the server then closed, with an X-Request-Id
 * (`id`, or any valid one when NULL), whose detail names the deadline it enforced (`detail`). */
static void expect_408_and_close(const char *reply, bool closed, const char *id, const char *detail)
{
    cr_assert(strncmp(reply, "HTTP/1.1 408 ", 13) == 0, "not a 408: %.300s", reply);
    cr_expect(closed, "the connection stayed open after the 408");
    cr_expect_not_null(strcasestr(reply, "\r\nContent-Type: application/problem+json\r\n"), "%s",
                       reply);
    cr_expect_not_null(strcasestr(reply, "\r\nConnection: close\r\n"), "%s", reply);
    const char *idh = strcasestr(reply, "\r\nX-Request-Id: ");
    cr_assert_not_null(idh, "no X-Request-Id: %s", reply);
    char got[80];
    sscanf(idh + 16, "%79[^\r]", got);
    if (id)
        cr_expect_str_eq(got, id);
    else
        cr_expect(valid_request_id(got), "bad request id '%s'", got);
    const char *body = strstr(reply, "\r\n\r\n");
    cr_assert_not_null(body);
    cJSON *doc = cJSON_Parse(body + 4);
    cr_assert_not_null(doc, "the 408's body is not JSON: %s", body + 4);
    cr_expect_str_eq(jstr(doc, "type"), PROBLEM_PREFIX "request-timeout");
    cr_expect_eq(jnum(doc, "status"), 408);
    cr_expect_str_eq(jstr(doc, "request_id"), got);
    cr_expect_str_eq(jstr(doc, "detail"), detail);
    cJSON_Delete(doc);
}

/* The metrics page from the admin listener. */
static double admin_metric(rhs_server *s, const char *series)
{
    rhs_response m;
    get(rhs_admin_port(s), "/metrics", &m);
    cr_assert_eq(m.status, 200);
    const double v = rhs_metric_value(m.body, series);
    rhs_response_free(&m);
    return v;
}

/* One byte a second would take about 50 s for this header: the deadline (2 s) cuts it, not
 * before, and the server says why and which deadline. How late after it the answer comes is the
 * machine's speed, not a verdict. */
Test(deadlines, header_trickle_answered_408_at_the_deadline)
{
    rhs_server *s = START("--header-timeout-s", "2");
    const long long t0 = rhs_now_us();
    const int fd = raw_connect(rhs_port(s));
    const long long at = trickle(
        fd, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 0123456789\r\n\r\n", 1000, t0);
    char reply[2048];
    const bool closed = read_until_closed(fd, reply, sizeof reply, PATIENCE_MS);
    close(fd);
    cr_assert_geq(at, 0, "no answer before the whole header was sent");
    cr_expect_geq(at, 1900000, "answered after %lld ms, the deadline is 2000 ms", at / 1000);
    expect_408_and_close(reply, closed, NULL, "the request header did not arrive within 2 s");
    cr_expect_eq(admin_metric(s, "rushhourd_request_timeouts_total{phase=\"header\"}"), 1);
    cr_expect(rhs_wait_stdout(s, "\"status\":408", PATIENCE_MS), "no log line for the 408");
    stop_server(s);
}

/* The header at once, then a body at one byte a second: cut at the body's deadline, not before
 * (how late after it is the machine's speed, not a verdict). */
Test(deadlines, slow_body_answered_408_at_the_deadline)
{
    rhs_server *s = START("--body-timeout-s", "2");
    const int fd = raw_connect(rhs_port(s));
    char head[256];
    snprintf(head, sizeof head,
             "POST /v1/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
             "X-Request-Id: slow-body-1\r\nContent-Length: %zu\r\n\r\n",
             strlen(hardest51));
    cr_assert_eq(send(fd, head, strlen(head), MSG_NOSIGNAL), (ssize_t)strlen(head));
    const long long t0 = rhs_now_us();
    const long long at = trickle(fd, hardest51, 1000, t0);
    char reply[2048];
    const bool closed = read_until_closed(fd, reply, sizeof reply, PATIENCE_MS);
    close(fd);
    cr_assert_geq(at, 0, "no answer before the whole body was sent");
    cr_expect_geq(at, 1900000, "answered after %lld ms, the deadline is 2000 ms", at / 1000);
    expect_408_and_close(reply, closed, "slow-body-1",
                         "the request body did not arrive within 2 s");
    cr_expect_eq(admin_metric(s, "rushhourd_request_timeouts_total{phase=\"body\"}"), 1);
    /* The request completes (counted, then logged) once MHD has closed the connection, which
     * may be just after the client saw the close: wait for its log line before counting. */
    cr_assert(rhs_wait_stdout(s, "\"request_id\":\"slow-body-1\"", PATIENCE_MS));
    cr_expect_eq(admin_metric(s, "rushhourd_http_requests_total{route=\"/v1/solve\",method="
                                 "\"POST\",code=\"408\"}"),
                 1);
    char *log = rhs_stdout(s);
    cJSON *line = log_line(log, "request_id", "slow-body-1");
    cr_assert_not_null(line);
    cr_expect_eq(jnum(line, "status"), 408);
    cJSON_Delete(line);
    free(log);
    stop_server(s);
}

/* Slow but within both deadlines (5 s each): header and body in pieces 0.4 s apart, 2 s each,
 * which leaves the server 3 s to see each whole. Then, on the same connection after a
 * keep-alive wait longer than the header deadline (a slow machine only makes it longer), a
 * second request: the wait between requests is the idle timeout's (30 s) business, not the
 * header's. */
Test(deadlines, honest_slow_client_gets_its_answer)
{
    rhs_server *s =
        START("--header-timeout-s", "5", "--body-timeout-s", "5", "--idle-timeout-s", "30");
    const int fd = raw_connect(rhs_port(s));
    char head[256];
    snprintf(head, sizeof head,
             "POST /v1/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
             "Content-Length: %zu\r\n\r\n",
             strlen(hardest51));
    const char *parts[] = {head, hardest51};
    for (int k = 0; k < 2; k++) {
        const size_t n = strlen(parts[k]), step = n / 5 + 1;
        for (size_t off = 0; off < n; off += step) {
            const size_t len = off + step <= n ? step : n - off;
            cr_assert_eq(send(fd, parts[k] + off, len, MSG_NOSIGNAL), (ssize_t)len);
            if (off + step < n || k == 0) rhs_sleep_ms(400);
        }
    }
    char reply[8192];
    cr_assert(readable_within(fd, PATIENCE_MS), "no answer");
    const ssize_t n = recv(fd, reply, sizeof reply - 1, 0);
    cr_assert_gt(n, 0);
    reply[n] = '\0';
    cr_expect(strncmp(reply, "HTTP/1.1 200 ", 13) == 0, "%.300s", reply);
    cr_expect_not_null(strstr(reply, "\"move_count\":51"), "%.300s", reply);

    rhs_sleep_ms(5500); /* more than the header deadline, less than the idle timeout */
    static const char again[] = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    cr_assert_eq(send(fd, again, sizeof again - 1, MSG_NOSIGNAL), (ssize_t)sizeof again - 1);
    cr_assert(readable_within(fd, PATIENCE_MS), "no answer to the second request");
    const ssize_t m = recv(fd, reply, sizeof reply - 1, 0);
    cr_assert_gt(m, 0);
    reply[m] = '\0';
    cr_expect(strncmp(reply, "HTTP/1.1 200 ", 13) == 0, "%.300s", reply);
    close(fd);
    cr_expect_eq(admin_metric(s, "rushhourd_request_timeouts_total{phase=\"header\"}"), 0);
    cr_expect_eq(admin_metric(s, "rushhourd_request_timeouts_total{phase=\"body\"}"), 0);
    stop_server(s);
}

Test(admin, probes_and_metrics_only)
{
    rhs_server *s = start_server(NULL);
    const int admin = rhs_admin_port(s);
    cr_assert_gt(admin, 0, "no admin port in the start line");
    cr_assert_neq(admin, rhs_port(s));
    static const struct {
        const char *path;
        long status;
    } want[] = {{"/healthz", 200}, {"/readyz", 200},       {"/metrics", 200},
                {"/version", 404}, {"/openapi.yaml", 404}, {"/", 404}};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        rhs_response r;
        get(admin, want[k].path, &r);
        cr_expect_eq(r.status, want[k].status, "GET %s on the admin port: %ld", want[k].path,
                     r.status);
        rhs_response_free(&r);
    }
    rhs_response r;
    post_to(admin, "/v1/solve", "application/json", jam01_grid, &r);
    cJSON_Delete(expect_problem(&r, 404, "not-found"));
    rhs_response_free(&r);
    get(rhs_port(s), "/healthz", &r); /* still on the main port too */
    cr_expect_eq(r.status, 200);
    rhs_response_free(&r);
    stop_server(s);
}

Test(admin, off)
{
    rhs_server *s = START("--admin-port", "off");
    cr_expect_eq(rhs_admin_port(s), -1);
    char port[16];
    snprintf(port, sizeof port, "%d", rhs_port(s));
    char *err;
    const int code = healthcheck(
        (const char *const[]){"--healthcheck", "--port", port, "--admin-port", "off", NULL}, &err);
    cr_expect_eq(code, 0, "without an admin port the health check asks the main port: %d %s", code,
                 err);
    free(err);
    stop_server(s);
}

/* The main port full (16 idle connections on a limit of 8): the probes still answer. */
Test(admin, probes_answer_while_the_main_port_is_full)
{
    rhs_server *s = START("--max-connections", "8", "--max-connections-per-ip", "0");
    int fds[16];
    for (int i = 0; i < 16; i++) fds[i] = raw_connect(rhs_port(s));
    rhs_sleep_ms(200);
    rhs_response r;
    rhs_request q = {.method = "GET", .path = "/healthz", .timeout_ms = 1000};
    rhs_http(rhs_port(s), &q, &r);
    cr_expect_neq(r.status, 200, "the main port is not full: the test proves nothing");
    rhs_response_free(&r);
    for (int k = 0; k < 5; k++) {
        get(rhs_admin_port(s), k % 2 ? "/readyz" : "/healthz", &r);
        cr_expect_eq(r.status, 200);
        rhs_response_free(&r);
    }
    for (int i = 0; i < 16; i++) close(fds[i]);
    stop_server(s);
}

/* 300 connections refused at the per-address limit: counted, and logged one line a second. */
Test(logs, refused_connections_counted_and_rate_limited)
{
    rhs_server *s = START("--max-connections-per-ip", "2");
    const int hold[2] = {raw_connect(rhs_port(s)), raw_connect(rhs_port(s))};
    rhs_sleep_ms(100);
    const long long t0 = rhs_now_us();
    int refused = 0;
    for (int i = 0; i < 300; i++) {
        const int fd = raw_connect(rhs_port(s));
        char byte;
        refused += readable_within(fd, PATIENCE_MS) && recv(fd, &byte, 1, 0) <= 0;
        close(fd);
    }
    const double seconds = (double)(rhs_now_us() - t0) / 1e6;
    cr_assert_eq(refused, 300, "only %d of 300 connections were refused", refused);
    rhs_response m = {0};
    const double counted = rhs_get(rhs_admin_port(s), "/metrics", &m) == 0
                               ? rhs_metric_value(m.body, "rushhourd_connections_refused_total")
                               : -1;
    rhs_response_free(&m);
    close(hold[0]);
    close(hold[1]);
    cr_assert_eq(rhs_stop(s, PATIENCE_MS), 0);
    check_stderr(s);
    char *log = rhs_stdout(s);
    int lines = 0;
    for (const char *p = log; (p = strstr(p, "Server reached connection limit")); p++) lines++;
    cr_expect_leq(lines, (int)seconds + 2, "%d log lines for 300 refusals in %.1f s", lines,
                  seconds);
    cr_expect_geq(lines, 1, "the refusals were not logged at all");
    cr_expect_eq(counted, 300, "rushhourd_connections_refused_total is %g", counted);
    free(log);
    rhs_free(s);
}
