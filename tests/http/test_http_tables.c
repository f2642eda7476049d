/* rushhourd over HTTP: the cluster-table cache (src/server/base/table_cache.c). Which clusters get
 * a table (an analysed one, a bank puzzle handed out, the day's puzzle), that hints and solves
 * anywhere in such a cluster are answered from it (`source: table`) with the answers a search
 * gives, whatever form and names the position comes in, and that the cache can be turned off. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "http_test.h"
#include "rushhour/bank.h"

HTTP_SUITE(tables);

static const char board51[] = "BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.";

/* The optimal length of `p` by the library's BFS, in `metric` (-1: unsolvable). */
static int optimal(const rh_puzzle *p, rh_metric metric)
{
    rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
    opt.metric = metric;
    rh_result res;
    cr_assert_eq(rh_solve(&res, p, &opt), RH_OK);
    const int n = res.status == RH_SOLVED
                      ? (metric == RH_METRIC_MOVES ? res.move_count : res.slide_count)
                      : -1;
    rh_result_free(&res);
    return n;
}

static rh_puzzle *parse_board(const char *board)
{
    rh_puzzle *p = malloc(sizeof *p);
    cr_assert_not_null(p);
    cr_assert_eq(parse_local(p, board), 0);
    return p;
}

/* `p` as JSON vehicles; `renamed`: listed last to first, each renamed "v<k>", the target
 * "goal". */
static char *vehicles_body(const rh_puzzle *p, bool renamed)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddNumberToObject(doc, "board_size", p->board_size);
    cJSON_AddNumberToObject(doc, "exit_row", p->exit_row);
    cJSON_AddStringToObject(doc, "target", renamed ? "goal" : p->vehicles[p->target].id);
    cJSON *list = cJSON_AddArrayToObject(doc, "vehicles");
    for (int k = 0; k < p->vehicle_count; k++) {
        const int i = renamed ? p->vehicle_count - 1 - k : k;
        const rh_vehicle *v = &p->vehicles[i];
        char id[RH_ID_MAX + 1];
        if (renamed)
            snprintf(id, sizeof id, i == p->target ? "goal" : "v%d", i);
        else
            snprintf(id, sizeof id, "%s", v->id);
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "id", id);
        cJSON_AddNumberToObject(o, "row", v->row);
        cJSON_AddNumberToObject(o, "col", v->col);
        cJSON_AddNumberToObject(o, "length", v->length);
        cJSON_AddStringToObject(o, "orientation", v->orientation == RH_HORIZONTAL ? "H" : "V");
        cJSON_AddItemToArray(list, o);
    }
    char *text = cJSON_PrintUnformatted(doc);
    cJSON_Delete(doc);
    return text;
}

/* Applies the answer's first move (vehicle, direction, distance) to `p`. */
static void apply_first(rh_puzzle *p, const cJSON *doc)
{
    const cJSON *first =
        cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(jobj(doc, "solution"), "moves"), 0);
    cr_assert_not_null(first, "no first move");
    const int v = rh_puzzle_find(p, jstr(first, "vehicle"));
    cr_assert_geq(v, 0, "the move names no vehicle of the position");
    const char *dir = jstr(first, "direction");
    const int d = (int)jnum(first, "distance");
    const int sign = strcmp(dir, "right") == 0 || strcmp(dir, "down") == 0 ? 1 : -1;
    cr_assert_eq(rh_puzzle_apply(p, (rh_move){v, sign * d}), RH_OK, "an illegal first move");
}

/* POSTs `body` to `path` and returns the 200 document. */
static cJSON *ask(int port, const char *path, const char *body)
{
    rhs_response r;
    post_to(port, path, "application/json", body, &r);
    cr_assert_eq(r.status, 200, "%s: %ld %s", path, r.status, r.body);
    cJSON *doc = body_json(&r);
    rhs_response_free(&r);
    return doc;
}

/* Steps `p` by a random legal move (xorshift state in *seed). */
static void random_move(rh_puzzle *p, uint64_t *seed)
{
    for (;;) {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        const int v = (int)(*seed % (uint64_t)p->vehicle_count);
        const int delta = (int)((*seed >> 20) % 9) - 4;
        if (delta && rh_puzzle_apply(p, (rh_move){v, delta}) == RH_OK) return;
    }
}

