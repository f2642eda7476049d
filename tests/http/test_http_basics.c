/* rushhourd over HTTP: the small endpoints (health, readiness, version, the spec, metrics), the
 * playground on and off, and CORS. */
#define _GNU_SOURCE /* strcasestr */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "http_test.h"

HTTP_SUITE(basic);
HTTP_SUITE(cors);

/* ---- 1, 2: the small endpoints ---- */

Test(basic, healthz_and_request_ids)
{
    rhs_server *s = start_server(NULL);
    const int port = rhs_port(s);
    rhs_response r;
    get(port, "/healthz", &r);
    cr_assert_eq(r.status, 200);
    expect_content_type(&r, "application/json");
    cJSON *doc = body_json(&r);
    cr_assert_str_eq(jstr(doc, "status"), "ok");
    cJSON_Delete(doc);
    char id1[128], id2[128];
    cr_assert(rhs_header(&r, "X-Request-Id", id1, sizeof id1), "no X-Request-Id");
    cr_assert(valid_request_id(id1), "generated id \"%s\" is not a valid id", id1);
    rhs_response_free(&r);
    get(port, "/healthz", &r);
    cr_assert(rhs_header(&r, "X-Request-Id", id2, sizeof id2));
    cr_assert_str_neq(id1, id2, "two requests got the same generated id");
    rhs_response_free(&r);

    /* A valid client id is echoed. */
    const char *echo[] = {"X-Request-Id: abc-123", NULL};
    rhs_request req = {.method = "GET", .path = "/healthz", .headers = echo};
    cr_assert_eq(rhs_http(port, &req, &r), 0, "%s", r.error);
    cr_assert(rhs_header(&r, "X-Request-Id", id1, sizeof id1));
    cr_assert_str_eq(id1, "abc-123");
    rhs_response_free(&r);

    /* Invalid ones (too long; with spaces; a forbidden character) are replaced. */
    char long_id[160];
    memset(long_id, 'a', 100);
    long_id[100] = '\0';
    char long_header[200];
    snprintf(long_header, sizeof long_header, "X-Request-Id: %s", long_id);
    const char *const bad[][2] = {
        {long_header, NULL}, {"X-Request-Id: abc def", NULL}, {"X-Request-Id: a\"b<c>", NULL}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rhs_request q = {.method = "GET", .path = "/healthz", .headers = bad[i]};
        cr_assert_eq(rhs_http(port, &q, &r), 0, "%s", r.error);
        cr_assert_eq(r.status, 200);
        cr_assert(rhs_header(&r, "X-Request-Id", id1, sizeof id1), "no X-Request-Id");
        cr_assert(valid_request_id(id1), "\"%s\" was not replaced by a valid id", id1);
        cr_assert_str_neq(id1, long_id);
        cr_assert_str_neq(id1, "abc def");
        rhs_response_free(&r);
    }
    stop_server(s);
}

Test(basic, readyz_version_openapi)
{
    rhs_server *s = start_server(NULL);
    const int port = rhs_port(s);
    rhs_response r;
    /* "start" is logged just before readiness is switched on: a 503 not-ready may come first. */
    for (const long long until = rhs_now_us() + PATIENCE_MS * 1000LL;;) {
        get(port, "/readyz", &r);
        if (r.status == 200 || rhs_now_us() > until) break;
        cJSON_Delete(expect_problem(&r, 503, "not-ready"));
        rhs_response_free(&r);
        rhs_sleep_ms(10);
    }
    cr_assert_eq(r.status, 200, "/readyz never became 200: %ld %s", r.status, r.body);
    expect_content_type(&r, "application/json");
    cJSON *ready = body_json(&r);
    cr_assert_str_eq(jstr(ready, "status"), "ready");
    cJSON_Delete(ready);
    rhs_response_free(&r);

    get(port, "/version", &r);
    cr_assert_eq(r.status, 200);
    expect_content_type(&r, "application/json");
    cJSON *doc = body_json(&r);
    cr_assert_str_eq(jstr(doc, "name"), "rushhourd");
    cr_assert_gt(strlen(jstr(doc, "version")), 0);
    cr_assert_gt(strlen(jstr(doc, "library")), 0);
    cJSON_Delete(doc);
    rhs_response_free(&r);

    get(port, "/openapi.yaml", &r);
    cr_assert_eq(r.status, 200);
    cr_assert_eq(strncmp(r.body, "openapi: 3.1", 12), 0, "spec starts with: %.40s", r.body);
    cr_assert_not_null(strstr(r.body, "/v1/solve:"));
    rhs_response_free(&r);

    /* HEAD answers like GET, without a body. */
    rhs_request head = {.method = "HEAD", .path = "/healthz"};
    cr_assert_eq(rhs_http(port, &head, &r), 0, "%s", r.error);
    cr_assert_eq(r.status, 200);
    cr_assert_eq(r.body_len, 0);
    rhs_response_free(&r);
    stop_server(s);
}

