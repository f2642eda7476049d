/* libFuzzer target: what the HTTP layer of rushhourd itself reads from clients and operators.
 *
 * It links the server's objects and calls the steps of a request that need no connection
 * (request_flow.h), as server.c calls them with what it gathered from libmicrohttpd: the route,
 * the request id (X-Request-Id), the header checks (method, Content-Length, Content-Type,
 * Origin), taking the body, the request's end (its status and its JSON access log line) and
 * the filter of libmicrohttpd's own messages. rhd_body_read (the body and its "options", as
 * /v1/solve reads them) is called as the route does. The HTTP policy itself (http_policy.c) is
 * fuzzed directly by fuzz_http_policy. The other public pieces are called as they are:
 * rhd_json_escape, rhd_log, rhd_config_load, rhd_config_usage, rhd_cors_allowed,
 * rhd_cache_key.
 *
 * The first byte picks one of the modes below; the rest is that mode's input, usually
 * newline-separated fields. Log lines are written to a temporary file standing in for stdout
 * and checked with a strict JSON validator. Every violated contract aborts. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "cache.h"
#include "json_strict.h"
#include "config.h"
#include "headers.h"
#include "log.h"
#include "request_body.h"
#include "request_flow.h"
#include "routes/route_table.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_NAME "fuzz_http_inputs"
#include "fuzz_check.h"

enum {
    MODE_REQUEST_ID,
    MODE_REQUEST,
    MODE_ORIGIN,
    MODE_ESCAPE,
    MODE_CONFIG,
    MODE_BODY,
    MODE_LOG,
    MODE_MEDIA_TYPE,
    MODE_COUNT
};

/* ---- the header fields a request may have ---- */

enum { H_CONTENT_LENGTH, H_CONTENT_TYPE, H_ORIGIN, H_REQUEST_ID, H_COUNT };
static const char *const header_names[H_COUNT] = {"Content-Length", "Content-Type", "Origin",
                                                  "X-Request-Id"};

/* Every request has "Host: a", then the headers present (value NULL: absent), each value as
 * given: the fields as server.c gathers them from libmicrohttpd. Returns the count. */
static size_t header_fields(rhd_http_field out[H_COUNT + 1], const char *const value[H_COUNT])
{
    size_t n = 0;
    out[n++] = (rhd_http_field){"Host", 4, "a", 1};
    for (int h = 0; h < H_COUNT; h++)
        if (value[h])
            out[n++] = (rhd_http_field){header_names[h], strlen(header_names[h]), value[h],
                                        strlen(value[h])};
    return n;
}

/* ---- input fields ---- */

/* Up to `max` newline-separated fields of `data`, each a NUL-terminated string (an embedded NUL
 * ends it early, as it would in a C string from MHD). Returns the count; free(buf) after. */
static int split_fields(const uint8_t *data, size_t size, char **buf, char **fields, int max)
{
    *buf = malloc(size + 1);
    CHECK(*buf, "out of memory");
    if (size) memcpy(*buf, data, size);
    (*buf)[size] = '\0';
    int n = 0;
    char *p = *buf, *end = *buf + size;
    while (n < max) {
        fields[n++] = p;
        char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) break;
        *nl = '\0';
        p = nl + 1;
    }
    return n;
}

static char *copy_string(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    CHECK(s, "out of memory");
    if (size) memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

/* ---- the fixture: a server whose configuration is the default one ---- */

static rhd_config config;
static rhd_traffic traffic; /* the server's request ids, requests in flight, refusals */
static rhd_cache *fuzz_cache;
static char *log_buf;
static size_t log_cap;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char err[1024];
    char *args[] = {"fuzz", NULL};
    CHECK(rhd_config_load(&config, NULL, 1, args, 2, err, sizeof err) == 0, "%s", err);
    traffic.id_seed = UINT64_C(0x1234567890abcdef);
    fuzz_cache = rhd_cache_new((size_t)1 << 20);
    CHECK(fuzz_cache, "no cache");
    /* The JSON log goes to stdout: make stdout a file this target can read back. */
    FILE *f = tmpfile();
    CHECK(f && dup2(fileno(f), STDOUT_FILENO) == STDOUT_FILENO, "cannot redirect stdout");
    rhd_log_set_level(RHD_LOG_DEBUG);
    return 0;
}

static void log_begin(void)
{
    CHECK(ftruncate(STDOUT_FILENO, 0) == 0 && lseek(STDOUT_FILENO, 0, SEEK_SET) == 0,
          "cannot reset the log file");
}

