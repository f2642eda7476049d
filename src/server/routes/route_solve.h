/* Solving one puzzle for a request: what /v1/solve and /v1/hint hand to a worker, and what a
 * batch hands to one worker per puzzle. The answer cache is consulted on the MHD thread; the
 * search and the document are made on the worker. */
#ifndef RHD_ROUTE_SOLVE_H
#define RHD_ROUTE_SOLVE_H

#include <stdbool.h>
#include <stddef.h>

#include "cache.h"
#include "request.h"
#include "routes/route_task.h"

typedef struct {
    rhd_task task; /* its outcome: a solve document (200) or a search-limit problem (422) */
    rh_puzzle puzzle;
    char id[RH_PUZZLE_ID_MAX + 1]; /* the bank id the request named it by, echoed; or "" */
    size_t key_len;
    char key[RHD_CACHE_KEY_MAX];
} rhd_solve_item;

/* On the MHD thread, once `it` is read: answers it from the answer cache, or else from a
 * cluster table, when one holds it (returns true); else keeps its cache key for the worker to
 * store the answer under. */
bool rhd_solve_known(rhd_request *r, rhd_solve_item *it);

/* Sets `it` to search on a worker when its job runs. */
void rhd_solve_prepare(rhd_solve_item *it);

/* Frees what `it` owns (not `it` itself). */
void rhd_solve_item_free(rhd_solve_item *it);

#endif
