/* Solving one puzzle for a request: what /v1/solve and /v1/hint hand to a worker, and what a
 * batch hands to one worker per puzzle. The answer cache is consulted on the MHD thread; the
 * search and the document are made on the worker. */
#ifndef RHD_SOLVE_H
#define RHD_SOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cache.h"
#include "options.h"
#include "request.h"

typedef struct {
    rhd_job job;
    rh_puzzle puzzle;
    rhd_options opt;
    uint64_t parse_us;
    /* The outcome: status 200 (a solve document) or 422 (a search-limit problem) in `text`
     * (owned, freed by rhd_solve_item_free unless taken); 0 when the cancel flag stopped the
     * search; 500 with no text when out of memory. */
    int status;
    char *text;
    size_t len;
    bool cached;
    uint64_t nodes;
    size_t key_len;
    char key[RHD_CACHE_KEY_MAX];
} rhd_solve_item;

/* On the MHD thread, once `it` is read: answers it from the answer cache when the cache holds
 * it (returns true), else keeps its key for the worker to store the answer under. */
bool rhd_solve_cached(rhd_request *r, rhd_solve_item *it);

/* On a worker: searches `it` (queued by rhd_work_submit) and sets its outcome. */
void rhd_solve_run(const rhd_request *r, rhd_solve_item *it);

/* Frees what `it` owns (not `it` itself). */
void rhd_solve_item_free(rhd_solve_item *it);

#endif
