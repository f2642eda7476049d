/* Allocating, growing and freeing the visited-state table. */
#include <string.h>

#include "rushhour/error.h"
#include "layout.h"
#include "state_table.h"

/* 4096 slots: 32 KiB of one-word keys, past the first few doublings of most searches. */
#define INITIAL_BITS 12

/* Allocates the arrays of a table of 2^bits slots into `t`; false on a refused budget, with
 * `t` untouched. */
static bool alloc_arrays(rh_table *t, int bits)
{
    const size_t cap = (size_t)1 << bits;
    const size_t key_bytes = cap * sizeof(uint64_t) * (size_t)t->kw;
    uint64_t *keys = rh_budget_calloc(t->budget, key_bytes);
    uint16_t *via = keys && t->with_via ? rh_budget_calloc(t->budget, cap * sizeof *via) : NULL;
    uint16_t *depth =
        keys && t->with_depth ? rh_budget_calloc(t->budget, cap * sizeof *depth) : NULL;
    if (!keys || (t->with_via && !via) || (t->with_depth && !depth)) {
        rh_budget_free(t->budget, keys, keys ? key_bytes : 0);
        rh_budget_free(t->budget, via, via ? cap * sizeof *via : 0);
        rh_budget_free(t->budget, depth, depth ? cap * sizeof *depth : 0);
        return false;
    }
    t->keys = keys;
    t->via = via;
    t->depth = depth;
    t->cap = cap;
    t->grow_at = cap / 4 * 3;
    t->bits = bits;
    t->count = 0;
    return true;
}

int rh_table_init(rh_table *t, rh_budget *b, int kw, bool with_via, bool with_depth)
{
    *t = (rh_table){.kw = kw, .with_via = with_via, .with_depth = with_depth, .budget = b};
    return alloc_arrays(t, INITIAL_BITS) ? RH_OK : RH_ENOMEM;
}

void rh_table_free(rh_table *t)
{
    rh_budget_free(t->budget, t->keys, t->cap * sizeof(uint64_t) * (size_t)t->kw);
    rh_budget_free(t->budget, t->via, t->via ? t->cap * sizeof(uint16_t) : 0);
    rh_budget_free(t->budget, t->depth, t->depth ? t->cap * sizeof(uint16_t) : 0);
    t->keys = NULL;
    t->via = t->depth = NULL;
    t->cap = t->count = 0;
}

/* Below this many slots a table quadruples: its memory is small, and a lower load shortens
 * the probe sequences of linear probing. Above, it doubles, to keep within memory budgets. */
#define QUADRUPLE_BELOW_BITS 18

/* Moves every key of `old` into the empty table `t`. The keys are distinct, so each one's
 * slot is simply the first empty one of its probe sequence: no key is compared. */
static inline __attribute__((always_inline)) void rehash(rh_table *t, const rh_table *old,
                                                         const int kw)
{
    const size_t mask = t->cap - 1;
    uint64_t key[RH_KEY_WORDS_MAX];
    for (size_t s = 0; s < old->cap; s++) {
        const uint64_t *k = old->keys + s * (size_t)kw;
        if (!k[0]) continue;
        memcpy(key, k, sizeof(uint64_t) * (size_t)kw);
        key[0] &= ~RH_OCCUPIED;
        size_t n = rh_key_hash(key, kw) >> (64 - t->bits);
        while (t->keys[n * (size_t)kw]) n = (n + 1) & mask;
        memcpy(t->keys + n * (size_t)kw, k, sizeof(uint64_t) * (size_t)kw);
        if (t->via) t->via[n] = old->via[s];
        if (t->depth) t->depth[n] = old->depth[s];
    }
    t->count = old->count;
}

bool rh_table_grow(rh_table *t)
{
    rh_table old = *t;
    if (!alloc_arrays(t, old.bits + (old.bits < QUADRUPLE_BELOW_BITS ? 2 : 1))) {
        *t = old;
        return false;
    }
    if (t->kw == 1)
        rehash(t, &old, 1);
    else
        rehash(t, &old, t->kw);
    rh_table_free(&old);
    return true;
}
