/* rushhourd end to end: the real binary, started per test on a free loopback port, driven
 * over HTTP with libcurl. Covers the routes, every input form, the options, the problem
 * documents, CORS, back-pressure (503), concurrency, the SIGTERM drain, --healthcheck, bad
 * configuration, the JSON log, and the routes beyond solving (analyze, hints, batches,
 * generation). Threads
 * never call cr_assert: they record what they saw and the test's main thread checks it. */
#define _GNU_SOURCE /* strcasestr */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <arpa/inet.h>
#include <math.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "reference.h"
#include "replay.h"
#include "rushhour/json.h"
#include "rushhour/rushhour.h"
#include "server_harness.h"

#ifndef RHD_BIN
#error "RHD_BIN must name the rushhourd binary"
#endif
#ifndef RH_SOURCE_DIR
#error "RH_SOURCE_DIR must name the source tree"
#endif

#define PROBLEM_PREFIX "urn:rushhourd:problem:"

static const char hardest51[] = "{\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\"}";
static const char jam01_grid[] =
    "{\"grid\": [\"bb...g\", \"a..c.g\", \"axxc.g\", \"a..c..\", \"e...ff\", \"e.ddd.\"]}";
static const char unsolvable_walls[] =
    "{\"board_size\":6,\"exit_row\":2,\"walls\":[[2,5]],\"vehicles\":[{\"id\":\"X\",\"row\":2,"
    "\"col\":0,\"length\":2,\"orientation\":\"H\"}]}";

/* Unsolvable (a wall at the exit) with a component of ~147k states: ~80 ms of BFS. */
static const char moderate_unsolvable[] =
    "{\"board_size\":9,\"exit_row\":0,\"walls\":[[0,8]],\"vehicles\":["
    "{\"id\":\"X\",\"row\":0,\"col\":0,\"length\":2,\"orientation\":\"H\"},"
    "{\"id\":\"A\",\"row\":2,\"col\":1,\"length\":2,\"orientation\":\"H\"},"
    "{\"id\":\"B\",\"row\":3,\"col\":5,\"length\":2,\"orientation\":\"V\"},"
    "{\"id\":\"C\",\"row\":5,\"col\":2,\"length\":2,\"orientation\":\"H\"},"
    "{\"id\":\"D\",\"row\":1,\"col\":3,\"length\":2,\"orientation\":\"V\"},"
    "{\"id\":\"E\",\"row\":8,\"col\":0,\"length\":2,\"orientation\":\"H\"}]}";

/* A sparse 16x16 board, unsolvable: its state space is far too large to finish, so the search
 * runs until its 1.5 s deadline and answers 422. */
static const char slow_16x16[] =
    "{\"board_size\":16,\"exit_row\":0,\"walls\":[[0,15]],\"vehicles\":["
    "{\"id\":\"X\",\"row\":0,\"col\":0,\"length\":2,\"orientation\":\"H\"},"
    "{\"id\":\"A\",\"row\":3,\"col\":2,\"length\":2,\"orientation\":\"H\"},"
    "{\"id\":\"B\",\"row\":6,\"col\":9,\"length\":2,\"orientation\":\"V\"},"
    "{\"id\":\"C\",\"row\":9,\"col\":4,\"length\":2,\"orientation\":\"H\"},"
    "{\"id\":\"D\",\"row\":12,\"col\":12,\"length\":2,\"orientation\":\"V\"},"
    "{\"id\":\"E\",\"row\":14,\"col\":1,\"length\":2,\"orientation\":\"H\"},"
    "{\"id\":\"F\",\"row\":2,\"col\":13,\"length\":2,\"orientation\":\"V\"}],"
    "\"options\":{\"timeout_ms\":1500}}";

static void setup(void)
{
    rhs_http_init();
}

/* A failed assertion leaves the test early: kill whatever server it started. */
static void teardown(void)
{
    rhs_cleanup_all();
}

TestSuite(basic, .init = setup, .fini = teardown);
TestSuite(solve, .init = setup, .fini = teardown);
TestSuite(options, .init = setup, .fini = teardown);
TestSuite(errors, .init = setup, .fini = teardown);
TestSuite(cors, .init = setup, .fini = teardown);
TestSuite(load, .init = setup, .fini = teardown);
TestSuite(process, .init = setup, .fini = teardown);
TestSuite(logs, .init = setup, .fini = teardown);

/* ---- helpers (main thread: they assert) ---- */

static rhs_server *start_server(const char *const *args)
{
    char err[2048];
    rhs_server *s = rhs_start(RHD_BIN, args, 5000, err, sizeof err);
    cr_assert_not_null(s, "rushhourd did not start: %s", err);
    return s;
}

#define START(...) start_server((const char *const[]){__VA_ARGS__, NULL})

/* After the server has exited: it writes its log to stdout only, so anything on stderr is
 * forwarded (ctest's FAIL_REGULAR_EXPRESSION sees sanitizer reports) and must not be a
 * sanitizer report. */
static void check_stderr(rhs_server *s)
{
    char *err = rhs_stderr(s);
    cr_assert_not_null(err);
    if (*err) fprintf(stderr, "rushhourd stderr:\n%s\n", err);
    cr_expect_null(strstr(err, "Sanitizer"), "sanitizer report from rushhourd:\n%s", err);
    cr_expect_null(strstr(err, "runtime error:"), "UBSan report from rushhourd:\n%s", err);
    free(err);
}

static void stop_server(rhs_server *s)
{
    const int code = rhs_stop(s, 10000);
    cr_expect_eq(code, 0, "rushhourd exited with %d after SIGTERM", code);
    check_stderr(s);
    rhs_free(s);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s", path);
    cr_assert_eq(fseek(f, 0, SEEK_END), 0);
    const long n = ftell(f);
    cr_assert_geq(n, 0);
    rewind(f);
    char *text = malloc((size_t)n + 1);
    cr_assert_not_null(text);
    cr_assert_eq(fread(text, 1, (size_t)n, f), (size_t)n);
    text[n] = '\0';
    fclose(f);
    return text;
}

static void get(int port, const char *path, rhs_response *r)
{
    cr_assert_eq(rhs_get(port, path, r), 0, "GET %s failed: %s", path, r->error);
}

static void post_to(int port, const char *path, const char *content_type, const char *body,
                    rhs_response *r)
{
    cr_assert_eq(rhs_post(port, path, content_type, body, r), 0, "POST %s failed: %s", path,
                 r->error);
}

static void post(int port, const char *content_type, const char *body, rhs_response *r)
{
    post_to(port, "/v1/solve", content_type, body, r);
}

static void post_json(int port, const char *body, rhs_response *r)
{
    post(port, "application/json", body, r);
}

static cJSON *body_json(const rhs_response *r)
{
    cJSON *doc = cJSON_ParseWithLength(r->body, r->body_len);
    cr_assert_not_null(doc, "the body is not JSON: %s", r->body);
    cr_assert(cJSON_IsObject(doc), "the body is not a JSON object: %s", r->body);
    return doc;
}

static const char *jstr(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    cr_assert(cJSON_IsString(v), "\"%s\" is not a string", key);
    return v->valuestring;
}

static double jnum(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    cr_assert(cJSON_IsNumber(v), "\"%s\" is not a number", key);
    return v->valuedouble;
}

static const cJSON *jobj(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    cr_assert(cJSON_IsObject(v), "\"%s\" is not an object", key);
    return v;
}

static bool valid_request_id(const char *id)
{
    const size_t n = strlen(id);
    if (n < 1 || n > 64) return false;
    for (size_t i = 0; i < n; i++)
        if (!(strchr("-_.:", id[i]) || (id[i] >= 'a' && id[i] <= 'z') ||
              (id[i] >= 'A' && id[i] <= 'Z') || (id[i] >= '0' && id[i] <= '9')))
            return false;
    return true;
}

