/* The caching headers of every answer; see headers.h. */
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
