/* Regression tests for what fuzzing found (fuzz/, scripts/fuzz.sh), each with its input inline,
 * and the hostile inputs written by hand for the fuzzers' seeds: deep nesting, NUL bytes, huge
 * numbers, thousands of vehicles, 16x16 boards, lone surrogates.
 *
 * Findings:
 *  1. Diagnostics quoted input bytes that are not UTF-8 (an unknown key), and truncation could
 *     cut a character: the service's 400 reply was not valid JSON. Fixed in src/core/diag.c.
 *  2. Every JSON key was compared with every earlier one: a body of 1 MiB of distinct keys
 *     took 19 s on an HTTP thread (minutes for the 16 MiB a server may accept). Fixed in
 *     src/json/parse_json.c (rh_json_check_keys).
 *  3. The access log wrote the HTTP method unescaped: a method such as G"E\T (which
 *     libmicrohttpd passes through) made the line invalid JSON, or injected members. Fixed in
 *     src/server/http/request_flow.c (rhd_flow_end).
 *  4. POST /v1/solve took NUL bytes around a JSON body for whitespace (strchr finds the
 *     terminator), accepting bytes the library refuses. Fixed in src/server/base/request_body.c,
 * which since reads a body as its Content-Type says instead of sniffing its first byte. 3 and 4 are
 * tested against the real rushhourd binary (../rushhourd next to this test's directory in the build
 * tree), over raw sockets. */
#include <arpa/inet.h>
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "json_strict.h"
#include "rushhour/json.h"
#include "rushhour/rushhour.h"

#define DB51 "BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM." /* the hardest 6x6 by moves: 51 */

static rh_puzzle P;
static rh_diags D;

/* ---- helpers ---- */

/* Parses exactly `len` bytes (an exact-size heap copy, so an overrun is caught by ASan). */
static int parse_bytes(const char *bytes, size_t len)
{
    char *copy = malloc(len ? len : 1);
    cr_assert_not_null(copy);
    if (len) memcpy(copy, bytes, len);
    rh_diags_init(&D);
    const int err = rh_parse_text(&P, &D, copy, len);
    free(copy);
    cr_assert(err == RH_OK || err == RH_EINVALID, "rh_parse_text returned %d", err);
    cr_assert_leq(D.count, RH_DIAGS_MAX);
    if (err == RH_EINVALID) cr_assert_gt(D.count, 0, "RH_EINVALID without a diagnostic");
    return err;
}

static int parse_string(const char *text)
{
    return parse_bytes(text, strlen(text));
}

/* The first diagnostic on `field` whose message contains `needle`, or NULL. */
static const rh_diag *find_diag(const char *field, const char *needle)
{
    for (int i = 0; i < D.count; i++)
        if (strcmp(D.items[i].field, field) == 0 && strstr(D.items[i].message, needle))
            return &D.items[i];
    return NULL;
}

static void expect_diag(const char *field, const char *needle)
{
    cr_expect_not_null(find_diag(field, needle),
                       "no diagnostic on '%s' mentioning '%s'; first of %d: [%s] %s", field, needle,
                       D.count, D.count ? D.items[0].field : "", D.count ? D.items[0].message : "");
}

/* Every diagnostic is UTF-8, and the error list prints as strict (so UTF-8) JSON. */
static void expect_diags_utf8(void)
{
    for (int i = 0; i < D.count; i++) {
        cr_expect(json_strict_utf8(D.items[i].field, strlen(D.items[i].field)),
                  "diagnostic %d: field is not UTF-8", i);
        cr_expect(json_strict_utf8(D.items[i].message, strlen(D.items[i].message)),
                  "diagnostic %d: message is not UTF-8", i);
    }
    cJSON *list = rh_report_diags(&D);
    cr_assert_not_null(list);
    char *text = cJSON_PrintUnformatted(list);
    cr_assert_not_null(text);
    cr_expect(json_strict_valid(text, strlen(text)), "the error list is not JSON: %s", text);
    cJSON_free(text);
    cJSON_Delete(list);
}

/* Solves under a small budget and checks what the fuzz target checks: budgets respected, and a
 * solution that replays to the exit. Returns the status. */
