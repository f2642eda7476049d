/* POST /v1/generate: a new puzzle of a chosen difficulty. The body's members are the fields of
 * rh_generate_options (all optional, RH_GENERATE_OPTIONS_INIT's defaults) plus the budgets
 * max_nodes and timeout_ms, capped as for solving; rh_generate_check judges the request. On a
 * worker: a puzzle of the bank when one fits (puzzle_bank.h), else rh_generate; then the
 * puzzle's optimal solution. The answer's "source" says which ("bank" or "search"). */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "rushhour/clock.h"
#include "request_body.h"
#include "puzzle_bank.h"
#include "routes/route_table.h"
#include "table_prefetch.h"
#include "routes/route_task.h"

typedef struct {
    rhd_task task; /* its options: the budgets */
    rh_generate_options request;
    rh_generated result;
    char bank_id[RH_PUZZLE_ID_MAX + 1];     /* the stored puzzle's id when it came from the bank */
    char bank_board[RH_ENUM_CELLS_MAX + 1]; /* and its board */
} generation;

/* The largest integer a JSON number (a double) holds exactly. */
#define SEED_MAX 9007199254740991.0

static bool is_integer(const cJSON *item, double lo, double hi)
{
    const double v = item->valuedouble;
    return cJSON_IsNumber(item) && isfinite(v) && v == trunc(v) && v >= lo && v <= hi;
}

/* The body's members: the integer options of rh_generate_options, then the others. */
static const char *const members[] = {"board_size", "exit_row",  "min_vehicles", "max_vehicles",
                                      "walls",      "min_moves", "max_moves",    "metric",
                                      "seed",       "max_nodes", "timeout_ms",   NULL};

/* Reads the member `item` (one of `members`) into `g`, or the budgets into `opt`. */
static void read_field(generation *g, rh_diags *d, const cJSON *item, const rhd_config *cfg)
{
    const char *name = item->string;
    int *field = rh_generate_int_option(&g->request, name);
    if (field) {
        if (is_integer(item, INT_MIN, INT_MAX))
            *field = (int)item->valuedouble;
        else
            rh_diags_add(d, name, "must be an integer");
    } else if (strcmp(name, "metric") == 0) {
        if (rh_metric_parse(&g->request.metric, cJSON_GetStringValue(item)))
            rh_diags_add(d, name, "must be \"moves\" or \"slides\"");
    } else if (strcmp(name, "seed") == 0) {
        if (is_integer(item, 0, SEED_MAX))
            g->request.seed = (uint64_t)item->valuedouble;
        else
            rh_diags_add(d, name, "must be an integer from 0 to %.0f", SEED_MAX);
    } else {
        rhd_options_read_one(&g->task.opt, d, item, name, cfg);
    }
}

/* Reads the body into `g`; every problem goes to `d`. */
static void read_request(generation *g, rh_diags *d, const cJSON *doc, const rhd_config *cfg)
{
    if (!cJSON_IsObject(doc)) {
        rh_diags_add(d, "", "the request must be a JSON object");
        return;
    }
    rh_json_check_keys(d, doc, "", members, NULL);
    for (int k = 0; members[k]; k++) {
        const cJSON *item = cJSON_GetObjectItemCaseSensitive(doc, members[k]);
        if (item) read_field(g, d, item, cfg);
    }
    if (!d->count) rh_generate_check(d, &g->request);
}

/* Adds the optimal solution of the generated puzzle to `doc`. The generator has analysed the
 * puzzle's whole component already, so this search is small: it keeps only the cancel flag,
 * not the client's budgets, which bounded the generation. */
static bool add_solution(cJSON *doc, const generation *g)
{
    rh_search_options opt = {.algorithm = RH_ALGO_ASTAR,
                             .metric = g->request.metric,
                             .limits = g->task.opt.search.limits};
    opt.limits.max_nodes = 0;
    opt.limits.deadline_us = 0;
    rh_result res;
    if (rh_solve(&res, &g->result.puzzle, &opt) != RH_OK) return false;
    cJSON *report =
        res.status == RH_SOLVED ? rh_report_result(&g->result.puzzle, &res, false) : NULL;
    cJSON *solution = cJSON_DetachItemFromObjectCaseSensitive(report, "solution");
    cJSON_Delete(report);
    rh_result_free(&res);
    return solution && cJSON_AddItemToObject(doc, "solution", solution);
}

/* Takes a stored puzzle that fits the request into g->result, as if generated. */
static bool from_bank(generation *g, rh_bank *b)
{
    rh_bank_puzzle p;
    rh_diags d;
    if (!rhd_bank_fit(b, &g->request, &p)) return false;
    rh_diags_init(&d);
    if (rh_parse_board(&g->result.puzzle, &d, p.board, strlen(p.board), "board") != RH_OK)
        return false;
    g->result.status = RH_SOLVED;
    g->result.metric = g->request.metric;
    g->result.length = p.moves;
    memcpy(g->bank_id, p.id, sizeof g->bank_id);
    memcpy(g->bank_board, p.board, sizeof g->bank_board);
    return true;
}

static void work(rhd_task *task, const rhd_request *r, rhd_timing *t)
{
    generation *g = rhd_container_of(task, generation, task);
    const uint64_t started = rh_clock_us();
    const bool banked = from_bank(g, r->services->bank);
    if (!banked && rh_generate(&g->result, &g->request, &task->opt.search.limits) != RH_OK) {
        rhd_outcome_no_memory(&task->out);
        return;
    }
    task->out.nodes = g->result.stats.nodes_expanded;
    if (banked) {
        rhd_metrics_bank_answer();
        rhd_tables_prefetch_board(r->services->tables, &r->services->prefetch, g->bank_board);
    } else {
        rhd_metrics_generated(g->result.status == RH_SOLVED, rh_clock_us() - started);
    }
    if (rhd_task_cancelled(task, g->result.status, g->result.limit)) return;
    cJSON *doc = rh_report_generated(&g->result);
    if (doc && (!rh_json_add_u64(doc, "seed", g->request.seed) ||
                !cJSON_AddStringToObject(doc, "source", banked ? "bank" : "search") ||
                (banked && !cJSON_AddStringToObject(doc, "id", g->bank_id)))) {
        cJSON_Delete(doc);
        doc = NULL;
    }
    if (g->result.status == RH_SOLVED) {
        if (doc && !add_solution(doc, g)) {
            cJSON_Delete(doc);
            doc = NULL;
        }
        t->solve_us = rh_clock_us() - started;
        rhd_outcome_document(&task->out, r, doc, t);
    } else {
        t->solve_us = rh_clock_us() - started;
        rhd_outcome_limit(&task->out, r, g->result.limit, doc, t);
    }
}

void rhd_route_generate(rhd_request *r)
{
    const uint64_t t0 = rh_clock_us();
    cJSON *doc = rhd_body_json(r);
    if (!doc) return;
    generation *g = rhd_task_state(r, sizeof *g);
    rh_diags *d = g ? rhd_body_diags(r) : NULL;
    if (!d) {
        cJSON_Delete(doc);
        return;
    }
    const rh_generate_options defaults = RH_GENERATE_OPTIONS_INIT;
    g->request = defaults;
    read_request(g, d, doc, r->cfg);
    cJSON_Delete(doc);
    g->task.parse_us = rh_clock_us() - t0;
    if (d->count || d->dropped) {
        rhd_metrics_rejected(RHD_REJECT_INVALID);
        rhd_reply_json(r, 400, rhd_body_problem(r, d, "request"));
    } else {
        rhd_task_prepare(&g->task, work);
        rhd_task_submit(r, &g->task);
    }
    free(d);
}
