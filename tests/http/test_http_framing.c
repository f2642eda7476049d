/* rushhourd against request smuggling (issue 12, RFC 9112 §6.3 and §3.2): the real binary,
 * driven over raw sockets with the exact bytes of each attack. Every refused message gets one
 * problem+json answer with X-Request-Id, and the connection is closed, so that no byte after
 * the refused headers runs as a request of its own. Honest framing (Content-Length, chunked,
 * keep-alive) still works. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "http_test.h"

#ifndef RHD_BIN
#error "RHD_BIN must name the rushhourd binary"
#endif

static rhs_server *server;

/* One server for the suite, small body limit (1 KiB) for the oversized-body cases. */
static void setup(void)
{
    char err[2048];
    const char *const args[] = {"--max-body-bytes", "1KiB", NULL};
    server = rhs_start(RHD_BIN, args, PATIENCE_MS, err, sizeof err);
    cr_assert_not_null(server, "rushhourd did not start: %s", err);
}

/* Criterion 2.4.1 neither counts nor prints an expectation that fails in .fini: a server that
 * did not stop cleanly is reported on stderr (where ctest also looks for sanitizer reports) and
 * the test aborts, which fails it. */
static void teardown(void)
{
    const int code = rhs_stop(server, 10000);
    const bool clean = server_stderr_clean(server);
    rhs_free(server);
    if (code != 0 || !clean) {
        fprintf(stderr, "rushhourd exited with %d after SIGTERM%s\n", code,
                clean ? "" : ", with a sanitizer report");
        abort();
    }
}

TestSuite(framing, .init = setup, .fini = teardown);

/* What came back on one connection within the wait. */
typedef struct {
    char data[16384];
    bool closed; /* the server closed the connection (EOF or reset) */
} exchange;

/* Sends `bytes` (NULs included) on a new connection and reads what comes back. */
static void send_raw(const char *bytes, size_t len, exchange *x, int wait_ms)
{
    const int fd = raw_connect(rhs_port(server));
    raw_send(fd, bytes, len); /* the server may close before taking everything */
    x->closed = read_until_closed(fd, x->data, sizeof x->data, wait_ms);
    close(fd);
}

#define SEND(x, literal) send_raw(literal, sizeof literal - 1, x, PATIENCE_MS)

/* How many status lines "HTTP/1.1 <status> " with this status (0: any) are in `data`. */
static int answers(const char *data, int status)
{
    int n = 0;
    for (const char *p = data; (p = strstr(p, "HTTP/1.1 ")); p++) {
        int got = 0, len = 0;
        if (sscanf(p, "HTTP/1.1 %3d %n", &got, &len) == 1 && len == 13 &&
            (!status || got == status))
            n++;
    }
    return n;
}

/* Exactly one answer, `status` as problem+json of type `slug` with an X-Request-Id, and the
 * connection closed by the server. */
static void expect_refused(const exchange *x, int status, const char *slug)
{
    char line[64], type[128];
    snprintf(line, sizeof line, "HTTP/1.1 %d ", status);
    snprintf(type, sizeof type, "\"type\":\"urn:rushhourd:problem:%s\"", slug);
    cr_expect_eq(strncmp(x->data, line, strlen(line)), 0, "expected %d, got:\n%s", status, x->data);
    cr_expect_eq(answers(x->data, 0), 1, "not exactly one answer:\n%s", x->data);
    cr_expect_not_null(strstr(x->data, "Content-Type: application/problem+json\r\n"),
                       "not problem+json:\n%s", x->data);
    cr_expect_not_null(strstr(x->data, "X-Request-Id: "), "no X-Request-Id:\n%s", x->data);
    cr_expect_not_null(strstr(x->data, type), "not a %s problem:\n%s", slug, x->data);
    cr_expect_not_null(strstr(x->data, "Connection: close\r\n"), "no Connection: close:\n%s",
                       x->data);
    cr_expect(x->closed, "the connection stayed open:\n%s", x->data);
}

static const char solve_body[] =
    "{\"grid\":[\"bb...g\",\"a..c.g\",\"axxc.g\",\"a..c..\",\"e...ff\",\"e.ddd.\"]}";

/* The first Content-Length used to win, and the rest of the body ran as a second request. */
Test(framing, two_content_lengths)
{
    exchange x;
    SEND(&x, "POST /v1/solve HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\nContent-Length: 54\r\n"
             "\r\nGET /metrics HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n");
    expect_refused(&x, 400, "bad-request");
    cr_expect_null(strstr(x.data, "rushhourd_"), "the smuggled GET /metrics was served");
}

