/* rushhourd over HTTP: POST /v1/verify. A player's legal, illegal (each reason), truncated and
 * malformed lists, the media type, the body limit, the move limit, the budgets, and the
 * solver's optimal solution of every Jam checked as a player's. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http_test.h"
#include "reference.h"

HTTP_SUITE(verify);
HTTP_SUITE(verify_jams);

/* Jam 1 as a grid: the red car x on row 2; 8 moves. */
#define JAM01_GRID "\"grid\":[\"bb...g\",\"a..c.g\",\"axxc.g\",\"a..c..\",\"e...ff\",\"e.ddd.\"]"

/* POSTs `body` to /v1/verify and expects a 200 verdict; returns it. */
static cJSON *verdict(int port, const char *body)
{
    rhs_response r;
    post_to(port, "/v1/verify", "application/json", body, &r);
    cr_assert_eq(r.status, 200, "status %ld: %s", r.status, r.body);
    expect_content_type(&r, "application/json");
    cJSON *doc = body_json(&r);
    rhs_response_free(&r);
    cr_assert(cJSON_IsObject(jobj(doc, "timing_us")));
    return doc;
}

/* POSTs `body` to /v1/verify and expects a 400 naming every field of `fields` (NULL-ended). */
static void expect_invalid(int port, const char *body, const char *slug, const char *const *fields)
{
    rhs_response r;
    post_to(port, "/v1/verify", "application/json", body, &r);
    cJSON *doc = expect_problem(&r, 400, slug);
    const cJSON *errors = cJSON_GetObjectItemCaseSensitive(doc, "errors");
    for (int i = 0; fields[i]; i++)
        cr_assert(lists_field(errors, fields[i]), "%s not named in %s", fields[i], r.body);
    cJSON_Delete(doc);
    rhs_response_free(&r);
}

static bool jbool(const cJSON *o, const char *key)
{
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(o, key);
    cr_assert(cJSON_IsBool(b), "%s is not a boolean", key);
    return cJSON_IsTrue(b);
}

static bool jnull(const cJSON *o, const char *key)
{
    return cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(o, key));
}

/* The solution /v1/solve gives `puzzle_body`, as a /v1/verify body with its first `keep`
 * moves (-1: all); the caller frees it. */
static char *solved_body(int port, const char *puzzle_body, int keep, int *move_count)
{
    cJSON *sol = solve_ok(port, "application/json", puzzle_body, -1);
    cJSON *moves = cJSON_DetachItemFromObjectCaseSensitive((cJSON *)jobj(sol, "solution"), "moves");
    *move_count = (int)jnum(jobj(sol, "solution"), "move_count");
    for (int n; keep >= 0 && (n = cJSON_GetArraySize(moves)) > keep;)
        cJSON_DeleteItemFromArray(moves, n - 1);
    cJSON *body = cJSON_Parse(puzzle_body);
    cr_assert_not_null(body);
    cJSON_AddItemToObject(body, "moves", moves);
    char *text = cJSON_PrintUnformatted(body);
    cJSON_Delete(body);
    cJSON_Delete(sol);
    return text;
}

Test(verify, the_solvers_solution_is_legal_solved_and_optimal)
{
    rhs_server *s = start_server(NULL);
    int n;
    char *body = solved_body(rhs_port(s), jam01_grid, -1, &n);
    cJSON *doc = verdict(rhs_port(s), body);
    cr_assert(jbool(doc, "legal"));
    cr_assert(jnull(doc, "first_illegal"));
    cr_assert(jnull(doc, "reason"));
    cr_assert(jbool(doc, "solved"));
    cr_assert(jbool(doc, "optimal"));
    cr_assert_eq(jnum(doc, "move_count"), 8);
    cr_assert_eq(jnum(doc, "optimal_move_count"), 8);
    cr_assert_gt(jnum(doc, "slide_count"), 8);
    /* The final position in the bank's notation: 36 cells, the primary out at the exit. */
    const char *board = jstr(doc, "board");
    cr_assert_eq(strlen(board), 36);
    cr_assert_eq(strncmp(board + 2 * 6 + 4, "AA", 2), 0, "%s", board);
    cJSON_Delete(doc);
    cJSON_free(body);
    stop_server(s);
}

