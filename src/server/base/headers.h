/* Every answer's headers, decided in one place: the CORS decision (which origins are allowed,
 * and the headers that tell them), caching (which answers a browser or a shared cache may keep
 * and for how long, their entity tags, and the 304 that answers a client whose copy is current,
 * If-None-Match, RFC 9110 13.1.2), the security headers, and the whole list an answer carries,
 * whether it goes through libmicrohttpd or straight to the socket (the early 413, the 408). */
#ifndef RHD_HEADERS_H
#define RHD_HEADERS_H

#include <stdbool.h>
#include <stddef.h>

#include "request.h"

/* Whether `origin`, exactly as the browser sends it, is in `origins` (read by
 * rhd_config_each_origin; "*" allows any); never an empty or NULL one. */
bool rhd_cors_allowed(const char *origins, const char *origin);

/* The CORS decision of a request: keeps `origin` (its Origin header, or NULL) in r->origin when
 * the configuration allows it, so that its answer carries the CORS headers. */
void rhd_cors_note(rhd_request *r, const char *origin);

typedef struct {
    const char *cache_control;
    const char *etag; /* NULL: none */
    bool vary_origin; /* the answer may be stored while CORS is on: Vary: Origin, always */
} rhd_cache_headers;

/* Whether the If-None-Match field value `field` (a comma-separated list of entity tags, or "*")
 * lists `etag`, by the weak comparison: "W/" prefixes are ignored on both sides. */
bool rhd_etag_listed(const char *field, const char *etag);

/* Decides the caching headers of `r`'s reply. Only a 200 to GET or HEAD whose route gave it an
 * entity tag (r->etag: the playground's files, a bank puzzle) may be stored, under its route's
 * policy; every other answer (POST, errors, the rest) is "no-store" without an ETag. When
 * `listed(ctx, etag)` says the client's If-None-Match lists the tag (`listed` may be NULL: no
 * such field), that 200 becomes a 304 without a body, with the same headers. */
rhd_cache_headers rhd_cache_decide(rhd_request *r, bool (*listed)(void *ctx, const char *etag),
                                   void *ctx);

/* The headers of an answer, besides Content-Length (libmicrohttpd adds it, or
 * rhd_headers_raw): name and value pairs pointing into the request, its cache decision and
 * `retry_after`. */
#define RHD_HEADERS_MAX 16
typedef struct {
    const char *name, *value;
} rhd_header;
typedef struct {
    rhd_header at[RHD_HEADERS_MAX];
    int count;
    char retry_after[16];
} rhd_headers;

/* Lists into `out` the headers of `r`'s answer: its type, request id, the caching `cache` gave,
 * the security headers, Connection: close when `closing`, Allow, Retry-After and the CORS
 * headers. Pure: reads `r` and `cache`, writes `out` only. */
void rhd_headers_of(rhd_headers *out, const rhd_request *r, const rhd_cache_headers *cache,
                    bool closing);

/* Writes into `out` the head of an answer sent straight to a socket: the status line of
 * `status` and `reason`, the headers of `h`, Content-Length `body_len` and the blank line.
 * Returns its length, or 0 when it does not fit in `len`. */
size_t rhd_headers_raw(char *out, size_t len, int status, const char *reason, const rhd_headers *h,
                       size_t body_len);

#endif
