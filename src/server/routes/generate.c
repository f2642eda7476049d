/* POST /v1/generate: a new puzzle of a chosen difficulty. The body's members are the fields of
 * rh_generate_options (all optional, RH_GENERATE_OPTIONS_INIT's defaults) plus the budgets
 * max_nodes and timeout_ms, capped as for solving; rh_generate_check judges the request. On a
 * worker: a puzzle of the bank when one fits (puzzle_bank.h), else rh_generate; then the
 * puzzle's optimal solution. The answer's "source" says which ("bank" or "search"). */
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "puzzle_bank.h"
#include "routes/routes.h"
#include "routes/search_reply.h"
#include "server.h"
#include "work.h"

typedef struct {
    rhd_job job;
    rh_generate_options request;
    rhd_options opt; /* the budgets */
    uint64_t parse_us;
    rh_generated result;
} generate_job;

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
static void read_field(generate_job *g, rh_diags *d, const cJSON *item, const rhd_config *cfg)
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
        rhd_options_read_one(&g->opt, d, item, name, cfg);
    }
}

/* Reads the body into `g`; every problem goes to `d`. */
static void read_request(generate_job *g, rh_diags *d, const cJSON *doc, const rhd_config *cfg)
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
static bool add_solution(cJSON *doc, const generate_job *g)
{
    rh_search_options opt = g->opt.search;
    opt.algorithm = RH_ALGO_ASTAR;
    opt.metric = g->request.metric;
    opt.max_nodes = 0;
    opt.deadline_us = 0;
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
static bool from_bank(generate_job *g, rh_bank *b)
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
    return true;
}

static void run(rhd_job *job)
{
    rhd_request *r = rhd_work_request(job);
    generate_job *g = (generate_job *)((char *)job - offsetof(generate_job, job));
    const uint64_t started = rh_clock_us();
    if (!rhd_options_start(&g->opt, job->enqueued_us, &job->cancel)) {
        rhd_reply_json(r, 422,
                       rhd_search_queue_timeout(r, started - job->enqueued_us, g->parse_us));
        return;
    }
    const bool banked = from_bank(g, rhd_server_bank(r->server));
    if (!banked && rh_generate(&g->result, &g->request, &g->opt.search) != RH_OK) {
        rhd_reply_problem(r, 500, "internal", "Internal Server Error", "out of memory", NULL);
        return;
    }
    r->nodes = g->result.stats.nodes_expanded;
    if (banked)
        rhd_metrics_bank_answer();
    else
        rhd_metrics_generated(g->result.status == RH_SOLVED, rh_clock_us() - started);
    cJSON *doc = rh_report_generated(&g->result);
    char seed[24];
    snprintf(seed, sizeof seed, "%" PRIu64, g->request.seed);
    if (doc && (!cJSON_AddRawToObject(doc, "seed", seed) ||
                !cJSON_AddStringToObject(doc, "source", banked ? "bank" : "search"))) {
        cJSON_Delete(doc);
        doc = NULL;
    }
    const uint64_t queue_us = started - job->enqueued_us;
    if (g->result.status == RH_SOLVED) {
        if (doc && !add_solution(doc, g)) {
            cJSON_Delete(doc);
            doc = NULL;
        }
        rhd_search_reply_timed(r, doc, queue_us, g->parse_us, rh_clock_us() - started);
    } else if (g->result.limit == RH_LIMIT_CANCELLED) {
        cJSON_Delete(doc);
        rhd_search_reply_cancelled(r, job);
    } else {
        rhd_search_reply_limit(r, g->result.limit, doc, queue_us, g->parse_us,
                               rh_clock_us() - started);
    }
}

void rhd_route_generate(rhd_request *r)
{
    const uint64_t t0 = rh_clock_us();
    cJSON *doc = rhd_input_json(r);
    if (!doc) return;
    generate_job *g = calloc(1, sizeof *g);
    rh_diags *d = malloc(sizeof *d); /* 13 KiB: kept off the MHD thread's stack */
    if (!g || !d) {
        free(g);
        free(d);
        cJSON_Delete(doc);
        rhd_reply_problem(r, 500, "internal", "Internal Server Error", "out of memory", NULL);
        return;
    }
    r->state = g;
    r->state_free = free;
    const rh_generate_options defaults = RH_GENERATE_OPTIONS_INIT;
    g->request = defaults;
    rhd_options_init(&g->opt, r->cfg);
    rh_diags_init(d);
    read_request(g, d, doc, r->cfg);
    cJSON_Delete(doc);
    g->parse_us = rh_clock_us() - t0;
    if (d->count || d->dropped) {
        rhd_metrics_rejected(RHD_REJECT_INVALID);
        rhd_reply_json(r, 400, rhd_input_problem(r, d, "request"));
    } else {
        g->job.run = run;
        rhd_job *job = &g->job;
        rhd_work_submit(r, &job, 1);
    }
    free(d);
}