/* Everything logged since log_begin, NUL-terminated; *len its length. */
static const char *log_read(size_t *len)
{
    const off_t end = lseek(STDOUT_FILENO, 0, SEEK_END);
    CHECK(end >= 0, "lseek");
    if ((size_t)end + 1 > log_cap) {
        log_cap = (size_t)end + 1;
        log_buf = realloc(log_buf, log_cap);
        CHECK(log_buf, "out of memory");
    }
    const ssize_t n = pread(STDOUT_FILENO, log_buf, (size_t)end, 0);
    CHECK(n == (ssize_t)end, "short read of the log");
    log_buf[n] = '\0';
    *len = (size_t)n;
    return log_buf;
}

/* Exactly one log line was written, a valid JSON object with time, level and event. Returns
 * it parsed (the caller deletes it). */
static cJSON *check_log_line(const char *what)
{
    size_t len;
    const char *line = log_read(&len);
    CHECK(len > 0 && line[len - 1] == '\n', "%s: no complete log line: %s", what, line);
    CHECK(!memchr(line, '\n', len - 1), "%s: several log lines: %s", what, line);
    CHECK(len <= 8192, "%s: a log line of %zu bytes", what, len);
    CHECK(json_strict_valid(line, len - 1), "%s: the log line is not valid JSON: %s", what, line);
    cJSON *doc = cJSON_ParseWithLength(line, len - 1);
    CHECK(cJSON_IsObject(doc), "%s: cJSON rejects the log line: %s", what, line);
    CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(doc, "time")) &&
              cJSON_IsString(cJSON_GetObjectItemCaseSensitive(doc, "level")) &&
              cJSON_IsString(cJSON_GetObjectItemCaseSensitive(doc, "event")),
          "%s: time, level or event missing: %s", what, line);
    return doc;
}

/* ---- shared checks ---- */

static bool request_id_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '.' || c == ':';
}

/* The id echoes a short, plain client id, and is otherwise 16 lowercase hex digits. */
static void check_request_id(const rhd_request *r, const char *given)
{
    const size_t n = strnlen(r->request_id, sizeof r->request_id);
    CHECK(n < sizeof r->request_id, "request id unterminated");
    bool plain = given && *given && strlen(given) <= RHD_REQUEST_ID_MAX;
    for (const char *c = given; plain && *c; c++) plain = request_id_char(*c);
    if (plain) {
        CHECK(strcmp(r->request_id, given) == 0, "id %s not echoed as given (%s)", given,
              r->request_id);
        return;
    }
    CHECK(n == 16 && strspn(r->request_id, "0123456789abcdef") == 16,
          "made-up request id '%s' for '%s'", r->request_id, given ? given : "(none)");
}

/* An RFC 9457 problem reply with this status, naming the request. Returns it parsed. */
static cJSON *check_problem(const rhd_request *r, int status)
{
    CHECK(r->status == status, "status %d, expected %d", r->status, status);
    CHECK(r->reply && r->reply_len == strlen(r->reply), "reply missing or of a wrong length");
    CHECK(json_strict_valid(r->reply, r->reply_len), "problem reply is not valid JSON: %s",
          r->reply);
    cJSON *doc = cJSON_ParseWithLength(r->reply, r->reply_len);
    CHECK(cJSON_IsObject(doc), "problem reply is not an object: %s", r->reply);
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "type"));
    CHECK(type && strncmp(type, "urn:rushhourd:problem:", 22) == 0, "problem type %s",
          type ? type : "(none)");
    const cJSON *st = cJSON_GetObjectItemCaseSensitive(doc, "status");
    CHECK(cJSON_IsNumber(st) && st->valuedouble == status, "problem status member");
    const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "request_id"));
    CHECK(id && strcmp(id, r->request_id) == 0, "problem request_id %s", id ? id : "(none)");
    CHECK(strcmp(r->content_type, "application/problem+json") == 0, "content type %s",
          r->content_type);
    return doc;
}

/* The reference reading of a comma-separated origin list. */
static bool reference_origin_allowed(const char *list, const char *origin)
{
    if (!*origin) return false;
    const size_t n = strlen(origin);
    for (const char *p = list;;) {
        const char *end = p + strcspn(p, ",");
        const char *a = p, *b = end;
        while (a < b && (*a == ' ' || *a == '\t')) a++;
        while (b > a && (b[-1] == ' ' || b[-1] == '\t')) b--;
        if ((b - a == 1 && *a == '*') || ((size_t)(b - a) == n && memcmp(a, origin, n) == 0))
            return true;
        if (!*end) return false;
        p = end + 1;
    }
}