/* The hint at `p` is the table's, optimal, and its first move one step closer. */
static void expect_table_hint(int port, const rh_puzzle *p, int length)
{
    char *body = vehicles_body(p, false);
    cJSON *doc = ask(port, "/v1/hint", body);
    free(body);
    cr_assert_str_eq(jstr(doc, "source"), "table");
    cr_assert(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(doc, "cached")));
    const cJSON *sol = jobj(doc, "solution");
    cr_assert_eq(jnum(sol, "move_count"), length, "the table's length is not the search's");
    cr_assert_leq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(sol, "moves")), 1,
                  "a hint lists one move");
    if (length > 0) {
        rh_puzzle next = *p;
        apply_first(&next, doc);
        cr_assert_eq(optimal(&next, RH_METRIC_MOVES), length - 1, "the hint is not optimal");
    }
    cJSON_Delete(doc);
}

Test(tables, analysed_cluster_answers_hints_anywhere_in_it)
{
    rhs_server *s = START("--cache-bytes", "0"); /* every answer is the table's or a search's */
    const int port = rhs_port(s);
    rh_puzzle *p = parse_board(board51);
    char *body = vehicles_body(p, false);
    cJSON *doc = ask(port, "/v1/hint", body);
    cr_assert_str_eq(jstr(doc, "source"), "search", "no table before the analysis");
    cJSON_Delete(doc);
    cJSON_Delete(ask(port, "/v1/analyze", body));
    free(body);
    cr_assert_geq(await_metric(s, "rushhourd_tables", 1), 1);
    /* Positions all over the cluster, reached by a random walk from the start. */
    uint64_t seed = 0x9E3779B97F4A7C15u;
    for (int k = 0; k < 120; k++) {
        for (int step = 0; step < 7; step++) random_move(p, &seed);
        expect_table_hint(port, p, optimal(p, RH_METRIC_MOVES));
    }
    /* A whole solve from the table, in slides: the search's length, replayed legally. */
    body = vehicles_body(p, false);
    body[strlen(body) - 1] = '\0'; /* the options after the vehicles */
    char with_slides[4096];
    snprintf(with_slides, sizeof with_slides, "%s,\"options\":{\"metric\":\"slides\"}}", body);
    doc = ask(port, "/v1/solve", with_slides);
    free(body);
    cr_assert_str_eq(jstr(doc, "source"), "table");
    cr_assert_eq(jnum(jobj(doc, "solution"), "slide_count"), optimal(p, RH_METRIC_SLIDES));
    char why[256] = "";
    cr_assert_geq(verify_solution(p, doc, why, sizeof why), 0, "%s", why);
    cJSON_Delete(doc);
    cr_assert_geq(await_metric(s, "rushhourd_table_lookups_total{result=\"hit\"}", 121), 121);
    free(p);
    stop_server(s);
}

Test(tables, a_position_is_known_whatever_its_form_and_names)
{
    rhs_server *s = START("--cache-bytes", "0");
    const int port = rhs_port(s);
    rhs_response r;
    post_to(port, "/v1/analyze", "text/plain", board51, &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    rhs_response_free(&r);
    rh_puzzle *p = parse_board(board51);
    uint64_t seed = 12345;
    for (int step = 0; step < 25; step++) random_move(p, &seed);
    char *body = vehicles_body(p, true);
    rh_puzzle *mine = malloc(sizeof *mine);
    cr_assert_eq(parse_local(mine, body), 0);
    cJSON *doc = ask(port, "/v1/solve", body);
    free(body);
    cr_assert_str_eq(jstr(doc, "source"), "table");
    char why[256] = "";
    const int n = verify_solution(mine, doc, why, sizeof why); /* the caller's names */
    cr_assert_eq(n, optimal(p, RH_METRIC_MOVES), "%s", why);
    cJSON_Delete(doc);
    free(mine);
    free(p);
    stop_server(s);
}

/* Hints `board` until a table answers it (its build runs in the background), for PATIENCE_MS
 * at most: a hang guard (a sanitizer or valgrind build of a large cluster is slow). */
static void await_table_hint(int port, const char *board)
{
    for (const long long until = rhs_now_us() + PATIENCE_MS * 1000LL; rhs_now_us() < until;) {
        rhs_response r;
        post_to(port, "/v1/hint", "text/plain", board, &r);
        cr_assert_eq(r.status, 200, "%s", r.body);
        cJSON *doc = body_json(&r);
        rhs_response_free(&r);
        const bool table = strcmp(jstr(doc, "source"), "table") == 0;
        cJSON_Delete(doc);
        if (table) return;
        rhs_sleep_ms(20);
    }
    cr_assert_fail("no table answered %s", board);
}

/* The board of the first puzzle of a bank answer at `path`. */
static char *handed_out(int port, const char *path, const char *member)
{
    rhs_response r;
    get(port, path, &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    cJSON *doc = body_json(&r);
    rhs_response_free(&r);
    const cJSON *one =
        member ? jobj(doc, member)
               : cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, "puzzles"), 0);
    cr_assert_not_null(one, "no puzzle handed out");
    char *board = strdup(jstr(one, "board"));
    cJSON_Delete(doc);
    return board;
}

