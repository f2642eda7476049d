/* How a position is packed into machine words, and how moves are read off a packed position.
 *
 * A state is the offset of every vehicle along its own line. On boards up to 8x8 the vehicles
 * are packed in groups of up to three, each group one bit field holding its offsets in mixed
 * radix (three cars of a 6x6 board take 7 bits, 125 values, where a field each would take 9);
 * on larger boards each vehicle is a group of its own. The target is always alone, so a goal
 * test is one comparison. Moving a vehicle is still one addition (its `unit` times the
 * distance), as a mixed-radix digit that stays in range never carries. Fields never straddle
 * words and bit 63 of every word stays clear, so the table can mark occupied slots with it.
 *
 * Occupancy is two bitboards, one row-major and one column-major, so that the line a vehicle
 * slides along is one lane of one of them. Boards up to 8x8 use 8-bit lanes in one word, larger
 * ones 16-bit lanes in four. Each group's cells at each value of its field are precomputed, so
 * decoding a state costs one table record per group. */
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
    uint8_t word, shift; /* where its group's field lives */
    uint8_t field;       /* the group's field mask, before shifting */
    uint8_t mul;         /* its digit's weight in the group's value */
    uint8_t horizontal;
    uint8_t length;
    uint8_t line;      /* its row if horizontal, its column if vertical */
    uint8_t maxpos;    /* the largest offset: board_size - length */
    uint8_t lane_word; /* lane_bit split into its board word and the shift within it */
    uint8_t lane_shift;
    uint16_t lane_bit; /* bit index, over both boards, of its lane's first cell */
    uint32_t masks;    /* index in rh__layout.masks of its record at offset 0 */
    uint64_t unit;     /* what moving it by one cell adds to its key word: mul << shift */
} rh__vslot;

/* Vehicles first .. first + count - 1, packed in one field. */
typedef struct {
    uint8_t word, shift;
    uint8_t first, count;
    uint32_t field;   /* mask, before shifting */
    uint32_t records; /* index in rh__layout.masks of its record for value 0 */
} rh__vgroup;

#define RH_GROUP_MAX 3        /* vehicles in a group */
#define RH_GROUP_VALUES 128   /* values of a group's field at most */
#define RH_OWNER_UNUSED 0xFFu /* a cell index no small board has, for empty group places */

typedef struct {
    int n;       /* board size */
    int kw;      /* words per key */
    bool narrow; /* one word, every key below 2^31: tables store keys in 32 bits */
    int ow;      /* words per bitboard: 1 or 4 */
    int lane;    /* bits per lane: 8 or 16 */
    int vehicle_count;
    int group_count;
    int target;
    int exit_row;
    uint32_t beyond;                        /* the bits of a lane past the board's edge, all set */
    uint64_t not_lane_first, not_lane_last; /* every bit but each lane's first / last */
    rh__vslot v[RH_VEHICLES_MAX];
    rh__vgroup groups[RH_VEHICLES_MAX];
    /* Walls as lane masks: bit j of wall_rows[r] is a wall at (r, j), bit i of wall_cols[c]
     * one at (i, c); and as the two bitboards, [0..ow) row-major then [ow..2ow) column-major,
     * where every cell past the board's edge counts as a wall. */
    uint32_t wall_rows[RH_BOARD_MAX];
    uint32_t wall_cols[RH_BOARD_MAX];
    /* The vertical vehicles of each column, and the horizontal ones of each row. */
    uint8_t column_count[RH_BOARD_MAX];
    uint8_t column_vehicles[RH_BOARD_MAX][RH_BOARD_MAX / 2];
    uint8_t row_count[RH_BOARD_MAX];
    uint8_t row_vehicles[RH_BOARD_MAX][RH_BOARD_MAX / 2];
    uint64_t wall_board[2 * RH_OCC_WORDS_MAX];
    /* Records whose sizes are powers of two, so that finding one costs a shift, in one
     * allocation charged to the search's budget (see rh__layout_init):
     * - for vehicle i at offset p, at v[i].masks + p*2*ow: its cells as 2*ow words;
     * - for a group's field value x, 8*ow words at records + x*8*ow: its vehicles' cells, then
     * their first cells (single-cell slides start from them), then their last ones, each as 2*ow
     *   words; then the bit indices of those two cells over both boards, a byte each per vehicle
     *   on small boards (RH_OWNER_UNUSED past the group's count), 16 bits each on large ones;
     *   then the vehicles' offsets, a byte each. */
    uint64_t *masks;
    size_t masks_bytes;
} rh__layout;

/* Occupancy of one position: both bitboards, walls included, and every vehicle's offset (with
 * room for a group's offsets to be stored as one word). */
typedef struct {
    uint64_t board[2 * RH_OCC_WORDS_MAX];
    uint8_t pos[RH_VEHICLES_MAX + sizeof(uint32_t)];
} rh__occupancy;

/* Builds the layout of a checked puzzle; false when the budget refuses the mask table.
 * Release with rh__layout_free. */
bool rh__layout_init(rh__layout *L, const rh_puzzle *p, rh__budget *b);
void rh__layout_free(rh__layout *L, rh__budget *b);

/* Packs the positions of `p` into `key` (L->kw words). */
void rh__layout_encode(const rh__layout *L, const rh_puzzle *p, uint64_t *key);

/* The value of group field g in `key`. `kw` must equal L->kw; passing the constant 1 saves
 * reading the field's word index. */
static inline uint64_t rh__layout_group_value(const rh__layout *L, const uint64_t *key, int g,
                                              int kw)
{
    const rh__vgroup *gr = &L->groups[g];
    return (key[kw == 1 ? 0 : gr->word] >> gr->shift) & gr->field;
}