static rh_status solve_small(const rh_puzzle *p, rh_algorithm algorithm, rh_metric metric)
{
    rh_search_options o = RH_SEARCH_OPTIONS_INIT;
    o.algorithm = algorithm;
    o.metric = metric;
    o.limits.max_nodes = 2000;
    o.limits.max_memory = (size_t)1 << 20;
    rh_result r;
    cr_assert_eq(rh_solve(&r, p, &o), RH_OK);
    cr_expect_leq(r.stats.peak_memory, o.limits.max_memory);
    cr_expect_leq(r.stats.nodes_expanded, o.limits.max_nodes);
    if (r.status == RH_SOLVED) {
        rh_puzzle cur = *p;
        for (int k = 0; k < r.move_count; k++)
            cr_assert_eq(rh_puzzle_apply(&cur, r.moves[k]), RH_OK, "move %d is illegal", k);
        cr_expect(rh_puzzle_is_solved(&cur), "the solution does not reach the exit");
    } else if (r.status == RH_LIMIT_REACHED) {
        cr_expect(r.limit == RH_LIMIT_NODES || r.limit == RH_LIMIT_MEMORY, "limit %d", r.limit);
    }
    cJSON *doc = rh_report_result(p, &r, true);
    cr_expect_not_null(doc);
    cJSON_Delete(doc);
    const rh_status status = r.status;
    rh_result_free(&r);
    return status;
}

/* ---- finding 1: diagnostics are UTF-8 ---- */

/* Reduced from the fuzzer's input (a 992-byte POST /v1/solve body whose vehicles[2] had the key
 * "length" mutated to bytes 8C 9A 91 98 "th"): the unknown key is quoted in the field name. */
static const char non_utf8_key[] = {
    '{', '"', 'v', 'e', 'h',        'i',        'c',        'l',        'e', 's', '"', ':',
    '[', '{', '"', 'i', 'd',        '"',        ':',        '"',        'X', '"', ',', '"',
    'r', 'o', 'w', '"', ':',        '2',        ',',        '"',        'c', 'o', 'l', '"',
    ':', '0', ',', '"', (char)0x8c, (char)0x9a, (char)0x91, (char)0x98, 't', 'h', '"', ':',
    '2', ',', '"', 'o', 'r',        'i',        'e',        'n',        't', 'a', 't', 'i',
    'o', 'n', '"', ':', '"',        'H',        '"',        '}',        ']', '}'};

Test(finding1_utf8, non_utf8_key_is_quoted_as_utf8)
{
    cr_assert_eq(parse_bytes(non_utf8_key, sizeof non_utf8_key), RH_EINVALID);
    expect_diag("vehicles[0].????th", "unknown field");
    expect_diag("vehicles[0].length", "is missing");
    expect_diags_utf8();
}

