/* rushhourd over HTTP: the problem documents: unknown paths and methods, bodies too large,
 * media types, malformed JSON, every puzzle problem by field, 422 and unsolvable. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "http_test.h"

HTTP_SUITE(errors);

/* ---- 5: errors ---- */

Test(errors, not_found)
{
    rhs_server *s = start_server(NULL);
    static const char *const paths[] = {"/nope", "/v1/solve/", "/v1", "/healthz/x"};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        rhs_response r;
        get(rhs_port(s), paths[i], &r);
        cJSON *doc = expect_problem(&r, 404, "not-found");
        cJSON_Delete(doc);
        rhs_response_free(&r);
    }
    stop_server(s);
}

Test(errors, method_not_allowed)
{
    rhs_server *s = start_server(NULL);
    rhs_response r;
    char allow[128];
    rhs_request del = {.method = "DELETE", .path = "/v1/solve"};
    cr_assert_eq(rhs_http(rhs_port(s), &del, &r), 0, "%s", r.error);
    cJSON *doc = expect_problem(&r, 405, "method-not-allowed");
    cr_assert(rhs_header(&r, "Allow", allow, sizeof allow), "405 without Allow");
    cr_assert_not_null(strstr(allow, "POST"), "Allow: %s", allow);
    cJSON_Delete(doc);
    rhs_response_free(&r);

    rhs_request get_solve = {.method = "GET", .path = "/v1/solve"};
    cr_assert_eq(rhs_http(rhs_port(s), &get_solve, &r), 0, "%s", r.error);
    cJSON_Delete(expect_problem(&r, 405, "method-not-allowed"));
    rhs_response_free(&r);

    rhs_request post_health = {.method = "POST", .path = "/healthz"};
    cr_assert_eq(rhs_http(rhs_port(s), &post_health, &r), 0, "%s", r.error);
    doc = expect_problem(&r, 405, "method-not-allowed");
    cr_assert(rhs_header(&r, "Allow", allow, sizeof allow), "405 without Allow");
    cr_assert_not_null(strstr(allow, "GET"), "Allow: %s", allow);
    cr_assert_null(strstr(allow, "POST"), "Allow: %s", allow);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    stop_server(s);
}

static char *filler_json(size_t n)
{
    /* A JSON document of exactly n bytes: {"grid": "   ...   "} padded with spaces. */
    char *body = malloc(n + 1);
    cr_assert_not_null(body);
    memset(body, ' ', n);
    memcpy(body, "{\"grid\": \"", 10);
    memcpy(body + n - 2, "\"}", 2);
    body[n] = '\0';
    return body;
}

Test(errors, body_too_large_content_length)
{
    rhs_server *s = START("--max-body-bytes", "2048");
    char *body = filler_json(4096);
    rhs_response r;
    post_json(rhs_port(s), body, &r);
    cJSON_Delete(expect_problem(&r, 413, "body-too-large"));
    rhs_response_free(&r);
    /* The server still answers afterwards, and counted the rejection. */
    const double v =
        await_metric(s, "rushhourd_rejected_requests_total{reason=\"body_too_large\"}", 1);
    cr_assert_geq(v, 1);
    free(body);
    stop_server(s);
}

Test(errors, body_too_large_chunked)
{
    rhs_server *s = START("--max-body-bytes", "2048");
    char *body = filler_json(4096);
    rhs_request req = {
        .method = "POST", .path = "/v1/solve", .body = body, .body_len = 4096, .chunked = true};
    rhs_response r;
    cr_assert_eq(rhs_http(rhs_port(s), &req, &r), 0, "%s", r.error);
    cJSON_Delete(expect_problem(&r, 413, "body-too-large"));
    rhs_response_free(&r);

    /* A chunked body within the limit is read whole and solved. */
    rhs_request small = {.method = "POST",
                         .path = "/v1/solve",
                         .body = hardest51,
                         .body_len = strlen(hardest51),
                         .chunked = true};
    cr_assert_eq(rhs_http(rhs_port(s), &small, &r), 0, "%s", r.error);
    cr_assert_eq(r.status, 200, "%s", r.body);
    cJSON *doc = body_json(&r);
    cr_assert_eq(jnum(jobj(doc, "solution"), "move_count"), 51);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    free(body);
    stop_server(s);
}

