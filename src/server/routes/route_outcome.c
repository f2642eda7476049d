/* Outcomes of route jobs, and their replies; see route_outcome.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rushhour/clock.h"
#include "routes/route_outcome.h"

int rhd_outcome_timing(char *out, size_t len, const rhd_request *r, const rhd_timing *t)
{
    return snprintf(out, len, "{\"queue\":%llu,\"parse\":%llu,\"solve\":%llu,\"total\":%llu}",
                    (unsigned long long)t->queue_us, (unsigned long long)t->parse_us,
                    (unsigned long long)t->solve_us,
                    (unsigned long long)(rh_clock_us() - r->start_us));
}

void rhd_outcome_no_memory(rhd_outcome *o)
{
    free(o->text);
    o->text = NULL;
    o->len = 0;
    o->status = 500;
}

void rhd_outcome_answer(rhd_outcome *o, const rhd_request *r, const char *doc, size_t len,
                        const char *members, const rhd_timing *t)
{
    char tail[64 + RHD_TIMING_MAX];
    int n = snprintf(tail, sizeof tail, "%s,\"timing_us\":", members);
    n += rhd_outcome_timing(tail + n, sizeof tail - (size_t)n, r, t);
    char *text = malloc(len + (size_t)n + 2);
    if (!text) {
        rhd_outcome_no_memory(o);
        return;
    }
    memcpy(text, doc, len);
    memcpy(text + len, tail, (size_t)n);
    memcpy(text + len + (size_t)n, "}", 2);
    free(o->text);
    o->status = 200;
    o->text = text;
    o->len = len + (size_t)n + 1;
}

void rhd_outcome_document(rhd_outcome *o, const rhd_request *r, cJSON *doc, const rhd_timing *t)
{
    char *text = doc ? cJSON_PrintUnformatted(doc) : NULL;
    cJSON_Delete(doc);
    if (text)
        rhd_outcome_answer(o, r, text, strlen(text) - 1, "", t); /* without its closing brace */
    else
        rhd_outcome_no_memory(o);
    cJSON_free(text);
}

void rhd_outcome_problem(rhd_outcome *o, int status, cJSON *problem)
{
    char *text = problem ? cJSON_PrintUnformatted(problem) : NULL;
    cJSON_Delete(problem);
    if (!text) {
        rhd_outcome_no_memory(o);
        return;
    }
    free(o->text);
    o->status = status;
    o->text = text;
    o->len = strlen(text);
}

/* Adds timing_us to `doc`; false when out of memory. */
static bool add_timing(cJSON *doc, const rhd_request *r, const rhd_timing *t)
{
    char timing[RHD_TIMING_MAX];
    rhd_outcome_timing(timing, sizeof timing, r, t);
    return doc && cJSON_AddRawToObject(doc, "timing_us", timing);
}

void rhd_outcome_queue_timeout(rhd_outcome *o, const rhd_request *r, const rhd_timing *t)
{
    cJSON *timing = cJSON_CreateObject();
    add_timing(timing, r, t);
    rhd_outcome_problem(o, 422,
                        rhd_problem(r, 422, "queue-timeout", "Deadline Passed While Queued",
                                    "the deadline (timeout_ms, counted from when the request "
                                    "was queued) passed before a solver was free: no search "
                                    "was made",
                                    timing));
}

void rhd_outcome_limit(rhd_outcome *o, const rhd_request *r, rh_limit limit, cJSON *doc,
                       const rhd_timing *t)
{
    char detail[128];
    snprintf(detail, sizeof detail, "the search reached its %s limit before an answer",
             rh_limit_name(limit));
    if (doc) {
        cJSON_DeleteItemFromObjectCaseSensitive(doc, "status");
        add_timing(doc, r, t);
    }
    rhd_outcome_problem(o, 422,
                        rhd_problem(r, 422, "search-limit", "Search Limit Reached", detail, doc));
}

void rhd_outcome_cancelled(rhd_outcome *o, const rhd_job *job)
{
    free(o->text);
    o->text = NULL;
    o->len = 0;
    o->status = 0;
    o->gone = atomic_load(&job->cancel) == RHD_CANCEL_GONE;
}

void rhd_outcome_reply(rhd_request *r, rhd_outcome *o)
{
    r->nodes = o->nodes;
    r->source = o->source;
    if (o->status == 0 && o->gone) {
        rhd_reply_hang_up(r);
    } else if (o->status == 0) {
        r->retry_after = 1;
        rhd_metrics_rejected(RHD_REJECT_SHUTTING_DOWN);
        rhd_reply_problem(r, 503, "shutting-down", "Service Unavailable",
                          "the server is shutting down; retry on another instance", NULL);
    } else if (!o->text) {
        rhd_reply_no_memory(r);
    } else {
        rhd_reply_owned(r, o->status,
                        o->status == 200 ? "application/json" : "application/problem+json", o->text,
                        o->len);
        o->text = NULL;
    }
}

void rhd_outcome_free(rhd_outcome *o)
{
    free(o->text);
}