Test(tables, the_bank_s_puzzles_and_the_day_s_get_tables)
{
    rhs_server *s = START("--cache-bytes", "0", "--bank", RH_SERVED_BANK);
    const int port = rhs_port(s);
    /* The day's puzzle as the daily route documents it (wall-free), hinted before anyone asks
     * that route: pinned at start. */
    rh_bank *bank = NULL;
    cr_assert_eq(rh_bank_open(&bank, RH_SERVED_BANK, RH_BANK_READ, NULL), RH_OK);
    const rh_bank_filter wall_free = RH_BANK_FILTER_WALL_FREE;
    rh_bank_puzzle day;
    int found = 0;
    const int64_t today = (int64_t)time(NULL) / 86400;
    cr_assert_eq(rh_bank_daily(bank, &wall_free, today, &day, &found), RH_OK);
    cr_assert(found);
    rh_bank_close(bank);
    await_table_hint(port, day.board);
    char *daily = handed_out(port, "/v1/puzzles/daily", "puzzle");
    if (today == (int64_t)time(NULL) / 86400) /* else the UTC day turned meanwhile */
        cr_assert_str_eq(daily, day.board, "the pinned puzzle is not the day's served one");
    char *picked = handed_out(port, "/v1/puzzles?min_moves=30&max_moves=40&seed=3", NULL);
    await_table_hint(port, picked);
    cr_assert_geq(await_metric(s, "rushhourd_table_builds_total{result=\"kept\"}", 2), 2);
    free(daily);
    free(picked);
    stop_server(s);
}

/* The value of a series on /metrics now. */
static double metric_now(rhs_server *s, const char *series)
{
    rhs_response r;
    get(rhs_admin_port(s), "/metrics", &r);
    const double v = rhs_metric_value(r.body, series);
    rhs_response_free(&r);
    return v;
}

Test(tables, a_verified_game_takes_its_optimal_length_from_the_table)
{
    rhs_server *s = START("--cache-bytes", "0");
    const int port = rhs_port(s);
    char body[256];
    snprintf(body, sizeof body, "{\"board\": \"%s\"}", board51);
    cJSON_Delete(ask(port, "/v1/analyze", body));
    cJSON *solved = ask(port, "/v1/solve", body);
    cr_assert_str_eq(jstr(solved, "source"), "table");
    /* The table's own solution, sent back as a player's moves. */
    cJSON *game = cJSON_Parse(body);
    cJSON_AddItemToObject(
        game, "moves",
        cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(jobj(solved, "solution"), "moves"), true));
    char *text = cJSON_PrintUnformatted(game);
    const char *searches = "rushhourd_search_duration_seconds_count{algorithm=\"astar\"}";
    const double searched = metric_now(s, searches);
    const double hits = metric_now(s, "rushhourd_table_lookups_total{result=\"hit\"}");
    cJSON *verdict = ask(port, "/v1/verify", text);
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(verdict, "optimal")));
    cr_assert_eq(jnum(verdict, "optimal_move_count"), 51);
    cr_assert_geq(await_metric(s, "rushhourd_table_lookups_total{result=\"hit\"}", hits + 1),
                  hits + 1);
    cr_assert_eq(metric_now(s, searches), searched, "no search for the optimal length");
    cJSON_Delete(verdict);
    free(text);
    cJSON_Delete(game);
    cJSON_Delete(solved);
    stop_server(s);
}

Test(tables, none_when_turned_off)
{
    rhs_server *s = START("--cache-bytes", "0", "--table-cache-bytes", "0");
    const int port = rhs_port(s);
    rhs_response r;
    post_to(port, "/v1/analyze", "text/plain", board51, &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    rhs_response_free(&r);
    post_to(port, "/v1/hint", "text/plain", board51, &r);
    cr_assert_eq(r.status, 200, "%s", r.body);
    cJSON *doc = body_json(&r);
    rhs_response_free(&r);
    cr_assert_str_eq(jstr(doc, "source"), "search");
    cr_assert_eq(jnum(jobj(doc, "solution"), "move_count"), 51);
    cJSON_Delete(doc);
    get(rhs_admin_port(s), "/metrics", &r);
    cr_assert_eq(rhs_metric_value(r.body, "rushhourd_tables"), 0);
    rhs_response_free(&r);
    stop_server(s);
}
