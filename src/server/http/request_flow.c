/* The steps of a request that need no connection; see request_flow.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rushhour/clock.h"
#include "log.h"
#include "metrics.h"
#include "headers.h"
#include "request_flow.h"
#include "routes/route_table.h"

rhd_request *rhd_flow_new(const char *target, size_t target_len)
{
    rhd_request *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->start_us = rh_clock_us();
    r->target_len = target_len;
    if (!(r->target = malloc(target_len + 1))) {
        free(r);
        return NULL;
    }
    memcpy(r->target, target, target_len);
    r->target[target_len] = '\0';
    return r;
}

void rhd_flow_new_id(rhd_traffic *t, char id[RHD_REQUEST_ID_MAX + 1])
{
    const uint64_t k = atomic_fetch_add(&t->id_counter, 1);
    uint64_t x = (t->id_seed ^ k) * UINT64_C(0x9E3779B97F4A7C15);
    x ^= x >> 31;
    snprintf(id, RHD_REQUEST_ID_MAX + 1, "%016llx", (unsigned long long)x);
}

/* A client's id is echoed when the policy accepts it; otherwise one is made up. */
static void assign_request_id(rhd_traffic *t, rhd_request *r, const rhd_http_decision *d)
{
    if (!d->request_id) {
        rhd_flow_new_id(t, r->request_id);
        return;
    }
    memcpy(r->request_id, d->request_id, d->request_id_len);
    r->request_id[d->request_id_len] = '\0';
}

/* Applies the policy's decision and the route's rules; sets a reply when the request is
 * already answered. Broken framing is answered before routing: the body cannot be trusted to
 * end where the headers say, so nothing else is read from the connection. */
static void check_headers(rhd_request *r, const rhd_route_entry *rt, const rhd_http_decision *d)
{
    if (d->framing) {
        r->close = true;
        rhd_metrics_rejected(RHD_REJECT_INVALID);
        rhd_reply_problem(r, d->status, d->slug, d->title, d->detail, NULL);
        return;
    }
    if (!rt) {
        rhd_reply_problem(r, 404, "not-found", "Not Found", "no such endpoint", NULL);
        return;
    }
    const bool get = strcmp(r->method, "GET") == 0 || strcmp(r->method, "HEAD") == 0;
    const bool post = strcmp(r->method, "POST") == 0;
    r->allow = rt->post ? "POST, OPTIONS" : "GET, HEAD, OPTIONS";
    if (strcmp(r->method, "OPTIONS") == 0) {
        rhd_reply_static(r, 204, NULL, "", 0); /* CORS preflight; its headers are the glue's */
        return;
    }
    if (rt->post ? !post : !get) {
        rhd_reply_problem(r, 405, "method-not-allowed", "Method Not Allowed", NULL, NULL);
        return;
    }
    if (!d->status) return;
    rhd_metrics_rejected(d->status == 413 ? RHD_REJECT_BODY_TOO_LARGE : RHD_REJECT_INVALID);
    rhd_reply_problem(r, d->status, d->slug, d->title, d->detail, NULL);
}

void rhd_flow_begin(rhd_request *r, const rhd_request_head *h, rhd_traffic *t)
{
    atomic_fetch_add(&t->active, 1);
    r->begun = true;
    r->method = h->method;
    r->path = h->path;
    r->http11 = strcmp(h->version, "HTTP/1.1") == 0;
    r->phase = RHD_READING;
    r->route =
        rhd_route_find(h->path, r->cfg->playground, r->cfg->public_metrics, h->admin_listener);
    const rhd_route_entry *rt = r->route == RHD_ROUTE_OTHER ? NULL : &rhd_routes[r->route];
    const bool takes_body = rt && rt->post && strcmp(h->method, "POST") == 0;
    const rhd_http_request q = {.target = r->target,
                                .target_len = r->target_len,
                                .version = h->version,
                                .fields = h->fields,
                                .field_count = h->field_count,
                                .takes_body = takes_body,
                                .takes_text_board = takes_body && rt->text_board,
                                .max_body_bytes = r->cfg->max_body_bytes};
    const rhd_http_decision d = rhd_http_check(&q);
    assign_request_id(t, r, &d);
    r->body_is_text = d.body_is_text;
    rhd_cors_note(r, h->origin);
    check_headers(r, rt, &d);
    if (r->reply || r->status) r->phase = RHD_REPLYING;
}

void rhd_flow_begin_no_memory(rhd_request *r, const char *method, rhd_traffic *t)
{
    atomic_fetch_add(&t->active, 1);
    r->begun = true;
    r->method = method;
    r->route = RHD_ROUTE_OTHER;
    r->close = true;
    rhd_reply_no_memory(r);
    r->phase = RHD_REPLYING;
}

void rhd_flow_take_body(rhd_request *r, const char *data, size_t n)
{
    if (r->body_too_big) return;
    if (r->body_len + n > r->cfg->max_body_bytes) {
        r->body_too_big = true;
        free(r->body);
        r->body = NULL;
        r->body_len = r->body_cap = 0;
        return;
    }
    if (r->body_len + n + 1 > r->body_cap) {
        size_t cap = r->body_cap ? r->body_cap : 1024;
        while (cap < r->body_len + n + 1) cap *= 2;
        char *body = realloc(r->body, cap);
        if (!body) {
            r->body_too_big = true; /* answered as 413: the server cannot hold it */
            return;
        }
        r->body = body;
        r->body_cap = cap;
    }
    memcpy(r->body + r->body_len, data, n);
    r->body_len += n;
    r->body[r->body_len] = '\0';
}

