/* rushhourd over HTTP: the puzzle bank's routes (/v1/puzzles, /daily, /stats, /{id}), generate
 * answered from the bank, and the service without a bank. The bank is built here from real
 * puzzles (tests/support/bank_records.c: Jam levels and wall variants, lengths known). */
#include <criterion/criterion.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bank_records.h"
#include "http_bank.h"
#include "http_test.h"
#include "rushhour/json.h"
#include "rushhour/puzzle_id.h"
#include "scratch.h"

TestSuite(puzzles, .init = http_bank_suite_setup, .fini = http_bank_suite_teardown);

static rhs_server *start_with_bank(void)
{
    return START("--bank", http_bank_path());
}

/* The answer of GET `path`, checked to be a 200 JSON document. */
static cJSON *get_ok(int port, const char *path)
{
    rhs_response r;
    get(port, path, &r);
    cr_assert_eq(r.status, 200, "%s: %s", path, r.body);
    expect_content_type(&r, "application/json");
    cJSON *doc = body_json(&r);
    rhs_response_free(&r);
    return doc;
}

static const cJSON *jarr(const cJSON *doc)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(doc, "puzzles");
    cr_assert(cJSON_IsArray(a), "\"puzzles\" is not an array");
    return a;
}

static const cJSON *jerrors(const cJSON *problem)
{
    return cJSON_GetObjectItemCaseSensitive(problem, "errors");
}

/* The stored record of `board`, or NULL. */
static const bank_record *record_of(const char *board)
{
    for (int i = 0; i < BANK_KEPT; i++)
        if (strcmp(bank_records[i].board, board) == 0) return &bank_records[i];
    return NULL;
}

/* Each puzzle of `list` is a kept record, within [lo, hi] moves and [wlo, whi] walls, and
 * solves with the library in exactly its stated moves. Returns how many. */
static int check_puzzles(const cJSON *list, int lo, int hi, int wlo, int whi)
{
    cr_assert(cJSON_IsArray(list));
    const cJSON *p;
    cJSON_ArrayForEach(p, list)
    {
        const char *board = jstr(p, "board");
        const bank_record *rec = record_of(board);
        cr_assert_not_null(rec, "%s is not a stored puzzle", board);
        const int moves = (int)jnum(p, "moves");
        cr_assert_eq(moves, rec->moves);
        cr_assert(moves >= lo && moves <= hi, "%d moves outside %d-%d", moves, lo, hi);
        const int walls = (int)jnum(p, "walls");
        cr_assert(walls >= wlo && walls <= whi, "%d walls outside %d-%d", walls, wlo, whi);
        cr_assert_eq(walls, rec->walls);
        cr_assert_eq((unsigned)jnum(p, "cluster_size"), rec->states);
        cr_assert_eq((int)jnum(p, "vehicles"), rec->vehicles);
        cr_assert_eq((int)jnum(p, "board_size"), 6);
        char id[RH_PUZZLE_ID_MAX + 1];
        cr_assert_eq(rh_puzzle_id_encode(id, board, strlen(board)), RH_OK);
        cr_assert_str_eq(jstr(p, "id"), id, "the id is the board's");
        rh_puzzle pz;
        rh_diags d;
        rh_diags_init(&d);
        cr_assert_eq(rh_parse_board(&pz, &d, board, strlen(board), "board"), RH_OK);
        rh_result res;
        cr_assert_eq(rh_solve(&res, &pz, NULL), RH_OK);
        cr_assert_eq(res.status, RH_SOLVED);
        cr_assert_eq(res.move_count, moves, "%s solves in %d, stated %d", board, res.move_count,
                     moves);
        rh_result_free(&res);
    }
    return cJSON_GetArraySize(list);
}

