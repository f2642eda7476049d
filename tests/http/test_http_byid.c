/* rushhourd over HTTP: POST /v1/verify, /v1/hint and /v1/solve with a puzzle named by its bank
 * id in place of a board. The answer by id is the answer by the id's board, plus the id; an id
 * the bank does not hold is a 404, a malformed one or one beside a board a 400 naming `id`, and
 * a server without a bank answers 503 no-bank. Analyze and batch items take no id. The bank is
 * built here from real puzzles (tests/support/bank_records.c: Jam levels and wall variants). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bank_records.h"
#include "http_bank.h"
#include "http_test.h"
#include "rushhour/puzzle_id.h"

TestSuite(byid, .init = http_bank_suite_setup, .fini = http_bank_suite_teardown);

/* The routes that take an id, and what each needs beside the puzzle. */
static const char *const routes[] = {"/v1/verify", "/v1/hint", "/v1/solve"};
static const char *const route_more[] = {",\"moves\":[]", "", ""};
#define ROUTES 3

#define JAM40 12                 /* bank_records: the 51-move Jam 40, stored */
#define JAM02 21                 /* bank_records: Jam 2, not minimal: never stored */
#define HARDEST_ID "6sUEFGcAESQ" /* the other 51-move puzzle, not in this bank */

/* The id of bank_records[i], and its board as the id gives it back (the bank's normal form). */
static void record_id(int i, char *id, char *board)
{
    const char *b = bank_records[i].board;
    cr_assert_eq(rh_puzzle_id_encode(id, b, strlen(b)), RH_OK, "%s", b);
    cr_assert_eq(rh_puzzle_id_decode(board, id, strlen(id)), RH_OK, "%s", id);
}

/* POSTs `body` to `path` and expects `status`; returns the answer's document. */
static cJSON *answer(int port, const char *path, const char *body, long status)
{
    rhs_response r;
    post_to(port, path, "application/json", body, &r);
    cr_assert_eq(r.status, status, "%s %s: status %ld: %s", path, body, r.status, r.body);
    cJSON *doc = body_json(&r);
    rhs_response_free(&r);
    return doc;
}

/* POSTs `body` to `path` and expects the problem `slug` of `status` whose errors name `field`
 * (NULL: no errors expected). */
static void expect_refused(int port, const char *path, const char *body, long status,
                           const char *slug, const char *field)
{
    rhs_response r;
    post_to(port, path, "application/json", body, &r);
    cJSON *doc = expect_problem(&r, status, slug);
    const cJSON *errors = cJSON_GetObjectItemCaseSensitive(doc, "errors");
    if (field)
        cr_assert(lists_field(errors, field), "%s %s: %s not named: %s", path, body, field, r.body);
    else
        cr_assert_null(errors, "%s: %s", path, r.body);
    char value[16];
    cr_assert(!rhs_header(&r, "Retry-After", value, sizeof value), "%s: Retry-After", path);
    cJSON_Delete(doc);
    rhs_response_free(&r);
}

/* Whether the member `key` of `o` is true. */
static bool is_true(const cJSON *o, const char *key)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, key));
}

/* `doc` without what may differ between two askings of one position: the timings, whether the
 * answer cache or a table answered, and the id echoed. */
static cJSON *comparable(cJSON *doc)
{
    static const char *const differ[] = {"timing_us", "cached", "source", "id"};
    for (size_t k = 0; k < sizeof differ / sizeof *differ; k++)
        cJSON_DeleteItemFromObjectCaseSensitive(doc, differ[k]);
    return doc;
}

/* The by-id answer echoes `id`; the by-board one says no id; else they are the same. */
static void expect_same(cJSON *by_id, cJSON *by_board, const char *id)
{
    cr_assert_str_eq(jstr(by_id, "id"), id);
    cr_assert_null(cJSON_GetObjectItemCaseSensitive(by_board, "id"), "a board has no id");
    char *a = cJSON_PrintUnformatted(comparable(by_id));
    char *b = cJSON_PrintUnformatted(comparable(by_board));
    cr_assert_str_eq(a, b, "by id %s, by board %s", a, b);
    free(a);
    free(b);
    cJSON_Delete(by_id);
    cJSON_Delete(by_board);
}

/* A player's moves judged by id are judged as by the board: the solver's whole solution, its
 * first half, and a list whose first move is impossible, on wall-free puzzles and wall
 * variants, short and the longest. */
