/* The routes of rushhourd: the ids requests are counted under, and the handler behind each.
 * A handler runs on the MHD thread once the body is complete and either sets a reply or, for
 * the searching routes, suspends the connection and queues its searches (work.h). The router
 * (server.c) maps paths to them. */
#ifndef RHD_ROUTE_TABLE_H
#define RHD_ROUTE_TABLE_H

#include <stddef.h>

typedef struct rhd_request rhd_request;

/* The routes requests are counted under. */
typedef enum {
    RHD_ROUTE_SOLVE = 0,
    RHD_ROUTE_HEALTHZ,
    RHD_ROUTE_READYZ,
    RHD_ROUTE_METRICS,
    RHD_ROUTE_VERSION,
    RHD_ROUTE_OPENAPI,
    RHD_ROUTE_PAGE,       /* the playground: / */
    RHD_ROUTE_APP_JS,     /* /app.js */
    RHD_ROUTE_STYLE_CSS,  /* /style.css */
    RHD_ROUTE_HINT,       /* /v1/hint */
    RHD_ROUTE_ANALYZE,    /* /v1/analyze */
    RHD_ROUTE_BATCH,      /* /v1/solve/batch */
    RHD_ROUTE_GENERATE,   /* /v1/generate */
    RHD_ROUTE_PUZZLES,    /* /v1/puzzles */
    RHD_ROUTE_DAILY,      /* /v1/puzzles/daily */
    RHD_ROUTE_BANK_STATS, /* /v1/puzzles/stats */
    RHD_ROUTE_OTHER,      /* anything unrouted (404s) */
    RHD_ROUTE_COUNT
} rhd_route;

void rhd_route_solve(rhd_request *r);    /* routes/route_solve.c */
void rhd_route_hint(rhd_request *r);     /* routes/route_solve.c */
void rhd_route_analyze(rhd_request *r);  /* routes/route_analyze.c */
void rhd_route_batch(rhd_request *r);    /* routes/route_batch.c */
void rhd_route_generate(rhd_request *r); /* routes/route_generate.c */

/* The puzzle bank (routes/route_puzzles.c), answered on the MHD thread. */
void rhd_route_puzzles(rhd_request *r);
void rhd_route_puzzles_daily(rhd_request *r);
void rhd_route_puzzles_stats(rhd_request *r);

/* The small endpoints (routes/route_basic.c). */
void rhd_route_healthz(rhd_request *r);
void rhd_route_readyz(rhd_request *r);
void rhd_route_metrics(rhd_request *r);
void rhd_route_version(rhd_request *r);
void rhd_route_openapi(rhd_request *r);

/* The playground (routes/playground.c): the page and its script and style sheet. */
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