Test(finding1_utf8, character_cut_by_the_field_limit)
{
    /* "vehicles[0]." (12) + 33 'a' + the 3 bytes of U+20AC: the field limit (47 bytes) falls
     * inside the euro sign. */
    char doc[256];
    snprintf(doc, sizeof doc,
             "{\"vehicles\":[{\"id\":\"X\",\"row\":2,\"col\":0,\"length\":2,\"orientation\":"
             "\"H\",\"%s\xe2\x82\xac\":1}]}",
             "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
    cr_assert_eq(parse_string(doc), RH_EINVALID);
    cr_assert_eq(D.count, 1);
    cr_expect_eq(strlen(D.items[0].field), RH_DIAG_FIELD_MAX - 1);
    cr_expect_eq(strncmp(D.items[0].field, "vehicles[0].aaa", 15), 0, "%s", D.items[0].field);
    expect_diags_utf8();
}

Test(finding1_utf8, valid_utf8_keys_are_kept)
{
    cr_assert_eq(parse_string("{\"board\":\"" DB51 "\",\"caf\xc3\xa9\":1}"), RH_EINVALID);
    expect_diag("caf\xc3\xa9", "unknown field");
    expect_diags_utf8();
}

/* ---- finding 2: many keys are checked in linear time ---- */

Test(finding2_keys, a_mebibyte_of_distinct_keys)
{
    const size_t cap = (size_t)1 << 20;
    char *doc = malloc(cap + 64);
    cr_assert_not_null(doc);
    size_t n = (size_t)snprintf(doc, cap, "{\"board\":\"%s\"", DB51);
    int keys = 0;
    while (n + 32 < cap) n += (size_t)snprintf(doc + n, 32, ",\"k%x\":0", keys++);
    doc[n++] = '}';
    /* The same number of values, of about the same size, in one array: no keys to compare. */
    char *list = malloc(cap + 64);
    cr_assert_not_null(list);
    size_t m = (size_t)snprintf(list, cap, "{\"board\":\"%s\",\"k\":[", DB51);
    for (int i = 0; i < keys; i++) m += (size_t)snprintf(list + m, 32, "%s%d", i ? "," : "", i);
    m += (size_t)snprintf(list + m, 8, "]}");
    /* Linear: the keys cost no more than a few times the array of as many values, measured in
     * the same run, so that the machine's speed cancels out (each the fastest of up to three
     * alternated pairs, so that a stall of a loaded machine does not count). Comparing every key
     * with the others took 19 s in a release build: thousands of times the array. */
    uint64_t us = UINT64_MAX, base_us = UINT64_MAX;
    for (int round = 0; round < 3 && !(us < 50 * base_us + 100000); round++) {
        uint64_t t0 = rh_clock_us();
        cr_assert_eq(parse_bytes(list, m), RH_EINVALID);
        const uint64_t b = rh_clock_us() - t0;
        t0 = rh_clock_us();
        cr_assert_eq(parse_bytes(doc, n), RH_EINVALID);
        const uint64_t k = rh_clock_us() - t0;
        if (b < base_us) base_us = b;
        if (k < us) us = k;
    }
    free(list);
    free(doc);
    cr_expect_lt(us, 50 * base_us + 100000, "%d keys took %llu us, %d values in an array %llu us",
                 keys, (unsigned long long)us, keys, (unsigned long long)base_us);
    cr_expect_eq(D.count + D.dropped, keys);
    expect_diag("k0", "unknown field");
}

Test(finding2_keys, repeated_keys_still_reported)
{
    cr_assert_eq(parse_string("{\"board\":\"" DB51 "\",\"board\":\"" DB51 "\"}"), RH_EINVALID);
    expect_diag("board", "appears more than once");
    cr_assert_eq(parse_string("{\"vehicles\":[{\"id\":\"X\",\"row\":2,\"col\":0,\"length\":2,"
                              "\"orientation\":\"H\",\"col\":1}],\"exit_row\":2,\"exit_row\":2}"),
                 RH_EINVALID);
    expect_diag("vehicles[0].col", "appears more than once");
    expect_diag("exit_row", "appears more than once");
    cr_expect_eq(D.count, 2);
}

/* ---- findings 3 and 4: the rushhourd binary ---- */

typedef struct {
    pid_t pid;
    int out; /* the read end of its stdout */
    int port;
    char log[1 << 16];
    size_t log_len;
} server;

/* Reads what the server wrote until `needle` appears or `ms` pass (needle NULL: until EOF). */
static bool read_log(server *s, const char *needle, int ms)
{
    const uint64_t end = rh_clock_us() + (uint64_t)ms * 1000;
    for (;;) {
        s->log[s->log_len] = '\0';
        if (needle && strstr(s->log, needle)) return true;
        const uint64_t now = rh_clock_us();
        if (now >= end) return false;
        struct pollfd p = {s->out, POLLIN, 0};
        if (poll(&p, 1, (int)((end - now) / 1000) + 1) <= 0) continue;
        const ssize_t n = read(s->out, s->log + s->log_len, sizeof s->log - 1 - s->log_len);
        if (n <= 0) return !needle;
        s->log_len += (size_t)n;
    }
}

static void server_start(server *s)
{
    char bin[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", bin, sizeof bin - 32);
    cr_assert_gt(n, 0);
    bin[n] = '\0';
    *strrchr(bin, '/') = '\0';
    strcat(bin, "/../rushhourd");
    cr_assert_eq(access(bin, X_OK), 0, "%s not found: build rushhourd first", bin);
    int fds[2];
    cr_assert_eq(pipe(fds), 0);
    memset(s, 0, sizeof *s);
    s->pid = fork();
    cr_assert_geq(s->pid, 0);
    if (s->pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        /* Any free ports: the admin listener's default (8137) may be taken on a shared machine. */
        execl(bin, "rushhourd", "--bind", "127.0.0.1", "--port", "0", "--admin-port", "0",
              "--workers", "1", "--http-threads", "2", "--log-level", "info", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    s->out = fds[0];
    /* 120 s, here and below: guards against a hang, not verdicts (the sanitizer build is slow). */
    cr_assert(read_log(s, "\"event\":\"start\"", 120000), "rushhourd did not start: %s", s->log);
    const char *port = strstr(strstr(s->log, "\"event\":\"start\""), "\"port\":");
    cr_assert_not_null(port);
    s->port = atoi(port + 7);
    cr_assert_gt(s->port, 0);
}

/* SIGTERM, then everything it logged until it exits. */
static void server_stop(server *s)
{
    kill(s->pid, SIGTERM);
    read_log(s, NULL, 120000);
    int status = 0;
    waitpid(s->pid, &status, 0);
    close(s->out);
    cr_expect(WIFEXITED(status) && WEXITSTATUS(status) == 0, "rushhourd exit status %d", status);
}

/* Sends raw bytes to the server and reads the whole reply (the request asks for close).
 * Returns the status code, 0 if none came. */
static int http_raw(const server *s, const char *request, size_t len, char *reply, size_t cap)
{
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    cr_assert_geq(fd, 0);
    struct sockaddr_in a = {0};
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)s->port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    cr_assert_eq(connect(fd, (struct sockaddr *)&a, sizeof a), 0, "connect: %s", strerror(errno));
    for (size_t at = 0; at < len;) {
        const ssize_t w = write(fd, request + at, len - at);
        cr_assert_gt(w, 0);
        at += (size_t)w;
    }
    size_t got = 0;
    const uint64_t end = rh_clock_us() + 120000000;
    while (got + 1 < cap && rh_clock_us() < end) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 100) <= 0) continue;
        const ssize_t n = read(fd, reply + got, cap - 1 - got);
        if (n <= 0) break;
        got += (size_t)n;
    }
    reply[got] = '\0';
    close(fd);
    int status = 0;
    return sscanf(reply, "HTTP/1.%*d %d", &status) == 1 ? status : 0;
}