/* Content-Length beside Transfer-Encoding: the connection stayed open for the next bytes. */
Test(framing, content_length_with_chunked)
{
    exchange x;
    SEND(&x, "POST /v1/solve HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n"
             "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /metrics HTTP/1.1\r\nHost: a\r\n\r\n");
    expect_refused(&x, 400, "bad-request");
    cr_expect_null(strstr(x.data, "rushhourd_"), "the smuggled GET /metrics was served");
}

/* Any transfer coding but exactly "chunked" used to get no answer until the idle timeout. */
Test(framing, transfer_coding_identity)
{
    exchange x;
    SEND(&x, "POST /v1/solve HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: identity\r\n\r\n{}");
    expect_refused(&x, 501, "not-implemented");
}

Test(framing, transfer_coding_gzip_chunked)
{
    exchange x;
    SEND(&x, "POST /v1/solve HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
             "2\r\n{}\r\n0\r\n\r\n");
    expect_refused(&x, 501, "not-implemented");
}

Test(framing, transfer_coding_xchunked)
{
    exchange x;
    SEND(&x, "POST /v1/solve HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: xchunked\r\n\r\n"
             "2\r\n{}\r\n0\r\n\r\n");
    expect_refused(&x, 501, "not-implemented");
}

/* A raw NUL cut the target: "/v1/solve\0.png" solved. */
Test(framing, nul_in_target_post)
{
    char req[512];
    const int n = snprintf(req, sizeof req,
                           "POST /v1/solve@.png HTTP/1.1\r\nHost: a\r\nContent-Type: "
                           "application/json\r\nContent-Length: %zu\r\n\r\n%s",
                           strlen(solve_body), solve_body);
    *strchr(req, '@') = '\0';
    exchange x;
    send_raw(req, (size_t)n, &x, PATIENCE_MS);
    expect_refused(&x, 400, "bad-request");
}

/* "/metrics\0/../x" served the metrics. */
Test(framing, nul_in_target_get)
{
    exchange x;
    SEND(&x, "GET /metrics\0/../x HTTP/1.1\r\nHost: a\r\n\r\n");
    expect_refused(&x, 400, "bad-request");
    cr_expect_null(strstr(x.data, "rushhourd_"), "the metrics were served");
}

/* "Transfer-Encoding: chunked\0x" was read as chunked. */
Test(framing, nul_in_header_value)
{
    exchange x;
    SEND(&x, "POST /v1/solve HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
             "Transfer-Encoding: chunked\0x\r\n\r\n"
             "40\r\n{\"grid\":[\"bb...g\",\"a..c.g\",\"axxc.g\",\"a..c..\",\"e...ff\",\"e.ddd.\"]}"
             "\r\n0\r\n\r\n");
    expect_refused(&x, 400, "bad-request");
}

Test(framing, space_before_colon)
{
    exchange x;
    SEND(&x, "GET /healthz HTTP/1.1\r\nHost : a\r\n\r\n");
    expect_refused(&x, 400, "bad-request");
}

Test(framing, no_host)
{
    exchange x;
    SEND(&x, "GET /healthz HTTP/1.1\r\nX-Request-Id: framing-1\r\n\r\n");
    expect_refused(&x, 400, "bad-request");
    cr_expect_not_null(strstr(x.data, "X-Request-Id: framing-1\r\n"), "the id is not echoed");
}

Test(framing, two_hosts)
{
    exchange x;
    SEND(&x, "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n");
    expect_refused(&x, 400, "bad-request");
}

/* A chunked body past the limit was read and dropped for as long as the client sent it: now
 * the 413 comes as soon as the body passes the limit, and the connection closes. The client
 * sends five chunks of 256 bytes (the limit is four) and never ends the body: an answer proves
 * the server did not wait for the end, however slow it is. The client then keeps its end open
 * while the server stops, the rest of the body still unread (under the bound the server drops
 * after an early 413): the drain (20 s by default) waits for replies not yet out, not for this
 * one, so the server exits well within 10 s. */
