/* The playground: a small web page (web/index.html at /, and its ES modules, style sheet,
 * manifest, icon, service worker and in-page solver under /web/{file}, all embedded in the
 * binary at build time) that sends puzzles to the API and animates the answers. Served only
 * with --playground on (the router hides these paths otherwise). */
#include <string.h>

#include "request.h"
#include "routes/route_playground.h"
#include "routes/route_table.h"

/* The page loads nothing but its own scripts (module scripts included), style sheet, manifest
 * and icon, compiles its own WebAssembly solver ('wasm-unsafe-eval' allows that and no eval),
 * registers its own service worker, and talks only to this server: the policy says so, so a
 * page that ever pulled in a third-party resource would break in the browser test rather than
 * in a user's hands. */
static const char page_policy[] =
    "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
    "connect-src 'self'; img-src 'self' data:; manifest-src 'self'; worker-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/* The page's service worker. Served under /web/, a worker may control only /web/ unless its
 * answer says it may reach higher: it must control the page at / to load it offline, so it
 * says "/" (Service-Worker-Allowed), the widest, which also holds when a proxy serves the
 * page under a prefix; the page registers it with its own folder as scope (web/offline.js). */
static const char service_worker[] = "service-worker.js";

void rhd_route_page(rhd_request *r)
{
    r->csp = page_policy;
    r->etag = rhd_web_index_html_etag;
    rhd_reply_static(r, 200, "text/html; charset=utf-8", rhd_web_index_html,
                     rhd_web_index_html_len);
}

const rhd_web_file *rhd_web_file_find(const char *name)
{
    for (size_t i = 0; i < rhd_web_files_count; i++)
        if (strcmp(rhd_web_files[i].name, name) == 0) return &rhd_web_files[i];
    return NULL;
}

bool rhd_web_file_known(const char *name)
{
    return rhd_web_file_find(name) != NULL;
}

void rhd_route_web_file(rhd_request *r)
{
    /* The router matched the name already (rhd_web_file_known); the test again keeps this
     * handler safe alone. */
    const rhd_web_file *f = rhd_web_file_find(rhd_route_segment(r->route, r->path));
    if (!f) {
        rhd_reply_problem(r, 404, "not-found", "Not Found", "no such endpoint", NULL);
        return;
    }
    r->etag = f->etag;
    if (strcmp(f->name, service_worker) == 0) r->worker_scope = "/";
    rhd_reply_static(r, 200, f->content_type, f->bytes, f->len);
}
