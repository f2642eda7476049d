/* The HTTP suites' shared helpers: see http_test.h. */
#include <criterion/criterion.h>
#include <arpa/inet.h>
#include <math.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "http_test.h"
#include "reference.h"
#include "replay.h"
#include "rushhour/json.h"

#ifndef RHD_BIN
#error "RHD_BIN must name the rushhourd binary"
#endif

const char hardest51[] = "{\"board\": \"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.\"}";
const char jam01_grid[] =
    "{\"grid\": [\"bb...g\", \"a..c.g\", \"axxc.g\", \"a..c..\", \"e...ff\", \"e.ddd.\"]}";
const char unsolvable_walls[] =
    "{\"board_size\":6,\"exit_row\":2,\"walls\":[[2,5]],\"vehicles\":[{\"id\":\"X\",\"row\":2,"
    "\"col\":0,\"length\":2,\"orientation\":\"H\"}]}";

/* Unsolvable (a wall at the exit) with a component of ~147k states: ~80 ms of BFS. */
const char moderate_unsolvable[] =
    "{\"board_size\":9,\"exit_row\":0,\"walls\":[[0,8]],\"vehicles\":["
    "{\"id\":\"X\",\"row\":0,\"col\":0,\"length\":2,\"orientation\":\"H\"},"
    "{\"id\":\"A\",\"row\":2,\"col\":1,\"length\":2,\"orientation\":\"H\"},"
    "{\"id\":\"B\",\"row\":3,\"col\":5,\"length\":2,\"orientation\":\"V\"},"
    "{\"id\":\"C\",\"row\":5,\"col\":2,\"length\":2,\"orientation\":\"H\"},"
    "{\"id\":\"D\",\"row\":1,\"col\":3,\"length\":2,\"orientation\":\"V\"},"
    "{\"id\":\"E\",\"row\":8,\"col\":0,\"length\":2,\"orientation\":\"H\"}]}";

/* A sparse 16x16 board, unsolvable: its state space is far too large to finish, so the search
 * runs until its 1.5 s deadline and answers 422. */
const char slow_16x16[] = "{\"board_size\":16,\"exit_row\":0,\"walls\":[[0,15]],\"vehicles\":["
                          "{\"id\":\"X\",\"row\":0,\"col\":0,\"length\":2,\"orientation\":\"H\"},"
                          "{\"id\":\"A\",\"row\":3,\"col\":2,\"length\":2,\"orientation\":\"H\"},"
                          "{\"id\":\"B\",\"row\":6,\"col\":9,\"length\":2,\"orientation\":\"V\"},"
                          "{\"id\":\"C\",\"row\":9,\"col\":4,\"length\":2,\"orientation\":\"H\"},"
                          "{\"id\":\"D\",\"row\":12,\"col\":12,\"length\":2,\"orientation\":\"V\"},"
                          "{\"id\":\"E\",\"row\":14,\"col\":1,\"length\":2,\"orientation\":\"H\"},"
                          "{\"id\":\"F\",\"row\":2,\"col\":13,\"length\":2,\"orientation\":\"V\"}],"
                          "\"options\":{\"timeout_ms\":1500}}";

const char busy_16x16[] = "{\"board_size\":16,\"exit_row\":0,\"walls\":[[0,15]],\"vehicles\":["
                          "{\"id\":\"X\",\"row\":0,\"col\":0,\"length\":2,\"orientation\":\"H\"},"
                          "{\"id\":\"A\",\"row\":3,\"col\":2,\"length\":2,\"orientation\":\"H\"},"
                          "{\"id\":\"B\",\"row\":6,\"col\":9,\"length\":2,\"orientation\":\"V\"},"
                          "{\"id\":\"C\",\"row\":9,\"col\":4,\"length\":2,\"orientation\":\"H\"},"
                          "{\"id\":\"D\",\"row\":12,\"col\":12,\"length\":2,\"orientation\":\"V\"},"
                          "{\"id\":\"E\",\"row\":14,\"col\":1,\"length\":2,\"orientation\":\"H\"},"
                          "{\"id\":\"F\",\"row\":2,\"col\":13,\"length\":2,\"orientation\":\"V\"}],"
                          "\"options\":{\"timeout_ms\":600000}}";

void http_suite_setup(void)
{
    rhs_http_init();
}

/* A failed assertion leaves the test early: kill whatever server it started. */
void http_suite_teardown(void)
{
    rhs_cleanup_all();
}

/* ---- helpers (main thread: they assert) ---- */

rhs_server *start_server(const char *const *args)
{
    char err[2048];
    rhs_server *s = rhs_start(RHD_BIN, args, PATIENCE_MS, err, sizeof err);
    cr_assert_not_null(s, "rushhourd did not start: %s", err);
    return s;
}

