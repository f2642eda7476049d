/* Allocating, growing and freeing the visited-state table. */
#include <string.h>

#include "rushhour/error.h"
#include "layout.h"
#include "state_table.h"

/* 4096 slots: 32 KiB of one-word keys, past the first few growths of most searches. */
#define INITIAL_BITS 12

/* Below this many slots a table grows at half load and quadruples: its memory is small, and
 * a lower load shortens the probe sequences of linear probing, which a search spends most of
 * its time in. Above, it grows at 3/4 and doubles, to keep within memory budgets. */
#define QUADRUPLE_BELOW_BITS 18

/* Allocates the arrays of a table of 2^bits slots into `t`; false on a refused budget, with
 * `t` untouched. */
static bool alloc_arrays(rh__table *t, int bits)
{
    const size_t cap = (size_t)1 << bits;
    const size_t key_bytes = cap * rh__slot_key_bytes(t->kw, t->narrow);
    void *keys = rh__budget_calloc(t->budget, key_bytes);
    uint16_t *via = keys && t->with_via ? rh__budget_calloc(t->budget, cap * sizeof *via) : NULL;
    uint16_t *depth =
        keys && t->with_depth ? rh__budget_calloc(t->budget, cap * sizeof *depth) : NULL;
    if (!keys || (t->with_via && !via) || (t->with_depth && !depth)) {
        rh__budget_free(t->budget, keys, keys ? key_bytes : 0);
        rh__budget_free(t->budget, via, via ? cap * sizeof *via : 0);
        rh__budget_free(t->budget, depth, depth ? cap * sizeof *depth : 0);
        return false;
    }
    t->keys = keys;
    t->via = via;
    t->depth = depth;
    t->cap = cap;
    t->grow_at = bits < QUADRUPLE_BELOW_BITS ? cap / 2 : cap / 4 * 3;
    t->bits = bits;
    t->count = 0;
    return true;
}

int rh__table_init(rh__table *t, rh__budget *b, int kw, bool narrow, bool with_via, bool with_depth)
{
    *t = (rh__table){
        .kw = kw, .narrow = narrow, .with_via = with_via, .with_depth = with_depth, .budget = b};
    return alloc_arrays(t, INITIAL_BITS) ? RH_OK : RH_ENOMEM;
}

void rh__table_free(rh__table *t)
{
    rh__budget_free(t->budget, t->keys, t->cap * rh__slot_key_bytes(t->kw, t->narrow));
    rh__budget_free(t->budget, t->via, t->via ? t->cap * sizeof(uint16_t) : 0);
    rh__budget_free(t->budget, t->depth, t->depth ? t->cap * sizeof(uint16_t) : 0);
    t->keys = NULL;
    t->via = t->depth = NULL;
    t->cap = t->count = 0;
}

/* The entries of a table moved to the front of its arrays, which are then cut to fit. */
typedef struct {
    void *keys;
    uint16_t *via, *depth;
    size_t count, key_bytes, via_bytes, depth_bytes;
} packed;

/* Packs the entries of `t`, whose arrays it takes over. `kw` and `narrow` as in rehash. */
static inline __attribute__((always_inline)) packed pack(rh__table *t, const int kw,
                                                         const bool narrow)
{
    /* Locals, as the keys stored could alias the table's size_t fields. */
    void *const keys = t->keys;
    uint16_t *const via = t->via, *const depth = t->depth;
    const size_t cap = t->cap;
    uint64_t key[RH_KEY_WORDS_MAX];
    size_t n = 0;
    for (size_t s = 0; s < cap; s++) {
        if (rh__slot_empty(keys, s, kw, narrow)) continue;
        /* n <= s: moving entries from the front is safe. */
        rh__slot_load(keys, s, key, kw, narrow);
        rh__slot_store(keys, n, key, kw, narrow);
        if (via) via[n] = via[s];
        if (depth) depth[n] = depth[s];
        n++;
    }
    const size_t key_bytes = rh__slot_key_bytes(kw, narrow);
    packed p = {.count = n,
                .key_bytes = t->cap * key_bytes,
                .via_bytes = t->via ? t->cap * sizeof(uint16_t) : 0,
                .depth_bytes = t->depth ? t->cap * sizeof(uint16_t) : 0};
    const size_t kept = n ? n : 1;
    p.keys = rh__budget_shrink(t->budget, t->keys, &p.key_bytes, kept * key_bytes);
    if (t->via) p.via = rh__budget_shrink(t->budget, t->via, &p.via_bytes, kept * sizeof(uint16_t));
    if (t->depth)
        p.depth = rh__budget_shrink(t->budget, t->depth, &p.depth_bytes, kept * sizeof(uint16_t));
    return p;
}