Test(puzzles, picks_within_the_range_solve_at_their_length_and_repeat_per_seed)
{
    rhs_server *s = start_with_bank();
    const int port = rhs_port(s);
    /* Without walls, the wall-free ones: walls are a variant asked for. */
    cJSON *doc = get_ok(port, "/v1/puzzles?min_moves=10&max_moves=30&count=20&seed=42");
    int expected = 0, with_walls = 0; /* the stored puzzles of 10..30 moves, fewer than 20 */
    for (int i = 0; i < BANK_KEPT; i++) {
        const bank_record *rec = &bank_records[i];
        expected += rec->moves >= 10 && rec->moves <= 30 && rec->walls == 0;
        with_walls += rec->moves >= 10 && rec->moves <= 30 && rec->walls > 0;
    }
    cr_assert_eq(check_puzzles(jarr(doc), 10, 30, 0, 0), expected);
    cr_assert_eq(jnum(doc, "count"), expected);
    cr_assert_eq(jnum(doc, "seed"), 42);
    cJSON_Delete(doc);
    cr_assert_gt(with_walls, 0);
    doc = get_ok(port, "/v1/puzzles?min_moves=10&max_moves=30&walls=0-64&count=20&seed=42");
    cr_assert_eq(check_puzzles(jarr(doc), 10, 30, 0, 64), expected + with_walls);
    cJSON_Delete(doc);

    cJSON *one = get_ok(port, "/v1/puzzles?min_moves=8&max_moves=51&walls=1-2&count=3&seed=7");
    cr_assert_eq(check_puzzles(jarr(one), 8, 51, 1, 2), 3);
    cJSON *two = get_ok(port, "/v1/puzzles?seed=7&count=3&walls=1-2&max_moves=51&min_moves=8");
    cr_assert(cJSON_Compare(jarr(one), jarr(two), true));
    cJSON_Delete(two);
    /* Another seed draws another set. */
    int differ = 0;
    for (int seed = 1; seed <= 5; seed++) {
        char path[128];
        snprintf(path, sizeof path,
                 "/v1/puzzles?min_moves=8&max_moves=51&walls=1-2&count=3&seed=%d", 100 + seed);
        cJSON *other = get_ok(port, path);
        differ += !cJSON_Compare(jarr(one), jarr(other), true);
        cJSON_Delete(other);
    }
    cr_assert_gt(differ, 0);
    cJSON_Delete(one);

    /* No seed: one is chosen and echoed, and asking with it repeats the pick. */
    cJSON *any = get_ok(port, "/v1/puzzles?count=4");
    char path[128];
    snprintf(path, sizeof path, "/v1/puzzles?count=4&seed=%.0f", jnum(any, "seed"));
    cJSON *again = get_ok(port, path);
    cr_assert_eq(check_puzzles(jarr(any), 0, 2047, 0, 0), 4);
    cr_assert(cJSON_Compare(jarr(any), jarr(again), true));
    cJSON_Delete(any);
    cJSON_Delete(again);

    /* An empty range is no error. */
    cJSON *none = get_ok(port, "/v1/puzzles?min_moves=52");
    cr_assert_eq(cJSON_GetArraySize(jarr(none)), 0);
    cJSON_Delete(none);
    stop_server(s);
}

Test(puzzles, daily_is_stable_per_date_and_stats_count_the_bank)
{
    rhs_server *s = start_with_bank();
    const int port = rhs_port(s);
    cJSON *a = get_ok(port, "/v1/puzzles/daily?date=2026-11-24");
    cJSON *b = get_ok(port, "/v1/puzzles/daily?date=2026-11-24");
    cJSON *c = get_ok(port, "/v1/puzzles/daily?date=2026-11-25");
    cr_assert_str_eq(jstr(a, "date"), "2026-11-24");
    cr_assert(cJSON_Compare(a, b, true));
    cr_assert_not(cJSON_Compare(jobj(a, "puzzle"), jobj(c, "puzzle"), true));
    /* Wall-free unless asked, so puzzles with walls joined to a bank change no day. */
    cJSON *walled = get_ok(port, "/v1/puzzles/daily?date=2026-11-24&walls=1-64");
    cJSON *list = cJSON_CreateArray();
    cJSON_AddItemToArray(list, cJSON_Duplicate(jobj(a, "puzzle"), true));
    cr_assert_eq(check_puzzles(list, 0, 2047, 0, 0), 1);
    cJSON_AddItemToArray(list, cJSON_Duplicate(jobj(walled, "puzzle"), true));
    cJSON_DeleteItemFromArray(list, 0);
    cr_assert_eq(check_puzzles(list, 0, 2047, 1, 64), 1);
    cJSON_Delete(list);
    cJSON_Delete(walled);
    cJSON *hard = get_ok(port, "/v1/puzzles/daily?min_moves=48");
    cr_assert_geq(jnum(jobj(hard, "puzzle"), "moves"), 48);
    cJSON_Delete(hard);
    cJSON_Delete(a);
    cJSON_Delete(b);
    cJSON_Delete(c);

    cJSON *st = get_ok(port, "/v1/puzzles/stats");
    cr_assert_eq(jnum(st, "total"), BANK_KEPT);
    cr_assert_eq(jnum(st, "board_size"), 6);
    cr_assert_eq(jnum(st, "max_moves"), 51);
    cr_assert_eq(jnum(jobj(st, "by_moves"), "8"), 4); /* jam01 and three wall variants */
    cr_assert_eq(jnum(jobj(st, "by_walls"), "0"), 13);
    jobj(st, "meta");
    cJSON_Delete(st);
    stop_server(s);
}

