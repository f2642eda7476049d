/* Successor generation: the moves of a position, read off its bitboards.
 *
 * Every vehicle slides along one lane of one bitboard (a row of the row-major board if it is
 * horizontal, a column of the column-major board if vertical). Single-cell slides are found
 * bit-parallel: marking each vehicle's head (last cell) and tail (first cell), the cells some
 * vehicle can slide into are (heads << 1) & free and (tails >> 1) & free, so the work follows
 * the moves that exist rather than the vehicles; an owner table maps heads and tails back to
 * vehicles. Slides of any distance need each vehicle's free run anyway, so they are found per
 * vehicle with rh_layout_range. */
#ifndef RH_MOVEGEN_H
#define RH_MOVEGEN_H

#include "layout.h"
#include "search_internal.h"

typedef struct {
    rh_occupancy o;
    uint64_t heads[2 * RH_OCC_WORDS_MAX], tails[2 * RH_OCC_WORDS_MAX];
    uint8_t owner[2 * RH_OCC_WORDS_MAX * 64]; /* valid at the heads and tails only */
} rh_movegen;

/* Decodes `key` into `g`, with heads and tails only for single-cell slides (`unit`).
 * `kw` and `small` as in rh_layout_occupancy. */
static inline __attribute__((always_inline)) void rh_movegen_load(const rh_layout *L,
                                                                  const uint64_t *key,
                                                                  rh_movegen *g, bool unit, int kw,
                                                                  bool small)
{
    if (!unit) {
        rh_layout_occupancy(L, key, &g->o, kw, small);
        return;
    }
    const int words = 2 * RH_OW(L, small);
    for (int w = 0; w < words; w++) {
        g->o.board[w] = L->wall_board[w];
        g->heads[w] = g->tails[w] = 0;
    }
    for (int i = 0; i < L->vehicle_count; i++) {
        const int pos = rh_layout_pos_kw(L, key, i, kw);
        const uint64_t *m = rh_vehicle_cells(L, i, pos, small);
        const uint64_t *ends = rh_vehicle_ends(L, i, pos, small);
        g->o.pos[i] = (uint8_t)pos;
        for (int w = 0; w < words; w++) {
            g->o.board[w] |= m[w];
            g->tails[w] |= ends[w];
            g->heads[w] |= ends[words + w];
        }
        const uint64_t at = ends[2 * words];
        g->owner[at & 0xFFFF] = (uint8_t)i;
        g->owner[at >> 16] = (uint8_t)i;
    }
}

/* Upper bound of the moves of one position. */
#define RH_MOVES_MAX (RH_VEHICLES_MAX * (RH_BOARD_MAX - 2))

/* Lists the successors of the loaded position into `out` as rh_via_encode(vehicle, delta):
 * single-cell slides when `unit`, else slides of any distance. Skips vehicle `skip_vehicle`
 * entirely when skip_delta is 0, or only its slide by skip_delta. Returns the count.
 * With `step`, each move's rh_key_move addend goes there too, so that a search builds a child
 * key with one addition instead of decoding the move. */
static inline __attribute__((always_inline)) int
rh_movegen_list(const rh_layout *L, const rh_movegen *g, bool unit, bool small, int skip_vehicle,
                int skip_delta, uint16_t *out, uint64_t *step)
{
    int n = 0;
    if (!unit) {
        for (int i = 0; i < L->vehicle_count; i++) {
            if (i == skip_vehicle && skip_delta == 0) continue;
            int lo, hi;
            rh_layout_range(L, &g->o, i, &lo, &hi, small);
            /* rh_via_encode(i, d) is rh_via_encode(i, 0) + d. */
            const int p = g->o.pos[i], base = rh_via_encode(i, 0), shift = L->v[i].shift;
            for (int d = lo - p; d < 0; d++, n++) {
                out[n] = (uint16_t)(base + d);
                if (step) step[n] = (uint64_t)(int64_t)d << shift;
            }
            for (int d = 1; d <= hi - p; d++, n++) {
                out[n] = (uint16_t)(base + d);
                if (step) step[n] = (uint64_t)(int64_t)d << shift;
            }
        }
        return n;
    }
    /* The skipped slide, if any, is taken out of the cells slid into before the loops: the
     * cell the vehicle's head (keep[0]) or tail (keep[1]) would enter. */
    const int words = 2 * RH_OW(L, small);
    uint64_t keep[2][2 * RH_OCC_WORDS_MAX];
    for (int w = 0; w < words; w++) keep[0][w] = keep[1][w] = ~UINT64_C(0);
    if (skip_vehicle >= 0 && skip_delta) {
        const int tail = L->v[skip_vehicle].lane_bit + g->o.pos[skip_vehicle];
        const int cell = skip_delta == 1 ? tail + L->v[skip_vehicle].length : tail - 1;
        keep[skip_delta != 1][cell >> 6] = ~(UINT64_C(1) << (cell & 63));
    }
    for (int w = 0; w < words; w++) {
        const uint64_t free = ~g->o.board[w];
        for (uint64_t into = (g->heads[w] << 1) & free & L->not_lane_first & keep[0][w]; into;
             into &= into - 1, n++) {
            const int i = g->owner[w * 64 + __builtin_ctzll(into) - 1];
            out[n] = rh_via_encode(i, 1);
            if (step) step[n] = UINT64_C(1) << L->v[i].shift;
        }
        for (uint64_t into = (g->tails[w] >> 1) & free & L->not_lane_last & keep[1][w]; into;
             into &= into - 1, n++) {
            const int i = g->owner[w * 64 + __builtin_ctzll(into) + 1];
            out[n] = rh_via_encode(i, -1);
            if (step) step[n] = (uint64_t)0 - (UINT64_C(1) << L->v[i].shift);
        }
    }
    return n;
}

#endif