/* Every line the server logged is one UTF-8 JSON object; returns the number of lines. */
static int expect_json_log(const server *s)
{
    int lines = 0;
    for (const char *p = s->log; *p;) {
        const char *nl = strchr(p, '\n');
        const size_t n = nl ? (size_t)(nl - p) : strlen(p);
        cJSON *doc = cJSON_ParseWithLength(p, n);
        cr_expect(cJSON_IsObject(doc), "log line is not JSON: %.*s", (int)n, p);
        cr_expect(json_strict_valid(p, n), "log line is not UTF-8 JSON: %.*s", (int)n, p);
        cJSON_Delete(doc);
        lines++;
        p += n + (nl ? 1 : 0);
    }
    return lines;
}

Test(finding3_access_log, method_with_quote_and_backslash)
{
    server s;
    server_start(&s);
    static const char request[] =
        "G\"E\\T /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
    /* The fuzzer's own input had bytes that are not UTF-8 in the method. */
    static const char bad_utf8[] =
        "G\xbb\xb4T /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
    char reply[4096];
    const int status = http_raw(&s, request, sizeof request - 1, reply, sizeof reply);
    const int status2 = http_raw(&s, bad_utf8, sizeof bad_utf8 - 1, reply, sizeof reply);
    server_stop(&s);
    cr_expect_eq(status, 405, "%s", reply);
    cr_expect_eq(status2, 405, "%s", reply);
    cr_expect_geq(expect_json_log(&s), 4); /* start, 2 requests, draining, stop */
    cr_expect_not_null(strstr(s.log, "\"method\":\"G\\\"E\\\\T\""), "method not escaped: %s",
                       s.log);
}