/* `by` ({"<n>": count}) holds exactly the non-zero counts of want[0..n). */
static void expect_counts(const cJSON *by, const int *want, int n, const char *what)
{
    int keys = 0, nonzero = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, by)
    {
        const int k = atoi(item->string);
        cr_assert(k >= 0 && k < n && cJSON_IsNumber(item), "%s: key %s", what, item->string);
        cr_assert_eq((int)item->valuedouble, want[k], "%s[%d]", what, k);
        keys++;
    }
    for (int k = 0; k < n; k++) nonzero += want[k] != 0;
    cr_assert_eq(keys, nonzero, "%s: %d keys for %d counts", what, keys, nonzero);
}

/* /stats?walls=...: every count is that of the stored records within the walls; the bank's
 * board size and meta whatever the filter; a bad value is a 400 naming walls, and the picks'
 * other parameters are not the counts'. */
Test(puzzles, stats_count_only_the_puzzles_within_walls)
{
    rhs_server *s = start_with_bank();
    const int port = rhs_port(s);
    static const struct {
        char query[8];
        int lo, hi, total;
    } cases[] = {{"0", 0, 0, 13}, {"1", 1, 1, 5}, {"0-1", 0, 1, 18}, {"3-9", 3, 9, 0}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        int moves[64] = {0}, slides[128] = {0}, walls[4] = {0};
        int total = 0, with_slides = 0, max_moves = -1, max_slides = -1;
        for (int i = 0; i < BANK_KEPT; i++) {
            const bank_record *rec = &bank_records[i];
            if (rec->walls < cases[c].lo || rec->walls > cases[c].hi) continue;
            total++;
            moves[rec->moves]++;
            walls[rec->walls]++;
            if (rec->moves > max_moves) max_moves = rec->moves;
            if (rec->slides < 0) continue;
            with_slides++;
            slides[rec->slides]++;
            if (rec->slides > max_slides) max_slides = rec->slides;
        }
        cr_assert_eq(total, cases[c].total, "walls=%s", cases[c].query);
        char path[64];
        snprintf(path, sizeof path, "/v1/puzzles/stats?walls=%s", cases[c].query);
        cJSON *st = get_ok(port, path);
        cr_assert_eq(jnum(st, "total"), total, "%s", path);
        cr_assert_eq(jnum(st, "with_slides"), with_slides, "%s", path);
        cr_assert_eq(jnum(st, "max_moves"), max_moves, "%s", path);
        cr_assert_eq(jnum(st, "max_slides"), max_slides, "%s", path);
        cr_assert_eq(jnum(st, "board_size"), 6, "%s", path);
        expect_counts(jobj(st, "by_moves"), moves, 64, "by_moves");
        expect_counts(jobj(st, "by_slides"), slides, 128, "by_slides");
        expect_counts(jobj(st, "by_walls"), walls, 4, "by_walls");
        cr_assert_str_eq(jstr(jobj(st, "meta"), "puzzles"), "20", "the bank's meta: %s", path);
        cJSON_Delete(st);
    }
    static const char *const bad[] = {"x", "1-", "-1", "2-1", "65", "0-65", ""};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        char path[64];
        snprintf(path, sizeof path, "/v1/puzzles/stats?walls=%s", bad[k]);
        rhs_response r;
        get(port, path, &r);
        cJSON *p = expect_problem(&r, 400, "invalid-request");
        cr_assert(lists_field(jerrors(p), "walls"), "%s: %s", path, r.body);
        cr_assert_eq(cJSON_GetArraySize(jerrors(p)), 1, "%s: %s", path, r.body);
        cJSON_Delete(p);
        rhs_response_free(&r);
    }
    rhs_response r;
    get(port, "/v1/puzzles/stats?walls=1&walls=1&min_moves=3", &r);
    cJSON *p = expect_problem(&r, 400, "invalid-request");
    cr_assert(lists_field(jerrors(p), "walls"), "%s", r.body);
    cr_assert(lists_field(jerrors(p), "min_moves"), "%s", r.body);
    cJSON_Delete(p);
    rhs_response_free(&r);
    stop_server(s);
}

