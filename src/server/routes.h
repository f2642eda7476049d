/* The handlers behind the router: each runs on the MHD thread once the body is complete and
 * either sets a reply or, for the searching routes, suspends the connection and queues its
 * searches (work.h). */
#ifndef RHD_ROUTES_H
#define RHD_ROUTES_H

#include "cache.h"
#include "request.h"

/* Server facts the handlers read. */
bool rhd_server_is_ready(const rhd_server *s);
rhd_pool *rhd_server_pool(rhd_server *s);
rhd_cache *rhd_server_cache(rhd_server *s); /* NULL when caching is off */

void rhd_route_solve(rhd_request *r);
void rhd_route_hint(rhd_request *r);     /* solve.c */
void rhd_route_analyze(rhd_request *r);  /* analyze.c */
void rhd_route_batch(rhd_request *r);    /* batch.c */
void rhd_route_generate(rhd_request *r); /* generate.c */
void rhd_route_healthz(rhd_request *r);
void rhd_route_readyz(rhd_request *r);
void rhd_route_metrics(rhd_request *r);
void rhd_route_version(rhd_request *r);
void rhd_route_openapi(rhd_request *r);

/* The playground (routes_playground.c): the page and its script and style sheet. */
void rhd_route_page(rhd_request *r);
void rhd_route_app_js(rhd_request *r);
void rhd_route_style_css(rhd_request *r);

/* The embedded openapi.yaml (generated at build time). */
extern const char rhd_openapi_yaml[];
extern const size_t rhd_openapi_yaml_len;

/* The embedded playground files, web/ (generated at build time). */
extern const char rhd_web_index_html[];
extern const size_t rhd_web_index_html_len;
extern const char rhd_web_app_js[];
extern const size_t rhd_web_app_js_len;
extern const char rhd_web_style_css[];
extern const size_t rhd_web_style_css_len;

#endif