Test(byid, verify_by_id_is_verify_by_the_board)
{
    rhs_server *s = START("--bank", http_bank_path());
    const int port = rhs_port(s);
    static const int which[] = {0, 2, 13, 16, JAM40};
    for (size_t k = 0; k < sizeof which / sizeof *which; k++) {
        char id[RH_PUZZLE_ID_MAX + 1], board[RH_PUZZLE_ID_CELLS_MAX + 1], body[256];
        record_id(which[k], id, board);
        snprintf(body, sizeof body, "{\"board\":\"%s\"}", board);
        cJSON *sol = solve_ok(port, "application/json", body, bank_records[which[k]].moves);
        cJSON *moves =
            cJSON_DetachItemFromObjectCaseSensitive((cJSON *)jobj(sol, "solution"), "moves");
        cJSON_Delete(sol);
        cJSON *half = cJSON_Duplicate(moves, true);
        for (int n; (n = cJSON_GetArraySize(half)) > cJSON_GetArraySize(moves) / 2;)
            cJSON_DeleteItemFromArray(half, n - 1);
        cJSON *off = cJSON_Parse("[{\"vehicle\":\"A\",\"direction\":\"left\",\"distance\":6}]");
        cJSON *lists[] = {moves, half, off};
        for (int l = 0; l < 3; l++) {
            char *list = cJSON_PrintUnformatted(lists[l]);
            const size_t len = strlen(list) + 128;
            char *by_id = malloc(len), *by_board = malloc(len);
            snprintf(by_id, len, "{\"id\":\"%s\",\"moves\":%s}", id, list);
            snprintf(by_board, len, "{\"board\":\"%s\",\"moves\":%s}", board, list);
            cJSON *verdict = answer(port, "/v1/verify", by_id, 200);
            const bool whole = l == 0;
            cr_assert(is_true(verdict, "solved") == whole, "%s", by_id);
            cr_assert(is_true(verdict, "legal") == (l < 2), "%s", by_id);
            cr_assert_eq(jnum(verdict, "optimal_move_count"), bank_records[which[k]].moves);
            expect_same(verdict, answer(port, "/v1/verify", by_board, 200), id);
            free(by_id);
            free(by_board);
            cJSON_free(list);
            cJSON_Delete(lists[l]);
        }
    }
    stop_server(s);
}

/* A hint and a solve by id are those of the board: the same solution and statistics (the
 * second asking comes from the answer cache, whichever form asked first; no cluster table
 * answers either). */
Test(byid, hint_and_solve_by_id_are_those_of_the_board)
{
    rhs_server *s = START("--bank", http_bank_path(), "--table-cache-bytes", "0");
    const int port = rhs_port(s);
    static const int which[] = {0, 14, JAM40};
    for (size_t k = 0; k < sizeof which / sizeof *which; k++) {
        char id[RH_PUZZLE_ID_MAX + 1], board[RH_PUZZLE_ID_CELLS_MAX + 1];
        record_id(which[k], id, board);
        for (int r = 1; r < ROUTES; r++) {
            char by_id[128], by_board[128];
            snprintf(by_id, sizeof by_id, "{\"id\":\"%s\"}", id);
            snprintf(by_board, sizeof by_board, "{\"board\":\"%s\"}", board);
            cJSON *first = answer(port, routes[r], k % 2 ? by_board : by_id, 200);
            cJSON *second = answer(port, routes[r], k % 2 ? by_id : by_board, 200);
            cr_assert(is_true(second, "cached"), "%s: one position, one answer", routes[r]);
            cr_assert_eq(jnum(jobj(first, "solution"), "move_count"), bank_records[which[k]].moves);
            if (k % 2)
                expect_same(second, first, id);
            else
                expect_same(first, second, id);
        }
    }
    stop_server(s);
}

/* A well-formed id the bank does not hold is a 404, as GET /v1/puzzles/{id} answers it; its
 * moves are still checked first, against the id's board. */
Test(byid, an_id_the_bank_does_not_hold_is_404_unknown_puzzle)
{
    rhs_server *s = START("--bank", http_bank_path());
    const int port = rhs_port(s);
    char jam02[RH_PUZZLE_ID_MAX + 1], board[RH_PUZZLE_ID_CELLS_MAX + 1];
    record_id(JAM02, jam02, board);
    const char *const ids[] = {jam02, HARDEST_ID};
    for (int k = 0; k < 2; k++)
        for (int r = 0; r < ROUTES; r++) {
            char body[128];
            snprintf(body, sizeof body, "{\"id\":\"%s\"%s}", ids[k], route_more[r]);
            expect_refused(port, routes[r], body, 404, "unknown-puzzle", NULL);
        }
    expect_refused(port, "/v1/verify",
                   "{\"id\":\"" HARDEST_ID "\",\"moves\":[{\"vehicle\":\"A\",\"direction\":"
                   "\"right\",\"distance\":7}]}",
                   400, "invalid-request", "moves[0].distance");
    stop_server(s);
}