/* Every bad parameter is named, unknown ones included. */
Test(puzzles, bad_parameters_are_named)
{
    rhs_server *s = start_with_bank();
    const int port = rhs_port(s);
    rhs_response r;
    get(port,
        "/v1/puzzles?min_moves=x&max_moves=-1&walls=3-1&metric=steps&count=0&seed=1e3&lang=fr", &r);
    cJSON *p = expect_problem(&r, 400, "invalid-request");
    const cJSON *errors = jerrors(p);
    const char *fields[] = {"min_moves", "max_moves", "walls", "metric", "count", "seed", "lang"};
    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++)
        cr_assert(lists_field(errors, fields[k]), "%s not named: %s", fields[k], r.body);
    cJSON_Delete(p);
    rhs_response_free(&r);
    get(port, "/v1/puzzles?min_moves=20&max_moves=10&count=1&count=2", &r);
    p = expect_problem(&r, 400, "invalid-request");
    cr_assert(lists_field(jerrors(p), "max_moves"));
    cr_assert(lists_field(jerrors(p), "count"));
    cJSON_Delete(p);
    rhs_response_free(&r);
    get(port, "/v1/puzzles/daily?date=2026-02-30&seed=1", &r);
    p = expect_problem(&r, 400, "invalid-request");
    cr_assert(lists_field(jerrors(p), "date"));
    cr_assert(lists_field(jerrors(p), "seed"));
    cJSON_Delete(p);
    rhs_response_free(&r);
    get(port, "/v1/puzzles/stats?x=1", &r);
    cJSON_Delete(expect_problem(&r, 400, "invalid-request"));
    rhs_response_free(&r);
    stop_server(s);
}