Test(finding4_nul_body, nul_after_or_before_json_is_refused)
{
    server s;
    server_start(&s);
    static const char body[] = "{\"board\":\"" DB51 "\"}";
    char request[512], reply[8192];
    /* The same puzzle three ways: as it is, then followed and preceded by a NUL byte. */
    int n = snprintf(request, sizeof request,
                     "POST /v1/solve HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                     "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
                     sizeof body - 1, body);
    const int plain = http_raw(&s, request, (size_t)n, reply, sizeof reply);
    cr_expect_eq(plain, 200, "%s", reply);

    n = snprintf(request, sizeof request,
                 "POST /v1/solve HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                 "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
                 sizeof body, body); /* the NUL terminator is sent as the last byte */
    const int trailing = http_raw(&s, request, (size_t)n + 1, reply, sizeof reply);
    cr_expect_eq(trailing, 400, "trailing NUL: %s", reply);
    cr_expect_not_null(strstr(reply, "invalid-json"), "%s", reply);

    n = snprintf(request, sizeof request,
                 "POST /v1/solve HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                 "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n",
                 sizeof body);
    request[n] = '\0';
    memcpy(request + n + 1, body, sizeof body - 1);
    const int leading = http_raw(&s, request, (size_t)n + sizeof body, reply, sizeof reply);
    cr_expect_eq(leading, 400, "leading NUL: %s", reply);
    cr_expect_not_null(strstr(reply, "invalid-json"), "%s", reply);
    server_stop(&s);
    expect_json_log(&s);
}

/* ---- hand-written hostile inputs ---- */

Test(hostile, deep_nesting)
{
    const size_t depth = 5000;
    char *doc = malloc(2 * depth + 64);
    cr_assert_not_null(doc);
    /* Beyond cJSON's nesting limit (1000): not JSON at all. */
    size_t n = (size_t)sprintf(doc, "{\"walls\":");
    memset(doc + n, '[', depth);
    memset(doc + n + depth, ']', depth);
    n += 2 * depth;
    n += (size_t)sprintf(doc + n, ",\"vehicles\":[]}");
    cr_assert_eq(parse_bytes(doc, n), RH_EINVALID);
    expect_diag("", "not valid JSON");
    /* Within it: JSON, but not walls. */
    n = (size_t)sprintf(doc, "{\"vehicles\":[],\"walls\":[");
    memset(doc + n, '[', 900);
    memset(doc + n + 900, ']', 900);
    n += 1800;
    n += (size_t)sprintf(doc + n, "]}");
    cr_assert_eq(parse_bytes(doc, n), RH_EINVALID);
    expect_diag("walls[0]", "[row, col]");
    free(doc);
}

Test(hostile, nul_bytes)
{
    static const char leading[] = "\0{\"board\":\"" DB51 "\"}";
    cr_expect_eq(parse_bytes(leading, sizeof leading - 1), RH_EINVALID);
    static const char in_board[] = "{\"board\":\"BCDDE.BCF.EGB.FAA\\u0000HHHI.G..JIKKLLJMM.\"}";
    cr_expect_eq(parse_string(in_board), RH_EINVALID);
    /* Refused before any field is read: a \u0000 would cut the string short. */
    expect_diag("", "not valid JSON");
    static const char in_grid[] = "AA..B\nX\0X.B\n.....\n.....\n.....";
    cr_expect_eq(parse_bytes(in_grid, sizeof in_grid - 1), RH_EINVALID);
    expect_diag("grid[1]", "0x00");
    static const char only_nuls[8] = {0};
    cr_expect_eq(parse_bytes(only_nuls, sizeof only_nuls), RH_EINVALID);
}

Test(hostile, huge_numbers)
{
    cr_assert_eq(parse_string("{\"board_size\":1e400,\"exit_row\":-1e400,\"vehicles\":["
                              "{\"id\":\"X\",\"row\":3000000000,\"col\":-0,\"length\":2.5,"
                              "\"orientation\":\"H\"},"
                              "{\"id\":\"A\",\"row\":9007199254740993,\"col\":1e-400,"
                              "\"length\":1000001,\"orientation\":\"V\"}],"
                              "\"walls\":[[1e308,-1e308]]}"),
                 RH_EINVALID);
    expect_diag("board_size", "integer");
    expect_diag("exit_row", "integer");
    expect_diag("vehicles[0].row", "out of range");
    expect_diag("vehicles[0].length", "integer");
    expect_diag("vehicles[1].row", "out of range");
    expect_diag("vehicles[1].length", "out of range");
    expect_diag("walls[0]", "out of range");
    expect_diags_utf8();
}

