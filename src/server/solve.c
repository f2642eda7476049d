/* POST /v1/solve: read the puzzle and its options on the MHD thread, search on a worker, and
 * build the reply there too, so the MHD threads only route and copy bytes. */
#define _GNU_SOURCE /* POLLRDHUP */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <sys/socket.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "routes.h"

#define CONTAINER(job) ((rhd_request *)((char *)(job)-offsetof(rhd_request, job)))

static bool read_count(rh_diags *d, const cJSON *item, const char *field, uint64_t *out)
{
    const double v = cJSON_IsNumber(item) ? item->valuedouble : -1;
    if (!cJSON_IsNumber(item) || !isfinite(v) || v != trunc(v) || v < 1 || v > 1e15) {
        rh_diags_add(d, field, "must be a positive integer");
        return false;
    }
    *out = (uint64_t)v;
    return true;
}

/* The "options" member: every problem is added to `d`. Budgets are capped by the server's. */
static void read_options(rhd_request *r, rh_diags *d, const cJSON *options)
{
    rhd_solve_job *job = r->solve;
    uint64_t timeout_ms = (uint64_t)r->cfg->timeout_ms;
    job->options.max_nodes = r->cfg->max_nodes;
    if (options) {
        if (!cJSON_IsObject(options)) {
            rh_diags_add(d, "options", "must be an object");
            options = NULL;
        }
        static const char *const names[] = {"algorithm", "metric", "max_nodes", "timeout_ms",
                                            "include_boards"};
        unsigned seen = 0; /* a repeated option is an error, as a repeated key is elsewhere */
        for (const cJSON *o = options ? options->child : NULL; o; o = o->next) {
            char field[RH_DIAG_FIELD_MAX];
            snprintf(field, sizeof field, "options.%s", o->string);
            unsigned bit = 0;
            for (unsigned k = 0; k < sizeof names / sizeof names[0]; k++)
                if (strcmp(o->string, names[k]) == 0) bit = 1u << k;
            if (bit & seen) {
                rh_diags_add(d, field, "appears more than once");
                continue;
            }
            seen |= bit;
            const char *text = cJSON_GetStringValue(o);
            uint64_t n;
            if (strcmp(o->string, "algorithm") == 0) {
                if (rh_algorithm_parse(&job->options.algorithm, text))
                    rh_diags_add(d, field, "must be \"bfs\", \"astar\" or \"fast\"");
            } else if (strcmp(o->string, "metric") == 0) {
                if (rh_metric_parse(&job->options.metric, text))
                    rh_diags_add(d, field, "must be \"moves\" or \"slides\"");
            } else if (strcmp(o->string, "max_nodes") == 0) {
                if (read_count(d, o, field, &n) && n < job->options.max_nodes)
                    job->options.max_nodes = n;
            } else if (strcmp(o->string, "timeout_ms") == 0) {
                if (read_count(d, o, field, &n))
                    timeout_ms =
                        n < (uint64_t)r->cfg->timeout_max_ms ? n : (uint64_t)r->cfg->timeout_max_ms;
            } else if (strcmp(o->string, "include_boards") == 0) {
                if (cJSON_IsBool(o))
                    job->include_boards = cJSON_IsTrue(o);
                else
                    rh_diags_add(d, field, "must be true or false");
            } else {
                rh_diags_add(d, field, "unknown option");
            }
        }
    }
    job->options.max_memory = rhd_config_search_memory(r->cfg);
    /* Kept in the deadline field until the job is queued, when it becomes absolute. */
    job->options.deadline_us = timeout_ms * 1000u;
}

