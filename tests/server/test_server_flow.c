/* The steps of a request without a connection (request_flow.c): routing on each listener, the
 * header's answers (404, 405, 204, 415, 413), request ids, CORS, the body limit, the status and
 * count of a request's end, and libmicrohttpd's own messages. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "config_load.h"
#include "log.h"
#include "metrics.h"
#include "request_flow.h"
#include "routes/route_table.h"
#include "text_lines.h"

static rhd_config cfg;
static rhd_traffic traffic;

static void setup(void)
{
    char err[ERR_LEN];
    char *flags[] = {"--cors-origins=https://a.example", NULL};
    cr_assert_eq(load_config(&cfg, NULL, flags, 2, err), 0, "%s", err);
    rhd_log_set_level(RHD_LOG_ERROR); /* the access lines are fuzz_http_inputs' to check */
    rhd_route_name_metrics();
    rhd_metrics_reset();
    traffic.id_seed = 42;
}

TestSuite(flow, .init = setup);

/* Begins a request on the main listener with a Host header and, when not NULL, these. */
static rhd_request *begin(const char *method, const char *path, const char *content_type,
                          const char *request_id, const char *origin)
{
    rhd_request *r = rhd_flow_new(path, strlen(path));
    cr_assert_not_null(r);
    r->cfg = &cfg;
    rhd_http_field fields[3] = {{"Host", 4, "a", 1}};
    size_t n = 1;
    if (content_type)
        fields[n++] = (rhd_http_field){"Content-Type", 12, content_type, strlen(content_type)};
    if (request_id)
        fields[n++] = (rhd_http_field){"X-Request-Id", 12, request_id, strlen(request_id)};
    const rhd_request_head h = {.path = path,
                                .method = method,
                                .version = "HTTP/1.1",
                                .fields = fields,
                                .field_count = n,
                                .origin = origin};
    rhd_flow_begin(r, &h, &traffic);
    return r;
}

static char *render(void)
{
    char *text = rhd_metrics_render("1");
    cr_assert_not_null(text);
    return text;
}

Test(flow, routes_on_each_listener)
{
    cr_expect_eq(rhd_route_find("/v1/solve", false, false, false), RHD_ROUTE_SOLVE);
    cr_expect_eq(rhd_route_find("/v1/solve/batch", false, false, false), RHD_ROUTE_BATCH);
    cr_expect_eq(rhd_route_find("/v1/solve/", false, false, false), RHD_ROUTE_OTHER);
    cr_expect_eq(rhd_route_find("/", false, false, false), RHD_ROUTE_OTHER,
                 "the playground is off");
    cr_expect_eq(rhd_route_find("/", true, false, false), RHD_ROUTE_PAGE);
    cr_expect_eq(rhd_route_find("/healthz", false, false, true), RHD_ROUTE_HEALTHZ);
    cr_expect_eq(rhd_route_find("/metrics", false, false, true), RHD_ROUTE_METRICS);
    cr_expect_eq(rhd_route_find("/v1/solve", false, false, true), RHD_ROUTE_OTHER,
                 "the admin listener serves probes and metrics only");
    cr_expect_eq(rhd_route_find("/", true, false, true), RHD_ROUTE_OTHER);
    cr_expect_eq(rhd_route_find("/metrics", false, false, false), RHD_ROUTE_OTHER,
                 "the public listener serves the metrics only with --public-metrics on");
    cr_expect_eq(rhd_route_find("/metrics", false, true, false), RHD_ROUTE_METRICS);
    cr_expect_eq(rhd_route_find("/healthz", false, false, false), RHD_ROUTE_HEALTHZ);
}

Test(flow, routes_the_page_files_by_exact_name_nested_ones_too)
{
    cr_expect_eq(rhd_route_find("/web/app.js", true, false, false), RHD_ROUTE_WEB_FILE);
    cr_expect_eq(rhd_route_find("/web/engine/rushhour.wasm", true, false, false),
                 RHD_ROUTE_WEB_FILE);
    cr_expect_eq(rhd_route_find("/web/engine/solver.js", false, false, false), RHD_ROUTE_OTHER,
                 "the playground is off");
    const char *unknown[] = {"/web/engine/app.js",     "/web/x/app.js",
                             "/web/engine/",           "/web/engine",
                             "/web/engine//solver.js", "/web/engine/../app.js"};
    for (size_t i = 0; i < sizeof unknown / sizeof *unknown; i++)
        cr_expect_eq(rhd_route_find(unknown[i], true, false, false), RHD_ROUTE_OTHER, "%s",
                     unknown[i]);
}

Test(flow, answers_decided_by_the_header)
{
    rhd_request *r = begin("GET", "/nowhere", NULL, NULL, NULL);
    cr_expect_eq(r->status, 404);
    cr_expect_eq(r->phase, RHD_REPLYING);
    cr_expect_eq(r->route, RHD_ROUTE_OTHER);
    rhd_flow_end(r, RHD_END_COMPLETED, NULL, &traffic);

    r = begin("GET", "/v1/solve", NULL, NULL, NULL);
    cr_expect_eq(r->status, 405);
    cr_expect_str_eq(r->allow, "POST, OPTIONS");
    rhd_flow_end(r, RHD_END_COMPLETED, NULL, &traffic);

    r = begin("OPTIONS", "/version", NULL, NULL, NULL);
    cr_expect_eq(r->status, 204);
    cr_expect_str_eq(r->allow, "GET, HEAD, OPTIONS");
    rhd_flow_end(r, RHD_END_COMPLETED, NULL, &traffic);

    r = begin("POST", "/v1/solve/batch", "text/plain", NULL, NULL);
    cr_expect_eq(r->status, 415, "a batch is JSON only");
    rhd_flow_end(r, RHD_END_COMPLETED, NULL, &traffic);

    cr_expect_eq(atomic_load(&traffic.active), 0);
}

