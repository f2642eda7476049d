/* The HTTP front of rushhourd: libmicrohttpd in epoll thread-pool mode and the glue between it
 * and the steps of a request (request_flow.h): gathering a request's header, feeding its body,
 * queuing its response with its headers (CORS among them), answering early 413s and deadline
 * 408s on the socket, and the graceful drain. Searches never run on these threads: work.c hands
 * them to the worker pool. */
#include <arpa/inet.h>
#include <limits.h>
#include <assert.h>
#include <netinet/in.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "rushhour/clock.h"
#include "headers.h"
#include "deadline.h"
#include "http_policy.h"
#include "log.h"
#include "puzzle_bank.h"
#include "request.h"
#include "request_flow.h"
#include "routes/route_table.h"
#include "server.h"
#include "table_prefetch.h"

/* What a daemon's callbacks are given: the server, and which listener took the request. */
typedef struct {
    rhd_server *server;
    bool admin; /* the admin listener: probes and metrics only */
} listener;

struct rhd_server {
    rhd_config cfg;
    struct MHD_Daemon *daemon, *admin; /* admin: NULL when --admin-port is off */
    listener main_listener, admin_listener;
    rhd_deadlines *deadlines;
    rhd_services svc; /* what the routes use; every request points at it */
    int port, admin_port;
    rhd_traffic traffic; /* request ids, requests in flight, the refusals' log line */
};

/* The server of a request: the one whose services it points at. */
static rhd_server *server_of(const rhd_request *r)
{
    return rhd_container_of(r->services, rhd_server, svc);
}

/* The header fields as the policy reads them. MHD 0.9.75 hands out values cut at a NUL
 * (value_size is their strlen), but it parses in place: each value's line runs on in the read
 * buffer up to the next field's name, the last one's up to the end of the header block
 * (method + MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE). MHD turns CR and LF into NULs there, so
 * the real value is that span less its trailing NULs: a NUL with bytes after it shows. Where
 * the layout is not as expected (no header size known), the values are taken as MHD gives
 * them. */
typedef struct {
    rhd_http_field *fields;
    size_t count, cap;
} field_list;

static enum MHD_Result gather_field(void *cls, enum MHD_ValueKind kind, const char *name,
                                    size_t name_len, const char *value, size_t value_len)
{
    (void)kind;
    field_list *l = cls;
    if (l->count == l->cap) return MHD_NO;
    l->fields[l->count++] = (rhd_http_field){name, name_len, value ? value : "", value_len};
    return MHD_YES;
}

static void real_value_lengths(field_list *l, const char *head, const char *head_end)
{
    for (size_t i = 0; i < l->count; i++) {
        rhd_http_field *f = &l->fields[i];
        const uintptr_t v = (uintptr_t)f->value, end = i + 1 < l->count
                                                           ? (uintptr_t)l->fields[i + 1].name
                                                           : (uintptr_t)head_end;
        if (v < (uintptr_t)head || end > (uintptr_t)head_end || end < v + f->value_len) return;
        size_t n = (size_t)(end - v);
        while (n > f->value_len &&
               (f->value[n - 1] == '\0' || f->value[n - 1] == '\r' || f->value[n - 1] == '\n'))
            n--;
        f->value_len = n;
    }
}

/* MHD's first word on a request: its target as sent, before MHD decodes it in place and
 * passes it on cut at any NUL. The request's state starts here, with a copy of the target, and
 * the connection's header deadline restarts. Returns the state, or NULL when out of memory (the
 * handler then drops the connection). */
static void *on_uri(void *cls, const char *uri, struct MHD_Connection *c)
{
    const listener *l = cls;
    rhd_deadlines_uri(l->server->deadlines, uri, c);
    rhd_request *r = rhd_flow_new(uri, strlen(uri));
    if (r) r->services = &l->server->svc;
    return r;
}

/* The bytes of the request-target past a NUL, which MHD left untouched after it: the target
 * runs on to the space before the version, all in MHD's read buffer (head to head_end). */
