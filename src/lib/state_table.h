/* The visited set: one open-addressing hash table of packed states, linear probing.
 *
 * Each slot holds the key (kw words; word 0 carries bit 63 as "occupied", so calloc'd memory
 * is an empty table) and, when asked for, how the state was reached (`via`) and its depth
 * (`depth`). Nothing points at slots from outside, so the table can rehash freely: paths are
 * rebuilt by undoing `via` moves and looking keys up again. All memory is charged to the
 * search's budget. */
#ifndef RH_STATE_TABLE_H
#define RH_STATE_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "budget.h"

#define RH_OCCUPIED (UINT64_C(1) << 63)
#define RH_VIA_START 0xFFFFu
#define RH_SLOT_NONE SIZE_MAX

typedef struct {
    uint64_t *keys;
    uint16_t *via;   /* (vehicle << 5) | (delta + 16); RH_VIA_START for the start */
    uint16_t *depth; /* moves from the start, for searches that revisit */
    size_t cap, count;
    size_t grow_at; /* the count past which the table grows: see state_table.c */
    int bits, kw;
    bool with_via, with_depth;
    rh_budget *budget;
} rh_table;

int rh_table_init(rh_table *t, rh_budget *b, int kw, bool with_via, bool with_depth);
void rh_table_free(rh_table *t);

static inline uint64_t rh_key_hash(const uint64_t *key, int kw)
{
    uint64_t h = key[0];
    for (int w = 1; w < kw; w++) h = (h ^ (h >> 31)) * UINT64_C(0x9E3779B97F4A7C15) ^ key[w];
    return h * UINT64_C(0xBF58476D1CE4E5B9);
}

/* Whether the stored key `k` is `key`. */
static inline bool rh_key_equal(const uint64_t *k, const uint64_t *key, int kw)
{
    if (k[0] != (key[0] | RH_OCCUPIED)) return false;
    for (int w = 1; w < kw; w++)
        if (k[w] != key[w]) return false;
    return true;
}

/* The slot of `key`, or RH_SLOT_NONE. */
static inline size_t rh_table_find(const rh_table *t, const uint64_t *key, int kw)
{
    const size_t mask = t->cap - 1;
    for (size_t s = rh_key_hash(key, kw) >> (64 - t->bits);; s = (s + 1) & mask) {
        if (!t->keys[s * (size_t)kw]) return RH_SLOT_NONE;
        if (rh_key_equal(t->keys + s * (size_t)kw, key, kw)) return s;
    }
}

/* Grows the table to twice its size; false when the budget refuses. */
bool rh_table_grow(rh_table *t);

/* Grows the table until `n` more keys fit without growing; false when the budget refuses. */
static inline bool rh_table_reserve(rh_table *t, size_t n)
{
    while (t->count + n > t->grow_at)
        if (!rh_table_grow(t)) return false;
    return true;
}

/* The key array of a table and how a hash picks a slot, copied out of it for a run of
 * insertions into room already reserved. Keys are uint64_t, the type size_t is, so a key stored
 * through the table itself would make the compiler reload every field of it after each store. */
typedef struct {
    uint64_t *keys;
    size_t mask;
    int shift;
} rh_slots;

static inline rh_slots rh_table_slots(const rh_table *t)
{
    return (rh_slots){.keys = t->keys, .mask = t->cap - 1, .shift = 64 - t->bits};
}

/* Starts loading the slot where a key of hash `h` would be looked up. `kw` as below. */
static inline void rh_slots_prefetch(const rh_slots *s, uint64_t h, int kw)
{
    __builtin_prefetch(s->keys + (h >> s->shift) * (size_t)kw);
}

/* Adds `key`, whose rh_key_hash is `h`, unless present, into room reserved for it. Returns its
 * slot and sets *added; the caller then counts the key into the table. `kw` must equal t->kw;
 * passing the constant 1 lets the compiler specialise the common one-word case. */
static inline size_t rh_slots_put(const rh_slots *sl, const uint64_t *key, uint64_t h, int kw,
                                  bool *added)
{
    for (size_t s = h >> sl->shift;; s = (s + 1) & sl->mask) {
        uint64_t *k = sl->keys + s * (size_t)kw;
        if (!k[0]) {
            k[0] = key[0] | RH_OCCUPIED;
            for (int w = 1; w < kw; w++) k[w] = key[w];
            *added = true;
            return s;
        }
        if (rh_key_equal(k, key, kw)) {
            *added = false;
            return s;
        }
    }
}

/* rh_slots_put with the room made first: RH_SLOT_NONE when the table would need to grow past
 * the memory budget. */
static inline size_t rh_table_insert(rh_table *t, const uint64_t *key, int kw, bool *added)
{
    if (!rh_table_reserve(t, 1)) return RH_SLOT_NONE;
    const rh_slots sl = rh_table_slots(t);
    const size_t slot = rh_slots_put(&sl, key, rh_key_hash(key, kw), kw, added);
    t->count += *added;
    return slot;
}

#endif
