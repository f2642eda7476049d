/* The routes of rushhourd: the one table of each route's path, id, label and rules, and the
 * handler behind each. A handler runs on the MHD thread once the body is complete and either
 * sets a reply or, for the searching routes, suspends the connection and queues its searches
 * (work.h). The router (request_flow.c) finds a request's route here; the metrics and the
 * access log know a route only by its id and the label given here. */
#ifndef RHD_ROUTE_TABLE_H
#define RHD_ROUTE_TABLE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct rhd_request rhd_request;

/* What a route runs (above: on the MHD thread, its body complete). */
typedef void rhd_route_handler(rhd_request *r);

/* The routes' ids: the table's indices, and what requests are counted under. */
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
    RHD_ROUTE_PUZZLE,     /* /v1/puzzles/{id} */
    RHD_ROUTE_VERIFY,     /* /v1/verify */
    RHD_ROUTE_OTHER,      /* anything unrouted (404s): no entry in the table */
    RHD_ROUTE_COUNT
} rhd_route;

typedef struct {
    /* as requested; a final "{name}" stands for one path segment (a pattern route) */
    const char *path;
    const char *label; /* what its requests are counted and logged under */
    bool post;         /* POST only, else GET and HEAD */
    bool text_board;   /* the body may be a text board (text/plain) as well as JSON */
    bool playground;   /* served only with --playground on; otherwise like any unknown path */
    bool admin;        /* also served on the admin listener, which serves nothing else */
    /* for operators, not clients: on the public listener only with --public-metrics on */
    bool operators_only;
    rhd_route_handler *handle;
    /* A pattern route's test of its segment (NULL: any non-empty segment matches); the
     * handler reads the segment with rhd_route_segment. */
    bool (*segment_ok)(const char *segment);
} rhd_route_entry;

/* The table, indexed by id. */
extern const rhd_route_entry rhd_routes[RHD_ROUTE_OTHER];

/* The route of `path` on a listener: RHD_ROUTE_OTHER when there is none. Exact paths win over
 * patterns (/v1/puzzles/daily is never a puzzle id). With the playground
 * off its paths do not exist at all (404 for every method, counted as "other"), so an operator
 * who turns it off exposes nothing of it; the admin listener knows only the routes marked for
 * it, and the public one the operators' routes (/metrics) only with `public_metrics`. */
rhd_route rhd_route_find(const char *path, bool playground, bool public_metrics,
                         bool admin_listener);

/* The segment a pattern route's "{name}" matched in `path` (a path rhd_route_find gave `id`). */
const char *rhd_route_segment(int id, const char *path);

/* The label of `id`: "other" for RHD_ROUTE_OTHER and any id out of range. */
const char *rhd_route_label(int id);

/* Names every route in the metrics registry (metrics.h) by its label. */
void rhd_route_name_metrics(void);

/* The handlers, each route's in its routes/route_<what>.c: solve and hint; analyze; batch;
 * generate; verify; the bank's puzzles, answered on the MHD thread (puzzle: one by its id);
 * the small endpoints (basic); the playground's page and its files by name. */
rhd_route_handler rhd_route_solve, rhd_route_hint, rhd_route_analyze, rhd_route_batch,
    rhd_route_generate, rhd_route_verify, rhd_route_puzzles, rhd_route_puzzles_daily,
    rhd_route_puzzles_stats, rhd_route_puzzle, rhd_route_healthz, rhd_route_readyz,
    rhd_route_metrics, rhd_route_version, rhd_route_openapi, rhd_route_page, rhd_route_web_file;

/* The embedded openapi.yaml (generated at build time). */
extern const char rhd_openapi_yaml[];
extern const size_t rhd_openapi_yaml_len;

#endif
