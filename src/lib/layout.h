/* How a position is packed into machine words, and how moves are read off a packed position.
 *
 * A state is the offset of every vehicle along its own line, each in a bit field just wide
 * enough for its range (2 bits for a truck on 6x6, 3 for a car). Fields never straddle words
 * and bit 63 of every word stays clear, so the table can mark occupied slots with it.
 *
 * Occupancy is two bitboards, one row-major and one column-major, so that the line a vehicle
 * slides along is one lane of one of them. Boards up to 8x8 use 8-bit lanes in one word, larger
 * ones 16-bit lanes in four. Each vehicle's cells at each offset are precomputed for both
 * boards, so building the occupancy of a state costs two ORs a vehicle. */
#ifndef RH_LAYOUT_H
#define RH_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "budget.h"
#include "rushhour/puzzle.h"

#define RH_KEY_WORDS_MAX 10 /* 128 vehicles of 4 bits, 15 fields a word */
#define RH_OCC_WORDS_MAX 4  /* 16 lanes of 16 bits */
#define RH_SMALL_BOARD 8    /* up to this size: one word, 8-bit lanes */

typedef struct {
    uint8_t word, shift; /* where the field lives */
    uint8_t field;       /* the field's mask, before shifting */
    uint8_t horizontal;
    uint8_t length;
    uint8_t line;      /* its row if horizontal, its column if vertical */
    uint8_t maxpos;    /* the largest offset: board_size - length */
    uint8_t lane_word; /* lane_bit split into its board word and the shift within it */
    uint16_t lane_bit; /* bit index, over both boards, of its lane's first cell */
    uint8_t lane_shift;
    uint32_t masks; /* index in rh_layout.masks of its record at offset 0 */
} rh_vslot;

typedef struct {
    int n;    /* board size */
    int kw;   /* words per key */
    int ow;   /* words per bitboard: 1 or 4 */
    int lane; /* bits per lane: 8 or 16 */
    int vehicle_count;
    int target;
    int exit_row;
    uint32_t beyond;                        /* the bits of a lane past the board's edge, all set */
    uint64_t not_lane_first, not_lane_last; /* every bit but each lane's first / last */
    rh_vslot v[RH_VEHICLES_MAX];
    /* Walls as lane masks: bit j of wall_rows[r] is a wall at (r, j), bit i of wall_cols[c]
     * one at (i, c); and as the two bitboards, [0..ow) row-major then [ow..2ow) column-major,
     * where every cell past the board's edge counts as a wall. */
    uint32_t wall_rows[RH_BOARD_MAX];
    uint32_t wall_cols[RH_BOARD_MAX];
    /* The vertical vehicles of each column. */
    uint8_t column_count[RH_BOARD_MAX];
    uint8_t column_vehicles[RH_BOARD_MAX][RH_BOARD_MAX / 2];
    uint64_t wall_board[2 * RH_OCC_WORDS_MAX];
    /* For vehicle i at offset p, a record of 8*ow words at masks[v[i].masks + p*8*ow]: its
     * cells, then its first cell, then its last one (single-cell slides start from them), each
     * as 2*ow words, then the bit indices of those two cells in one word, then unused ones.
     * Decoding a vehicle reads one record, whose size is a power of two so that finding it
     * costs a shift. One allocation, charged to the search's budget; see rh_layout_init. */
    uint64_t *masks;
    size_t masks_bytes;
} rh_layout;

/* Occupancy of one position: both bitboards, walls included, and every vehicle's offset. */
typedef struct {
    uint64_t board[2 * RH_OCC_WORDS_MAX];
    uint8_t pos[RH_VEHICLES_MAX];
} rh_occupancy;

/* Builds the layout of a checked puzzle; false when the budget refuses the mask table.
 * Release with rh_layout_free. */
bool rh_layout_init(rh_layout *L, const rh_puzzle *p, rh_budget *b);
void rh_layout_free(rh_layout *L, rh_budget *b);

/* Packs the positions of `p` into `key` (L->kw words). */
void rh_layout_encode(const rh_layout *L, const rh_puzzle *p, uint64_t *key);

/* `kw` must equal L->kw; passing the constant 1 saves reading the field's word index. */
static inline int rh_layout_pos_kw(const rh_layout *L, const uint64_t *key, int i, int kw)
{
    const rh_vslot *s = &L->v[i];
    return (int)((key[kw == 1 ? 0 : s->word] >> s->shift) & s->field);
}

