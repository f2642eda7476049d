/* Successor generation: the moves of a position, read off its bitboards.
 *
 * Every vehicle slides along one lane of one bitboard (a row of the row-major board if it is
 * horizontal, a column of the column-major board if vertical). Slides are found bit-parallel:
 * marking each vehicle's head (last cell) and tail (first cell), the cells some vehicle can
 * slide its head into by d are heads << d where all of (heads << 1) .. (heads << d) are free,
 * and likewise for tails shifted down. So the work follows the moves that exist rather than
 * the vehicles; an owner table maps heads and tails back to vehicles. */
#ifndef RH_MOVEGEN_H
#define RH_MOVEGEN_H

#include "layout.h"
#include "search_internal.h"

typedef struct {
    rh__occupancy o;
    uint64_t heads[2 * RH_OCC_WORDS_MAX], tails[2 * RH_OCC_WORDS_MAX];
    uint8_t owner[2 * RH_OCC_WORDS_MAX * 64]; /* valid at the heads and tails only */
} rh__movegen;

/* Decodes `key` into `g`, a group record at a time. `kw` and `small` as in
 * rh__layout_occupancy. The bitboards build up in locals: the offsets and owners are bytes,
 * whose stores may alias anything, so the compiler would otherwise keep them in memory. */
static inline __attribute__((always_inline)) void
rh__movegen_load(const rh__layout *L, const uint64_t *key, rh__movegen *g, int kw, bool small)
{
    const int words = 2 * RH_OW(L, small), groups = L->group_count;
    uint64_t board[2 * RH_OCC_WORDS_MAX], heads[2 * RH_OCC_WORDS_MAX] = {0},
                                                    tails[2 * RH_OCC_WORDS_MAX] = {0};
    for (int w = 0; w < words; w++) board[w] = L->wall_board[w];
    for (int k = 0; k < groups; k++) {
        const uint64_t *m = rh__group_record(L, k, rh__layout_group_value(L, key, k, kw), small);
        for (int w = 0; w < words; w++) {
            board[w] |= m[w];
            tails[w] |= m[words + w];
            heads[w] |= m[2 * words + w];
        }
        rh__group_store(L, k, m, g->o.pos, g->owner, small);
    }
    for (int w = 0; w < words; w++) {
        g->o.board[w] = board[w];
        g->heads[w] = heads[w];
        g->tails[w] = tails[w];
    }
}

/* Upper bound of the moves of one position. */
#define RH_MOVES_MAX (RH_VEHICLES_MAX * (RH_BOARD_MAX - 2))

/* Lists the successors of the loaded position into `out` as rh__via_encode(vehicle, delta):
 * single-cell slides when `unit`, else slides of any distance. Skips vehicle `skip_vehicle`'s
 * slides forward (right or down) when skip_delta is 1, backward when -1, and all of them when
 * 0. Returns the count. With `step`, each move's rh__key_move addend goes there too, so that a
 * search builds a child key with one addition instead of decoding the move. */
static inline __attribute__((always_inline)) int
rh__movegen_list(const rh__layout *L, const rh__movegen *g, bool unit, bool small, int skip_vehicle,
                 int skip_delta, uint16_t *out, uint64_t *step)
{
    const int words = 2 * RH_OW(L, small);
    uint64_t heads[2 * RH_OCC_WORDS_MAX], tails[2 * RH_OCC_WORDS_MAX];
    for (int w = 0; w < words; w++) {
        heads[w] = g->heads[w];
        tails[w] = g->tails[w];
    }
    if (skip_vehicle >= 0) {
        const int tail = L->v[skip_vehicle].lane_bit + g->o.pos[skip_vehicle];
        const int head = tail + L->v[skip_vehicle].length - 1;
        if (skip_delta >= 0) heads[head >> 6] &= ~(UINT64_C(1) << (head & 63));
        if (skip_delta <= 0) tails[tail >> 6] &= ~(UINT64_C(1) << (tail & 63));
    }
    const int reach = unit ? 1 : L->n - 2;
    int n = 0;
    for (int w = 0; w < words; w++) {
        const uint64_t free = ~g->o.board[w];
        uint64_t into = heads[w];
        for (int d = 1; d <= reach; d++) {
            into = (into << 1) & free & L->not_lane_first;
            if (!into) break;
            for (uint64_t m = into; m; m &= m - 1, n++) {
                const int i = g->owner[w * 64 + __builtin_ctzll(m) - d];
                out[n] = rh__via_encode(i, d);
                if (step) step[n] = (uint64_t)d * L->v[i].unit;
            }
        }
        into = tails[w];
        for (int d = 1; d <= reach; d++) {
            into = (into >> 1) & free & L->not_lane_last;
            if (!into) break;
            for (uint64_t m = into; m; m &= m - 1, n++) {
                const int i = g->owner[w * 64 + __builtin_ctzll(m) + d];
                out[n] = rh__via_encode(i, -d);
                if (step) step[n] = (uint64_t)0 - (uint64_t)d * L->v[i].unit;
            }
        }
    }
    return n;
}

/* The child of `cur` by a listed move and its addend (rh__movegen_list's `out` and `step`), into
 * `child`. `kw` as in rh__movegen_load. */
static inline __attribute__((always_inline)) void rh__movegen_child(const rh__layout *L,
                                                                    const uint64_t *cur,
                                                                    uint16_t move, uint64_t step,
                                                                    uint64_t *child, int kw)
{
    memcpy(child, cur, sizeof(uint64_t) * (size_t)kw);
    child[kw == 1 ? 0 : L->v[rh__via_vehicle(move)].word] += step;
}

/* For a search that stores every child: the moves of the loaded position, listed as
 * rh__movegen_list lists them and counted as generated, and room in `t` for all their children
 * at once, whose slots go to `sl`. Returns the count, or -1 when the budget refused the room. */
static inline __attribute__((always_inline)) int
rh__movegen_expand(rh__table *t, rh__budget *b, const rh__layout *L, const rh__movegen *g,
                   bool unit, bool small, int skip_vehicle, int skip_delta, uint16_t *moves,
                   uint64_t *steps, rh__slots *sl)
{
    const int n = rh__movegen_list(L, g, unit, small, skip_vehicle, skip_delta, moves, steps);
    b->generated += (uint64_t)n;
    if (!rh__table_reserve(t, (size_t)n)) return -1;
    *sl = rh__table_slots(t);
    return n;
}

#endif
