/* The enumerator's working memory: the run's shared byte budget, and each thread's buffers
 * of one search (states in discovery order, the hash table of their keys, the moves between
 * them), with the table's inline add that is the exploration's inner loop (buffers.c). */
#ifndef RH_ENUMERATE_BUFFERS_H
#define RH_ENUMERATE_BUFFERS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "state.h"

/* The bytes of cluster buffers a run allows, shared by its threads, so that one large cluster
 * may take what the others do not hold. */
typedef struct {
    atomic_size_t used;
    size_t cap;
} rh__ememory;

/* Grows *array from `have` to `want` elements of `size` bytes within `m`, adding what it takes
 * to *used (its owner's share). */
bool rh__ework_memory_grow(rh__ememory *m, size_t *used, void *array, size_t size, size_t have,
                           size_t want);

/* Frees the `n` arrays of `arrays`, the buffers of one owner, and gives the bytes they took,
 * `used`, back to `m`. */
void rh__ework_memory_free(rh__ememory *m, size_t used, void *const *arrays, size_t n);

/* Working memory of one thread: the states of the current search in discovery order, a hash
 * table of their keys and indices, every state's single-cell moves as one list of (index,
 * label) (edge_start[i] .. edge_start[i+1]), and per-state free cells, distances and a queue
 * for the second passes (free cells say where a chain of slides ends without a search). A state's
 * list holds first the moves back to states explored before it, then its own: exploration writes
 * the second part and leaves room for the first, which rh__ecluster_link fills in when it needs the
 * whole graph. Grows by doubling within the run's shared `memory`, so that a run's memory follows
 * its largest clusters. */
typedef struct {
    rh__estate *states;
    uint16_t *dist;
    uint32_t *queue;
    uint32_t *edge_start;
    uint64_t *free;  /* per state: its free cells */
    uint64_t *keys;  /* the table: rh__es_key per slot, 0 = empty */
    uint32_t *index; /* the table: the state's index per slot */
    uint32_t *edges;
    uint16_t *labels;
    uint32_t *chain; /* per move: the same vehicle's next slide the same way (rh__ecluster_chain) */
    uint64_t (*skip)[2]; /* per state: the slides to states explored before it (RH_ES_SKIP_*) */
    uint32_t count, allocated;
    uint32_t edge_count, edges_allocated; /* edge_count: the places the lists take */
    uint32_t chain_allocated;             /* chain is grown only when a cluster wants it */
    uint32_t mask;                        /* table size - 1 */
    uint32_t slots_allocated;
    /* The table holds the states from `dropped` on (and slots of earlier ones, which no
     * lookup matches); the states before `live_from` will never be looked up again, so the
     * next rebuild drops them. `limit`: the adds that fit before the slow path. */
    uint32_t live_from, dropped, limit;
    const rh__egeom *g;
    rh__ememory *memory;
    size_t used; /* bytes of this thread's, counted in memory->used */
} rh__ework;

#define RH_EWORK_FULL UINT32_MAX
#define RH_EWORK_NO_CHAIN UINT32_MAX
/* A table holds at most one state for this many slots: linear probes stay short. */
#define RH_EWORK_LOAD 3

void rh__ework_init(rh__ework *w, const rh__egeom *g, rh__ememory *memory);
/* Frees every buffer and gives its bytes back to the run's memory. */
void rh__ework_free(rh__ework *w);
void rh__ework_reset(rh__ework *w);
/* Slow path of rh__ework_put below: make room (arrays, table) within the budget, then add. */
uint32_t rh__ework_add_grow(rh__ework *w, const rh__estate *s);
/* Slow path of rh__ework_edges_take below: room for `more` places within the budget. */
bool rh__ework_edges_grow(rh__ework *w, uint32_t more);
/* Room in w->chain for every place the lists take; false when the budget refuses. */
bool rh__ework_chain_grow(rh__ework *w);

/* The hash of a key, whose low bits pick its home slot: two rounds of multiply and fold, as
 * its bits sit in a few places. */
static inline uint32_t rh__ework_hash(uint64_t key)
{
    uint64_t x = key * UINT64_C(0x9E3779B97F4A7C15);
    x ^= x >> 32;
    x *= UINT64_C(0xD6E8FEB86659FD93);
    return (uint32_t)(x >> 32);
}

/* Starts loading the home slot of a key of hash `hash`, for an add soon after. */
static inline void rh__ework_prefetch(const rh__ework *w, uint32_t hash)
{
    __builtin_prefetch(&w->keys[hash & w->mask]);
}

/* Adds `s`, of key `key` and hash `hash`, unless present. Returns its index, with *added set,
 * or RH_EWORK_FULL when the budget or the allocator refuses. Inline: it is the exploration's
 * inner loop. A probe reads the key array alone, and the index beside it on a match: neither
 * load waits on the other. */
static inline uint32_t rh__ework_put(rh__ework *w, const rh__estate *s, uint64_t key, uint32_t hash,
                                     bool *added)
{
    *added = true;
    if (!w->mask) return rh__ework_add_grow(w, s);
    uint32_t j = hash & w->mask;
    for (; w->keys[j]; j = (j + 1) & w->mask)
        if (w->keys[j] == key &&
            (w->g->n <= RH_ES_EXACT_SIZE || rh__es_equal(&w->states[w->index[j]], s))) {
            *added = false;
            return w->index[j];
        }
    if (w->count >= w->limit) return rh__ework_add_grow(w, s);
    w->states[w->count] = *s;
    w->keys[j] = key;
    w->index[j] = w->count;
    return w->count++;
}

static inline uint32_t rh__ework_add(rh__ework *w, const rh__estate *s, bool *added)
{
    const uint64_t key = rh__es_key(w->g, s);
    return rh__ework_put(w, s, key, rh__ework_hash(key), added);
}

/* Takes `more` places for the lists after the last; false when the budget refuses. */
static inline bool rh__ework_edges_take(rh__ework *w, uint32_t more)
{
    if (w->edges_allocated - w->edge_count < more && !rh__ework_edges_grow(w, more)) return false;
    w->edge_count += more;
    return true;
}

#endif