/* The reference reading of Content-Type: a JSON type or text/plain, parameters ignored. */
static rhd_http_media reference_media_type(const char *type)
{
    if (!type) return RHD_MEDIA_OTHER;
    char essence[64];
    size_t n = strcspn(type, ";");
    while (n && (type[n - 1] == ' ' || type[n - 1] == '\t')) n--;
    if (n >= sizeof essence)
        return n > 5 && strncasecmp(type + n - 5, "+json", 5) == 0 ? RHD_MEDIA_JSON
                                                                   : RHD_MEDIA_OTHER;
    for (size_t k = 0; k < n; k++)
        essence[k] = (char)(type[k] >= 'A' && type[k] <= 'Z' ? type[k] + 32 : type[k]);
    essence[n] = '\0';
    if (strcmp(essence, "application/json") == 0 ||
        (n > 5 && strcmp(essence + n - 5, "+json") == 0))
        return RHD_MEDIA_JSON;
    return strcmp(essence, "text/plain") == 0 ? RHD_MEDIA_TEXT : RHD_MEDIA_OTHER;
}

/* ---- the modes ---- */

/* Begins a request on the main listener from its header fields (values NULL: absent) as
 * server.c would; the caller ends it. */
static rhd_request *begin(const char *method, const char *url, const char *const value[H_COUNT])
{
    rhd_request *r = rhd_flow_new(url, strlen(url));
    CHECK(r, "rhd_flow_new failed");
    r->cfg = &config;
    rhd_http_field fields[H_COUNT + 1];
    const rhd_request_head h = {.path = url,
                                .method = method,
                                .version = "HTTP/1.1",
                                .fields = fields,
                                .field_count = header_fields(fields, value),
                                .origin = value[H_ORIGIN]};
    rhd_flow_begin(r, &h, &traffic);
    return r;
}

static void fuzz_request_id(const uint8_t *data, size_t size)
{
    const char *value[H_COUNT] = {NULL};
    char *given = size && data[0] & 1 ? copy_string(data + 1, size - 1) : NULL;
    value[H_REQUEST_ID] = given;
    log_begin();
    rhd_request *r = begin("GET", "/", value);
    check_request_id(r, given);
    rhd_flow_end(r, RHD_END_COMPLETED, NULL, &traffic);
    free(given);
}

/* Fields: method, url, Content-Length, Content-Type, Origin, X-Request-Id, cors origins. The
 * first byte says which headers are present, the second how the request ends. */
