/* rushhourd over HTTP: solving in every input form, the options, the answer cache, and hints
 * and partial solutions. */
#include <criterion/criterion.h>

#include "http_test.h"
#include "reference.h"
#include "replay.h"

HTTP_SUITE(cache);
HTTP_SUITE(hint);
HTTP_SUITE(options);
HTTP_SUITE(solve);

/* ---- 3: the input forms ---- */

Test(solve, vehicles_form)
{
    rhs_server *s = start_server(NULL);
    char *body = read_file(RH_SOURCE_DIR "/examples/jam01.json");
    cJSON *doc = solve_ok(rhs_port(s), "application/json", body, 8);
    cr_assert_str_eq(jstr(doc, "algorithm"), "bfs");
    cr_assert_str_eq(jstr(doc, "metric"), "moves");
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(doc, "optimal")));
    cr_assert_null(cJSON_GetObjectItemCaseSensitive(jobj(doc, "solution"), "boards"));
    cJSON_Delete(doc);
    free(body);
    stop_server(s);
}

Test(solve, grid_form)
{
    rhs_server *s = start_server(NULL);
    cJSON *doc = solve_ok(rhs_port(s), "application/json", jam01_grid, 8);
    cJSON_Delete(doc);
    stop_server(s);
}

Test(solve, board_form)
{
    rhs_server *s = start_server(NULL);
    cJSON *doc = solve_ok(rhs_port(s), "application/json", hardest51, 51);
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(doc, "optimal")));
    cJSON_Delete(doc);
    stop_server(s);
}

Test(solve, text_plain_grid)
{
    rhs_server *s = start_server(NULL);
    char *body = read_file(RH_SOURCE_DIR "/examples/jam01.txt");
    cJSON *doc = solve_ok(rhs_port(s), "text/plain", body, 8);
    cJSON_Delete(doc);
    /* The same board with '/' between its rows, and with a charset parameter. */
    doc = solve_ok(rhs_port(s), "text/plain; charset=utf-8",
                   "bb...g/a..c.g/axxc.g/a..c../e...ff/e.ddd.", 8);
    cJSON_Delete(doc);
    free(body);
    stop_server(s);
}

Test(solve, include_boards)
{
    rhs_server *s = start_server(NULL);
    const char body[] = "{\"grid\": [\"bb...g\", \"a..c.g\", \"axxc.g\", \"a..c..\", \"e...ff\", "
                        "\"e.ddd.\"], \"options\": {\"include_boards\": true}}";
    cJSON *doc = solve_ok(rhs_port(s), "application/json", body, 8);
    const cJSON *sol = jobj(doc, "solution");
    const cJSON *boards = cJSON_GetObjectItemCaseSensitive(sol, "boards");
    cr_assert(cJSON_IsArray(boards), "no boards array");
    cr_assert_eq(cJSON_GetArraySize(boards), (int)jnum(sol, "move_count"));
    const cJSON *b;
    cJSON_ArrayForEach(b, boards)
    {
        cr_assert_eq(cJSON_GetArraySize(b), 6);
        const cJSON *row;
        cJSON_ArrayForEach(row, b)
        {
            cr_assert(cJSON_IsString(row));
            cr_assert_eq(strlen(row->valuestring), 6, "row \"%s\"", row->valuestring);
        }
    }
    /* The last board has the target at the exit: row 2 ends with "xx". */
    const cJSON *last = cJSON_GetArrayItem(boards, cJSON_GetArraySize(boards) - 1);
    const char *exit_row = cJSON_GetArrayItem(last, 2)->valuestring;
    cr_assert_str_eq(exit_row + 4, "xx", "final exit row is \"%s\"", exit_row);
    cJSON_Delete(doc);
    stop_server(s);
}

/* ---- 4: options ---- */

Test(options, astar_and_fast)
{
    rhs_server *s = start_server(NULL);
    const char astar[] = "{\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\", "
                         "\"options\": {\"algorithm\": \"astar\"}}";
    cJSON *doc = solve_ok(rhs_port(s), "application/json", astar, 51);
    cr_assert_str_eq(jstr(doc, "algorithm"), "astar");
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(doc, "optimal")));
    cJSON_Delete(doc);

    const char fast[] = "{\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\", "
                        "\"options\": {\"algorithm\": \"fast\"}}";
    doc = solve_ok(rhs_port(s), "application/json", fast, -1);
    cr_assert_str_eq(jstr(doc, "algorithm"), "fast");
    cr_assert_geq(jnum(jobj(doc, "solution"), "move_count"), 51);
    cJSON_Delete(doc);
    stop_server(s);
}

