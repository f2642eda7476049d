/* rushhourd over HTTP: batches (/v1/solve/batch): input order, each item's status, the batch
 * validated, and the queue taking the whole batch or none. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <stdio.h>

#include "http_test.h"

HTTP_SUITE(batch);

/* ---- 12: batches ---- */

Test(batch, input_order_and_each_status)
{
    rhs_server *s = start_server(NULL);
    const int port = rhs_port(s);
    char *jam40 = jam_body("jam40", NULL);
    char body[8192];
    snprintf(body, sizeof body,
             "{\"puzzles\": [%s, {\"board\": \"BCDDE\"}, "
             "{\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\", \"options\": "
             "{\"max_nodes\": 10}}, %s, %s], \"options\": {\"algorithm\": \"astar\"}}",
             jam01_grid, unsolvable_walls, jam40);
    free(jam40);
    rhs_response r;
    post_to(port, "/v1/solve/batch", "application/json", body, &r);
    cJSON *doc;
    const cJSON *results = batch_results(&r, 5, &doc);
    /* 0: Jam 1, solved by the shared algorithm and replayed. */
    const cJSON *item = cJSON_GetArrayItem(results, 0);
    cr_assert_str_eq(jstr(item, "status"), "solved");
    cr_assert_str_eq(jstr(item, "algorithm"), "astar");
    rh_puzzle p;
    char why[256];
    cr_assert_eq(parse_local(&p, jam01_grid), 0);
    cr_assert_eq(verify_solution(&p, item, why, sizeof why), 8, "%s", why);
    jobj(item, "timing_us");
    /* 1: invalid, with its own errors by field. */
    item = cJSON_GetArrayItem(results, 1);
    cr_assert_eq(jnum(item, "status"), 400);
    cr_assert_str_eq(jstr(item, "type"), PROBLEM_PREFIX "invalid-puzzle");
    cr_assert(lists_field(cJSON_GetObjectItemCaseSensitive(item, "errors"), "board"), "%s", r.body);
    /* 2: its own budget ran out: 422 with the statistics. */
    item = cJSON_GetArrayItem(results, 2);
    cr_assert_eq(jnum(item, "status"), 422);
    cr_assert_str_eq(jstr(item, "type"), PROBLEM_PREFIX "search-limit");
    cr_assert_str_eq(jstr(item, "limit"), "nodes");
    cr_assert_leq(jnum(jobj(item, "stats"), "nodes_expanded"), 11);
    /* 3: unsolvable is an answer. */
    item = cJSON_GetArrayItem(results, 3);
    cr_assert_str_eq(jstr(item, "status"), "unsolvable");
    /* 4: Jam 40, 51 moves. */
    item = cJSON_GetArrayItem(results, 4);
    cr_assert_str_eq(jstr(item, "status"), "solved");
    cr_assert_eq(jnum(jobj(item, "solution"), "move_count"), 51);
    cJSON_Delete(doc);
    rhs_response_free(&r);

    /* An item's options override the shared ones; a repeated puzzle comes from the cache. */
    snprintf(body, sizeof body,
             "{\"options\": {\"algorithm\": \"astar\", \"max_moves_returned\": 1}, "
             "\"puzzles\": [{\"grid\": [\"bb...g\", \"a..c.g\", \"axxc.g\", \"a..c..\", "
             "\"e...ff\", \"e.ddd.\"], \"options\": {\"algorithm\": \"bfs\", "
             "\"metric\": \"slides\"}}, %s]}",
             jam01_grid);
    post_to(port, "/v1/solve/batch", "application/json", body, &r);
    results = batch_results(&r, 2, &doc);
    item = cJSON_GetArrayItem(results, 0);
    cr_assert_str_eq(jstr(item, "algorithm"), "bfs");
    cr_assert_str_eq(jstr(item, "metric"), "slides");
    cr_assert_eq(
        cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(jobj(item, "solution"), "moves")), 1);
    item = cJSON_GetArrayItem(results, 1);
    cr_assert_str_eq(jstr(item, "algorithm"), "astar");
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(item, "cached")), "%s", r.body);
    cr_assert_eq(
        cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(jobj(item, "solution"), "moves")), 1);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    const char series[] = "rushhourd_http_requests_total{route=\"/v1/solve/batch\","
                          "method=\"POST\",code=\"200\"}";
    cr_assert_geq(await_metric(s, series, 2), 2, "%s", series);
    stop_server(s);
}

Test(batch, the_batch_itself_is_validated)
{
    rhs_server *s = START("--batch-max", "2");
    const int port = rhs_port(s);
    static const struct {
        char body[160];
        char field[32];
    } cases[] = {
        {"{\"puzzles\": [{\"board\": \"x\"}, {\"board\": \"x\"}, {\"board\": \"x\"}]}", "puzzles"},
        {"{\"puzzles\": []}", "puzzles"},
        {"{\"puzzles\": {\"board\": \"x\"}}", "puzzles"},
        {"{\"options\": {}}", "puzzles"},
        {"{\"puzzles\": [{\"board\": \"x\"}], \"board\": \"x\"}", "board"},
        {"{\"puzzles\": [{\"board\": \"x\"}], \"options\": {\"metric\": 1}}", "options.metric"},
        {"[]", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rhs_response r;
        post_to(port, "/v1/solve/batch", "application/json", cases[i].body, &r);
        cJSON *doc = expect_problem(&r, 400, "invalid-request");
        cr_assert(lists_field(cJSON_GetObjectItemCaseSensitive(doc, "errors"), cases[i].field) ||
                      (!cases[i].field[0] &&
                       cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "errors")) == 1),
                  "%s: %s", cases[i].body, r.body);
        cJSON_Delete(doc);
        rhs_response_free(&r);
    }
    /* A batch is JSON only: a text board, even a valid one, is not read at all. */
    rhs_response r;
    post_to(port, "/v1/solve/batch", "text/plain", "BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.", &r);
    cJSON_Delete(expect_problem(&r, 415, "unsupported-media-type"));
    rhs_response_free(&r);
    stop_server(s);
}