/* Parses the body into r->solve; on failure sets the 400 reply. */
static bool parse_request(rhd_request *r)
{
    rh_diags *d = malloc(sizeof *d); /* 13 KiB: kept off the MHD thread's stack */
    if (!d) {
        rhd_reply_problem(r, 500, "internal", "Internal Server Error", "out of memory", NULL);
        return false;
    }
    rh_diags_init(d);
    const uint64_t t0 = rh_clock_us();
    const char *body = r->body ? r->body : "";
    size_t i = 0;
    /* body[i] first: strchr also finds the NUL terminator, which is not whitespace. */
    while (i < r->body_len && body[i] && strchr(" \t\r\n", body[i])) i++;
    int err;
    if (i < r->body_len && body[i] == '{') {
        size_t at = 0;
        cJSON *doc = rh_json_parse(body, r->body_len, &at);
        if (!doc) {
            free(d);
            char detail[96];
            snprintf(detail, sizeof detail, "the body is not valid JSON (error at byte %zu)", at);
            rhd_metrics_rejected(RHD_REJECT_INVALID);
            rhd_reply_problem(r, 400, "invalid-json", "Bad Request", detail, NULL);
            return false;
        }
        static const char *const extra[] = {"options", NULL};
        err = rh_parse_cjson(&r->solve->puzzle, d, doc, extra);
        read_options(r, d, cJSON_GetObjectItemCaseSensitive(doc, "options"));
        cJSON_Delete(doc);
        if (d->count) err = RH_EINVALID;
    } else {
        err = rh_parse_text(&r->solve->puzzle, d, body, r->body_len);
        read_options(r, d, NULL);
    }
    r->solve->parse_us = rh_clock_us() - t0;
    if (err != RH_OK) {
        rhd_metrics_rejected(RHD_REJECT_INVALID);
        cJSON *extra = cJSON_CreateObject();
        cJSON *errors = rh_report_diags(d);
        if (extra && errors)
            cJSON_AddItemToObject(extra, "errors", errors);
        else
            cJSON_Delete(errors);
        char detail[64];
        snprintf(detail, sizeof detail, "the puzzle has %d problem%s", d->count + d->dropped,
                 d->count + d->dropped == 1 ? "" : "s");
        rhd_reply_problem(r, 400, "invalid-puzzle", "Invalid Puzzle", detail, extra);
    }
    free(d);
    return err == RH_OK;
}

static cJSON *timing(uint64_t queue, uint64_t parse, uint64_t solve, uint64_t total)
{
    cJSON *t = cJSON_CreateObject();
    if (t) {
        cJSON_AddNumberToObject(t, "queue", (double)queue);
        cJSON_AddNumberToObject(t, "parse", (double)parse);
        cJSON_AddNumberToObject(t, "solve", (double)solve);
        cJSON_AddNumberToObject(t, "total", (double)total);
    }
    return t;
}

/* True when the client hung up: its socket reads end-of-file (a pipelined next request, or
 * nothing yet, means it still waits). Suspended connections are not watched by MHD. */