Test(options, metric_slides)
{
    rhs_server *s = start_server(NULL);
    const char body[] = "{\"grid\": [\"bb...g\", \"a..c.g\", \"axxc.g\", \"a..c..\", \"e...ff\", "
                        "\"e.ddd.\"], \"options\": {\"metric\": \"slides\"}}";
    cJSON *doc = solve_ok(rhs_port(s), "application/json", body, -1);
    cr_assert_str_eq(jstr(doc, "metric"), "slides");
    cr_assert_eq(jnum(jobj(doc, "solution"), "slide_count"), 16);
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(doc, "optimal")));
    cJSON_Delete(doc);
    stop_server(s);
}

Test(options, unknown_option)
{
    rhs_server *s = start_server(NULL);
    rhs_response r;
    post_json(rhs_port(s),
              "{\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\", "
              "\"options\": {\"x\": 1}}",
              &r);
    cJSON *doc = expect_problem(&r, 400, "invalid-puzzle");
    const cJSON *errors = cJSON_GetObjectItemCaseSensitive(doc, "errors");
    cr_assert(cJSON_IsArray(errors));
    cr_assert_eq(cJSON_GetArraySize(errors), 1, "%s", r.body);
    cr_assert(lists_field(errors, "options.x"), "%s", r.body);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    stop_server(s);
}

Test(options, bad_types_all_reported)
{
    rhs_server *s = start_server(NULL);
    rhs_response r;
    post_json(rhs_port(s),
              "{\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\", \"options\": "
              "{\"algorithm\": 5, \"metric\": \"furlongs\", \"max_nodes\": \"ten\", "
              "\"timeout_ms\": 0, \"include_boards\": \"yes\"}}",
              &r);
    cJSON *doc = expect_problem(&r, 400, "invalid-puzzle");
    const cJSON *errors = cJSON_GetObjectItemCaseSensitive(doc, "errors");
    cr_assert(cJSON_IsArray(errors));
    static const char *const fields[] = {"options.algorithm", "options.metric", "options.max_nodes",
                                         "options.timeout_ms", "options.include_boards"};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        cr_assert(lists_field(errors, fields[i]), "%s not reported: %s", fields[i], r.body);
    cr_assert_eq(cJSON_GetArraySize(errors), 5, "%s", r.body);
    cJSON_Delete(doc);
    rhs_response_free(&r);

    /* max_nodes 1.5, a fraction, and options that is not an object. */
    post_json(rhs_port(s),
              "{\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\", \"options\": "
              "{\"max_nodes\": 1.5}}",
              &r);
    doc = expect_problem(&r, 400, "invalid-puzzle");
    cr_assert(lists_field(cJSON_GetObjectItemCaseSensitive(doc, "errors"), "options.max_nodes"));
    cJSON_Delete(doc);
    rhs_response_free(&r);
    post_json(rhs_port(s), "{\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\", \"options\": []}",
              &r);
    doc = expect_problem(&r, 400, "invalid-puzzle");
    cr_assert(lists_field(cJSON_GetObjectItemCaseSensitive(doc, "errors"), "options"), "%s",
              r.body);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    stop_server(s);
}

/* The playground: the page and its two files, with their types (and the page's policy); with
 * --playground off, every method on those paths is the 404 of an unknown path. */
static bool cached(const cJSON *doc)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(doc, "cached"));
}

static char *notation(const cJSON *doc)
{
    const cJSON *sol = cJSON_GetObjectItemCaseSensitive(doc, "solution");
    return strdup(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(sol, "notation")));
}

Test(cache, repeated_puzzle_in_any_form)
{
    rhs_server *s = start_server(NULL);
    char *json = read_file(RH_SOURCE_DIR "/examples/jam01.txt");
    cJSON *first = solve_ok(rhs_port(s), "application/json", jam01_grid, 8);
    cr_assert(!cached(first), "a first request cannot be cached");
    cJSON *again = solve_ok(rhs_port(s), "application/json", jam01_grid, 8);
    cr_assert(cached(again), "the same grid again is answered from the cache");
    cJSON *text = solve_ok(rhs_port(s), "text/plain", json, 8);
    cr_assert(cached(text), "the same board as text is the same puzzle");
    char *a = notation(first), *b = notation(again);
    cr_assert_str_eq(a, b);
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(again, "timing_us");
    cr_assert_eq(cJSON_GetObjectItemCaseSensitive(t, "solve")->valueint, 0);
    cJSON *slides = solve_ok(rhs_port(s), "application/json",
                             "{\"grid\": [\"bb...g\",\"a..c.g\",\"axxc.g\",\"a..c..\",\"e...ff\","
                             "\"e.ddd.\"], \"options\": {\"metric\": \"slides\"}}",
                             -1);
    cr_assert(!cached(slides), "another metric is another answer");
    rhs_response m;
    cr_assert_eq(rhs_get(rhs_admin_port(s), "/metrics", &m), 0);
    cr_assert_eq(rhs_metric_value(m.body, "rushhourd_cache_lookups_total{result=\"hit\"}"), 2);
    cr_assert_eq(rhs_metric_value(m.body, "rushhourd_cache_lookups_total{result=\"miss\"}"), 2);
    rhs_response_free(&m);
    free(a);
    free(b);
    free(json);
    cJSON_Delete(first);
    cJSON_Delete(again);
    cJSON_Delete(text);
    cJSON_Delete(slides);
    stop_server(s);
}