Test(framing, oversized_chunked_body_answered_at_the_limit)
{
    const int fd = raw_connect(rhs_port(server));
    static const char head[] = "POST /v1/solve HTTP/1.1\r\nHost: a\r\nContent-Type: "
                               "application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
    raw_send(fd, head, sizeof head - 1);
    char chunk[5 + 256 + 2];
    memcpy(chunk, "100\r\n", 5);
    memset(chunk + 5, ' ', 256);
    memcpy(chunk + 5 + 256, "\r\n", 2);
    for (int i = 0; i < 5; i++) raw_send(fd, chunk, sizeof chunk);
    exchange x;
    x.closed = read_until_closed(fd, x.data, sizeof x.data, PATIENCE_MS);
    expect_refused(&x, 413, "body-too-large");
    const int code = rhs_stop(server, 10000);
    close(fd);
    cr_expect_eq(code, 0, "rushhourd exited with %d after SIGTERM, a 413's client still there",
                 code);
}

/* ---- honest framing still works ---- */

static int status_of(const char *response)
{
    int status = 0;
    return sscanf(response, "HTTP/1.1 %d ", &status) == 1 ? status : 0;
}

Test(framing, content_length_and_chunked_bodies_solve)
{
    char req[512];
    int n = snprintf(req, sizeof req,
                     "POST /v1/solve HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
                     "Content-Length: %zu\r\nConnection: close\r\n\r\n%s",
                     strlen(solve_body), solve_body);
    exchange x;
    send_raw(req, (size_t)n, &x, PATIENCE_MS);
    cr_expect_eq(status_of(x.data), 200, "Content-Length body:\n%s", x.data);
    n = snprintf(req, sizeof req,
                 "POST /v1/solve HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
                 "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n10\r\n%.16s\r\n%zx\r\n%s"
                 "\r\n0\r\n\r\n",
                 solve_body, strlen(solve_body) - 16, solve_body + 16);
    send_raw(req, (size_t)n, &x, PATIENCE_MS);
    cr_expect_eq(status_of(x.data), 200, "chunked body:\n%s", x.data);
    cr_expect_not_null(strstr(x.data, "\"status\":\"solved\""), "not solved:\n%s", x.data);
}

/* Two requests on one keep-alive connection, and an HTTP/1.0 request without Host. */
Test(framing, keep_alive_and_http10)
{
    exchange x;
    SEND(&x, "GET /healthz HTTP/1.1\r\nHost: a\r\n\r\nGET /version HTTP/1.1\r\nHost: a\r\n"
             "Connection: close\r\n\r\n");
    cr_expect_eq(answers(x.data, 200), 2, "two answers expected:\n%s", x.data);
    SEND(&x, "GET /healthz HTTP/1.0\r\n\r\n");
    cr_expect_eq(strncmp(x.data, "HTTP/1.1 200 ", 13), 0, "HTTP/1.0 without Host:\n%s", x.data);
}

/* ---- libmicrohttpd's own refusals ---- */

/* A request libmicrohttpd 0.9.75 refuses itself (docs/api.md: its own answers) reaches no handler;
 * it was answered but never counted. Each is now counted under route "other" with its status. */
Test(framing, refusals_of_the_http_library_are_counted)
{
    static const struct {
        int status;
        const char *head;
        size_t pad; /* bytes of 'x' between head and tail */
        const char *tail;
    } cases[] = {
        {431, "GET /healthz HTTP/1.1\r\nHost: a\r\nX-Big: ", 40000, "\r\n\r\n"},
        {414, "GET /", 40000, " HTTP/1.1\r\nHost: a\r\n\r\n"},
        {400, "GET /healthz HTTP/1.1\r\nHost: a\r\nno colon", 0, "\r\n\r\n"},
        {505, "GET /healthz HTTP/9.1\r\nHost: a", 0, "\r\n\r\n"},
    };
    static char bytes[40100];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        size_t n = strlen(cases[i].head);
        memcpy(bytes, cases[i].head, n);
        memset(bytes + n, 'x', cases[i].pad);
        n += cases[i].pad;
        memcpy(bytes + n, cases[i].tail, strlen(cases[i].tail));
        n += strlen(cases[i].tail);
        exchange x;
        send_raw(bytes, n, &x, PATIENCE_MS);
        cr_expect_eq(answers(x.data, cases[i].status), 1, "expected %d:\n%.200s", cases[i].status,
                     x.data);
        char series[128];
        snprintf(series, sizeof series,
                 "rushhourd_http_requests_total{route=\"other\",method=\"OTHER\",code=\"%d\"}",
                 cases[i].status);
        cr_expect_eq(await_metric(server, series, 1), 1, "%s", series);
    }
}