static void fuzz_request(const uint8_t *data, size_t size)
{
    if (size < 2) return;
    const unsigned present = data[0], ending = data[1];
    char *buf, *f[7] = {"", "", "", "", "", "", ""};
    split_fields(data + 2, size - 2, &buf, f, 7);
    const char *method = f[0], *url = f[1];
    const char *value[H_COUNT] = {NULL};
    for (int h = 0; h < H_COUNT; h++)
        if (present & (1u << h)) value[h] = f[2 + h];
    snprintf(config.cors_origins, sizeof config.cors_origins, "%s", f[6]);

    rhd_request *r = begin(method, url, value);
    check_request_id(r, value[H_REQUEST_ID]);
    const char *origin = value[H_ORIGIN];
    const bool allowed = origin && strlen(origin) < sizeof r->origin &&
                         reference_origin_allowed(config.cors_origins, origin);
    CHECK(allowed ? strcmp(r->origin, origin) == 0 : r->origin[0] == '\0',
          "origin '%s' against '%s' gave '%s'", origin ? origin : "(none)", config.cors_origins,
          r->origin);

    /* The route as rhd_flow_begin found it: RHD_ROUTE_OTHER when none; the /v1/ routes take
     * POST. */
    const bool known = r->route != RHD_ROUTE_OTHER,
               post_route = r->route == RHD_ROUTE_SOLVE || r->route == RHD_ROUTE_HINT ||
                            r->route == RHD_ROUTE_ANALYZE || r->route == RHD_ROUTE_BATCH ||
                            r->route == RHD_ROUTE_GENERATE || r->route == RHD_ROUTE_VERIFY;
    const bool get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
    const bool post = !strcmp(method, "POST");
    const bool options = !strcmp(method, "OPTIONS");
    const char *length = value[H_CONTENT_LENGTH];
    const char *type = value[H_CONTENT_TYPE];
    /* Broken framing is refused before routing (http_policy.c, fuzzed on its own). */
    bool framing_bad = false;
    for (const char *u = url; *u; u++) framing_bad |= (unsigned char)*u <= ' ' || *u == 0x7f;
    for (int h = 0; h < H_COUNT; h++) framing_bad |= value[h] && strchr(value[h], '\r');
    if (length) {
        size_t n = strlen(length);
        while (n && (length[n - 1] == ' ' || length[n - 1] == '\t')) n--;
        framing_bad |= !n || n > 18 || strspn(length, "0123456789") < n;
    }
    /* A body is read as its Content-Type says: JSON, or a text board where the route takes one
     * (solve, hint, analyze); none or another type is 415. */
    const bool text_route =
        r->route == RHD_ROUTE_SOLVE || r->route == RHD_ROUTE_HINT || r->route == RHD_ROUTE_ANALYZE;
    const rhd_http_media media = reference_media_type(type);
    const bool readable = media == RHD_MEDIA_JSON || (media == RHD_MEDIA_TEXT && text_route);
    int expected;
    if (framing_bad)
        expected = 400;
    else if (!known)
        expected = 404;
    else if (options)
        expected = 204;
    else if (post_route ? !post : !get)
        expected = 405;
    else if (!post_route)
        expected = 0;
    else if (length)
        expected = strtoull(length, NULL, 10) > config.max_body_bytes ? 413 : readable ? 0 : 415;
    else
        expected = readable ? 0 : 415;
    CHECK(r->status == expected, "%s %s (length %s, type %s): status %d, expected %d", method, url,
          length ? length : "-", type ? type : "-", r->status, expected);
    if (post_route && post && !expected)
        CHECK(r->body_is_text == (media == RHD_MEDIA_TEXT), "type %s read as text %d", type,
              r->body_is_text);
    CHECK(r->status == 0 || r->status == 204 || r->status == 400 || r->status == 404 ||
              r->status == 405 || r->status == 413 || r->status == 415,
          "status %d", r->status);
    CHECK((r->phase == RHD_REPLYING) == (r->status != 0), "phase %d with status %d", r->phase,
          r->status);
    if (r->status >= 400) cJSON_Delete(check_problem(r, r->status));
    if (r->status == 204) CHECK(r->reply_len == 0, "a 204 with a body");
    if (r->status == 405 || r->status == 204) CHECK(r->allow && *r->allow, "no Allow header");

    /* The access log line of this request, however it ended. */
    if (ending & 1) {
        r->phase = RHD_ANSWERED;
        if (!r->status) r->status = 200;
    }
    if (ending & 2) {
        r->algorithm = "astar";
        r->nodes = UINT64_MAX;
        r->source = ending & 4 ? "table" : NULL;
    }
    /* A request never answered is logged and counted with a label of its own: 408 when the
     * idle timeout ended it, 503 when the daemon stopped, else 499 (the client went away). */
    const rhd_request_end how = (rhd_request_end)((ending >> 3) % 4);
    const int status = r->phase == RHD_ANSWERED  ? r->status
                       : how == RHD_END_TIMEOUT  ? 408
                       : how == RHD_END_SHUTDOWN ? 503
                                                 : 499;
    char id[sizeof r->request_id];
    memcpy(id, r->request_id, sizeof id);
    /* At debug level the line also says who asked with what, as the glue read it. */
    const rhd_request_client client = {.address = "", .content_type = type};
    log_begin();
    rhd_flow_end(r, how, &client, &traffic);
    cJSON *line = check_log_line("access log");
    const char *logged_id =
        cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(line, "request_id"));
    CHECK(logged_id && strcmp(logged_id, id) == 0, "logged request id %s",
          logged_id ? logged_id : "(none)");
    const cJSON *st = cJSON_GetObjectItemCaseSensitive(line, "status");
    CHECK(cJSON_IsNumber(st) && st->valuedouble == status, "logged status");
    const char *logged_method =
        cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(line, "method"));
    CHECK(logged_method, "no method logged");
    /* A short method, which escaping at most doubles, is logged whole. */
    bool printable = strlen(method) < 32 && json_strict_utf8(method, strlen(method));
    for (const char *m = method; printable && *m; m++) printable = (unsigned char)*m >= 0x20;
    if (printable)
        CHECK(strcmp(logged_method, method) == 0, "method '%s' logged as '%s'", method,
              logged_method);
    const bool closed_early = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(line, "closed_early"));
    CHECK(closed_early == (how != RHD_END_COMPLETED), "closed_early %d for end %d", closed_early,
          (int)how);
    cJSON_Delete(line);
    CHECK(atomic_load(&traffic.active) == 0, "active requests %d", atomic_load(&traffic.active));
    free(buf);
}