static void expect_content_type(const rhs_response *r, const char *type)
{
    char value[256];
    cr_assert(rhs_header(r, "Content-Type", value, sizeof value), "no Content-Type");
    cr_assert_eq(strncmp(value, type, strlen(type)), 0, "Content-Type is %s, expected %s", value,
                 type);
}

/* Checks an RFC 9457 problem reply and returns its document (the caller deletes it). */
static cJSON *expect_problem(const rhs_response *r, long status, const char *slug)
{
    cr_assert_eq(r->status, status, "status %ld, expected %ld; body: %s", r->status, status,
                 r->body);
    expect_content_type(r, "application/problem+json");
    cJSON *doc = body_json(r);
    char type[128];
    snprintf(type, sizeof type, PROBLEM_PREFIX "%s", slug);
    cr_assert_str_eq(jstr(doc, "type"), type);
    cr_assert_gt(strlen(jstr(doc, "title")), 0);
    cr_assert_eq(jnum(doc, "status"), (double)status);
    char id[128];
    cr_assert(rhs_header(r, "X-Request-Id", id, sizeof id), "no X-Request-Id on a problem");
    cr_assert_str_eq(jstr(doc, "request_id"), id);
    return doc;
}

/* Whether `errors` (a problem's errors array) names `field`. */
static bool lists_field(const cJSON *errors, const char *field)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, errors)
    {
        const cJSON *f = cJSON_GetObjectItemCaseSensitive(e, "field");
        const cJSON *m = cJSON_GetObjectItemCaseSensitive(e, "message");
        if (cJSON_IsString(f) && strcmp(f->valuestring, field) == 0 && cJSON_IsString(m) &&
            m->valuestring[0])
            return true;
    }
    return false;
}

/* ---- helpers safe on any thread: no assertions ---- */

/* The puzzle a request body describes, parsed locally as the server should. */
static int parse_local(rh_puzzle *p, const char *body)
{
    rh_diags *d = malloc(sizeof *d);
    if (!d) return -1;
    rh_diags_init(d);
    int rc;
    const char *t = body;
    while (*t == ' ' || *t == '\n' || *t == '\t' || *t == '\r') t++;
    if (*t == '{') {
        cJSON *doc = cJSON_Parse(body);
        static const char *const extra[] = {"options", NULL};
        rc = doc ? rh_parse_cjson(p, d, doc, extra) : -1;
        cJSON_Delete(doc);
    } else {
        rc = rh_parse_text(p, d, body, strlen(body));
    }
    free(d);
    return rc == RH_OK ? 0 : -1;
}

/* Checks a solved document's solution against the puzzle and replays it with the independent
 * checker. Returns the move count, or -1 with the reason in `why`. */
static int verify_solution(const rh_puzzle *p, const cJSON *doc, char *why, size_t len)
{
    const cJSON *sol = cJSON_GetObjectItemCaseSensitive(doc, "solution");
    const cJSON *moves = cJSON_GetObjectItemCaseSensitive(sol, "moves");
    const cJSON *count = cJSON_GetObjectItemCaseSensitive(sol, "move_count");
    const cJSON *slides = cJSON_GetObjectItemCaseSensitive(sol, "slide_count");
    if (!cJSON_IsArray(moves) || !cJSON_IsNumber(count) || !cJSON_IsNumber(slides) ||
        !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(sol, "notation"))) {
        snprintf(why, len, "solution lacks moves, move_count, slide_count or notation");
        return -1;
    }
    const int n = cJSON_GetArraySize(moves);
    if (n != (int)count->valuedouble) {
        snprintf(why, len, "move_count %g but %d moves", count->valuedouble, n);
        return -1;
    }
    rh_move *list = calloc((size_t)n + 1, sizeof *list);
    const char **dirs = calloc((size_t)n + 1, sizeof *dirs);
    int k = 0, total = 0, rc = -1;
    if (!list || !dirs) {
        snprintf(why, len, "out of memory");
        goto out;
    }
    const cJSON *m;
    cJSON_ArrayForEach(m, moves)
    {
        const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(m, "vehicle"));
        const char *dir = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(m, "direction"));
        const cJSON *dist = cJSON_GetObjectItemCaseSensitive(m, "distance");
        const int v = id ? rh_puzzle_find(p, id) : -1;
        if (v < 0 || !dir || !cJSON_IsNumber(dist) || dist->valuedouble < 1 ||
            dist->valuedouble != floor(dist->valuedouble)) {
            snprintf(why, len, "move %d is malformed", k);
            goto out;
        }
        const int d = (int)dist->valuedouble;
        int sign;
        if (strcmp(dir, "right") == 0 || strcmp(dir, "down") == 0)
            sign = 1;
        else if (strcmp(dir, "left") == 0 || strcmp(dir, "up") == 0)
            sign = -1;
        else {
            snprintf(why, len, "move %d has direction \"%s\"", k, dir);
            goto out;
        }
        list[k] = (rh_move){v, sign * d};
        dirs[k] = dir;
        total += d;
        k++;
    }
    if (total != (int)slides->valuedouble) {
        snprintf(why, len, "slide_count %g but the distances add up to %d", slides->valuedouble,
                 total);
        goto out;
    }
    if (rh_replay(p, list, dirs, n, why, len) != 0) goto out;
    rc = n;
out:
    free(list);
    free(dirs);
    return rc;
}

/* A {"grid": [...]} body for `p`, with `options` (a JSON object text) when not NULL. */
static char *grid_body(const rh_puzzle *p, const char *options)
{
    char rows[RH_BOARD_MAX * (RH_BOARD_MAX + 1)];
    rh_puzzle_render(rows, p);
    cJSON *doc = cJSON_CreateObject();
    cJSON *grid = cJSON_AddArrayToObject(doc, "grid");
    for (int r = 0; r < p->board_size; r++)
        cJSON_AddItemToArray(grid, cJSON_CreateString(rows + r * (p->board_size + 1)));
    if (options) cJSON_AddItemToObject(doc, "options", cJSON_Parse(options));
    char *text = cJSON_PrintUnformatted(doc);
    cJSON_Delete(doc);
    return text;
}

/* Waits until /metrics shows `series` at `at_least` or more (the request counters are updated
 * when a response completes, which may be just after the client has it). Returns the value. */
