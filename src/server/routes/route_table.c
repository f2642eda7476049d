/* The route table; see route_table.h. The one place a route's path, id and label live. */
#include <string.h>

#include "metrics.h"
#include "routes/route_table.h"

const rhd_route_entry rhd_routes[RHD_ROUTE_OTHER] = {
    /* path, label, post, text_board, playground, admin, handler */
    [RHD_ROUTE_SOLVE] = {"/v1/solve", "/v1/solve", true, true, false, false, rhd_route_solve},
    [RHD_ROUTE_HINT] = {"/v1/hint", "/v1/hint", true, true, false, false, rhd_route_hint},
    [RHD_ROUTE_ANALYZE] = {"/v1/analyze", "/v1/analyze", true, true, false, false,
                           rhd_route_analyze},
    [RHD_ROUTE_BATCH] = {"/v1/solve/batch", "/v1/solve/batch", true, false, false, false,
                         rhd_route_batch},
    [RHD_ROUTE_GENERATE] = {"/v1/generate", "/v1/generate", true, false, false, false,
                            rhd_route_generate},
    [RHD_ROUTE_PUZZLES] = {"/v1/puzzles", "/v1/puzzles", false, false, false, false,
                           rhd_route_puzzles},
    [RHD_ROUTE_DAILY] = {"/v1/puzzles/daily", "/v1/puzzles/daily", false, false, false, false,
                         rhd_route_puzzles_daily},
    [RHD_ROUTE_BANK_STATS] = {"/v1/puzzles/stats", "/v1/puzzles/stats", false, false, false, false,
                              rhd_route_puzzles_stats},
    [RHD_ROUTE_HEALTHZ] = {"/healthz", "/healthz", false, false, false, true, rhd_route_healthz},
    [RHD_ROUTE_READYZ] = {"/readyz", "/readyz", false, false, false, true, rhd_route_readyz},
    [RHD_ROUTE_METRICS] = {"/metrics", "/metrics", false, false, false, true, rhd_route_metrics},
    [RHD_ROUTE_VERSION] = {"/version", "/version", false, false, false, false, rhd_route_version},
    [RHD_ROUTE_OPENAPI] = {"/openapi.yaml", "/openapi.yaml", false, false, false, false,
                           rhd_route_openapi},
    [RHD_ROUTE_PAGE] = {"/", "/", false, false, true, false, rhd_route_page},
    [RHD_ROUTE_APP_JS] = {"/app.js", "/app.js", false, false, true, false, rhd_route_app_js},
    [RHD_ROUTE_STYLE_CSS] = {"/style.css", "/style.css", false, false, true, false,
                             rhd_route_style_css},
};

rhd_route rhd_route_find(const char *path, bool playground, bool admin_listener)
{
    for (int id = 0; id < RHD_ROUTE_OTHER; id++) {
        const rhd_route_entry *e = &rhd_routes[id];
        if (strcmp(e->path, path) != 0) continue;
        return (e->playground && !playground) || (admin_listener && !e->admin) ? RHD_ROUTE_OTHER
                                                                               : (rhd_route)id;
    }
    return RHD_ROUTE_OTHER;
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
