/* The replies a searching route builds when its work ends; see search_reply.h. */
#include <stdio.h>

#include "routes/search_reply.h"

void rhd_search_reply_cancelled(rhd_request *r, const rhd_job *job)
{
    if (atomic_load(&job->cancel) == RHD_CANCEL_GONE) {
        rhd_reply_hang_up(r);
        return;
    }
    r->retry_after = 1;
    rhd_metrics_rejected(RHD_REJECT_SHUTTING_DOWN);
    rhd_reply_problem(r, 503, "shutting-down", "Service Unavailable",
                      "the server is shutting down; retry on another instance", NULL);
}

int rhd_search_timing(char *out, size_t len, const rhd_request *r, uint64_t queue_us,
                      uint64_t parse_us, uint64_t solve_us)
{
    return snprintf(out, len, "{\"queue\":%llu,\"parse\":%llu,\"solve\":%llu,\"total\":%llu}",
                    (unsigned long long)queue_us, (unsigned long long)parse_us,
                    (unsigned long long)solve_us,
                    (unsigned long long)(rh_clock_us() - r->start_us));
}

static bool add_timing(cJSON *doc, const rhd_request *r, uint64_t queue_us, uint64_t parse_us,
                       uint64_t solve_us)
{
    char timing[RHD_TIMING_MAX];
    rhd_search_timing(timing, sizeof timing, r, queue_us, parse_us, solve_us);
    return doc && cJSON_AddRawToObject(doc, "timing_us", timing);
}

void rhd_search_reply_timed(rhd_request *r, cJSON *doc, uint64_t queue_us, uint64_t parse_us,
                            uint64_t solve_us)
{
    if (!add_timing(doc, r, queue_us, parse_us, solve_us)) {
        cJSON_Delete(doc);
        doc = NULL; /* rhd_reply_json answers 500 */
    }
    rhd_reply_json(r, 200, doc);
}

cJSON *rhd_search_queue_timeout(const rhd_request *r, uint64_t queue_us, uint64_t parse_us)
{
    cJSON *timing = cJSON_CreateObject();
    add_timing(timing, r, queue_us, parse_us, 0);
    return rhd_problem(r, 422, "queue-timeout", "Deadline Passed While Queued",
                       "the deadline (timeout_ms, counted from when the request was queued) "
                       "passed before a solver was free: no search was made",
                       timing);
}

cJSON *rhd_search_limit_problem(const rhd_request *r, rh_limit limit, cJSON *doc, uint64_t queue_us,
                                uint64_t parse_us, uint64_t solve_us)
{
    char detail[128];
    snprintf(detail, sizeof detail, "the search reached its %s limit before an answer",
             rh_limit_name(limit));
    if (doc) {
        cJSON_DeleteItemFromObjectCaseSensitive(doc, "status");
        add_timing(doc, r, queue_us, parse_us, solve_us);
    }
    return rhd_problem(r, 422, "search-limit", "Search Limit Reached", detail, doc);
}

void rhd_search_reply_limit(rhd_request *r, rh_limit limit, cJSON *doc, uint64_t queue_us,
                            uint64_t parse_us, uint64_t solve_us)
{
    rhd_reply_json(r, 422, rhd_search_limit_problem(r, limit, doc, queue_us, parse_us, solve_us));
}
