/* The visited set: one open-addressing hash table of packed states, linear probing.
 *
 * Each slot holds the key and, when asked for, how the state was reached (`via`) and its depth
 * (`depth`). A key that fits 31 bits (one word, the classic boards) is stored as 32 bits, half
 * the memory of a 64-bit word; others as their kw words. The top bit of a slot's first word
 * marks it occupied, so calloc'd memory is an empty table. Nothing points at slots from
 * outside, so the table can rehash freely: paths are rebuilt by undoing `via` moves and looking
 * keys up again. All memory is charged to the search's budget.
 *
 * The inline functions take `kw` and `narrow`, which must equal the table's: passing constants
 * lets the compiler specialise the common cases. */
#ifndef RH_STATE_TABLE_H
#define RH_STATE_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "budget.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define RH_OCCUPIED (UINT64_C(1) << 63)
#define RH_OCCUPIED_NARROW (UINT32_C(1) << 31)
#define RH_VIA_START 0xFFFFu
#define RH_SLOT_NONE SIZE_MAX

typedef struct {
    void *keys;      /* uint32_t slots when narrow, else kw uint64_t words a slot */
    uint16_t *via;   /* (vehicle << 5) | (delta + 16); RH_VIA_START for the start */
    uint16_t *depth; /* moves from the start, for searches that revisit */
    size_t cap, count;
    size_t grow_at; /* the count past which the table grows: see state_table.c */
    int bits, kw;
    bool narrow, with_via, with_depth;
    rh__budget *budget;
} rh__table;

/* `narrow` asks for 32-bit slots: every key must then be one word below 2^31. */
int rh__table_init(rh__table *t, rh__budget *b, int kw, bool narrow, bool with_via,
                   bool with_depth);
void rh__table_free(rh__table *t);

static inline uint64_t rh__key_hash(const uint64_t *key, int kw)
{
    uint64_t h = key[0];
    for (int w = 1; w < kw; w++) h = (h ^ (h >> 31)) * UINT64_C(0x9E3779B97F4A7C15) ^ key[w];
    return h * UINT64_C(0xBF58476D1CE4E5B9);
}

static inline bool rh__slot_empty(const void *keys, size_t s, int kw, bool narrow)
{
    return narrow ? !((const uint32_t *)keys)[s] : !((const uint64_t *)keys)[s * (size_t)kw];
}

/* Whether slot s holds `key`. */
static inline bool rh__slot_equal(const void *keys, size_t s, const uint64_t *key, int kw,
                                  bool narrow)
{
    if (narrow) return ((const uint32_t *)keys)[s] == ((uint32_t)key[0] | RH_OCCUPIED_NARROW);
    const uint64_t *k = (const uint64_t *)keys + s * (size_t)kw;
    if (k[0] != (key[0] | RH_OCCUPIED)) return false;
    for (int w = 1; w < kw; w++)
        if (k[w] != key[w]) return false;
    return true;
}

static inline void rh__slot_store(void *keys, size_t s, const uint64_t *key, int kw, bool narrow)
{
    if (narrow) {
        ((uint32_t *)keys)[s] = (uint32_t)key[0] | RH_OCCUPIED_NARROW;
        return;
    }
    uint64_t *k = (uint64_t *)keys + s * (size_t)kw;
    k[0] = key[0] | RH_OCCUPIED;
    for (int w = 1; w < kw; w++) k[w] = key[w];
}

/* The key in slot s, into `key`. */
static inline void rh__slot_load(const void *keys, size_t s, uint64_t *key, int kw, bool narrow)
{
    if (narrow) {
        key[0] = ((const uint32_t *)keys)[s] & ~RH_OCCUPIED_NARROW;
        return;
    }
    const uint64_t *k = (const uint64_t *)keys + s * (size_t)kw;
    key[0] = k[0] & ~RH_OCCUPIED;
    for (int w = 1; w < kw; w++) key[w] = k[w];
}

/* Bytes of one slot's key. */
static inline size_t rh__slot_key_bytes(int kw, bool narrow)
{
    return narrow ? sizeof(uint32_t) : sizeof(uint64_t) * (size_t)kw;
}

/* Bit j of *equal set where slot b + j holds `want` (a stored key, marked occupied), of
 * *empty where it is empty; b is a multiple of 4. A slot at a time: the form for CPUs without
 * SSE2, which a test holds to the same answers as rh__bucket_match. */
static inline void rh__bucket_match_plain(const void *keys, size_t b, uint64_t want, bool narrow,
                                          unsigned *equal, unsigned *empty)
{
    *equal = *empty = 0;
    for (unsigned j = 0; j < 4; j++) {
        const uint64_t at =
            narrow ? ((const uint32_t *)keys)[b + j] : ((const uint64_t *)keys)[b + j];
        *equal |= (unsigned)(at == want) << j;
        *empty |= (unsigned)(at == 0) << j;
    }
}

/* rh__bucket_match_plain with SSE2 (every x86-64): four compares and a mask each. */
static inline __attribute__((always_inline)) void rh__bucket_match(const void *keys, size_t b,
                                                                   uint64_t want, bool narrow,
                                                                   unsigned *equal, unsigned *empty)
{
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    if (narrow) {
        const __m128i v = _mm_loadu_si128((const __m128i *)((const uint32_t *)keys + b));
        const __m128i w = _mm_set1_epi32((int)(uint32_t)want);
        *equal = (unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(v, w)));
        *empty = (unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(v, zero)));
        return;
    }
    /* 64-bit lanes are equal where both their 32-bit halves are (SSE2 compares 32 bits). */
    const __m128i w = _mm_set1_epi64x((long long)want);
    *equal = *empty = 0;
    for (int half = 0; half < 2; half++) {
        const __m128i v = _mm_loadu_si128((const __m128i *)((const uint64_t *)keys + b) + half);
        __m128i e = _mm_cmpeq_epi32(v, w), z = _mm_cmpeq_epi32(v, zero);
        e = _mm_and_si128(e, _mm_shuffle_epi32(e, 0xB1));
        z = _mm_and_si128(z, _mm_shuffle_epi32(z, 0xB1));
        *equal |= (unsigned)_mm_movemask_pd(_mm_castsi128_pd(e)) << 2 * half;
        *empty |= (unsigned)_mm_movemask_pd(_mm_castsi128_pd(z)) << 2 * half;
    }