/* Fields: the cors origins setting, then the origin a browser sends. */
static void fuzz_origin(const uint8_t *data, size_t size)
{
    char *buf, *f[2] = {"", ""};
    split_fields(data, size, &buf, f, 2);
    rhd_config cfg = config;
    snprintf(cfg.cors_origins, sizeof cfg.cors_origins, "%s", f[0]);
    const bool allowed = rhd_cors_allowed(cfg.cors_origins, f[1]);
    CHECK(allowed == reference_origin_allowed(cfg.cors_origins, f[1]),
          "origin '%s' against '%s': %d", f[1], cfg.cors_origins, allowed);
    CHECK(!rhd_cors_allowed(cfg.cors_origins, NULL), "a NULL origin allowed");
    /* Through the configuration parser, which refuses blanks inside entries. */
    char *argv[] = {"rushhourd", "--cors-origins", f[0], NULL};
    char err[512];
    rhd_config loaded;
    if (rhd_config_load(&loaded, NULL, 3, argv, 1, err, sizeof err) == 0) {
        CHECK(strcmp(loaded.cors_origins, f[0]) == 0, "cors origins stored as '%s'",
              loaded.cors_origins);
        CHECK(rhd_cors_allowed(loaded.cors_origins, f[1]) == allowed, "loaded config disagrees");
    } else {
        CHECK(err[0] && err[strlen(err) - 1] == '\n', "rejected without a message: '%s'", err);
    }
    free(buf);
}

/* Byte 0-1: the output size; the rest: the string. */
static void fuzz_escape(const uint8_t *data, size_t size)
{
    if (size < 2) return;
    const size_t len = ((size_t)data[0] | (size_t)data[1] << 8) % 2048;
    char *s = copy_string(data + 2, size - 2);
    const size_t slen = strlen(s);
    const size_t full_len = 6 * slen + 1;
    char *full = malloc(full_len + 2), *out = malloc(len + 1);
    CHECK(full && out, "out of memory");
    const size_t n_full = rhd_json_escape(full + 1, full_len, s);
    CHECK(n_full == strlen(full + 1) && n_full < full_len, "full escape: %zu", n_full);
    full[0] = '"';
    full[n_full + 1] = '"';
    CHECK(json_strict_valid(full, n_full + 2), "escaped text is not a JSON string: %s", full);
    if (json_strict_utf8(s, slen)) {
        cJSON *back = cJSON_ParseWithLength(full, n_full + 2);
        CHECK(cJSON_IsString(back) && strcmp(back->valuestring, s) == 0,
              "escaping does not round-trip: %s", full);
        cJSON_Delete(back);
    }
    out[len] = 'Z'; /* a canary past the size given */
    const size_t n = rhd_json_escape(out, len, s);
    CHECK(out[len] == 'Z', "wrote past %zu bytes", len);
    if (len) {
        CHECK(n < len && n == strlen(out), "returned %zu for a %zu-byte buffer", n, len);
        CHECK(memcmp(out, full + 1, n) == 0, "a short escape is not a prefix of the full one");
        /* Truncation on a unit boundary: still valid string content. */
        char *quoted = malloc(n + 2);
        CHECK(quoted, "out of memory");
        quoted[0] = '"';
        memcpy(quoted + 1, out, n);
        quoted[n + 1] = '"';
        CHECK(json_strict_valid(quoted, n + 2), "truncated escape is not a JSON string: %.*s",
              (int)(n + 2), quoted);
        free(quoted);
    } else {
        CHECK(n == 0, "wrote %zu bytes into none", n);
    }
    free(s);
    free(full);
    free(out);
}

static bool in_range(long long v, long long lo, long long hi)
{
    return v >= lo && v <= hi;
}

/* Byte 0: how many leading fields are environment entries; byte 1: the error buffer; byte 2:
 * the cores; then newline-separated fields, "K=V" environment entries then arguments. */
