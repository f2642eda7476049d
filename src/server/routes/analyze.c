/* POST /v1/analyze: the whole reachable component of a puzzle, measured by rh_analyze on a
 * worker and answered as the document `rushhour analyze` prints, plus the timings. Takes any
 * puzzle form /v1/solve takes, with the options metric, max_nodes and timeout_ms. */
#include <stddef.h>
#include <stdlib.h>

#include "input.h"
#include "routes/routes.h"
#include "routes/search_reply.h"
#include "work.h"

typedef struct {
    rhd_job job;
    rh_puzzle puzzle;
    rhd_options opt;
    uint64_t parse_us;
} analysis_job;

static void run(rhd_job *job)
{
    rhd_request *r = rhd_work_request(job);
    analysis_job *a = (analysis_job *)((char *)job - offsetof(analysis_job, job));
    const uint64_t queue_us = rh_clock_us() - job->enqueued_us;
    if (!rhd_options_start(&a->opt, job->enqueued_us, &job->cancel)) {
        rhd_reply_json(r, 422, rhd_search_queue_timeout(r, queue_us, a->parse_us));
        return;
    }
    rh_analysis res;
    if (rh_analyze(&res, &a->puzzle, &a->opt.search) != RH_OK) {
        rhd_reply_problem(r, 500, "internal", "Internal Server Error", "out of memory", NULL);
        return;
    }
    r->nodes = res.stats.nodes_expanded;
    rhd_metrics_analysis(res.status == RH_SOLVED, res.stats.elapsed_us);
    cJSON *doc = rh_report_analysis(&res);
    if (res.status == RH_SOLVED) {
        rhd_search_reply_timed(r, doc, queue_us, a->parse_us, res.stats.elapsed_us);
    } else if (res.limit == RH_LIMIT_CANCELLED) {
        cJSON_Delete(doc);
        rhd_search_reply_cancelled(r, job);
    } else {
        rhd_search_reply_limit(r, res.limit, doc, queue_us, a->parse_us, res.stats.elapsed_us);
    }
    rh_analysis_free(&res);
}

void rhd_route_analyze(rhd_request *r)
{
    analysis_job *a = calloc(1, sizeof *a);
    if (!a) {
        rhd_reply_problem(r, 500, "internal", "Internal Server Error", "out of memory", NULL);
        return;
    }
    r->state = a;
    r->state_free = free;
    rhd_options_init(&a->opt, r->cfg);
    if (!rhd_input_read(r, &a->puzzle, &a->opt, RHD_OPTS_ANALYZE, &a->parse_us)) return;
    a->job.run = run;
    rhd_job *job = &a->job;
    rhd_work_submit(r, &job, 1);
}