static double await_metric(int port, const char *series, double at_least)
{
    double v = -1;
    for (int i = 0; i < 100; i++) {
        rhs_response r;
        get(port, "/metrics", &r);
        v = rhs_metric_value(r.body, series);
        rhs_response_free(&r);
        if (v >= at_least) break;
        rhs_sleep_ms(20);
    }
    return v;
}

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
    for (int i = 0; i < 100; i++) {
        get(port, "/readyz", &r);
        if (r.status == 200) break;
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

Test(basic, metrics)
{
    rhs_server *s = start_server(NULL);
    const int port = rhs_port(s);
    rhs_response r;
    get(port, "/metrics", &r);
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
    const double v = await_metric(port, series, 1);
    cr_assert_geq(v, 1, "%s is %g", series, v);
    stop_server(s);
}

/* ---- 3: the input forms ---- */

/* Posts `body`, expects a solved 200 whose solution replays legally in `moves` moves (-1: any
 * count); returns the document. */
static cJSON *solve_ok(int port, const char *content_type, const char *body, int moves)
{
    rh_puzzle *p = malloc(sizeof *p);
    cr_assert_not_null(p);
    cr_assert_eq(parse_local(p, body), 0, "the test's own puzzle does not parse: %s", body);
    rhs_response r;
    post(port, content_type, body, &r);
    cr_assert_eq(r.status, 200, "status %ld: %s", r.status, r.body);
    expect_content_type(&r, "application/json");
    cJSON *doc = body_json(&r);
    rhs_response_free(&r);
    cr_assert_str_eq(jstr(doc, "status"), "solved");
    char why[256] = "";
    const int n = verify_solution(p, doc, why, sizeof why);
    cr_assert_geq(n, 0, "illegal solution: %s", why);
    if (moves >= 0) cr_assert_eq(n, moves, "%d moves, expected %d", n, moves);
    const cJSON *timing = jobj(doc, "timing_us");
    const double queue = jnum(timing, "queue"), parse = jnum(timing, "parse");
    const double solve = jnum(timing, "solve"), total = jnum(timing, "total");
    cr_assert(queue >= 0 && parse >= 0 && solve >= 0, "negative timings");
    cr_assert_geq(total, solve, "total %g < solve %g", total, solve);
    const cJSON *stats = jobj(doc, "stats");
    cr_assert_gt(jnum(stats, "nodes_expanded"), 0);
    free(p);
    return doc;
}

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
Test(basic, playground_on_and_off)
{
    static const struct {
        const char *path, *type, *starts;
    } files[] = {
        {"/", "text/html; charset=utf-8", "<!doctype html>"},
        {"/app.js", "text/javascript; charset=utf-8", "// rushhourd's playground"},
        {"/style.css", "text/css; charset=utf-8", "/* rushhourd's playground"},
    };
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
    const double v = await_metric(
        rhs_port(s), "rushhourd_rejected_requests_total{reason=\"body_too_large\"}", 1);
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

/* ---- 7: back-pressure ---- */

typedef struct {
    int port;
    const char *body;
    long timeout_ms;
    /* results */
    long status;
    CURLcode code;
    char type[128];
    char retry_after[32];
    char error[CURL_ERROR_SIZE];
} one_post;

static void *post_thread(void *arg)
{
    one_post *t = arg;
    rhs_request req = {.method = "POST",
                       .path = "/v1/solve",
                       .body = t->body,
                       .body_len = strlen(t->body),
                       .timeout_ms = t->timeout_ms};
    rhs_response r;
    rhs_http(t->port, &req, &r);
    t->status = r.status;
    t->code = r.code;
    snprintf(t->error, sizeof t->error, "%s", r.error);
    rhs_header(&r, "Retry-After", t->retry_after, sizeof t->retry_after);
    cJSON *doc = cJSON_ParseWithLength(r.body, r.body_len);
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "type"));
    snprintf(t->type, sizeof t->type, "%s", type ? type : "");
    cJSON_Delete(doc);
    rhs_response_free(&r);
    return NULL;
}

Test(load, queue_full_503, .timeout = 60)
{
    rhs_server *s =
        START("--workers", "1", "--queue-length", "1", "--memory-budget-bytes", "512MiB");
    const int port = rhs_port(s);
    enum { N = 8 };
    one_post posts[N];
    pthread_t threads[N];
    for (int i = 0; i < N; i++) {
        posts[i] = (one_post){.port = port, .body = slow_16x16, .timeout_ms = 15000};
        cr_assert_eq(pthread_create(&threads[i], NULL, post_thread, &posts[i]), 0);
    }
    /* While the only worker is busy, liveness still answers at once. */
    rhs_sleep_ms(200);
    rhs_request health = {.method = "GET", .path = "/healthz", .timeout_ms = 2000};
    rhs_response r;
    const int health_rc = rhs_http(port, &health, &r);
    const long health_status = r.status;
    rhs_response_free(&r);
    for (int i = 0; i < N; i++) pthread_join(threads[i], NULL);
    cr_assert_eq(health_rc, 0, "/healthz failed while the workers were busy");
    cr_assert_eq(health_status, 200);

    int rejected = 0, accepted = 0;
    for (int i = 0; i < N; i++) {
        const one_post *t = &posts[i];
        cr_assert_eq(t->code, CURLE_OK, "request %d: %s", i, t->error);
        cr_assert(t->status == 200 || t->status == 422 || t->status == 503,
                  "request %d got %ld (%s)", i, t->status, t->type);
        if (t->status == 503) {
            rejected++;
            cr_assert_str_eq(t->type, PROBLEM_PREFIX "queue-full");
            cr_assert_gt(strlen(t->retry_after), 0, "503 without Retry-After");
            cr_assert_geq(atoi(t->retry_after), 1, "Retry-After: %s", t->retry_after);
        } else {
            accepted++;
        }
    }
    cr_assert_geq(rejected, 1, "no 503 with 1 worker, a queue of 1 and %d requests", N);
    cr_assert_geq(accepted, 1, "every request was refused");

    const double v =
        await_metric(port, "rushhourd_rejected_requests_total{reason=\"queue_full\"}", rejected);
    cr_assert_eq(v, (double)rejected, "queue_full counter %g, %d rejections seen", v, rejected);
    stop_server(s);
}

/* ---- 8: concurrency ---- */

typedef struct {
    int port, index;
    const rh_ref_set *set;
    int ok, failed;
    char first_failure[512];
} level_runner;

static void level_fail(level_runner *t, const char *name, const char *what, const char *detail)
{
    if (!t->failed++)
        snprintf(t->first_failure, sizeof t->first_failure, "%s: %s: %s", name, what, detail);
}

static void *levels_thread(void *arg)
{
    level_runner *t = arg;
    CURL *h = curl_easy_init(); /* one handle per thread: keep-alive */
    const int n = t->set->count;
    for (int k = 0; k < n; k++) {
        const rh_ref *ref = &t->set->items[(k + t->index * 5) % n];
        char *body = grid_body(&ref->puzzle, NULL);
        rhs_request req = {.method = "POST",
                           .path = "/v1/solve",
                           .body = body,
                           .body_len = body ? strlen(body) : 0,
                           .handle = h,
                           .timeout_ms = 20000};
        rhs_response r;
        if (!body || rhs_http(t->port, &req, &r) != 0) {
            level_fail(t, ref->name, "no response", body ? r.error : "no body");
            if (body) rhs_response_free(&r);
            free(body);
            continue;
        }
        cJSON *doc = cJSON_ParseWithLength(r.body, r.body_len);
        const char *status = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "status"));
        char why[256] = "";
        if (r.status != 200 || !status || strcmp(status, "solved") != 0) {
            level_fail(t, ref->name, "not solved", r.body);
        } else {
            const int moves = verify_solution(&ref->puzzle, doc, why, sizeof why);
            if (moves < 0) {
                level_fail(t, ref->name, "illegal solution", why);
            } else if (moves != ref->min_moves) {
                snprintf(why, sizeof why, "%d moves, expected %d", moves, ref->min_moves);
                level_fail(t, ref->name, "wrong length", why);
            } else {
                t->ok++;
            }
        }
        cJSON_Delete(doc);
        rhs_response_free(&r);
        free(body);
    }
    curl_easy_cleanup(h);
    return NULL;
}

Test(load, forty_levels_eight_threads, .timeout = 60)
{
    rh_ref_set set;
    cr_assert_eq(rh_ref_load(&set, "jam40.tsv"), 0);
    cr_assert_eq(set.count, 40);
    rhs_server *s = start_server(NULL);
    enum { T = 8 };
    level_runner runners[T];
    pthread_t threads[T];
    for (int i = 0; i < T; i++) {
        runners[i] = (level_runner){.port = rhs_port(s), .index = i, .set = &set};
        cr_assert_eq(pthread_create(&threads[i], NULL, levels_thread, &runners[i]), 0);
    }
    for (int i = 0; i < T; i++) pthread_join(threads[i], NULL);
    int ok = 0;
    for (int i = 0; i < T; i++) {
        cr_expect_eq(runners[i].failed, 0, "thread %d: %d failures, first: %s", i,
                     runners[i].failed, runners[i].first_failure);
        ok += runners[i].ok;
    }
    cr_assert_eq(ok, T * set.count, "%d of %d solves right", ok, T * set.count);
    stop_server(s);
    rh_ref_free(&set);
}

/* ---- 9: SIGTERM under load ---- */