static bool take_whole_target(rhd_request *r, const char *url, const char *version,
                              const char *head, const char *head_end)
{
    const uintptr_t t = (uintptr_t)url, v = (uintptr_t)version;
    if (t < (uintptr_t)head || v <= t + r->target_len + 1 || v >= (uintptr_t)head_end) return true;
    const size_t len = (size_t)(v - t) - 1;
    char *whole = realloc(r->target, len + 1);
    if (!whole) return false;
    memcpy(whole + r->target_len, url + r->target_len, len - r->target_len);
    whole[len] = '\0';
    r->target = whole;
    r->target_len = len;
    return true;
}

/* Gathers the request line and header fields and begins the request from them. */
static void request_begin(const listener *lst, rhd_request *r, struct MHD_Connection *c,
                          const char *url, const char *method, const char *version)
{
    rhd_server *s = lst->server;
    r->cfg = &s->cfg;
    r->conn = c;
    const int count = MHD_get_connection_values(c, MHD_HEADER_KIND, NULL, NULL);
    field_list fl = {malloc(((size_t)count + 1) * sizeof *fl.fields), 0, (size_t)count};
    const union MHD_ConnectionInfo *size =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    const char *head_end = size ? method + size->header_size : method;
    if (!fl.fields || !take_whole_target(r, url, version, method, head_end)) {
        free(fl.fields);
        rhd_flow_begin_no_memory(r, method, &s->traffic);
        return;
    }
    MHD_get_connection_values_n(c, MHD_HEADER_KIND, gather_field, &fl);
    if (size) real_value_lengths(&fl, method, head_end);
    const rhd_request_head h = {
        .path = url,
        .method = method,
        .version = version,
        .fields = fl.fields,
        .field_count = fl.count,
        .origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin"),
        .admin_listener = lst->admin,
    };
    rhd_flow_begin(r, &h, &s->traffic);
    free(fl.fields);
}

typedef struct {
    const char *etag;
    bool listed;
} etag_search;

static enum MHD_Result find_etag(void *cls, enum MHD_ValueKind kind, const char *key,
                                 const char *value)
{
    (void)kind;
    etag_search *s = cls;
    if (value && strcasecmp(key, MHD_HTTP_HEADER_IF_NONE_MATCH) == 0 &&
        rhd_etag_listed(value, s->etag))
        s->listed = true;
    return MHD_YES;
}

/* Whether an If-None-Match field of the request on connection `c` lists `etag`: each field is
 * a list, and a client may send several. */
static bool client_lists(void *c, const char *etag)
{
    etag_search s = {etag, false};
    MHD_get_connection_values(c, MHD_HEADER_KIND, find_etag, &s);
    return s.listed;
}

static enum MHD_Result send_reply(rhd_request *r)
{
    if (!rhd_deadline_handled(r->conn)) return MHD_NO; /* the reaper answered 408 */
    /* 499 is a label, never a status on the wire: MHD closes the connection instead. */
    if (r->status == RHD_STATUS_CLIENT_CLOSED) {
        r->phase = RHD_ANSWERED;
        return MHD_NO;
    }
    const rhd_cache_headers cache = rhd_cache_decide(r, client_lists, r->conn);
    struct MHD_Response *resp = MHD_create_response_from_buffer(
        r->reply_len, r->reply ? r->reply : (char *)"",
        r->reply && !r->reply_static ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (!resp) return MHD_NO;
    if (!r->reply_static) r->reply = NULL; /* MHD frees it now */
    /* While draining, keep-alive connections close after their reply. */
    rhd_headers h;
    rhd_headers_of(&h, r, &cache, r->close || atomic_load(&r->services->draining));
    for (int k = 0; k < h.count; k++) MHD_add_response_header(resp, h.at[k].name, h.at[k].value);
    const enum MHD_Result ok = MHD_queue_response(r->conn, (unsigned)r->status, resp);
    MHD_destroy_response(resp);
    r->phase = RHD_ANSWERED;
    return ok;
}

static bool has_body(struct MHD_Connection *c)
{
    const char *length =
        MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    return (length && strtoull(length, NULL, 10) > 0) ||
           MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING);
}

/* Sends `r`'s answer, a problem already set, straight on the socket `fd`, closing after it:
 * the two answers libmicrohttpd 0.9.75 cannot queue (below). Returns whether it was sent. */
