/* The enumerator's per-thread working memory: states in discovery order, an open-addressing
 * table of their keys and indices, and the moves between them. The table starts small for
 * every search and follows it, so that the many small clusters probe a few cache lines, not a
 * large stale table; it holds only the states a search may still look up (an exploration's
 * frontier, at most about a tenth of a large cluster). Every array counts against the run's
 * shared memory. */
#include <stdlib.h>
#include <string.h>

#include "buffers.h"
#include "state.h"

#define TABLE_MIN 256u
/* A table rebuilt below this many slots makes room for four times its states, above for
 * twice: fewer reinsertions, and shorter probes at a lower load, for memory that stays small. */
#define QUADRUPLE_BELOW (1u << 20)

void rh__ework_init(rh__ework *w, const rh__egeom *g, rh__ememory *memory)
{
    *w = (rh__ework){.g = g, .memory = memory};
}

void rh__ework_free(rh__ework *w)
{
    void *const arrays[] = {w->states, w->dist,  w->queue,  w->edge_start, w->free, w->keys,
                            w->index,  w->edges, w->labels, w->chain,      w->skip};
    rh__ework_memory_free(w->memory, w->used, arrays, sizeof arrays / sizeof arrays[0]);
    rh__ework_init(w, w->g, w->memory);
}

bool rh__ework_memory_grow(rh__ememory *m, size_t *used, void *array, size_t size, size_t have,
                           size_t want)
{
    void **p = array;
    const size_t more = (want - have) * size;
    if (atomic_fetch_add(&m->used, more) + more > m->cap) {
        atomic_fetch_sub(&m->used, more);
        return false;
    }
    void *q = realloc(*p, want * size);
    if (!q) {
        atomic_fetch_sub(&m->used, more);
        return false;
    }
    *p = q;
    *used += more;
    return true;
}

void rh__ework_memory_free(rh__ememory *m, size_t used, void *const *arrays, size_t n)
{
    for (size_t k = 0; k < n; k++) free(arrays[k]);
    atomic_fetch_sub(&m->used, used);
}

static bool grow(rh__ework *w, void *array, size_t size, uint32_t have, uint32_t want)
{
    return rh__ework_memory_grow(w->memory, &w->used, array, size, have, want);
}

/* Stores `key`, known absent, of state i in the first empty slot from its home. */
static void table_store(rh__ework *w, uint64_t key, uint32_t i)
{
    uint32_t j = rh__ework_hash(key) & w->mask;
    while (w->keys[j]) j = (j + 1) & w->mask;
    w->keys[j] = key;
    w->index[j] = i;
}

/* The adds allowed before the slow path: the arrays' room, and the table's within
 * RH_EWORK_LOAD (its slots hold the states from `dropped` on). */
static void set_limit(rh__ework *w)
{
    const uint32_t table = w->mask ? w->dropped + (w->mask + 1) / RH_EWORK_LOAD : 0;
    w->limit = table < w->allocated ? table : w->allocated;
}

/* Makes a table for the states from live_from on, with room for as many again and more, and
 * inserts them: the states before are never looked up again, and their slots are freed. */
static bool table_rebuild(rh__ework *w)
{
    const uint64_t live = w->count - w->live_from;
    uint64_t size = TABLE_MIN;
    while (size < live * RH_EWORK_LOAD * (size < QUADRUPLE_BELOW ? 4 : 2)) size *= 2;
    if (size > UINT32_MAX / 2 + 1) return false;
    if (size > w->slots_allocated) {
        if (!grow(w, &w->keys, sizeof *w->keys, w->slots_allocated, (uint32_t)size) ||
            !grow(w, &w->index, sizeof *w->index, w->slots_allocated, (uint32_t)size))
            return false;
        w->slots_allocated = (uint32_t)size;
    }
    memset(w->keys, 0, sizeof *w->keys * size);
    w->mask = (uint32_t)size - 1;
    w->dropped = w->live_from;
    for (uint32_t i = w->live_from; i < w->count; i++)
        table_store(w, rh__es_key(w->g, &w->states[i]), i);
    return true;
}

void rh__ework_reset(rh__ework *w)
{
    w->count = w->edge_count = w->live_from = w->dropped = 0;
    if (w->slots_allocated >= TABLE_MIN) {
        memset(w->keys, 0, sizeof *w->keys * TABLE_MIN);
        w->mask = TABLE_MIN - 1;
    } else {
        w->mask = 0; /* the first add allocates */
    }
    set_limit(w);
}

/* Room for one more state: arrays by doubling, the table within RH_EWORK_LOAD. */
static bool make_room(rh__ework *w)
{
    if (w->count == w->allocated) {
        if (w->allocated > UINT32_MAX / 4) return false;
        const uint32_t have = w->allocated, n = have ? have * 2 : TABLE_MIN;
        /* One more edge start than states: the end of the last list. */
        if (!grow(w, &w->states, sizeof *w->states, have, n) ||
            !grow(w, &w->dist, sizeof *w->dist, have, n) ||
            !grow(w, &w->queue, sizeof *w->queue, have, n) ||
            !grow(w, &w->skip, sizeof *w->skip, have, n) ||
            !grow(w, &w->free, sizeof *w->free, have, n) ||
            !grow(w, &w->edge_start, sizeof *w->edge_start, have ? have + 1 : 0, n + 1))
            return false;
        w->allocated = n;
    }
    if (!w->mask || w->count >= w->dropped + (w->mask + 1) / RH_EWORK_LOAD) {
        if (!table_rebuild(w)) return false;
    }
    set_limit(w);
    return true;
}

uint32_t rh__ework_add_grow(rh__ework *w, const rh__estate *s)
{
    if (!make_room(w)) return RH_EWORK_FULL;
    w->states[w->count] = *s;
    table_store(w, rh__es_key(w->g, s), w->count);
    return w->count++;
}

bool rh__ework_edges_grow(rh__ework *w, uint32_t more)
{
    uint32_t n = w->edges_allocated ? w->edges_allocated : 4 * TABLE_MIN;
    while (n - w->edge_count < more) {
        if (n > UINT32_MAX / 4) return false;
        n *= 2;
    }
    if (!grow(w, &w->edges, sizeof *w->edges, w->edges_allocated, n) ||
        !grow(w, &w->labels, sizeof *w->labels, w->edges_allocated, n))
        return false;
    w->edges_allocated = n;
    return true;
}

bool rh__ework_chain_grow(rh__ework *w)
{
    if (w->chain_allocated >= w->edge_count) return true;
    if (!grow(w, &w->chain, sizeof *w->chain, w->chain_allocated, w->edges_allocated)) return false;
    w->chain_allocated = w->edges_allocated;
    return true;
}
