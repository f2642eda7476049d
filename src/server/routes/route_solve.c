/* POST /v1/solve and POST /v1/hint: read the puzzle and its options on the MHD thread, search
 * on a worker, and build the reply there too, so the MHD threads only route and copy bytes. A
 * hint is a solve that returns only the first move, by A* unless asked otherwise. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "request_body.h"
#include "routes/route_table.h"
#include "routes/route_solve.h"

/* `doc` (a solve document without its closing brace, as the cache keeps it) with only the
 * first `keep` moves of its solution, notation and boards; move_count and slide_count stay
 * those of the whole solution. Returns a new text without its closing brace, or NULL. */
static char *keep_moves(const char *doc, size_t len, int keep)
{
    char *whole = malloc(len + 2);
    if (!whole) return NULL;
    memcpy(whole, doc, len);
    memcpy(whole + len, "}", 2);
    cJSON *d = cJSON_ParseWithLength(whole, len + 1);
    free(whole);
    cJSON *sol = cJSON_GetObjectItemCaseSensitive(d, "solution");
    cJSON *moves = cJSON_GetObjectItemCaseSensitive(sol, "moves");
    cJSON *boards = cJSON_GetObjectItemCaseSensitive(sol, "boards");
    for (int n; (n = cJSON_GetArraySize(moves)) > keep;) cJSON_DeleteItemFromArray(moves, n - 1);
    for (int n; (n = cJSON_GetArraySize(boards)) > keep;) cJSON_DeleteItemFromArray(boards, n - 1);
    char *notation = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(sol, "notation"));
    for (int words = 0; notation && (notation = strchr(notation, ' ')); notation++)
        if (++words == keep) {
            *notation = '\0'; /* in the document's own copy */
            break;
        }
    char *text = d ? cJSON_PrintUnformatted(d) : NULL;
    cJSON_Delete(d);
    if (text) text[strlen(text) - 1] = '\0';
    return text;
}

/* Sets the 200 outcome: `doc` (a solve document without its closing brace) cut to
 * max_moves_returned moves, completed by `cached` and the timings. */
static void answer(const rhd_request *r, rhd_solve_item *it, const char *doc, size_t len,
                   bool cached, const rhd_timing *t)
{
    rhd_outcome *o = &it->task.out;
    char *cut = NULL;
    if (it->task.opt.max_moves_returned) {
        if (!(cut = keep_moves(doc, len, it->task.opt.max_moves_returned))) {
            rhd_outcome_no_memory(o);
            return;
        }
        doc = cut;
        len = strlen(cut);
    }
    rhd_outcome_answer(o, r, doc, len, cached ? ",\"cached\":true" : ",\"cached\":false", t);
    o->cached = cached;
    cJSON_free(cut);
}

bool rhd_solve_cached(rhd_request *r, rhd_solve_item *it)
{
    rhd_cache *cache = r->services->cache;
    if (!cache) return false;
    const rhd_options *opt = &it->task.opt;
    it->key_len = rhd_cache_key(it->key, &it->puzzle, opt->search.algorithm, opt->search.metric,
                                opt->include_boards);
    size_t len;
    char *doc = rhd_cache_get(cache, it->key, it->key_len, &len);
    rhd_metrics_cache(doc != NULL);
    if (!doc) return false;
    const rhd_timing none = {0, it->task.parse_us, 0};
    answer(r, it, doc, len, true, &none);
    free(doc);
    return true;
}

static void work(rhd_task *task, const rhd_request *r, rhd_timing *t)
{
    rhd_solve_item *it = rhd_container_of(task, rhd_solve_item, task);
    rh_result res;
    if (rh_solve(&res, &it->puzzle, &task->opt.search) != RH_OK) {
        rhd_outcome_no_memory(&task->out);
        return;
    }
    task->out.nodes = res.stats.nodes_expanded;
    t->solve_us = res.stats.elapsed_us;
    rhd_metrics_search(rh_algorithm_name(res.algorithm), res.stats.elapsed_us,
                       res.stats.nodes_expanded);
    cJSON *doc = rh_report_result(&it->puzzle, &res, task->opt.include_boards);
    if (res.status != RH_LIMIT_REACHED) {
        char *text = doc ? cJSON_PrintUnformatted(doc) : NULL;
        if (text) {
            const size_t len = strlen(text) - 1; /* without the closing brace */
            rhd_cache_put(r->services->cache, it->key, it->key_len, text, len);
            answer(r, it, text, len, false, t);
            cJSON_free(text);
        } else {
            rhd_outcome_no_memory(&task->out);
        }
        cJSON_Delete(doc);
    } else if (res.limit == RH_LIMIT_CANCELLED) {
        cJSON_Delete(doc);
        rhd_outcome_cancelled(&task->out, &task->job);
    } else {
        rhd_outcome_limit(&task->out, r, res.limit, doc, t);
    }
    rh_result_free(&res);
}

void rhd_solve_prepare(rhd_solve_item *it)
{
    rhd_task_prepare(&it->task, work);
}

void rhd_solve_item_free(rhd_solve_item *it)
{
    rhd_outcome_free(&it->task.out);
}

static void item_free(void *state)
{
    rhd_solve_item_free(state);
    free(state);
}

static void route(rhd_request *r, rh_algorithm algorithm, int max_moves_returned)
{
    rhd_solve_item *it = rhd_task_state(r, sizeof *it, item_free);
    if (!it) return;
    rhd_options *opt = &it->task.opt;
    rhd_options_init(opt, r->cfg);
    opt->search.algorithm = algorithm;
    opt->max_moves_returned = max_moves_returned;
    if (!rhd_body_read(r, &it->puzzle, opt, RHD_OPTS_SOLVE, &it->task.parse_us)) return;
    r->algorithm = rh_algorithm_name(opt->search.algorithm);
    if (rhd_solve_cached(r, it))
        rhd_outcome_reply(r, &it->task.out);
    else
        rhd_task_submit(r, &it->task, work);
}

void rhd_route_solve(rhd_request *r)
{
    route(r, RH_ALGO_BFS, 0);
}

void rhd_route_hint(rhd_request *r)
{
    /* A button press: A* expands fewer nodes than BFS for the same optimal first move. */
    route(r, RH_ALGO_ASTAR, 1);
}