static void fuzz_config(const uint8_t *data, size_t size)
{
    if (size < 3) return;
    static const size_t err_sizes[] = {0, 1, 2, 16, 64, 200, 1000, 4096};
    const int nenv = data[0] % 8;
    const size_t err_len = err_sizes[data[1] % 8];
    const int cores = data[2] % 5;
    char *buf, *f[40];
    const int n = split_fields(data + 3, size - 3, &buf, f, 38);
    char *envp[40], *argv[40];
    int ne = 0, na = 0;
    argv[na++] = "rushhourd";
    for (int i = 0; i < n; i++) {
        if (i < nenv)
            envp[ne++] = f[i];
        else
            argv[na++] = f[i];
    }
    envp[ne] = NULL;
    argv[na] = NULL;
    char *err = malloc(err_len + 1);
    CHECK(err, "out of memory");
    err[err_len] = 'Z';
    rhd_config cfg;
    const int rc = rhd_config_load(&cfg, envp, na, argv, cores, err_len ? err : NULL, err_len);
    CHECK(rc == 0 || rc == -1, "rhd_config_load returned %d", rc);
    CHECK(err[err_len] == 'Z', "wrote past the error buffer");
    if (err_len) {
        const size_t elen = strnlen(err, err_len);
        CHECK(elen < err_len, "error text unterminated");
        CHECK(elen == 0 || err[elen - 1] == '\n', "error text cut mid-line: '%s'", err);
        CHECK(rc == -1 || elen == 0, "success with an error text: '%s'", err);
        CHECK(rc == 0 || err_len < 256 || elen > 0, "failure without a message");
    }
    if (rc == 0) {
        unsigned char addr[16];
        CHECK(inet_pton(AF_INET, cfg.bind, addr) == 1 || inet_pton(AF_INET6, cfg.bind, addr) == 1,
              "bind '%s'", cfg.bind);
        CHECK(in_range(cfg.port, 0, 65535) && in_range(cfg.http_threads, 1, 256) &&
                  in_range(cfg.workers, 1, 1024) && in_range(cfg.queue_length, 1, 100000),
              "port %d, http threads %d, workers %d, queue %d", cfg.port, cfg.http_threads,
              cfg.workers, cfg.queue_length);
        CHECK(cfg.max_body_bytes >= 1024 && cfg.max_body_bytes <= 16u << 20, "max body %zu",
              cfg.max_body_bytes);
        CHECK(cfg.max_nodes >= 1 && cfg.max_nodes <= UINT64_C(1000000000000), "max nodes %llu",
              (unsigned long long)cfg.max_nodes);
        CHECK(in_range(cfg.timeout_ms, 1, cfg.timeout_max_ms) &&
                  in_range(cfg.timeout_max_ms, 1, 600000),
              "timeouts %d / %d", cfg.timeout_ms, cfg.timeout_max_ms);
        CHECK(cfg.memory_budget_bytes >= 1u << 20 && rhd_config_search_memory(&cfg) > 0,
              "memory budget %zu", cfg.memory_budget_bytes);
        CHECK(in_range(cfg.max_connections, 1, 100000) &&
                  in_range(cfg.max_connections_per_ip, 0, 100000) &&
                  in_range(cfg.idle_timeout_s, 1, 3600) && in_range(cfg.grace_s, 0, 3600),
              "connection settings");
        CHECK(cfg.header_memory_bytes >= 4096 && cfg.header_memory_bytes <= 1u << 20,
              "header memory %zu", cfg.header_memory_bytes);
        CHECK(strlen(cfg.cors_origins) < sizeof cfg.cors_origins, "cors origins");
        CHECK(in_range((long long)cfg.log_level, RHD_LOG_DEBUG, RHD_LOG_ERROR), "log level %d",
              (int)cfg.log_level);
    }
    /* --help text into a buffer of any size. */
    char usage[4096];
    const size_t ulen = (size_t)data[1] * 16 % sizeof usage;
    if (ulen) {
        memset(usage, 'Z', sizeof usage);
        rhd_config_usage(usage, ulen);
        CHECK(strnlen(usage, ulen) < ulen, "usage unterminated in %zu bytes", ulen);
        CHECK(ulen == sizeof usage || usage[ulen] == 'Z', "usage wrote past %zu bytes", ulen);
    }
    free(err);
    free(buf);
}

static void check_puzzles_equal(const rh_puzzle *a, const rh_puzzle *b)
{
    CHECK(a->board_size == b->board_size && a->exit_row == b->exit_row && a->target == b->target &&
              a->vehicle_count == b->vehicle_count && a->wall_count == b->wall_count,
          "the service and rh_parse_text read different puzzles");
    for (int i = 0; i < a->vehicle_count; i++) {
        const rh_vehicle *x = &a->vehicles[i], *y = &b->vehicles[i];
        CHECK(!strcmp(x->id, y->id) && x->row == y->row && x->col == y->col &&
                  x->length == y->length && x->orientation == y->orientation,
              "vehicle %d differs", i);
    }
    for (int k = 0; k < a->wall_count; k++)
        CHECK(a->walls[k].row == b->walls[k].row && a->walls[k].col == b->walls[k].col,
              "wall %d differs", k);
}