/* The status a request is logged and counted under: the one queued when there was one (499
 * when the service hung up on a client that went away); else how it ended: its timeout (408),
 * the server's stop (503), or the client gone (499) while the body was read or the answer
 * waited to be queued. Every request gets a status, so every one is counted. */
static int logged_status(const rhd_request *r, rhd_request_end how)
{
    if (r->phase == RHD_ANSWERED) return r->status;
    switch (how) {
    case RHD_END_TIMEOUT: return 408;
    case RHD_END_SHUTDOWN: return 503;
    default: return RHD_STATUS_CLIENT_CLOSED;
    }
}

/* What --log-level debug adds to a request's line: who asked, with what, and what it got. */
static void debug_fields(char *fields, size_t len, const rhd_request *r,
                         const rhd_request_client *c)
{
    char client[128], agent[256], type[128], target[512];
    rhd_json_escape(client, sizeof client, c->address ? c->address : "");
    rhd_json_escape(agent, sizeof agent, c->user_agent ? c->user_agent : "");
    rhd_json_escape(type, sizeof type, c->content_type ? c->content_type : "");
    rhd_json_escape(target, sizeof target, r->target ? r->target : "");
    const size_t n = strlen(fields);
    snprintf(fields + n, len - n,
             ",\"client\":\"%s\",\"target\":\"%s\",\"user_agent\":\"%s\",\"content_type\":\"%s\","
             "\"body_bytes\":%zu,\"reply_bytes\":%zu",
             client, target, agent, type, r->body_len + r->discarded, r->reply_len);
}

void rhd_flow_sent_early(rhd_request *r, rhd_traffic *t)
{
    if (r->out_early) return;
    r->out_early = true;
    atomic_fetch_sub(&t->active, 1);
}

void rhd_flow_end(rhd_request *r, rhd_request_end how, const rhd_request_client *client,
                  rhd_traffic *t)
{
    const uint64_t duration = rh_clock_us() - r->start_us;
    const int status = logged_status(r, how);
    rhd_metrics_request(r->route, r->method, status, duration);
    char fields[2048], id[2 * RHD_REQUEST_ID_MAX + 1], method[64];
    rhd_json_escape(id, sizeof id, r->request_id);
    /* MHD passes any method token through, quotes and backslashes included: escape it, and
     * bound it so that the line always fits. */
    rhd_json_escape(method, sizeof method, r->method);
    int n = snprintf(fields, sizeof fields,
                     "\"request_id\":\"%s\",\"method\":\"%s\",\"path\":\"%s\",\"status\":%d,"
                     "\"duration_us\":%llu",
                     id, method, rhd_route_label(r->route), status, (unsigned long long)duration);
    if (r->algorithm && n > 0 && (size_t)n < sizeof fields)
        snprintf(fields + n, sizeof fields - (size_t)n,
                 ",\"algorithm\":\"%s\",\"nodes\":%llu,\"source\":\"%s\"", r->algorithm,
                 (unsigned long long)r->nodes, r->source ? r->source : "search");
    if (how != RHD_END_COMPLETED && n > 0 && (size_t)n < sizeof fields)
        snprintf(fields + strlen(fields), sizeof fields - strlen(fields), ",\"closed_early\":true");
    if (client) debug_fields(fields, sizeof fields, r, client);
    rhd_log(status >= 500 ? RHD_LOG_WARN : RHD_LOG_INFO, "request", fields);
    const bool counted = !r->out_early;
    rhd_flow_free(r);
    if (counted) atomic_fetch_sub(&t->active, 1);
}

void rhd_flow_free(rhd_request *r)
{
    free(r->target);
    free(r->body);
    if (r->reply && !r->reply_static) free(r->reply);
    if (r->state_free) r->state_free(r->state);
    free(r);
}

/* libmicrohttpd 0.9.75's words for a connection refused at the connection limit or at the
 * per-address limit (one message for both). */
static const char refused_message[] = "Server reached connection limit";

void rhd_flow_library_message(const char *message, rhd_traffic *t)
{
    char msg[512], escaped[1100], fields[1250];
    snprintf(msg, sizeof msg, "%s", message);
    msg[strcspn(msg, "\n")] = '\0';
    rhd_json_escape(escaped, sizeof escaped, msg);
    int n = snprintf(fields, sizeof fields, "\"message\":\"%s\"", escaped);
    if (strncmp(msg, refused_message, sizeof refused_message - 1) == 0) {
        /* A flood of these is an attack or a misconfigured client: count every one, log one
         * line a second. */
        rhd_metrics_refused();
        uint64_t held;
        if (!rhd_throttle_pass(&t->refusals, rh_clock_us(), 1000000u, &held)) return;
        snprintf(fields + n, sizeof fields - (size_t)n, ",\"suppressed\":%llu",
                 (unsigned long long)held);
    }
    static const char answered[] = "Error processing request (HTTP response code is ";
    if (strncmp(msg, answered, sizeof answered - 1) == 0)
        /* MHD answered the request itself (400, 414, 431, 505), before any handler ran: this
         * line is all the service hears of it, and every request is counted. */
        rhd_metrics_request(RHD_ROUTE_OTHER, NULL, (int)strtol(msg + sizeof answered - 1, NULL, 10),
                            0);
    rhd_log(RHD_LOG_WARN, "libmicrohttpd", fields);
}