static bool send_raw(int fd, rhd_request *r)
{
    const rhd_cache_headers cache = rhd_cache_decide(r, NULL, NULL);
    rhd_headers h;
    rhd_headers_of(&h, r, &cache, true);
    char head[1024];
    const size_t n =
        rhd_headers_raw(head, sizeof head, r->status,
                        MHD_get_reason_phrase_for((unsigned)r->status), &h, r->reply_len);
    struct iovec parts[2] = {{head, n}, {r->reply, r->reply_len}};
    struct msghdr msg = {.msg_iov = parts, .msg_iovlen = 2};
    return n > 0 && sendmsg(fd, &msg, MSG_NOSIGNAL | MSG_DONTWAIT) >= 0;
}

/* A body past the limit, answered 413 as soon as the limit is passed. MHD 0.9.75 queues no
 * response while a body is still arriving, so the reply is written on the socket here, the
 * sending side shut, and the rest of the body read and dropped (up to the limit again, so that
 * the client reads the reply before the socket closes) rather than closed on at once, which
 * would reset the connection and lose the reply. */
static enum MHD_Result refuse_body_now(rhd_request *r)
{
    rhd_metrics_rejected(RHD_REJECT_BODY_TOO_LARGE);
    rhd_reply_problem(r, 413, "body-too-large", "Content Too Large",
                      "the body is larger than the server accepts", NULL);
    r->phase = RHD_ANSWERED;
    const union MHD_ConnectionInfo *fd =
        MHD_get_connection_info(r->conn, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (!fd || !send_raw(fd->connect_fd, r)) return MHD_NO;
    shutdown(fd->connect_fd, SHUT_WR);
    rhd_flow_sent_early(r, &server_of(r)->traffic);
    return MHD_YES;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version, const char *upload,
                                  size_t *upload_size, void **state)
{
    const listener *l = cls;
    rhd_request *r = *state;
    if (!r) return MHD_NO; /* on_uri was out of memory */
    if (!r->begun) {
        request_begin(l, r, c, url, method, version);
        if (!rhd_deadline_body(c, r->request_id)) return MHD_NO; /* the header came too late */
        /* An answer decided from the headers goes out at once when a body is coming (it is
         * not read) or the framing is broken; MHD then closes the connection. Otherwise it
         * goes on the next call, which keeps the connection alive (CORS preflights, 404s,
         * 405s). */
        return r->phase == RHD_REPLYING && (r->close || has_body(c)) ? send_reply(r) : MHD_YES;
    }
    switch (r->phase) {
    case RHD_READING:
        if (*upload_size) {
            rhd_flow_take_body(r, upload, *upload_size);
            *upload_size = 0;
            if (!r->body_too_big) return MHD_YES;
            /* The 413 goes out now, so no deadline may answer this request again. */
            return rhd_deadline_handled(c) ? refuse_body_now(r) : MHD_NO;
        }
        if (!rhd_deadline_handled(c)) return MHD_NO; /* the body came too late: 408 sent */
        assert(r->route != RHD_ROUTE_OTHER && "an unknown path is answered 404 from its headers");
        rhd_routes[r->route].handle(r);
        /* A suspended connection is answered when MHD calls back after its resumption. */
        return r->suspended ? MHD_YES : send_reply(r);
    case RHD_REPLYING: return send_reply(r);
    case RHD_QUEUED:
    case RHD_ANSWERED:
    default:
        /* The rest of a body already answered; after a 413 sent early, only up to a bound. */
        r->discarded += *upload_size;
        *upload_size = 0;
        return r->discarded > r->cfg->max_body_bytes ? MHD_NO : MHD_YES;
    }
}

/* Ends a request; at --log-level debug its line also says who asked, read from the connection. */
static void end_request(rhd_request *r, struct MHD_Connection *c, rhd_request_end how)
{
    if (!rhd_log_enabled(RHD_LOG_DEBUG)) {
        rhd_flow_end(r, how, NULL, &server_of(r)->traffic);
        return;
    }
    char address[INET6_ADDRSTRLEN] = "";
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *sa = info ? info->client_addr : NULL;
    if (sa && sa->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, address,
                  sizeof address);
    else if (sa && sa->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, address,
                  sizeof address);
    const rhd_request_client client = {
        .address = address,
        .user_agent = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_USER_AGENT),
        .content_type =
            MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE),
    };
    rhd_flow_end(r, how, &client, &server_of(r)->traffic);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **state,
                         enum MHD_RequestTerminationCode why)
{
    (void)cls;
    rhd_request *r = *state;
    if (!r) return;
    *state = NULL;
    if (!r->begun) { /* MHD refused the request itself (431, 414, ...), or its header expired */
        rhd_flow_free(r);
        return;
    }
    if (r->phase == RHD_READING && rhd_deadline_expired(c)) {
        r->phase = RHD_ANSWERED;
        r->status = 408; /* by the reaper, on the socket */
    }
    rhd_deadline_idle(c);
    end_request(r, c,
                why == MHD_REQUEST_TERMINATED_COMPLETED_OK      ? RHD_END_COMPLETED
                : why == MHD_REQUEST_TERMINATED_TIMEOUT_REACHED ? RHD_END_TIMEOUT
                : why == MHD_REQUEST_TERMINATED_DAEMON_SHUTDOWN ? RHD_END_SHUTDOWN
                                                                : RHD_END_CLIENT_GONE);
}

