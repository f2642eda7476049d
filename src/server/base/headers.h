/* Every answer's caching headers, decided in one place: which answers a browser or a shared
 * cache may keep and for how long, their entity tags, and the 304 that answers a client whose
 * copy is current (If-None-Match, RFC 9110 13.1.2). */
#ifndef RHD_HEADERS_H
#define RHD_HEADERS_H

#include <stdbool.h>

#include "request.h"

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

#endif