typedef struct {
    int port;
    atomic_bool *stop;
    /* results */
    int ok, unavailable, bad, hung, refused, reset, requests;
    long long first_start_us;        /* when this thread's first request began */
    long long earliest_503_start_us; /* when the earliest request answered 503 began (0: none) */
    char bad_detail[512];
} drain_runner;

static void *drain_thread(void *arg)
{
    drain_runner *t = arg;
    CURL *h = curl_easy_init();
    const long long until = rhs_now_us() + 12 * 1000000LL;
    for (int i = 0; i < 200 && !atomic_load(t->stop) && rhs_now_us() < until; i++) {
        const long long started = rhs_now_us();
        if (i == 0) t->first_start_us = started;
        rhs_request req = {.method = "POST",
                           .path = "/v1/solve",
                           .body = moderate_unsolvable,
                           .body_len = strlen(moderate_unsolvable),
                           .handle = h,
                           .timeout_ms = 10000};
        rhs_response r;
        rhs_http(t->port, &req, &r);
        t->requests++;
        if (r.code == CURLE_OK) {
            cJSON *doc = cJSON_ParseWithLength(r.body, r.body_len);
            const char *status =
                cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "status"));
            const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "type"));
            /* A search that waited long in the queue of a slow machine (a sanitizer build,
             * a busy host) may reach its deadline: a 422 time limit is an answer too. */
            const char *limit =
                cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "limit"));
            if ((r.status == 200 && status && strcmp(status, "unsolvable") == 0) ||
                (r.status == 422 && limit && strcmp(limit, "time") == 0)) {
                t->ok++;
            } else if (r.status == 503 && type &&
                       strcmp(type, PROBLEM_PREFIX "shutting-down") == 0) {
                t->unavailable++;
                if (!t->earliest_503_start_us || started < t->earliest_503_start_us)
                    t->earliest_503_start_us = started;
            } else {
                if (!t->bad++)
                    snprintf(t->bad_detail, sizeof t->bad_detail, "%ld %s", r.status, r.body);
            }
            cJSON_Delete(doc);
        } else if (r.code == CURLE_OPERATION_TIMEDOUT) {
            t->hung++;
        } else if (r.code == CURLE_COULDNT_CONNECT) {
            t->refused++; /* the listener is closed: the drain has begun */
            rhs_response_free(&r);
            break;
        } else {
            t->reset++; /* closed without a reply */
            rhs_response_free(&r);
            break;
        }
        rhs_response_free(&r);
    }
    curl_easy_cleanup(h);
    return NULL;
}

Test(load, sigterm_drains, .timeout = 60)
{
    rhs_server *s = START("--workers", "2");
    enum { T = 6 };
    atomic_bool stop = false;
    drain_runner runners[T];
    pthread_t threads[T];
    for (int i = 0; i < T; i++) {
        runners[i] = (drain_runner){.port = rhs_port(s), .stop = &stop};
        cr_assert_eq(pthread_create(&threads[i], NULL, drain_thread, &runners[i]), 0);
    }
    rhs_sleep_ms(300);
    const long long sigterm_us = rhs_now_us();
    cr_assert_eq(rhs_signal(s, SIGTERM), 0);
    int status = 0;
    const int waited = rhs_wait_exit(s, 15000, &status);
    atomic_store(&stop, true);
    for (int i = 0; i < T; i++) pthread_join(threads[i], NULL);
    cr_assert_eq(waited, 0, "rushhourd did not exit within 15 s of SIGTERM");
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "exit status %#x", status);

    int ok = 0, unavailable = 0, refused = 0, reset = 0, requests = 0;
    for (int i = 0; i < T; i++) {
        const drain_runner *t = &runners[i];
        cr_assert_eq(t->hung, 0, "thread %d: %d requests hung", i, t->hung);
        cr_assert_eq(t->bad, 0, "thread %d: unexpected reply %s", i, t->bad_detail);
        /* The first wave was queued long before the signal: it must be answered 200. */
        if (t->earliest_503_start_us)
            cr_assert_geq(t->earliest_503_start_us, sigterm_us - 250000,
                          "a request sent %lld ms before SIGTERM got 503",
                          (sigterm_us - t->earliest_503_start_us) / 1000);
        ok += t->ok;
        unavailable += t->unavailable;
        refused += t->refused;
        reset += t->reset;
        requests += t->requests;
    }
    cr_assert_geq(ok, T, "only %d requests answered 200", ok);
    cr_log_info("drain: %d requests, %d x 200, %d x 503, %d refused, %d reset", requests, ok,
                unavailable, refused, reset);

    char *log = rhs_stdout(s);
    const char *draining = strstr(log, "\"event\":\"draining\"");
    const char *stopped = strstr(log, "\"event\":\"stop\"");
    cr_assert_not_null(draining, "no draining event in the log");
    cr_assert_not_null(stopped, "no stop event in the log");
    cr_assert_lt(draining, stopped, "stop logged before draining");
    free(log);
    cr_assert_eq(rhs_stop(s, 1000), 0);
    check_stderr(s);
    rhs_free(s);
}

/* While a search keeps the drain going: connections opened before SIGTERM are answered (503
 * for new work, with Retry-After), and a new connection is refused or answered at once, never
 * left waiting for the drain to end. */
Test(load, drain_answers_or_refuses, .timeout = 30)
{
    rhs_server *s = START("--workers", "1", "--memory-budget-bytes", "512MiB");
    const int port = rhs_port(s);
    CURL *a = curl_easy_init(), *b = curl_easy_init();
    cr_assert(a && b);
    rhs_response r;
    rhs_request warm_a = {.method = "GET", .path = "/healthz", .handle = a};
    rhs_request warm_b = {.method = "GET", .path = "/healthz", .handle = b};
    cr_assert_eq(rhs_http(port, &warm_a, &r), 0, "%s", r.error);
    rhs_response_free(&r);
    cr_assert_eq(rhs_http(port, &warm_b, &r), 0, "%s", r.error);
    rhs_response_free(&r);

    /* A search that runs for 2 s, accepted before the signal. */
    char *slow = strdup(slow_16x16);
    char *at = strstr(slow, "\"timeout_ms\":1500");
    cr_assert_not_null(at);
    memcpy(at, "\"timeout_ms\":2000", 17);
    one_post search = {.port = port, .body = slow, .timeout_ms = 15000};
    pthread_t thread;
    cr_assert_eq(pthread_create(&thread, NULL, post_thread, &search), 0);
    const double running = await_metric(port, "rushhourd_searches_in_flight", 1);
    if (running < 1) pthread_join(thread, NULL); /* its result says why */
    cr_assert_geq(running, 1, "the search never started: %ld %s", search.status, search.error);
    cr_assert_eq(rhs_signal(s, SIGTERM), 0);
    const bool draining = rhs_wait_stdout(s, "\"event\":\"draining\"", 2000);

    /* On a connection opened before the drain: readiness is off, new searches are refused. */
    rhs_request readyz = {.method = "GET", .path = "/readyz", .handle = a, .timeout_ms = 3000};
    const int ready_rc = rhs_http(port, &readyz, &r);
    const long ready_status = r.status;
    char ready_retry[32] = "";
    rhs_header(&r, "Retry-After", ready_retry, sizeof ready_retry);
    rhs_response_free(&r);
    rhs_request solve = {.method = "POST",
                         .path = "/v1/solve",
                         .body = jam01_grid,
                         .body_len = strlen(jam01_grid),
                         .handle = b,
                         .timeout_ms = 3000};
    const int solve_rc = rhs_http(port, &solve, &r);
    const long solve_status = r.status;
    cJSON *solve_doc = cJSON_ParseWithLength(r.body, r.body_len);
    char solve_type[128];
    snprintf(solve_type, sizeof solve_type, "%s",
             cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(solve_doc, "type"))
                 ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(solve_doc, "type"))
                 : "");
    cJSON_Delete(solve_doc);
    rhs_response_free(&r);

    /* A new connection: refused, or answered, within a second, while the drain goes on. */
    rhs_request fresh = {.method = "GET", .path = "/healthz", .timeout_ms = 1000};
    const long long t0 = rhs_now_us();
    rhs_http(port, &fresh, &r);
    const long long fresh_ms = (rhs_now_us() - t0) / 1000;
    const CURLcode fresh_code = r.code;
    const long fresh_status = r.status;
    char fresh_error[CURL_ERROR_SIZE];
    snprintf(fresh_error, sizeof fresh_error, "%s", r.error);
    rhs_response_free(&r);

    pthread_join(thread, NULL);
    int status = 0;
    const int waited = rhs_wait_exit(s, 15000, &status);
    curl_easy_cleanup(a);
    curl_easy_cleanup(b);
    free(slow);

    cr_assert(draining, "no draining event");
    cr_assert_eq(waited, 0, "rushhourd did not exit after its drain");
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "exit status %#x", status);
    cr_expect_eq(search.code, CURLE_OK, "the accepted search got no reply: %s", search.error);
    cr_expect_eq(search.status, 422, "the accepted search got %ld (%s)", search.status,
                 search.type);
    cr_expect_eq(ready_rc, 0, "/readyz on an open connection during the drain got no reply");
    cr_expect_eq(ready_status, 503, "/readyz during the drain: %ld", ready_status);
    cr_expect_geq(atoi(ready_retry), 1, "/readyz 503 without Retry-After");
    cr_expect_eq(solve_rc, 0, "a solve on an open connection during the drain got no reply");
    cr_expect_eq(solve_status, 503, "a solve during the drain: %ld", solve_status);
    cr_expect_str_eq(solve_type, PROBLEM_PREFIX "shutting-down");
    cr_expect(fresh_code == CURLE_COULDNT_CONNECT || fresh_code == CURLE_OK,
              "a new connection during the drain was neither refused nor answered: %s after "
              "%lld ms (status %ld)",
              fresh_error, fresh_ms, fresh_status);
    rhs_stop(s, 1000);
    check_stderr(s);
    rhs_free(s);
}