Test(verify, a_truncated_solution_is_legal_but_not_solved)
{
    rhs_server *s = start_server(NULL);
    int n;
    char *body = solved_body(rhs_port(s), jam01_grid, 3, &n);
    cJSON *doc = verdict(rhs_port(s), body);
    cr_assert(jbool(doc, "legal"));
    cr_assert_not(jbool(doc, "solved"));
    cr_assert_not(jbool(doc, "optimal"));
    cr_assert_eq(jnum(doc, "move_count"), 3);
    cr_assert_eq(jnum(doc, "optimal_move_count"), 8);
    cJSON_Delete(doc);
    cJSON_free(body);
    stop_server(s);
}

/* The reason of the one move `move` on Jam 1 (or `puzzle`), checked to be at index 0. */
static cJSON *reason_of(int port, const char *puzzle, const char *move, const char *code)
{
    char body[512];
    snprintf(body, sizeof body, "{%s,\"moves\":[%s]}", puzzle ? puzzle : JAM01_GRID, move);
    cJSON *doc = verdict(port, body);
    cr_assert_not(jbool(doc, "legal"));
    cr_assert_eq(jnum(doc, "first_illegal"), 0);
    cr_assert_eq(jnum(doc, "move_count"), 0);
    cr_assert_not(jbool(doc, "optimal"));
    cJSON *reason = cJSON_DetachItemFromObjectCaseSensitive(doc, "reason");
    cJSON_Delete(doc);
    cr_assert_str_eq(jstr(reason, "code"), code);
    return reason;
}

Test(verify, each_reason_of_an_illegal_move)
{
    rhs_server *s = start_server(NULL);
    const int port = rhs_port(s);
    cJSON *r = reason_of(port, NULL, "{\"vehicle\":\"x\",\"direction\":\"right\",\"distance\":1}",
                         "blocked");
    cr_assert_str_eq(jstr(r, "vehicle"), "c");
    cr_assert_not(jbool(r, "wall"));
    cr_assert_eq(jnum(jobj(r, "cell"), "row"), 2);
    cr_assert_eq(jnum(jobj(r, "cell"), "col"), 3);
    cJSON_Delete(r);

    r = reason_of(port,
                  "\"grid\":[\"......\",\"......\",\"xx.#..\",\"......\",\"......\",\"......\"]",
                  "{\"vehicle\":\"x\",\"direction\":\"right\",\"distance\":2}", "blocked");
    cr_assert(jnull(r, "vehicle"));
    cr_assert(jbool(r, "wall"));
    cr_assert_eq(jnum(jobj(r, "cell"), "col"), 3);
    cJSON_Delete(r);

    r = reason_of(port, NULL, "{\"vehicle\":\"b\",\"direction\":\"left\",\"distance\":1}",
                  "off-board");
    cr_assert_eq(jnum(jobj(r, "cell"), "row"), 0);
    cr_assert_eq(jnum(jobj(r, "cell"), "col"), -1);
    cJSON_Delete(r);

    r = reason_of(port, NULL, "{\"vehicle\":\"q\",\"direction\":\"up\",\"distance\":1}",
                  "unknown-vehicle");
    cr_assert(jnull(r, "cell"));
    cJSON_Delete(r);

    r = reason_of(port, NULL, "{\"vehicle\":\"x\",\"direction\":\"up\",\"distance\":1}",
                  "wrong-axis");
    cr_assert(jnull(r, "vehicle"));
    cJSON_Delete(r);
    stop_server(s);
}

Test(verify, an_unsolvable_start_has_no_optimal_length)
{
    rhs_server *s = start_server(NULL);
    char body[512];
    snprintf(body, sizeof body, "%.*s,\"moves\":[]}", (int)strlen(unsolvable_walls) - 1,
             unsolvable_walls);
    cJSON *doc = verdict(rhs_port(s), body);
    cr_assert(jbool(doc, "legal"));
    cr_assert_not(jbool(doc, "solved"));
    cr_assert(jnull(doc, "optimal_move_count"));
    cr_assert_not(jbool(doc, "optimal"));
    cJSON_Delete(doc);
    stop_server(s);
}

