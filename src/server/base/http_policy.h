/* rushhourd's HTTP policy as a pure function: which requests are refused from their request
 * line and header fields alone (RFC 9112 message framing, Host, body limits, media types), and
 * which client request id is echoed. Plain values in, a decision out: no libmicrohttpd, no
 * I/O, no globals, caller-owned memory, so that it is unit-tested and fuzzed on its own. */
#ifndef RHD_HTTP_POLICY_H
#define RHD_HTTP_POLICY_H

#include <stdbool.h>
#include <stddef.h>

#define RHD_REQUEST_ID_MAX 64

/* One header field. The lengths are the real ones on the wire: a value may hold a NUL. */
typedef struct {
    const char *name;
    size_t name_len;
    const char *value;
    size_t value_len;
} rhd_http_field;

typedef struct {
    const char *target; /* the request-target as sent, with its real length */
    size_t target_len;
    const char *version; /* "HTTP/1.1", "HTTP/1.0" */
    const rhd_http_field *fields;
    size_t field_count;
    bool takes_body;       /* the route reads a body: the body limit and the media type apply */
    bool takes_text_board; /* the route also reads a text board (text/plain), not JSON only */
    size_t max_body_bytes;
} rhd_http_request;

typedef struct {
    int status; /* 0: accepted; otherwise the status of the problem reply */
    const char *slug, *title, *detail;
    /* The message's framing cannot be trusted: answer before routing and close. */
    bool framing;
    /* Accepted with a body that is a text board (text/plain), not JSON. */
    bool body_is_text;
    /* The client's X-Request-Id when it may be echoed (short and plain), else NULL. */
    const char *request_id;
    size_t request_id_len;
} rhd_http_decision;

/* Decides on a request from its request line and header fields. Checks, in order: the
 * request-target (no whitespace or control bytes), each field (a token name, a value without
 * NUL, CR or LF), exactly one Host in HTTP/1.1 (at most one in 1.0), at most one Content-Length
 * of digits only, no Transfer-Encoding beside Content-Length or in HTTP/1.0 (400), a
 * Transfer-Encoding other than exactly "chunked" (501); then, for a route that takes a body, a
 * Content-Length over the limit (413) and the media type (415): a Content-Type is required, and
 * must be JSON, or text/plain where the route takes a text board. */
rhd_http_decision rhd_http_check(const rhd_http_request *q);

/* How a body is read, by its Content-Type. */
typedef enum {
    RHD_MEDIA_OTHER = 0, /* none the service reads: 415 */
    RHD_MEDIA_JSON,      /* application/json or any type ending in +json */
    RHD_MEDIA_TEXT,      /* text/plain: a text board, on the routes that take one */
} rhd_http_media;

/* The kind of body the Content-Type value `type` (`len` bytes; its parameters are ignored)
 * announces. */
rhd_http_media rhd_http_media_type(const char *type, size_t len);

/* A client request id the service echoes: 1 to RHD_REQUEST_ID_MAX of [A-Za-z0-9._:-]. */
bool rhd_http_request_id_ok(const char *id, size_t len);

#endif
