/* The playground: a small web page (web/index.html, app.js, style.css, embedded in the binary
 * at build time) that sends puzzles to POST /v1/solve and animates the answer. Served only
 * with --playground on (the router hides these paths otherwise). */
#include "request.h"
#include "routes/route_table.h"

/* The page loads nothing but its own script and style sheet and talks only to this server:
 * the policy says so, so a page that ever pulled in a third-party resource would break in
 * the browser test rather than in a user's hands. */
static const char page_policy[] =
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

void rhd_route_page(rhd_request *r)
{
    r->csp = page_policy;
    rhd_reply_static(r, 200, "text/html; charset=utf-8", rhd_web_index_html,
                     rhd_web_index_html_len);
}

void rhd_route_app_js(rhd_request *r)
{
    rhd_reply_static(r, 200, "text/javascript; charset=utf-8", rhd_web_app_js, rhd_web_app_js_len);
}

void rhd_route_style_css(rhd_request *r)
{
    rhd_reply_static(r, 200, "text/css; charset=utf-8", rhd_web_style_css, rhd_web_style_css_len);
}
