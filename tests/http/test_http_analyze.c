/* rushhourd over HTTP: whole-space analysis (/v1/analyze). */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "http_test.h"

HTTP_SUITE(analyze);

/* ---- 10: whole-space analysis ---- */

Test(analyze, jam40_component)
{
    rhs_server *s = start_server(NULL);
    const int port = rhs_port(s);
    char *body = jam_body("jam40", NULL);
    rhs_response r;
    post_to(port, "/v1/analyze", "application/json", body, &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    expect_content_type(&r, "application/json");
    cJSON *doc = body_json(&r);
    cr_assert_str_eq(jstr(doc, "status"), "complete");
    cr_assert_str_eq(jstr(doc, "metric"), "moves");
    cr_assert_eq(jnum(doc, "states"), 4780); /* the seeds' figure */
    cr_assert_eq(jnum(doc, "start_distance"), 51);
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(doc, "solvable")));
    /* The histogram counts every state once, up to the hardest one's distance. */
    const cJSON *histogram = cJSON_GetObjectItemCaseSensitive(doc, "histogram");
    cr_assert_eq(cJSON_GetArraySize(histogram), jnum(doc, "max_distance") + 1);
    double total = 0;
    const cJSON *h;
    cJSON_ArrayForEach(h, histogram) total += h->valuedouble;
    cr_assert_eq(total, 4780);
    cr_assert_eq(cJSON_GetArrayItem(histogram, 0)->valuedouble, jnum(doc, "goal_states"));
    const cJSON *hardest = jobj(doc, "hardest");
    cr_assert_eq(jnum(hardest, "distance"), jnum(doc, "max_distance"));
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(hardest, "board")), 6);
    cr_assert_geq(jnum(jobj(doc, "stats"), "nodes_expanded"), 4780);
    const cJSON *timing = jobj(doc, "timing_us");
    cr_assert_geq(jnum(timing, "total"), jnum(timing, "solve"));
    cJSON_Delete(doc);
    rhs_response_free(&r);

    /* The same component counted in slides: as many states, a longer start distance. */
    free(body);
    body = jam_body("jam40", "{\"metric\": \"slides\", \"timeout_ms\": 600000}");
    post_to(port, "/v1/analyze", "application/json", body, &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    doc = body_json(&r);
    cr_assert_str_eq(jstr(doc, "metric"), "slides");
    cr_assert_eq(jnum(doc, "states"), 4780);
    cr_assert_gt(jnum(doc, "start_distance"), 51);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    free(body);

    /* A text board is read as /v1/solve reads it. */
    post_to(port, "/v1/analyze", "text/plain", "BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.", &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    doc = body_json(&r);
    cr_assert_eq(jnum(doc, "start_distance"), 51);
    cJSON_Delete(doc);
    rhs_response_free(&r);

    const char series[] =
        "rushhourd_http_requests_total{route=\"/v1/analyze\",method=\"POST\",code=\"200\"}";
    cr_assert_geq(await_metric(s, series, 3), 3, "%s", series);
    cr_assert_geq(await_metric(s, "rushhourd_analyses_total{result=\"complete\"}", 3), 3);
    stop_server(s);
}

Test(analyze, unsolvable_has_no_goal)
{
    rhs_server *s = start_server(NULL);
    rhs_response r;
    post_to(rhs_port(s), "/v1/analyze", "application/json", unsolvable_walls, &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    cJSON *doc = body_json(&r);
    cr_assert(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(doc, "solvable")));
    cr_assert_eq(jnum(doc, "start_distance"), -1);
    cr_assert_eq(jnum(doc, "goal_states"), 0);
    cr_assert_eq(jnum(doc, "dead_states"), jnum(doc, "states"));
    cJSON_Delete(doc);
    rhs_response_free(&r);
    stop_server(s);
}

Test(analyze, node_limit_422)
{
    rhs_server *s = start_server(NULL);
    const int port = rhs_port(s);
    rhs_response r;
    post_to(port, "/v1/analyze", "application/json",
            "{\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\", "
            "\"options\": {\"max_nodes\": 100}}",
            &r);
    cJSON *doc = expect_problem(&r, 422, "search-limit");
    cr_assert_str_eq(jstr(doc, "limit"), "nodes");
    cr_assert_str_eq(jstr(doc, "metric"), "moves");
    cr_assert_leq(jnum(jobj(doc, "stats"), "nodes_expanded"), 101);
    jobj(doc, "timing_us");
    cr_assert_null(cJSON_GetObjectItemCaseSensitive(doc, "states"));
    cJSON_Delete(doc);
    rhs_response_free(&r);
    cr_assert_geq(await_metric(s, "rushhourd_analyses_total{result=\"limit_reached\"}", 1), 1);
    stop_server(s);
}

Test(analyze, validation_names_fields)
{
    rhs_server *s = start_server(NULL);
    const int port = rhs_port(s);
    rhs_response r;
    /* Every problem at once, the options included: analyze takes no algorithm. */
    post_to(port, "/v1/analyze", "application/json",
            "{\"vehicles\": [{\"id\": \"X\", \"row\": \"2\", \"col\": 0, \"length\": 2, "
            "\"orientation\": \"H\"}], \"options\": {\"algorithm\": \"astar\", "
            "\"max_nodes\": 0, \"metric\": \"cells\"}}",
            &r);
    cJSON *doc = expect_problem(&r, 400, "invalid-puzzle");
    const cJSON *errors = cJSON_GetObjectItemCaseSensitive(doc, "errors");
    cr_assert(lists_field(errors, "vehicles[0].row"), "%s", r.body);
    cr_assert(lists_field(errors, "options.algorithm"), "%s", r.body);
    cr_assert(lists_field(errors, "options.max_nodes"), "%s", r.body);
    cr_assert(lists_field(errors, "options.metric"), "%s", r.body);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    post_to(port, "/v1/analyze", "application/json", "{\"board\": ", &r);
    cJSON_Delete(expect_problem(&r, 400, "invalid-json"));
    rhs_response_free(&r);
    post_to(port, "/v1/analyze", "text/xml", "<board/>", &r);
    cJSON_Delete(expect_problem(&r, 415, "unsupported-media-type"));
    rhs_response_free(&r);
    stop_server(s);
}