/* ---- 10: the process ---- */

static int closed_port(void)
{
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    cr_assert_geq(fd, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = 0};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    cr_assert_eq(bind(fd, (struct sockaddr *)&a, sizeof a), 0);
    socklen_t len = sizeof a;
    cr_assert_eq(getsockname(fd, (struct sockaddr *)&a, &len), 0);
    close(fd); /* bound, never listened: nothing answers there */
    return ntohs(a.sin_port);
}

/* `rushhourd ARGS` with `--healthcheck` added; returns the exit code, stderr in `err`. */
static int healthcheck(const char *const *args, char **err)
{
    const char *argv[16] = {RHD_BIN};
    int n = 1;
    for (int i = 0; args[i] && n < 15; i++) argv[n++] = args[i];
    argv[n] = NULL;
    return rhs_run(argv, 10000, NULL, err);
}

/* The documented form: the flag first, then the settings. */
Test(process, healthcheck_flag_first)
{
    rhs_server *s = start_server(NULL);
    char port[16], admin[16];
    snprintf(port, sizeof port, "%d", rhs_port(s));
    snprintf(admin, sizeof admin, "%d", rhs_admin_port(s));
    char *err;
    const int code = healthcheck(
        (const char *const[]){"--healthcheck", "--port", port, "--admin-port", admin, NULL}, &err);
    cr_expect_eq(code, 0,
                 "`rushhourd --healthcheck --port %s --admin-port %s` against a running server "
                 "exited %d: %s",
                 port, admin, code, err);
    free(err);
    const int code3 =
        healthcheck((const char *const[]){"--healthcheck", "--bind", "127.0.0.1", "--port", port,
                                          "--admin-port", admin, NULL},
                    &err);
    cr_expect_eq(code3, 0, "`rushhourd --healthcheck --bind 127.0.0.1 --port %s` exited %d: %s",
                 port, code3, err);
    free(err);
    stop_server(s);
}

Test(process, healthcheck)
{
    rhs_server *s = start_server(NULL);
    char port[16], port_eq[32], admin[16];
    snprintf(port, sizeof port, "%d", rhs_port(s));
    snprintf(admin, sizeof admin, "%d", rhs_admin_port(s));
    snprintf(port_eq, sizeof port_eq, "--port=%d", rhs_port(s));
    char *err;
    int code = healthcheck(
        (const char *const[]){"--port", port, "--admin-port", admin, "--healthcheck", NULL}, &err);
    cr_assert_eq(code, 0, "healthcheck against a running server: %d (%s)", code, err);
    free(err);
    code = healthcheck((const char *const[]){"--healthcheck", port_eq, "--admin-port", admin, NULL},
                       &err);
    cr_assert_eq(code, 0, "healthcheck against a running server: %d (%s)", code, err);
    free(err);
    stop_server(s);

    /* A port nothing listens on: a failure, but not a configuration error (2). The health
     * check asks the admin port when there is one. */
    snprintf(port, sizeof port, "%d", closed_port());
    code = healthcheck(
        (const char *const[]){"--port", "1", "--admin-port", port, "--healthcheck", NULL}, &err);
    cr_assert_neq(code, 0, "healthcheck succeeded against a closed port");
    cr_assert_neq(code, -1, "healthcheck against a closed port hung");
    cr_assert_neq(code, 2, "healthcheck rejected its configuration: %s", err);
    free(err);
}

Test(process, bad_configuration_exits_2)
{
    const char *const argv[] = {RHD_BIN, "--port", "70000", NULL};
    char *out, *err;
    const int code = rhs_run(argv, 10000, &out, &err);
    cr_assert_eq(code, 2, "exit %d; stderr: %s", code, err);
    cr_assert_not_null(strstr(err, "--port"), "stderr does not name --port: %s", err);
    free(out);
    free(err);

    /* Every bad setting is reported, not only the first. */
    const char *const two[] = {RHD_BIN, "--port", "70000", "--workers", "lots", NULL};
    const int code2 = rhs_run(two, 10000, &out, &err);
    cr_assert_eq(code2, 2);
    cr_assert_not_null(strstr(err, "--port"), "%s", err);
    cr_assert_not_null(strstr(err, "--workers"), "%s", err);
    free(out);
    free(err);
}

/* ---- 11: the log ---- */

/* The log line of request `id`, parsed, or NULL. */
static cJSON *request_line(const char *log, const char *id)
{
    char needle[128];
    snprintf(needle, sizeof needle, "\"request_id\":\"%s\"", id);
    const char *hit = strstr(log, needle);
    if (!hit) return NULL;
    const char *start = hit;
    while (start > log && start[-1] != '\n') start--;
    const char *end = strchr(hit, '\n');
    return cJSON_ParseWithLength(start, end ? (size_t)(end - start) : strlen(start));
}