/* After the server has exited: it writes its log to stdout only, so its stderr must hold no
 * sanitizer report. */
void check_stderr(rhs_server *s)
{
    cr_expect(server_stderr_clean(s), "sanitizer report from rushhourd (its stderr is above)");
}

void stop_server(rhs_server *s)
{
    const int code = rhs_stop(s, PATIENCE_MS);
    cr_expect_eq(code, 0, "rushhourd exited with %d after SIGTERM", code);
    check_stderr(s);
    rhs_free(s);
}

char *read_file(const char *path)
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

void get(int port, const char *path, rhs_response *r)
{
    cr_assert_eq(rhs_get(port, path, r), 0, "GET %s failed: %s", path, r->error);
}

void get_if_none_match(int port, const char *method, const char *path, const char *tags,
                       rhs_response *r)
{
    char field[512];
    snprintf(field, sizeof field, "If-None-Match: %s", tags);
    const char *headers[] = {field, NULL};
    const rhs_request q = {.method = method, .path = path, .headers = headers};
    cr_assert_eq(rhs_http(port, &q, r), 0, "%s %s failed: %s", method, path, r->error);
}

void expect_caching(const rhs_response *r, const char *cache_control, char *etag, size_t len)
{
    char value[256];
    cr_assert(rhs_header(r, "Cache-Control", value, sizeof value), "no Cache-Control");
    cr_assert_str_eq(value, cache_control);
    const bool tagged = rhs_header(r, "ETag", value, sizeof value);
    if (!etag) {
        cr_assert_not(tagged, "an ETag where nothing may be stored: %s", value);
        return;
    }
    cr_assert(tagged, "no ETag");
    cr_assert(value[0] == '"' && strlen(value) > 2 && value[strlen(value) - 1] == '"',
              "not a strong entity tag: %s", value);
    snprintf(etag, len, "%s", value);
}

void post_to(int port, const char *path, const char *content_type, const char *body,
             rhs_response *r)
{
    cr_assert_eq(rhs_post(port, path, content_type, body, r), 0, "POST %s failed: %s", path,
                 r->error);
}

void post(int port, const char *content_type, const char *body, rhs_response *r)
{
    post_to(port, "/v1/solve", content_type, body, r);
}

void post_json(int port, const char *body, rhs_response *r)
{
    post(port, "application/json", body, r);
}

cJSON *body_json(const rhs_response *r)
{
    cJSON *doc = cJSON_ParseWithLength(r->body, r->body_len);
    cr_assert_not_null(doc, "the body is not JSON: %s", r->body);
    cr_assert(cJSON_IsObject(doc), "the body is not a JSON object: %s", r->body);
    return doc;
}

const char *jstr(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    cr_assert(cJSON_IsString(v), "\"%s\" is not a string", key);
    return v->valuestring;
}

double jnum(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    cr_assert(cJSON_IsNumber(v), "\"%s\" is not a number", key);
    return v->valuedouble;
}

const cJSON *jobj(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    cr_assert(cJSON_IsObject(v), "\"%s\" is not an object", key);
    return v;
}

bool valid_request_id(const char *id)
{
    const size_t n = strlen(id);
    if (n < 1 || n > 64) return false;
    for (size_t i = 0; i < n; i++)
        if (!(strchr("-_.:", id[i]) || (id[i] >= 'a' && id[i] <= 'z') ||
              (id[i] >= 'A' && id[i] <= 'Z') || (id[i] >= '0' && id[i] <= '9')))
            return false;
    return true;
}

void expect_content_type(const rhs_response *r, const char *type)
{
    char value[256];
    cr_assert(rhs_header(r, "Content-Type", value, sizeof value), "no Content-Type");
    cr_assert_eq(strncmp(value, type, strlen(type)), 0, "Content-Type is %s, expected %s", value,
                 type);
    char sniff[32];
    cr_assert(rhs_header(r, "X-Content-Type-Options", sniff, sizeof sniff) &&
                  strcmp(sniff, "nosniff") == 0,
              "no X-Content-Type-Options: nosniff");
}

/* Checks an RFC 9457 problem reply and returns its document (the caller deletes it). */
cJSON *expect_problem(const rhs_response *r, long status, const char *slug)
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
bool lists_field(const cJSON *errors, const char *field)
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

bool server_stderr_clean(rhs_server *s)
{
    char *err = rhs_stderr(s);
    if (err && *err) fprintf(stderr, "rushhourd stderr:\n%s\n", err);
    const bool clean = err && !strstr(err, "Sanitizer") && !strstr(err, "runtime error:");
    free(err);
    return clean;
}