/* Percent-decoding of the path, except that a path holding %00 stays encoded: decoded, the NUL
 * would end the string early and "/v1/solve%00.png" would route as "/v1/solve". Left
 * encoded, it matches no route (404). */
static size_t unescape_path(void *cls, struct MHD_Connection *c, char *s)
{
    (void)cls;
    (void)c;
    if (strstr(s, "%00")) return strlen(s);
    return MHD_http_unescape(s);
}

static void mhd_logger(void *cls, const char *fmt, va_list ap)
{
    rhd_server *s = cls;
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    rhd_flow_library_message(msg, &s->traffic);
}

/* The 408 of a request past its header or body deadline (deadline.h), written on the raw
 * socket: libmicrohttpd 0.9.75 queues a response only before a body or after it, and calls no
 * handler at all before the header is complete. Runs on the reaper thread. */
static void answer_timeout(void *arg, int fd, bool body, const char *request_id)
{
    rhd_server *s = arg;
    rhd_request r = {.services = &s->svc, .cfg = &s->cfg, .status = 408};
    if (*request_id)
        snprintf(r.request_id, sizeof r.request_id, "%s", request_id);
    else
        rhd_flow_new_id(&s->traffic, r.request_id);
    char detail[96];
    snprintf(detail, sizeof detail, "the request %s did not arrive within %d s",
             body ? "body" : "header", body ? s->cfg.body_timeout_s : s->cfg.header_timeout_s);
    rhd_reply_problem(&r, 408, "request-timeout", "Request Timeout", detail, NULL);
    /* A few hundred bytes into a socket the server has not written to: they fit its buffer.
     * Should the client be gone, there is nobody left to tell. */
    (void)send_raw(fd, &r);
    if (!r.reply_static) free(r.reply);
    rhd_metrics_timeout(body);
    if (body) return; /* the request's completion logs and counts it */
    /* A header that never completed made no request for MHD: log and count it here. */
    const uint64_t waited_us = (uint64_t)s->cfg.header_timeout_s * 1000000u;
    rhd_metrics_request(RHD_ROUTE_OTHER, NULL, 408, waited_us);
    char fields[200];
    snprintf(fields, sizeof fields,
             "\"request_id\":\"%s\",\"method\":\"\",\"path\":\"other\",\"status\":408,"
             "\"duration_us\":%llu,\"closed_early\":true",
             r.request_id, (unsigned long long)waited_us);
    rhd_log(RHD_LOG_INFO, "request", fields);
}

