/* How a position is packed into machine words, and how moves are read off a packed position.
 *
 * A state is the offset of every vehicle along its own line, each in a bit field just wide
 * enough for its range (2 bits for a truck on 6x6, 3 for a car). Fields never straddle words
 * and bit 63 of every word stays clear, so a word 0 of all ones can mark an empty table slot.
 * Everything here is derived once per search from the puzzle and then only read. */
#ifndef RH_LAYOUT_H
#define RH_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "rushhour/puzzle.h"

#define RH_KEY_WORDS_MAX 10 /* 128 vehicles of 4 bits, 15 fields a word */

typedef struct {
    uint8_t word, shift; /* where the field lives */
    uint8_t horizontal;
    uint8_t length;
    uint8_t line;   /* its row if horizontal, its column if vertical */
    uint8_t maxpos; /* the largest offset: board_size - length */
} rh_vslot;

typedef struct {
    int n;             /* board size */
    int kw;            /* words per key */
    int vehicle_count;
    int target;
    int exit_row;
    rh_vslot v[RH_VEHICLES_MAX];
    /* Bit j of wall_rows[r] is a wall at (r, j); bit i of wall_cols[c] a wall at (i, c). Bits
     * from n up are set too, so a run of free cells always ends at a set bit. */
    uint32_t wall_rows[RH_BOARD_MAX];
    uint32_t wall_cols[RH_BOARD_MAX];
} rh_layout;

/* Occupancy of one position: rows[r] and cols[c] as bit masks, walls and edges included. */
typedef struct {
    uint32_t rows[RH_BOARD_MAX];
    uint32_t cols[RH_BOARD_MAX];
    uint8_t pos[RH_VEHICLES_MAX];
} rh_occupancy;

/* Builds the layout of a checked puzzle. */
void rh_layout_init(rh_layout *L, const rh_puzzle *p);

/* Packs the positions of `p` into `key` (L->kw words). */
void rh_layout_encode(const rh_layout *L, const rh_puzzle *p, uint64_t *key);

/* Copies the positions in `key` into the vehicles of `p` (which has L's vehicles). */
void rh_layout_decode(const rh_layout *L, const uint64_t *key, rh_puzzle *p);

static inline uint64_t rh_field_mask(const rh_vslot *s)
{
    return s->maxpos >= 8 ? 15u : s->maxpos >= 4 ? 7u : s->maxpos >= 2 ? 3u : 1u;
}

static inline int rh_layout_pos(const rh_layout *L, const uint64_t *key, int i)
{
    const rh_vslot *s = &L->v[i];
    return (int)((key[s->word] >> s->shift) & rh_field_mask(s));
}

static inline bool rh_layout_is_goal(const rh_layout *L, const uint64_t *key)
{
    return rh_layout_pos(L, key, L->target) == L->v[L->target].maxpos;
}

/* Moves vehicle i by delta in a key: modular arithmetic on the word keeps the other fields. */
static inline void rh_key_move(const rh_layout *L, uint64_t *key, int i, int delta)
{
    key[L->v[i].word] += (uint64_t)(int64_t)delta << L->v[i].shift;
}

static inline void rh_occupancy_mark(rh_occupancy *o, const rh_vslot *s, int pos, bool set)
{
    const uint32_t run = ((1u << s->length) - 1) << pos, bit = 1u << s->line;
    uint32_t *along = s->horizontal ? o->rows : o->cols;
    uint32_t *across = s->horizontal ? o->cols : o->rows;
    if (set) {
        along[s->line] |= run;
        for (int k = 0; k < s->length; k++) across[pos + k] |= bit;
    } else {
        along[s->line] &= ~run;
        for (int k = 0; k < s->length; k++) across[pos + k] &= ~bit;
    }
}

/* Decodes `key` into `o`: every vehicle's offset and the occupied cells. */
static inline void rh_layout_occupancy(const rh_layout *L, const uint64_t *key, rh_occupancy *o)
{
    const int n = L->n;
    memcpy(o->rows, L->wall_rows, sizeof(uint32_t) * (size_t)n);
    memcpy(o->cols, L->wall_cols, sizeof(uint32_t) * (size_t)n);
    for (int i = 0; i < L->vehicle_count; i++) {
        const rh_vslot *s = &L->v[i];
        const int pos = (int)((key[s->word] >> s->shift) & rh_field_mask(s));
        o->pos[i] = (uint8_t)pos;
        rh_occupancy_mark(o, s, pos, true);
    }
}

/* The offsets vehicle i can reach in one move: [*lo, *hi], its own offset included. */
static inline void rh_layout_range(const rh_layout *L, const rh_occupancy *o, int i, int *lo,
                                   int *hi)
{
    const rh_vslot *s = &L->v[i];
    const int pos = o->pos[i];
    const uint32_t line = s->horizontal ? o->rows[s->line] : o->cols[s->line];
    *hi = pos + __builtin_ctz(line >> (pos + s->length));
    const uint32_t below = line & ((1u << pos) - 1);
    *lo = below ? 32 - __builtin_clz(below) : 0;
}

#endif