Test(cache, off_with_zero_bytes)
{
    rhs_server *s = START("--cache-bytes", "0");
    for (int i = 0; i < 2; i++) {
        cJSON *doc = solve_ok(rhs_port(s), "application/json", jam01_grid, 8);
        cr_assert(!cached(doc));
        cJSON_Delete(doc);
    }
    stop_server(s);
}

/* A client that gives up: its search stops within the watchdog's period instead of holding
 * the worker until its deadline, and the request is logged as 499. */
/* slow_16x16 with another deadline (1000 to 9999 ms): a search that holds its worker. */
/* ---- 11: hints and partial solutions ---- */

/* The move a {vehicle, direction, distance} object names in `p`. */
static rh_move move_of(const rh_puzzle *p, const cJSON *m)
{
    const int v = rh_puzzle_find(p, jstr(m, "vehicle"));
    cr_assert_geq(v, 0, "no vehicle %s", jstr(m, "vehicle"));
    const char *dir = jstr(m, "direction");
    const int sign = strcmp(dir, "right") == 0 || strcmp(dir, "down") == 0 ? 1 : -1;
    return (rh_move){v, sign * (int)jnum(m, "distance")};
}

Test(hint, first_move_of_an_optimal_solution)
{
    rhs_server *s = start_server(NULL);
    const int port = rhs_port(s);
    rh_ref_set set;
    cr_assert_eq(rh_ref_load(&set, "jam40.tsv"), 0);
    static const char *const levels[] = {"jam01", "jam10", "jam25", "jam40"};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        const rh_ref *ref = rh_ref_find(&set, levels[i]);
        cr_assert_not_null(ref, "%s", levels[i]);
        char *body = grid_body(&ref->puzzle, NULL);
        rhs_response r;
        post_to(port, "/v1/hint", "application/json", body, &r);
        free(body);
        cr_assert_eq(r.status, 200, "%s: %s", levels[i], r.body);
        cJSON *doc = body_json(&r);
        cr_assert_str_eq(jstr(doc, "algorithm"), "astar"); /* the hint's default */
        const cJSON *sol = jobj(doc, "solution");
        cr_assert_eq(jnum(sol, "move_count"), ref->min_moves, "%s", levels[i]);
        const cJSON *moves = cJSON_GetObjectItemCaseSensitive(sol, "moves");
        cr_assert_eq(cJSON_GetArraySize(moves), 1, "%s: %s", levels[i], r.body);
        cr_assert_eq(strchr(jstr(sol, "notation"), ' '), NULL, "one move in the notation");
        /* Played, the hint leaves a puzzle exactly one move shorter. */
        rh_puzzle next = ref->puzzle;
        cr_assert_eq(rh_puzzle_apply(&next, move_of(&next, cJSON_GetArrayItem(moves, 0))), RH_OK,
                     "%s: the hint is not a legal move", levels[i]);
        rh_result res;
        cr_assert_eq(rh_solve(&res, &next, NULL), RH_OK);
        cr_assert_eq(res.move_count, ref->min_moves - 1, "%s: %d moves left after the hint",
                     levels[i], res.move_count);
        rh_result_free(&res);
        cJSON_Delete(doc);
        rhs_response_free(&r);
    }
    rh_ref_free(&set);
    const char series[] =
        "rushhourd_http_requests_total{route=\"/v1/hint\",method=\"POST\",code=\"200\"}";
    cr_assert_geq(await_metric(s, series, 4), 4, "%s", series);
    stop_server(s);
}

/* The solution's moves, notation and boards, as text, to compare answers. */
static char *solution_text(const cJSON *doc)
{
    char *text = cJSON_PrintUnformatted(jobj(doc, "solution"));
    cr_assert_not_null(text);
    return text;
}