/* /metrics is for operators: served on the admin listener; on the public one it is 404 unless
 * --public-metrics on asks for it there too. */
Test(basic, metrics)
{
    rhs_server *s = start_server(NULL);
    const int port = rhs_port(s);
    rhs_response r;
    get(port, "/metrics", &r);
    cJSON_Delete(expect_problem(&r, 404, "not-found"));
    rhs_response_free(&r);
    get(rhs_admin_port(s), "/metrics", &r);
    cr_assert_eq(r.status, 200);
    expect_content_type(&r, "text/plain");
    cr_assert_not_null(strstr(r.body, "rushhourd_build_info"), "no build info:\n%s", r.body);
    cr_assert_not_null(strstr(r.body, "# TYPE rushhourd_http_requests_total counter"));
    rhs_response_free(&r);

    post_json(port, jam01_grid, &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    rhs_response_free(&r);
    const char series[] =
        "rushhourd_http_requests_total{route=\"/v1/solve\",method=\"POST\",code=\"200\"}";
    const double v = await_metric(s, series, 1);
    cr_assert_geq(v, 1, "%s is %g", series, v);
    stop_server(s);
}

Test(basic, metrics_on_the_public_port_when_asked)
{
    static const char *const admin[] = {"0", "off"};
    for (size_t k = 0; k < sizeof admin / sizeof *admin; k++) {
        rhs_server *s = START("--public-metrics", "on", "--admin-port", admin[k]);
        rhs_response r;
        get(rhs_port(s), "/metrics", &r);
        cr_assert_eq(r.status, 200, "--admin-port %s: %s", admin[k], r.body);
        cr_assert_not_null(strstr(r.body, "rushhourd_build_info"));
        rhs_response_free(&r);
        stop_server(s);
    }
    rhs_server *s = START("--admin-port", "off");
    rhs_response r;
    get(rhs_port(s), "/metrics", &r);
    cJSON_Delete(expect_problem(&r, 404, "not-found"));
    rhs_response_free(&r);
    stop_server(s);
}

Test(basic, playground_on_and_off)
{
    static const struct {
        const char *path, *type, *starts;
    } files[] = {
        {"/", "text/html; charset=utf-8", "<!doctype html>"},
        {"/web/app.js", "text/javascript; charset=utf-8", "// rushhourd's playground"},
        {"/web/style.css", "text/css; charset=utf-8", "/* rushhourd's playground"},
    };
    /* Only the exact names of the page's files are under /web/: not the page itself, no
     * folder, no way out of it. */
    static const char *const not_files[] = {
        "/web/",           "/web/index.html", "/web/nope.js", "/web/%2e%2e/openapi.yaml",
        "/web/x%2fapp.js", "/app.js",         "/style.css"};
    rhs_server *s = start_server(NULL);
    rhs_response r;
    char value[512];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        get(rhs_port(s), files[i].path, &r);
        cr_assert_eq(r.status, 200, "%s: %ld", files[i].path, r.status);
        expect_content_type(&r, files[i].type);
        cr_expect_eq(strncmp(r.body, files[i].starts, strlen(files[i].starts)), 0, "%s: %.40s",
                     files[i].path, r.body);
        cr_expect_eq(rhs_header(&r, "Content-Security-Policy", value, sizeof value), i == 0,
                     "only the page has a policy");
        rhs_response_free(&r);
    }
    for (size_t i = 0; i < sizeof not_files / sizeof not_files[0]; i++) {
        get(rhs_port(s), not_files[i], &r);
        cJSON_Delete(expect_problem(&r, 404, "not-found"));
        rhs_response_free(&r);
    }
    rhs_request post = {.method = "POST", .path = "/", .body = "{}", .body_len = 2};
    cr_assert_eq(rhs_http(rhs_port(s), &post, &r), 0, "%s", r.error);
    cJSON_Delete(expect_problem(&r, 405, "method-not-allowed"));
    rhs_response_free(&r);
    stop_server(s);

    s = START("--playground", "off");
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        get(rhs_port(s), files[i].path, &r);
        cJSON_Delete(expect_problem(&r, 404, "not-found"));
        rhs_response_free(&r);
        rhs_request opts = {.method = "OPTIONS", .path = files[i].path};
        cr_assert_eq(rhs_http(rhs_port(s), &opts, &r), 0, "%s", r.error);
        cJSON_Delete(expect_problem(&r, 404, "not-found"));
        rhs_response_free(&r);
    }
    get(rhs_port(s), "/healthz", &r);
    cr_expect_eq(r.status, 200, "the rest of the server is unaffected");
    rhs_response_free(&r);
    stop_server(s);
}

