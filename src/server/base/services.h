/* What a request's routes and work use of the running server: the worker pool, the answer
 * cache, the cluster tables, the served bank and the readiness flags. server.c owns it (inside
 * rhd_server) and points every request at it, so the routes reach these parts without calling the
 * HTTP glue above them. A plain struct: the parts are set at start and stay until stop; the flags
 * are atomics, written by the main thread and read by the HTTP threads. */
#ifndef RHD_SERVICES_H
#define RHD_SERVICES_H

#include <stdatomic.h>
#include <stdbool.h>

#include "cache.h"
#include "pool.h"
#include "rushhour/bank.h"
#include "table_cache.h"
#include "table_prefetch.h"

typedef struct rhd_services {
    rhd_pool *pool;
    rhd_prefetch prefetch; /* background table builds; its builder NULL without tables */
    rhd_cache *cache;      /* NULL when --cache-bytes is 0 */
    rhd_tables *tables;    /* NULL when --table-cache-bytes is 0 */
    rh_bank *bank;         /* NULL when none is served */
    /* The entity tag of every bank puzzle's answer: the server's version and the bank's
     * (puzzle_bank.h), so that it changes when either does. */
    char puzzle_etag[48];
    atomic_bool ready, draining;
} rhd_services;

/* Ready for traffic: started, marked ready, and not draining (what /readyz answers). */
static inline bool rhd_services_ready(rhd_services *s)
{
    return atomic_load(&s->ready) && !atomic_load(&s->draining);
}

#endif
