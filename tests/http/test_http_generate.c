/* rushhourd over HTTP: puzzle generation (/v1/generate). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http_test.h"
#include "rushhour/json.h"

HTTP_SUITE(generate);

/* ---- 13: generation ---- */

/* Small and quick, even under valgrind. */
static const char small_request[] = "{\"min_moves\": 8, \"min_vehicles\": 6, \"max_vehicles\": 8, "
                                    "\"seed\": 5, \"timeout_ms\": 600000}";

Test(generate, a_puzzle_with_its_optimal_solution)
{
    rhs_server *s = start_server(NULL);
    const int port = rhs_port(s);
    rhs_response r;
    post_to(port, "/v1/generate", "application/json", small_request, &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    expect_content_type(&r, "application/json");
    cJSON *doc = body_json(&r);
    cr_assert_str_eq(jstr(doc, "status"), "generated");
    cr_assert_eq(jnum(doc, "seed"), 5);
    const int length = (int)jnum(doc, "length");
    cr_assert_geq(length, 8);
    /* The puzzle reads back in the service's own input form and meets the request. */
    rh_puzzle p;
    rh_diags d;
    rh_diags_init(&d);
    cr_assert_eq(rh_parse_cjson(&p, &d, jobj(doc, "puzzle"), NULL), RH_OK, "%s",
                 d.count ? d.items[0].message : "");
    cr_assert(p.vehicle_count >= 6 && p.vehicle_count <= 8, "%d vehicles", p.vehicle_count);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "board")), 6);
    /* Its solution replays, and no shorter one exists. */
    char why[256];
    cr_assert_eq(verify_solution(&p, doc, why, sizeof why), length, "%s", why);
    rh_result res;
    cr_assert_eq(rh_solve(&res, &p, NULL), RH_OK);
    cr_assert_eq(res.move_count, length);
    rh_result_free(&res);
    jobj(doc, "stats");
    jobj(doc, "timing_us");
    /* The same request and seed give the same puzzle. */
    rhs_response again;
    post_to(port, "/v1/generate", "application/json", small_request, &again);
    cr_assert_eq(again.status, 200, "%s", again.body);
    cJSON *second = body_json(&again);
    cr_assert(cJSON_Compare(jobj(doc, "puzzle"), jobj(second, "puzzle"), true), "%s\n%s", r.body,
              again.body);
    cJSON_Delete(second);
    rhs_response_free(&again);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    const char series[] =
        "rushhourd_http_requests_total{route=\"/v1/generate\",method=\"POST\",code=\"200\"}";
    cr_assert_geq(await_metric(s, series, 2), 2, "%s", series);
    cr_assert_geq(await_metric(s, "rushhourd_generated_puzzles_total{result=\"generated\"}", 2), 2);
    stop_server(s);
}

Test(generate, validation_names_fields)
{
    rhs_server *s = start_server(NULL);
    const int port = rhs_port(s);
    rhs_response r;
    post_to(port, "/v1/generate", "application/json",
            "{\"board_size\": \"6\", \"colour\": 1, \"seed\": -1, \"metric\": \"cells\", "
            "\"max_nodes\": 0, \"walls\": 1.5}",
            &r);
    cJSON *doc = expect_problem(&r, 400, "invalid-request");
    const cJSON *errors = cJSON_GetObjectItemCaseSensitive(doc, "errors");
    static const char *const fields[] = {"board_size", "colour",    "seed",
                                         "metric",     "max_nodes", "walls"};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        cr_assert(lists_field(errors, fields[i]), "%s not named: %s", fields[i], r.body);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    /* Requests no puzzle can meet are refused by the library's check, by field. */
    post_to(port, "/v1/generate", "application/json", "{\"min_moves\": 52}", &r);
    doc = expect_problem(&r, 400, "invalid-request");
    cr_assert(lists_field(cJSON_GetObjectItemCaseSensitive(doc, "errors"), "min_moves"), "%s",
              r.body);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    post_to(port, "/v1/generate", "application/json", "[]", &r);
    cJSON_Delete(expect_problem(&r, 400, "invalid-request"));
    rhs_response_free(&r);
    stop_server(s);
}

/* A body of 20,000 distinct keys and a repeated one: each key is reported once, the repeat by
 * name. (Each key was compared with every earlier one on the HTTP thread: 2.2 s for 256 KiB,
 * 48 s for 1 MiB; the check is linear now, as the puzzle parser's.) */
Test(generate, many_keys_and_a_repeat)
{
    rhs_server *s = START("--max-body-bytes", "1MiB");
    enum { KEYS = 20000 };
    char *body = malloc(KEYS * 16 + 64);
    cr_assert_not_null(body);
    size_t n = (size_t)sprintf(body, "{\"seed\": 1, \"min_moves\": 12, \"seed\": 2");
    for (int k = 0; k < KEYS; k++) n += (size_t)sprintf(body + n, ", \"k%d\": 0", k);
    strcpy(body + n, "}");
    rhs_response r;
    post_to(rhs_port(s), "/v1/generate", "application/json", body, &r);
    cJSON *doc = expect_problem(&r, 400, "invalid-request");
    cr_expect_str_eq(jstr(doc, "detail"), "the request has 20001 problems");
    const cJSON *first = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "errors"), 0);
    cr_expect_str_eq(jstr(first, "field"), "seed");
    cr_expect_str_eq(jstr(first, "message"), "appears more than once");
    cJSON_Delete(doc);
    rhs_response_free(&r);
    free(body);
    stop_server(s);
}

Test(generate, budget_422)
{
    rhs_server *s = start_server(NULL);
    const int port = rhs_port(s);
    rhs_response r;
    post_to(port, "/v1/generate", "application/json",
            "{\"min_moves\": 45, \"max_nodes\": 20000, \"seed\": 3}", &r);
    cJSON *doc = expect_problem(&r, 422, "search-limit");
    cr_assert_str_eq(jstr(doc, "limit"), "nodes");
    cr_assert_eq(jnum(doc, "seed"), 3);
    cr_assert_leq(jnum(jobj(doc, "stats"), "nodes_expanded"), 20000);
    cr_assert_null(cJSON_GetObjectItemCaseSensitive(doc, "solution"));
    jobj(doc, "timing_us");
    cJSON_Delete(doc);
    rhs_response_free(&r);
    cr_assert_geq(await_metric(s, "rushhourd_generated_puzzles_total{result=\"limit_reached\"}", 1),
                  1);
    stop_server(s);
}
