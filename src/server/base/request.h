/* One HTTP request's state, from its first header to its completion callback, and the
 * functions that answer it. Shared by the request's steps (request_flow.c), the libmicrohttpd
 * glue (server.c) and the routes. */
#ifndef RHD_REQUEST_H
#define RHD_REQUEST_H

#include <microhttpd.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "http_policy.h"
#include "metrics.h"
#include "pool.h"
#include "services.h"
#include "rushhour/json.h"
#include "rushhour/rushhour.h"

typedef enum {
    RHD_READING,  /* receiving the body */
    RHD_QUEUED,   /* suspended while a worker searches */
    RHD_REPLYING, /* a reply is ready to be queued on the MHD thread */
    RHD_ANSWERED, /* MHD owns the response */
} rhd_phase;

typedef struct rhd_request {
    rhd_services *services; /* the running server's parts the routes use */
    const rhd_config *cfg;
    struct MHD_Connection *conn;
    int route; /* its id in the route table (routes/route_table.h), which metrics count by */
    const char *method; /* MHD's, valid until completion */
    const char *path;   /* MHD's decoded path, no query: valid until completion */
    char request_id[RHD_REQUEST_ID_MAX + 1];
    char origin[256]; /* the Origin header when CORS allows it, else "" */
    uint64_t start_us;
    /* The request-target as sent (a NUL included), copied before MHD decodes it in place. */
    char *target;
    size_t target_len;
    rhd_phase phase;
    bool begun;     /* the handler has seen it; if not, MHD answered the request itself */
    bool close;     /* the framing is broken: answer at once and close the connection */
    bool suspended; /* the connection waits for MHD_resume_connection before replying */
    /* The body, grown by doubling up to the configured limit. */
    char *body;
    size_t body_len, body_cap;
    bool body_too_big;
    bool body_is_text; /* a text board (text/plain), else JSON (http_policy.h) */
    size_t discarded;  /* body bytes read and dropped after an early 413 */
    bool out_early;    /* its reply went out before its end (rhd_flow_sent_early) */
    /* The reply, built off the MHD thread when a search was involved. */
    int status;
    char *reply; /* handed to MHD: freed by it unless reply_static */
    size_t reply_len;
    bool reply_static;
    const char *content_type;
    const char *allow;        /* the Allow header of a 405 */
    const char *csp;          /* Content-Security-Policy of a page, or NULL */
    const char *worker_scope; /* Service-Worker-Allowed of the page's worker, or NULL */
    const char *etag;         /* the entity tag of a 200 that may be cached (headers.h), or NULL */
    int retry_after;          /* seconds, or 0 for none */
    /* For the log line. */
    const char *algorithm;
    uint64_t nodes;
    const char *source; /* what answered a solve, hint or verify: "search", "cache", "table" */
    /* What a route hands to its workers, freed by `state_free` when the request completes. */
    void *state;
    void (*state_free)(void *state);
    /* The jobs still running for this request, and what the last one to end calls before the
     * connection resumes (NULL when the request's one task replies from its outcome, as
     * routes/route_task.c does); see work.h. */
    atomic_int jobs_left;
    void (*finish)(struct rhd_request *r);
    atomic_bool abandoned; /* a job was dropped or cancelled because the client went away */
    bool http11;           /* the request is HTTP/1.1: an interim 1xx may be sent */
    atomic_bool asked;     /* a 100 Continue was sent to see if it is gone (work.c) */
} rhd_request;

/* The status of a request whose client went away before its answer (nginx's "client closed
 * request"): a label for the log and metrics only, never sent. */
#define RHD_STATUS_CLIENT_CLOSED 499

/* Answers `r` by closing its connection without a reply: logged and counted as 499. */
void rhd_reply_hang_up(rhd_request *r);

/* Sets a JSON reply from `doc` (consumed) with `status`. */
void rhd_reply_json(rhd_request *r, int status, cJSON *doc);

/* Builds an RFC 9457 problem document: type "urn:rushhourd:problem:<slug>", title, status,
 * detail (when not NULL), the request's id and, when `extra` is not NULL, its members merged in
 * (consumed). Returns a new object (cJSON_Delete), or NULL when out of memory. */
cJSON *rhd_problem(const rhd_request *r, int status, const char *slug, const char *title,
                   const char *detail, cJSON *extra);

/* Sets an RFC 9457 problem reply: type "urn:rushhourd:problem:<slug>", title, status, detail and,
 * when `extra` is not NULL, its members merged in (consumed). */
void rhd_reply_problem(rhd_request *r, int status, const char *slug, const char *title,
                       const char *detail, cJSON *extra);

/* Sets the 500 internal problem, whose detail is the same for every cause: `cause` goes to the
 * log (an "internal_error" line with the request id), never to the client. */
void rhd_reply_internal(rhd_request *r, const char *cause);

/* rhd_reply_internal with the cause "out of memory". */
void rhd_reply_no_memory(rhd_request *r);

/* Sets a reply from a static text (not copied). */
void rhd_reply_static(rhd_request *r, int status, const char *content_type, const char *text,
                      size_t len);

/* Sets a reply taking ownership of a malloc'd text. */
void rhd_reply_owned(rhd_request *r, int status, const char *content_type, char *text, size_t len);

#endif