Test(logs, request_lines_and_json)
{
    rhs_server *s = start_server(NULL);
    const int port = rhs_port(s);
    rhs_response r;
    const char *h1[] = {"X-Request-Id: log-check-1", NULL};
    rhs_request q1 = {.method = "GET", .path = "/healthz", .headers = h1};
    cr_assert_eq(rhs_http(port, &q1, &r), 0);
    rhs_response_free(&r);
    const char *h2[] = {"X-Request-Id: log-check-2", "Content-Type: application/json", NULL};
    rhs_request q2 = {.method = "POST",
                      .path = "/v1/solve",
                      .headers = h2,
                      .body = jam01_grid,
                      .body_len = strlen(jam01_grid)};
    cr_assert_eq(rhs_http(port, &q2, &r), 0);
    cr_assert_eq(r.status, 200);
    rhs_response_free(&r);
    get(port, "/no-such-page", &r);
    rhs_response_free(&r);
    cr_assert(rhs_wait_stdout(s, "\"request_id\":\"log-check-2\"", 3000), "no log line for it");
    cr_assert(rhs_wait_stdout(s, "\"request_id\":\"log-check-1\"", 3000), "no log line for it");
    cr_assert_eq(rhs_stop(s, 10000), 0);
    check_stderr(s);

    char *log = rhs_stdout(s);
    cJSON *l1 = request_line(log, "log-check-1");
    cr_assert_not_null(l1, "the request's log line is not JSON");
    cr_assert_str_eq(jstr(l1, "event"), "request");
    cr_assert_str_eq(jstr(l1, "method"), "GET");
    cr_assert_str_eq(jstr(l1, "path"), "/healthz");
    cr_assert_eq(jnum(l1, "status"), 200);
    cr_assert_geq(jnum(l1, "duration_us"), 0);
    cJSON_Delete(l1);
    cJSON *l2 = request_line(log, "log-check-2");
    cr_assert_not_null(l2);
    cr_assert_str_eq(jstr(l2, "event"), "request");
    cr_assert_str_eq(jstr(l2, "method"), "POST");
    cr_assert_str_eq(jstr(l2, "path"), "/v1/solve");
    cr_assert_eq(jnum(l2, "status"), 200);
    cr_assert_gt(jnum(l2, "duration_us"), 0);
    cr_assert_str_eq(jstr(l2, "algorithm"), "bfs");
    cr_assert_gt(jnum(l2, "nodes"), 0);
    cJSON_Delete(l2);

    /* Every line is a JSON object with time, level and event; the first is the start, the last
     * the stop. */
    int lines = 0;
    const char *first_event = NULL, *last_event = NULL;
    char first[32] = "", last[32] = "";
    for (const char *line = log; *line;) {
        const char *end = strchr(line, '\n');
        cr_assert_not_null(end, "the log ends without a newline: %s", line);
        cJSON *doc = cJSON_ParseWithLength(line, (size_t)(end - line));
        cr_assert(cJSON_IsObject(doc), "not a JSON object: %.*s", (int)(end - line), line);
        jstr(doc, "time");
        jstr(doc, "level");
        const char *event = jstr(doc, "event");
        snprintf(lines == 0 ? first : last, 32, "%s", event);
        first_event = first;
        last_event = last;
        cJSON_Delete(doc);
        lines++;
        line = end + 1;
    }
    cr_assert_geq(lines, 5, "only %d log lines", lines);
    cr_assert_str_eq(first_event, "start");
    cr_assert_str_eq(last_event, "stop");
    free(log);
    rhs_free(s);
}

/* The answer cache: a repeated puzzle is answered from it, in whatever form it comes, with the
 * same solution; other options are other answers; --cache-bytes 0 turns it off. */
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
    cr_assert_eq(rhs_get(rhs_port(s), "/metrics", &m), 0);
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
static char *slow_body(int timeout_ms)
{
    char *body = strdup(slow_16x16);
    cr_assert_not_null(body);
    char *t = strstr(body, "1500");
    cr_assert_not_null(t);
    char digits[5];
    snprintf(digits, sizeof digits, "%04d", timeout_ms);
    memcpy(t, digits, 4);
    return body;
}

/* Posts `body` to `path` and hangs up after 300 ms: the server must stop the work (a 499 in
 * its log) and free the worker. */
static void abandon(rhs_server *s, const char *path, const char *body)
{
    const char *const headers[] = {"Content-Type: application/json", NULL};
    rhs_request req = {.method = "POST",
                       .path = path,
                       .headers = headers,
                       .body = body,
                       .body_len = strlen(body),
                       .timeout_ms = 300};
    rhs_response r;
    rhs_http(rhs_port(s), &req, &r); /* times out: the client hangs up */
    rhs_response_free(&r);
    char needle[128];
    snprintf(needle, sizeof needle, "\"path\":\"%s\",\"status\":499", path);
    cr_assert(rhs_wait_stdout(s, needle, 3000), "no 499 for %s in the log: %s", path,
              rhs_stdout(s));
    /* The worker is free again: a quick solve gets through at once. */
    cJSON *doc = solve_ok(rhs_port(s), "application/json", jam01_grid, 8);
    cJSON_Delete(doc);
}

Test(disconnect, abandoned_search_stops)
{
    rhs_server *s = START("--workers", "1", "--cache-bytes", "0");
    char *slow = slow_body(9000); /* far beyond the client's patience */
    abandon(s, "/v1/solve", slow);
    abandon(s, "/v1/analyze", slow);
    char *batch = malloc(strlen(slow) + sizeof jam01_grid + 32);
    cr_assert_not_null(batch);
    sprintf(batch, "{\"puzzles\": [%s, %s]}", slow, jam01_grid);
    abandon(s, "/v1/solve/batch", batch);
    abandon(s, "/v1/generate", "{\"min_moves\": 45, \"seed\": 3, \"timeout_ms\": 9000}");
    free(batch);
    free(slow);
    stop_server(s);
}

/* ---- 10: whole-space analysis ---- */

TestSuite(analyze, .init = setup, .fini = teardown);

/* The reference puzzle `name` of jam40.tsv as a grid body with `options` (or NULL). */
static char *jam_body(const char *name, const char *options)
{
    rh_ref_set set;
    cr_assert_eq(rh_ref_load(&set, "jam40.tsv"), 0);
    const rh_ref *ref = rh_ref_find(&set, name);
    cr_assert_not_null(ref, "%s is not in jam40.tsv", name);
    char *body = grid_body(&ref->puzzle, options);
    rh_ref_free(&set);
    cr_assert_not_null(body);
    return body;
}

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
    body = jam_body("jam40", "{\"metric\": \"slides\", \"timeout_ms\": 20000}");
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
    cr_assert_geq(await_metric(port, series, 3), 3, "%s", series);
    cr_assert_geq(await_metric(port, "rushhourd_analyses_total{result=\"complete\"}", 3), 3);
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
    cr_assert_geq(await_metric(port, "rushhourd_analyses_total{result=\"limit_reached\"}", 1), 1);
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

/* ---- 11: hints and partial solutions ---- */

TestSuite(hint, .init = setup, .fini = teardown);

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
    cr_assert_geq(await_metric(port, series, 4), 4, "%s", series);
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

/* ---- 12: batches ---- */

TestSuite(batch, .init = setup, .fini = teardown);

/* The results of a 200 batch answer, checked to hold `n` items (the caller deletes `doc`). */
static const cJSON *batch_results(const rhs_response *r, int n, cJSON **doc)
{
    cr_assert_eq(r->status, 200, "%s", r->body);
    expect_content_type(r, "application/json");
    *doc = body_json(r);
    const cJSON *results = cJSON_GetObjectItemCaseSensitive(*doc, "results");
    cr_assert(cJSON_IsArray(results), "%s", r->body);
    cr_assert_eq(cJSON_GetArraySize(results), n, "%s", r->body);
    return results;
}

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
    cr_assert_geq(await_metric(port, series, 2), 2, "%s", series);
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
    rhs_response r;
    post_to(port, "/v1/solve/batch", "text/plain", "BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.", &r);
    cJSON_Delete(expect_problem(&r, 400, "invalid-json"));
    rhs_response_free(&r);
    stop_server(s);
}

/* In the load suite: it races a search's deadline against the requests that follow it, which
 * a server slowed down by valgrind can lose. */
