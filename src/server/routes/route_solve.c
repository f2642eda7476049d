/* POST /v1/solve and POST /v1/hint: read the puzzle and its options on the MHD thread, search
 * on a worker, and build the reply there too, so the MHD threads only route and copy bytes. A
 * hint is a solve that returns only the first move, by A* unless asked otherwise. The puzzle
 * may be named by its bank id (the served bank must hold it), which the answer echoes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "request_body.h"
#include "routes/route_puzzles.h"
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

/* Sets the 200 outcome: `doc` (a solve document without its closing brace, its moves already
 * cut to max_moves_returned when `cut`), completed by `cached`, `source`, the id the puzzle was
 * named by (not in `doc`: the answer cache keeps a position's answer, whatever named it) and the
 * timings. */
static void answer_as(const rhd_request *r, rhd_solve_item *it, const char *doc, size_t len,
                      const char *source, bool cut, const rhd_timing *t)
{
    rhd_outcome *o = &it->task.out;
    char *shortened = NULL;
    if (it->task.opt.max_moves_returned && !cut) {
        if (!(shortened = keep_moves(doc, len, it->task.opt.max_moves_returned))) {
            rhd_outcome_no_memory(o);
            return;
        }
        doc = shortened;
        len = strlen(shortened);
    }
    char id[16 + RH_PUZZLE_ID_MAX] = ""; /* an id needs no escaping: a digit, then base64url */
    if (it->id[0]) snprintf(id, sizeof id, ",\"id\":\"%s\"", it->id);
    char members[48 + sizeof id];
    snprintf(members, sizeof members, ",\"cached\":%s,\"source\":\"%s\"%s",
             strcmp(source, "cache") == 0 ? "true" : "false", source, id);
    rhd_outcome_answer(o, r, doc, len, members, t);
    o->source = source;
    cJSON_free(shortened);
}

/* An answer from the cluster tables, when one holds the position: the whole solution walked,
 * listed up to max_moves_returned moves (so a hint is not cut from text as a search's is). */
static bool from_table(rhd_request *r, rhd_solve_item *it)
{
    const rhd_options *opt = &it->task.opt;
    rh_result res;
    const int rc = rhd_tables_solve(r->services->tables, &res, &it->puzzle, opt->search.metric,
                                    opt->search.algorithm);
    if (rc == RH_ENOTFOUND) return false;
    rhd_outcome *o = &it->task.out;
    if (rc != RH_OK) {
        rhd_outcome_no_memory(o);
        return true;
    }
    cJSON *doc =
        rh_report_result_head(&it->puzzle, &res, opt->include_boards, opt->max_moves_returned);
    char *text = doc ? cJSON_PrintUnformatted(doc) : NULL;
    cJSON_Delete(doc);
    const rhd_timing t = {0, it->task.parse_us, res.stats.elapsed_us};
    if (text)
        answer_as(r, it, text, strlen(text) - 1, "table", true, &t); /* without its brace */
    else
        rhd_outcome_no_memory(o);
    o->nodes = res.stats.nodes_expanded;
    cJSON_free(text);
    rh_result_free(&res);
    return true;
}

bool rhd_solve_known(rhd_request *r, rhd_solve_item *it)
{
    rhd_cache *cache = r->services->cache;
    if (!cache) return from_table(r, it);
    const rhd_options *opt = &it->task.opt;
    it->key_len = rhd_cache_key(it->key, &it->puzzle, opt->search.algorithm, opt->search.metric,
                                opt->include_boards);
    size_t len;
    char *doc = rhd_cache_get(cache, it->key, it->key_len, &len);
    rhd_metrics_cache(doc != NULL);
    if (!doc) return from_table(r, it);
    const rhd_timing none = {0, it->task.parse_us, 0};
    answer_as(r, it, doc, len, "cache", false, &none);
    free(doc);
    return true;
}

/* The end of its search: the solve document, cached, or the 422 of a limit. */
static void solved(rhd_task *task, const rhd_request *r, const rh_result *res, rhd_timing *t)
{
    rhd_solve_item *it = rhd_container_of(task, rhd_solve_item, task);
    cJSON *doc = rh_report_result(&it->puzzle, res, task->opt.include_boards);
    if (res->status != RH_LIMIT_REACHED) {
        char *text = doc ? cJSON_PrintUnformatted(doc) : NULL;
        if (text) {
            const size_t len = strlen(text) - 1; /* without the closing brace */
            rhd_cache_put(r->services->cache, it->key, it->key_len, text, len);
            answer_as(r, it, text, len, "search", false, t);
            cJSON_free(text);
        } else {
            rhd_outcome_no_memory(&task->out);
        }
        cJSON_Delete(doc);
    } else {
        rhd_outcome_limit(&task->out, r, res->limit, rhd_puzzles_with_id(doc, it->id), t);
    }
}

void rhd_solve_prepare(rhd_solve_item *it)
{
    rhd_task_prepare_solve(&it->task, &it->puzzle, solved);
}

void rhd_solve_item_free(rhd_solve_item *it)
{
    rhd_outcome_free(&it->task.out);
}

static void route(rhd_request *r, rh_algorithm algorithm, int max_moves_returned)
{
    rhd_solve_item *it = rhd_task_state(r, sizeof *it);
    if (!it) return;
    rhd_options *opt = &it->task.opt;
    opt->search.algorithm = algorithm;
    opt->max_moves_returned = max_moves_returned;
    if (!rhd_body_read_id(r, &it->puzzle, opt, RHD_OPTS_SOLVE, it->id, &it->task.parse_us)) return;
    if (it->id[0] && !rhd_puzzles_hold(r, it->id)) return;
    r->algorithm = rh_algorithm_name(opt->search.algorithm);
    if (rhd_solve_known(r, it)) {
        rhd_outcome_reply(r, &it->task.out);
    } else {
        rhd_solve_prepare(it);
        rhd_task_submit(r, &it->task);
    }
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