/* True when every diagnostic is about "options", which only the service reads. */
static bool only_options_refused(const rh_diags *d)
{
    for (int i = 0; i < d->count; i++)
        if (strncmp(d->items[i].field, "options", 7) != 0) return false;
    return d->count > 0 && !d->dropped;
}

/* Byte 0: the body limit, and whether the body is sent as text/plain (else as JSON); byte 1:
 * the chunk size; the rest: the body of POST /v1/solve. */
static void fuzz_body(const uint8_t *data, size_t size)
{
    if (size < 2) return;
    rhd_config cfg = config;
    cfg.max_body_bytes = (size_t)1024 << (data[0] % 4);
    const size_t chunk = 1 + (size_t)data[1] * 17;
    const char *body = (const char *)data + 2;
    const size_t len = size - 2;
    rhd_request *r = calloc(1, sizeof *r);
    CHECK(r, "out of memory");
    r->cfg = &cfg;
    r->method = "POST";
    r->body_is_text = data[0] & 4;
    rhd_flow_new_id(&traffic, r->request_id);
    for (size_t at = 0; at < len; at += chunk)
        rhd_flow_take_body(r, body + at, len - at < chunk ? len - at : chunk);
    CHECK(r->body_too_big == (len > cfg.max_body_bytes), "%zu bytes, limit %zu, too big %d", len,
          cfg.max_body_bytes, r->body_too_big);
    if (r->body_too_big) {
        CHECK(!r->body && !r->body_len, "a refused body is kept");
        free(r);
        return;
    }
    CHECK(r->body_len == len && (!len || (memcmp(r->body, body, len) == 0 && !r->body[len])),
          "the body was not kept exactly");

    static rh_puzzle parsed;
    rhd_options opt;
    rhd_options_init(&opt, &cfg);
    uint64_t parse_us;
    const bool ok = rhd_body_read(r, &parsed, &opt, RHD_OPTS_SOLVE, &parse_us);

    /* What the library alone makes of the same bytes, read as the Content-Type says: a subset
     * of what the service accepts (the service also reads "options"). A JSON body is read by
     * the library's dispatch only when it is an object; anything else the service refuses. */
    static rh_puzzle alone;
    static rh_diags d;
    rh_diags_init(&d);
    const char *text = len ? r->body : "";
    size_t blank = 0;
    while (blank < len && strchr(" \t\r\n", text[blank]) && text[blank]) blank++;
    const bool alone_ok = r->body_is_text ? rh_parse_text_board(&alone, &d, text, len) == RH_OK
                                          : blank < len && text[blank] == '{' &&
                                                rh_parse_text(&alone, &d, text, len) == RH_OK;
    if (alone_ok) {
        CHECK(ok, "rh_parse_text accepts a body the service refuses: %s", r->reply);
        check_puzzles_equal(&parsed, &alone);
    }
    /* Options aside, the service reads the bytes exactly as the library does. */
    if (ok)
        CHECK(alone_ok || only_options_refused(&d),
              "the service accepts a body rh_parse_text refuses (%d: %s: %s)", d.count,
              d.count ? d.items[0].field : "", d.count ? d.items[0].message : "");
    if (ok) {
        CHECK(!r->reply && !r->status, "accepted with a reply");
        const rh_puzzle *p = &parsed;
        CHECK(p->target >= 0 && p->target < p->vehicle_count, "target %d", p->target);
        rh_diags_init(&d);
        CHECK(rh_puzzle_check(&d, p, NULL, p->vehicles[p->target].id) == RH_OK,
              "an accepted puzzle fails the check: %s", d.items[0].message);
        const rh_search_options *o = &opt.search;
        CHECK((unsigned)o->algorithm <= RH_ALGO_FAST && (unsigned)o->metric <= RH_METRIC_SLIDES,
              "algorithm %d metric %d", o->algorithm, o->metric);
        CHECK(o->limits.max_nodes >= 1 && o->limits.max_nodes <= cfg.max_nodes, "max nodes %llu",
              (unsigned long long)o->limits.max_nodes);
        CHECK(opt.timeout_us >= 1000 && opt.timeout_us <= (uint64_t)cfg.timeout_max_ms * 1000,
              "timeout %llu us", (unsigned long long)opt.timeout_us);
        CHECK(!o->limits.deadline_us, "a deadline set before the work was queued");
        CHECK(o->limits.max_memory == rhd_config_search_memory(&cfg), "memory %zu",
              o->limits.max_memory);
        CHECK(!o->limits.cancel, "a cancel flag already set");
        /* The answer cache key: bounded, and the same puzzle gives the same key. */
        static char key[RHD_CACHE_KEY_MAX], key2[RHD_CACHE_KEY_MAX];
        const size_t key_len = rhd_cache_key(key, p, o->algorithm, o->metric, opt.include_boards);
        CHECK(key_len > 0 && key_len <= RHD_CACHE_KEY_MAX, "key of %zu bytes", key_len);
        CHECK(rhd_cache_key(key2, p, o->algorithm, o->metric, opt.include_boards) == key_len &&
                  memcmp(key2, key, key_len) == 0,
              "the cache key is not deterministic");
        rhd_cache_put(fuzz_cache, key, key_len, len ? r->body : "", len);
        size_t got_len = 0;
        char *got = rhd_cache_get(fuzz_cache, key, key_len, &got_len);
        if (got) {
            CHECK(got_len == len && (!len || memcmp(got, r->body, len) == 0), "cache corrupted");
            free(got);
        }
    } else {
        CHECK(r->status == 400, "refused with status %d", r->status);
        cJSON *doc = check_problem(r, 400);
        const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "type"));
        if (strcmp(type, "urn:rushhourd:problem:invalid-puzzle") == 0) {
            const cJSON *errors = cJSON_GetObjectItemCaseSensitive(doc, "errors");
            CHECK(cJSON_GetArraySize(errors) >= 1, "invalid puzzle without errors: %s", r->reply);
            for (const cJSON *e = errors->child; e; e = e->next)
                CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "field")) &&
                          cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "message")),
                      "an error without field or message: %s", r->reply);
        } else {
            CHECK(strcmp(type, "urn:rushhourd:problem:invalid-json") == 0, "problem type %s", type);
        }
        cJSON_Delete(doc);
    }
    if (r->reply && !r->reply_static) free(r->reply);
    free(r->body);
    free(r);
}