/* What is no id, an id beside a board, no puzzle at all, or a member the id form lacks: a 400
 * naming the field, on every route that takes an id. */
Test(byid, a_malformed_id_or_an_id_beside_a_board_is_400_naming_it)
{
    rhs_server *s = START("--bank", http_bank_path());
    const int port = rhs_port(s);
    static const struct {
        const char *members, *field;
    } bad[] = {
        {"\"id\":\"6qEEgucAESQA\"", "id"},
        {"\"id\":\"abc\"", "id"},
        {"\"id\":\"\"", "id"},
        {"\"id\":51", "id"},
        {"\"id\":null", "id"},
        {"\"id\":\"6qEEgucAESQ\",\"board\":\"BCC.D.BEF.DGBEFAAGHHHI.G..JIKKLLJMM.\"", "id"},
        {"\"id\":\"6qEEgucAESQ\",\"grid\":[\"bb...g\"]", "id"},
        {"\"id\":\"6qEEgucAESQ\",\"vehicles\":[]", "id"},
        {"\"options\":{}", "id"},
        {"\"id\":\"6qEEgucAESQ\",\"target\":\"A\"", "target"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++)
        for (int r = 0; r < ROUTES; r++) {
            char body[256];
            snprintf(body, sizeof body, "{%s%s}", bad[k].members, route_more[r]);
            expect_refused(port, routes[r], body, 400, "invalid-puzzle", bad[k].field);
        }
    stop_server(s);
}

/* Without a bank an id names no puzzle this instance serves: 503 no-bank, without Retry-After
 * (it lasts as long as the instance); a malformed id is still a 400, and a board still works. */
Test(byid, without_a_bank_an_id_is_503_no_bank)
{
    rhs_server *s = START("--bank", "off");
    const int port = rhs_port(s);
    for (int r = 0; r < ROUTES; r++) {
        char body[128];
        snprintf(body, sizeof body, "{\"id\":\"6qEEgucAESQ\"%s}", route_more[r]);
        expect_refused(port, routes[r], body, 503, "no-bank", NULL);
        snprintf(body, sizeof body, "{\"id\":\"abc\"%s}", route_more[r]);
        expect_refused(port, routes[r], body, 400, "invalid-puzzle", "id");
        snprintf(body, sizeof body, "{\"board\":\"BCC.D.BEF.DGBEFAAGHHHI.G..JIKKLLJMM.\"%s}",
                 route_more[r]);
        cJSON_Delete(answer(port, routes[r], body, 200));
    }
    stop_server(s);
}

/* A budget that runs out by id: the 422 still says which puzzle it was about. */
Test(byid, a_search_limit_keeps_the_id)
{
    rhs_server *s = START("--bank", http_bank_path(), "--table-cache-bytes", "0");
    const int port = rhs_port(s);
    rhs_response r;
    post_to(port, "/v1/hint", "application/json",
            "{\"id\":\"6qEEgucAESQ\",\"options\":{\"max_nodes\":10,\"metric\":\"slides\"}}", &r);
    cJSON *doc = expect_problem(&r, 422, "search-limit");
    cr_assert_str_eq(jstr(doc, "id"), "6qEEgucAESQ");
    cJSON_Delete(doc);
    rhs_response_free(&r);
    post_to(port, "/v1/verify", "application/json",
            "{\"id\":\"6qEEgucAESQ\",\"moves\":[],\"options\":{\"max_nodes\":10}}", &r);
    doc = expect_problem(&r, 422, "search-limit");
    cr_assert_str_eq(jstr(doc, "id"), "6qEEgucAESQ");
    cr_assert(is_true(doc, "legal"));
    cJSON_Delete(doc);
    rhs_response_free(&r);
    stop_server(s);
}

/* Analyze and the items of a batch take a board only: an id there is no puzzle form. */
Test(byid, analyze_and_batch_items_take_no_id)
{
    rhs_server *s = START("--bank", http_bank_path());
    const int port = rhs_port(s);
    expect_refused(port, "/v1/analyze", "{\"id\":\"6qEEgucAESQ\"}", 400, "invalid-puzzle",
                   "vehicles");
    rhs_response r;
    post_to(port, "/v1/solve/batch", "application/json", "{\"puzzles\":[{\"id\":\"6qEEgucAESQ\"}]}",
            &r);
    cJSON *doc;
    const cJSON *item = cJSON_GetArrayItem(batch_results(&r, 1, &doc), 0);
    cr_assert_eq(jnum(item, "status"), 400, "%s", r.body);
    cr_assert(lists_field(cJSON_GetObjectItemCaseSensitive(item, "errors"), "vehicles"), "%s",
              r.body);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    stop_server(s);
}