Test(puzzles, without_a_bank_503_and_generate_searches)
{
    rhs_server *s = START("--bank", "off");
    const int port = rhs_port(s);
    const char *paths[] = {"/v1/puzzles", "/v1/puzzles/daily", "/v1/puzzles/stats",
                           "/v1/puzzles/6qEEgucAESQ"};
    for (int k = 0; k < 4; k++) {
        rhs_response r;
        get(port, paths[k], &r);
        cJSON_Delete(expect_problem(&r, 503, "no-bank"));
        rhs_response_free(&r);
    }
    rhs_response r;
    get(port, "/readyz", &r);
    cr_assert_eq(r.status, 200);
    rhs_response_free(&r);
    post_to(port, "/v1/generate", "application/json",
            "{\"min_moves\": 8, \"max_moves\": 8, \"walls\": 1, \"seed\": 3}", &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    cJSON *doc = body_json(&r);
    cr_assert_str_eq(jstr(doc, "source"), "search");
    cJSON_Delete(doc);
    rhs_response_free(&r);
    stop_server(s);
}

Test(puzzles, generate_answers_from_the_bank_when_a_puzzle_fits)
{
    rhs_server *s = start_with_bank();
    const int port = rhs_port(s);
    rhs_response r;
    /* 8 moves, one wall, 8 vehicles: two stored variants of jam01 fit. */
    post_to(port, "/v1/generate", "application/json",
            "{\"min_moves\": 8, \"max_moves\": 8, \"walls\": 1, \"min_vehicles\": 6, "
            "\"max_vehicles\": 9, \"seed\": 3}",
            &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    cJSON *doc = body_json(&r);
    cr_assert_str_eq(jstr(doc, "source"), "bank");
    cr_assert_eq(jnum(doc, "length"), 8);
    /* The stored puzzle's id: its own route answers the same board. */
    char path[64];
    snprintf(path, sizeof path, "/v1/puzzles/%s", jstr(doc, "id"));
    cJSON *stored = get_ok(port, path);
    cr_assert_eq(jnum(stored, "moves"), 8);
    cr_assert_eq(jnum(stored, "walls"), 1);
    cJSON_Delete(stored);
    rh_puzzle p;
    rh_diags d;
    rh_diags_init(&d);
    cr_assert_eq(rh_parse_cjson(&p, &d, jobj(doc, "puzzle"), NULL), RH_OK);
    char why[256];
    cr_assert_eq(verify_solution(&p, doc, why, sizeof why), 8, "%s", why);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    await_metric(s, "rushhourd_bank_answers_total", 1);
    /* A stored board is the hardest of its cluster in moves, not in slides: a slides request
     * searches, and its length is the puzzle's own slide count. */
    post_to(port, "/v1/generate", "application/json",
            "{\"metric\": \"slides\", \"min_moves\": 10, \"min_vehicles\": 6, "
            "\"max_vehicles\": 9, \"seed\": 2}",
            &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    doc = body_json(&r);
    cr_assert_str_eq(jstr(doc, "source"), "search");
    cr_assert_eq(jnum(jobj(doc, "solution"), "slide_count"), jnum(doc, "length"));
    cJSON_Delete(doc);
    rhs_response_free(&r);
    /* No stored puzzle has 8 moves and 3 walls: the generator searches. */
    post_to(port, "/v1/generate", "application/json",
            "{\"min_moves\": 8, \"max_moves\": 8, \"walls\": 3, \"seed\": 3}", &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    doc = body_json(&r);
    cr_assert_str_eq(jstr(doc, "source"), "search");
    cJSON_Delete(doc);
    rhs_response_free(&r);
    stop_server(s);
}

/* An explicit bank that cannot be opened stops the start with a message naming it. */
Test(puzzles, a_bad_bank_file_refuses_to_start)
{
    const char *missing = scratch_path("none.sqlite");
    char *out = NULL, *err = NULL;
    const int code = rhs_run(
        (const char *const[]){RHD_BIN, "--port", "0", "--admin-port", "0", "--bank", missing, NULL},
        10000, &out, &err);
    cr_assert_eq(code, 1, "exit %d: %s %s", code, out, err);
    cr_assert(strstr(out, "start_failed") && strstr(out, "none.sqlite"), "%s", out);
    free(out);
    free(err);
}

/* GET /v1/puzzles/{id}: every puzzle handed out is found by its id, as the same object; an id
 * the bank does not hold is a 404 problem, a segment that is no id a 400 naming `id`; the exact
 * routes keep winning; HEAD, CORS and the metrics' template label as for the other GETs. */
Test(puzzles, each_puzzle_is_found_by_its_id)
{
    rhs_server *s = START("--bank", http_bank_path(), "--cors-origins", "http://app.example");
    const int port = rhs_port(s);
    cJSON *all = get_ok(port, "/v1/puzzles?count=100&seed=1&walls=0-64");
    cr_assert_eq(check_puzzles(jarr(all), 0, 2047, 0, 64), BANK_KEPT);
    const cJSON *p;
    cJSON_ArrayForEach(p, jarr(all))
    {
        char path[64];
        snprintf(path, sizeof path, "/v1/puzzles/%s", jstr(p, "id"));
        cJSON *one = get_ok(port, path);
        cr_assert(cJSON_Compare(one, p, true), "%s is another object", path);
        cJSON_Delete(one);
    }
    cJSON_Delete(all);
    cJSON *daily = get_ok(port, "/v1/puzzles/daily?date=2026-11-24");
    cr_assert_not_null(jobj(daily, "puzzle"), "the daily route, not an id");
    cJSON_Delete(daily);
    cJSON *stats = get_ok(port, "/v1/puzzles/stats");
    cr_assert_eq(jnum(stats, "total"), BANK_KEPT);
    cJSON_Delete(stats);

    rhs_response r;
    get(port, "/v1/puzzles/6sUEFGcAESQ", &r); /* the other 51-move puzzle: not stored */
    cJSON_Delete(expect_problem(&r, 404, "unknown-puzzle"));
    rhs_response_free(&r);
    static const char *const bad[] = {"/v1/puzzles/6qEEgucAESQA", "/v1/puzzles/abc",
                                      "/v1/puzzles/9w", "/v1/puzzles/6qEEguc%3DAESQ"};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        get(port, bad[k], &r);
        cJSON *problem = expect_problem(&r, 400, "invalid-request");
        cr_assert(lists_field(jerrors(problem), "id"), "%s: %s", bad[k], r.body);
        cJSON_Delete(problem);
        rhs_response_free(&r);
    }
    get(port, "/v1/puzzles/6qEEgucAESQ?x=1", &r);
    cJSON *unknown = expect_problem(&r, 400, "invalid-request");
    cr_assert(lists_field(jerrors(unknown), "x"), "%s", r.body);
    cJSON_Delete(unknown);
    rhs_response_free(&r);
    static const char *const unrouted[] = {"/v1/puzzles/", "/v1/puzzles/6qEEgucAESQ/x"};
    for (size_t k = 0; k < sizeof unrouted / sizeof *unrouted; k++) {
        get(port, unrouted[k], &r);
        cJSON_Delete(expect_problem(&r, 404, "not-found"));
        rhs_response_free(&r);
    }

    const char *origin[] = {"Origin: http://app.example", NULL};
    rhs_request head = {.method = "HEAD", .path = "/v1/puzzles/6qEEgucAESQ", .headers = origin};
    cr_assert_eq(rhs_http(port, &head, &r), 0, "%s", r.error);
    cr_assert_eq(r.status, 200);
    cr_assert_eq(r.body_len, 0);
    char value[64];
    cr_assert(rhs_header(&r, "Access-Control-Allow-Origin", value, sizeof value), "no ACAO");
    rhs_response_free(&r);
    rhs_request post = {.method = "POST", .path = "/v1/puzzles/6qEEgucAESQ"};
    cr_assert_eq(rhs_http(port, &post, &r), 0, "%s", r.error);
    cr_assert_eq(r.status, 405);
    rhs_response_free(&r);
    const char series[] = "rushhourd_http_requests_total{route=\"/v1/puzzles/{id}\","
                          "method=\"GET\",code=\"404\"}";
    cr_assert_geq(await_metric(s, series, 1), 1, "%s", series);
    stop_server(s);
}

/* A 500 tells the client nothing of its cause: a bank whose rows are damaged answers the fixed
 * internal problem, and the cause (the bank's own message) is logged under the request id. */
Test(puzzles, a_damaged_bank_answers_a_generic_500_and_logs_the_cause)
{
    sqlite3 *db;
    cr_assert_eq(sqlite3_open(http_bank_path(), &db), SQLITE_OK);
    cr_assert_eq(sqlite3_exec(db, "UPDATE puzzles SET cluster_size = 0", NULL, NULL, NULL),
                 SQLITE_OK);
    sqlite3_close(db);
    rhs_server *s = start_with_bank();
    static const char *const paths[] = {"/v1/puzzles?seed=1", "/v1/puzzles/daily",
                                        "/v1/puzzles/6qEEgucAESQ"};
    for (size_t k = 0; k < sizeof paths / sizeof *paths; k++) {
        rhs_response r;
        get(rhs_port(s), paths[k], &r);
        cJSON *problem = expect_problem(&r, 500, "internal");
        cr_assert_str_eq(jstr(problem, "detail"),
                         "the server failed to answer; its log holds the cause under the request "
                         "id",
                         "%s: %s", paths[k], r.body);
        cr_assert_null(strstr(r.body, "damaged"), "%s: %s", paths[k], r.body);
        cr_assert(rhs_wait_stdout(s, jstr(problem, "request_id"), 5000));
        char *log = rhs_stdout(s);
        cJSON *line = log_line(log, "request_id", jstr(problem, "request_id"));
        cr_assert_not_null(line, "no log line of %s: %s", paths[k], log);
        cr_assert_str_eq(jstr(line, "event"), "internal_error");
        cr_assert(strstr(jstr(line, "cause"), "damaged"), "%s", jstr(line, "cause"));
        cJSON_Delete(line);
        free(log);
        cJSON_Delete(problem);
        rhs_response_free(&r);
    }
    stop_server(s);
}

/* GET /v1/puzzles/{id} may be stored a day: its ETag names the server's and the bank's
 * versions, the same for every puzzle of a bank, and a listed one gets a 304 without a body;
 * another bank gets another tag. The other bank routes, which pick at random or by date, are
 * no-store. */
Test(puzzles, a_puzzle_is_cached_under_the_bank_s_tag)
{
    rhs_server *s = start_with_bank();
    const int port = rhs_port(s);
    cJSON *two = get_ok(port, "/v1/puzzles?count=2&seed=1&walls=0-64");
    char paths[2][64], tag[64], again[64];
    for (int k = 0; k < 2; k++)
        snprintf(paths[k], sizeof paths[k], "/v1/puzzles/%s",
                 jstr(cJSON_GetArrayItem(jarr(two), k), "id"));
    cJSON_Delete(two);
    rhs_response r;
    get(port, paths[0], &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    expect_caching(&r, "public, max-age=86400", tag, sizeof tag);
    rhs_response_free(&r);
    get(port, paths[1], &r);
    expect_caching(&r, "public, max-age=86400", again, sizeof again);
    cr_expect_str_eq(again, tag, "one tag for the bank's puzzles");
    rhs_response_free(&r);
    static const char *const methods[] = {"GET", "HEAD"};
    for (int k = 0; k < 2; k++) {
        get_if_none_match(port, methods[k], paths[k], tag, &r);
        cr_assert_eq(r.status, 304, "%s %s", methods[k], paths[k]);
        cr_expect_eq(r.body_len, 0);
        expect_caching(&r, "public, max-age=86400", again, sizeof again);
        cr_expect_str_eq(again, tag);
        rhs_response_free(&r);
    }
    get_if_none_match(port, "GET", "/v1/puzzles/6sUEFGcAESQ", "*", &r);
    cJSON_Delete(expect_problem(&r, 404, "unknown-puzzle"));
    expect_caching(&r, "no-store", NULL, 0);
    rhs_response_free(&r);
    static const char *const random[] = {"/v1/puzzles?seed=1", "/v1/puzzles/daily",
                                         "/v1/puzzles/stats"};
    for (size_t k = 0; k < sizeof random / sizeof *random; k++) {
        get_if_none_match(port, "GET", random[k], "*", &r);
        cr_assert_eq(r.status, 200, "%s", random[k]);
        expect_caching(&r, "no-store", NULL, 0);
        rhs_response_free(&r);
    }
    stop_server(s);

    const char *other = scratch_path("other.sqlite");
    int all_but_last[BANK_RECORDS - 1];
    for (int i = 0; i < BANK_RECORDS - 1; i++) all_but_last[i] = i;
    cr_assert_eq(bank_build(other, all_but_last, BANK_RECORDS - 1), RH_OK);
    s = START("--bank", other);
    get_if_none_match(rhs_port(s), "GET", paths[0], tag, &r);
    cr_assert_eq(r.status, 200, "another bank, another tag");
    expect_caching(&r, "public, max-age=86400", again, sizeof again);
    cr_expect_str_neq(again, tag);
    rhs_response_free(&r);
    stop_server(s);
}