/* Byte 0: which logger (bit 0), the level (bits 1-2), the size of the caller's buffer for
 * the field value (bits 3-4); then fields: the event (or MHD's message), a field value. */
static void fuzz_log(const uint8_t *data, size_t size)
{
    if (size < 1) return;
    char *buf, *f[2] = {"", ""};
    split_fields(data + 1, size - 1, &buf, f, 2);
    if (data[0] & 1) {
        log_begin();
        rhd_flow_library_message(f[0], &traffic);
        /* A refused connection is counted every time but logged at most once a second. */
        static const char refused[] = "Server reached connection limit";
        if (strncmp(f[0], refused, sizeof refused - 1) != 0) {
            cJSON *line = check_log_line("libmicrohttpd message");
            CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(line, "message")), "no message");
            cJSON_Delete(line);
        }
    } else {
        /* Fields as callers build them: escaped values in a buffer of their choice. */
        const size_t vlen = (size_t)256 << (data[0] >> 3 & 3) * 2; /* 256 B .. 16 KiB */
        char *fields = malloc(vlen + 16);
        CHECK(fields, "out of memory");
        memcpy(fields, "\"value\":\"", 9);
        const size_t n = rhd_json_escape(fields + 9, vlen, f[1]);
        memcpy(fields + 9 + n, "\"", 2);
        log_begin();
        rhd_log((rhd_log_level)(data[0] >> 1 & 3), f[0], fields);
        cJSON *line = check_log_line("rhd_log");
        const char *event = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(line, "event"));
        const bool truncated = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(line, "truncated"));
        if (!truncated && json_strict_utf8(f[0], strlen(f[0])))
            CHECK(strcmp(event, f[0]) == 0, "event '%s' logged as '%s'", f[0], event);
        if (!truncated)
            CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(line, "value")), "value lost");
        cJSON_Delete(line);
        free(fields);
    }
    free(buf);
}

static void fuzz_media_type(const uint8_t *data, size_t size)
{
    char *type = copy_string(data, size);
    const rhd_http_media media = rhd_http_media_type(type, strlen(type));
    CHECK(media == reference_media_type(type), "Content-Type '%s': %d", type, (int)media);
    free(type);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    const uint8_t *rest = data + 1;
    const size_t n = size - 1;
    switch (data[0] % MODE_COUNT) {
    case MODE_REQUEST_ID: fuzz_request_id(rest, n); break;
    case MODE_REQUEST: fuzz_request(rest, n); break;
    case MODE_ORIGIN: fuzz_origin(rest, n); break;
    case MODE_ESCAPE: fuzz_escape(rest, n); break;
    case MODE_CONFIG: fuzz_config(rest, n); break;
    case MODE_BODY: fuzz_body(rest, n); break;
    case MODE_LOG: fuzz_log(rest, n); break;
    default: fuzz_media_type(rest, n); break;
    }
    return 0;
}
