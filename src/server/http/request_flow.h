/* The steps of handling one HTTP request that need no connection: its state's birth, routing,
 * its request id, the checks of its header, taking its body, and, at its end, its status, its
 * count and its access log line; and the filter of libmicrohttpd's own log messages. They take
 * plain inputs (the header fields already gathered, the message already formatted); server.c
 * is the libmicrohttpd glue that gathers them and calls these, and the HTTP input fuzzer calls
 * them directly. */
#ifndef RHD_REQUEST_FLOW_H
#define RHD_REQUEST_FLOW_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "http_policy.h"
#include "request.h"
#include "throttle.h"

/* What the server keeps across its requests. Zeroed, then `id_seed` set, it is ready. */
typedef struct {
    uint64_t id_seed;
    atomic_uint_fast64_t id_counter;
    atomic_int active;     /* requests begun and not ended, their replies not all out */
    rhd_throttle refusals; /* the log line of connections refused at a limit */
} rhd_traffic;

/* What the header of a request says, as the glue gathered it. */
typedef struct {
    const char *path;    /* the decoded path the route is found by */
    const char *method;  /* valid until the request ends */
    const char *version; /* "HTTP/1.1", ... */
    const rhd_http_field *fields;
    size_t field_count;
    const char *origin;  /* the Origin header, or NULL */
    bool admin_listener; /* it came to the admin listener */
} rhd_request_head;

/* How a request ended, for its status when none was queued (rhd_flow_end). */
typedef enum {
    RHD_END_COMPLETED,   /* its response was sent */
    RHD_END_TIMEOUT,     /* the idle timeout closed it: 408 */
    RHD_END_SHUTDOWN,    /* the server stopped: 503 */
    RHD_END_CLIENT_GONE, /* the client went away or the connection broke: 499 */
} rhd_request_end;

/* What --log-level debug adds to a request's line, as the glue gathered it (NULL: none). */
typedef struct {
    const char *address; /* the client's address in text */
    const char *user_agent, *content_type;
} rhd_request_client;

/* A new request's state, started now, owning a copy of its request-target as sent (its
 * `target_len` bytes, NULs included); NULL when out of memory. */
rhd_request *rhd_flow_new(const char *target, size_t target_len);

/* A new request id into `id`: 16 hex digits, a different one on each call with `t`. */
void rhd_flow_new_id(rhd_traffic *t, char id[RHD_REQUEST_ID_MAX + 1]);

/* Begins `r` (r->cfg set, its target taken) from its header: finds its route, asks the HTTP
 * policy, gives it its id (the client's when the policy accepts it), keeps the Origin CORS
 * allows, and applies the route's rules. Counts it active. When the header already decides the
 * answer, sets the reply and phase RHD_REPLYING; else the phase is RHD_READING. */
void rhd_flow_begin(rhd_request *r, const rhd_request_head *h, rhd_traffic *t);

/* Begins `r` (r->cfg set) already answered: a 500 "out of memory" that closes the connection,
 * for a request whose header the glue had no memory to gather. Counts it active. */
void rhd_flow_begin_no_memory(rhd_request *r, const char *method, rhd_traffic *t);

/* Appends a chunk of the body, or marks the body too big (past r->cfg->max_body_bytes, or
 * more than memory holds) and drops it. */
void rhd_flow_take_body(rhd_request *r, const char *data, size_t n);

/* Counts a begun request inactive once its whole reply is written before the request ends (an
 * early 413, the rest of whose body is still read and dropped): a drain waits for the replies
 * not yet out, not for a client that keeps such a connection open. */
void rhd_flow_sent_early(rhd_request *r, rhd_traffic *t);

/* Ends a begun request: its status (the one queued, else by `how`), its count in the metrics,
 * its access log line; then frees it and counts it inactive (unless already). */
void rhd_flow_end(rhd_request *r, rhd_request_end how, const rhd_request_client *client,
                  rhd_traffic *t);

/* Frees a request's state and everything it owns. */
void rhd_flow_free(rhd_request *r);

/* One message of libmicrohttpd's own, already formatted: logged as a warning, cut at its first
 * newline. Connections refused at a limit are counted every time and logged at most once a
 * second; a request libmicrohttpd answered itself (400, 414, 431, 505) is counted. */
void rhd_flow_library_message(const char *message, rhd_traffic *t);

#endif