/* The puzzle a request body describes, parsed locally as the server should. */
int parse_local(rh_puzzle *p, const char *body)
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
int verify_solution(const rh_puzzle *p, const cJSON *doc, char *why, size_t len)
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
char *grid_body(const rh_puzzle *p, const char *options)
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
double await_metric(rhs_server *s, const char *series, double at_least)
{
    double v = -1;
    for (const long long until = rhs_now_us() + PATIENCE_MS * 1000LL; rhs_now_us() < until;) {
        rhs_response r;
        get(rhs_admin_port(s), "/metrics", &r);
        v = rhs_metric_value(r.body, series);
        rhs_response_free(&r);
        if (v >= at_least) break;
        rhs_sleep_ms(20);
    }
    return v;
}

/* Posts `body`, expects a solved 200 whose solution replays legally in `moves` moves (-1: any
 * count); returns the document. */
cJSON *solve_ok(int port, const char *content_type, const char *body, int moves)
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

/* The reference puzzle `name` of jam40.tsv as a grid body with `options` (or NULL). */
char *jam_body(const char *name, const char *options)
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

/* The results of a 200 batch answer, checked to hold `n` items (the caller deletes `doc`). */
const cJSON *batch_results(const rhs_response *r, int n, cJSON **doc)
{
    cr_assert_eq(r->status, 200, "%s", r->body);
    expect_content_type(r, "application/json");
    *doc = body_json(r);
    const cJSON *results = cJSON_GetObjectItemCaseSensitive(*doc, "results");
    cr_assert(cJSON_IsArray(results), "%s", r->body);
    cr_assert_eq(cJSON_GetArraySize(results), n, "%s", r->body);
    return results;
}

/* `rushhourd ARGS` with `--healthcheck` added; returns the exit code, stderr in `err`. */
int healthcheck(const char *const *args, char **err)
{
    const char *argv[16] = {RHD_BIN};
    int n = 1;
    for (int i = 0; args[i] && n < 15; i++) argv[n++] = args[i];
    argv[n] = NULL;
    return rhs_run(argv, 10000, NULL, err);
}

/* The first log line holding "key":"value", parsed, or NULL. */
cJSON *log_line(const char *log, const char *key, const char *value)
{
    char needle[160];
    snprintf(needle, sizeof needle, "\"%s\":\"%s\"", key, value);
    const char *hit = strstr(log, needle);
    if (!hit) return NULL;
    const char *start = hit;
    while (start > log && start[-1] != '\n') start--;
    const char *end = strchr(hit, '\n');
    return cJSON_ParseWithLength(start, end ? (size_t)(end - start) : strlen(start));
}

int raw_connect(int port)
{
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    cr_assert_geq(fd, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    cr_assert_eq(connect(fd, (struct sockaddr *)&a, sizeof a), 0, "cannot connect to %d", port);
    return fd;
}

size_t raw_send(int fd, const char *bytes, size_t len)
{
    size_t at = 0;
    for (ssize_t n; at < len && (n = send(fd, bytes + at, len - at, MSG_NOSIGNAL)) > 0;)
        at += (size_t)n;
    return at;
}

int raw_post(int port, const char *path, const char *body)
{
    const int fd = raw_connect(port);
    char head[256];
    const int h = snprintf(head, sizeof head,
                           "POST %s HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
                           "Connection: close\r\nContent-Length: %zu\r\n\r\n",
                           path, strlen(body));
    cr_assert(h > 0 && (size_t)h < sizeof head);
    cr_assert_eq(raw_send(fd, head, (size_t)h), (size_t)h);
    cr_assert_eq(raw_send(fd, body, strlen(body)), strlen(body));
    return fd;
}

void raw_reset(int fd)
{
    const struct linger l = {.l_onoff = 1, .l_linger = 0};
    cr_assert_eq(setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof l), 0);
    close(fd);
}

bool readable_within(int fd, int ms)
{
    struct pollfd p = {.fd = fd, .events = POLLIN};
    return poll(&p, 1, ms) == 1;
}

bool read_until_closed(int fd, char *out, size_t len, int ms)
{
    size_t used = 0;
    bool closed = false;
    for (const long long until = rhs_now_us() + ms * 1000LL; !closed && used < len - 1;) {
        const long long left = (until - rhs_now_us()) / 1000;
        if (left <= 0 || !readable_within(fd, (int)left)) break;
        const ssize_t n = recv(fd, out + used, len - 1 - used, 0);
        closed = n <= 0; /* an end of stream, or a reset after it */
        if (n > 0) used += (size_t)n;
    }
    out[used] = '\0';
    return closed;
}