static bool gone(rhd_job *job)
{
    rhd_request *r = CONTAINER(job);
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(r->conn, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (!info) return false;
    struct pollfd p = {.fd = info->connect_fd, .events = POLLIN | POLLRDHUP};
    if (poll(&p, 1, 0) != 1) return false;
    if (p.revents & (POLLHUP | POLLERR)) return true;
    char c;
    const ssize_t n = recv(info->connect_fd, &c, 1, MSG_PEEK | MSG_DONTWAIT);
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
}

/* Replies 200 with `answer` (a solve document without its closing brace) completed by
 * `cached` and the timings. */
static void reply_answer(rhd_request *r, const char *answer, size_t len, bool cached,
                         uint64_t queue_us, uint64_t solve_us)
{
    char tail[192];
    const uint64_t total = rh_clock_us() - r->start_us;
    const int n = snprintf(tail, sizeof tail,
                           ",\"cached\":%s,\"timing_us\":{\"queue\":%llu,\"parse\":%llu,"
                           "\"solve\":%llu,\"total\":%llu}}",
                           cached ? "true" : "false", (unsigned long long)queue_us,
                           (unsigned long long)r->solve->parse_us, (unsigned long long)solve_us,
                           (unsigned long long)total);
    char *text = malloc(len + (size_t)n + 1);
    if (!text) {
        rhd_reply_problem(r, 500, "internal", "Internal Server Error", "out of memory", NULL);
        return;
    }
    memcpy(text, answer, len);
    memcpy(text + len, tail, (size_t)n + 1);
    rhd_reply_owned(r, 200, "application/json", text, len + (size_t)n);
}

/* On a worker: the search and the reply. */
static void run(rhd_job *job)
{
    rhd_request *r = CONTAINER(job);
    rhd_solve_job *s = r->solve;
    const uint64_t started = rh_clock_us();
    s->options.deadline_us += job->enqueued_us; /* time spent queued counts */
    s->options.cancel = &job->cancel;
    rh_result *res = &s->result;
    if (rh_solve(res, &s->puzzle, &s->options) != RH_OK) {
        rhd_reply_problem(r, 500, "internal", "Internal Server Error", "out of memory", NULL);
        return;
    }
    r->nodes = res->stats.nodes_expanded;
    rhd_metrics_search(r->algorithm, res->stats.elapsed_us, res->stats.nodes_expanded);
    cJSON *doc = rh_report_result(&s->puzzle, res, s->include_boards);
    if (res->status != RH_LIMIT_REACHED) {
        char *text = doc ? cJSON_PrintUnformatted(doc) : NULL;
        cJSON_Delete(doc);
        if (!text) {
            rhd_reply_problem(r, 500, "internal", "Internal Server Error", "out of memory", NULL);
            return;
        }
        const size_t len = strlen(text) - 1; /* without the closing brace */
        rhd_cache_put(rhd_server_cache(r->server), s->key, s->key_len, text, len);
        reply_answer(r, text, len, false, started - job->enqueued_us, res->stats.elapsed_us);
        cJSON_free(text);
    } else if (res->limit == RH_LIMIT_CANCELLED && gone(job)) {
        /* Nobody reads this reply; 499 (client closed request) marks it in logs and metrics. */
        cJSON_Delete(doc);
        rhd_reply_problem(r, 499, "client-closed", "Client Closed Request",
                          "the client went away; the search was stopped", NULL);
    } else if (res->limit == RH_LIMIT_CANCELLED) {
        cJSON_Delete(doc);
        r->retry_after = 1;
        rhd_metrics_rejected(RHD_REJECT_SHUTTING_DOWN);
        rhd_reply_problem(r, 503, "shutting-down", "Service Unavailable",
                          "the server is shutting down; retry on another instance", NULL);
    } else {
        char detail[128];
        snprintf(detail, sizeof detail, "the search reached its %s limit before an answer",
                 rh_limit_name(res->limit));
        /* The limit document carries the report's members but status: the stats so far. */
        if (doc) {
            cJSON_DeleteItemFromObjectCaseSensitive(doc, "status");
            cJSON_AddItemToObject(doc, "timing_us",
                                  timing(started - job->enqueued_us, s->parse_us,
                                         res->stats.elapsed_us, rh_clock_us() - r->start_us));
        }
        rhd_reply_problem(r, 422, "search-limit", "Search Limit Reached", detail, doc);
    }
}

static void done(rhd_job *job)
{
    rhd_request *r = CONTAINER(job);
    r->phase = RHD_REPLYING;
    MHD_resume_connection(r->conn);
}

void rhd_route_solve(rhd_request *r)
{
    rhd_cache *cache = rhd_server_cache(r->server);
    r->solve = calloc(1, sizeof *r->solve + (cache ? RHD_CACHE_KEY_MAX : 0));
    if (!r->solve) {
        rhd_reply_problem(r, 500, "internal", "Internal Server Error", "out of memory", NULL);
        return;
    }
    rh_search_options defaults = RH_SEARCH_OPTIONS_INIT;
    r->solve->options = defaults;
    if (!parse_request(r)) return;
    rhd_solve_job *s = r->solve;
    r->algorithm = rh_algorithm_name(s->options.algorithm);
    if (cache) {
        s->key_len = rhd_cache_key(s->key, &s->puzzle, s->options.algorithm, s->options.metric,
                                   s->include_boards);
        size_t len;
        char *answer = rhd_cache_get(cache, s->key, s->key_len, &len);
        rhd_metrics_cache(answer != NULL);
        if (answer) {
            r->cached = true;
            reply_answer(r, answer, len, true, 0, 0);
            free(answer);
            return;
        }
    }
    r->job.run = run;
    r->job.done = done;
    r->job.gone = gone;
    /* Suspend first: a worker may finish and resume before this function returns. */
    r->phase = RHD_QUEUED;
    r->suspended = true;
    MHD_suspend_connection(r->conn);
    const int rc = rhd_pool_submit(rhd_server_pool(r->server), &r->job);
    if (rc == RHD_POOL_OK) return;
    r->retry_after = 1;
    rhd_metrics_rejected(rc == RHD_POOL_FULL ? RHD_REJECT_QUEUE_FULL : RHD_REJECT_SHUTTING_DOWN);
    rhd_reply_problem(r, 503, rc == RHD_POOL_FULL ? "queue-full" : "shutting-down",
                      "Service Unavailable",
                      rc == RHD_POOL_FULL ? "every solver is busy and the queue is full"
                                          : "the server is shutting down",
                      NULL);
    r->phase = RHD_REPLYING;
    MHD_resume_connection(r->conn);
}