static void packed_free(rh__budget *b, const packed *p)
{
    rh__budget_free(b, p->keys, p->key_bytes);
    rh__budget_free(b, p->via, p->via_bytes);
    rh__budget_free(b, p->depth, p->depth_bytes);
}

/* Moves the packed entries into the empty table `t`. `kw` and `narrow` must equal the
 * table's. */
static inline __attribute__((always_inline)) void rehash(rh__table *t, const packed *p,
                                                         const int kw, const bool narrow)
{
    const rh__slots sl = rh__table_slots(t);
    uint16_t *const via = t->via, *const depth = t->depth;
    const size_t count = p->count;
    uint64_t key[RH_KEY_WORDS_MAX];
    for (size_t i = 0; i < count; i++) {
        rh__slot_load(p->keys, i, key, kw, narrow);
        bool found;
        const size_t n =
            rh__probe(sl.keys, sl.mask, sl.shift, key, rh__key_hash(key, kw), kw, narrow, &found);
        rh__slot_store(sl.keys, n, key, kw, narrow);
        if (via) via[n] = p->via[i];
        if (depth) depth[n] = p->depth[i];
    }
    t->count = p->count;
}

/* The entries are packed and their arrays cut before the new ones are allocated: the memory
 * held while growing is the new table and the entries alone, not two whole tables. Under a
 * memory cap a small table that cannot quadruple doubles, and one that cannot grow at all
 * fills to 3/4 first, so the speed-minded policy never refuses a search that the economical
 * one (doubling at 3/4) would finish. */
bool rh__table_grow(rh__table *t)
{
    const size_t slot_bytes = rh__slot_key_bytes(t->kw, t->narrow) +
                              (t->with_via ? sizeof(uint16_t) : 0) +
                              (t->with_depth ? sizeof(uint16_t) : 0);
    const size_t released = (t->cap - t->count) * slot_bytes;
    int bits = t->bits + 1;
    if (t->bits < QUADRUPLE_BELOW_BITS &&
        rh__budget_would_fit(t->budget, released, ((size_t)2 << bits) * slot_bytes))
        bits++;
    if (!rh__budget_would_fit(t->budget, released, ((size_t)1 << bits) * slot_bytes) &&
        t->grow_at < t->cap / 4 * 3) {
        t->grow_at = t->cap / 4 * 3;
        return true;
    }
    /* Checked first, as packing cannot be undone. */
    if (!rh__budget_fits(t->budget, released, ((size_t)1 << bits) * slot_bytes)) return false;
    const size_t count = t->count;
    const packed p = t->narrow    ? pack(t, 1, true)
                     : t->kw == 1 ? pack(t, 1, false)
                                  : pack(t, t->kw, false);
    if (!alloc_arrays(t, bits)) {
        /* malloc itself refused: the search stops, and the table only keeps its count. */
        packed_free(t->budget, &p);
        t->keys = NULL;
        t->via = t->depth = NULL;
        t->cap = t->grow_at = 0;
        t->count = count;
        return false;
    }
    if (t->narrow)
        rehash(t, &p, 1, true);
    else if (t->kw == 1)
        rehash(t, &p, 1, false);
    else
        rehash(t, &p, t->kw, false);
    packed_free(t->budget, &p);
    return true;
}
