/* POST /v1/solve/batch: up to --batch-max puzzles (and no more than the queue holds) in one
 * request, {"puzzles": [...], "options": {...}}. Each valid puzzle not in the answer cache becomes
 * its own job on the pool, so they run in parallel; the connection resumes when the last one ends,
 * and the answer lists every puzzle's outcome in input order, each with its own status: the solve
 * document (200), or a problem (400 invalid, 422 a budget ran out). The pool takes the whole
 * batch or refuses it (503). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rushhour/clock.h"
#include "request_body.h"
#include "routes/route_table.h"
#include "routes/route_solve.h"
#include "work.h"

typedef struct {
    int count;
    rhd_solve_item items[];
} batch;

static void batch_free(void *state)
{
    batch *b = state;
    for (int i = 0; b && i < b->count; i++) rhd_solve_item_free(&b->items[i]);
    free(b);
}

/* {"results": [every item's document]}: the items' texts joined, not parsed again. An item
 * without a document (cancelled, out of memory) is the whole batch's reply. */
static void finish(rhd_request *r)
{
    batch *b = r->state;
    size_t len = sizeof "{\"results\":[]}";
    for (int i = 0; i < b->count; i++) {
        rhd_outcome *o = &b->items[i].task.out;
        if (!o->status || !o->text) {
            rhd_outcome_reply(r, o);
            return;
        }
        len += o->len + 1;
    }
    char *text = malloc(len);
    if (!text) {
        rhd_reply_no_memory(r);
        return;
    }
    size_t n = 0;
    /* NOLINTNEXTLINE(bugprone-not-null-terminated-result): n counts; "]}" ends it with a NUL */
    memcpy(text, "{\"results\":[", 12);
    n = 12;
    for (int i = 0; i < b->count; i++) {
        if (i) text[n++] = ',';
        const rhd_outcome *o = &b->items[i].task.out;
        memcpy(text + n, o->text, o->len);
        n += o->len;
    }
    memcpy(text + n, "]}", 3);
    rhd_reply_owned(r, 200, "application/json", text, n + 2);
}

/* The batch's own members: "puzzles" (an array of 1 to rhd_config_batch_max puzzle objects) and
 * "options" (over the server's defaults; each puzzle's own options override them). The batch's
 * shape and every option, shared or a puzzle's own, are the batch's to get right (a fault is
 * its 400); only the puzzles themselves are judged one by one. */
/* Each item is an object, and its own options are valid over the shared ones. */
static void read_items(rh_diags *d, const cJSON *puzzles, const rhd_options *shared,
                       const rhd_config *cfg)
{
    int i = 0;
    for (const cJSON *p = puzzles->child; p; p = p->next, i++) {
        char field[RH_DIAG_FIELD_MAX];
        snprintf(field, sizeof field, "puzzles[%d]", i);
        if (!cJSON_IsObject(p)) {
            rh_diags_add(d, field, "must be a puzzle object");
            continue;
        }
        rhd_options own = *shared;
        snprintf(field, sizeof field, "puzzles[%d].options", i);
        rhd_options_read(&own, d, cJSON_GetObjectItemCaseSensitive(p, "options"), field,
                         RHD_OPTS_SOLVE, cfg);
    }
}

static const cJSON *read_batch(rh_diags *d, const cJSON *doc, rhd_options *shared,
                               const rhd_config *cfg)
{
    if (!cJSON_IsObject(doc)) {
        rh_diags_add(d, "", "the batch must be a JSON object with \"puzzles\"");
        return NULL;
    }
    const cJSON *puzzles = NULL, *options = NULL;
    for (const cJSON *m = doc->child; m; m = m->next) {
        const bool is_puzzles = strcmp(m->string, "puzzles") == 0;
        const bool is_options = strcmp(m->string, "options") == 0;
        if (!is_puzzles && !is_options)
            rh_diags_add(d, m->string, "unknown member: give \"puzzles\" and \"options\"");
        else if (is_puzzles ? puzzles != NULL : options != NULL)
            rh_diags_add(d, m->string, "appears more than once");
        else if (is_puzzles)
            puzzles = m;
        else
            options = m;
    }
    rhd_options_read(shared, d, options, "options", RHD_OPTS_SOLVE, cfg);
    const int n = cJSON_IsArray(puzzles) ? cJSON_GetArraySize(puzzles) : 0;
    const int most = rhd_config_batch_max(cfg);
    if (!puzzles)
        rh_diags_add(d, "puzzles", "is missing: give an array of puzzles");
    else if (!cJSON_IsArray(puzzles))
        rh_diags_add(d, "puzzles", "must be an array of puzzles");
    else if (n < 1 || n > most)
        rh_diags_add(d, "puzzles", "must hold 1 to %d puzzles, not %d", most, n);
    else
        read_items(d, puzzles, shared, cfg);
    return d->count || d->dropped ? NULL : puzzles;
}

/* Reads item `it` from `doc`; an invalid one gets its 400 problem as its outcome at once. */
static void read_item(rhd_request *r, rh_diags *d, rhd_solve_item *it, const cJSON *doc,
                      const rhd_options *shared)
{
    const uint64_t t0 = rh_clock_us();
    rh_diags_init(d);
    it->task.opt = *shared;
    const int err = rhd_body_puzzle(&it->puzzle, &it->task.opt, d, doc, RHD_OPTS_SOLVE, r->cfg);
    it->task.parse_us = rh_clock_us() - t0;
    if (err != RH_OK) rhd_outcome_problem(&it->task.out, 400, rhd_body_problem(r, d, "puzzle"));
}

void rhd_route_batch(rhd_request *r)
{
    cJSON *doc = rhd_body_json(r);
    if (!doc) return;
    rh_diags *d = rhd_body_diags(r);
    rhd_job **jobs = NULL;
    if (!d) goto out;
    rhd_options shared;
    rhd_options_init(&shared, r->cfg);
    const cJSON *puzzles = read_batch(d, doc, &shared, r->cfg);
    if (!puzzles) {
        rhd_metrics_rejected(RHD_REJECT_INVALID);
        rhd_reply_json(r, 400, rhd_body_problem(r, d, "batch"));
        goto out;
    }
    const int count = cJSON_GetArraySize(puzzles);
    batch *b = calloc(1, sizeof *b + (size_t)count * sizeof b->items[0]);
    /* NOLINTNEXTLINE(bugprone-sizeof-expression): an array of pointers, as meant */
    jobs = malloc((size_t)count * sizeof *jobs);
    if (!b || !jobs) {
        free(b);
        goto out_of_memory;
    }
    b->count = count;
    r->state = b;
    r->state_free = batch_free;
    r->finish = finish;
    int queued = 0, i = 0;
    for (const cJSON *p = puzzles->child; p; p = p->next, i++) {
        rhd_solve_item *it = &b->items[i];
        read_item(r, d, it, p, &shared);
        if (it->task.out.status || rhd_solve_known(r, it)) continue;
        rhd_solve_prepare(it);
        jobs[queued++] = &it->task.job;
    }
    if (queued)
        rhd_work_submit(r, jobs, queued);
    else
        finish(r);
    goto out;
out_of_memory:
    rhd_reply_no_memory(r);
out:
    free(jobs);
    free(d);
    cJSON_Delete(doc);
}