/* Vehicle i's offset in `key`. A division: the searches decode whole groups instead. */
static inline int rh__layout_pos(const rh__layout *L, const uint64_t *key, int i)
{
    const rh__vslot *s = &L->v[i];
    return (int)(((key[s->word] >> s->shift) & s->field) / s->mul % (s->maxpos + 1u));
}

/* The target's group holds it alone, with weight 1. */
static inline bool rh__layout_is_goal(const rh__layout *L, const uint64_t *key)
{
    const rh__vslot *t = &L->v[L->target];
    return ((key[t->word] >> t->shift) & t->field) == t->maxpos;
}

/* True when vehicle i at offset `pos` covers line `line` of the other axis. */
static inline bool rh__layout_covers(const rh__layout *L, int i, int pos, int line)
{
    return pos <= line && line < pos + L->v[i].length;
}

/* Moves vehicle i by delta in a key: modular arithmetic on the word keeps the other fields. */
static inline void rh__key_move(const rh__layout *L, uint64_t *key, int i, int delta)
{
    key[L->v[i].word] += (uint64_t)(int64_t)delta * L->v[i].unit;
}

/* `small` must equal L->ow == 1; passing the constant lets the compiler drop the loops. */
#define RH_OW(L, small) ((small) ? 1 : (L)->ow)
#define RH_LANE(L, small) ((small) ? 8 : (L)->lane)

/* Vehicle i's cells at offset `pos`, as 2*ow words. */
static inline const uint64_t *rh__vehicle_cells(const rh__layout *L, int i, int pos, bool small)
{
    return L->masks + L->v[i].masks + (size_t)pos * 2u * (size_t)RH_OW(L, small);
}

/* Group g's record for field value x. */
static inline const uint64_t *rh__group_record(const rh__layout *L, int g, uint64_t x, bool small)
{
    return L->masks + L->groups[g].records + (size_t)x * 8u * (size_t)RH_OW(L, small);
}

/* Stores the offsets and owners of group g from its record `m` into `pos` and `owner` (owner of
 * the first and last cells, indexed by bit over both boards; NULL for none). */
static inline __attribute__((always_inline)) void rh__group_store(const rh__layout *L, int g,
                                                                  const uint64_t *m, uint8_t *pos,
                                                                  uint8_t *owner, bool small)
{
    const int i = L->groups[g].first, ow = RH_OW(L, small);
    const uint64_t at = m[6 * ow], offsets = m[6 * ow + 1];
    if (small || L->ow == 1) {
        const uint32_t four = (uint32_t)offsets;
        memcpy(pos + i, &four, sizeof four);
        if (!owner) return;
        for (int k = 0; k < RH_GROUP_MAX; k++) {
            owner[(at >> 16 * k) & 0xFF] = (uint8_t)(i + k);
            owner[(at >> (16 * k + 8)) & 0xFF] = (uint8_t)(i + k);
        }
    } else {
        pos[i] = (uint8_t)offsets;
        if (!owner) return;
        owner[at & 0xFFFF] = (uint8_t)i;
        owner[(at >> 16) & 0xFFFF] = (uint8_t)i;
    }
}

/* Decodes `key` into `o`: every vehicle's offset and the occupied cells. `kw` as in
 * rh__layout_group_value; `small` must equal L->ow == 1, or be false. */
static inline __attribute__((always_inline)) void
rh__layout_occupancy(const rh__layout *L, const uint64_t *key, rh__occupancy *o, int kw, bool small)
{
    const int words = 2 * RH_OW(L, small);
    uint64_t board[2 * RH_OCC_WORDS_MAX];
    for (int w = 0; w < words; w++) board[w] = L->wall_board[w];
    for (int g = 0; g < L->group_count; g++) {
        const uint64_t *m = rh__group_record(L, g, rh__layout_group_value(L, key, g, kw), small);
        for (int w = 0; w < words; w++) board[w] |= m[w];
        rh__group_store(L, g, m, o->pos, NULL, small);
    }
    for (int w = 0; w < words; w++) o->board[w] = board[w];
}

/* Moves vehicle i of `o` to offset `to` (its cells leave the old offset). */
static inline void rh__occupancy_move(const rh__layout *L, rh__occupancy *o, int i, int to)
{
    const uint64_t *from = rh__vehicle_cells(L, i, o->pos[i], false);
    const uint64_t *dest = rh__vehicle_cells(L, i, to, false);
    for (int w = 0; w < 2 * L->ow; w++) o->board[w] ^= from[w] ^ dest[w];
    o->pos[i] = (uint8_t)to;
}

/* Lane `line` of a bitboard (`column` picks the column-major one), with the cells past the
 * edge set, so that a run of free cells always ends at a set bit. */
static inline __attribute__((always_inline)) uint32_t
rh__occupancy_line(const rh__layout *L, const rh__occupancy *o, bool column, int line, bool small)
{
    const int lane = RH_LANE(L, small), bit = line * lane;
    const uint64_t *board = o->board + (column ? RH_OW(L, small) : 0);
    return ((uint32_t)(board[bit >> 6] >> (bit & 63)) & ((1u << lane) - 1)) | L->beyond;
}

/* The offsets vehicle i can reach in one move: [*lo, *hi], its own offset included. */
static inline __attribute__((always_inline)) void
rh__layout_range(const rh__layout *L, const rh__occupancy *o, int i, int *lo, int *hi, bool small)
{
    const rh__vslot *s = &L->v[i];
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