Test(verify, malformed_lists_name_each_field)
{
    rhs_server *s = START("--max-body-bytes", "1MiB");
    const int port = rhs_port(s);
    expect_invalid(port, "{" JAM01_GRID "}", "invalid-request",
                   (const char *const[]){"moves", NULL});
    expect_invalid(port, "{" JAM01_GRID ",\"moves\":{}}", "invalid-request",
                   (const char *const[]){"moves", NULL});
    expect_invalid(port,
                   "{" JAM01_GRID ",\"moves\":[3,"
                   "{\"vehicle\":1,\"direction\":\"up\",\"distance\":1},"
                   "{\"vehicle\":\"c\",\"direction\":\"north\",\"distance\":1},"
                   "{\"vehicle\":\"c\",\"direction\":\"up\",\"distance\":7},"
                   "{\"vehicle\":\"c\",\"direction\":\"up\",\"distance\":1.5},"
                   "{\"vehicle\":\"c\",\"direction\":\"up\",\"distance\":0},"
                   "{\"vehicle\":\"c\",\"direction\":\"up\"},"
                   "{\"vehicle\":\"c\",\"direction\":\"up\",\"distance\":1,\"by\":2}]}",
                   "invalid-request",
                   (const char *const[]){"moves[0]", "moves[1].vehicle", "moves[2].direction",
                                         "moves[3].distance", "moves[4].distance",
                                         "moves[5].distance", "moves[6].distance", "moves[7].by",
                                         NULL});
    /* A bad puzzle and a bad move: both named, so the request is at fault. */
    expect_invalid(port,
                   "{\"board\":\"AA\",\"moves\":[{\"vehicle\":\"A\",\"direction\":\"r\","
                   "\"distance\":1}]}",
                   "invalid-request", (const char *const[]){"board", "moves[0].direction", NULL});
    /* Only the puzzle at fault: invalid-puzzle, as /v1/solve says it. */
    expect_invalid(port, "{\"board\":\"AA\",\"moves\":[]}", "invalid-puzzle",
                   (const char *const[]){"board", NULL});
    /* Options: the budgets only. */
    expect_invalid(port, "{" JAM01_GRID ",\"moves\":[],\"options\":{\"metric\":\"slides\"}}",
                   "invalid-puzzle", (const char *const[]){"options.metric", NULL});
    expect_invalid(port, "[]", "invalid-puzzle", (const char *const[]){"", NULL});

    /* RH_VERIFY_MOVES_MAX moves are checked; one more is a 400 on "moves". */
    const char move[] = "{\"vehicle\":\"b\",\"direction\":\"right\",\"distance\":1},"
                        "{\"vehicle\":\"b\",\"direction\":\"left\",\"distance\":1},";
    char *body = malloc(64 + (RH_VERIFY_MOVES_MAX / 2 + 1) * (sizeof move - 1) + sizeof JAM01_GRID);
    cr_assert_not_null(body);
    size_t len = (size_t)sprintf(body, "{" JAM01_GRID ",\"moves\":[");
    for (int i = 0; i < RH_VERIFY_MOVES_MAX / 2; i++)
        len += (size_t)sprintf(body + len, "%s", move);
    strcpy(body + len - 1, "]}");
    cJSON *doc = verdict(port, body);
    cr_assert(jbool(doc, "legal"));
    cr_assert_eq(jnum(doc, "move_count"), 0, "b back and forth: every run undone");
    cr_assert_eq(jnum(doc, "slide_count"), RH_VERIFY_MOVES_MAX);
    cJSON_Delete(doc);
    strcpy(body + len - 1, ",{\"vehicle\":\"b\",\"direction\":\"right\",\"distance\":1}]}");
    expect_invalid(port, body, "invalid-request", (const char *const[]){"moves", NULL});
    free(body);
    stop_server(s);
}