#else
    rh__bucket_match_plain(keys, b, want, narrow, equal, empty);
#endif
}

/* The slot holding `key`, whose rh__key_hash is `h` (*found set), or else the empty slot where
 * it goes (*found clear). `shift` and `mask` pick the start and wrap around the table.
 *
 * One-word keys are probed by aligned buckets of four slots: a bucket either holds the key, or
 * has an empty slot (the key is then absent, as insertions fill the first bucket with room), or
 * is full and the next one is probed. Testing four slots at once without branching on each
 * leaves one well-predicted branch a probe, where slot by slot the branches followed no
 * pattern: whether a state was new, and where its run of occupied slots ended. */
static inline __attribute__((always_inline)) size_t rh__probe(const void *keys, size_t mask,
                                                              int shift, const uint64_t *key,
                                                              uint64_t h, int kw, bool narrow,
                                                              bool *found)
{
    if (kw == 1) {
        const uint64_t want = narrow ? (uint32_t)key[0] | RH_OCCUPIED_NARROW : key[0] | RH_OCCUPIED;
        for (size_t b = (h >> shift) & ~(size_t)3;; b = (b + 4) & mask) {
            unsigned equal, empty;
            rh__bucket_match(keys, b, want, narrow, &equal, &empty);
            if (equal | empty) {
                *found = equal != 0;
                return b + (size_t)__builtin_ctz(equal ? equal : empty);
            }
        }
    }
    for (size_t s = h >> shift;; s = (s + 1) & mask) {
        if (rh__slot_empty(keys, s, kw, narrow)) {
            *found = false;
            return s;
        }
        if (rh__slot_equal(keys, s, key, kw, narrow)) {
            *found = true;
            return s;
        }
    }
}

static inline __attribute__((always_inline)) size_t
rh__table_find_in(const rh__table *t, const uint64_t *key, int kw, bool narrow)
{
    bool found;
    const size_t s = rh__probe(t->keys, t->cap - 1, 64 - t->bits, key, rh__key_hash(key, kw), kw,
                               narrow, &found);
    return found ? s : RH_SLOT_NONE;
}

/* The slot of `key`, or RH_SLOT_NONE. */
static inline size_t rh__table_find(const rh__table *t, const uint64_t *key)
{
    return t->narrow ? rh__table_find_in(t, key, 1, true) : rh__table_find_in(t, key, t->kw, false);
}

/* Grows the table to twice its size; false when the budget refuses. */
bool rh__table_grow(rh__table *t);

/* Grows the table until `n` more keys fit without growing; false when the budget refuses. */
static inline bool rh__table_reserve(rh__table *t, size_t n)
{
    while (t->count + n > t->grow_at)
        if (!rh__table_grow(t)) return false;
    return true;
}

/* The key array of a table and how a hash picks a slot, copied out of it for a run of
 * insertions into room already reserved. A key stored through the table itself may alias its
 * size_t fields (uint64_t is size_t), so the compiler would reload every field after each. */
typedef struct {
    void *keys;
    size_t mask;
    int shift;
} rh__slots;

static inline rh__slots rh__table_slots(const rh__table *t)
{
    return (rh__slots){.keys = t->keys, .mask = t->cap - 1, .shift = 64 - t->bits};
}

/* Starts loading the slot where a key of hash `h` would be looked up. */
static inline void rh__slots_prefetch(const rh__slots *s, uint64_t h, int kw, bool narrow)
{
    const size_t slot = (h >> s->shift) & (kw == 1 ? ~(size_t)3 : ~(size_t)0);
    __builtin_prefetch((const char *)s->keys + slot * rh__slot_key_bytes(kw, narrow));
}

/* Adds `key`, whose rh__key_hash is `h`, unless present, into room reserved for it. Returns its
 * slot and sets *added; the caller then counts the key into the table. */
static inline __attribute__((always_inline)) size_t rh__slots_put(const rh__slots *sl,
                                                                  const uint64_t *key, uint64_t h,
                                                                  int kw, bool narrow, bool *added)
{
    bool found;
    const size_t s = rh__probe(sl->keys, sl->mask, sl->shift, key, h, kw, narrow, &found);
    if (!found) rh__slot_store(sl->keys, s, key, kw, narrow);
    *added = !found;
    return s;
}

/* rh__slots_put with the room made first: RH_SLOT_NONE when the table would need to grow past
 * the memory budget. */
static inline size_t rh__table_insert(rh__table *t, const uint64_t *key, bool *added)
{
    if (!rh__table_reserve(t, 1)) return RH_SLOT_NONE;
    const rh__slots sl = rh__table_slots(t);
    const uint64_t h = rh__key_hash(key, t->kw);
    const size_t slot = t->narrow ? rh__slots_put(&sl, key, h, 1, true, added)
                                  : rh__slots_put(&sl, key, h, t->kw, false, added);
    t->count += *added;
    return slot;
}

#endif