Test(flow, a_body_to_read_as_its_type_says)
{
    rhd_request *r = begin("POST", "/v1/solve", "text/plain; charset=utf-8", NULL, NULL);
    cr_expect_eq(r->status, 0);
    cr_expect_eq(r->phase, RHD_READING);
    cr_expect(r->body_is_text);
    cr_expect(r->http11);
    cr_expect_eq(atomic_load(&traffic.active), 1);
    rhd_flow_end(r, RHD_END_CLIENT_GONE, NULL, &traffic);
    r = begin("POST", "/v1/hint", "application/json", NULL, NULL);
    cr_expect_eq(r->status, 0);
    cr_expect_not(r->body_is_text);
    rhd_flow_end(r, RHD_END_CLIENT_GONE, NULL, &traffic);
    cr_expect_eq(atomic_load(&traffic.active), 0);
}

Test(flow, request_ids_echoed_or_made_up)
{
    rhd_request *r = begin("GET", "/version", NULL, "client-id:1", NULL);
    cr_expect_str_eq(r->request_id, "client-id:1");
    rhd_flow_end(r, RHD_END_COMPLETED, NULL, &traffic);
    char made[2][RHD_REQUEST_ID_MAX + 1];
    for (int k = 0; k < 2; k++) {
        r = begin("GET", "/version", NULL, k ? "not plain\"" : NULL, NULL);
        cr_expect_eq(strlen(r->request_id), 16);
        cr_expect_eq(strspn(r->request_id, "0123456789abcdef"), 16, "%s", r->request_id);
        strcpy(made[k], r->request_id);
        rhd_flow_end(r, RHD_END_COMPLETED, NULL, &traffic);
    }
    cr_expect_str_neq(made[0], made[1]);
}

Test(flow, origin_kept_only_when_cors_allows_it)
{
    rhd_request *r = begin("GET", "/version", NULL, NULL, "https://a.example");
    cr_expect_str_eq(r->origin, "https://a.example");
    rhd_flow_end(r, RHD_END_COMPLETED, NULL, &traffic);
    r = begin("GET", "/version", NULL, NULL, "https://b.example");
    cr_expect_str_eq(r->origin, "");
    rhd_flow_end(r, RHD_END_COMPLETED, NULL, &traffic);
}

Test(flow, the_body_limit)
{
    cfg.max_body_bytes = 2048;
    rhd_request *r = begin("POST", "/v1/solve", "application/json", NULL, NULL);
    char chunk[1000];
    memset(chunk, 'x', sizeof chunk);
    rhd_flow_take_body(r, chunk, sizeof chunk);
    rhd_flow_take_body(r, chunk, sizeof chunk);
    cr_expect_eq(r->body_len, 2000);
    cr_expect_eq(r->body[2000], '\0');
    cr_expect_not(r->body_too_big);
    rhd_flow_take_body(r, chunk, 49);
    cr_expect(r->body_too_big);
    cr_expect_null(r->body, "a body past the limit is dropped");
    rhd_flow_end(r, RHD_END_CLIENT_GONE, NULL, &traffic);
}

/* A request never answered is counted by how it ended; one answered, by its status. */
Test(flow, the_status_of_an_end)
{
    const rhd_request_end how[] = {RHD_END_TIMEOUT, RHD_END_SHUTDOWN, RHD_END_CLIENT_GONE,
                                   RHD_END_COMPLETED};
    for (size_t k = 0; k < sizeof how / sizeof how[0]; k++)
        rhd_flow_end(begin("POST", "/v1/solve", "application/json", NULL, NULL), how[k], NULL,
                     &traffic);
    rhd_request *r = begin("GET", "/healthz", NULL, NULL, NULL);
    r->phase = RHD_ANSWERED;
    r->status = 200;
    rhd_flow_end(r, RHD_END_COMPLETED, NULL, &traffic);
    char *t = render();
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/v1/solve\",method=\"POST\","
                          "code=\"408\"} 1"),
              "%s", t);
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/v1/solve\",method=\"POST\","
                          "code=\"503\"} 1"));
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/v1/solve\",method=\"POST\","
                          "code=\"499\"} 2"));
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"/healthz\",method=\"GET\","
                          "code=\"200\"} 1"));
    free(t);
    cr_expect_eq(atomic_load(&traffic.active), 0);
}

Test(flow, libmicrohttpd_messages)
{
    rhd_flow_library_message("Server reached connection limit. Closing inbound connection.\n",
                             &traffic);
    rhd_flow_library_message("Server reached connection limit. Closing inbound connection.\n",
                             &traffic);
    rhd_flow_library_message("Error processing request (HTTP response code is 431). Closing.",
                             &traffic);
    rhd_flow_library_message("Something else", &traffic);
    char *t = render();
    cr_expect(has_line(t, "rushhourd_connections_refused_total 2"), "%s", t);
    cr_expect(has_line(t, "rushhourd_http_requests_total{route=\"other\",method=\"OTHER\","
                          "code=\"431\"} 1"));
    free(t);
}
