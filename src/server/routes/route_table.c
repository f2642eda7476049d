/* The route table; see route_table.h. The one place a route's path, id and label live, and
 * the matching of exact and pattern paths. */
#include <string.h>

#include "metrics.h"
#include "routes/route_playground.h"
#include "routes/route_table.h"

const rhd_route_entry rhd_routes[RHD_ROUTE_OTHER] = {
    /* path, label, post, text_board, playground, admin, operators_only, handler, segment test */
    [RHD_ROUTE_SOLVE] = {"/v1/solve", "/v1/solve", true, true, false, false, false, rhd_route_solve,
                         NULL},
    [RHD_ROUTE_HINT] = {"/v1/hint", "/v1/hint", true, true, false, false, false, rhd_route_hint,
                        NULL},
    [RHD_ROUTE_ANALYZE] = {"/v1/analyze", "/v1/analyze", true, true, false, false, false,
                           rhd_route_analyze, NULL},
    [RHD_ROUTE_BATCH] = {"/v1/solve/batch", "/v1/solve/batch", true, false, false, false, false,
                         rhd_route_batch, NULL},
    [RHD_ROUTE_GENERATE] = {"/v1/generate", "/v1/generate", true, false, false, false, false,
                            rhd_route_generate, NULL},
    [RHD_ROUTE_PUZZLES] = {"/v1/puzzles", "/v1/puzzles", false, false, false, false, false,
                           rhd_route_puzzles, NULL},
    [RHD_ROUTE_DAILY] = {"/v1/puzzles/daily", "/v1/puzzles/daily", false, false, false, false,
                         false, rhd_route_puzzles_daily, NULL},
    [RHD_ROUTE_BANK_STATS] = {"/v1/puzzles/stats", "/v1/puzzles/stats", false, false, false, false,
                              false, rhd_route_puzzles_stats, NULL},
    [RHD_ROUTE_HEALTHZ] = {"/healthz", "/healthz", false, false, false, true, false,
                           rhd_route_healthz, NULL},
    [RHD_ROUTE_READYZ] = {"/readyz", "/readyz", false, false, false, true, false, rhd_route_readyz,
                          NULL},
    [RHD_ROUTE_METRICS] = {"/metrics", "/metrics", false, false, false, true, true,
                           rhd_route_metrics, NULL},
    [RHD_ROUTE_VERSION] = {"/version", "/version", false, false, false, false, false,
                           rhd_route_version, NULL},
    [RHD_ROUTE_OPENAPI] = {"/openapi.yaml", "/openapi.yaml", false, false, false, false, false,
                           rhd_route_openapi, NULL},
    [RHD_ROUTE_PAGE] = {"/", "/", false, false, true, false, false, rhd_route_page, NULL},
    [RHD_ROUTE_PUZZLE] = {"/v1/puzzles/{id}", "/v1/puzzles/{id}", false, false, false, false, false,
                          rhd_route_puzzle, NULL},
    [RHD_ROUTE_VERIFY] = {"/v1/verify", "/v1/verify", true, false, false, false, false,
                          rhd_route_verify, NULL},
    [RHD_ROUTE_WEB_FILE] = {"/web/{file}", "/web/{file}", false, false, true, false, false,
                            rhd_route_web_file, rhd_web_file_known},
};

/* The length of a pattern's fixed prefix (up to its "{"), or 0 for an exact path. */
static size_t pattern_prefix(const char *pattern)
{
    const char *brace = strchr(pattern, '{');
    return brace ? (size_t)(brace - pattern) : 0;
}

/* An exact path is itself; a pattern is its prefix, then a non-empty rest: one segment (no
 * '/'), or whatever the route's test accepts: the page's files by exact name ("app.js",
 * "engine/solver.js"), so nothing else is reachable. */
static bool path_matches(const rhd_route_entry *e, const char *path)
{
    const size_t prefix = pattern_prefix(e->path);
    if (!prefix) return strcmp(e->path, path) == 0;
    const char *rest = path + prefix;
    return strncmp(e->path, path, prefix) == 0 && *rest &&
           (e->segment_ok ? e->segment_ok(rest) : !strchr(rest, '/'));
}

rhd_route rhd_route_find(const char *path, bool playground, bool public_metrics,
                         bool admin_listener)
{
    for (int patterns = 0; patterns < 2; patterns++)
        for (int id = 0; id < RHD_ROUTE_OTHER; id++) {
            const rhd_route_entry *e = &rhd_routes[id];
            if ((pattern_prefix(e->path) > 0) != patterns || !path_matches(e, path)) continue;
            const bool hidden = (e->playground && !playground) ||
                                (admin_listener ? !e->admin : e->operators_only && !public_metrics);
            return hidden ? RHD_ROUTE_OTHER : (rhd_route)id;
        }
    return RHD_ROUTE_OTHER;
}

const char *rhd_route_segment(int id, const char *path)
{
    return path + pattern_prefix(rhd_routes[id].path);
}

const char *rhd_route_label(int id)
{
    return id >= 0 && id < RHD_ROUTE_OTHER ? rhd_routes[id].label : "other";
}

void rhd_route_name_metrics(void)
{
    const char *labels[RHD_ROUTE_COUNT];
    for (int id = 0; id < RHD_ROUTE_COUNT; id++) labels[id] = rhd_route_label(id);
    rhd_metrics_routes(labels, RHD_ROUTE_COUNT);
}