/* The listening address, or false when `bind` is neither IPv4 nor IPv6. */
static bool make_address(const char *bind, int port, struct sockaddr_storage *addr, unsigned *flags)
{
    struct sockaddr_in *v4 = (struct sockaddr_in *)addr;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)addr;
    memset(addr, 0, sizeof *addr);
    if (inet_pton(AF_INET, bind, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons((uint16_t)port);
        return true;
    }
    if (inet_pton(AF_INET6, bind, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons((uint16_t)port);
        *flags |= MHD_USE_IPv6;
        return true;
    }
    return false;
}

/* The admin listener's budget: a few probes and scrapes at a time, on one thread of its own,
 * whatever the main listener is going through. */
#define ADMIN_CONNECTIONS 16u

/* Starts the daemon of listener `l` on `port`; NULL when it cannot listen. */
static struct MHD_Daemon *start_daemon(rhd_server *s, listener *l, int port)
{
    const rhd_config *cfg = &s->cfg;
    struct sockaddr_storage addr;
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME |
                     MHD_USE_ERROR_LOG;
    if (!make_address(cfg->bind, port, &addr, &flags)) return NULL;
    return MHD_start_daemon(
        flags, (uint16_t)port, NULL, NULL, on_request, l, MHD_OPTION_EXTERNAL_LOGGER, mhd_logger, s,
        MHD_OPTION_SOCK_ADDR, &addr, MHD_OPTION_CONNECTION_LIMIT,
        l->admin ? ADMIN_CONNECTIONS : (unsigned)cfg->max_connections,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, l->admin ? 0u : (unsigned)cfg->max_connections_per_ip,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)cfg->idle_timeout_s,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)cfg->header_memory_bytes,
        MHD_OPTION_NOTIFY_COMPLETED, on_completed, s, MHD_OPTION_NOTIFY_CONNECTION,
        rhd_deadlines_notify, s->deadlines, MHD_OPTION_URI_LOG_CALLBACK, on_uri, l,
        MHD_OPTION_UNESCAPE_CALLBACK, unescape_path, NULL,
        /* The admin listener's one thread: its list ends here, as any pool size (even 0 or 1)
         * would be logged as ignored. */
        l->admin ? MHD_OPTION_END : MHD_OPTION_THREAD_POOL_SIZE, (unsigned)cfg->http_threads,
        MHD_OPTION_END);
}

static int bound_port(struct MHD_Daemon *d, int configured)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : configured;
}

/* Frees what a start that failed had set up, in the reverse order; returns -1. */
static int abandon_start(rhd_server *s)
{
    if (s->svc.prefetch.builder) {
        rhd_pool_drain(s->svc.prefetch.builder, 0);
        rhd_pool_stop(s->svc.prefetch.builder);
    }
    rhd_build_budget_destroy(&s->svc.prefetch.budget);
    if (s->svc.pool) {
        rhd_pool_drain(s->svc.pool, 0);
        rhd_pool_stop(s->svc.pool);
    }
    rhd_tables_free(s->svc.tables);
    rhd_cache_free(s->svc.cache);
    if (s->deadlines) rhd_deadlines_stop(s->deadlines);
    rh_bank_close(s->svc.bank);
    free(s);
    return -1;
}

int rhd_server_start(rhd_server **out, const rhd_config *cfg, char *err, size_t err_len)
{
    rhd_server *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, err_len, "out of memory");
        return -1;
    }
    s->cfg = *cfg;
    s->traffic.id_seed = rh_clock_us() ^ ((uint64_t)getpid() << 32);
    s->main_listener = (listener){s, false};
    rhd_route_name_metrics();
    s->admin_listener = (listener){s, true};
    rhd_build_budget_init(&s->svc.prefetch.budget, cfg->table_builds_per_min,
                          cfg->table_build_cpu_ms_per_min, rh_clock_us());
    s->svc.prefetch.max_memory = rhd_config_search_memory(cfg);
    char warn[PATH_MAX + 64];
    if (rhd_bank_load(&s->svc.bank, cfg, err, err_len, warn, sizeof warn) != 0)
        return abandon_start(s);
    if (s->svc.bank &&
        rhd_bank_etag(s->svc.bank, s->svc.puzzle_etag, sizeof s->svc.puzzle_etag) != 0) {
        snprintf(err, err_len, "cannot read the puzzle bank's meta");
        return abandon_start(s);
    }
    if (warn[0]) {
        char why[2 * sizeof warn], fields[2 * sizeof warn + 16];
        rhd_json_escape(why, sizeof why, warn);
        snprintf(fields, sizeof fields, "\"why\":\"%s\"", why);
        rhd_log(RHD_LOG_WARN, "no_bank", fields);
    }
    if (rhd_deadlines_start(&s->deadlines, cfg->header_timeout_s, cfg->body_timeout_s,
                            cfg->idle_timeout_s, answer_timeout, s) != 0) {
        snprintf(err, err_len, "cannot start the request deadline thread");
        return abandon_start(s);
    }
    /* Not quietly a server without the caches it was given. */
    if (!(s->svc.cache = rhd_cache_new(cfg->cache_bytes)) && cfg->cache_bytes) {
        snprintf(err, err_len, "cannot allocate the answer cache");
        return abandon_start(s);
    }
    if (!(s->svc.tables = rhd_tables_new(cfg->table_cache_bytes)) && cfg->table_cache_bytes) {
        snprintf(err, err_len, "cannot allocate the table cache");
        return abandon_start(s);
    }
    if (rhd_pool_start(&s->svc.pool, cfg->workers, cfg->queue_length, true) != 0) {
        snprintf(err, err_len, "cannot start %d workers", cfg->workers);
        return abandon_start(s);
    }
    if (s->svc.tables &&
        rhd_pool_start(&s->svc.prefetch.builder, 1, RHD_TABLE_PREFETCH_QUEUE, false) != 0) {
        snprintf(err, err_len, "cannot start the table builder");
        return abandon_start(s);
    }
    s->daemon = start_daemon(s, &s->main_listener, cfg->port);
    if (!s->daemon) { /* a bad address too, though the configuration checked it */
        snprintf(err, err_len, "cannot listen on %s port %d", cfg->bind, cfg->port);
        return abandon_start(s);
    }
    if (cfg->admin_port >= 0 &&
        !(s->admin = start_daemon(s, &s->admin_listener, cfg->admin_port))) {
        snprintf(err, err_len, "cannot listen on %s admin port %d", cfg->bind, cfg->admin_port);
        MHD_stop_daemon(s->daemon);
        return abandon_start(s);
    }
    s->port = bound_port(s->daemon, cfg->port);
    s->admin_port = s->admin ? bound_port(s->admin, cfg->admin_port) : -1;
    *out = s;
    return 0;
}

