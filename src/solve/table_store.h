/* A finished cluster table as it is held: read-only, in one allocation.
 *
 * Its states are filed by the top `dir_bits` bits of their key's hash (rh__key_hash): bucket b
 * holds states dir[b] .. dir[b + 1] - 1, two to four on average, so a lookup reads one
 * directory pair and compares a few keys, without the empty slots of a hash table. Keys take
 * 32 bits when the layout is narrow, else kw words; each state's entry beside its key holds
 * what the table answers. */
#ifndef RH_TABLE_STORE_H
#define RH_TABLE_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "component.h"
#include "layout.h"
#include "rushhour/table.h"
#include "state_table.h"

/* One state's answers, by metric (rh_metric): its distance to the nearest goal (RH_UNREACHED:
 * none) and the first optimal move from it, as rh__via_encode in canonical vehicle indices
 * (RH_VIA_START for none: a goal, or a dead state). */
typedef struct {
    uint16_t distance[2];
    uint16_t next[2];
} rh__table_entry;

/* Whether a table may store distance `d` as rh__component_distances leaves it: that gives
 * RH_UNREACHED - 1 to every state as far from a goal or farther, whose distance and first move
 * it then cannot tell, so no table holding one is built. */
static inline bool rh__table_distance_kept(unsigned d)
{
    return d != RH_UNREACHED - 1;
}

struct rh_table {
    /* The canonical puzzle's layout, to encode keys and move vehicles: its masks are released
     * once the table is built (NULL). */
    rh__layout layout;
    size_t bytes; /* the allocation's, this struct included */
    uint32_t states;
    int dir_bits;
    void *keys; /* uint32_t a state when layout.narrow, else layout.kw words */
    rh__table_entry *entries;
    uint32_t *dir; /* 2^dir_bits + 1 */
    size_t shape_len;
    uint8_t shape[RH_TABLE_SHAPE_MAX];
};

/* The directory's bits for `states`: 2 to 4 states a bucket (one bucket below 4). */
static inline int rh__table_dir_bits(size_t states)
{
    int bits = 0;
    while ((size_t)4 << bits <= states) bits++;
    return bits;
}

static inline size_t rh__table_bucket(const rh_table *t, uint64_t hash)
{
    return t->dir_bits ? (size_t)(hash >> (64 - t->dir_bits)) : 0;
}

/* The index of state `key`, or RH_SLOT_NONE. */
static inline size_t rh__table_lookup(const rh_table *t, const uint64_t *key)
{
    const int kw = t->layout.kw;
    const size_t b = rh__table_bucket(t, rh__key_hash(key, kw));
    const uint32_t end = t->dir[b + 1];
    if (t->layout.narrow) {
        const uint32_t *keys = t->keys, want = (uint32_t)key[0];
        for (uint32_t j = t->dir[b]; j < end; j++)
            if (keys[j] == want) return j;
        return RH_SLOT_NONE;
    }
    const uint64_t *keys = t->keys;
    for (uint32_t j = t->dir[b]; j < end; j++)
        if (!memcmp(keys + (size_t)j * (size_t)kw, key, sizeof(uint64_t) * (size_t)kw)) return j;
    return RH_SLOT_NONE;
}

#endif