Test(hostile, ten_thousand_vehicles_and_walls)
{
    const int count = 10000;
    static const char vehicle[] =
        "{\"id\":\"A\",\"row\":0,\"col\":0,\"length\":2,\"orientation\":\"H\"},";
    const size_t cap = (size_t)count * (sizeof vehicle + 8) + 256;
    char *doc = malloc(cap);
    cr_assert_not_null(doc);
    size_t n = (size_t)sprintf(doc, "{\"vehicles\":[");
    for (int i = 0; i < count; i++) n += (size_t)sprintf(doc + n, "%s", vehicle);
    n += (size_t)sprintf(doc + n - 1, "],\"walls\":[") - 1;
    for (int i = 0; i < count; i++) n += (size_t)sprintf(doc + n, "[0,0],");
    n += (size_t)sprintf(doc + n - 1, "]}") - 1;
    cr_assert_eq(parse_bytes(doc, n), RH_EINVALID);
    free(doc);
    expect_diag("vehicles", "too many vehicles: 10000, at most 128");
    expect_diag("walls", "too many walls");
    /* Every vehicle is the same A at (0,0): two diagnostics alone show that no vehicle was
     * checked against another (that would name 9,999 duplicate ids and overlaps), so the
     * work stays linear in the document, with no clock in the verdict. */
    cr_expect_eq(D.count, 2);
}

/* 16 rows of 8 horizontal cars: 128 vehicles, the most a puzzle may hold, and no move. */
static size_t full_board_json(char *doc, int vehicles)
{
    size_t n = (size_t)sprintf(doc, "{\"board_size\":16,\"exit_row\":0,\"vehicles\":[");
    for (int i = 0; i < vehicles; i++) {
        char id[RH_ID_MAX + 1] = "X"; /* the target, at the top left */
        if (i) snprintf(id, sizeof id, "v%d", i);
        n += (size_t)sprintf(doc + n,
                             "%s{\"id\":\"%s\",\"row\":%d,\"col\":%d,\"length\":2,"
                             "\"orientation\":\"H\"}",
                             i ? "," : "", id, i / 8 % 16, i % 8 * 2);
    }
    n += (size_t)sprintf(doc + n, "]}");
    return n;
}

Test(hostile, sixteen_by_sixteen_full_of_cars)
{
    char *doc = malloc(200 * 130);
    cr_assert_not_null(doc);
    cr_assert_eq(parse_bytes(doc, full_board_json(doc, 128)), RH_OK, "[%s] %s",
                 D.count ? D.items[0].field : "", D.count ? D.items[0].message : "");
    cr_expect_eq(P.vehicle_count, 128);
    cr_expect_eq(P.board_size, 16);
    for (int a = 0; a < 3; a++)
        for (int m = 0; m < 2; m++)
            cr_expect_eq(solve_small(&P, (rh_algorithm)a, (rh_metric)m), RH_UNSOLVABLE,
                         "algorithm %d metric %d", a, m);
    rh_limits limits = RH_LIMITS_INIT;
    limits.max_nodes = 2000;
    limits.max_memory = (size_t)1 << 20;
    rh_explore_result e;
    cr_assert_eq(rh_explore(&e, &P, &limits), RH_OK);
    cr_expect_eq(e.status, RH_SOLVED);
    cr_expect_eq(e.states, 1);
    cr_expect_eq(e.goal_states, 0);
    /* One more is refused, with the number. */
    char *more = malloc(200 * 131);
    cr_assert_not_null(more);
    size_t n = full_board_json(more, 128);
    n += (size_t)sprintf(more + n - 2, ",{\"id\":\"Z\",\"row\":0,\"col\":0,\"length\":2,"
                                       "\"orientation\":\"H\"}]}") -
         2;
    cr_assert_eq(parse_bytes(more, n), RH_EINVALID);
    expect_diag("vehicles", "too many vehicles: 129");
    free(more);
    free(doc);
}