unsigned rhd_server_tick(rhd_server *s)
{
    const time_t now = time(NULL);
    rhd_tables_pin_day(s->svc.tables, &s->svc.prefetch, s->svc.bank, (int64_t)now / 86400);
    const unsigned to_midnight = (unsigned)(86400 - now % 86400);
    return to_midnight < 60 ? to_midnight : 60;
}

int rhd_server_admin_port(const rhd_server *s)
{
    return s->admin_port;
}

int rhd_server_port(const rhd_server *s)
{
    return s->port;
}

void rhd_server_set_ready(rhd_server *s, bool ready)
{
    atomic_store(&s->svc.ready, ready);
}

void rhd_server_begin_drain(rhd_server *s)
{
    /* No MHD_quiesce_daemon: in 0.9.75 it races a worker thread that is awake to take the
     * listening socket out of epoll, and the loser aborts the process ("Failed to remove
     * listen FD from epoll set"). The listener stays open instead; from now on every reply
     * closes its connection, /readyz answers 503 and searches are refused with 503, and
     * MHD_stop_daemon closes the listener at the end. */
    atomic_store(&s->svc.draining, true);
    rhd_pool_close(s->svc.pool);
    if (s->svc.prefetch.builder) rhd_pool_close(s->svc.prefetch.builder);
}

void rhd_server_drain(rhd_server *s, uint64_t deadline_us)
{
    rhd_server_begin_drain(s);
    /* Every job resumes its connection when it ends, so once the pool is idle no connection
     * is left suspended. */
    rhd_pool_drain(s->svc.pool, deadline_us);
    if (s->svc.prefetch.builder) /* builds: cancelled */
        rhd_pool_drain(s->svc.prefetch.builder, rh_clock_us());
    /* Then the replies in flight are sent; idle keep-alive connections are simply closed by
     * MHD_stop_daemon. */
    while (atomic_load(&s->traffic.active) > 0 && rh_clock_us() < deadline_us) {
        struct timespec pause = {0, 5 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
}

void rhd_server_stop(rhd_server *s)
{
    if (!s) return;
    if (s->admin) MHD_stop_daemon(s->admin);
    MHD_stop_daemon(s->daemon);
    rhd_deadlines_stop(s->deadlines); /* no connection is left to expire */
    rhd_pool_stop(s->svc.pool);
    if (s->svc.prefetch.builder) rhd_pool_stop(s->svc.prefetch.builder);
    rhd_build_budget_destroy(&s->svc.prefetch.budget);
    rhd_tables_free(s->svc.tables);
    rhd_cache_free(s->svc.cache);
    rh_bank_close(s->svc.bank);
    free(s);
}
