/* POST /v1/analyze: the whole reachable component of a puzzle, measured by rh_analyze on a
 * worker and answered as the document `rushhour analyze` prints, plus the timings. Takes any
 * puzzle form /v1/solve takes, with the options metric, max_nodes and timeout_ms. A cluster
 * analysed whole also gets its table in the table cache, on the same worker before the answer
 * (within the request's time and memory): a client analyses the puzzle it is about to play,
 * and its hints are then lookups. */
#include <stddef.h>

#include "request_body.h"
#include "routes/route_table.h"
#include "routes/route_task.h"

typedef struct {
    rhd_task task;
    rh_puzzle puzzle;
} analysis;

static void work(rhd_task *task, const rhd_request *r, rhd_timing *t)
{
    analysis *a = rhd_container_of(task, analysis, task);
    rh_analysis res;
    if (!rhd_task_analyze(task, &res, &a->puzzle, t)) return;
    cJSON *doc = rh_report_analysis(&res);
    if (res.status == RH_SOLVED) {
        rh_limits limits = task->opt.search.limits;
        limits.max_nodes = 0; /* the analysis bounded the cluster already */
        if (rhd_tables_claim(r->services->tables, &a->puzzle))
            rhd_tables_build(r->services->tables, &a->puzzle, &limits, RHD_TABLE_ANALYZED);
        rhd_outcome_document(&task->out, r, doc, t);
    } else {
        rhd_outcome_limit(&task->out, r, res.limit, doc, t);
    }
    rh_analysis_free(&res);
}

void rhd_route_analyze(rhd_request *r)
{
    analysis *a = rhd_task_state(r, sizeof *a);
    if (!a) return;
    if (!rhd_body_read(r, &a->puzzle, &a->task.opt, RHD_OPTS_ANALYZE, &a->task.parse_us)) return;
    rhd_task_prepare(&a->task, work);
    rhd_task_submit(r, &a->task);
}
