/* POST /v1/solve and POST /v1/hint: read the puzzle and its options on the MHD thread, search
 * on a worker, and build the reply there too, so the MHD threads only route and copy bytes. A
 * hint is a solve that returns only the first move, by A* unless asked otherwise. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "routes/routes.h"
#include "routes/search_reply.h"
#include "routes/solve.h"
#include "server.h"
#include "work.h"

#define ITEM(job) ((rhd_solve_item *)((char *)(job)-offsetof(rhd_solve_item, job)))

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

static void fail(rhd_solve_item *it)
{
    free(it->text);
    it->text = NULL;
    it->status = 500;
}

/* Sets the 200 outcome: `doc` (a solve document without its closing brace) cut to
 * max_moves_returned moves, completed by `cached` and the timings. */
static void answer(const rhd_request *r, rhd_solve_item *it, const char *doc, size_t len,
                   bool cached, uint64_t queue_us, uint64_t solve_us)
{
    char *cut = NULL;
    if (it->opt.max_moves_returned) {
        if (!(cut = keep_moves(doc, len, it->opt.max_moves_returned))) {
            fail(it);
            return;
        }
        doc = cut;
        len = strlen(cut);
    }
    char tail[64 + RHD_TIMING_MAX];
    int n = snprintf(tail, sizeof tail, ",\"cached\":%s,\"timing_us\":", cached ? "true" : "false");
    n += rhd_search_timing(tail + n, sizeof tail - (size_t)n, r, queue_us, it->parse_us, solve_us);
    char *text = malloc(len + (size_t)n + 2);
    if (text) {
        memcpy(text, doc, len);
        memcpy(text + len, tail, (size_t)n);
        memcpy(text + len + (size_t)n, "}", 2);
        it->status = 200;
        it->text = text;
        it->len = len + (size_t)n + 1;
        it->cached = cached;
    } else {
        fail(it);
    }
    cJSON_free(cut);
}

/* Sets the 422 outcome: `problem` (consumed; NULL when out of memory). */
static void set_problem(rhd_solve_item *it, cJSON *problem)
{
    it->text = problem ? cJSON_PrintUnformatted(problem) : NULL;
    cJSON_Delete(problem);
    it->status = it->text ? 422 : 500;
    it->len = it->text ? strlen(it->text) : 0;
}

bool rhd_solve_cached(rhd_request *r, rhd_solve_item *it)
{
    rhd_cache *cache = rhd_server_cache(r->server);
    if (!cache) return false;
    it->key_len = rhd_cache_key(it->key, &it->puzzle, it->opt.search.algorithm,
                                it->opt.search.metric, it->opt.include_boards);
    size_t len;
    char *doc = rhd_cache_get(cache, it->key, it->key_len, &len);
    rhd_metrics_cache(doc != NULL);
    if (!doc) return false;
    answer(r, it, doc, len, true, 0, 0);
    free(doc);
    return true;
}

void rhd_solve_run(const rhd_request *r, rhd_solve_item *it)
{
    const uint64_t queue_us = rh_clock_us() - it->job.enqueued_us;
    if (!rhd_options_start(&it->opt, it->job.enqueued_us, &it->job.cancel)) {
        set_problem(it, rhd_search_queue_timeout(r, queue_us, it->parse_us));
        return;
    }
    rh_result res;
    if (rh_solve(&res, &it->puzzle, &it->opt.search) != RH_OK) {
        fail(it);
        return;
    }
    it->nodes = res.stats.nodes_expanded;
    rhd_metrics_search(rh_algorithm_name(res.algorithm), res.stats.elapsed_us,
                       res.stats.nodes_expanded);
    cJSON *doc = rh_report_result(&it->puzzle, &res, it->opt.include_boards);
    if (res.status != RH_LIMIT_REACHED) {
        char *text = doc ? cJSON_PrintUnformatted(doc) : NULL;
        if (text) {
            const size_t len = strlen(text) - 1; /* without the closing brace */
            rhd_cache_put(rhd_server_cache(r->server), it->key, it->key_len, text, len);
            answer(r, it, text, len, false, queue_us, res.stats.elapsed_us);
            cJSON_free(text);
        } else {
            fail(it);
        }
        cJSON_Delete(doc);
    } else if (res.limit == RH_LIMIT_CANCELLED) {
        cJSON_Delete(doc);
        it->status = 0;
    } else {
        set_problem(it, rhd_search_limit_problem(r, res.limit, doc, queue_us, it->parse_us,
                                                 res.stats.elapsed_us));
    }
    rh_result_free(&res);
}

void rhd_solve_item_free(rhd_solve_item *it)
{
    free(it->text);
}

/* The request's reply from its one item's outcome. */
static void reply(rhd_request *r, rhd_solve_item *it)
{
    r->nodes = it->nodes;
    r->cached = it->cached;
    if (!it->status) {
        rhd_search_reply_cancelled(r, &it->job);
    } else if (!it->text) {
        rhd_reply_problem(r, 500, "internal", "Internal Server Error", "out of memory", NULL);
    } else {
        rhd_reply_owned(r, it->status,
                        it->status == 200 ? "application/json" : "application/problem+json",
                        it->text, it->len);
        it->text = NULL;
    }
}

static void run(rhd_job *job)
{
    rhd_request *r = rhd_work_request(job);
    rhd_solve_run(r, ITEM(job));
    reply(r, ITEM(job));
}

static void item_free(void *state)
{
    rhd_solve_item_free(state);
    free(state);
}

static void route(rhd_request *r, rh_algorithm algorithm, int max_moves_returned)
{
    rhd_solve_item *it = calloc(1, sizeof *it);
    if (!it) {
        rhd_reply_problem(r, 500, "internal", "Internal Server Error", "out of memory", NULL);
        return;
    }
    r->state = it;
    r->state_free = item_free;
    rhd_options_init(&it->opt, r->cfg);
    it->opt.search.algorithm = algorithm;
    it->opt.max_moves_returned = max_moves_returned;
    if (!rhd_input_read(r, &it->puzzle, &it->opt, RHD_OPTS_SOLVE, &it->parse_us)) return;
    r->algorithm = rh_algorithm_name(it->opt.search.algorithm);
    if (rhd_solve_cached(r, it)) {
        reply(r, it);
        return;
    }
    it->job.run = run;
    rhd_job *job = &it->job;
    rhd_work_submit(r, &job, 1);
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