Test(errors, unsupported_media_type)
{
    rhs_server *s = start_server(NULL);
    rhs_response r;
    post(rhs_port(s), "application/xml", "<puzzle/>", &r);
    cJSON_Delete(expect_problem(&r, 415, "unsupported-media-type"));
    rhs_response_free(&r);
    stop_server(s);
}

Test(errors, malformed_json)
{
    rhs_server *s = start_server(NULL);
    rhs_response r;
    post_json(rhs_port(s), "{\"vehicles\": [", &r);
    cr_assert_eq(r.status, 400);
    cJSON *doc = expect_problem(&r, 400, "invalid-json");
    cr_assert_gt(strlen(jstr(doc, "detail")), 0);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    /* Trailing garbage after a valid document is malformed too. */
    post_json(rhs_port(s), "{\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\"} x", &r);
    cJSON_Delete(expect_problem(&r, 400, "invalid-json"));
    rhs_response_free(&r);
    stop_server(s);
}

Test(errors, every_puzzle_problem_listed)
{
    rhs_server *s = start_server(NULL);
    rhs_response r;
    post_json(
        rhs_port(s),
        "{\"board_size\": 6, \"vehicles\": ["
        "{\"id\": \"X\", \"row\": \"two\", \"col\": 0, \"length\": 2, \"orientation\": \"H\"},"
        "{\"id\": \"A\", \"row\": 0, \"col\": 9, \"length\": 2, \"orientation\": \"V\"},"
        "{\"id\": \"B\", \"row\": 1, \"col\": 1, \"length\": 2, \"orientation\": \"Q\"}]}",
        &r);
    cJSON *doc = expect_problem(&r, 400, "invalid-puzzle");
    const cJSON *errors = cJSON_GetObjectItemCaseSensitive(doc, "errors");
    cr_assert(cJSON_IsArray(errors));
    cr_assert_geq(cJSON_GetArraySize(errors), 3, "%s", r.body);
    cr_assert(lists_field(errors, "vehicles[0].row"), "%s", r.body);
    cr_assert(lists_field(errors, "vehicles[1].col"), "%s", r.body);
    cr_assert(lists_field(errors, "vehicles[2].orientation"), "%s", r.body);
    cr_assert_gt(strlen(jstr(doc, "detail")), 0);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    stop_server(s);
}

Test(errors, node_limit_422)
{
    rhs_server *s = start_server(NULL);
    rhs_response r;
    post_json(rhs_port(s),
              "{\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\", "
              "\"options\": {\"max_nodes\": 10}}",
              &r);
    cJSON *doc = expect_problem(&r, 422, "search-limit");
    cr_assert_str_eq(jstr(doc, "limit"), "nodes");
    const cJSON *stats = jobj(doc, "stats");
    const double expanded = jnum(stats, "nodes_expanded");
    cr_assert(expanded >= 1 && expanded <= 11, "nodes_expanded %g with max_nodes 10", expanded);
    jobj(doc, "timing_us");
    cr_assert_null(cJSON_GetObjectItemCaseSensitive(doc, "solution"));
    cJSON_Delete(doc);
    rhs_response_free(&r);
    stop_server(s);
}

Test(errors, unsolvable_is_200)
{
    rhs_server *s = start_server(NULL);
    rhs_response r;
    post_json(rhs_port(s), unsolvable_walls, &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    expect_content_type(&r, "application/json");
    cJSON *doc = body_json(&r);
    cr_assert_str_eq(jstr(doc, "status"), "unsolvable");
    cr_assert_null(cJSON_GetObjectItemCaseSensitive(doc, "solution"));
    jobj(doc, "stats");
    jobj(doc, "timing_us");
    cJSON_Delete(doc);
    rhs_response_free(&r);
    stop_server(s);
}