Test(verify, the_longest_list_fits_the_default_body_limit)
{
    rhs_server *s = start_server(NULL);
    const char move[] = "{\"vehicle\":\"ABCDEFGH\",\"direction\":\"right\",\"distance\":6},";
    static char body[80 * RH_VERIFY_MOVES_MAX];
    size_t len = (size_t)sprintf(body, "{\"board\":\"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\","
                                       "\"moves\":[");
    for (int i = 0; i < RH_VERIFY_MOVES_MAX; i++) len += (size_t)sprintf(body + len, "%s", move);
    strcpy(body + len - 1, "]}");
    cr_assert_lt(strlen(body), 64 * 1024, "%zu bytes", strlen(body));
    cJSON *doc = verdict(rhs_port(s), body);
    cr_assert_eq(jnum(doc, "first_illegal"), 0);
    cr_assert_str_eq(jstr(jobj(doc, "reason"), "code"), "unknown-vehicle");
    cr_assert_eq(jnum(doc, "optimal_move_count"), 51);
    cJSON_Delete(doc);
    stop_server(s);
}

Test(verify, json_only_and_the_body_limit)
{
    rhs_server *s = START("--max-body-bytes", "2048");
    rhs_response r;
    post_to(rhs_port(s), "/v1/verify", "text/plain", "bb...g/a..c.g/axxc.g/a..c../e...ff/e.ddd.",
            &r);
    cJSON_Delete(expect_problem(&r, 415, "unsupported-media-type"));
    rhs_response_free(&r);
    char body[4096];
    size_t len = (size_t)sprintf(body, "{" JAM01_GRID ",\"moves\":[");
    while (len < 3000)
        len += (size_t)sprintf(body + len, "{\"vehicle\":\"b\",\"direction\":\"right\","
                                           "\"distance\":1},");
    strcpy(body + len - 1, "]}");
    post_to(rhs_port(s), "/v1/verify", "application/json", body, &r);
    cJSON_Delete(expect_problem(&r, 413, "body-too-large"));
    rhs_response_free(&r);
    stop_server(s);
}

Test(verify, a_search_limit_is_a_422_that_keeps_the_verdict)
{
    rhs_server *s = start_server(NULL);
    rhs_response r;
    post_to(rhs_port(s), "/v1/verify", "application/json",
            "{\"board\":\"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\",\"options\":{\"max_nodes\":10},"
            "\"moves\":[{\"vehicle\":\"A\",\"direction\":\"right\",\"distance\":1}]}",
            &r);
    cJSON *doc = expect_problem(&r, 422, "search-limit");
    cr_assert_not(jbool(doc, "legal"));
    cr_assert_str_eq(jstr(jobj(doc, "reason"), "code"), "blocked");
    cr_assert(jnull(doc, "optimal_move_count"));
    cr_assert_str_eq(jstr(doc, "limit"), "nodes");
    cJSON_Delete(doc);
    rhs_response_free(&r);
    /* Counted under the route's own label. */
    cr_assert_geq(
        await_metric(
            s, "rushhourd_http_requests_total{route=\"/v1/verify\",method=\"POST\",code=\"422\"}",
            1),
        1);
    stop_server(s);
}

/* Every Jam: the solver's optimal solution, fed to /v1/verify, is legal, solved and optimal. */
Test(verify_jams, every_jams_optimal_solution_is_verified_optimal, .timeout = 240)
{
    rhs_server *s = start_server(NULL);
    rh_ref_set set;
    cr_assert_eq(rh_ref_load(&set, "jam40.tsv"), 0);
    cr_assert_eq(set.count, 40);
    for (int i = 0; i < set.count; i++) {
        char *puzzle = grid_body(&set.items[i].puzzle, NULL);
        int n;
        char *body = solved_body(rhs_port(s), puzzle, -1, &n);
        cJSON *doc = verdict(rhs_port(s), body);
        const char *name = set.items[i].name;
        cr_assert(jbool(doc, "legal"), "%s", name);
        cr_assert(jbool(doc, "solved"), "%s", name);
        cr_assert(jbool(doc, "optimal"), "%s", name);
        cr_assert_eq(jnum(doc, "move_count"), set.items[i].min_moves, "%s", name);
        cr_assert_eq(jnum(doc, "optimal_move_count"), set.items[i].min_moves, "%s", name);
        cJSON_Delete(doc);
        cJSON_free(body);
        free(puzzle);
    }
    rh_ref_free(&set);
    stop_server(s);
}