Test(hostile, sixteen_by_sixteen_grid_and_board)
{
    /* The fuzz seed many-16x16.grid: 22 vehicles, two key words, walls. */
    static const char grid[] = "AA...BB...CC....\n"
                               "................\n"
                               "..DD...EE...FF..\n"
                               "...............#\n"
                               "..GG...HH...II..\n"
                               "............U...\n"
                               "....S.......U...\n"
                               "XX..S...T...U...\n"
                               "....S...T.......\n"
                               "........T.......\n"
                               "..JJ...KK...LL..\n"
                               "................\n"
                               "MM.#.NN...OO....\n"
                               "................\n"
                               ".PP...QQ...RR...\n"
                               "................\n";
    cr_assert_eq(parse_string(grid), RH_OK, "[%s] %s", D.count ? D.items[0].field : "",
                 D.count ? D.items[0].message : "");
    cr_expect_eq(P.board_size, 16);
    cr_expect_eq(P.vehicle_count, 22);
    cr_expect_eq(P.wall_count, 2);
    cr_expect_eq(P.exit_row, 7);
    for (int a = 0; a < 3; a++)
        for (int m = 0; m < 2; m++) {
            const rh_status st = solve_small(&P, (rh_algorithm)a, (rh_metric)m);
            cr_expect(st == RH_SOLVED || st == RH_LIMIT_REACHED, "algorithm %d metric %d: %d", a, m,
                      st);
        }
    /* 17 rows, and the same board as one 256-character line of the database notation. */
    char big[17 * 18 + 1] = "";
    for (int r = 0; r < 17; r++)
        strcat(big, r == 0 ? "XX...............\n" : ".................\n");
    cr_expect_eq(parse_string(big), RH_EINVALID);
    expect_diag("grid", "more than 16 rows");
    char board[257];
    memset(board, 'o', 256);
    board[256] = '\0';
    memcpy(board + 7 * 16, "AA", 2);
    memcpy(board + 6 * 16 + 5, "B", 1);
    memcpy(board + 7 * 16 + 5, "B", 1);
    board[15] = 'x';
    cr_assert_eq(parse_string(board), RH_OK, "[%s] %s", D.count ? D.items[0].field : "",
                 D.count ? D.items[0].message : "");
    cr_expect_eq(P.board_size, 16);
    cr_expect_eq(P.wall_count, 1);
    cr_expect_eq(solve_small(&P, RH_ALGO_BFS, RH_METRIC_MOVES), RH_SOLVED);
    board[101] = '\0'; /* 101 characters: not N*N */
    cr_expect_eq(parse_string(board), RH_EINVALID);
    expect_diag("board", "N*N");
}

Test(hostile, lone_surrogates_and_bad_utf8)
{
    cr_expect_eq(parse_string("{\"board\":\"\\ud800" DB51 "\"}"), RH_EINVALID);
    expect_diag("", "not valid JSON");
    cr_expect_eq(parse_string("{\"vehicles\":[{\"id\":\"\\udc00\",\"row\":2,\"col\":0,"
                              "\"length\":2,\"orientation\":\"H\"}]}"),
                 RH_EINVALID);
    expect_diag("", "not valid JSON");
    /* A valid pair decodes to a 4-byte character, which is not a letter or a digit. */
    cr_expect_eq(
        parse_string("{\"vehicles\":[{\"id\":\"\\ud83d\\ude00\",\"row\":2,\"col\":0,"
                     "\"length\":2,\"orientation\":\"H\"}],\"target\":\"\\ud83d\\ude00\"}"),
        RH_EINVALID);
    expect_diag("vehicles[0].id", "letters or digits");
    expect_diag("target", "letters or digits");
    expect_diags_utf8();
    /* Raw invalid UTF-8 in a grid and in a key. */
    cr_expect_eq(parse_string("XX.\xff\n...\n..."), RH_EINVALID);
    cr_expect_eq(parse_string("XX\xff\n...\n..."), RH_EINVALID);
    expect_diag("grid[0]", "0xff");
    cr_expect_eq(parse_string("{\"board\":\"" DB51 "\",\"\xed\xa0\x80\xc0\xaf\":0}"), RH_EINVALID);
    expect_diag("?????", "unknown field");
    expect_diags_utf8();
}
