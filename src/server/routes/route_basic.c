/* The small endpoints: liveness, readiness, metrics, version and the built-in spec. */
#include <string.h>

#include "request.h"
#include "routes/route_table.h"

void rhd_route_healthz(rhd_request *r)
{
    static const char ok[] = "{\"status\":\"ok\"}";
    rhd_reply_static(r, 200, "application/json", ok, sizeof ok - 1);
}

void rhd_route_readyz(rhd_request *r)
{
    static const char ready[] = "{\"status\":\"ready\"}";
    if (rhd_services_ready(r->services)) {
        rhd_reply_static(r, 200, "application/json", ready, sizeof ready - 1);
        return;
    }
    r->retry_after = 5;
    rhd_reply_problem(r, 503, "not-ready", "Service Unavailable",
                      "starting up or draining: send requests to another instance", NULL);
}

void rhd_route_metrics(rhd_request *r)
{
    char *text = rhd_metrics_render(RHD_VERSION);
    if (!text) {
        rhd_reply_no_memory(r);
        return;
    }
    rhd_reply_owned(r, 200, "text/plain; version=0.0.4; charset=utf-8", text, strlen(text));
}

void rhd_route_version(rhd_request *r)
{
    static const char version[] =
        "{\"name\":\"rushhourd\",\"version\":\"" RHD_VERSION "\",\"library\":\"" RH_VERSION "\"}";
    rhd_reply_static(r, 200, "application/json", version, sizeof version - 1);
}

void rhd_route_openapi(rhd_request *r)
{
    rhd_reply_static(r, 200, "application/yaml", rhd_openapi_yaml, rhd_openapi_yaml_len);
}