Test(load, batch_queue_takes_the_whole_batch_or_none, .timeout = 60)
{
    rhs_server *s = START("--workers", "1", "--queue-length", "2");
    const int port = rhs_port(s);
    /* One slow search runs, one waits: the queue has one place left, a batch needs two. */
    char *slow = slow_body(4000);
    one_post posts[2];
    pthread_t threads[2];
    for (int i = 0; i < 2; i++) {
        posts[i] = (one_post){.port = port, .body = slow, .timeout_ms = 30000};
        cr_assert_eq(pthread_create(&threads[i], NULL, post_thread, &posts[i]), 0);
        if (i == 0) await_metric(port, "rushhourd_searches_in_flight", 1);
    }
    cr_assert_eq(await_metric(port, "rushhourd_queue_depth", 1), 1);
    char body[1024];
    snprintf(body, sizeof body,
             "{\"puzzles\": [%s, {\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\"}]}",
             jam01_grid);
    rhs_response r;
    post_to(port, "/v1/solve/batch", "application/json", body, &r);
    cJSON_Delete(expect_problem(&r, 503, "queue-full"));
    char retry[16];
    cr_assert(rhs_header(&r, "Retry-After", retry, sizeof retry));
    cr_assert_str_eq(retry, "1");
    rhs_response_free(&r);
    /* Nothing of the refused batch was queued. */
    rhs_response m;
    get(port, "/metrics", &m);
    cr_assert_eq(rhs_metric_value(m.body, "rushhourd_queue_depth"), 1, "%s", m.body);
    rhs_response_free(&m);
    for (int i = 0; i < 2; i++) pthread_join(threads[i], NULL);
    free(slow);
    for (int i = 0; i < 2; i++) cr_assert_eq(posts[i].status, 422, "slow search %d", i);
    /* With the queue free again, the same batch is taken and both puzzles run. */
    post_to(port, "/v1/solve/batch", "application/json", body, &r);
    cJSON *doc;
    const cJSON *results = batch_results(&r, 2, &doc);
    cr_assert_eq(jnum(jobj(cJSON_GetArrayItem(results, 1), "solution"), "move_count"), 51);
    cJSON_Delete(doc);
    rhs_response_free(&r);
    stop_server(s);
}

/* ---- 13: generation ---- */

TestSuite(generate, .init = setup, .fini = teardown);

/* Small and quick, even under valgrind. */
static const char small_request[] = "{\"min_moves\": 8, \"min_vehicles\": 6, \"max_vehicles\": 8, "
                                    "\"seed\": 5, \"timeout_ms\": 30000}";

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
    cr_assert_geq(await_metric(port, series, 2), 2, "%s", series);
    cr_assert_geq(await_metric(port, "rushhourd_generated_puzzles_total{result=\"generated\"}", 2),
                  2);
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
    cr_assert_geq(
        await_metric(port, "rushhourd_generated_puzzles_total{result=\"limit_reached\"}", 1), 1);
    stop_server(s);
}

/* ---- 18: slow clients: the header and body deadlines, the admin listener ---- */

TestSuite(deadlines, .init = setup, .fini = teardown);
TestSuite(admin, .init = setup, .fini = teardown);

