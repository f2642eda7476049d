/* The routes of rushhourd: the ids requests are counted under, and the handler behind each.
 * A handler runs on the MHD thread once the body is complete and either sets a reply or, for
 * the searching routes, suspends the connection and queues its searches (work.h). The router
 * (server.c) maps paths to them. */
#ifndef RHD_ROUTES_H
#define RHD_ROUTES_H

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
    RHD_ROUTE_WEB_FILE,   /* the page's files: /web/{file} */
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

void rhd_route_solve(rhd_request *r);    /* routes/solve.c */
void rhd_route_hint(rhd_request *r);     /* routes/solve.c */
void rhd_route_analyze(rhd_request *r);  /* routes/analyze.c */
void rhd_route_batch(rhd_request *r);    /* routes/batch.c */
void rhd_route_generate(rhd_request *r); /* routes/generate.c */

/* The puzzle bank (routes/puzzles.c), answered on the MHD thread. */
void rhd_route_puzzles(rhd_request *r);
void rhd_route_puzzles_daily(rhd_request *r);
void rhd_route_puzzles_stats(rhd_request *r);

/* The small endpoints (routes/basic.c). */
void rhd_route_healthz(rhd_request *r);
void rhd_route_readyz(rhd_request *r);
void rhd_route_metrics(rhd_request *r);
void rhd_route_version(rhd_request *r);
void rhd_route_openapi(rhd_request *r);

/* The playground (routes/playground.c): the page, and its files by name. */
void rhd_route_page(rhd_request *r);
void rhd_route_web_file(rhd_request *r);

/* The embedded openapi.yaml (generated at build time). */
extern const char rhd_openapi_yaml[];
extern const size_t rhd_openapi_yaml_len;

/* The embedded playground, web/ (generated at build time): the page, and a table of its
 * scripts and style sheets. */
extern const char rhd_web_index_html[];
extern const size_t rhd_web_index_html_len;
typedef struct {
    const char *name; /* "app.js": the file's name in web/, and in /web/{file} */
    const char *content_type;
    const char *bytes;
    size_t len;
} rhd_web_file;
extern const rhd_web_file rhd_web_files[];
extern const size_t rhd_web_files_count;

/* The page's file of that exact name, or NULL (routes/playground.c). */
const rhd_web_file *rhd_web_file_find(const char *name);

#endif