static inline int rh_layout_pos(const rh_layout *L, const uint64_t *key, int i)
{
    return rh_layout_pos_kw(L, key, i, L->kw);
}

static inline bool rh_layout_is_goal(const rh_layout *L, const uint64_t *key)
{
    return rh_layout_pos(L, key, L->target) == L->v[L->target].maxpos;
}

/* True when vehicle i at offset `pos` covers line `line` of the other axis. */
static inline bool rh_layout_covers(const rh_layout *L, int i, int pos, int line)
{
    return pos <= line && line < pos + L->v[i].length;
}

/* Moves vehicle i by delta in a key: modular arithmetic on the word keeps the other fields. */
static inline void rh_key_move(const rh_layout *L, uint64_t *key, int i, int delta)
{
    key[L->v[i].word] += (uint64_t)(int64_t)delta << L->v[i].shift;
}

/* `small` must equal L->ow == 1; passing the constant lets the compiler drop the loops. */
#define RH_OW(L, small) ((small) ? 1 : (L)->ow)
#define RH_LANE(L, small) ((small) ? 8 : (L)->lane)

static inline const uint64_t *rh_vehicle_cells(const rh_layout *L, int i, int pos, bool small)
{
    return L->masks + L->v[i].masks + (size_t)pos * 8u * (size_t)RH_OW(L, small);
}

/* The first cell of vehicle i at offset `pos` (2*ow words), then its last one, then one word
 * with the bit indices of the two over both boards (bits 0-15 and 16-31). */
static inline const uint64_t *rh_vehicle_ends(const rh_layout *L, int i, int pos, bool small)
{
    return rh_vehicle_cells(L, i, pos, small) + 2u * (size_t)RH_OW(L, small);
}

/* Decodes `key` into `o`: every vehicle's offset and the occupied cells. `kw` as in
 * rh_layout_pos_kw. */
static inline __attribute__((always_inline)) void
rh_layout_occupancy(const rh_layout *L, const uint64_t *key, rh_occupancy *o, int kw, bool small)
{
    const int words = 2 * RH_OW(L, small);
    for (int w = 0; w < words; w++) o->board[w] = L->wall_board[w];
    for (int i = 0; i < L->vehicle_count; i++) {
        const int pos = rh_layout_pos_kw(L, key, i, kw);
        const uint64_t *m = rh_vehicle_cells(L, i, pos, small);
        o->pos[i] = (uint8_t)pos;
        for (int w = 0; w < words; w++) o->board[w] |= m[w];
    }
}

/* Moves vehicle i of `o` to offset `to` (its cells leave the old offset). */
static inline void rh_occupancy_move(const rh_layout *L, rh_occupancy *o, int i, int to)
{
    const uint64_t *from = rh_vehicle_cells(L, i, o->pos[i], false);
    const uint64_t *dest = rh_vehicle_cells(L, i, to, false);
    for (int w = 0; w < 2 * L->ow; w++) o->board[w] ^= from[w] ^ dest[w];
    o->pos[i] = (uint8_t)to;
}

/* Lane `line` of a bitboard (`column` picks the column-major one), with the cells past the
 * edge set, so that a run of free cells always ends at a set bit. */
static inline __attribute__((always_inline)) uint32_t
rh_occupancy_line(const rh_layout *L, const rh_occupancy *o, bool column, int line, bool small)
{
    const int lane = RH_LANE(L, small), bit = line * lane;
    const uint64_t *board = o->board + (column ? RH_OW(L, small) : 0);
    return ((uint32_t)(board[bit >> 6] >> (bit & 63)) & ((1u << lane) - 1)) | L->beyond;
}

/* The offsets vehicle i can reach in one move: [*lo, *hi], its own offset included. */
static inline __attribute__((always_inline)) void
rh_layout_range(const rh_layout *L, const rh_occupancy *o, int i, int *lo, int *hi, bool small)
{
    const rh_vslot *s = &L->v[i];
    const int pos = o->pos[i];
    const uint32_t line =
        ((uint32_t)(o->board[s->lane_word] >> s->lane_shift) & ((1u << RH_LANE(L, small)) - 1)) |
        L->beyond;
    *hi = pos + __builtin_ctz(line >> (pos + s->length));
    /* The highest occupied cell below pos, found with a sentinel one place under cell 0 so
     * that an empty run gives 0 without a branch. */
    const uint32_t below = ((line << 1) | 1u) & ((2u << pos) - 1);
    *lo = 31 - __builtin_clz(below);
}

#endif