/* The playground's files carry an ETag (their bytes' hash: the same on every start and
 * replica) and no-cache: browsers revalidate, and a listed tag (in a list, weak or not, or *)
 * gets a 304 without a body, to HEAD too. Any other answer is no-store without a tag. */
Test(basic, playground_files_revalidate_by_etag)
{
    static const char *const paths[] = {"/", "/web/app.js", "/web/style.css"};
    char tags[3][64], tag[64], list[200];
    rhs_server *s = start_server(NULL);
    const int port = rhs_port(s);
    rhs_response r;
    for (size_t i = 0; i < 3; i++) {
        get(port, paths[i], &r);
        cr_assert_eq(r.status, 200, "%s", paths[i]);
        expect_caching(&r, "no-cache", tags[i], sizeof tags[i]);
        rhs_response_free(&r);
        for (size_t j = 0; j < i; j++) cr_expect_str_neq(tags[i], tags[j], "one tag per file");
        snprintf(list, sizeof list, "\"stale\", W/%s", tags[i]);
        const char *const listed[] = {tags[i], list, "*"};
        for (size_t k = 0; k < 3; k++) {
            get_if_none_match(port, k == 1 ? "HEAD" : "GET", paths[i], listed[k], &r);
            cr_assert_eq(r.status, 304, "%s, If-None-Match: %s", paths[i], listed[k]);
            cr_expect_eq(r.body_len, 0);
            expect_caching(&r, "no-cache", tag, sizeof tag);
            cr_expect_str_eq(tag, tags[i]);
            rhs_response_free(&r);
        }
        get_if_none_match(port, "GET", paths[i], "\"stale\"", &r);
        cr_assert_eq(r.status, 200, "an unlisted tag gets the file");
        cr_assert_gt(r.body_len, 0);
        rhs_response_free(&r);
    }
    static const char *const uncached[] = {"/healthz", "/version", "/openapi.yaml", "/web/nope.js"};
    for (size_t i = 0; i < sizeof uncached / sizeof *uncached; i++) {
        get_if_none_match(port, "GET", uncached[i], "*", &r);
        cr_expect_neq(r.status, 304, "%s", uncached[i]);
        expect_caching(&r, "no-store", NULL, 0);
        rhs_response_free(&r);
    }
    post_json(port, jam01_grid, &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    expect_caching(&r, "no-store", NULL, 0);
    rhs_response_free(&r);
    stop_server(s);

    s = start_server(NULL);
    get(rhs_port(s), "/web/app.js", &r);
    expect_caching(&r, "no-cache", tag, sizeof tag);
    cr_expect_str_eq(tag, tags[1], "the tag is the bytes', not the process's");
    rhs_response_free(&r);
    stop_server(s);
}

/* ---- 6: CORS ---- */

Test(cors, allowed_and_other_origins)
{
    rhs_server *s = START("--cors-origins", "http://app.example");
    const int port = rhs_port(s);
    char value[256];
    rhs_response r;

    const char *allowed[] = {"Origin: http://app.example", NULL};
    rhs_request req = {.method = "GET", .path = "/healthz", .headers = allowed};
    cr_assert_eq(rhs_http(port, &req, &r), 0, "%s", r.error);
    cr_assert_eq(r.status, 200);
    cr_assert(rhs_header(&r, "Access-Control-Allow-Origin", value, sizeof value), "no ACAO");
    cr_assert_str_eq(value, "http://app.example");
    cr_assert(rhs_header(&r, "Vary", value, sizeof value), "no Vary");
    cr_assert_not_null(strstr(value, "Origin"), "Vary: %s", value);
    rhs_response_free(&r);

    /* A solve reply carries it too. */
    const char *allowed_post[] = {"Origin: http://app.example", "Content-Type: application/json",
                                  NULL};
    rhs_request solve = {.method = "POST",
                         .path = "/v1/solve",
                         .headers = allowed_post,
                         .body = jam01_grid,
                         .body_len = strlen(jam01_grid)};
    cr_assert_eq(rhs_http(port, &solve, &r), 0, "%s", r.error);
    cr_assert_eq(r.status, 200, "%s", r.body);
    cr_assert(rhs_header(&r, "Access-Control-Allow-Origin", value, sizeof value));
    cr_assert_str_eq(value, "http://app.example");
    rhs_response_free(&r);

    const char *other[] = {"Origin: http://evil.example", NULL};
    rhs_request req2 = {.method = "GET", .path = "/healthz", .headers = other};
    cr_assert_eq(rhs_http(port, &req2, &r), 0, "%s", r.error);
    cr_assert_eq(r.status, 200);
    cr_assert_eq(rhs_header_count(&r, "Access-Control-Allow-Origin"), 0,
                 "ACAO sent to another origin:\n%s", r.headers);
    rhs_response_free(&r);

    /* A prefix of the allowed origin is another origin. */
    const char *prefix[] = {"Origin: http://app.example.evil", NULL};
    rhs_request req3 = {.method = "GET", .path = "/healthz", .headers = prefix};
    cr_assert_eq(rhs_http(port, &req3, &r), 0, "%s", r.error);
    cr_assert_eq(rhs_header_count(&r, "Access-Control-Allow-Origin"), 0);
    rhs_response_free(&r);
    stop_server(s);
}

Test(cors, preflight)
{
    rhs_server *s = START("--cors-origins", "http://app.example");
    char value[256];
    rhs_response r;
    const char *headers[] = {"Origin: http://app.example", "Access-Control-Request-Method: POST",
                             "Access-Control-Request-Headers: content-type", NULL};
    rhs_request req = {.method = "OPTIONS", .path = "/v1/solve", .headers = headers};
    cr_assert_eq(rhs_http(rhs_port(s), &req, &r), 0, "%s", r.error);
    cr_assert_eq(r.status, 204, "preflight: %ld", r.status);
    cr_assert(rhs_header(&r, "Access-Control-Allow-Methods", value, sizeof value), "no ACAM");
    cr_assert_not_null(strstr(value, "POST"), "ACAM: %s", value);
    cr_assert(rhs_header(&r, "Access-Control-Allow-Origin", value, sizeof value));
    cr_assert_str_eq(value, "http://app.example");
    cr_assert(rhs_header(&r, "Access-Control-Allow-Headers", value, sizeof value), "no ACAH");
    cr_assert_not_null(strcasestr(value, "content-type"), "ACAH: %s", value);
    rhs_response_free(&r);

    const char *other[] = {"Origin: http://evil.example", "Access-Control-Request-Method: POST",
                           NULL};
    rhs_request req2 = {.method = "OPTIONS", .path = "/v1/solve", .headers = other};
    cr_assert_eq(rhs_http(rhs_port(s), &req2, &r), 0, "%s", r.error);
    cr_assert_eq(rhs_header_count(&r, "Access-Control-Allow-Origin"), 0);
    cr_assert_eq(rhs_header_count(&r, "Access-Control-Allow-Methods"), 0);
    rhs_response_free(&r);
    stop_server(s);
}

Test(cors, off_by_default)
{
    rhs_server *s = start_server(NULL);
    const char *headers[] = {"Origin: http://app.example", NULL};
    rhs_request req = {.method = "GET", .path = "/healthz", .headers = headers};
    rhs_response r;
    cr_assert_eq(rhs_http(rhs_port(s), &req, &r), 0, "%s", r.error);
    cr_assert_eq(r.status, 200);
    cr_assert_eq(rhs_header_count(&r, "Access-Control-Allow-Origin"), 0);
    rhs_response_free(&r);
    stop_server(s);
}
