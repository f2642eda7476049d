/* POST /v1/verify: a player's moves checked against a puzzle. The body is a puzzle in any JSON
 * form /v1/solve takes, or its bank id (the served bank must hold it; the answer echoes it),
 * "moves" (the list /v1/solve answers with) and "options" (the budgets only). The list is read
 * and replayed on the MHD thread: rh_verify is bounded by the list's length, itself bounded by
 * RH_VERIFY_MOVES_MAX. The start's optimal length in the moves metric comes from optimal_known
 * when it can, else from a search on a worker with the request's budgets (422 on a limit, 503
 * when the queue is full, as /v1/solve). */
#include <stdlib.h>
#include <string.h>

#include "rushhour/clock.h"
#include "request_body.h"
#include "routes/route_puzzles.h"
#include "routes/route_table.h"
#include "routes/route_task.h"

typedef struct {
    rhd_task task;
    rh_puzzle start, end;          /* the puzzle as sent; the position after the legal prefix */
    char id[RH_PUZZLE_ID_MAX + 1]; /* the bank id the request named it by, echoed; or "" */
    rh_verify_result verdict;
    rh_verify_move moves[RH_VERIFY_MOVES_MAX];
    rh_move merged[RH_VERIFY_MOVES_MAX];
} verification;

/* The start's optimal length in the moves metric (-1: unsolvable) when it is known without a
 * search, on the MHD thread: from the cluster table holding it (a bank puzzle being played has
 * one, see docs/operating.md). */
static bool optimal_known(const rhd_request *r, const rh_puzzle *start, int *optimal)
{
    const int d = rhd_tables_distance(r->services->tables, start, RH_METRIC_MOVES);
    if (d == RH_TABLE_ABSENT) return false;
    *optimal = d;
    return true;
}

/* The verdict's document with the start's optimal length (-1: unsolvable, or unknown), and the
 * id the puzzle was named by; NULL when out of memory. */
static cJSON *verdict_doc(const verification *v, int optimal)
{
    return rhd_puzzles_with_id(rh_report_verify(&v->end, &v->verdict, optimal), v->id);
}

/* Sets the 200 outcome: the verdict with the start's optimal length (-1: unsolvable). */
static void answer(verification *v, const rhd_request *r, int optimal, const rhd_timing *t)
{
    rhd_outcome_document(&v->task.out, r, verdict_doc(v, optimal), t);
}

/* The end of the start's search: the verdict with its optimal length, or the 422 of a limit. */
static void solved(rhd_task *task, const rhd_request *r, const rh_result *res, rhd_timing *t)
{
    verification *v = rhd_container_of(task, verification, task);
    if (res->status != RH_LIMIT_REACHED) {
        answer(v, r, res->status == RH_SOLVED ? res->move_count : -1, t);
    } else {
        /* The verdict stands without the optimal length: the problem carries it. */
        cJSON *doc = verdict_doc(v, -1);
        if (doc && !cJSON_AddStringToObject(doc, "limit", rh_limit_name(res->limit))) {
            cJSON_Delete(doc);
            doc = NULL;
        }
        rhd_outcome_limit(&task->out, r, res->limit, doc, t);
    }
}

/* Whether any problem in `d` is in the moves rather than the puzzle. */
static bool moves_at_fault(const rh_diags *d)
{
    for (int i = 0; i < d->count; i++)
        if (strncmp(d->items[i].field, "moves", 5) == 0) return true;
    return false;
}

/* Reads the puzzle, the options and the moves; replays the moves into v->verdict. On a bad
 * request sets the 400 reply (invalid-puzzle when only the puzzle is at fault, else
 * invalid-request) and returns false. */
static bool read_request(rhd_request *r, verification *v)
{
    rh_diags *d = rhd_body_diags(r);
    if (!d) return false;
    const uint64_t t0 = rh_clock_us();
    cJSON *doc = rhd_body_json(r);
    if (!doc) {
        free(d);
        return false;
    }
    size_t n = 0;
    if (cJSON_IsObject(doc)) {
        static const char *const more[] = {"moves", NULL};
        const int err = rhd_body_puzzle_with(&v->start, &v->task.opt, d, doc, RHD_OPTS_BUDGET,
                                             r->cfg, more, v->id);
        rh_parse_verify_moves(v->moves, &n, d, cJSON_GetObjectItemCaseSensitive(doc, "moves"),
                              err == RH_OK ? &v->start : NULL);
    } else {
        rh_diags_add(d, "", "the body must be a JSON object: a puzzle and its moves");
    }
    cJSON_Delete(doc);
    const bool ok = !d->count && !d->dropped;
    if (ok) {
        v->end = v->start;
        rh_verify(&v->verdict, &v->end, v->moves, n, v->merged);
    } else {
        rhd_metrics_rejected(RHD_REJECT_INVALID);
        rhd_reply_json(r, 400, rhd_body_problem(r, d, moves_at_fault(d) ? "request" : "puzzle"));
    }
    v->task.parse_us = rh_clock_us() - t0;
    free(d);
    return ok;
}

void rhd_route_verify(rhd_request *r)
{
    verification *v = rhd_task_state(r, sizeof *v);
    if (!v) return;
    if (!read_request(r, v) || (v->id[0] && !rhd_puzzles_hold(r, v->id))) return;
    /* The optimal length in the moves metric, by A*: fewer nodes than BFS for the same length. */
    v->task.opt.search.metric = RH_METRIC_MOVES;
    v->task.opt.search.algorithm = RH_ALGO_ASTAR;
    r->algorithm = rh_algorithm_name(v->task.opt.search.algorithm);
    int optimal;
    if (optimal_known(r, &v->start, &optimal)) {
        const rhd_timing t = {0, v->task.parse_us, 0};
        answer(v, r, optimal, &t);
        v->task.out.source = "table";
        rhd_outcome_reply(r, &v->task.out);
    } else {
        rhd_task_prepare_solve(&v->task, &v->start, solved);
        rhd_task_submit(r, &v->task);
    }
}