Test(hint, max_moves_returned_cuts_the_solution)
{
    rhs_server *s = start_server(NULL);
    const int port = rhs_port(s);
    rhs_response r;
    post_json(port,
              "{\"grid\": [\"bb...g\", \"a..c.g\", \"axxc.g\", \"a..c..\", \"e...ff\", "
              "\"e.ddd.\"], \"options\": {\"include_boards\": true}}",
              &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    cJSON *whole = body_json(&r);
    rhs_response_free(&r);
    const cJSON *all = jobj(whole, "solution");
    for (int pass = 0; pass < 2; pass++) { /* searched, then from the answer cache */
        post_json(port,
                  "{\"grid\": [\"bb...g\", \"a..c.g\", \"axxc.g\", \"a..c..\", \"e...ff\", "
                  "\"e.ddd.\"], \"options\": {\"include_boards\": true, "
                  "\"max_moves_returned\": 3}}",
                  &r);
        cr_assert_eq(r.status, 200, "%s", r.body);
        cJSON *doc = body_json(&r);
        cr_assert_eq(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(doc, "cached")), true,
                     "the whole solution was cached by the first request");
        const cJSON *sol = jobj(doc, "solution");
        cr_assert_eq(jnum(sol, "move_count"), 8);
        cr_assert_eq(jnum(sol, "slide_count"), jnum(all, "slide_count"));
        const cJSON *moves = cJSON_GetObjectItemCaseSensitive(sol, "moves");
        const cJSON *boards = cJSON_GetObjectItemCaseSensitive(sol, "boards");
        cr_assert_eq(cJSON_GetArraySize(moves), 3);
        cr_assert_eq(cJSON_GetArraySize(boards), 3);
        for (int i = 0; i < 3; i++) {
            const cJSON *a = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(all, "moves"), i);
            const cJSON *b = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(all, "boards"), i);
            cr_assert(cJSON_Compare(cJSON_GetArrayItem(moves, i), a, true), "move %d", i);
            cr_assert(cJSON_Compare(cJSON_GetArrayItem(boards, i), b, true), "board %d", i);
        }
        cr_assert_eq(
            strncmp(jstr(sol, "notation"), jstr(all, "notation"), strlen(jstr(sol, "notation"))),
            0);
        cr_assert_eq(strlen(jstr(sol, "notation")), 11, "three moves: %s", jstr(sol, "notation"));
        cJSON_Delete(doc);
        rhs_response_free(&r);
    }
    /* More than the solution holds: the whole of it. */
    post_json(port,
              "{\"grid\": [\"bb...g\", \"a..c.g\", \"axxc.g\", \"a..c..\", \"e...ff\", "
              "\"e.ddd.\"], \"options\": {\"include_boards\": true, \"max_moves_returned\": 99}}",
              &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    cJSON *doc = body_json(&r);
    char *a = solution_text(doc), *b = solution_text(whole);
    cr_assert_str_eq(a, b);
    free(a);
    free(b);
    cJSON_Delete(doc);
    cJSON_Delete(whole);
    rhs_response_free(&r);
    stop_server(s);
}

Test(hint, validation_names_fields)
{
    rhs_server *s = start_server(NULL);
    const int port = rhs_port(s);
    rhs_response r;
    post_json(port,
              "{\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\", \"options\": "
              "{\"max_moves_returned\": 0}}",
              &r);
    cJSON *doc = expect_problem(&r, 400, "invalid-puzzle");
    cr_assert(
        lists_field(cJSON_GetObjectItemCaseSensitive(doc, "errors"), "options.max_moves_returned"),
        "%s", r.body);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    post_to(port, "/v1/hint", "application/json",
            "{\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\", \"options\": "
            "{\"max_moves_returned\": \"1\", \"algorithm\": \"dfs\"}}",
            &r);
    doc = expect_problem(&r, 400, "invalid-puzzle");
    const cJSON *errors = cJSON_GetObjectItemCaseSensitive(doc, "errors");
    cr_assert(lists_field(errors, "options.max_moves_returned"), "%s", r.body);
    cr_assert(lists_field(errors, "options.algorithm"), "%s", r.body);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    /* A budget too small for the search: 422, as for solve. */
    post_to(port, "/v1/hint", "application/json",
            "{\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\", \"options\": "
            "{\"max_nodes\": 10}}",
            &r);
    doc = expect_problem(&r, 422, "search-limit");
    cr_assert_str_eq(jstr(doc, "algorithm"), "astar");
    cJSON_Delete(doc);
    rhs_response_free(&r);
    stop_server(s);
}