static int raw_connect(int port)
{
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    cr_assert_geq(fd, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    cr_assert_eq(connect(fd, (struct sockaddr *)&a, sizeof a), 0, "cannot connect to %d", port);
    return fd;
}

static bool readable_within(int fd, int ms)
{
    struct pollfd p = {.fd = fd, .events = POLLIN};
    return poll(&p, 1, ms) == 1;
}

/* Reads what the server sends until it closes the connection or `ms` pass; returns whether it
 * closed it. `out` holds the bytes, NUL-terminated. */
static bool read_until_closed(int fd, char *out, size_t len, int ms)
{
    size_t used = 0;
    const long long until = rhs_now_us() + ms * 1000LL;
    for (;;) {
        const long long left = (until - rhs_now_us()) / 1000;
        if (left <= 0 || !readable_within(fd, (int)left)) break;
        const ssize_t n = recv(fd, out + used, len - 1 - used, 0);
        if (n <= 0) {
            out[used] = '\0';
            return true; /* an end of stream, or a reset after it */
        }
        used += (size_t)n;
        if (used == len - 1) break;
    }
    out[used] = '\0';
    return false;
}

/* Sends `text` one byte every `gap_ms` until the server says something; returns when it did,
 * in microseconds from `t0`, or -1 when all of `text` went out unanswered. */
static long long trickle(int fd, const char *text, int gap_ms, long long t0)
{
    for (const char *p = text; *p; p++) {
        if (send(fd, p, 1, MSG_NOSIGNAL) != 1 || readable_within(fd, gap_ms))
            return rhs_now_us() - t0;
    }
    return -1;
}

/* A 408 problem document, on a connection the server then closed, with an X-Request-Id
 * (`id`, or any valid one when NULL). */
static void expect_408_and_close(const char *reply, bool closed, const char *id)
{
    cr_assert(strncmp(reply, "HTTP/1.1 408 ", 13) == 0, "not a 408: %.300s", reply);
    cr_expect(closed, "the connection stayed open after the 408");
    cr_expect_not_null(strcasestr(reply, "\r\nContent-Type: application/problem+json\r\n"), "%s",
                       reply);
    cr_expect_not_null(strcasestr(reply, "\r\nConnection: close\r\n"), "%s", reply);
    const char *idh = strcasestr(reply, "\r\nX-Request-Id: ");
    cr_assert_not_null(idh, "no X-Request-Id: %s", reply);
    char got[80];
    sscanf(idh + 16, "%79[^\r]", got);
    if (id)
        cr_expect_str_eq(got, id);
    else
        cr_expect(valid_request_id(got), "bad request id '%s'", got);
    const char *body = strstr(reply, "\r\n\r\n");
    cr_assert_not_null(body);
    cJSON *doc = cJSON_Parse(body + 4);
    cr_assert_not_null(doc, "the 408's body is not JSON: %s", body + 4);
    cr_expect_str_eq(jstr(doc, "type"), PROBLEM_PREFIX "request-timeout");
    cr_expect_eq(jnum(doc, "status"), 408);
    cr_expect_str_eq(jstr(doc, "request_id"), got);
    cJSON_Delete(doc);
}

/* The metrics page from the admin listener. */
static double admin_metric(rhs_server *s, const char *series)
{
    rhs_response m;
    get(rhs_admin_port(s), "/metrics", &m);
    cr_assert_eq(m.status, 200);
    const double v = rhs_metric_value(m.body, series);
    rhs_response_free(&m);
    return v;
}

/* One byte a second would take about 50 s for this header: the deadline (2 s) cuts it, and the
 * server says why. */
Test(deadlines, header_trickle_answered_408_at_the_deadline)
{
    rhs_server *s = START("--header-timeout-s", "2");
    const long long t0 = rhs_now_us();
    const int fd = raw_connect(rhs_port(s));
    const long long at = trickle(
        fd, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 0123456789\r\n\r\n", 1000, t0);
    char reply[2048];
    const bool closed = read_until_closed(fd, reply, sizeof reply, 3000);
    close(fd);
    cr_assert_geq(at, 0, "no answer before the whole header was sent");
    cr_expect(at >= 1900000 && at <= 3000000, "answered after %lld ms, the deadline is 2000 ms",
              at / 1000);
    expect_408_and_close(reply, closed, NULL);
    cr_expect_eq(admin_metric(s, "rushhourd_request_timeouts_total{phase=\"header\"}"), 1);
    cr_expect(rhs_wait_stdout(s, "\"status\":408", 3000), "no log line for the 408");
    stop_server(s);
}

/* The header at once, then a body at one byte a second: cut at the body's deadline. */
Test(deadlines, slow_body_answered_408_at_the_deadline)
{
    rhs_server *s = START("--body-timeout-s", "2");
    const int fd = raw_connect(rhs_port(s));
    char head[256];
    snprintf(head, sizeof head,
             "POST /v1/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
             "X-Request-Id: slow-body-1\r\nContent-Length: %zu\r\n\r\n",
             strlen(hardest51));
    cr_assert_eq(send(fd, head, strlen(head), MSG_NOSIGNAL), (ssize_t)strlen(head));
    const long long t0 = rhs_now_us();
    const long long at = trickle(fd, hardest51, 1000, t0);
    char reply[2048];
    const bool closed = read_until_closed(fd, reply, sizeof reply, 3000);
    close(fd);
    cr_assert_geq(at, 0, "no answer before the whole body was sent");
    cr_expect(at >= 1900000 && at <= 3000000, "answered after %lld ms, the deadline is 2000 ms",
              at / 1000);
    expect_408_and_close(reply, closed, "slow-body-1");
    cr_expect_eq(admin_metric(s, "rushhourd_request_timeouts_total{phase=\"body\"}"), 1);
    cr_expect_eq(admin_metric(s, "rushhourd_http_requests_total{route=\"/v1/solve\",method="
                                 "\"POST\",code=\"408\"}"),
                 1);
    cr_assert(rhs_wait_stdout(s, "\"request_id\":\"slow-body-1\"", 3000));
    char *log = rhs_stdout(s);
    cJSON *line = request_line(log, "slow-body-1");
    cr_assert_not_null(line);
    cr_expect_eq(jnum(line, "status"), 408);
    cJSON_Delete(line);
    free(log);
    stop_server(s);
}

/* Slow but within both deadlines (3 s each): header and body in pieces 0.4 s apart, 2 s each.
 * The idle timeout is 1 s, so no gap may reach it either. Then, on the same connection after a
 * keep-alive wait longer than the header deadline, a second request: the wait between requests
 * is the idle timeout's business, not the header's. */
Test(deadlines, honest_slow_client_gets_its_answer)
{
    rhs_server *s =
        START("--header-timeout-s", "3", "--body-timeout-s", "3", "--idle-timeout-s", "5");
    const int fd = raw_connect(rhs_port(s));
    char head[256];
    snprintf(head, sizeof head,
             "POST /v1/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
             "Content-Length: %zu\r\n\r\n",
             strlen(hardest51));
    const char *parts[] = {head, hardest51};
    for (int k = 0; k < 2; k++) {
        const size_t n = strlen(parts[k]), step = n / 5 + 1;
        for (size_t off = 0; off < n; off += step) {
            const size_t len = off + step <= n ? step : n - off;
            cr_assert_eq(send(fd, parts[k] + off, len, MSG_NOSIGNAL), (ssize_t)len);
            if (off + step < n || k == 0) rhs_sleep_ms(400);
        }
    }
    char reply[8192];
    cr_assert(readable_within(fd, 5000), "no answer");
    const ssize_t n = recv(fd, reply, sizeof reply - 1, 0);
    cr_assert_gt(n, 0);
    reply[n] = '\0';
    cr_expect(strncmp(reply, "HTTP/1.1 200 ", 13) == 0, "%.300s", reply);
    cr_expect_not_null(strstr(reply, "\"move_count\":51"), "%.300s", reply);

    rhs_sleep_ms(3500); /* more than the header deadline, less than the idle timeout */
    static const char again[] = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    cr_assert_eq(send(fd, again, sizeof again - 1, MSG_NOSIGNAL), (ssize_t)sizeof again - 1);
    cr_assert(readable_within(fd, 3000), "no answer to the second request");
    const ssize_t m = recv(fd, reply, sizeof reply - 1, 0);
    cr_assert_gt(m, 0);
    reply[m] = '\0';
    cr_expect(strncmp(reply, "HTTP/1.1 200 ", 13) == 0, "%.300s", reply);
    close(fd);
    cr_expect_eq(admin_metric(s, "rushhourd_request_timeouts_total{phase=\"header\"}"), 0);
    cr_expect_eq(admin_metric(s, "rushhourd_request_timeouts_total{phase=\"body\"}"), 0);
    stop_server(s);
}

Test(admin, probes_and_metrics_only)
{
    rhs_server *s = start_server(NULL);
    const int admin = rhs_admin_port(s);
    cr_assert_gt(admin, 0, "no admin port in the start line");
    cr_assert_neq(admin, rhs_port(s));
    static const struct {
        const char *path;
        long status;
    } want[] = {{"/healthz", 200}, {"/readyz", 200},       {"/metrics", 200},
                {"/version", 404}, {"/openapi.yaml", 404}, {"/", 404}};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        rhs_response r;
        get(admin, want[k].path, &r);
        cr_expect_eq(r.status, want[k].status, "GET %s on the admin port: %ld", want[k].path,
                     r.status);
        rhs_response_free(&r);
    }
    rhs_response r;
    post_to(admin, "/v1/solve", "application/json", jam01_grid, &r);
    cJSON_Delete(expect_problem(&r, 404, "not-found"));
    rhs_response_free(&r);
    get(rhs_port(s), "/healthz", &r); /* still on the main port too */
    cr_expect_eq(r.status, 200);
    rhs_response_free(&r);
    stop_server(s);
}

Test(admin, off)
{
    rhs_server *s = START("--admin-port", "off");
    cr_expect_eq(rhs_admin_port(s), -1);
    char port[16];
    snprintf(port, sizeof port, "%d", rhs_port(s));
    char *err;
    const int code = healthcheck(
        (const char *const[]){"--healthcheck", "--port", port, "--admin-port", "off", NULL}, &err);
    cr_expect_eq(code, 0, "without an admin port the health check asks the main port: %d %s", code,
                 err);
    free(err);
    stop_server(s);
}

/* The main port full (16 idle connections on a limit of 8): the probes still answer. */
Test(admin, probes_answer_while_the_main_port_is_full)
{
    rhs_server *s = START("--max-connections", "8", "--max-connections-per-ip", "0");
    int fds[16];
    for (int i = 0; i < 16; i++) fds[i] = raw_connect(rhs_port(s));
    rhs_sleep_ms(200);
    rhs_response r;
    rhs_request q = {.method = "GET", .path = "/healthz", .timeout_ms = 1000};
    rhs_http(rhs_port(s), &q, &r);
    cr_expect_neq(r.status, 200, "the main port is not full: the test proves nothing");
    rhs_response_free(&r);
    for (int k = 0; k < 5; k++) {
        get(rhs_admin_port(s), k % 2 ? "/readyz" : "/healthz", &r);
        cr_expect_eq(r.status, 200);
        rhs_response_free(&r);
    }
    for (int i = 0; i < 16; i++) close(fds[i]);
    stop_server(s);
}

/* 300 connections refused at the per-address limit: counted, and logged one line a second. */
Test(logs, refused_connections_counted_and_rate_limited)
{
    rhs_server *s = START("--max-connections-per-ip", "2");
    const int hold[2] = {raw_connect(rhs_port(s)), raw_connect(rhs_port(s))};
    rhs_sleep_ms(100);
    const long long t0 = rhs_now_us();
    int refused = 0;
    for (int i = 0; i < 300; i++) {
        const int fd = raw_connect(rhs_port(s));
        char byte;
        refused += readable_within(fd, 2000) && recv(fd, &byte, 1, 0) <= 0;
        close(fd);
    }
    const double seconds = (double)(rhs_now_us() - t0) / 1e6;
    cr_assert_eq(refused, 300, "only %d of 300 connections were refused", refused);
    rhs_response m = {0};
    const double counted = rhs_get(rhs_admin_port(s), "/metrics", &m) == 0
                               ? rhs_metric_value(m.body, "rushhourd_connections_refused_total")
                               : -1;
    rhs_response_free(&m);
    close(hold[0]);
    close(hold[1]);
    cr_assert_eq(rhs_stop(s, 10000), 0);
    check_stderr(s);
    char *log = rhs_stdout(s);
    int lines = 0;
    for (const char *p = log; (p = strstr(p, "Server reached connection limit")); p++) lines++;
    cr_expect_leq(lines, (int)seconds + 2, "%d log lines for 300 refusals in %.1f s", lines,
                  seconds);
    cr_expect_geq(lines, 1, "the refusals were not logged at all");
    cr_expect_eq(counted, 300, "rushhourd_connections_refused_total is %g", counted);
    free(log);
    rhs_free(s);
}
