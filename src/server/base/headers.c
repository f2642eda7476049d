/* Every answer's headers; see headers.h. */
#include <stdio.h>
#include <string.h>

#include "headers.h"
#include "routes/route_table.h"

/* A bank puzzle's answer changes only with the bank or the server (its tag names both), so
 * caches keep it a day without asking; the playground's files change with any build, so
 * browsers ask each time and get a 304 while their copy is current. */
static const char *policy(int route)
{
    switch (route) {
    case RHD_ROUTE_PUZZLE: return "public, max-age=86400";
    case RHD_ROUTE_PAGE:
    case RHD_ROUTE_WEB_FILE: return "no-cache";
    default: return NULL;
    }
}

/* `tag` without its weakness prefix. */
static const char *opaque(const char *tag)
{
    return strncmp(tag, "W/", 2) == 0 ? tag + 2 : tag;
}

bool rhd_etag_listed(const char *field, const char *etag)
{
    const char *want = opaque(etag);
    const size_t want_len = strlen(want);
    const char *p = field;
    for (;;) {
        p += strspn(p, " \t,");
        if (!*p) return false;
        const size_t member = strcspn(p, ",");
        size_t len = member;
        while (len && (p[len - 1] == ' ' || p[len - 1] == '\t')) len--;
        if (len == 1 && *p == '*') return true;
        const char *tag = p;
        if (len >= 2 && strncmp(tag, "W/", 2) == 0) {
            tag += 2;
            len -= 2;
        }
        if (len == want_len && memcmp(tag, want, len) == 0) return true;
        p += member;
    }
}

rhd_cache_headers rhd_cache_decide(rhd_request *r, bool (*listed)(void *ctx, const char *etag),
                                   void *ctx)
{
    const bool get = r->method && (strcmp(r->method, "GET") == 0 || strcmp(r->method, "HEAD") == 0);
    const char *keep = policy(r->route);
    if (!get || !keep || !r->etag || r->status != 200)
        return (rhd_cache_headers){.cache_control = "no-store"};
    if (r->status == 200 && listed && listed(ctx, r->etag)) rhd_reply_static(r, 304, NULL, "", 0);
    return (rhd_cache_headers){
        .cache_control = keep, .etag = r->etag, .vary_origin = r->cfg->cors_origins[0] != '\0'};
}

typedef struct {
    const char *origin;
    size_t n;
} wanted_origin;

static bool matches(const char *entry, size_t n, void *arg)
{
    const wanted_origin *w = arg;
    return (n == 1 && entry[0] == '*') || (n == w->n && memcmp(entry, w->origin, n) == 0);
}

bool rhd_cors_allowed(const char *origins, const char *origin)
{
    if (!origin || !*origin) return false;
    wanted_origin w = {origin, strlen(origin)};
    return rhd_config_each_origin(origins, matches, &w);
}

void rhd_cors_note(rhd_request *r, const char *origin)
{
    if (origin && strlen(origin) < sizeof r->origin &&
        rhd_cors_allowed(r->cfg->cors_origins, origin))
        strcpy(r->origin, origin);
}

static void add(rhd_headers *h, const char *name, const char *value)
{
    if (value && *value && h->count < RHD_HEADERS_MAX)
        h->at[h->count++] = (rhd_header){name, value};
}

void rhd_headers_of(rhd_headers *out, const rhd_request *r, const rhd_cache_headers *cache,
                    bool closing)
{
    out->count = 0;
    add(out, "Content-Type", r->content_type);
    add(out, "X-Request-Id", r->request_id);
    add(out, "Cache-Control", cache->cache_control);
    add(out, "ETag", cache->etag);
    /* Every answer has its one declared type: browsers must not guess another. */
    add(out, "X-Content-Type-Options", "nosniff");
    add(out, "Content-Security-Policy", r->csp);         /* set by the playground page only */
    add(out, "Service-Worker-Allowed", r->worker_scope); /* by its service worker only */
    if (closing) add(out, "Connection", "close");
    if (r->status == 405 || r->status == 204) add(out, "Allow", r->allow);
    if (r->retry_after > 0) {
        snprintf(out->retry_after, sizeof out->retry_after, "%d", r->retry_after);
        add(out, "Retry-After", out->retry_after);
    }
    if (r->origin[0]) {
        add(out, "Access-Control-Allow-Origin", r->origin);
        add(out, "Vary", "Origin");
        add(out, "Access-Control-Expose-Headers", "X-Request-Id, Retry-After");
        if (r->status == 204) {
            add(out, "Access-Control-Allow-Methods", r->allow);
            add(out, "Access-Control-Allow-Headers", "Content-Type, X-Request-Id");
            add(out, "Access-Control-Max-Age", "600");
        }
    } else if (cache->vary_origin) {
        add(out, "Vary", "Origin"); /* a stored copy serves every origin */
    }
}

size_t rhd_headers_raw(char *out, size_t len, int status, const char *reason, const rhd_headers *h,
                       size_t body_len)
{
    size_t n = 0;
    int w = snprintf(out, len, "HTTP/1.1 %d %s\r\n", status, reason);
    for (int k = 0; k <= h->count && w >= 0 && (size_t)w < len - n; k++) {
        n += (size_t)w;
        w = k < h->count ? snprintf(out + n, len - n, "%s: %s\r\n", h->at[k].name, h->at[k].value)
                         : snprintf(out + n, len - n, "Content-Length: %zu\r\n\r\n", body_len);
    }
    return w < 0 || (size_t)w >= len - n ? 0 : n + (size_t)w;
}
